import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { kolmogorovSurvival, ksTwoSample, ksTwoSampleCounted } from '../../src/stats/ks-test';
import { sortedFinite } from '../../src/stats/quantile';
import { createRng } from '../../src/stats/rng';

const ks = (a: number[], b: number[]) => ksTwoSample(sortedFinite(a), sortedFinite(b));
const stephens = (n1: number, n2: number, d: number) => {
  const ne = (n1 * n2) / (n1 + n2);
  return (Math.sqrt(ne) + 0.12 + 0.11 / Math.sqrt(ne)) * d;
};

/** The dual (Jacobi theta) form: K(λ) = √(2π)/λ Σ exp(−(2k−1)²π²/(8λ²)); Q = 1 − K. */
function survivalViaTheta(lambda: number): number {
  let sum = 0;
  for (let k = 1; k < 50; k++) sum += Math.exp((-((2 * k - 1) ** 2) * Math.PI ** 2) / (8 * lambda * lambda));
  return 1 - (Math.sqrt(2 * Math.PI) / lambda) * sum;
}

describe('kolmogorovSurvival', () => {
  it('matches tabulated values of the Kolmogorov distribution', () => {
    expect(kolmogorovSurvival(0.5)).toBeCloseTo(0.963945, 6);
    expect(kolmogorovSurvival(1.0)).toBeCloseTo(0.27, 6);
    expect(kolmogorovSurvival(1.224)).toBeCloseTo(0.099926, 6);
    expect(kolmogorovSurvival(1.36)).toBeCloseTo(0.049486, 6); // the 5% critical value
    expect(kolmogorovSurvival(1.63)).toBeCloseTo(0.009846, 6); // the 1% critical value
    expect(kolmogorovSurvival(2.0)).toBeCloseTo(0.000671, 6);
    expect(kolmogorovSurvival(3.0)).toBeCloseTo(3.046e-8, 11);
  });

  it('agrees with the theta-function form for λ in [0.2, 3]', () => {
    for (let lambda = 0.2; lambda <= 3; lambda += 0.05) {
      expect(Math.abs(kolmogorovSurvival(lambda) - survivalViaTheta(lambda))).toBeLessThan(1e-9);
    }
  });

  it('is 1 at 0 and tiny λ, decreasing, and within [0, 1]', () => {
    expect(kolmogorovSurvival(0)).toBe(1);
    expect(kolmogorovSurvival(1e-4)).toBe(1);
    expect(kolmogorovSurvival(0.01)).toBe(1);
    let previous = 1;
    for (let lambda = 0.05; lambda < 6; lambda += 0.05) {
      const q = kolmogorovSurvival(lambda);
      expect(q).toBeGreaterThanOrEqual(0);
      expect(q).toBeLessThanOrEqual(previous + 1e-12);
      previous = q;
    }
    expect(kolmogorovSurvival(10)).toBeLessThan(1e-80);
  });
});

