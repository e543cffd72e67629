// The arrival permutation by radix sort (src/ingest/native/fast-sort.ts) is exactly the comparator
// sort's: rows by arrival_ts, -0 equal to 0, ties in file order.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrivalOrder, comparatorOrder, radixOrder } from '../../../src/ingest/native/fast-sort';

const value = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -0, 1, -1, 5e-324, -5e-324, Number.MAX_VALUE, -Number.MAX_VALUE, 1760000000.5, 1760000000.25),
  fc.integer({ min: 1_760_000_000, max: 1_760_000_004 }),
);

describe('arrival order', () => {
  it('radix and comparator agree on any finite values, ties and signed zeros included', () => {
    fc.assert(
      fc.property(fc.array(value, { maxLength: 300 }), (values) => {
        const arrival = Float64Array.from(values);
        expect([...radixOrder(arrival)]).toEqual([...comparatorOrder(arrival)]);
      }),
      { numRuns: 500 },
    );
  });

  it('agree on large tables of timestamps with many ties (the insertion and radix paths)', () => {
    const n = 120_000;
    const arrival = new Float64Array(n);
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let i = 0; i < n; i++) arrival[i] = 1760000000 + Math.floor(next() * 5000) / 100 + (i % 11 === 0 ? -0.5 : 0);
    const order = arrivalOrder(arrival)!;
    expect([...order]).toEqual([...comparatorOrder(arrival)]);
    expect([...radixOrder(arrival)]).toEqual([...comparatorOrder(arrival)]);
    for (let i = 1; i < n; i++) expect(arrival[order[i]] >= arrival[order[i - 1]]).toBe(true);
  });

  it('is undefined when the rows are in order already', () => {
    expect(arrivalOrder(Float64Array.of())).toBeUndefined();
    expect(arrivalOrder(Float64Array.of(1, 1, 2, 3))).toBeUndefined();
    expect(arrivalOrder(Float64Array.of(0, -0, 0))).toBeUndefined();
    expect([...arrivalOrder(Float64Array.of(2, 1, 1))!]).toEqual([1, 2, 0]);
  });

  it('reads the doubles of a subarray, not of its whole buffer', () => {
    const all = Float64Array.of(9, 3, 2, 1, 0);
    expect([...radixOrder(all.subarray(1, 4))]).toEqual([2, 1, 0]);
  });
});
