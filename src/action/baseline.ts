// Baselines that are not files in the workspace:
// - `baseline: journal`: each benchmark's baseline is the digest the journal keeps, read through the
//   API from the journal's branch (never from a pull request's workspace, which the PR could edit);
// - `baseline: artifact`: the results artifact of the latest successful run on the base branch.

import { InputError } from '../ingest/errors';
import { sideFromDigest } from '../ingest/digest/digest';
import { parseDigest } from '../ingest/digest/digest-parse';
import type { JournalPaths } from '../journal/paths';
import { findBaseline } from '../journal/store';
import type { Side } from '../model/run';
import type { GitHubClient } from '../github/client';
import type { RepoRef } from '../github/context';
import { readRepoFile } from '../github/repo-files';
import type { ArtifactLimits } from '../github/artifact';
import { latestBaselineArtifact } from '../github/baseline-artifact';
import { matchesPattern } from '../io/glob';
import { bytesSource, type TextSource } from '../ingest/source';

export function usesJournalBaseline(patterns: readonly string[]): boolean {
  return patterns.length === 1 && patterns[0].trim().toLowerCase() === 'journal';
}

export interface JournalBaseline {
  side: Side;
  /** Benchmarks of the head that have no baseline yet. */
  missing: string[];
}

export async function journalBaseline(
  client: GitHubClient | undefined,
  repo: RepoRef | undefined,
  ref: string,
  paths: JournalPaths,
  head: Side,
): Promise<JournalBaseline> {
  if (!client || !repo)
    throw new InputError('baseline', '"journal" needs a github-token and a repository to read the journal from');
  const names = [...new Set(head.runs.map((r) => r.meta.benchmark ?? 'benchmark'))];
  const side: Side = { label: 'base', runs: [] };
  const missing: string[] = [];
  for (const name of names) {
    // Its own file, or where an older perf-triage or a name collision put it (findBaseline checks the name inside).
    const found = await findBaseline((p) => readRepoFile(client, repo, ref, p), paths, name);
    if (found === undefined) {
      missing.push(name);
      continue;
    }
    const { path, text } = found;
    const digest = parseDigest(text, `${ref}:${path}`);
    for (const run of sideFromDigest(digest, `${ref}:${path}`).runs) {
      // Pair with the head by the name the head uses, even if the digest was recorded under an older one.
      side.runs.push({ ...run, meta: { ...run.meta, benchmark: name } });
    }
  }
  return { side, missing };
}

export function usesArtifactBaseline(patterns: readonly string[]): boolean {
  return patterns.length === 1 && patterns[0].trim().toLowerCase() === 'artifact';
}

/**
 * `baseline: artifact`: the files of the latest successful base-branch run's artifact that match the
 * results patterns (the benchmark writes the same paths on every branch).
 */
export async function artifactBaseline(
  client: GitHubClient | undefined,
  repo: RepoRef | undefined,
  request: {
    workflowRunId: number;
    branch: string;
    artifactName: string;
    limits: ArtifactLimits;
    resultPatterns: readonly string[];
  },
): Promise<{ sources: TextSource[]; description: string }> {
  if (!client || !repo || !request.workflowRunId)
    throw new InputError(
      'baseline',
      '"artifact" needs a github-token and a workflow run to find the base branch runs from',
    );
  const found = await latestBaselineArtifact(client, repo, request);
  const files = found.files.filter((f) => request.resultPatterns.some((p) => matchesPattern(p, f.name)));
  if (files.length === 0) {
    throw new InputError(
      `artifact "${request.artifactName}" of run ${found.runId}`,
      `no file matches ${request.resultPatterns.join(', ')} (it holds ${
        found.files
          .map((f) => f.name)
          .slice(0, 10)
          .join(', ') || 'nothing'
      })`,
    );
  }
  const passed = found.passedOver.length ? `; newer runs passed over: ${found.passedOver.join('; ')}` : '';
  return {
    sources: files.map((f) => bytesSource(`baseline-artifact:${f.name}`, f.data)),
    description: `baseline from run ${found.runId} on ${request.branch} (${found.headSha.slice(0, 7)}), ${files.length} file(s)${passed}`,
  };
}
