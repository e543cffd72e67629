// The fork-safe path: the results come from the triggering run's artifact, downloaded by exact name
// and read in memory with caps (the archive was made by a pull request's code: untrusted).

import { InputError } from '../ingest/errors';
import type { GitHubClient } from './client';
import type { RepoRef } from './context';
import { readZip, type ZipLimits } from './zip';

export interface ArtifactLimits extends ZipLimits {
  /** Largest artifact (zip) to download at all. */
  maxArchiveBytes: number;
}

export const DEFAULT_ARTIFACT_LIMITS: ArtifactLimits = {
  maxArchiveBytes: 256 * 1024 * 1024,
  maxEntries: 1000,
  maxEntryBytes: 512 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
  maxRatio: 200,
};

export interface ArtifactFile {
  name: string;
  data: Uint8Array;
}

export async function downloadArtifact(
  client: GitHubClient,
  repo: RepoRef,
  runId: number,
  name: string,
  limits: ArtifactLimits,
): Promise<ArtifactFile[]> {
  const where = `artifact "${name}" of run ${runId}`;
  const artifacts = await client.paginate(client.rest.actions.listWorkflowRunArtifacts, {
    ...repo,
    run_id: runId,
    name,
    per_page: 100,
  });
  const exact = artifacts.filter((a) => a.name === name);
  if (exact.length === 0)
    throw new InputError(
      where,
      `not found: the run uploaded ${artifacts.length ? `only ${artifacts.map((a) => `"${a.name}"`).join(', ')}` : 'no artifact of that name'}`,
    );
  // Re-runs can upload the name again; the newest is the run's result.
  return fetchArtifact(client, repo, exact.sort((a, b) => b.id - a.id)[0], where, limits);
}

interface ArtifactRef {
  id: number;
  name: string;
  expired: boolean;
  expires_at?: string | null;
  size_in_bytes: number;
}

/**
 * Every attempt's artifact of a run, for pooling repeated attempts: the one named `name` and those
 * named `name-<attempt>` (a workflow uploads perf-triage-results-${{ github.run_attempt }}), oldest
 * attempt first. Expired ones are left out and named.
 */
export async function attemptArtifacts(
  client: GitHubClient,
  repo: RepoRef,
  runId: number,
  name: string,
  limits: ArtifactLimits,
): Promise<{ attempts: { attempt: number; files: ArtifactFile[] }[]; expired: string[] }> {
  const artifacts = await client.paginate(client.rest.actions.listWorkflowRunArtifacts, {
    ...repo,
    run_id: runId,
    per_page: 100,
  });
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:-(\\d{1,4}))?$`);
  const byAttempt = new Map<number, ArtifactRef>();
  for (const a of artifacts) {
    const match = pattern.exec(a.name);
    if (!match) continue;
    const attempt = match[1] ? Number(match[1]) : 0;
    const seen = byAttempt.get(attempt);
    if (!seen || a.id > seen.id) byAttempt.set(attempt, a);
  }
  if (byAttempt.size === 0)
    throw new InputError(
      `artifact "${name}" of run ${runId}`,
      `not found: the run uploaded ${artifacts.length ? `only ${artifacts.map((a) => `"${a.name}"`).join(', ')}` : 'no artifact'}`,
    );
  const attempts: { attempt: number; files: ArtifactFile[] }[] = [];
  const expired: string[] = [];
  for (const [attempt, artifact] of [...byAttempt].sort((a, b) => a[0] - b[0])) {
    if (artifact.expired) {
      expired.push(artifact.name);
      continue;
    }
    attempts.push({
      attempt,
      files: await fetchArtifact(client, repo, artifact, `artifact "${artifact.name}" of run ${runId}`, limits),
    });
  }
  return { attempts, expired };
}

async function fetchArtifact(
  client: GitHubClient,
  repo: RepoRef,
  artifact: ArtifactRef,
  where: string,
  limits: ArtifactLimits,
): Promise<ArtifactFile[]> {
  if (artifact.expired)
    throw new InputError(
      where,
      `expired${artifact.expires_at ? ` on ${artifact.expires_at}` : ''}; re-run the benchmark workflow`,
    );
  if (artifact.size_in_bytes > limits.maxArchiveBytes) {
    throw new InputError(
      where,
      `is ${artifact.size_in_bytes} bytes, over the ${limits.maxArchiveBytes}-byte limit (artifact-max-bytes)`,
    );
  }
  const response = await client.rest.actions.downloadArtifact({
    ...repo,
    artifact_id: artifact.id,
    archive_format: 'zip',
  });
  const bytes = new Uint8Array(response.data as ArrayBuffer);
  if (bytes.length > limits.maxArchiveBytes)
    throw new InputError(where, `download is ${bytes.length} bytes, over the ${limits.maxArchiveBytes}-byte limit`);
  try {
    return readZip(bytes, limits);
  } catch (error) {
    throw new InputError(where, `refused: ${(error as Error).message}`);
  }
}
