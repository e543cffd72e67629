// createResampler (src/stats/block-bootstrap.ts) at its edges, by hand: the cap on blocks a run, the
// block length cached per kind, undrawn blocks, a ratio over nothing. Kept apart from
// block-bootstrap.test.ts (whose property tests run thousands of replicates) so that these run first.
import { describe, expect, it } from 'vitest';
import { createResampler, type RunSeries } from '../../src/stats/block-bootstrap';
import { optimalBlockLength } from '../../src/stats/block-length';
import { ResamplerCache } from '../../src/stats/resample-cache';
import { createRng, type Rng } from '../../src/stats/rng';

/** An Rng whose int() answers from a script (no countInts: one draw a block). */
function scriptedRng(answers: number[]): Rng {
  let i = 0;
  const none = () => {
    throw new Error('only int() expected');
  };
  return { int: () => answers[i++], next: none, normal: none, exponential: none };
}
describe('createResampler: block lengths, undrawn blocks and empty denominators', () => {
  it('makes blocks longer than optimal beyond MAX_BLOCKS_PER_RUN blocks a run, unless told the length', () => {
    // A constant run has an optimal length of 1; 2,000 values in at most 400 blocks need ⌈2000/400⌉ = 5.
    const constant: RunSeries = { values: new Float64Array(2000).fill(3) };
    expect(optimalBlockLength(constant.values)).toBe(1);
    expect(createResampler([constant], { kind: 'mean' }).blockLengths).toEqual([5]);
    const cache = new ResamplerCache();
    expect(createResampler([constant], { kind: 'quantile', q: 0.5 }, undefined, cache).blockLengths).toEqual([5]);
    expect(createResampler([constant], { kind: 'mean' }, 1).blockLengths).toEqual([1]);
  });

  it('keeps a cached block length per kind: ranks for a quantile, values for a mean or ratio', () => {
    // ±1 alternating with one outlier first: on values the outlier swamps the alternation (length 1),
    // on ranks the alternation stays (length 8).
    const values = Float64Array.from({ length: 24 }, (_, i) => (i % 2 ? 1 : -1));
    values[0] = 1e6;
    expect(optimalBlockLength(values)).toBe(1);
    expect(optimalBlockLength(values, { ranks: true })).toBe(8);
    const cache = new ResamplerCache();
    expect(createResampler([{ values }], { kind: 'quantile', q: 0.5 }, undefined, cache).blockLengths).toEqual([8]);
    expect(createResampler([{ values }], { kind: 'mean' }, undefined, cache).blockLengths).toEqual([1]);
  });

  it('leaves undrawn blocks out of a mean, even an infinite one', () => {
    // blocks [1, 2] and [∞, 4]; the replicate draws block 0 twice: mean 1.5.
    const run: RunSeries = { values: new Float64Array([1, 2, Infinity, 4]) };
    const resampler = createResampler([run], { kind: 'mean' }, 2);
    expect(resampler.point).toBe(Infinity);
    expect(resampler.replicate(scriptedRng([0, 0]))).toBe(1.5);
  });

  it('gives no ratio (NaN) when the denominators sum to 0', () => {
    const run: RunSeries = { values: new Float64Array([3, 5]), denominators: new Float64Array([0, 0]) };
    expect(createResampler([run], { kind: 'ratio' }, 1).point).toBeNaN();
  });
});

describe('createResampler: a shared cache tells series and layouts apart', () => {
  /** Replicates of the same draws by a resampler sharing `cache` and one on its own. */
  function expectAlike(runs: RunSeries[], blockLength: number, cache: ResamplerCache) {
    const statistic = { kind: 'quantile', q: 0.5 } as const;
    const shared = createResampler(runs, statistic, blockLength, cache);
    const alone = createResampler(runs, statistic, blockLength);
    expect(shared.point).toBe(alone.point);
    const r1 = createRng(4);
    const r2 = createRng(4);
    for (let i = 0; i < 20; i++) expect(shared.replicate(r1)).toBe(alone.replicate(r2));
  }
  const gen = createRng(6);
  const series = (n: number, level: number) => Float64Array.from({ length: n }, (_, i) => level + i + gen.next());

  it('other values in runs of the same lengths and block lengths', () => {
    const cache = new ResamplerCache();
    expectAlike([{ values: series(40, 0) }], 4, cache);
    expectAlike([{ values: series(40, 1000) }], 4, cache);
  });

  it('the same values in other blocks', () => {
    const cache = new ResamplerCache();
    const values = series(40, 0);
    expectAlike([{ values }], 2, cache);
    expectAlike([{ values }], 10, cache);
  });

  it('runs of other lengths with the same block lengths, even when the lengths read alike run together', () => {
    // 1 + 23 values and 12 + 3 values, blocks of 2: "1,23" and "12,3" are different layouts.
    const cache = new ResamplerCache();
    expectAlike([{ values: series(1, 0) }, { values: series(23, 100) }], 2, cache);
    expectAlike([{ values: series(12, 0) }, { values: series(3, 100) }], 2, cache);
    expectAlike([{ values: series(30, 0) }], 2, cache);
    expectAlike([{ values: series(20, 0) }], 2, cache);
  });
});
