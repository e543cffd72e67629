import { describe, expect, it } from 'vitest';
import { autocovariances, optimalBlockLength, rankTransform } from '../../src/stats/block-length';
import { createRng } from '../../src/stats/rng';

function ar1(phi: number, n: number, seed: number): Float64Array {
  const rng = createRng(seed);
  const x = new Float64Array(n);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    prev = phi * prev + rng.normal();
    x[i] = prev;
  }
  return x;
}

const alternating = (n: number) => Float64Array.from({ length: n }, (_, i) => (i % 2 ? 1 : -1));
const cap = (n: number) => Math.max(1, Math.floor(Math.min(3 * Math.sqrt(n), n / 3)));

describe('autocovariances', () => {
  it('matches a hand computation on [1, 2, 3, 4] (biased: divided by n)', () => {
    // mean 2.5, centred [−1.5, −0.5, 0.5, 1.5]
    // lag 0: (2.25 + 0.25 + 0.25 + 2.25) / 4 = 1.25
    // lag 1: (0.75 − 0.25 + 0.75) / 4 = 0.3125
    // lag 2: (−0.75 − 0.75) / 4 = −0.375
    // lag 3: (−2.25) / 4 = −0.5625
    // lags ≥ n: 0
    const acov = autocovariances(new Float64Array([1, 2, 3, 4]), 5);
    expect(acov).toHaveLength(6);
    expect(Array.from(acov)).toEqual([1.25, 0.3125, -0.375, -0.5625, 0, 0]);
  });

  it('matches a hand computation on [2, 4, 6, 0]', () => {
    // mean 3, centred [−1, 1, 3, −3]
    // lag 0: (1 + 1 + 9 + 9) / 4 = 5; lag 1: (−1 + 3 − 9) / 4 = −1.75
    // lag 2: (−3 − 3) / 4 = −1.5; lag 3: 3 / 4 = 0.75
    expect(Array.from(autocovariances(new Float64Array([2, 4, 6, 0]), 3))).toEqual([5, -1.75, -1.5, 0.75]);
  });

  it('returns only the lags asked for', () => {
    expect(Array.from(autocovariances(new Float64Array([1, 2, 3, 4]), 1))).toEqual([1.25, 0.3125]);
  });

  it('is zero everywhere for a constant series', () => {
    expect(Array.from(autocovariances(new Float64Array([7, 7, 7, 7, 7]), 3))).toEqual([0, 0, 0, 0]);
  });
});

describe('rankTransform', () => {
  it('maps the r-th smallest value to (r + 0.5) / n', () => {
    // order: 10 (r 0), 20 (r 1), 30 (r 2) → 1/6, 1/2, 5/6
    const ranks = rankTransform([30, 10, 20]);
    expect(ranks[0]).toBeCloseTo(5 / 6, 15);
    expect(ranks[1]).toBeCloseTo(1 / 6, 15);
    expect(ranks[2]).toBeCloseTo(1 / 2, 15);
  });

  it('gives tied values their shared mid-rank', () => {
    // 1 is position 0 → 0.5/4; the three 5s share positions 1..3 → mean of 1.5, 2.5, 3.5 = 2.5 → 2.5/4
    expect(Array.from(rankTransform([5, 5, 1, 5]))).toEqual([0.625, 0.625, 0.125, 0.625]);
    expect(Array.from(rankTransform([2, 2, 2]))).toEqual([0.5, 0.5, 0.5]);
  });

  it('ignores the size of outliers', () => {
    expect(Array.from(rankTransform([1, 1e12, 2]))).toEqual(Array.from(rankTransform([1, 3, 2])));
  });

  it('keeps the mean of the ranks at 1/2', () => {
    const rng = createRng(4);
    const values = Array.from({ length: 501 }, () => Math.floor(rng.next() * 20));
    const ranks = rankTransform(values);
    const mean = ranks.reduce((a, b) => a + b, 0) / ranks.length;
    expect(mean).toBeCloseTo(0.5, 12);
  });
});

