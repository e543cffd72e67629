// Selection inside a range of a longer array, short and past the sampled pivot's 600 values, with
// the values outside the range placed to be swapped in by any step that strays out of it; and the
// sign of a zero maximum.

import { describe, expect, it } from 'vitest';
import { selectInPlace, selectQuantile, selectQuantiles } from '../../src/stats/select';

/**
 * `pad` values before and after a range of n holding n, n − 1, …, 1: before it values larger than
 * any in the range, after it smaller ones, so a step outside [left, right] would bring one in.
 */
function padded(pad: number, n: number): Float64Array {
  return Float64Array.from({ length: 2 * pad + n }, (_, i) =>
    i < pad ? 1e9 + i : i < pad + n ? pad + n - i : -1e9 - i,
  );
}

describe('selectInPlace inside [left, right] of a longer array', () => {
  for (const n of [2, 3, 10, 700, 1500]) {
    it(`a range of ${n}: the k-th of the range at k, the values outside untouched`, () => {
      const pad = 5;
      const left = pad;
      const right = pad + n - 1;
      for (const k of [left, left + 1, left + (n >> 1), right - 1, right]) {
        const a = padded(pad, n);
        selectInPlace(a, k, left, right);
        // The range holds 1 … n: its (k − left)-th smallest is k − left + 1.
        expect(a[k]).toBe(k - left + 1);
        const outside = padded(pad, n);
        let untouched = true;
        let split = true;
        for (let i = 0; i < a.length; i++) {
          if (i < left || i > right) untouched &&= a[i] === outside[i];
          else if (i < k) split &&= a[i] < a[k];
          else if (i > k) split &&= a[i] > a[k];
        }
        expect(untouched).toBe(true);
        expect(split).toBe(true);
      }
    });
  }
});

describe('a maximum that is -0', () => {
  it('is -0 at q = 1 when no value is above zero and a -0 is the largest', () => {
    // Sorted [-1, -0]: q = 1 is rank 1, the -0.
    expect(Object.is(selectQuantile(Float64Array.of(-0, -1), 1), -0)).toBe(true);
    const [median, top] = selectQuantiles(Float64Array.of(-0, -1), [0.5, 1]);
    expect(median).toBe(-0.5);
    expect(Object.is(top, -0)).toBe(true);
    // Sorted [-1, -0, 0]: the maximum is +0.
    expect(Object.is(selectQuantiles(Float64Array.of(0, -0, -1), [1])[0], 0)).toBe(true);
  });
});
