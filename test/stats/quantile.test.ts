import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  countFinite,
  meanFinite,
  quantile,
  quantileOfComputed,
  quantileSorted,
  quantilesOfComputed,
  selectScratchOf,
  sortedFinite,
} from '../../src/stats/quantile';

/** Textbook type 7 on a plain array: h = (n − 1)q, interpolate between the floor and ceiling ranks. */
function naiveQuantile(values: number[], q: number): number {
  const xs = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (xs.length === 0) return NaN;
  const h = (xs.length - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, xs.length - 1);
  return xs[lo] + (h - lo) * (xs[hi] - xs[lo]);
}

const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('quantile (type 7)', () => {
  it('interpolates the median of an even sample: [1,2,3,4] → 2.5', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([4, 3, 2, 1], 0.5)).toBe(2.5);
  });

  it('takes the middle element of an odd sample', () => {
    expect(quantile([5, 1, 3], 0.5)).toBe(3);
  });

  it('matches hand-computed tails of 1..20', () => {
    // h = 19 × 0.95 = 18.05: x[18] + 0.05 × (x[19] − x[18]) = 19 + 0.05 = 19.05
    expect(quantile(oneToN(20), 0.95)).toBeCloseTo(19.05, 12);
    // h = 19 × 0.99 = 18.81 → 19.81
    expect(quantile(oneToN(20), 0.99)).toBeCloseTo(19.81, 12);
    // h = 19 × 0.999 = 18.981 → 19.981
    expect(quantile(oneToN(20), 0.999)).toBeCloseTo(19.981, 12);
    // h = 19 × 0.25 = 4.75 → 5.75
    expect(quantile(oneToN(20), 0.25)).toBeCloseTo(5.75, 12);
  });

  it('p99.9 of 1..1000: h = 999 × 0.999 = 998.001 → 999.001', () => {
    expect(quantile(oneToN(1000), 0.999)).toBeCloseTo(999.001, 9);
  });

  it('matches the numpy documentation-style example [15,20,35,40,50] p40 = 29', () => {
    // h = 4 × 0.4 = 1.6: 20 + 0.6 × (35 − 20) = 29
    expect(quantile([15, 20, 35, 40, 50], 0.4)).toBeCloseTo(29, 12);
  });

  it('returns the minimum at q = 0 and the maximum at q = 1', () => {
    expect(quantile([7, -2, 9, 4], 0)).toBe(-2);
    expect(quantile([7, -2, 9, 4], 1)).toBe(9);
  });

  it('returns the only element of a single-element sample for every q', () => {
    for (const q of [0, 0.01, 0.5, 0.95, 0.999, 1]) expect(quantile([42], q)).toBe(42);
  });

  it('returns NaN for an empty sample and for one with no finite values', () => {
    expect(quantile([], 0.5)).toBeNaN();
    expect(quantile([NaN, Infinity, -Infinity], 0.5)).toBeNaN();
  });

  it('returns an exact element when h is a whole number', () => {
    // n = 5, q = 0.25: h = 1 exactly → the second smallest
    expect(quantile([10, 30, 20, 50, 40], 0.25)).toBe(20);
  });

  it('sorts numerically, not as strings', () => {
    // sorted: [-1, 9, 10, 100]; h = 1.5 → 9.5
    expect(quantile([10, 9, 100, -1], 0.5)).toBe(9.5);
  });

  it('ignores NaN and infinities', () => {
    // finite: [1, 2, 3] → median 2
    expect(quantile([NaN, 3, Infinity, 1, -Infinity, 2], 0.5)).toBe(2);
  });
});

describe('sortedFinite', () => {
  it('drops non-finite values and sorts ascending', () => {
    expect(Array.from(sortedFinite([3, NaN, -1, Infinity, 2, -Infinity, 0]))).toEqual([-1, 0, 2, 3]);
  });

  it('copies: the input is left untouched', () => {
    const input = new Float64Array([3, 1, 2]);
    sortedFinite(input);
    expect(Array.from(input)).toEqual([3, 1, 2]);
  });

  it('feeds quantileSorted with the same result as quantile', () => {
    const s = sortedFinite([4, 1, 3, 2]);
    expect(quantileSorted(s, 0.5)).toBe(2.5);
    expect(quantileSorted(sortedFinite([]), 0.5)).toBeNaN();
  });
});

