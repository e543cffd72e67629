// The verdict rules, in one place.
// - regressed / improved: the change is beyond the minimum effect with confidence, after
//   correcting for every metric compared (Benjamini–Hochberg on the p-value of "within ± minimum
//   effect"), and
//   larger than the absolute floor;
// - unchanged: otherwise, when the measurement resolves changes of that size: the interval's
//   half-width is at most RESOLUTION_FACTOR × the minimum effect;
// - inconclusive: otherwise: the data is too noisy to decide, and the reason says what would.

import type { Direction } from '../metrics/catalog';
import type { Verdict } from './types';
import { percent, pValue as formatP, signedPercent, signedWithUnit } from '../format/numbers';

export interface VerdictInput {
  direction: Direction;
  /** head/base − 1, or null when the base is 0. */
  change: number | null;
  difference: number;
  /** Interval on the change (relative), or on the difference when change is null. */
  interval: [number, number];
  /** p-value of "within ± minimum effect", before correction. */
  pValue: number;
  /** p-value of "no change at all", before correction. */
  pValueZero: number;
  pAdjusted: number;
  alpha: number;
  /** Smallest relative change worth a verdict. */
  minEffect: number;
  /** Smallest absolute change worth a verdict, in the metric's unit. */
  minAbsolute: number;
  unit: string;
  /** Metrics compared in the family (for the message). */
  family: number;
}

/** An interval whose half-width exceeds this many minimum effects is too noisy to vouch for "unchanged". */
export const RESOLUTION_FACTOR = 3;

export function decideVerdict(input: VerdictInput): { verdict: Verdict; reason: string } {
  const { direction, change, difference, interval, pAdjusted, alpha, minEffect, minAbsolute, unit } = input;
  const sign = direction === 'lower-is-better' ? 1 : -1;
  const relative = change !== null;
  const effect = relative ? change : difference;
  const threshold = relative ? minEffect : minAbsolute;
  const shown = relative
    ? `${signedPercent(change)} (${signedPercent(interval[0])} … ${signedPercent(interval[1])})`
    : `${signedWithUnit(difference, unit)} (${signedWithUnit(interval[0], unit)} … ${signedWithUnit(interval[1], unit)})`;
  const floor = relative ? `the ${percent(minEffect)} minimum effect` : `the ${signedWithUnit(minAbsolute, unit).slice(1)} minimum change`;

  if (pAdjusted < alpha && Math.abs(effect) > threshold && Math.abs(difference) >= minAbsolute) {
    return {
      verdict: sign * effect > 0 ? 'regressed' : 'improved',
      reason: `${shown}: beyond ${floor} with confidence after correcting for ${input.family} ${input.family === 1 ? 'metric' : 'metrics'} (adjusted p ${pText(pAdjusted)})`,
    };
  }
  if (pAdjusted < alpha && Math.abs(effect) > threshold) {
    return {
      verdict: 'unchanged',
      reason: `${shown}: beyond ${floor} with confidence, but only ${signedWithUnit(difference, unit)}, below the ${signedWithUnit(minAbsolute, unit).slice(1)} that timer resolution and jitter allow`,
    };
  }
  const excludesZero = interval[0] > 0 || interval[1] < 0;
  const halfWidth = (interval[1] - interval[0]) / 2;
  const resolution = RESOLUTION_FACTOR * threshold;
  if (halfWidth <= resolution) {
    let why: string;
    if (Math.abs(effect) > threshold) why = `not beyond ${floor} with confidence${correctionNote(input)}`;
    else if (excludesZero) why = `a real but small change, within ${floor}`;
    else why = 'within run-to-run noise';
    return { verdict: 'unchanged', reason: `${shown}: ${why}` };
  }
  const bound = relative ? percent(resolution) : signedWithUnit(resolution, unit).slice(1);
  return {
    verdict: 'inconclusive',
    reason: `${shown}: not beyond ${floor} with confidence${correctionNote(input)}, and the interval is wider than ±${bound}, too noisy to rule out a change that matters; more requests or repeated runs would decide`,
  };
}

function correctionNote(input: VerdictInput): string {
  return input.pAdjusted >= input.alpha && input.pValue < input.alpha
    ? ` (p ${pText(input.pValue)} alone, ${formatP(input.pAdjusted)} after correcting for ${input.family} metrics)`
    : '';
}

/** "= 0.042" or "< 0.001", to follow "p". */
function pText(p: number): string {
  const text = formatP(p);
  return text.startsWith('<') ? text : `= ${text}`;
}
