// Hierarchical block bootstrap of one side of a comparison: resample whole runs (when a side has
// repeats), then non-overlapping blocks of consecutive requests within each run. Each replicate is a
// vector of block multiplicities, so a statistic is recomputed from per-block aggregates in O(blocks)
// (mean, ratio) or by a short walk through the pre-sorted values (quantiles), never by re-sorting.

import type { Rng } from './rng';
import { optimalBlockLength } from './block-length';

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
    blockLengthOverride ?? optimalBlockLength(r.values, { ranks: statistic.kind === 'quantile' }),
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
  const order = new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => all[a] - all[b]);
  const sortedValues = new Float64Array(n);
  const sortedBlock = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    sortedValues[i] = all[order[i]];
    sortedBlock[i] = layout.blockOf[order[i]];
  }

  // A loop, not Math.max(...sizes): spreading 100k+ block sizes overflows the call stack.
  let maxBlock = 0;
  for (let b = 0; b < layout.blockCount; b++) if (layout.blockSize[b] > maxBlock) maxBlock = layout.blockSize[b];
  const margin = Math.ceil(8 * Math.sqrt(n * Math.max(q * (1 - q), 1 / n) * maxBlock) + 2 * maxBlock);
  const start = Math.max(0, Math.floor(q * (n - 1)) - margin);
  const belowStart = new Float64Array(layout.blockCount);
  for (let i = 0; i < start; i++) belowStart[sortedBlock[i]]++;

  return () => {
    let total = 0;
    let below = 0;
    for (let b = 0; b < counts.length; b++) {
      const c = counts[b];
      if (c === 0) continue;
      total += c * layout.blockSize[b];
      below += c * belowStart[b];
    }
    if (total === 0) return NaN;
    const h = q * (total - 1);
    const lo = Math.floor(h);
    const frac = h - lo;
    let j = start;
    let cumulative = below;
    if (cumulative > lo) {
      j = 0;
      cumulative = 0;
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
