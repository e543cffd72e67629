// A shared ResamplerCache keys the block ids of a quantile by the runs' lengths and block lengths:
// two sides whose runs are as long but cut in other block lengths must not share them, even when the
// block lengths read alike run together (1, 23 and 12, 3).
import { describe, expect, it } from 'vitest';
import { createResampler, type RunSeries } from '../../src/stats/block-bootstrap';
import { ResamplerCache } from '../../src/stats/resample-cache';
import { createRng } from '../../src/stats/rng';

/** A cache whose block length for each run (on ranks, what a quantile uses) is the one given. */
function cacheWith(runs: RunSeries[], lengths: number[], cache = new ResamplerCache()): ResamplerCache {
  runs.forEach((r, i) => cache.blockLength(r.values, 'ranks', () => lengths[i]));
  return cache;
}

describe('createResampler: block ids shared through a cache', () => {
  it('keeps the layouts of runs 24 + 24 in blocks of 1 + 23 and of 12 + 3 apart', () => {
    const statistic = { kind: 'quantile', q: 0.5 } as const;
    const gen = createRng(11);
    const run = (level: number): RunSeries => ({
      values: Float64Array.from({ length: 24 }, (_, i) => level + i + gen.next()),
    });
    const first = [run(0), run(100)];
    const second = [run(50), run(500)];
    const shared = new ResamplerCache();
    cacheWith(first, [1, 23], shared);
    cacheWith(second, [12, 3], shared);
    const a = createResampler(first, statistic, undefined, shared);
    const b = createResampler(second, statistic, undefined, shared);
    // Blocks of 1 and 23 in runs of 24: 24 + 1 blocks; of 12 and 3: 2 + 8.
    expect(a.blockLengths).toEqual([1, 23]);
    expect(b.blockLengths).toEqual([12, 3]);
    const alone = createResampler(second, statistic, undefined, cacheWith(second, [12, 3]));
    expect(b.point).toBe(alone.point);
    const r1 = createRng(8);
    const r2 = createRng(8);
    for (let i = 0; i < 30; i++) expect(b.replicate(r1)).toBe(alone.replicate(r2));
  });
});
