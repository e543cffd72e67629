// Hierarchical block bootstrap of one side of a comparison: resample whole runs (when a side has
// repeats), then non-overlapping blocks of consecutive requests within each run. Each replicate is a
// vector of block multiplicities, so a statistic is recomputed from per-block aggregates in O(blocks)
// (mean, ratio) or by a short walk through the pre-sorted values (quantiles), never by re-sorting.

import type { Rng } from './rng';
import { optimalBlockLength } from './block-length';
import { blockIds, blockSums, layoutBlocks } from './block-layout';
import type { ResamplerCache } from './resample-cache';
import { concatRuns, SortedSource } from './sorted-blocks';
import { quantileEvaluator } from './weighted-quantile';

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

/**
 * `cache`: shared with the other resamplers of one comparison, so one series is sorted once; it also
 * lends the arrays a quantile's replicates walk, so the resampler is good only until its
 * cache.nextMetric().
 */
export function createResampler(
  runs: readonly RunSeries[],
  statistic: Statistic,
  blockLengthOverride?: number,
  cache?: ResamplerCache,
): SideResampler {
  const usable = runs.filter((r) => r.values.length > 0);
  if (usable.length === 0) throw new Error('cannot resample a side without values');
  const ranks = statistic.kind === 'quantile';
  const optimal = (values: Float64Array) => optimalBlockLength(values, { ranks });
  const blockLengths = usable.map(
    (r) =>
      blockLengthOverride ??
      Math.max(
        cache ? cache.blockLength(r.values, ranks ? 'ranks' : 'values', () => optimal(r.values)) : optimal(r.values),
        Math.ceil(r.values.length / MAX_BLOCKS_PER_RUN),
      ),
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
      if (rng.countInts) rng.countInts(blocks, blocks, counts, first);
      else for (let k = 0; k < blocks; k++) counts[first + rng.int(blocks)]++;
    }
  };

  const all = () => counts.fill(1);
  let evaluate: () => number;
  if (statistic.kind === 'quantile') {
    const ids = () => blockIds(usable, layout);
    const runLayout = `${usable.map((r) => r.values.length).join(',')}/${blockLengths.join(',')}`;
    const source = () =>
      new SortedSource(
        concatRuns(usable, layout.elements),
        cache ? cache.blockIds(runLayout, ids) : ids(),
        layout.blockCount,
      );
    const sorted = cache
      ? cache.sortedSource(
          usable.map((r) => r.values),
          blockLengths.join(','),
          source,
        )
      : source();
    evaluate = quantileEvaluator(sorted, layout, counts, statistic.q, cache?.lender);
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
    size: layout.elements,
    blockLengths,
    replicate(rng: Rng) {
      draw(rng);
      return evaluate();
    },
  };
}

export { sortedWithBlocks, sortWithSlots } from './sorted-blocks';
