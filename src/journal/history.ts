// A metric's history in the performance journal (§8): the recorded values of one benchmark's metric
// in time order, the run-to-run noise they show, and whether the baseline itself has drifted.
//
// Why: one run per side cannot measure between-run noise, so the comparison allows a default for it
// (config.ts, defaultRunNoise). The journal has measured it, entry after entry, on this benchmark's
// own runner; `noiseBand` turns that into the σ the comparison can use instead, and the σ that
// lets a summary-only comparison (one number a side, no spread at all) be judged. And a baseline
// that has crept (a slow leak, a runner change) makes every comparison against it misleading;
// `detectDrift` says so, with the entry it started at.

import { eDivisive, type EDivisiveOptions } from '../stats/change-point';
import { percent, pValue as formatP } from '../display/numbers';
import { quantile } from '../stats/quantile';
import type { EntryKind, JournalEntry } from './schema';

export interface HistoryPoint {
  /** The entry's id (the workflow run that recorded it). */
  id: string;
  recordedAt: string;
  value: number;
  unit: string;
  kind: EntryKind;
  /** The entry's verdict against the previous baseline. */
  verdict: string;
  /** This metric's own verdict in the entry, when it was recorded. */
  metricVerdict?: string;
  commit?: string;
}

/**
 * The values of `key` in `benchmark`'s entries, oldest first (by recordedAt; entries with the same
 * time keep their journal order). Entries whose recordedAt does not parse are left out (they
 * cannot be placed in time), as are repeated ids (a re-run appends nothing twice) and non-finite
 * values. When the metric's unit changed over time, only the points in the latest unit are kept:
 * milliseconds and seconds on one axis would read as a change point.
 */
export function metricHistory(entries: readonly JournalEntry[], benchmark: string, key: string): HistoryPoint[] {
  const seen = new Set<string>();
  const dated: { time: number; order: number; point: HistoryPoint }[] = [];
  entries.forEach((entry, order) => {
    if (entry.benchmark !== benchmark || seen.has(entry.id)) return;
    const time = Date.parse(entry.recordedAt);
    if (!Number.isFinite(time)) return;
    const metric = entry.metrics.find((m) => m.key === key);
    if (!metric || !Number.isFinite(metric.value)) return;
    seen.add(entry.id);
    const point: HistoryPoint = {
      id: entry.id,
      recordedAt: entry.recordedAt,
      value: metric.value,
      unit: metric.unit,
      kind: entry.kind,
      verdict: entry.verdict,
    };
    if (metric.verdict !== undefined) point.metricVerdict = metric.verdict;
    if (entry.commit !== undefined) point.commit = entry.commit;
    dated.push({ time, order, point });
  });
  dated.sort((a, b) => a.time - b.time || a.order - b.order);
  const points = dated.map((d) => d.point);
  const unit = points.at(-1)?.unit;
  return points.filter((p) => p.unit === unit);
}

// ---------------------------------------------------------------------------------------------
// Noise band

export interface NoiseBand {
  /**
   * Relative run-to-run σ of one run: the σ of ln(value) between repeated runs of the same build,
   * the quantity the comparison's between-run allowance (run-noise) is.
   */
  sigma: number;
  /** How many consecutive pairs it rests on. */
  pairs: number;
  /** The median log ratio between consecutive entries: the typical step (≈ 0 without a trend). */
  medianStep: number;
  /** Pairs left out, and why. */
  excluded: { changePoint: number; shift: number; invalid: number };
  /** `mad`, or `mean-deviation` when more than half the steps were identical (see noiseBand). */
  method: 'mad' | 'mean-deviation';
}

export interface NoiseBandOptions {
  /** Fewest usable pairs for an estimate. Default 5. */
  minPairs?: number;
  /**
   * Change points as indices into `points` (the first point after each change). Default: those
   * `detectDrift` finds, with `drift` as its options.
   */
  changePoints?: readonly number[];
  drift?: EDivisiveOptions;
  /** Use only the most recent this many usable pairs (noise on a runner retired long ago is not today's). Default: all. */
  recentPairs?: number;
}

export const NOISE_MIN_PAIRS = 5;