describe('ksTwoSample', () => {
  it('D by hand with ties: [1,2,2,3] vs [2,3,3,4] → 0.5', () => {
    // at 1: 1/4 − 0 = 0.25; at 2: 3/4 − 1/4 = 0.5; at 3: 1 − 3/4 = 0.25
    const r = ks([1, 2, 2, 3], [2, 3, 3, 4]);
    expect(r.statistic).toBe(0.5);
    expect(r.n1).toBe(4);
    expect(r.n2).toBe(4);
    // n_e = 2, λ = (√2 + 0.12 + 0.11/√2) × 0.5 ≈ 0.80600 → Q ≈ 0.534416
    expect(stephens(4, 4, 0.5)).toBeCloseTo(0.8059977, 6);
    expect(r.pValue).toBeCloseTo(0.534416, 5);
  });

  it('steps both CDFs past a tied value together', () => {
    // at 1: 3/4 − 1/4 = 0.5; at 2: 1 − 1 = 0
    expect(ks([1, 1, 1, 2], [1, 2, 2, 2]).statistic).toBe(0.5);
    // the same value on both sides only: D = 0
    expect(ks([5, 5, 5], [5, 5]).statistic).toBe(0);
  });

  it('D by hand with unequal sizes: [1..5] vs [3] → 0.4', () => {
    // at 1: 0.2; at 2: 0.4; at 3: |3/5 − 1| = 0.4; afterwards the gap closes
    const r = ks([1, 2, 3, 4, 5], [3]);
    expect(r.statistic).toBeCloseTo(0.4, 15);
    // n_e = 5/6, λ ≈ 0.46135 → Q ≈ 0.98349
    expect(r.pValue).toBeCloseTo(0.98349, 4);
  });

  it('disjoint samples: D = 1, p from λ = (√1.5 + 0.12 + 0.11/√1.5)', () => {
    const r = ks([1, 2, 3], [4, 5, 6]);
    expect(r.statistic).toBe(1);
    expect(r.pValue).toBeCloseTo(0.0326217, 6);
    expect(ks([4, 5, 6], [1, 2, 3]).statistic).toBe(1);
  });

  it('identical samples: D = 0 and p = 1', () => {
    const r = ks([3, 1, 4, 1, 5, 9, 2, 6], [3, 1, 4, 1, 5, 9, 2, 6]);
    expect(r.statistic).toBe(0);
    expect(r.pValue).toBe(1);
  });

  it('is symmetric in its arguments', () => {
    const rng = createRng(3);
    const a = Array.from({ length: 40 }, () => Math.floor(rng.next() * 10));
    const b = Array.from({ length: 55 }, () => Math.floor(rng.next() * 12));
    expect(ks(a, b)).toEqual({ ...ks(b, a), n1: 40, n2: 55 });
  });

  it('returns NaN when a side is empty', () => {
    const r = ks([], [1, 2]);
    expect(r.statistic).toBeNaN();
    expect(r.pValue).toBeNaN();
    expect(r.n1).toBe(0);
    expect(r.n2).toBe(2);
  });

  it('matches a brute-force D on random samples with ties', () => {
    const rng = createRng(21);
    for (let t = 0; t < 200; t++) {
      const a = Array.from({ length: 1 + rng.int(30) }, () => rng.int(8));
      const b = Array.from({ length: 1 + rng.int(30) }, () => rng.int(8) + rng.int(2));
      let d = 0;
      for (const x of [...a, ...b]) {
        const fa = a.filter((v) => v <= x).length / a.length;
        const fb = b.filter((v) => v <= x).length / b.length;
        d = Math.max(d, Math.abs(fa - fb));
      }
      expect(ks(a, b).statistic).toBeCloseTo(d, 14);
    }
  });

  it('rejects at about the nominal rate under the null, and detects a real shift', () => {
    const rng = createRng(8);
    let rejections = 0;
    const trials = 400;
    for (let t = 0; t < trials; t++) {
      const a = Array.from({ length: 60 }, () => rng.normal());
      const b = Array.from({ length: 80 }, () => rng.normal());
      if (ks(a, b).pValue < 0.05) rejections++;
    }
    expect(rejections / trials).toBeLessThan(0.09);
    expect(rejections / trials).toBeGreaterThan(0.01);
    const a = Array.from({ length: 200 }, () => rng.normal());
    const b = Array.from({ length: 200 }, () => rng.normal() + 1);
    expect(ks(a, b).pValue).toBeLessThan(1e-6);
  });
});

describe('ksTwoSampleCounted', () => {
  it('is ksTwoSample on the sorted finite values, to the bit, for whole numbers', () => {
    const sample = fc.array(
      fc.oneof(
        { weight: 9, arbitrary: fc.integer({ min: -20, max: 3000 }) },
        { weight: 1, arbitrary: fc.constantFrom(NaN, Infinity) },
      ),
      { maxLength: 200 },
    );
    fc.assert(
      fc.property(sample, sample, (a, b) => {
        const got = ksTwoSampleCounted(a, b)!;
        const want = ksTwoSample(sortedFinite(a), sortedFinite(b));
        expect([got.n1, got.n2]).toEqual([want.n1, want.n2]);
        expect(Object.is(got.statistic, want.statistic)).toBe(true);
        expect(Object.is(got.pValue, want.pValue)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('leaves fractions, -0 and wide ranges to the sort', () => {
    expect(ksTwoSampleCounted([1.5], [2])).toBeUndefined();
    expect(ksTwoSampleCounted([-0], [2])).toBeUndefined();
    expect(ksTwoSampleCounted([0], [2 ** 21])).toBeUndefined();
  });

  it('counts by the span of the values, not their size: far from zero or below it', () => {
    // 2^21 and 2^21 + 1 span 2 values: counted. [1] vs [1, 2]: D = 1/2 at the first value.
    expect(ksTwoSampleCounted([2 ** 21 + 1], [2 ** 21 + 1, 2 ** 21 + 2])).toEqual(ks([1], [1, 2]));
    // All of a below all of b: D = 1, whatever their sign.
    expect(ksTwoSampleCounted([-5, -4], [4, 5])).toEqual(ks([-5, -4], [4, 5]));
    expect(ksTwoSampleCounted([-5, -4], [4, 5])!.statistic).toBe(1);
  });
});
