// Record mode (a push to the default branch, or record: always): append the result to the journal,
// re-render the markdown journal, and move each benchmark's baseline to the new result — one atomic
// commit. A regression merged without /perf accept is journaled as such: never dropped, never the new
// normal without a trace.

import { recordedEntries, recordInput } from '../journal/record';
import { recordChanges } from '../journal/store';
import type { JournalPaths } from '../journal/paths';
import type { JournalEntry } from '../journal/schema';
import type { Acceptance } from '../report/model';
import type { Side } from '../model/run';
import type { Report } from '../report/model';
import type { GitHubClient } from './client';
import type { RepoRef } from './context';
import { commitFiles } from './git-commit';

export interface RecordRequest {
  client: GitHubClient;
  repo: RepoRef;
  branch: string;
  paths: JournalPaths;
  report: Report;
  /** Head runs per benchmark, in the report's order. */
  heads: Side[];
  /** The workflow run id, without the attempt: a re-run of the run appends nothing twice. */
  runId: string;
  recordedAt: string;
  commit: string;
  runUrl: string;
  pullRequest?: { number: number; title?: string; url?: string };
  acceptance?: Acceptance;
  /** Benchmarks compared with no baseline yet (the first recording). */
  firstBaseline: ReadonlySet<string>;
  /** Retries on a moved branch (defaults: commitFiles'). */
  retry?: { maxAttempts?: number; backoff?: { baseMs?: number; maxMs?: number } };
}

export interface RecordResult {
  entries: JournalEntry[];
  commit?: string;
  skipped?: string;
}

export async function recordResults(request: RecordRequest): Promise<RecordResult> {
  const entries = recordedEntries(request.report, request.heads, {
    idPrefix: request.runId,
    kind: 'recorded',
    recordedAt: request.recordedAt,
    commit: request.commit,
    runUrl: request.runUrl,
    ...(request.pullRequest ? { pullRequest: request.pullRequest } : {}),
    ...(request.acceptance ? { acceptance: request.acceptance } : {}),
    firstBaseline: request.firstBaseline,
  });
  const result = await commitFiles(request.client, {
    ...request.repo,
    branch: request.branch,
    createBranchIfMissing: true,
    message: `perf-triage: record ${entries.map((e) => `${e.benchmark} (${e.verdict})`).join(', ')}\n\nPerf-Triage-Run: ${request.runId}`,
    idempotencyKey: `Perf-Triage-Run: ${request.runId}`,
    ...(request.retry?.maxAttempts ? { maxAttempts: request.retry.maxAttempts } : {}),
    ...(request.retry?.backoff ? { backoff: request.retry.backoff } : {}),
    // The journal's layout (segments, index, JOURNAL.md, baselines) is src/journal/store.ts's, shared with the CLI.
    apply: async (read) => {
      const changes = await recordChanges(
        read,
        request.paths,
        recordInput(request.report, request.heads, entries, request.recordedAt, request.commit),
      );
      return changes.added.length === 0 ? 'no-change' : changes.files;
    },
  });
  if ('skipped' in result) return { entries, skipped: 'already in the journal' };
  if (!result.created) return { entries, commit: result.sha, skipped: 'already recorded by this run' };
  return { entries, commit: result.sha };
}