/**
 * The run-to-run noise of a metric from its history, as a relative σ per run; undefined when fewer
 * than `minPairs` consecutive pairs are usable.
 *
 * Estimator. For consecutive entries i−1, i: dᵢ = ln(vᵢ / vᵢ₋₁). With vᵢ = μ·exp(εᵢ), εᵢ independent
 * with σ, dᵢ has σ·√2 (two runs' noise), so σ = 1.4826·MAD(d)/√2, with the MAD taken about the
 * median step (a slow steady trend moves the median, not the spread). MAD, not the standard
 * deviation: one odd run spoils two consecutive ratios, and a noise band should not be widened by
 * an outage. Small samples: the MAD of so few (and, sharing a point, correlated) ratios is biased
 * low; the factor below makes the estimate unbiased for normal noise (by simulation of this exact
 * estimator, 10⁶ histories per size; under 0.5% beyond 20 pairs, and taken as 1 there).
 *
 * Pairs left out: those across a change point (a step of the baseline is not noise), those into an
 * entry that was itself a change (its verdict, or this metric's, was regressed or improved; or it
 * is an unaccepted or accepted regression), and those with a non-positive value (no log ratio).
 *
 * Assumptions: noise is multiplicative (relative), independent from entry to entry, and about the
 * same size across the history; entries are runs of comparable builds on a comparable runner. It
 * measures what changes between two recorded runs, including small real changes that no verdict
 * flagged, so it errs wide rather than narrow. When more than half the steps are exactly equal
 * (values rounded coarsely) the MAD is 0; the mean absolute deviation (×√(π/2)) is used instead.
 * When every step is exactly 0 the values were copied or rounded to one number, which is no
 * evidence of the noise: undefined, as for too few pairs (a σ of 0 would make any difference a
 * verdict).
 *
 * Use: the comparison takes `sigma` as the between-run allowance of a side that has no repeats, in
 * place of its default (config.ts, defaultRunNoise), and as the spread of a summary-only side.
 */
export function noiseBand(points: readonly HistoryPoint[], options: NoiseBandOptions = {}): NoiseBand | undefined {
  const minPairs = options.minPairs ?? NOISE_MIN_PAIRS;
  const changes = new Set(options.changePoints ?? detectDrift(points, options.drift).changePoints.map((c) => c.index));
  const steps: number[] = [];
  const excluded = { changePoint: 0, shift: 0, invalid: 0 };
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1].value;
    const b = points[i].value;
    if (!(a > 0 && b > 0 && Number.isFinite(a) && Number.isFinite(b))) excluded.invalid++;
    else if (changes.has(i)) excluded.changePoint++;
    else if (isShift(points[i])) excluded.shift++;
    else steps.push(Math.log(b / a));
  }
  if (options.recentPairs !== undefined && steps.length > options.recentPairs)
    steps.splice(0, steps.length - options.recentPairs);
  if (steps.length < minPairs) return undefined;

  const medianStep = median(steps);
  const deviations = steps.map((d) => Math.abs(d - medianStep));
  let spread = 1.4826 * median(deviations) * smallSampleFactor(steps.length);
  let method: NoiseBand['method'] = 'mad';
  if (spread === 0) {
    spread = (deviations.reduce((s, d) => s + d, 0) / deviations.length) * Math.sqrt(Math.PI / 2);
    method = 'mean-deviation';
  }
  if (spread === 0) return undefined;
  return { sigma: spread / Math.SQRT2, pairs: steps.length, medianStep, excluded, method };
}

/** `noiseBand` of `key` in `benchmark`'s journal entries: the journal's run-noise for that metric. */
export function journalNoise(
  entries: readonly JournalEntry[],
  benchmark: string,
  key: string,
  options?: NoiseBandOptions,
): NoiseBand | undefined {
  return noiseBand(metricHistory(entries, benchmark, key), options);
}

/** 1 / E[estimate] for σ = 1 by simulation, indexed by the number of pairs (5 to 20). */
const SMALL_SAMPLE: Readonly<Record<number, number>> = {
  5: 1.089,
  6: 1.078,
  7: 1.043,
  8: 1.042,
  9: 1.025,
  10: 1.025,
  11: 1.016,
  12: 1.017,
  13: 1.011,
  14: 1.012,
  15: 1.008,
  16: 1.009,
  17: 1.006,
  18: 1.006,
  19: 1.005,
  20: 1.005,
};

function smallSampleFactor(pairs: number): number {
  return SMALL_SAMPLE[pairs] ?? (pairs < 5 ? SMALL_SAMPLE[5] : 1);
}

