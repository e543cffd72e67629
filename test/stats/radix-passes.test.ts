// The radix passes by hand, on a few keys: the stable order, the keys sorted, the IEEE mapping.

import { describe, expect, it } from 'vitest';
import { prefixSums, sortDoubles, sortKeys } from '../../src/stats/radix-passes';

describe('prefixSums (one radix pass)', () => {
  it('turns digit counts into the first slot of each digit', () => {
    const counts = Uint32Array.of(2, 0, 3, 1);
    expect(prefixSums(counts, 6)).toBe(true);
    expect(Array.from(counts)).toEqual([0, 2, 2, 5]);
  });

  it('says false when one digit holds every key: that pass would not reorder', () => {
    expect(prefixSums(Uint32Array.of(0, 6, 0, 0), 6)).toBe(false);
    expect(prefixSums(Uint32Array.of(0, 0, 0, 6), 6)).toBe(false);
  });
});

describe('sortKeys', () => {
  it('orders the indices by key, ties in index order, and sorts the keys', () => {
    const keys = Uint32Array.of(3, 1, 2, 1);
    expect(Array.from(sortKeys(keys, 2, 4))).toEqual([1, 3, 2, 0]);
    expect(Array.from(keys)).toEqual([1, 1, 2, 3]);
  });

  it('takes a second pass for keys wider than one digit (11 bits for a few keys)', () => {
    // 4096 = 2^12 and 4097 share their low 11 bits with 0 and 1: only the second pass tells them apart.
    const keys = Uint32Array.of(4096, 1, 4097, 0);
    expect(Array.from(sortKeys(keys, 13, 4))).toEqual([3, 1, 0, 2]);
    expect(Array.from(keys)).toEqual([0, 1, 4096, 4097]);
  });

  it('skips a pass where every key has the same digit, and still sorts', () => {
    // Low 11 bits all 0: the first pass would not move anything.
    const keys = Uint32Array.of(3 << 11, 1 << 11, 2 << 11);
    expect(Array.from(sortKeys(keys, 13, 3))).toEqual([1, 2, 0]);
    expect(Array.from(keys)).toEqual([1 << 11, 2 << 11, 3 << 11]);
  });
});

describe('sortDoubles', () => {
  it('orders by numeric value through the IEEE bits: negatives reversed, -0 tied with +0 in index order', () => {
    const values = Float64Array.of(0.5, -1, 0, -0, -Infinity, 2, -0.5, Infinity, 1e-300, -1e-300);
    // By value: -∞ (4), -1 (1), -0.5 (6), -1e-300 (9), 0 (2), -0 (3), 1e-300 (8), 0.5 (0), 2 (5), ∞ (7).
    expect(Array.from(sortDoubles(values))).toEqual([4, 1, 6, 9, 2, 3, 8, 0, 5, 7]);
  });
});
