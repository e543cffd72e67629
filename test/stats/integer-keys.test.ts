// The integer keys of decimal values, by hand: value = (key + min) / scale exactly, with the fewest
// decimals (at most six) that make every value whole, and keys spanning less than 2^32.

import { describe, expect, it } from 'vitest';
import { integerKeys } from '../../src/stats/integer-keys';

describe('integerKeys', () => {
  it('scales by the fewest decimals that make every value whole, keys counted from the minimum', () => {
    // 1.5 needs one decimal, 0.25 two: scale 100, so 150, 25, 200, less the minimum 25.
    const k = integerKeys(Float64Array.of(1.5, 0.25, 2))!;
    expect(Array.from(k.keys)).toEqual([125, 0, 175]);
    // 175 needs 8 bits (128 ≤ 175 < 256).
    expect({ min: k.min, scale: k.scale, span: k.span, bits: k.bits }).toEqual({
      min: 25,
      scale: 100,
      span: 175,
      bits: 8,
    });
  });

  it('whole numbers take scale 1, from a negative minimum; -0 and +0 get one key', () => {
    const k = integerKeys(Float64Array.of(-3, 4, -0, 0))!;
    expect(Array.from(k.keys)).toEqual([0, 7, 3, 3]);
    expect({ min: k.min, scale: k.scale, span: k.span, bits: k.bits }).toEqual({ min: -3, scale: 1, span: 7, bits: 3 });
  });

  it('takes at most six decimals', () => {
    const six = integerKeys(Float64Array.of(0.000001, 1))!;
    expect(Array.from(six.keys)).toEqual([0, 999_999]);
    expect({ scale: six.scale, bits: six.bits }).toEqual({ scale: 1e6, bits: 20 }); // 2^19 ≤ 999,999 < 2^20
    expect(integerKeys(Float64Array.of(0.0000001, 1))).toBeUndefined();
  });

  it('checks every value against the decimals found on the first ones', () => {
    const values = new Float64Array(100).fill(2);
    values[63] = 2.5; // among the first 64: one decimal for all
    expect(integerKeys(values)!.scale).toBe(10);
    values[63] = 2;
    values[99] = 2.5; // later: whole numbers do not fit it, so no keys
    expect(integerKeys(values)).toBeUndefined();
  });

  it('needs the keys to span less than 2^32', () => {
    const widest = integerKeys(Float64Array.of(5, 5 + 2 ** 32 - 1))!;
    expect(Array.from(widest.keys)).toEqual([0, 2 ** 32 - 1]);
    expect(widest.bits).toBe(32);
    expect(integerKeys(Float64Array.of(5, 5 + 2 ** 32))).toBeUndefined();
  });

  it('one value, or all equal: keys 0, span 0, no bits', () => {
    const k = integerKeys(Float64Array.of(7.25, 7.25))!;
    expect(Array.from(k.keys)).toEqual([0, 0]);
    expect({ min: k.min, scale: k.scale, span: k.span, bits: k.bits }).toEqual({
      min: 725,
      scale: 100,
      span: 0,
      bits: 0,
    });
  });
});