const SHIFT_VERDICTS = new Set(['regressed', 'improved']);
const SHIFT_KINDS = new Set<EntryKind>(['unaccepted-regression', 'accepted']);

/** The entry recorded a change against the previous baseline, so the step into it is not noise. */
function isShift(point: HistoryPoint): boolean {
  return (
    SHIFT_KINDS.has(point.kind) ||
    SHIFT_VERDICTS.has(point.verdict.trim().toLowerCase()) ||
    (point.metricVerdict !== undefined && SHIFT_VERDICTS.has(point.metricVerdict.trim().toLowerCase()))
  );
}

// ---------------------------------------------------------------------------------------------
// Drift

export interface DriftChange {
  /** Index into the points of the first entry after the change. */
  index: number;
  recordedAt: string;
  commit?: string;
  pValue: number;
  /** The entries between the previous change (or the start) and this one. */
  before: { count: number; median: number };
  /** The entries from this change to the next (or the latest). */
  after: { count: number; median: number };
  /** after.median / before.median − 1. */
  shift: number;
}

export interface Drift {
  /** Oldest first. */
  changePoints: DriftChange[];
  /** The latest change: the most recent entries differ from the ones before them. */
  recent?: DriftChange;
  /** A sentence for the report when there is a latest change (within `within`); plain text (escape it for markdown). */
  sentence?: string;
}

export interface DriftOptions extends EDivisiveOptions {
  /** What the sentence calls the metric, e.g. "TTFT p95". Default "the metric". */
  label?: string;
  /**
   * Write the sentence only when the latest change is within this many of the most recent entries
   * (a step long ago that the baseline has been stable after is no longer news). Default: always.
   */
  within?: number;
}

/** Below this relative change of the median, a change point is a change of spread or shape. */
const SAME_MEDIAN = 0.005;

/**
 * Change points of the metric's history by E-divisive means on ln(value) (so a 10% step reads the
 * same at 100 ms and at 10 s, and one slow run weighs as much as one fast one), and a sentence when
 * the latest entries differ from the ones before. Non-positive values are left out of the search.
 */
export function detectDrift(points: readonly HistoryPoint[], options: DriftOptions = {}): Drift {
  const usable: number[] = [];
  points.forEach((p, i) => {
    if (p.value > 0 && Number.isFinite(p.value)) usable.push(i);
  });
  const { label = 'the metric', within = Infinity, ...search } = options;
  const result = eDivisive(
    usable.map((i) => Math.log(points[i].value)),
    search,
  );
  const bounds = [0, ...result.changePoints.map((c) => c.index), usable.length];
  const changePoints = result.changePoints.map((c, k): DriftChange => {
    const before = usable.slice(bounds[k], bounds[k + 1]).map((i) => points[i].value);
    const after = usable.slice(bounds[k + 1], bounds[k + 2]).map((i) => points[i].value);
    const at = points[usable[c.index]];
    const change: DriftChange = {
      index: usable[c.index],
      recordedAt: at.recordedAt,
      pValue: c.pValue,
      before: { count: before.length, median: median(before) },
      after: { count: after.length, median: median(after) },
      shift: median(after) / median(before) - 1,
    };
    if (at.commit !== undefined) change.commit = at.commit;
    return change;
  });
  const recent = changePoints.at(-1);
  if (!recent) return { changePoints };
  if (points.length - recent.index > within) return { changePoints, recent };
  return { changePoints, recent, sentence: driftSentence(label, recent) };
}

function driftSentence(label: string, change: DriftChange): string {
  const where = `change at entry of ${entryDate(change.recordedAt)}, p ${change.pValue < 0.001 ? '< 0.001' : `= ${formatP(change.pValue)}`}`;
  const span = `over the last ${change.after.count} ${change.after.count === 1 ? 'entry' : 'entries'}`;
  if (Math.abs(change.shift) < SAME_MEDIAN) {
    return `the baseline itself has changed: ${label} kept its median but not its spread ${span} (${where})`;
  }
  return `the baseline itself has drifted: ${label} ${change.shift > 0 ? 'rose' : 'fell'} ${percent(Math.abs(change.shift))} ${span} (${where})`;
}

/** The calendar date as the journal wrote it (not converted to UTC). */
function entryDate(recordedAt: string): string {
  const literal = /^\d{4}-\d{2}-\d{2}/.exec(recordedAt);
  return literal ? literal[0] : new Date(Date.parse(recordedAt)).toISOString().slice(0, 10);
}

function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}
