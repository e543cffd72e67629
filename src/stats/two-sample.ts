// The change between two independently resampled sides: percentile intervals and p-values, all from
// the same replicates so they always agree.
//
// Two things go beyond a plain bootstrap:
// - Between-run noise. Resampling within one run cannot see how much a whole run moves when it is
//   repeated (another machine, another arrival pattern). When a side has too few repeats to measure
//   that, each replicate of the side is multiplied by exp(σ·Z), Z standard normal, with σ the
//   between-run noise allowed for the metric: the sampling distribution convolved with that noise.
// - The minimum effect. The p-value tests "the change is within ±margin" (two one-sided tests), not
//   "the change is exactly zero", so a verdict says the change is at least the minimum effect.

import type { Rng } from './rng';
import type { SideResampler } from './block-bootstrap';
import { quantileSorted, type SortedSample } from './quantile';

export interface ChangeEstimate {
  base: number;
  head: number;
  /** head − base. */
  difference: number;
  /** head / base − 1; null when the base is zero. */
  relative: number | null;
  differenceInterval: [number, number];
  relativeInterval: [number, number] | null;
  /** Each side's own interval, from the same replicates. */
  baseInterval: [number, number];
  headInterval: [number, number];
  /** Two-sided p-value for "no change beyond the margin": (count + 1) / (B + 1) on the nearer side, doubled. */
  pValue: number;
  /** Two-sided p-value for "no change at all", for reference. */
  pValueZero: number;
  resamples: number;
  level: number;
  /**
   * The percentile interval of the tested quantity (relative change, or the difference when the base
   * is zero) at any level, from the same replicates: the comparison picks the level once it knows how
   * many metrics it judges (docs/statistics.md).
   */
  intervalAt(level: number): [number, number];
  /** Each side's own interval at any level. */
  sideIntervalAt(side: 'base' | 'head', level: number): [number, number];
}

export interface ChangeOptions {
  resamples: number;
  level: number;
  rng: Rng;
  /** Relative between-run noise (σ of log) added to each side's replicates; 0 for none. */
  baseNoise: number;
  headNoise: number;
  /**
   * Factor (0 < s ≤ 1, default 1) on each side's log deviation from its point estimate: a calibration
   * on the team's runner measured whole runs spreading less than the block bootstrap assumes.
   */
  baseScale?: number;
  headScale?: number;
  /** Relative margin for the p-value (the minimum effect); applied to the difference when the base is 0. */
  relativeMargin: number;
  absoluteMargin: number;
}

export function bootstrapChange(base: SideResampler, head: SideResampler, options: ChangeOptions): ChangeEstimate {
  const { resamples, level, rng, baseNoise, headNoise } = options;
  const differences = new Float64Array(resamples);
  const baseReplicates = new Float64Array(resamples);
  const headReplicates = new Float64Array(resamples);
  const relatives = new Float64Array(resamples);
  const relativeDefined = base.point !== 0;
  for (let i = 0; i < resamples; i++) {
    let b = scaled(base.replicate(rng), base.point, options.baseScale);
    let h = scaled(head.replicate(rng), head.point, options.headScale);
    if (baseNoise > 0) b *= Math.exp(baseNoise * rng.normal());
    if (headNoise > 0) h *= Math.exp(headNoise * rng.normal());
    baseReplicates[i] = b;
    headReplicates[i] = h;
    differences[i] = h - b;
    relatives[i] = b === 0 ? NaN : h / b - 1;
  }

  // Tests run on relative changes when the base allows, else on differences.
  const tested = relativeDefined ? relatives : differences;
  const margin = relativeDefined ? options.relativeMargin : options.absoluteMargin;
  let notAboveMargin = 0;
  let notBelowMargin = 0;
  let notAboveZero = 0;
  let notBelowZero = 0;
  let usable = 0;
  for (let i = 0; i < resamples; i++) {
    const x = tested[i];
    if (Number.isNaN(x)) continue;
    usable++;
    if (x <= margin) notAboveMargin++;
    if (x >= -margin) notBelowMargin++;
    if (x <= 0) notAboveZero++;
    if (x >= 0) notBelowZero++;
  }
  const twoSided = (a: number, b: number) => Math.min(1, (2 * (Math.min(a, b) + 1)) / (usable + 1));

  const sortedTested = sortedReplicates(tested);
  const sortedBase = sortedReplicates(baseReplicates);
  const sortedHead = sortedReplicates(headReplicates);
  const tail = (1 - level) / 2;
  return {
    base: base.point,
    head: head.point,
    difference: head.point - base.point,
    relative: relativeDefined ? head.point / base.point - 1 : null,
    differenceInterval: relativeDefined
      ? percentileInterval(sortedReplicates(differences), level)
      : percentileInterval(sortedTested, level),
    relativeInterval: relativeDefined ? percentileInterval(sortedTested, level) : null,
    baseInterval: [quantileSorted(sortedBase, tail), quantileSorted(sortedBase, 1 - tail)],
    headInterval: [quantileSorted(sortedHead, tail), quantileSorted(sortedHead, 1 - tail)],
    pValue: twoSided(notAboveMargin, notBelowMargin),
    pValueZero: twoSided(notAboveZero, notBelowZero),
    resamples,
    level,
    intervalAt: (at) => percentileInterval(sortedTested, at),
    sideIntervalAt: (side, at) => percentileInterval(side === 'base' ? sortedBase : sortedHead, at),
  };
}

/** A replicate's log deviation from the point, times `scale`: point·(replicate/point)^scale. */
function scaled(replicate: number, point: number, scale: number | undefined): number {
  if (scale === undefined || scale === 1 || !(point > 0) || !(replicate > 0)) return replicate;
  return point * Math.exp(scale * Math.log(replicate / point));
}

/** Replicates sorted ascending; NaN replicates (a zero base in one resample) sort last and are left out. */
function sortedReplicates(replicates: Float64Array): SortedSample {
  const sorted = replicates.slice().sort();
  let n = sorted.length;
  while (n > 0 && Number.isNaN(sorted[n - 1])) n--;
  return sorted.subarray(0, n) as SortedSample;
}

function percentileInterval(sorted: SortedSample, level: number): [number, number] {
  const tail = (1 - level) / 2;
  return [quantileSorted(sorted, tail), quantileSorted(sorted, 1 - tail)];
}
