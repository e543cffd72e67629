// What resamplers of one comparison share (src/stats/resample-cache.ts), at its edges: series that
// share some of their runs, and short arrays lent.
import { describe, expect, it } from 'vitest';
import { ResamplerCache } from '../../src/stats/resample-cache';
import { SortedSource } from '../../src/stats/sorted-blocks';

describe('ResamplerCache.sortedSource with runs in common', () => {
  it('shares a source only when every run is the same array, not some of them', () => {
    const cache = new ResamplerCache();
    const [a, b, c] = [new Float64Array([2, 1]), new Float64Array([4, 3]), new Float64Array([4, 3])];
    let calls = 0;
    const compute = () => (calls++, new SortedSource(new Float64Array(4), new Uint16Array(4), 2));
    const ab = cache.sortedSource([a, b], '1,1', compute);
    // [a, c]: the first run is the same array, the second is not (however alike)
    expect(cache.sortedSource([a, c], '1,1', compute)).not.toBe(ab);
    expect(calls).toBe(2);
    expect(cache.sortedSource([a, b], '1,1', compute)).toBe(ab);
    expect(calls).toBe(2);
  });
});

describe('ResamplerCache.lender with short arrays', () => {
  it('lends an array of one or a few elements, of the kind asked, first as later', () => {
    const cache = new ResamplerCache();
    const lend = cache.lender;
    const first = [
      lend.float64(1),
      lend.uint32(3),
      lend.blocks(new Uint16Array(0), 2),
      lend.blocks(new Int32Array(0), 5),
    ];
    expect(first.map((a) => [a.constructor, a.length])).toEqual([
      [Float64Array, 1],
      [Uint32Array, 3],
      [Uint16Array, 2],
      [Int32Array, 5],
    ]);
    cache.nextMetric();
    expect([lend.float64(1).length, lend.float64(2).length]).toEqual([1, 2]);
  });
});
