// A simulated history of merges for the alert and bisect tests: each merge is a commit on main with
// its pull request, a benchmark run of the simulator (an injected change from a given merge on), the
// comparison with the previous merge as the action makes it (the journal's noise bands included),
// and the record in the journal on a data branch — through the real pipeline and the REST emulator.
import { Octokit } from 'octokit';
import { buildConfig, type TriageConfig } from '../../src/config/config';
import { simulatedSide } from '../../src/eval/evaluate';
import { historyOf, withHistory } from '../../src/action/history';
import type { GitHubClient } from '../../src/github/client';
import { readRepoFile } from '../../src/github/repo-files';
import { recordResults } from '../../src/github/record';
import { journalPaths } from '../../src/journal/paths';
import { readJournal } from '../../src/journal/store';
import type { JournalEntry } from '../../src/journal/schema';
import type { Side } from '../../src/model/run';
import { triage } from '../../src/report/triage';
import { pairBenchmarks } from '../../src/report/groups';
import type { Report } from '../../src/report/model';
import { baseScenario, injectedChanges, injectedRegressions, type Scenario } from '../../src/sim';
import type { Emulator } from './emulator/server';

export const repo = { owner: 'acme', repo: 'llm' };
export const DATA_BRANCH = 'perf-data';
export const paths = journalPaths('.perf-triage');

/** The client as separate runs have it (no shared write limiter: runs are separate processes on GitHub). */
export const unthrottled = (gh: Emulator): GitHubClient =>
  new Octokit({
    auth: 'ghs_actions',
    baseUrl: gh.url,
    retry: { retries: 3, retryAfterBaseValue: 10 },
    throttle: { enabled: false },
  });

/** A scenario with an injected regression or change applied, by id. */
export function scenarioWith(seed: number, requests: number, inject?: string): Scenario {
  const base = baseScenario(seed, requests);
  if (!inject) return base;
  const change = [...injectedRegressions(), ...injectedChanges()].find((r) => r.id === inject);
  if (!change) throw new Error(`no injected change ${inject}`);
  return change.apply(base);
}

export async function simRun(label: Side['label'], seed: number, requests: number, inject?: string): Promise<Side> {
  return simulatedSide(label, scenarioWith(seed, requests, inject));
}

export interface Merge {
  k: number;
  sha: string;
  pull: number;
  report: Report;
  head: Side;
  recorded: JournalEntry[];
  /** The journal after the record, as record mode reads it. */
  entries: JournalEntry[];
}

export interface HistoryOptions {
  merges: number;
  /** Continue a history: the first merge's number, and the run it is compared with. */
  first?: number;
  previous?: Side;
  requests: number;
  /** From this merge on, the runs carry the injected change. */
  stepAt?: number;
  inject?: string;
  /** Merges from this one on are back to normal (a revert). */
  revertAt?: number;
  config?: TriageConfig;
  seed?: number;
  /** Called after each record, with the merge. */
  after?: (merge: Merge) => Promise<void>;
}

export const mergeDate = (k: number) => new Date(Date.UTC(2026, 9, 1) + k * 86400_000).toISOString();

/** Merges 1…n on main, each recorded in the journal on the data branch; returns every merge. */
export async function mergeHistory(gh: Emulator, client: GitHubClient, options: HistoryOptions): Promise<Merge[]> {
  const s = gh.state;
  const config = options.config ?? buildConfig({});
  const merges: Merge[] = [];
  let previous: Side | undefined = options.previous;
  const first = options.first ?? 1;
  for (let k = first; k < first + options.merges; k++) {
    const pull = s.requireRepo('acme/llm').nextNumber;
    const sha = s.commitFiles(
      'acme/llm',
      'main',
      { [`src/change-${k}.py`]: `# change ${k}\n` },
      `Change ${k} (#${pull})`,
    );
    s.addPull('acme/llm', {
      number: pull,
      title: `Change ${k}`,
      author: options.stepAt === k ? 'dana' : 'alice',
      head: { ref: `change-${k}`, sha: (k.toString(16).padStart(8, '0') + 'f'.repeat(32)).slice(0, 40) },
      merged: true,
      mergeCommitSha: sha,
    });
    const stepped =
      options.stepAt !== undefined && k >= options.stepAt && (options.revertAt === undefined || k < options.revertAt);
    const head = await simRun(
      'head',
      (options.seed ?? 3000) + k,
      options.requests,
      stepped ? options.inject : undefined,
    );
    const view = await readJournal((path) => readRepoFile(client, repo, DATA_BRANCH, path), paths);
    const history = view.exists ? historyOf(view.entries) : undefined;
    const base: Side = previous ? { label: 'base', runs: previous.runs } : { label: 'base', runs: head.runs };
    const report = triage(base, head, history ? withHistory(config, history) : config);
    const heads = pairBenchmarks(base, head).pairs.map((p) => p.head);
    const result = await recordResults({
      client,
      repo,
      branch: DATA_BRANCH,
      paths,
      report: history ? history.annotate(report) : report,
      heads,
      runId: String(5000 + k),
      recordedAt: mergeDate(k),
      commit: sha,
      runUrl: `https://github.com/acme/llm/actions/runs/${5000 + k}`,
      pullRequest: { number: pull, title: `Change ${k}`, url: `https://github.com/acme/llm/pull/${pull}` },
      firstBaseline: new Set(previous ? [] : [report.benchmarks[0].name]),
      retry: { backoff: { baseMs: 5, maxMs: 50 } },
    });
    const ids = new Set((view.entries ?? []).map((e) => e.id));
    const merge: Merge = {
      k,
      sha,
      pull,
      report,
      head,
      recorded: result.entries,
      entries: [...view.entries, ...result.entries.filter((e) => !ids.has(e.id))],
    };
    merges.push(merge);
    previous = head;
    await options.after?.(merge);
  }
  return merges;
}