describe('optimalBlockLength', () => {
  it('returns 1 below 12 values, however dependent the series', () => {
    expect(optimalBlockLength(alternating(11))).toBe(1);
    expect(optimalBlockLength(Float64Array.from({ length: 11 }, (_, i) => i))).toBe(1);
    expect(optimalBlockLength([])).toBe(1);
  });

  it('returns 1 for a constant series, on values and on ranks', () => {
    const constant = new Float64Array(500).fill(3.5);
    expect(optimalBlockLength(constant)).toBe(1);
    expect(optimalBlockLength(constant, { ranks: true })).toBe(1);
  });

  it('gives short blocks (1–3) to independent noise', () => {
    for (let seed = 1; seed <= 8; seed++) {
      const rng = createRng(seed);
      const normal = Float64Array.from({ length: 2000 }, () => rng.normal());
      const exponential = Float64Array.from({ length: 2000 }, () => rng.exponential(50));
      for (const series of [normal, exponential]) {
        for (const ranks of [false, true]) {
          const b = optimalBlockLength(series, { ranks });
          expect(b).toBeGreaterThanOrEqual(1);
          expect(b).toBeLessThanOrEqual(3);
        }
      }
    }
  });

  it('gives short blocks to independent values with many ties (ranks do not turn ties into a trend)', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const rng = createRng(seed);
      // integer milliseconds from a handful of levels
      const quantised = Float64Array.from({ length: 2000 }, () => Math.floor(rng.next() * 4));
      expect(optimalBlockLength(quantised, { ranks: true })).toBeLessThanOrEqual(3);
      expect(optimalBlockLength(quantised)).toBeLessThanOrEqual(3);
    }
  });

  it('gives an AR(1) with φ = 0.9 much longer blocks than one with φ = 0.1', () => {
    for (let seed = 1; seed <= 5; seed++) {
      for (const ranks of [false, true]) {
        const weak = optimalBlockLength(ar1(0.1, 2000, seed), { ranks });
        const strong = optimalBlockLength(ar1(0.9, 2000, seed), { ranks });
        expect(weak).toBeLessThanOrEqual(6);
        expect(strong).toBeGreaterThanOrEqual(20);
        expect(strong).toBeGreaterThanOrEqual(5 * weak);
      }
    }
  });

  it('matches a hand computation on an alternating series of 50', () => {
    // x = ±1 alternating, mean 0: R(k) = (−1)^k (50 − k)/50.
    // K_n = max(5, ⌈√log10 50⌉) = 5; m_max = ⌈√50⌉ + 5 = 13; threshold 2√(log10 50 / 50) ≈ 0.369.
    // |ρ(k)| = 1 − k/50 stays above it through lag 18, so m̂ = m_max = 13 and M = min(26, 13) = 13.
    // Flat-top weights λ(k/13): 1 for k ≤ 6, 2(1 − k/13) for 7 ≤ k ≤ 12, 0 at 13. Summing exactly:
    // ĝ = R(0) + 2Σλ R(k) = 22/325, Ĝ = 2Σλ k R(k) = 69/325.
    // b = (2Ĝ² / (2ĝ²))^(1/3) n^(1/3) = (69² · 50 / 22²)^(1/3) = 491.8…^(1/3) ≈ 7.89 → 8 (cap 16).
    expect(optimalBlockLength(alternating(50))).toBe(8);
  });

  it('caps the length at min(3√n, n/3): an alternating series of 12 would want 8, gets 4', () => {
    // n = 12: K_n = 5, m_max = 9, threshold ≈ 0.600; |ρ(k)| = 1 − k/12 first stays below it for
    // lags 5..9, so m̂ = 4 and M = 8. ĝ = 1 + 2(−11 + 10 − 9 + 8 − 0.75·7 + 0.5·6 − 0.25·5)/12 = 1/12,
    // Ĝ = 2(−11 + 20 − 27 + 32 − 26.25 + 18 − 8.75)/12 = −1/2, so b = (36 · 12)^(1/3) = 432^(1/3) ≈ 7.56;
    // the cap is ⌊min(3√12, 12/3)⌋ = 4.
    expect(optimalBlockLength(alternating(12))).toBe(4);
  });

  it('always lies in [1, ⌊min(3√n, n/3)⌋]', () => {
    const rng = createRng(77);
    const shapes: ((n: number) => Float64Array)[] = [
      (n) => Float64Array.from({ length: n }, (_, i) => i),
      (n) => Float64Array.from({ length: n }, (_, i) => (i < n / 2 ? 0 : 1)),
      alternating,
      (n) => Float64Array.from({ length: n }, (_, i) => Math.sin(i / 5)),
      (n) => ar1(0.999, n, n),
      (n) => ar1(0.5, n, n + 1),
      (n) => Float64Array.from({ length: n }, () => rng.exponential(1)),
    ];
    for (const n of [12, 13, 20, 27, 50, 100, 400, 1000, 3000]) {
      for (const shape of shapes) {
        for (const ranks of [false, true]) {
          const b = optimalBlockLength(shape(n), { ranks });
          expect(Number.isInteger(b)).toBe(true);
          expect(b).toBeGreaterThanOrEqual(1);
          expect(b).toBeLessThanOrEqual(cap(n));
        }
      }
    }
  });

  it('estimates on the middle 20,000 values of a long run', () => {
    // Strongly alternating ends around an independent middle: only the middle is looked at.
    const rng = createRng(12);
    const n = 60_000;
    const series = Float64Array.from({ length: n }, (_, i) =>
      i >= 20_000 && i < 40_000 ? rng.normal() : i % 2 ? 5 : -5,
    );
    expect(optimalBlockLength(series)).toBeLessThanOrEqual(3);
    // …whereas the same ends around an alternating middle give long blocks
    const dependent = Float64Array.from({ length: n }, (_, i) => (i % 2 ? 5 : -5));
    expect(optimalBlockLength(dependent)).toBeGreaterThan(20);
  });
});
