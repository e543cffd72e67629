// Selection by hand: the k-th value in place, type 7 quantiles without a sort, and the sign of a zero
// that a sort would put at the quantile's rank.

import { describe, expect, it } from 'vitest';
import { minOf, selectInPlace, selectQuantile, selectQuantiles } from '../../src/stats/select';

describe('selectInPlace', () => {
  it('puts the k-th smallest at k, smaller before and larger after', () => {
    const a = Float64Array.of(5, 1, 4, 2, 3);
    selectInPlace(a, 2);
    expect(a[2]).toBe(3);
    expect(Array.from(a.subarray(0, 2)).sort()).toEqual([1, 2]);
    expect(Array.from(a.subarray(3)).sort()).toEqual([4, 5]);
  });

  it('works inside [left, right] only', () => {
    // [5, 1, 4] sorted is [1, 4, 5]: position 2 (the second of the range) gets 4; the ends stay.
    const a = Float64Array.of(9, 5, 1, 4, 0);
    selectInPlace(a, 2, 1, 3);
    expect(Array.from(a)).toEqual([9, 1, 4, 5, 0]);
  });

  it('selects in a long array (the sampled pivot above 600 values)', () => {
    // 1000, 999, …, 1: the k-th smallest is k + 1.
    for (const k of [0, 1, 499, 500, 998, 999]) {
      const a = Float64Array.from({ length: 1000 }, (_, i) => 1000 - i);
      selectInPlace(a, k);
      expect(a[k]).toBe(k + 1);
      if (k < 999) expect(minOf(a, k + 1, 1000)).toBe(k + 2);
    }
  });
});

describe('minOf', () => {
  it('is the smallest of a[from..to)', () => {
    const a = Float64Array.of(5, 3, 8, 1);
    expect(minOf(a, 1, 3)).toBe(3);
    expect(minOf(a, 0, 4)).toBe(1);
    expect(minOf(a, 2, 3)).toBe(8);
  });
});

describe('selectQuantile', () => {
  it('type 7 by hand, in any input order', () => {
    // Sorted [1, 2, 3, 4]: h = 3q; q = 0.5 → 2.5, q = 0.9 → h = 2.7 → 3.7; q = 1/3 → h = 1 → 2.
    expect(selectQuantile(Float64Array.of(4, 1, 3, 2), 0.5)).toBe(2.5);
    expect(selectQuantile(Float64Array.of(4, 1, 3, 2), 0.9)).toBeCloseTo(3.7, 12);
    expect(selectQuantile(Float64Array.of(4, 1, 3, 2), 1 / 3)).toBe(2);
    expect(selectQuantile(Float64Array.of(4, 1, 3, 2), 1)).toBe(4);
    expect(selectQuantile(Float64Array.of(4, 1, 3, 2), 0)).toBe(1);
    // 1000, …, 1: h = 999 · 0.5 = 499.5 → 500 + 0.5 · (501 − 500).
    expect(
      selectQuantile(
        Float64Array.from({ length: 1000 }, (_, i) => 1000 - i),
        0.5,
      ),
    ).toBe(500.5);
  });

  it('gives the zero a sort would put at the rank: -0 among the -0s, which follow the negatives', () => {
    // Sorted [-1, -0, 0]: rank 1 is -0, rank 2 is +0, whatever order the zeros come in.
    for (const values of [
      [0, -0, -1],
      [-0, 0, -1],
      [-1, 0, -0],
    ]) {
      expect(Object.is(selectQuantile(Float64Array.from(values), 0.5), -0)).toBe(true);
      expect(Object.is(selectQuantile(Float64Array.from(values), 1), 0)).toBe(true);
    }
    // Sorted [-0, -0, 0, 0, 1]: ranks 0 and 1 are -0, 2 and 3 are +0.
    const zeros = [0, 1, -0, 0, -0];
    expect(Object.is(selectQuantile(Float64Array.from(zeros), 0.25), -0)).toBe(true);
    expect(Object.is(selectQuantile(Float64Array.from(zeros), 0.5), 0)).toBe(true);
    expect(Object.is(selectQuantile(Float64Array.from(zeros), 0), -0)).toBe(true);
    // All -0: the maximum is -0 too.
    expect(Object.is(selectQuantile(Float64Array.of(-0, -0), 1), -0)).toBe(true);
  });
});

describe('selectQuantiles', () => {
  it('several ascending quantiles, repeats included', () => {
    // Sorted [10, 20, 30, 40, 50]: h = 4q.
    expect(selectQuantiles(Float64Array.of(50, 10, 40, 20, 30), [0.25, 0.25, 0.5, 0.6, 1])).toEqual([
      20, 20, 30, 34, 50,
    ]);
    expect(selectQuantiles(new Float64Array(0), [0.5, 0.9])).toEqual([NaN, NaN]);
    expect(selectQuantiles(Float64Array.of(3), [0, 1])).toEqual([3, 3]);
  });

  it('refuses quantiles out of order', () => {
    expect(() => selectQuantiles(Float64Array.of(1, 2), [0.9, 0.5])).toThrow(
      'selectQuantiles needs ascending quantiles',
    );
  });
});
