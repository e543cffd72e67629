// What resamplers of one comparison share (src/stats/resample-cache.ts): a block length per series and
// kind, computed once; block ids per layout and sorted sources per series and layout, the last
// `capacity` kept; and arrays lent to one metric's quantiles, lent again after nextMetric.
import { describe, expect, it } from 'vitest';
import { ResamplerCache } from '../../src/stats/resample-cache';
import { SortedSource } from '../../src/stats/sorted-blocks';

/** A compute function that counts its calls and returns `value`. */
function counted<T>(value: T): { calls: number; compute: () => T } {
  const c = { calls: 0, compute: () => (c.calls++, value) };
  return c;
}

describe('ResamplerCache.blockLength', () => {
  it('computes a series’ length once per kind, and apart for another series', () => {
    const cache = new ResamplerCache();
    const a = new Float64Array([1, 2, 3]);
    const b = new Float64Array([1, 2, 3]);
    const ranks = counted(7);
    expect(cache.blockLength(a, 'ranks', ranks.compute)).toBe(7);
    expect(cache.blockLength(a, 'ranks', ranks.compute)).toBe(7);
    expect(ranks.calls).toBe(1);
    const values = counted(2);
    expect(cache.blockLength(a, 'values', values.compute)).toBe(2);
    expect(cache.blockLength(a, 'ranks', values.compute)).toBe(7);
    expect(values.calls).toBe(1);
    // Another array with the same contents is another series (the cache is by identity).
    expect(cache.blockLength(b, 'ranks', counted(3).compute)).toBe(3);
  });
});

describe('ResamplerCache.blockIds', () => {
  it('gives the ids of a layout computed once, and keeps the last `capacity` layouts', () => {
    const cache = new ResamplerCache(2);
    const ids = { a: new Uint16Array([0]), b: new Uint16Array([1]), c: new Uint16Array([2]) };
    const calls = { a: counted(ids.a), b: counted(ids.b), c: counted(ids.c) };
    expect(cache.blockIds('a', calls.a.compute)).toBe(ids.a);
    expect(cache.blockIds('a', calls.a.compute)).toBe(ids.a);
    expect(cache.blockIds('b', calls.b.compute)).toBe(ids.b);
    expect([calls.a.calls, calls.b.calls]).toEqual([1, 1]);
    // A third layout drops the oldest (a); b stays.
    cache.blockIds('c', calls.c.compute);
    cache.blockIds('b', calls.b.compute);
    expect(calls.b.calls).toBe(1);
    cache.blockIds('a', calls.a.compute);
    expect(calls.a.calls).toBe(2);
  });
});

describe('ResamplerCache.sortedSource', () => {
  const source = () => new SortedSource(new Float64Array([2, 1]), new Uint16Array([0, 0]), 1);

  it('is shared by the same arrays (by identity) with the same layout, and by nothing else', () => {
    const cache = new ResamplerCache(4);
    const a = new Float64Array([2, 1]);
    const b = new Float64Array([2, 1]);
    const first = counted(source());
    const entry = cache.sortedSource([a], '1', first.compute);
    expect(cache.sortedSource([a], '1', first.compute)).toBe(entry);
    expect(first.calls).toBe(1);
    for (const [values, layout] of [
      [[a], '2'],
      [[b], '1'],
      [[a, b], '1'],
      [[b, a], '1,1'],
    ] as const) {
      const other = counted(source());
      expect(cache.sortedSource(values, layout, other.compute)).not.toBe(entry);
      expect(other.calls).toBe(1);
    }
    // [a, b] and [b, a] are different series, however alike
    const swapped = counted(source());
    cache.sortedSource([a, b], '1,1', swapped.compute);
    expect(swapped.calls).toBe(1);
  });

  it('keeps the last `capacity` sources', () => {
    const cache = new ResamplerCache(2);
    const [a, b, c] = [new Float64Array(1), new Float64Array(1), new Float64Array(1)];
    const calls = { a: counted(source()), b: counted(source()), c: counted(source()) };
    cache.sortedSource([a], '1', calls.a.compute);
    cache.sortedSource([b], '1', calls.b.compute);
    cache.sortedSource([c], '1', calls.c.compute);
    cache.sortedSource([b], '1', calls.b.compute);
    expect(calls.b.calls).toBe(1);
    cache.sortedSource([a], '1', calls.a.compute);
    expect(calls.a.calls).toBe(2);
  });
});

describe('ResamplerCache.lender', () => {
  it('lends arrays of the length asked, the k-th since nextMetric on the k-th kept', () => {
    const cache = new ResamplerCache();
    const lend = cache.lender;
    const f1 = lend.float64(10);
    const f2 = lend.float64(4);
    expect([f1.length, f2.length]).toEqual([10, 4]);
    expect(f2.buffer).not.toBe(f1.buffer);
    cache.nextMetric();
    // the same arrays again, as views of the lengths asked now
    const g1 = lend.float64(6);
    const g2 = lend.float64(4);
    expect(g1.buffer).toBe(f1.buffer);
    expect(g2.buffer).toBe(f2.buffer);
    expect([g1.length, g2.length]).toEqual([6, 4]);
    // a longer one than kept is new, and kept from then on
    const g3 = lend.float64(3);
    cache.nextMetric();
    const h1 = lend.float64(11);
    expect(h1.buffer).not.toBe(f1.buffer);
    expect(h1.length).toBe(11);
    lend.float64(4);
    expect(lend.float64(3).buffer).toBe(g3.buffer);
    cache.nextMetric();
    expect(lend.float64(11).buffer).toBe(h1.buffer);
  });

  it('lends each kind from its own arrays, blocks as the kind of the array given', () => {
    const cache = new ResamplerCache();
    const lend = cache.lender;
    const kinds = [
      lend.float64(3),
      lend.uint32(3),
      lend.blocks(new Uint16Array(1), 3),
      lend.blocks(new Int32Array(1), 3),
    ];
    expect(kinds.map((a) => a.constructor)).toEqual([Float64Array, Uint32Array, Uint16Array, Int32Array]);
    expect(kinds.map((a) => a.length)).toEqual([3, 3, 3, 3]);
    cache.nextMetric();
    const again = [
      lend.float64(3),
      lend.uint32(3),
      lend.blocks(new Uint16Array(1), 3),
      lend.blocks(new Int32Array(1), 3),
    ];
    expect(again.map((a, i) => a.buffer === kinds[i].buffer)).toEqual([true, true, true, true]);
  });
});
