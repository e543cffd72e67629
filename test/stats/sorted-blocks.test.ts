// The sort a quantile's replicates walk (src/stats/sorted-blocks.ts), on small cases by hand; the
// property tests against the reference sort are in fast-order.test.ts and sorted-slice.test.ts.
import { describe, expect, it } from 'vitest';
import { ResamplerCache } from '../../src/stats/resample-cache';
import { concatRuns, SortedSource, sortedWithBlocks, sortWithSlots } from '../../src/stats/sorted-blocks';

describe('concatRuns', () => {
  it('puts the runs one after the other, and gives a single run’s own array', () => {
    const a = new Float64Array([1, 2]);
    const b = new Float64Array([3]);
    const c = new Float64Array([4, 5, 6]);
    expect([...concatRuns([{ values: a }, { values: b }, { values: c }], 6)]).toEqual([1, 2, 3, 4, 5, 6]);
    expect(concatRuns([{ values: c }], 3)).toBe(c);
  });
});

describe('sortWithSlots and sortedWithBlocks', () => {
  it('give each element a distinct place in the sort, tied values in input order', () => {
    // [3, 1, 3, 2] sorts to [1, 2, 3, 3]: the first 3 goes to 2, the second to 3.
    const { sorted, slot } = sortWithSlots(new Float64Array([3, 1, 3, 2]));
    expect([...sorted]).toEqual([1, 2, 3, 3]);
    expect([...slot]).toEqual([2, 0, 3, 1]);
  });

  it('pair each sorted value with the block of its element', () => {
    // 30 (block 0), 10 (0), 20 (1), 10 (1) → 10 (0), 10 (1), 20 (1), 30 (0)
    const values = new Float64Array([30, 10, 20, 10]);
    const narrow = sortedWithBlocks(values, new Uint16Array([0, 0, 1, 1]));
    expect([...narrow.sorted]).toEqual([10, 10, 20, 30]);
    expect([...narrow.blocks]).toEqual([0, 1, 1, 0]);
    expect(narrow.blocks).toBeInstanceOf(Uint16Array);
    const wide = sortedWithBlocks(values, new Int32Array([70_000, 0, 1, 70_001]));
    expect([...wide.blocks]).toEqual([0, 70_001, 1, 70_000]);
    expect(wide.blocks).toBeInstanceOf(Int32Array);
  });

  it('write into the arrays lent, when lent', () => {
    // 40 values (past 64 bytes, so each lent array has its own buffer from the start)
    const cache = new ResamplerCache();
    const values = Float64Array.from({ length: 40 }, (_, i) => 40 - i);
    const blockOf = Uint16Array.from({ length: 40 }, (_, i) => Math.floor(i / 10));
    const lent = sortedWithBlocks(values, blockOf, cache.lender);
    expect([...lent.sorted]).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect([...lent.blocks.subarray(0, 11)]).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2]);
    cache.nextMetric();
    // the same memory is lent again, to the next caller
    const sorted = cache.lender.float64(40);
    const blocks = cache.lender.blocks(new Uint16Array(0), 40);
    sorted[0] = -1;
    blocks[0] = 99;
    expect([lent.sorted[0], lent.blocks[0]]).toEqual([-1, 99]);
  });

  it('sort values with a NaN by the reference path (NaN last)', () => {
    // (The block at each position, NaN included: sorted-blocks-edges.test.ts.)
    const { sorted } = sortedWithBlocks(new Float64Array([2, NaN, 1]), new Uint16Array([5, 6, 7]));
    expect([...sorted]).toEqual([1, 2, NaN]);
  });
});

describe('SortedSource', () => {
  // 40 values 40, 39, …, 1 in 4 blocks of 10 (block 0 holds the largest).
  const n = 40;
  const values = Float64Array.from({ length: n }, (_, i) => n - i);
  const blockOf = Uint16Array.from({ length: n }, (_, i) => Math.floor(i / 10));

  it('is the whole sort below its minimum slice, with no element below it', () => {
    const source = new SortedSource(values, blockOf, 4);
    expect(source.size).toBe(40);
    const slice = source.slice(30, 32);
    expect(slice.offset).toBe(0);
    expect([...slice.sorted]).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect([...slice.blocks.subarray(0, 11)]).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2]);
    expect([...slice.below]).toEqual([0, 0, 0, 0]);
    expect(source.full().sorted).toBe(slice.sorted);
  });
});

describe('SortedSource.slice when its sample misleads it', () => {
  // n = 2048 with slices from 1024 values: the sample is every other value (m = n/2), so a series
  // whose even and odd positions hold different values shows the sample only half of it. The ends
  // placed from the sample are then checked by counting, and the whole sort is the answer.
  const n = 2048;
  const blockOf = Uint16Array.from({ length: n }, (_, i) => Math.floor(i / 64));

  it('takes the whole sort when the ends found hold fewer values than asked', () => {
    // Evens 0, 2, …, 2046; odds 10^6 + i. Positions 1500–1600 are odds, which the sample never
    // sees: its ends (1370 … 1724) hold 178 values of the 100 asked, and the 685 below.
    const values = Float64Array.from({ length: n }, (_, i) => (i % 2 ? 1e6 + i : i));
    const slice = new SortedSource(values, blockOf, 32, 1024).slice(1500, 1600);
    expect(slice.offset).toBe(0);
    expect([...slice.sorted]).toEqual([...values].sort((a, b) => a - b));
  });

  it('takes the whole sort when more values lie below the low end than the first position asked', () => {
    // Evens 10^6 + i, odds i: positions 100–200 are odds, the sample's low end is an even (10^6 + 28)
    // with 1,038 values below it.
    const values = Float64Array.from({ length: n }, (_, i) => (i % 2 ? i : 1e6 + i));
    const slice = new SortedSource(values, blockOf, 32, 1024).slice(100, 200);
    expect(slice.offset).toBe(0);
    expect([...slice.sorted]).toEqual([...values].sort((a, b) => a - b));
  });
});
