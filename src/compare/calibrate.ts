// Noise calibration from repeated runs of one build on the team's own runner (docs/statistics.md,
// "Calibration from your runner"). Per metric: the spread between runs, the spread the block bootstrap
// sees within a run, the between-run allowance a comparison of one run a side should add
// (src/stats/run-noise.ts), and the smallest change such a comparison detects. Then every A/A pair of
// the runs is judged twice — with the settings in force before, and with the calibrated allowance
// estimated from the other runs only (so a pair never judges itself) — and the false alarms counted.
// Codes and numbers only; src/render/calibration.ts words them.

import { runNoiseFor, type TriageConfig } from '../config/config';
import type { Run, Side } from '../model/run';
import { compatibleKeys, keyLabel, workloadKey, type WorkloadKey } from '../model/workload-key';
import { normalQuantile } from '../stats/proportion';
import {
  bootstrapScale,
  logSpread,
  minimumDetectableEffect,
  noiseAllowance,
  resolution,
  runsForSideSigma,
  sideSigma,
  tInflation,
  type NoiseEstimate,
} from '../stats/run-noise';
import type { ComparisonResult } from './compare';
import { compareRunSides as compareRuns } from './compare-runs';
import { summaryDefaults } from './summary-defaults';
import type { Verdict } from './types';

/** Fewest runs a calibration takes: with fewer, an estimated σ is too uncertain to be worth writing. */
export const MIN_CALIBRATION_RUNS = 4;

export type CalibrationSkip =
  /** The metric has no interval in these runs (too few values for the percentile, a field missing). */
  | { code: 'not-judged'; verdict: Verdict }
  /** A run's value is zero or negative: no relative spread. */
  | { code: 'not-positive' }
  /** The failed share has its own interval; it takes no between-run allowance. */
  | { code: 'share' };

export interface MetricCalibration {
  key: string;
  unit: string;
  /** The statistic in each run, in run order. */
  values: number[];
  sigmaBetween: number;
  sigmaWithin: number;
  df: number;
  /** t/z at the level: how much wider the per-side σ is taken for so few runs. */
  inflation: number;
  /** The calibrated between-run allowance (relative σ per side). */
  allowance: number;
  /** The factor on the bootstrap's spread (≤ 1; below 1 when whole runs spread less than it assumes). */
  scale: number;
  /** The allowance in force before (the run-noise input, else the default). */
  previousAllowance: number;
  /** One side's σ as a comparison sees it: before (bootstrap within a run plus that allowance), and calibrated (k·σ_b). */
  previousSide: number;
  side: number;
  minEffect: number;
  /** Half-width of the interval of an A/A change, one run a side. */
  resolution: number;
  /** Smallest change called regressed 80% of the time, one run a side. */
  detectable: number;
  /** When a calibrated side is wider than before: the runs that would narrow it to that; null: none would (the runner is that noisy). */
  runsToPrevious?: number | null;
}

export interface PairTally {
  pairs: number;
  /** Metric comparisons with an interval (judged). */
  comparisons: number;
  alarms: number;
  unchanged: number;
  inconclusive: number;
  byMetric: Record<string, { comparisons: number; alarms: number; unchanged: number; inconclusive: number }>;
}

export interface Calibration {
  benchmark: string;
  workload: WorkloadKey;
  runs: number;
  requests: number[];
  /** The level intervals are shown at when nothing moved (1 − α/m), which the allowances are for. */
  level: number;
  familySize: number;
  metrics: MetricCalibration[];
  skipped: { key: string; reason: CalibrationSkip }[];
  /** A/A pairs judged with the settings in force before. */
  before: PairTally;
  /** A/A pairs judged with the calibrated allowance, each estimated without the pair's own runs. */
  after: PairTally;
}

export class CalibrationError extends Error {
  constructor(
    message: string,
    /** Runs to add, when the problem is too few. */
    readonly moreRuns?: number,
  ) {
    super(message);
  }
}

export interface CalibrateOptions {
  benchmark: string;
  onProgress?: (done: number, total: number) => void;
}

