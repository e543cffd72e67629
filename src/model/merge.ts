// Several files can describe one run: a client tool's results, a server metrics scrape and traces
// of the same execution. Files of the same role are repeats; files of different roles are merged,
// one of each role per repeat, paired by their repeat label (run=0, run=1, …) or by order.

import { err, ok, type Result } from './result';
import type { Run, RunRole, ServerStats, WorkloadInfo } from './run';

/** The side's runs, one per repeat with its files of each role merged; or why they cannot be paired. */
export function groupRuns(runs: Run[]): Result<Run[]> {
  const byRole = new Map<RunRole, Run[]>();
  for (const run of runs) {
    const role = run.role ?? (run.requests ? 'requests' : 'summary');
    const list = byRole.get(role) ?? [];
    list.push(run);
    byRole.set(role, list);
  }
  if (byRole.size <= 1) return ok(runs);

  const counts = [...byRole.values()].map((list) => list.length);
  const repeats = Math.max(...counts);
  const ordered = [...byRole.entries()].map(([role, list]) => [role, orderByRepeat(list)] as const);
  if (counts.some((c) => c !== repeats)) {
    const description = ordered.map(([role, list]) => `${list.length} ${role}`).join(', ');
    return err(
      `these files describe ${description} runs: a side needs the same number of each kind (one per repeat) to know which belong together; name them run=0, run=1, … or give one of each`,
    );
  }
  const merged: Run[] = [];
  for (let i = 0; i < repeats; i++) {
    const parts = ordered.map(([, list]) => list[i]);
    const labels = new Set(parts.map((p) => p.repeat).filter(Boolean));
    if (labels.size > 1)
      return err(`files paired as one run carry different repeat labels (${[...labels].join(', ')})`);
    const withRequests = parts.filter((p) => p.requests);
    if (withRequests.length > 1) {
      return err(
        `${withRequests.map((p) => p.sources[0]?.file).join(' and ')} both hold per-request records for one run; give one per-request file per run`,
      );
    }
    merged.push(mergeParts(parts));
  }
  return ok(merged);
}

function orderByRepeat(list: Run[]): Run[] {
  const labelled = list.every((r) => r.repeat !== undefined);
  if (!labelled) return list;
  return [...list].sort((a, b) => compareLabels(a.repeat!, b.repeat!));
}

function compareLabels(a: string, b: string): number {
  const na = Number(/(\d+)\s*$/.exec(a)?.[1]);
  const nb = Number(/(\d+)\s*$/.exec(b)?.[1]);
  if (Number.isFinite(na) && Number.isFinite(nb) && na !== nb) return na - nb;
  return a < b ? -1 : a > b ? 1 : 0;
}

export function mergeParts(parts: Run[]): Run {
  const first = parts[0];
  const config = Object.assign({}, ...parts.map((p) => p.meta.config).reverse());
  const extra = Object.assign({}, ...parts.map((p) => p.meta.extra).reverse());
  const pick = <K extends 'benchmark' | 'commit' | 'hardware' | 'model' | 'workload'>(key: K) =>
    parts.map((p) => p.meta[key]).find((v) => v !== undefined);
  const requests = parts.find((p) => p.requests)?.requests;
  return {
    meta: {
      config,
      extra,
      benchmark: pick('benchmark'),
      commit: pick('commit'),
      hardware: pick('hardware'),
      model: pick('model'),
      workload: pick('workload'),
    },
    ...(requests ? { requests } : {}),
    // The client tool's statistics first: a metric is read from the first summary that has it, and a
    // scrape's histogram mean of TTFT is the server's, not the client-measured TTFT the tool reports.
    summaries: [
      ...parts.filter((p) => p.role !== 'server-metrics'),
      ...parts.filter((p) => p.role === 'server-metrics'),
    ].flatMap((p) => p.summaries),
    sources: parts.flatMap((p) => p.sources),
    histograms: parts.flatMap((p) => p.histograms ?? []),
    server: mergeObjects<ServerStats>(parts.map((p) => p.server)),
    workload: mergeObjects<WorkloadInfo>(parts.map((p) => p.workload)),
    role: requests ? 'requests' : first.role,
    repeat: parts.map((p) => p.repeat).find((r) => r !== undefined),
  };
}

/** Field by field, the first part that has it. */
function mergeObjects<T extends object>(items: (T | undefined)[]): T | undefined {
  const present = items.filter((x): x is T => x !== undefined);
  if (present.length === 0) return undefined;
  const out = {} as T;
  for (const item of present) {
    for (const [key, value] of Object.entries(item)) {
      if (value !== undefined && !(key in out)) (out as Record<string, unknown>)[key] = value;
    }
  }
  return out;
}
