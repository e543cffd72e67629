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
