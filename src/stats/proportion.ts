// Score intervals for a proportion and for the difference of two independent proportions.
//
// Why not Wald (p ± z·√(p(1−p)/n)): goodput sits near 100%, where Wald collapses to zero width at
// p = 1 (every request good, "no uncertainty"), overshoots [0, 1] and covers far less than its
// nominal level for small n. Wilson's score interval stays inside [0, 1], is never degenerate and
// keeps near-nominal coverage; Newcombe's hybrid (1998, method 10) combines two Wilson intervals
// into one for p₁ − p₂ with the same properties.

export type Interval = [number, number];

/** Wilson score interval for `successes` of `n` (both may be fractional: effective counts). */
export function wilsonInterval(successes: number, n: number, z: number): Interval {
  if (!(n > 0)) return [0, 1];
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // At p = 0 or 1 the bound on that side is exactly 0 or 1; floating point would leave 1 − 1e-16.
  return [successes <= 0 ? 0 : Math.max(0, centre - half), successes >= n ? 1 : Math.min(1, centre + half)];
}

/** Newcombe's hybrid score interval for x₁/n₁ − x₂/n₂ (independent samples). */
export function newcombeInterval(x1: number, n1: number, x2: number, n2: number, z: number): Interval {
  const p1 = x1 / n1;
  const p2 = x2 / n2;
  const [l1, u1] = wilsonInterval(x1, n1, z);
  const [l2, u2] = wilsonInterval(x2, n2, z);
  const d = p1 - p2;
  return [d - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)];
}

/** The two-sided critical value for a confidence level: 0.95 → 1.959964. */
export function zForLevel(level: number): number {
  return normalQuantile(1 - (1 - level) / 2);
}

/**
 * Inverse standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9).
 * simple-statistics' probit is only good to ~2e-3 (1.9572 for 0.975), too coarse for an interval.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) return p === 0 ? -Infinity : p === 1 ? Infinity : NaN;
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const low = 0.02425;
  if (p < low || p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(p < low ? p : 1 - p));
    const x =
      (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
      ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    return p < low ? x : -x;
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) /
    (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  );
}

/** Fewer rows than this and a lag-1 autocorrelation is too noisy to act on. */
const MIN_ROWS_FOR_AUTOCORRELATION = 20;

/**
 * Effective number of independent requests behind a share of good ones. Misses cluster in time
 * (a queue builds, every request in it is late), so n rows carry less information than n coin
 * flips: with lag-1 autocorrelation ρ > 0 of the good/miss indicator, the AR(1) variance inflation
 * gives n·(1−ρ)/(1+ρ). Never more than n: a negative ρ is not used to narrow the interval. This is
 * the same concern that makes the rest of the tool resample blocks of consecutive requests.
 */
export function effectiveCount(indicator: ArrayLike<number>): number {
  const n = indicator.length;
  if (n < MIN_ROWS_FOR_AUTOCORRELATION) return n;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += indicator[i];
  mean /= n;
  let variance = 0;
  let lagged = 0;
  for (let i = 0; i < n; i++) {
    const x = indicator[i] - mean;
    variance += x * x;
    if (i + 1 < n) lagged += x * (indicator[i + 1] - mean);
  }
  if (variance === 0) return n;
  const rho = Math.min(0.99, lagged / variance);
  return rho > 0 ? Math.max(1, (n * (1 - rho)) / (1 + rho)) : n;
}
