// A world to bisect in: commits c0…cn on main (each with its merged pull request), the journal on a
// data branch holding the entries of the two ends with the runs that recorded them (and their
// artifacts), and the team's benchmark workflow emulated: a dispatch for a commit simulates a run of
// it (the injected change from the culprit on) and uploads the artifact.
import { JOURNAL_SCHEMA, type JournalEntry } from '../../src/journal/schema';
import { simulateToJsonl } from '../../src/sim';
import type { Emulator } from './emulator/server';
import { DATA_BRANCH, paths, scenarioWith } from './alert-history';

export const WORKFLOW = 'perf-bisect-bench.yml';

export interface BisectWorld {
  shas: string[];
  /** Dispatches per commit index. */
  dispatched: number[];
  /** Run ids the handler started. */
  runs: number[];
}

export interface BisectWorldOptions {
  commits: number;
  culprit: number;
  inject: string;
  requests?: number;
  /** The bad end's own injected change, when it differs (a step too small to call). */
  badInject?: string;
  /** Polls before a dispatched run completes (default 2); Infinity never. */
  polls?: number;
  /** Changes the results of a dispatched run (another workload). */
  edit?: (jsonl: string, index: number) => string;
  extraJournal?: Record<string, string>;
}

function entry(sha: string, k: number, runId: number): JournalEntry {
  return {
    schema: JOURNAL_SCHEMA,
    id: `${runId}:llama-8b-serving`,
    kind: 'recorded',
    benchmark: 'llama-8b-serving',
    recordedAt: new Date(Date.UTC(2026, 10, 1) + k * 3600_000).toISOString(),
    commit: sha,
    runUrl: `https://github.com/acme/llm/actions/runs/${runId}`,
    date: '2026-11-01',
    symptom: '—',
    workload: '—',
    baseline: '—',
    diagnosis: '—',
    change: '—',
    result: '—',
    quality: '—',
    effort: '—',
    verdict: 'inconclusive',
    metrics: [],
    hints: [],
  };
}

export function bisectWorld(gh: Emulator, options: BisectWorldOptions): BisectWorld {
  const s = gh.state;
  const requests = options.requests ?? 1000;
  const shas: string[] = [];
  for (let k = 0; k <= options.commits; k++) {
    const pull = s.requireRepo('acme/llm').nextNumber;
    const sha = s.commitFiles('acme/llm', 'main', { [`src/c${k}.py`]: `# ${k}\n` }, `Change ${k} (#${pull})`);
    s.addPull('acme/llm', {
      number: pull,
      title: `Change ${k}`,
      author: k === options.culprit ? 'dana' : 'alice',
      head: { ref: `c-${k}`, sha: `${k + 1}`.padStart(40, 'e') },
      merged: true,
      mergeCommitSha: sha,
    });
    shas.push(sha);
  }
  const jsonl = (index: number, seed: number) => {
    const inject =
      index === options.commits && options.badInject
        ? options.badInject
        : index >= options.culprit
          ? options.inject
          : undefined;
    return simulateToJsonl(scenarioWith(seed, requests, inject));
  };
  // The ends, as the journal recorded them: the push runs and their artifacts.
  const lines: string[] = [];
  for (const index of [0, options.commits]) {
    const run = s.addWorkflowRun('acme/llm', {
      event: 'push',
      headBranch: 'main',
      headSha: shas[index],
      path: '.github/workflows/perf-journal.yml',
      name: 'perf-journal',
    });
    s.addArtifact(run.id, { name: 'perf-triage-results', files: { 'head.jsonl': jsonl(index, 7000 + index) } });
    lines.push(JSON.stringify(entry(shas[index], index, run.id)));
  }
  s.commitFiles(
    'acme/llm',
    DATA_BRANCH,
    { [paths.jsonl]: `${lines.join('\n')}\n`, ...(options.extraJournal ?? {}) },
    'journal',
  );
  const world: BisectWorld = { shas, dispatched: shas.map(() => 0), runs: [] };
  s.onDispatch = ({ inputs, run, state }) => {
    const index = shas.indexOf(String(inputs.ref));
    if (index < 0) throw new Error(`dispatched for an unknown commit ${String(inputs.ref)}`);
    world.dispatched[index]++;
    world.runs.push(run.id);
    run.displayTitle = `perf-bisect ${String(inputs.ref).slice(0, 7)} ${String(inputs.token)}`;
    const text = jsonl(index, 8000 + index * 10 + world.dispatched[index]);
    state.addArtifact(run.id, {
      name: 'perf-triage-results',
      files: { 'head.jsonl': options.edit ? options.edit(text, index) : text },
    });
    return { completeAfterPolls: options.polls ?? 2 };
  };
  return world;
}
