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

export async function downloadArtifact(client: GitHubClient, repo: RepoRef, runId: number, name: string, limits: ArtifactLimits): Promise<ArtifactFile[]> {
  const where = `artifact "${name}" of run ${runId}`;
  const artifacts = await client.paginate(client.rest.actions.listWorkflowRunArtifacts, { ...repo, run_id: runId, name, per_page: 100 });
  const exact = artifacts.filter((a) => a.name === name);
  if (exact.length === 0) throw new InputError(where, `not found: the run uploaded ${artifacts.length ? `only ${artifacts.map((a) => `"${a.name}"`).join(', ')}` : 'no artifact of that name'}`);
  // Re-runs can upload the name again; the newest is the run's result.
  const artifact = exact.sort((a, b) => b.id - a.id)[0];
  if (artifact.expired) throw new InputError(where, `expired${artifact.expires_at ? ` on ${artifact.expires_at}` : ''}; re-run the benchmark workflow`);
  if (artifact.size_in_bytes > limits.maxArchiveBytes) {
    throw new InputError(where, `is ${artifact.size_in_bytes} bytes, over the ${limits.maxArchiveBytes}-byte limit (artifact-max-bytes)`);
  }
  const response = await client.rest.actions.downloadArtifact({ ...repo, artifact_id: artifact.id, archive_format: 'zip' });
  const bytes = new Uint8Array(response.data as ArrayBuffer);
  if (bytes.length > limits.maxArchiveBytes) throw new InputError(where, `download is ${bytes.length} bytes, over the ${limits.maxArchiveBytes}-byte limit`);
  try {
    return readZip(bytes, limits);
  } catch (error) {
    throw new InputError(where, `refused: ${(error as Error).message}`);
  }
}