/** Calibrates on `side`'s runs (repeats of one build, one workload key). */
export function calibrate(side: Side, config: TriageConfig, options: CalibrateOptions): Calibration {
  const runs = side.runs;
  if (runs.length < MIN_CALIBRATION_RUNS) {
    const more = MIN_CALIBRATION_RUNS - runs.length;
    throw new CalibrationError(
      `calibration needs at least ${MIN_CALIBRATION_RUNS} runs of one build; got ${runs.length}: run the benchmark ${more} more time${more === 1 ? '' : 's'} on the same build and runner`,
      more,
    );
  }
  const key = workloadKey(runs[0]);
  const odd = runs.findIndex((r) => !compatibleKeys(key, workloadKey(r)));
  if (odd >= 0)
    throw new CalibrationError(
      `run ${odd + 1} measures another workload than run 1 (${describeKey(workloadKey(runs[odd]))} vs ${describeKey(key)}): calibrate repeats of one configuration only`,
    );

  const total = runs.length + runs.length * (runs.length - 1);
  let done = 0;
  const step = () => options.onProgress?.(++done, total);
  const one = (r: Run): Side => ({ label: 'base', runs: [r] });

  // Each run against itself with no allowance: its point value and the bootstrap's own spread.
  const keys = [...config.metrics, ...summaryDefaults(config, side, side)].map((m) => m.spec.key);
  const zero: TriageConfig = {
    ...config,
    statistics: { ...config.statistics, runNoise: Object.fromEntries(keys.map((k) => [k, 0])) },
  };
  const selves = runs.map((r) => {
    const result = compareRuns(one(r), one(r), zero);
    step();
    return result;
  });
  const familySize = selves[0].family.size;
  const level = 1 - (1 - config.statistics.level) / Math.max(1, familySize);

  const metrics: MetricCalibration[] = [];
  const skipped: Calibration['skipped'] = [];
  const within = new Map<string, number[]>();
  for (const m of selves[0].metrics) {
    const key = m.spec.key;
    if (m.spec.metric.id === 'failed') {
      skipped.push({ key, reason: { code: 'share' } });
      continue;
    }
    const perRun = selves.map((s) => s.metrics.find((x) => x.spec.key === key));
    // A run without the metric at all (a tool's summary only some runs report) is not judged either.
    const unjudged = perRun.findIndex((x) => !x?.interval || !x.base);
    if (unjudged >= 0) {
      skipped.push({ key, reason: { code: 'not-judged', verdict: perRun[unjudged]?.verdict ?? 'inconclusive' } });
      continue;
    }
    const values = perRun.map((x) => x!.base!.value);
    if (values.some((v) => !(v > 0))) {
      skipped.push({ key, reason: { code: 'not-positive' } });
      continue;
    }
    const sigmas = perRun.map((x) => withinSigma(x!.interval!, x!.intervalLevel ?? level));
    within.set(key, sigmas);
    const estimate = { sigmaBetween: logSpread(values), df: values.length - 1, sigmaWithin: rms(sigmas) };
    const allowance = noiseAllowance(estimate, level);
    const previousAllowance = runNoiseFor(config, m.spec);
    const previousSide = Math.hypot(estimate.sigmaWithin, previousAllowance);
    const side = sideSigma(estimate, level);
    const runsToPrevious = side > previousSide ? (runsForSideSigma(estimate, level, previousSide) ?? null) : undefined;
    metrics.push({
      key,
      unit: m.spec.metric.unit,
      values,
      ...estimate,
      inflation: tInflation(estimate.df, level),
      allowance,
      scale: bootstrapScale(estimate, level),
      previousAllowance,
      previousSide,
      side,
      minEffect: m.minEffect,
      resolution: resolution(estimate, level),
      detectable: minimumDetectableEffect(estimate, level, m.minEffect),
      ...(runsToPrevious !== undefined ? { runsToPrevious } : {}),
    });
  }

  // Every A/A pair, with the settings before and with the calibration of the other runs.
  const before = emptyTally();
  const after = emptyTally();
  for (let i = 0; i < runs.length; i++) {
    for (let j = i + 1; j < runs.length; j++) {
      const base = one(runs[i]);
      const head: Side = { label: 'head', runs: [runs[j]] };
      addPair(before, compareRuns(base, head, config));
      step();
      const others = (values: readonly number[]) => values.filter((_, k) => k !== i && k !== j);
      const estimates = metrics.map((m): [string, NoiseEstimate] => [
        m.key,
        {
          sigmaBetween: logSpread(others(m.values)),
          df: runs.length - 3,
          sigmaWithin: rms(others(within.get(m.key)!)),
        },
      ]);
      addPair(after, compareRuns(base, head, withCalibration(config, estimates, level)));
      step();
    }
  }
  return {
    benchmark: options.benchmark,
    workload: key,
    runs: runs.length,
    requests: runs.map((r) => r.requests?.length ?? 0),
    level,
    familySize,
    metrics,
    skipped,
    before,
    after,
  };
}

/**
 * The config with calibrated noise for the metrics estimated: each one's allowance and bootstrap
 * scale. A run-noise the team set keeps its metric out of the calibration (its allowance and no scale).
 */
export function withCalibration(
  config: TriageConfig,
  estimates: readonly [string, NoiseEstimate][],
  level: number,
): TriageConfig {
  const explicit = config.statistics.runNoise;
  const runNoise: Record<string, number> = {};
  const bootstrapScaleByKey: Record<string, number> = { ...config.statistics.bootstrapScale };
  for (const [key, estimate] of estimates) {
    if (Object.hasOwn(explicit, key)) continue;
    runNoise[key] = noiseAllowance(estimate, level);
    bootstrapScaleByKey[key] = bootstrapScale(estimate, level);
  }
  return {
    ...config,
    statistics: { ...config.statistics, runNoise: { ...runNoise, ...explicit }, bootstrapScale: bootstrapScaleByKey },
  };
}

/**
 * A run against itself: the interval of head/base − 1 at `level` spans ±z·√2·σ_w on the log scale
 * (two independent resamples of one run), so σ_w = (ln(1 + hi) − ln(1 + lo)) / (2·z·√2).
 */
function withinSigma(interval: [number, number], level: number): number {
  const z = normalQuantile(1 - (1 - level) / 2);
  return (Math.log1p(interval[1]) - Math.log1p(interval[0])) / (2 * z * Math.SQRT2);
}

function rms(values: readonly number[]): number {
  return Math.sqrt(values.reduce((s, v) => s + v * v, 0) / values.length);
}

function emptyTally(): PairTally {
  return { pairs: 0, comparisons: 0, alarms: 0, unchanged: 0, inconclusive: 0, byMetric: {} };
}

function addPair(tally: PairTally, result: ComparisonResult): void {
  tally.pairs++;
  for (const m of result.metrics) {
    if (!m.interval) continue;
    const row = (tally.byMetric[m.spec.key] ??= { comparisons: 0, alarms: 0, unchanged: 0, inconclusive: 0 });
    const field = m.verdict === 'regressed' || m.verdict === 'improved' ? 'alarms' : m.verdict;
    for (const t of [tally, row]) {
      t.comparisons++;
      t[field]++;
    }
  }
}

function describeKey(key: WorkloadKey): string {
  return keyLabel(key) || 'no workload recorded';
}
