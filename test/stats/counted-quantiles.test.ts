// Quantiles of whole numbers by counting (src/stats/counted-quantiles.ts) are the quantiles of the
// sorted values, bit for bit; values it cannot count (fractions, -0, a range too wide) are refused.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countedQuantiles } from '../../src/stats/counted-quantiles';
import { quantileSorted, sortedFinite } from '../../src/stats/quantile';

describe('countedQuantiles', () => {
  it('hand-computed: [1, 2, 2, 7] and [10]', () => {
    // Pooled and sorted: 1 2 2 7 10; p50 at h = 2 → 2; p90 at h = 3.6 → 7 + 0.6·3 = 8.8; p0 → 1; p100 → 10.
    expect(countedQuantiles([Float64Array.of(1, 2, 2, 7), Float64Array.of(10, NaN)], [0.5, 0.9, 0, 1])).toEqual([
      2,
      7 + 0.6 * 3,
      1,
      10,
    ]);
    expect(countedQuantiles([Float64Array.of(NaN)], [0.5])).toEqual([NaN]);
    expect(countedQuantiles([Float64Array.of(4)], [0.25])).toEqual([4]);
  });

  it('equals quantileSorted on the pooled sorted values, for any whole numbers and quantiles', () => {
    const column = fc.array(
      fc.oneof(
        { weight: 8, arbitrary: fc.integer({ min: -50, max: 5000 }) },
        { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity, -Infinity) },
      ),
      { maxLength: 300 },
    );
    fc.assert(
      fc.property(
        fc.array(column, { minLength: 1, maxLength: 3 }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 9 }),
        (lists, qs) => {
          const columns = lists.map((l) => Float64Array.from(l));
          const pooled = new Float64Array(columns.reduce((s, c) => s + c.length, 0));
          let at = 0;
          for (const c of columns) {
            pooled.set(c, at);
            at += c.length;
          }
          const sorted = sortedFinite(pooled);
          const got = countedQuantiles(columns, qs)!;
          qs.forEach((q, i) => expect(Object.is(got[i], quantileSorted(sorted, q)), `q ${q}`).toBe(true));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses fractions, -0 and ranges too wide to count', () => {
    expect(countedQuantiles([Float64Array.of(1, 2.5)], [0.5])).toBeUndefined();
    expect(countedQuantiles([Float64Array.of(-0, 3)], [0.5])).toBeUndefined();
    expect(countedQuantiles([Float64Array.of(0, 2 ** 21)], [0.5])).toBeUndefined();
  });

  it('counts by the span of the values, not their size: 2^21 … 2^21 + 4 is 5 whole numbers', () => {
    expect(countedQuantiles([Float64Array.of(2 ** 21 + 4, 2 ** 21)], [0.5, 1])).toEqual([2 ** 21 + 2, 2 ** 21 + 4]);
  });
});
