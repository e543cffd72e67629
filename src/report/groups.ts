// One action run can compare several benchmarks (a GuideLLM sweep's load points, a matrix of
// benchmark jobs): runs are grouped by benchmark name on each side and paired by name. With one group
// a side, the two are paired whatever their names (a renamed model is still the comparison asked for).

import type { Run, Side } from '../model/run';

export interface BenchmarkPair {
  name: string;
  base: Side;
  head: Side;
}

export interface Pairing {
  pairs: BenchmarkPair[];
  /** Benchmarks on one side only, by side. */
  unmatched: { side: Side['label']; name: string }[];
  /** Notes for the report, e.g. two names paired because each side had one. */
  notes: string[];
}

const UNNAMED = 'benchmark';

export function pairBenchmarks(base: Side, head: Side): Pairing {
  const baseGroups = groupByName(base.runs);
  const headGroups = groupByName(head.runs);
  if (baseGroups.size <= 1 && headGroups.size <= 1) {
    const [baseName] = baseGroups.keys();
    const [headName] = headGroups.keys();
    const notes = baseName && headName && baseName !== headName && baseName !== UNNAMED && headName !== UNNAMED ? [`the baseline is named "${baseName}" and the head "${headName}"; compared as one benchmark`] : [];
    return { pairs: [{ name: headName ?? baseName ?? UNNAMED, base, head }], unmatched: [], notes };
  }
  const pairs: BenchmarkPair[] = [];
  const unmatched: Pairing['unmatched'] = [];
  for (const [name, runs] of headGroups) {
    const baseRuns = baseGroups.get(name);
    if (baseRuns) pairs.push({ name, base: { label: 'base', runs: baseRuns }, head: { label: 'head', runs } });
    else unmatched.push({ side: 'head', name });
  }
  for (const name of baseGroups.keys()) if (!headGroups.has(name)) unmatched.push({ side: 'base', name });
  return { pairs, unmatched, notes: [] };
}

/**
 * Runs by benchmark name; runs of one name at different declared loads (a sweep's concurrency or
 * request rate) are different load points, not repeats, and get the load in their name.
 */
function groupByName(runs: Run[]): Map<string, Run[]> {
  const byName = new Map<string, Run[]>();
  for (const run of runs) {
    const name = run.meta.benchmark ?? UNNAMED;
    byName.set(name, [...(byName.get(name) ?? []), run]);
  }
  const groups = new Map<string, Run[]>();
  for (const [name, list] of byName) {
    const loads = new Set(list.map(loadLabel));
    for (const run of list) {
      const key = loads.size > 1 ? `${name} @ ${loadLabel(run)}` : name;
      groups.set(key, [...(groups.get(key) ?? []), run]);
    }
  }
  return groups;
}

function loadLabel(run: Run): string {
  const w = run.workload;
  const parts: string[] = [];
  if (w?.concurrency !== undefined) parts.push(`concurrency ${w.concurrency}`);
  if (w?.requestRate !== undefined) parts.push(Number.isFinite(w.requestRate) ? `${w.requestRate} req/s` : 'max rate');
  return parts.join(', ') || 'unspecified load';
}
