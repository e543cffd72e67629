// Record mode (a push to the default branch, or record: always): append the result to the journal,
// re-render the markdown journal, and move each benchmark's baseline to the new result — one atomic
// commit. A regression merged without /perf accept is journaled as such: never dropped, never the new
// normal without a trace.

import { digestSide } from '../journal/digest';
import { asFirstBaseline, entryFromReport } from '../journal/entry';
import { phaseMeans } from '../journal/phases';
import { appendEntries, parseJournal } from '../journal/jsonl';
import { renderJournal } from '../journal/markdown';
import type { JournalPaths } from '../journal/paths';
import type { Acceptance, JournalEntry } from '../journal/schema';
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
  const entries = request.report.benchmarks.map((b, i) => {
    const entry = entryFromReport(b, {
      phases: phaseMeans(request.heads[i]),
      id: `${request.runId}:${b.name}`,
      kind: 'recorded',
      recordedAt: request.recordedAt,
      commit: request.commit,
      runUrl: request.runUrl,
      ...(request.pullRequest ? { pullRequest: request.pullRequest } : {}),
      ...(request.acceptance ? { acceptance: request.acceptance } : {}),
    });
    return request.firstBaseline.has(b.name) ? asFirstBaseline(entry) : entry;
  });
  const result = await commitFiles(request.client, {
    ...request.repo,
    branch: request.branch,
    createBranchIfMissing: true,
    message: `perf-triage: record ${entries.map((e) => `${e.benchmark} (${e.verdict})`).join(', ')}\n\nPerf-Triage-Run: ${request.runId}`,
    idempotencyKey: `Perf-Triage-Run: ${request.runId}`,
    ...(request.retry?.maxAttempts ? { maxAttempts: request.retry.maxAttempts } : {}),
    ...(request.retry?.backoff ? { backoff: request.retry.backoff } : {}),
    apply: async (read) => {
      const current = (await read(request.paths.jsonl)) ?? '';
      const { text, added } = appendEntries(current, request.paths.jsonl, entries);
      if (added.length === 0) return 'no-change';
      const all = parseJournal(text, request.paths.jsonl).entries;
      const files = [
        { path: request.paths.jsonl, content: text },
        { path: request.paths.markdown, content: renderJournal(all) },
      ];
      request.report.benchmarks.forEach((b, i) => {
        if (!added.some((e) => e.benchmark === b.name)) return;
        const digest = digestSide(request.heads[i], b.name, request.recordedAt, { commit: request.commit, entryId: `${request.runId}:${b.name}` });
        files.push({ path: request.paths.baseline(b.name), content: `${JSON.stringify(digest)}\n` });
      });
      return files;
    },
  });
  if ('skipped' in result) return { entries, skipped: 'already in the journal' };
  if (!result.created) return { entries, commit: result.sha, skipped: 'already recorded by this run' };
  return { entries, commit: result.sha };
}
