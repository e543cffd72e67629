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
  // Lent again means the same memory: a mark written through one loan is read through the next.
  // (Sizes past 64 bytes, so each array has its own buffer from the start.)
  const same = (a: { [i: number]: number }, b: { [i: number]: number }, mark: number) => {
    a[0] = mark;
    return b[0] === mark;
  };

  it('lends arrays of the length asked, the k-th since nextMetric on the k-th kept', () => {
    const cache = new ResamplerCache();
    const lend = cache.lender;
    const f1 = lend.float64(100);
    const f2 = lend.float64(40);
    expect([f1.length, f2.length]).toEqual([100, 40]);
    expect(same(f1, f2, 7)).toBe(false);
    cache.nextMetric();
    // the same arrays again, as views of the lengths asked now
    const g1 = lend.float64(60);
    const g2 = lend.float64(40);
    expect(same(f1, g1, 1)).toBe(true);
    expect(same(f2, g2, 2)).toBe(true);
    expect([g1.length, g2.length]).toEqual([60, 40]);
    // a longer one than kept is new, and kept from then on
    const g3 = lend.float64(30);
    cache.nextMetric();
    const h1 = lend.float64(110);
    expect(same(f1, h1, 3)).toBe(false);
    expect(h1.length).toBe(110);
    lend.float64(40);
    expect(same(g3, lend.float64(30), 4)).toBe(true);
    cache.nextMetric();
    expect(same(h1, lend.float64(110), 5)).toBe(true);
  });

  it('lends each kind from its own arrays, blocks as the kind of the array given', () => {
    const cache = new ResamplerCache();
    const lend = cache.lender;
    const all = () => [
      lend.float64(30),
      lend.uint32(30),
      lend.blocks(new Uint16Array(1), 30),
      lend.blocks(new Int32Array(1), 30),
    ];
    const kinds = all();
    expect(kinds.map((a) => a.constructor)).toEqual([Float64Array, Uint32Array, Uint16Array, Int32Array]);
    expect(kinds.map((a) => a.length)).toEqual([30, 30, 30, 30]);
    cache.nextMetric();
    const again = all();
    expect(again.map((a, i) => same(kinds[i], a, 10 + i))).toEqual([true, true, true, true]);
  });
});
