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

function groupByName(runs: Run[]): Map<string, Run[]> {
  const groups = new Map<string, Run[]>();
  for (const run of runs) {
    const name = run.meta.benchmark ?? UNNAMED;
    const list = groups.get(name) ?? [];
    list.push(run);
    groups.set(name, list);
  }
  return groups;
}
