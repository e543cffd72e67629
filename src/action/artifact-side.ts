// A run's artifact as sources to read: its files named "artifact:<entry>" (or "artifact@<attempt>:<entry>"
// when attempts are pooled), gunzipped where they are gzip, and matched against the input's patterns
// by their name inside the artifact.

import { ConfigError } from '../config/config';
import { InputError } from '../ingest/errors';
import { bytesSource, type TextSource } from '../ingest/source';
import { gunzipIfGzip } from '../io/gzip-source';
import { matchesPattern } from '../io/glob';
import type { GitHubClient } from '../github/client';
import { onGitHub, type GitHubContext, type RepoRef } from '../github/context';
import { attemptArtifacts, downloadArtifact, DEFAULT_ARTIFACT_LIMITS, type ArtifactFile } from '../github/artifact';
import { needing } from '../github/permissions';
import type { GitHubSettings } from '../github/settings';
import { info } from './log';

const PREFIX = /^artifact(?:@\d+)?:/;

/** The file's name inside the artifact. */
export const entryName = (source: TextSource): string => source.name.replace(PREFIX, '');

export function toSources(files: readonly ArtifactFile[], attempt?: number): TextSource[] {
  const prefix = attempt === undefined ? 'artifact:' : `artifact@${attempt}:`;
  return files.map((f) => bytesSource(`${prefix}${f.name}`, gunzipIfGzip(f.data, `${prefix}${f.name}`)));
}

/** The artifact's files that match any of the patterns. */
export function inArtifact(artifact: readonly TextSource[], patterns: readonly string[]): TextSource[] {
  return artifact.filter((s) => patterns.some((p) => matchesPattern(p, entryName(s))));
}

/** The run's artifact of that exact name (the newest, when a re-run uploaded it again). */
export async function runArtifact(
  client: GitHubClient,
  repo: RepoRef,
  runId: number,
  name: string,
  maxBytes: number,
): Promise<TextSource[]> {
  return toSources(
    await downloadArtifact(client, repo, runId, name, { ...DEFAULT_ARTIFACT_LIMITS, maxArchiveBytes: maxBytes }),
  );
}

/** Every attempt's artifact of the run (name, or name-<attempt>), each attempt's files tagged with it. */
export async function pooledArtifacts(
  client: GitHubClient,
  repo: RepoRef,
  runId: number,
  name: string,
  maxBytes: number,
): Promise<{ sources: TextSource[]; attempts: number[]; expired: string[] }> {
  const found = await attemptArtifacts(client, repo, runId, name, {
    ...DEFAULT_ARTIFACT_LIMITS,
    maxArchiveBytes: maxBytes,
  });
  return {
    sources: found.attempts.flatMap((a) => toSources(a.files, a.attempt)),
    attempts: found.attempts.map((a) => a.attempt),
    expired: found.expired,
  };
}

/** The artifact's files as sources, named "artifact:<entry>"; with confirming re-runs, every attempt's. */
export async function artifactSources(
  client: GitHubClient | undefined,
  context: GitHubContext,
  settings: GitHubSettings,
  runId: number,
  pooled: boolean,
): Promise<TextSource[]> {
  if (!client || !onGitHub(context))
    throw new ConfigError('github-token', 'required in workflow_run mode, to download the results artifact');
  if (pooled) {
    const found = await needing(`the artifacts "${settings.artifactName}" of run ${runId} were not read`, () =>
      pooledArtifacts(client, context.repository, runId, settings.artifactName, settings.artifactMaxBytes),
    );
    info(
      `artifacts "${settings.artifactName}" of run ${runId}: ${found.attempts.length} attempt(s) pooled, ${found.sources.length} file(s)${found.expired.length ? `; expired: ${found.expired.join(', ')}` : ''}`,
    );
    return found.sources;
  }
  const files = await needing(`the artifact "${settings.artifactName}" of run ${runId} was not read`, () =>
    runArtifact(client, context.repository, runId, settings.artifactName, settings.artifactMaxBytes),
  );
  info(`artifact "${settings.artifactName}" of run ${runId}: ${files.length} file(s)`);
  return files;
}

/**
 * The artifact's files that match the patterns. A head-side input (results, profile, quality) must
 * match in the artifact: the workspace holds the default branch's checkout, and reading this run's
 * files from there would compare the baseline with itself.
 */
export function fromArtifact(
  artifact: TextSource[],
  patterns: readonly string[],
  headInput: string | undefined,
): TextSource[] {
  const matched = inArtifact(artifact, patterns);
  if (matched.length === 0 && headInput && patterns.length) {
    throw new InputError(
      'artifact',
      `no file matches ${patterns.join(', ')} (${headInput}; it holds ${artifact.map(entryName).slice(0, 10).join(', ') || 'nothing'})`,
    );
  }
  return matched;
}
