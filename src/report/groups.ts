// One action run can compare several benchmarks (a GuideLLM sweep's load points, an SGLang file of
// several datasets and rates, a matrix of benchmark jobs): runs are grouped by benchmark name and
// whole workload key (model/workload-key.ts) on each side — only runs with equal keys are repeats —
// and groups are paired by name and key. With one group a side, the two are paired whatever their
// names and keys: that is the comparison asked for, and the report says first what differs.

import type { Run, Side } from '../model/run';
import {
  compatibleKeys,
  KEY_FIELDS,
  keyLabel,
  keyText,
  sameValue,
  workloadKey,
  type KeyField,
  type WorkloadKey,
} from '../model/workload-key';

export interface BenchmarkPair {
  name: string;
  base: Side;
  head: Side;
}

export interface Pairing {
  pairs: BenchmarkPair[];
  /** Benchmarks on one side only, by side: a benchmark that stopped (or started) reporting. */
  unmatched: { side: Side['label']; name: string }[];
  /** Notes for the report, e.g. two names paired because each side had one. */
  notes: string[];
}

const UNNAMED = 'benchmark';

interface Group {
  name: string;
  key: WorkloadKey;
  runs: Run[];
}

export function pairBenchmarks(base: Side, head: Side): Pairing {
  const baseGroups = groupRuns(base.runs);
  const headGroups = groupRuns(head.runs);
  if (baseGroups.length <= 1 && headGroups.length <= 1) {
    const baseName = baseGroups[0]?.name;
    const headName = headGroups[0]?.name;
    const notes =
      baseName && headName && baseName !== headName && baseName !== UNNAMED && headName !== UNNAMED
        ? [`the baseline is named "${baseName}" and the head "${headName}"; compared as one benchmark`]
        : [];
    return { pairs: [{ name: headName ?? baseName ?? UNNAMED, base, head }], unmatched: [], notes };
  }
  const labels = groupLabels([...baseGroups, ...headGroups]);
  const pairs: BenchmarkPair[] = [];
  const unmatched: Pairing['unmatched'] = [];
  const freeBase = new Set(baseGroups);
  const matched = new Map<Group, Group>();
  // Equal keys first; then a key that differs only where one side records nothing, when unique.
  for (const h of headGroups) {
    const exact = [...freeBase].find((b) => b.name === h.name && keyText(b.key) === keyText(h.key));
    if (exact) {
      matched.set(h, exact);
      freeBase.delete(exact);
    }
  }
  for (const h of headGroups) {
    if (matched.has(h)) continue;
    const candidates = [...freeBase].filter((b) => b.name === h.name && compatibleKeys(b.key, h.key));
    if (candidates.length === 1) {
      matched.set(h, candidates[0]);
      freeBase.delete(candidates[0]);
    }
  }
  for (const h of headGroups) {
    const b = matched.get(h);
    if (b)
      pairs.push({
        name: labels.get(h)!,
        base: { label: 'base', runs: b.runs },
        head: { label: 'head', runs: h.runs },
      });
    else unmatched.push({ side: 'head', name: labels.get(h)! });
  }
  for (const b of baseGroups) if (freeBase.has(b)) unmatched.push({ side: 'base', name: labels.get(b)! });
  return { pairs, unmatched, notes: [] };
}

/** Runs by benchmark name and whole workload key, in the order they first appear. */
function groupRuns(runs: Run[]): Group[] {
  const groups: Group[] = [];
  const byText = new Map<string, Group>();
  for (const run of runs) {
    const name = run.meta.benchmark ?? UNNAMED;
    const key = workloadKey(run);
    const text = `${name}\u0000${keyText(key)}`;
    let group = byText.get(text);
    if (!group) {
      group = { name, key, runs: [] };
      byText.set(text, group);
      groups.push(group);
    }
    group.runs.push(run);
  }
  return groups;
}

/**
 * Each group's display name: the benchmark name, and where groups of that name differ, the key
 * fields that tell them apart ("m @ concurrency 8", "benchmark @ dataset sharegpt, 4 req/s").
 */
function groupLabels(groups: Group[]): Map<Group, string> {
  const labels = new Map<Group, string>();
  const byName = new Map<string, Group[]>();
  for (const g of groups) byName.set(g.name, [...(byName.get(g.name) ?? []), g]);
  for (const [name, list] of byName) {
    const distinct = new Set(list.map((g) => keyText(g.key)));
    if (distinct.size <= 1) {
      for (const g of list) labels.set(g, name);
      continue;
    }
    const varying = KEY_FIELDS.filter((f) => varies(list, f));
    for (const g of list) labels.set(g, `${name} @ ${keyLabel(g.key, varying) || 'unspecified workload'}`);
  }
  return labels;
}

function varies(groups: Group[], field: KeyField): boolean {
  const values = groups.map((g) => g.key[field]);
  const first = values.find((v) => v !== undefined);
  if (first === undefined) return false;
  return values.some((v) => v === undefined || !sameValue(v, first));
}
