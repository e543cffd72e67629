// The argsorts by hand on a few values: ties and -0 with +0 in index order, the sorted values laid out
// as the typed-array sort lays them (-0s first among the zeros).

import { describe, expect, it } from 'vitest';
import { comparatorOrder, nearlySortedOrder, sortedOrderView, stableOrder } from '../../src/stats/radix-order';

describe('comparatorOrder and stableOrder', () => {
  it('order by value, ties (and -0 with +0) in index order', () => {
    const values = Float64Array.of(3, -0, 1, 0, 1, -Infinity);
    const want = [5, 1, 3, 2, 4, 0];
    expect(Array.from(comparatorOrder(values))).toEqual(want);
    expect(Array.from(stableOrder(values))).toEqual(want);
  });

  it('stableOrder of 2,048 values (the radix path): a descending run with one tie', () => {
    // values[i] = 2047 − i, except values[0] = values[1] = 2046: the order is 2047, …, 2, then 0, 1.
    const values = Float64Array.from({ length: 2048 }, (_, i) => 2047 - i);
    values[0] = 2046;
    const want = Array.from({ length: 2048 }, (_, k) => (k < 2046 ? 2047 - k : k - 2046));
    expect(Array.from(stableOrder(values))).toEqual(want);
    // The same on doubles without integer keys (the IEEE-bit passes).
    const scaled = values.map((v) => v * Math.PI);
    expect(Array.from(stableOrder(scaled))).toEqual(want);
  });
});

describe('sortedOrderView', () => {
  it('writes the sorted values into the array given, -0 first among the zeros', () => {
    const values = Float64Array.of(0, -0, -2, 0);
    const into = new Float64Array(4);
    const { order, sorted } = sortedOrderView(values, into);
    expect(sorted).toBe(into);
    expect(Array.from(order)).toEqual([2, 0, 1, 3]);
    expect(sorted.map((v) => (Object.is(v, -0) ? 9 : v))).toEqual(Float64Array.of(-2, 9, 0, 0));
  });

  it('on 2,048 values with keys: the sorted values from the keys, signs of zeros as the sort has them', () => {
    const values = Float64Array.from({ length: 2048 }, (_, i) => [0, -0, 0, 1.5][i % 4]);
    // 512 values of 1.5 (i ≡ 3 mod 4), 1,536 zeros of which 512 are -0 (i ≡ 1 mod 4).
    const into = new Float64Array(2048);
    const { sorted } = sortedOrderView(values, into);
    expect(sorted).toBe(into);
    const negativeZeros = Array.from(sorted).filter((v) => Object.is(v, -0)).length;
    expect(negativeZeros).toBe(512);
    expect(Object.is(sorted[511], -0) && Object.is(sorted[512], 0)).toBe(true);
    expect(sorted[1535]).toBe(0);
    expect(sorted[1536]).toBe(1.5);
    expect(sorted[2047]).toBe(1.5);
  });
});

describe('nearlySortedOrder', () => {
  it('the stable order of nearly sorted values, written into the array given', () => {
    const into = new Uint32Array(7).fill(99);
    const order = nearlySortedOrder(Float64Array.of(1, 3, 2, 2, 5), 32, into);
    expect(Array.from(order)).toEqual([0, 2, 3, 1, 4]);
    expect(Array.from(into)).toEqual([0, 2, 3, 1, 4, 99, 99]);
  });

  it('the same order when the insertions run over the budget', () => {
    // Reversed: insertion would move 0 + 1 + 2 + 3 + 4 = 10 entries, over a budget of 1 × 5.
    expect(Array.from(nearlySortedOrder(Float64Array.of(5, 4, 3, 2, 1), 1))).toEqual([4, 3, 2, 1, 0]);
  });
});
