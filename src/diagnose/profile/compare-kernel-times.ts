// Base against head for the kernel times of a step profile (trace, key_averages, nsys
// cuda_gpu_kern_sum): per kernel and per kernel family, per step. Names match exactly; a kernel whose
// template arguments changed (mul_mat_vec_q<…, 4> → <…, 1>) is a new name but the same family, so
// the family line still compares it. Communication kernels are kept apart from compute.

import { kernelFamily } from '../../ingest/profile/names';
import type { KernelTime } from '../../model/profile';
import { FLAT } from './compare-splits';

export interface TimeDelta {
  name: string;
  base: number;
  head: number;
  deltaMs: number;
  /** head / base − 1; NaN when the base is 0. */
  ratio: number;
  countBase: number;
  countHead: number;
}

export interface KernelTimeComparison {
  /** Compute kernels (communication apart), per step. */
  total: TimeDelta;
  communication: TimeDelta;
  /** Kernels on both sides, largest absolute change first. */
  kernels: TimeDelta[];
  /** Families (kernelFamily), largest absolute change first; a family's name lists its kernels' common name. */
  families: TimeDelta[];
  onlyBase: KernelTime[];
  onlyHead: KernelTime[];
  /** Kernels whose time moved by at least FLAT, of those on both sides. */
  movedKernels: number;
  /** Of the matched compute kernels, those slower by ≥ FLAT and those faster by ≥ FLAT. */
  slower: number;
  faster: number;
}

function delta(name: string, base: number, head: number, countBase: number, countHead: number): TimeDelta {
  return { name, base, head, deltaMs: head - base, ratio: base > 0 ? head / base - 1 : NaN, countBase, countHead };
}

const byChange = (a: TimeDelta, b: TimeDelta) =>
  Math.abs(b.deltaMs) - Math.abs(a.deltaMs) || (a.name < b.name ? -1 : 1);

export function compareKernelTimes(base: readonly KernelTime[], head: readonly KernelTime[]): KernelTimeComparison {
  const sum = (list: readonly KernelTime[], comm: boolean) =>
    list.filter((k) => (k.communication !== undefined) === comm).reduce((s, k) => s + k.ms, 0);
  const calls = (list: readonly KernelTime[], comm: boolean) =>
    list.filter((k) => (k.communication !== undefined) === comm).reduce((s, k) => s + k.count, 0);
  const headByName = new Map(head.map((k) => [k.name, k]));
  const baseNames = new Set(base.map((k) => k.name));
  const kernels: TimeDelta[] = [];
  for (const b of base) {
    const h = headByName.get(b.name);
    if (h) kernels.push(delta(b.name, b.ms, h.ms, b.count, h.count));
  }
  const families = new Map<string, { base: number; head: number; countBase: number; countHead: number }>();
  const add = (k: KernelTime, side: 'base' | 'head') => {
    const f = kernelFamily(k.name);
    const acc = families.get(f) ?? { base: 0, head: 0, countBase: 0, countHead: 0 };
    acc[side] += k.ms;
    if (side === 'base') acc.countBase += k.count;
    else acc.countHead += k.count;
    families.set(f, acc);
  };
  for (const k of base) add(k, 'base');
  for (const k of head) add(k, 'head');
  const matchedCompute = kernels.filter((k) => !base.find((b) => b.name === k.name)?.communication);
  return {
    total: delta('compute kernels', sum(base, false), sum(head, false), calls(base, false), calls(head, false)),
    communication: delta(
      'communication kernels',
      sum(base, true),
      sum(head, true),
      calls(base, true),
      calls(head, true),
    ),
    kernels: kernels.sort(byChange),
    families: [...families].map(([name, f]) => delta(name, f.base, f.head, f.countBase, f.countHead)).sort(byChange),
    onlyBase: base.filter((k) => !headByName.has(k.name)),
    onlyHead: head.filter((k) => !baseNames.has(k.name)),
    movedKernels: kernels.filter((k) => Math.abs(k.ratio) >= FLAT).length,
    slower: matchedCompute.filter((k) => k.ratio >= FLAT).length,
    faster: matchedCompute.filter((k) => k.ratio <= -FLAT).length,
  };
}
