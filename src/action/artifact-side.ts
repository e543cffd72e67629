// A run's artifact as sources to read: its files named "artifact:<entry>" (or "artifact@<attempt>:<entry>"
// when attempts are pooled), gunzipped where they are gzip, and matched against the input's patterns
// by their name inside the artifact.

import { bytesSource, type TextSource } from '../ingest/source';
import { gunzipIfGzip } from '../io/gzip-source';
import { matchesPattern } from '../io/glob';
import type { GitHubClient } from '../github/client';
import type { RepoRef } from '../github/context';
import { attemptArtifacts, downloadArtifact, DEFAULT_ARTIFACT_LIMITS, type ArtifactFile } from '../github/artifact';

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
export async function runArtifact(client: GitHubClient, repo: RepoRef, runId: number, name: string, maxBytes: number): Promise<TextSource[]> {
  return toSources(await downloadArtifact(client, repo, runId, name, { ...DEFAULT_ARTIFACT_LIMITS, maxArchiveBytes: maxBytes }));
}

/** Every attempt's artifact of the run (name, or name-<attempt>), each attempt's files tagged with it. */
export async function pooledArtifacts(client: GitHubClient, repo: RepoRef, runId: number, name: string, maxBytes: number): Promise<{ sources: TextSource[]; attempts: number[]; expired: string[] }> {
  const found = await attemptArtifacts(client, repo, runId, name, { ...DEFAULT_ARTIFACT_LIMITS, maxArchiveBytes: maxBytes });
  return { sources: found.attempts.flatMap((a) => toSources(a.files, a.attempt)), attempts: found.attempts.map((a) => a.attempt), expired: found.expired };
}
