// The edges of the key sort, by hand: where integer keys stop (the safe integers, scales 10^0 … 10^6),
// what sortDecimalsInPlace says it did, and its radix passes over keys of all 32 bits.

import { describe, expect, it } from 'vitest';
import { integerKeys, sortDecimalsInPlace } from '../../src/stats/integer-keys';
import { RADIX_MIN } from '../../src/stats/radix-passes';

describe('integerKeys at the edges of the safe integers', () => {
  it('keys the largest safe integers, on both sides of zero', () => {
    const top = integerKeys(Float64Array.of(2 ** 53 - 1, 2 ** 53 - 2))!;
    expect(Array.from(top.keys)).toEqual([1, 0]);
    expect({ min: top.min, scale: top.scale, span: top.span }).toEqual({ min: 2 ** 53 - 2, scale: 1, span: 1 });
    const bottom = integerKeys(Float64Array.of(-(2 ** 53 - 1), -(2 ** 53 - 2)))!;
    expect(Array.from(bottom.keys)).toEqual([0, 1]);
    expect({ min: bottom.min, scale: bottom.scale, span: bottom.span }).toEqual({
      min: -(2 ** 53 - 1),
      scale: 1,
      span: 1,
    });
  });

  it('gives no keys past 2^53, at any scale: a key is a safe integer and a scale at least 10^0', () => {
    // 2e16 and 2e16 + 20 are whole and 20 apart, but past 2^53 ≈ 9.007e15; at scale 10^-1 they
    // would be the whole numbers 2e15 and 2e15 + 2, which no scale the keys allow (10^0 … 10^6) gives.
    expect(integerKeys(Float64Array.of(2e16, 2e16 + 20))).toBeUndefined();
    expect(integerKeys(Float64Array.of(-2e16, -2e16 - 20))).toBeUndefined();
  });
});

describe('sortDecimalsInPlace', () => {
  it('sorts RADIX_MIN values with keys in place and says so; one fewer is left to the caller', () => {
    // i·7 mod 2048 runs through 0 … 2047 once (7 is odd), so the values are k/4 for every k < 2048.
    const values = Float64Array.from({ length: RADIX_MIN }, (_, i) => ((i * 7) % RADIX_MIN) / 4);
    expect(sortDecimalsInPlace(values)).toBe(true);
    expect(Array.from(values)).toEqual(Array.from({ length: RADIX_MIN }, (_, k) => k / 4));
    const fewer = Float64Array.from({ length: RADIX_MIN - 1 }, (_, i) => RADIX_MIN - i);
    expect(sortDecimalsInPlace(fewer)).toBe(false);
    expect(fewer[0]).toBe(RADIX_MIN);
  });

  it('sorts keys of all 32 bits in two 16-bit passes, no more', () => {
    // value i = (65535 − i)·2^16 + i (whole, so the keys are the values less the minimum, 65535,
    // spanning ≥ 2^31: 32 bits, and more than 2^16 and n, so the radix passes, not the counting sort).
    // Sorted, position k holds the value of i = 65535 − k: k·2^16 + 65535 − k. A third pass (shift
    // 32 reads as shift 0) would order by the low halves of the keys instead.
    const n = 65_536;
    const values = Float64Array.from({ length: n }, (_, i) => (65_535 - i) * 65_536 + i);
    expect(sortDecimalsInPlace(values)).toBe(true);
    let ok = true;
    for (let k = 0; k < n; k++) if (values[k] !== k * 65_536 + 65_535 - k) ok = false;
    expect(ok).toBe(true);
    expect([values[0], values[n - 1]]).toEqual([65_535, 65_535 * 65_536]);
  });
});
