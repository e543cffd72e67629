// Hierarchical block bootstrap of one side of a comparison: resample whole runs (when a side has
// repeats), then non-overlapping blocks of consecutive requests within each run. Each replicate is a
// vector of block multiplicities, so a statistic is recomputed from per-block aggregates in O(blocks)
// (mean, ratio) or by a short walk through the pre-sorted values (quantiles), never by re-sorting.

import type { Rng } from './rng';
import { optimalBlockLength } from './block-length';

/**
 * Resampling cost grows with the number of blocks, so a run has at most this many: beyond it,
 * blocks are made longer than the optimal length. Longer blocks keep more of the dependence, so
 * intervals can only get a little wider (and the variance of the variance estimate a little larger),
 * never narrower. With 400 blocks, the percentile interval still rests on 400 independent draws.
 */
export const MAX_BLOCKS_PER_RUN = 400;

export type Statistic =
  | { kind: 'quantile'; q: number }
  | { kind: 'mean' }
  /** Σ numerator / Σ denominator, e.g. output tokens over elapsed time. */
  | { kind: 'ratio' };

/** One run's series in time order; `denominators` only for the ratio statistic. */
export interface RunSeries {
  values: Float64Array;
  denominators?: Float64Array;
}

export interface SideResampler {
  readonly point: number;
  readonly size: number;
  /** Block length used in each run. */
  readonly blockLengths: readonly number[];
  replicate(rng: Rng): number;
}

export function createResampler(
  runs: readonly RunSeries[],
  statistic: Statistic,
  blockLengthOverride?: number,
): SideResampler {
  const usable = runs.filter((r) => r.values.length > 0);
  if (usable.length === 0) throw new Error('cannot resample a side without values');
  const blockLengths = usable.map((r) =>
    blockLengthOverride ?? Math.max(optimalBlockLength(r.values, { ranks: statistic.kind === 'quantile' }), Math.ceil(r.values.length / MAX_BLOCKS_PER_RUN)),
  );
  const layout = layoutBlocks(usable, blockLengths);
  const counts = new Float64Array(layout.blockCount);

  const draw = (rng: Rng) => {
    counts.fill(0);
    const runCount = usable.length;
    for (let r = 0; r < runCount; r++) {
      const run = runCount === 1 ? 0 : rng.int(runCount);
      const first = layout.firstBlock[run];
      const blocks = layout.blocksInRun[run];
      for (let k = 0; k < blocks; k++) counts[first + rng.int(blocks)]++;
    }
  };

  const all = () => counts.fill(1);
  let evaluate: () => number;
  if (statistic.kind === 'quantile') {
    evaluate = quantileEvaluator(usable, layout, counts, statistic.q);
  } else {
    const numerators = blockSums(usable, layout, (r) => r.values);
    const denominators =
      statistic.kind === 'mean'
        ? layout.blockSize
        : blockSums(usable, layout, (r) => {
            if (!r.denominators) throw new Error('ratio statistic needs denominators');
            return r.denominators;
          });
    evaluate = () => {
      let num = 0;
      let den = 0;
      for (let b = 0; b < counts.length; b++) {
        const c = counts[b];
        if (c === 0) continue;
        num += c * numerators[b];
        den += c * denominators[b];
      }
      return den === 0 ? NaN : num / den;
    };
  }

  all();
  const point = evaluate();
  return {
    point,
    size: layout.blockOf.length,
    blockLengths,
    replicate(rng: Rng) {
      draw(rng);
      return evaluate();
    },
  };
}

interface BlockLayout {
  blockCount: number;
  firstBlock: Int32Array;
  blocksInRun: Int32Array;
  /** Global block id of each element, elements of all runs concatenated. */
  blockOf: Int32Array;
  blockSize: Float64Array;
}

function layoutBlocks(runs: readonly RunSeries[], blockLengths: readonly number[]): BlockLayout {
  const firstBlock = new Int32Array(runs.length);
  const blocksInRun = new Int32Array(runs.length);
  let blockCount = 0;
  let elements = 0;
  runs.forEach((run, r) => {
    const n = run.values.length;
    const blocks = Math.max(1, Math.floor(n / blockLengths[r]));
    firstBlock[r] = blockCount;
    blocksInRun[r] = blocks;
    blockCount += blocks;
    elements += n;
  });
  const blockOf = new Int32Array(elements);
  const blockSize = new Float64Array(blockCount);
  let offset = 0;
  runs.forEach((run, r) => {
    const n = run.values.length;
    const blocks = blocksInRun[r];
    for (let i = 0; i < n; i++) {
      // Spread the remainder n mod blocks over the blocks so sizes differ by at most one.
      const b = firstBlock[r] + Math.floor((i * blocks) / n);
      blockOf[offset + i] = b;
      blockSize[b]++;
    }
    offset += n;
  });
  return { blockCount, firstBlock, blocksInRun, blockOf, blockSize };
}