describe('quantiles of values computed on the fly', () => {
  /** A fill that writes `values` (the finite ones a caller computes) and says how many. */
  const writing = (values: number[]) => (out: Float64Array) => {
    out.set(values);
    return values.length;
  };

  it('quantileOfComputed is the quantile of what fill wrote, and only of that', () => {
    // [5, 1, 3] sorted [1, 3, 5]: q = 0.25 → h = 0.5 → 1 + 0.5·2 = 2; the median is 3.
    expect(quantileOfComputed(3, writing([5, 1, 3]), 0.25)).toBe(2);
    expect(quantileOfComputed(3, writing([5, 1, 3]), 0.5)).toBe(3);
    // Room for 6, two written: the quantile of [10, 20], whatever the rest of the array holds.
    expect(quantileOfComputed(6, writing([20, 10]), 1)).toBe(20);
    expect(quantileOfComputed(6, writing([20, 10]), 0.5)).toBe(15);
    expect(quantileOfComputed(4, writing([]), 0.5)).toBeNaN();
  });

  it('quantilesOfComputed takes several ascending quantiles of one fill', () => {
    // [40, 10, 30, 20] sorted [10, 20, 30, 40]: h = 3q → q = 0 → 10, 0.5 → 25, 0.9 → 37, 1 → 40.
    expect(quantilesOfComputed(4, writing([40, 10, 30, 20]), [0, 0.5, 0.9, 1])).toEqual([10, 25, 37, 40]);
    expect(quantilesOfComputed(5, writing([7]), [0.1, 0.9])).toEqual([7, 7]);
    expect(() => quantilesOfComputed(2, writing([1, 2]), [0.9, 0.1])).toThrow('ascending');
  });

  it('fill gets an array of at least the length asked, bigger ones in turn', () => {
    for (const length of [3, 100, 1000, 50_000]) {
      let room = 0;
      const q = quantileOfComputed(
        length,
        (out) => {
          room = out.length;
          for (let i = 0; i < length; i++) out[i] = length - i;
          return length;
        },
        1,
      );
      expect(room).toBeGreaterThanOrEqual(length);
      expect(q).toBe(length);
    }
  });

  it('selectScratchOf lends one array of at least the length asked, the one quantile() selects in', () => {
    const lent = selectScratchOf(70_000);
    expect(lent.length).toBeGreaterThanOrEqual(70_000);
    expect(selectScratchOf(10)).toBe(lent); // made once, not per call
    expect(quantile([9, 8, 7], 0)).toBe(7);
    expect(Array.from(lent.subarray(0, 3)).sort((a, b) => a - b)).toEqual([7, 8, 9]);
  });
});

describe('meanFinite / countFinite', () => {
  it('average and count only the finite values', () => {
    expect(meanFinite([1, 2, NaN, 6, Infinity])).toBe(3);
    expect(countFinite([1, 2, NaN, 6, Infinity, -Infinity])).toBe(3);
  });

  it('mean of nothing finite is NaN; count is 0', () => {
    expect(meanFinite([])).toBeNaN();
    expect(meanFinite([NaN])).toBeNaN();
    expect(countFinite([NaN])).toBe(0);
  });
});

describe('quantile properties', () => {
  const sample = fc.array(
    fc.oneof(
      { weight: 10, arbitrary: fc.double({ min: -1e6, max: 1e6, noNaN: true }) },
      { weight: 3, arbitrary: fc.integer({ min: -5, max: 5 }) }, // ties
      { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity, -Infinity) },
    ),
    { minLength: 0, maxLength: 60 },
  );
  const prob = fc.oneof(
    fc.double({ min: 0, max: 1, noNaN: true }),
    fc.constantFrom(0, 0.01, 0.5, 0.95, 0.99, 0.999, 1),
  );

  it('equals a naive reference implementation exactly', () => {
    fc.assert(
      fc.property(sample, prob, (values, q) => {
        const expected = naiveQuantile(values, q);
        const got = quantile(values, q);
        if (Number.isNaN(expected)) return Number.isNaN(got);
        return Object.is(got, expected) || got === expected;
      }),
      { numRuns: 500, seed: 20240611 },
    );
  });

  it('is non-decreasing in q and lies between the minimum and maximum', () => {
    fc.assert(
      fc.property(sample, prob, prob, (values, q1, q2) => {
        const finite = values.filter(Number.isFinite);
        fc.pre(finite.length > 0);
        const [a, b] = q1 <= q2 ? [q1, q2] : [q2, q1];
        const qa = quantile(values, a);
        const qb = quantile(values, b);
        return qa <= qb && qa >= Math.min(...finite) && qb <= Math.max(...finite);
      }),
      { numRuns: 300, seed: 20240612 },
    );
  });
});
