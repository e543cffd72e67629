// The between-run noise allowance from repeated runs of one build, and what it lets a comparison of
// one run a side detect. Everything is on the log scale (a relative σ).
//
// Model: a run's statistic is ln s = μ + e_within + e_extra. e_within is the sampling noise inside
// the run, which the block bootstrap of every comparison already measures (σ_w); e_extra is what
// moves a whole run (another machine state, another arrival pattern), which it cannot see. Repeated
// runs of one build show both: their spread σ_b² = σ_w² + σ_extra². The comparison adds an allowance
// a per side on top of its bootstrap, so a = √(σ_b² − σ_w²).
//
// σ_b is estimated from n runs (n − 1 degrees of freedom). Used as if known, it would give intervals
// too narrow for their level; the fix is Student's: widen the per-side σ by t_{n−1}/z at the level the
// intervals are shown at, so a = √((k·σ̂_b)² − σ_w²) with k = t/z. This is what makes a noise band from
// few runs honest, and why more runs give a smaller allowance even when σ̂_b stays the same.
//
// The block bootstrap can also see more spread inside a run than whole runs show (long blocks at a
// tail percentile): then no allowance is added and the bootstrap's deviations are narrowed by
// k·σ̂_b/σ_w instead, so either way each side's σ is k·σ̂_b — what the runs measured, widened for
// how few they were.

import { normalQuantile } from './proportion';
import { studentTQuantile } from './student-t';

/** The widening of an estimated σ with `df` degrees of freedom at a two-sided `level`: t/z (≥ 1). */
export function tInflation(df: number, level: number): number {
  const p = 1 - (1 - level) / 2;
  if (!(df > 0)) return Infinity;
  return studentTQuantile(p, df) / normalQuantile(p);
}

export interface NoiseEstimate {
  /** σ of ln(statistic) between runs. */
  sigmaBetween: number;
  /** Degrees of freedom behind it (runs − 1, more when history refines it). */
  df: number;
  /** σ of ln(statistic) within one run, as the block bootstrap sees it (RMS over runs). */
  sigmaWithin: number;
}

/** The per-side allowance a comparison should add: √(max(0, (k·σ_b)² − σ_w²)). */
export function noiseAllowance(estimate: NoiseEstimate, level: number): number {
  const total = tInflation(estimate.df, level) * estimate.sigmaBetween;
  if (!Number.isFinite(total)) return Infinity;
  return Math.sqrt(Math.max(0, total * total - estimate.sigmaWithin * estimate.sigmaWithin));
}

/** The factor (≤ 1) on the bootstrap's deviations when whole runs spread less than it assumes. */
export function bootstrapScale(estimate: NoiseEstimate, level: number): number {
  const total = tInflation(estimate.df, level) * estimate.sigmaBetween;
  return estimate.sigmaWithin > 0 && total < estimate.sigmaWithin ? total / estimate.sigmaWithin : 1;
}

/** The σ of one side's statistic as a calibrated comparison sees it (allowance and scale applied): k·σ̂_b. */
export function sideSigma(estimate: NoiseEstimate, level: number): number {
  return tInflation(estimate.df, level) * estimate.sigmaBetween;
}

/**
 * The half-width, as a relative change, of the interval of a comparison of one run a side at `level`:
 * changes smaller than this cannot be told from zero.
 */
export function resolution(estimate: NoiseEstimate, level: number): number {
  return Math.expm1(normalQuantile(1 - (1 - level) / 2) * Math.SQRT2 * sideSigma(estimate, level));
}

/**
 * The smallest true change that a comparison of one run a side calls regressed with probability
 * `power`: its interval at `level` must lie wholly beyond the minimum effect, so
 * ln(1 + δ) = ln(1 + minEffect) + (z_level + z_power)·√2·σ_side.
 */
export function minimumDetectableEffect(
  estimate: NoiseEstimate,
  level: number,
  minEffect: number,
  power = 0.8,
): number {
  const z = normalQuantile(1 - (1 - level) / 2) + normalQuantile(power);
  return Math.expm1(Math.log1p(minEffect) + z * Math.SQRT2 * sideSigma(estimate, level));
}

/**
 * How many runs would bring a side's σ (k·σ_b) to `target` or below if the runner's spread stays what
 * was measured; undefined when `max` runs would not (the runner's own noise is that large).
 */
export function runsForSideSigma(
  estimate: Omit<NoiseEstimate, 'df'>,
  level: number,
  target: number,
  max = 200,
): number | undefined {
  for (let n = 2; n <= max; n++) if (sideSigma({ ...estimate, df: n - 1 }, level) <= target) return n;
  return undefined;
}

/** The sample σ (n − 1) of ln(values); NaN when fewer than 2 values or any is not positive. */
export function logSpread(values: readonly number[]): number {
  if (values.length < 2 || values.some((v) => !(v > 0) || !Number.isFinite(v))) return NaN;
  const logs = values.map(Math.log);
  const mean = logs.reduce((s, x) => s + x, 0) / logs.length;
  return Math.sqrt(logs.reduce((s, x) => s + (x - mean) ** 2, 0) / (logs.length - 1));
}

/**
 * Two estimates of one σ pooled by their degrees of freedom (the calibration and the journal's
 * history): σ² = (ν₁σ₁² + ν₂σ₂²)/(ν₁ + ν₂), on ν₁ + ν₂ degrees of freedom.
 */
export function poolSigma(
  a: { sigma: number; df: number },
  b: { sigma: number; df: number },
): { sigma: number; df: number } {
  const df = a.df + b.df;
  return { sigma: Math.sqrt((a.df * a.sigma ** 2 + b.df * b.sigma ** 2) / df), df };
}