function blockSums(
  runs: readonly RunSeries[],
  layout: BlockLayout,
  pick: (r: RunSeries) => Float64Array,
): Float64Array {
  const sums = new Float64Array(layout.blockCount);
  let offset = 0;
  for (const run of runs) {
    const values = pick(run);
    for (let i = 0; i < values.length; i++) sums[layout.blockOf[offset + i]] += values[i];
    offset += values.length;
  }
  return sums;
}

/**
 * Quantile of the weighted multiset where every element of block b appears counts[b] times.
 * Elements are sorted once; each replicate starts its walk a safe margin below the original
 * quantile's position (weights below that point are counted per block in O(blocks)), and falls back
 * to a walk from the bottom in the rare replicate whose quantile lies lower. Exact either way.
 */
/** Checkpoints kept per quantile evaluator: memory positions × blocks, time log2(positions) × blocks. */
const CHECKPOINTS = 64;

function quantileEvaluator(
  runs: readonly RunSeries[],
  layout: BlockLayout,
  counts: Float64Array,
  q: number,
): () => number {
  const n = layout.blockOf.length;
  const all = new Float64Array(n);
  let offset = 0;
  for (const run of runs) {
    all.set(run.values, offset);
    offset += run.values.length;
  }
  const { sorted: sortedValues, slot } = sortWithSlots(all);
  const sortedBlock = new Int32Array(n);
  for (let i = 0; i < n; i++) sortedBlock[slot[i]] = layout.blockOf[i];

  // A loop, not Math.max(...sizes): spreading 100k+ block sizes overflows the call stack.
  let maxBlock = 0;
  for (let b = 0; b < layout.blockCount; b++) if (layout.blockSize[b] > maxBlock) maxBlock = layout.blockSize[b];
  // Replicates move the quantile's rank by about √(n q (1−q) L); checkpoints cover ±6 of that
  // around the original rank, each with the count of elements per block below it. A replicate
  // binary-searches the checkpoints (O(blocks) per probe) and walks at most one gap.
  const spread = Math.sqrt(n * Math.max(q * (1 - q), 1 / n) * maxBlock);
  const centre = Math.floor(q * (n - 1));
  const from = Math.max(0, Math.floor(centre - 6 * spread - maxBlock));
  const to = Math.min(n, Math.ceil(centre + 6 * spread + maxBlock));
  const gap = Math.max(16, Math.ceil((to - from) / CHECKPOINTS));
  const positions: number[] = [];
  for (let p = from; p < to; p += gap) positions.push(p);
  const blocks = layout.blockCount;
  const below = new Float64Array(positions.length * blocks);
  {
    const running = new Float64Array(blocks);
    let i = 0;
    positions.forEach((p, k) => {
      for (; i < p; i++) running[sortedBlock[i]]++;
      below.set(running, k * blocks);
    });
  }
  const weightBelow = (k: number) => {
    let sum = 0;
    const base = k * blocks;
    for (let b = 0; b < blocks; b++) {
      const c = counts[b];
      if (c !== 0) sum += c * below[base + b];
    }
    return sum;
  };

  return () => {
    let total = 0;
    for (let b = 0; b < blocks; b++) {
      const c = counts[b];
      if (c !== 0) total += c * layout.blockSize[b];
    }
    if (total === 0) return NaN;
    const h = q * (total - 1);
    const lo = Math.floor(h);
    const frac = h - lo;
    // The last checkpoint with weight below it ≤ lo; from the bottom when even the first is past lo.
    let j = 0;
    let cumulative = 0;
    let low = 0;
    let high = positions.length - 1;
    if (positions.length > 0 && weightBelow(0) <= lo) {
      while (low < high) {
        const mid = (low + high + 1) >> 1;
        if (weightBelow(mid) <= lo) low = mid;
        else high = mid - 1;
      }
      j = positions[low];
      cumulative = weightBelow(low);
    }
    let lower = NaN;
    for (; j < n; j++) {
      const weight = counts[sortedBlock[j]];
      if (weight === 0) continue;
      cumulative += weight;
      if (Number.isNaN(lower)) {
        if (cumulative > lo) {
          lower = sortedValues[j];
          if (frac === 0 || cumulative > lo + 1) return lower;
        }
      } else {
        return lower + frac * (sortedValues[j] - lower);
      }
    }
    return lower;
  };
}

/**
 * A sorted copy of `values` and, for each element, a distinct position in it (tied values take
 * consecutive positions in input order). The native typed-array sort plus a binary search per
 * element: several times faster than sorting indices with a comparator callback.
 */
export function sortWithSlots(values: Float64Array): { sorted: Float64Array; slot: Int32Array } {
  const n = values.length;
  const sorted = Float64Array.from(values).sort();
  const used = new Int32Array(n);
  const slot = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    slot[i] = lo + used[lo]++;
  }
  return { sorted, slot };
}
