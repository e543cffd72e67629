// The verdict rules, in one place: a label is a fact about the interval printed next to it.
// - regressed / improved: the interval lies wholly beyond the minimum effect on the worse / better
//   side (and, for a single timer reading, the change is larger than the timer floor);
// - unchanged: the interval lies inside ± the minimum effect (equivalence: two one-sided tests,
//   Schuirmann 1987);
// - inconclusive: anything else, with which case it is and what would decide.
// The interval is the one at the family's level (src/compare/family.ts), so a correction for many
// metrics can only widen it: it turns a verdict into inconclusive, never into unchanged.
// Verdicts are codes and numbers; src/render/verdict-words.ts says them.

import type { Direction } from '../metrics/catalog';
import type { MoreData, Verdict, VerdictReason } from './types';

export interface IntervalJudgement {
  direction: Direction;
  /** The interval the verdict is decided on: relative change, or the difference when `relative` is false. */
  interval: [number, number];
  relative: boolean;
  /** Point estimate in the interval's units. */
  point: number;
  /** Smallest change that matters, in the interval's units (a share when relative). */
  minEffect: number;
  /** head − base in the metric's unit, for the timer floor. */
  difference: number;
  /** Smallest absolute change a single timer reading resolves (ms); 0 for means, rates and counts. */
  timerFloor: number;
  /** What the interval would need to decide, for an inconclusive reason (see `moreData`). */
  noise?: NoiseContext;
}

/** How much of an interval's width is sampling (shrinks with more requests) and how much is assumed run noise. */
export interface NoiseContext {
  /** Requests (or values) per side behind the interval. */
  count: number;
  /** Relative σ of the between-run noise allowed on each side (0 when measured from repeats). */
  runNoise: { base: number; head: number };
  /** The level of the interval, for the noise allowance's share of the width. */
  level: number;
  /** Runs on the side with fewer. */
  runs: number;
  /** z for that level. */
  z: number;
}

/** Sign that makes "worse" positive. */
export function worseSign(direction: Direction): 1 | -1 {
  return direction === 'lower-is-better' ? 1 : -1;
}

export function judgeInterval(j: IntervalJudgement): { verdict: Verdict; reason: VerdictReason } {
  const sign = worseSign(j.direction);
  const a = sign * j.interval[0];
  const b = sign * j.interval[1];
  const low = Math.min(a, b);
  const high = Math.max(a, b);
  const me = j.minEffect;
  if (low > me || high < -me) {
    const direction = low > me ? 'worse' : 'better';
    if (Math.abs(j.difference) < j.timerFloor)
      return { verdict: 'inconclusive', reason: { code: 'below-timer-floor', direction, floor: j.timerFloor } };
    return {
      verdict: direction === 'worse' ? 'regressed' : 'improved',
      reason: { code: 'beyond-min-effect', direction },
    };
  }
  if (low >= -me && high <= me) return { verdict: 'unchanged', reason: { code: 'within-min-effect' } };
  if (low > 0)
    return {
      verdict: 'inconclusive',
      reason: { code: 'direction-known', direction: 'worse', ...moreData(j, low, high) },
    };
  if (high < 0)
    return {
      verdict: 'inconclusive',
      reason: { code: 'direction-known', direction: 'better', ...moreData(j, low, high) },
    };
  return { verdict: 'inconclusive', reason: { code: 'too-noisy', ...moreData(j, low, high) } };
}

/**
 * What would decide: the interval's half-width must fall below the distance between the point and
 * the minimum effect (to show it inside, or beyond). Sampling width shrinks as 1/√n, so the factor of
 * more requests is (half-width / that distance)², once the part the run-noise allowance alone takes
 * is set aside; when the allowance alone is wider than the distance, more requests cannot decide and
 * repeated runs (which measure that noise) are what would.
 */
export function moreData(j: IntervalJudgement, low: number, high: number): MoreData {
  const half = (high - low) / 2;
  const centre = Math.abs(worseSign(j.direction) * j.point);
  const distance = Math.abs(centre - j.minEffect);
  const runs = j.noise?.runs ?? 1;
  if (!j.noise || !j.relative) return { requestsFactor: null, runsNeeded: false, runs };
  const noiseHalf = j.noise.z * Math.hypot(j.noise.runNoise.base, j.noise.runNoise.head);
  if (noiseHalf >= distance || distance < 1e-9) return { requestsFactor: null, runsNeeded: true, runs };
  // Widths add in quadrature: sampling² + noise² = half²; sampling must shrink to √(distance² − noise²).
  const sampling = Math.sqrt(Math.max(0, half * half - noiseHalf * noiseHalf));
  const allowed = Math.sqrt(distance * distance - noiseHalf * noiseHalf);
  if (sampling <= allowed) return { requestsFactor: null, runsNeeded: false, runs };
  return { requestsFactor: (sampling / allowed) ** 2, runsNeeded: false, runs };
}

/** True when a label is what the interval says (the invariant every report keeps; tested). */
export function labelAgreesWithInterval(
  verdict: Verdict,
  interval: [number, number],
  minEffect: number,
  direction: Direction,
): boolean {
  const sign = worseSign(direction);
  const low = Math.min(sign * interval[0], sign * interval[1]);
  const high = Math.max(sign * interval[0], sign * interval[1]);
  switch (verdict) {
    case 'unchanged':
      return low >= -minEffect && high <= minEffect;
    case 'regressed':
      return low > minEffect;
    case 'improved':
      return high < -minEffect;
    case 'inconclusive':
      return true;
  }
}
