// Two-sample Kolmogorov–Smirnov test: did a distribution (prompt lengths, output lengths) change
// between the sides? The p-value uses the asymptotic Kolmogorov distribution with Stephens'
// small-sample correction (Numerical Recipes §14.3); with ties (token counts) it is conservative.

import type { SortedSample } from './quantile';

export interface KsResult {
  /** Largest vertical distance between the two empirical CDFs, in [0, 1]. */
  statistic: number;
  pValue: number;
  n1: number;
  n2: number;
}

export function ksTwoSample(a: SortedSample, b: SortedSample): KsResult {
  const n1 = a.length;
  const n2 = b.length;
  if (n1 === 0 || n2 === 0) return { statistic: NaN, pValue: NaN, n1, n2 };
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < n1 && j < n2) {
    const x = a[i] <= b[j] ? a[i] : b[j];
    while (i < n1 && a[i] === x) i++;
    while (j < n2 && b[j] === x) j++;
    d = Math.max(d, Math.abs(i / n1 - j / n2));
  }
  return withPValue(d, n1, n2);
}

/** Whole numbers spanning at most this many values are counted, not sorted. */
const MAX_COUNTED_RANGE = 1 << 20;

/**
 * ksTwoSample on the finite values of `a` and `b`, unsorted, for whole numbers (token counts): the
 * two empirical CDFs from histograms, compared at every value either sample holds, in increasing
 * order, as the sorted walk compares them; the same statistic to the bit. Undefined when a value is
 * not a whole number (or -0), or the values span more than 2^20.
 */
export function ksTwoSampleCounted(a: ArrayLike<number>, b: ArrayLike<number>): KsResult | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const xs of [a, b]) {
    for (let k = 0; k < xs.length; k++) {
      const v = xs[k];
      if (!Number.isFinite(v)) continue;
      if (!Number.isInteger(v) || Object.is(v, -0)) return undefined;
      if (v < min) min = v;
      if (v > max) max = v;
    }
  }
  if (min === Infinity) return { statistic: NaN, pValue: NaN, n1: 0, n2: 0 };
  if (max - min >= MAX_COUNTED_RANGE) return undefined;
  const ca = new Uint32Array(max - min + 1);
  const cb = new Uint32Array(max - min + 1);
  let n1 = 0;
  let n2 = 0;
  for (let k = 0; k < a.length; k++) {
    if (!Number.isFinite(a[k])) continue;
    ca[a[k] - min]++;
    n1++;
  }
  for (let k = 0; k < b.length; k++) {
    if (!Number.isFinite(b[k])) continue;
    cb[b[k] - min]++;
    n2++;
  }
  if (n1 === 0 || n2 === 0) return { statistic: NaN, pValue: NaN, n1, n2 };
  let i = 0;
  let j = 0;
  let d = 0;
  // The sorted walk stops once either sample is used up; counting does the same.
  for (let x = 0; x < ca.length && i < n1 && j < n2; x++) {
    if (ca[x] === 0 && cb[x] === 0) continue;
    i += ca[x];
    j += cb[x];
    d = Math.max(d, Math.abs(i / n1 - j / n2));
  }
  return withPValue(d, n1, n2);
}

function withPValue(d: number, n1: number, n2: number): KsResult {
  const ne = (n1 * n2) / (n1 + n2);
  const sqrtNe = Math.sqrt(ne);
  const lambda = (sqrtNe + 0.12 + 0.11 / sqrtNe) * d;
  return { statistic: d, pValue: kolmogorovSurvival(lambda), n1, n2 };
}

/** Q_KS(λ) = 2 Σ_{k≥1} (−1)^{k−1} exp(−2 k² λ²). */
export function kolmogorovSurvival(lambda: number): number {
  if (lambda < 1e-3) return 1;
  let sum = 0;
  let sign = 1;
  let previous = 0;
  for (let k = 1; k <= 100; k++) {
    const term = sign * 2 * Math.exp(-2 * k * k * lambda * lambda);
    sum += term;
    if (Math.abs(term) <= 1e-12 * Math.abs(sum) || Math.abs(term) <= 1e-300) return clamp01(sum);
    if (Math.abs(term) < 1e-8 * previous) return clamp01(sum);
    previous = Math.abs(term);
    sign = -sign;
  }
  return 1; // did not converge: only for tiny λ, where the p-value is 1
}

function clamp01(x: number): number {
  return Math.min(1, Math.max(0, x));
}
