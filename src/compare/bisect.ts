// Bisecting a step between two commits (docs/github.md, "Bisect"): which metric moved between the
// ends, and for each commit measured in between, whether it is like the good end or the bad one —
// decided with the same statistics as a pull request (its interval against each end), and "unclear"
// when neither says so. The search narrows the range of candidates; a commit is measured again (its
// runs pooled) while unclear, within a budget. Pure: the dispatching is src/action/bisect-mode.ts.

import type { TriageConfig } from '../config/config';
import { parseMetricSpec, type MetricSpec } from '../metrics/metric-spec';
import type { Side } from '../model/run';
import type { MetricComparison } from './types';
import { compareRunSides } from './compare-runs';
import {
  keyDifferences,
  keyText,
  KEY_FIELDS,
  workloadKey,
  type KeyDifference,
  type KeyField,
  type WorkloadKey,
} from '../model/workload-key';

export type PointVerdict = 'good' | 'bad' | 'unclear';

export interface StepBetween {
  /** The metric followed: the one named, else the regressed one furthest beyond its minimum effect. */
  key?: string;
  /** The ends compared on it. */
  comparison?: MetricComparison;
  /** Every metric of the ends' comparison, for the report when none regressed. */
  metrics: MetricComparison[];
  /** The ends differ by less than this setup can tell apart on that metric: nothing to bisect. */
  tooClose: boolean;
}

/** The step between the ends: the metric that regressed (or the one named), and whether it is beyond what this setup resolves. */
export function stepBetween(good: Side, bad: Side, config: TriageConfig, named?: string): StepBetween {
  const spec = named ? specOf(named) : undefined;
  const result = compareRunSides(good, bad, spec ? onlyMetric(config, spec) : config);
  const judged = result.metrics.filter((m) => m.interval && m.spec.metric.id !== 'failed');
  const regressed = judged.filter((m) => m.verdict === 'regressed');
  const chosen = spec
    ? judged.find((m) => m.spec.key === spec.key)
    : regressed.sort((a, b) => beyond(b) - beyond(a))[0];
  if (!chosen) return { metrics: result.metrics, tooClose: true, ...(spec ? { key: spec.key } : {}) };
  return {
    key: chosen.spec.key,
    comparison: chosen,
    metrics: result.metrics,
    tooClose: chosen.verdict !== 'regressed',
  };
}

export interface PointJudgement {
  verdict: PointVerdict;
  /** The point against the good end (regressed: it has the step). */
  vsGood?: MetricComparison;
  /** The bad end against the point (regressed: the step is after it). */
  vsBad?: MetricComparison;
}

/** Like the bad end (it regressed from the good one, and the bad one is not worse), like the good one, or unclear. */
export function judgePoint(good: Side, point: Side, bad: Side, config: TriageConfig, key: string): PointJudgement {
  const only = onlyMetric(config, specOf(key));
  const vsGood = compareRunSides(good, point, only).metrics.find((m) => m.spec.key === key);
  const vsBad = compareRunSides(point, bad, only).metrics.find((m) => m.spec.key === key);
  const fromGood = vsGood?.verdict === 'regressed';
  const toBad = vsBad?.verdict === 'regressed';
  const verdict: PointVerdict = fromGood && !toBad ? 'bad' : toBad && !fromGood ? 'good' : 'unclear';
  return { verdict, ...(vsGood ? { vsGood } : {}), ...(vsBad ? { vsBad } : {}) };
}

/**
 * Binary search over commits 0…n (0 known good, n known bad): the culprit is the first bad one. Each
 * answer halves the candidates; `next` is the midpoint while more than one remains.
 */
export class BisectSearch {
  private lo = 0;
  private hi: number;

  constructor(readonly last: number) {
    if (!(last >= 1)) throw new RangeError('a bisect needs a good and a later bad commit');
    this.hi = last;
  }

  next(): number | undefined {
    return this.hi - this.lo > 1 ? Math.floor((this.lo + this.hi) / 2) : undefined;
  }

  record(index: number, verdict: 'good' | 'bad'): void {
    if (index <= this.lo || index >= this.hi)
      throw new RangeError(`commit ${index} is outside the open range (${this.lo}, ${this.hi})`);
    if (verdict === 'good') this.lo = index;
    else this.hi = index;
  }

  /** The range still open: the last known good and the first known bad. */
  get range(): { good: number; bad: number } {
    return { good: this.lo, bad: this.hi };
  }

  get culprit(): number | undefined {
    return this.hi - this.lo === 1 ? this.hi : undefined;
  }
}

/** The fields in which a run's workload differs from the bisect's (unrecorded on one side counts: it is not the same run). */
export function workloadMismatch(
  expected: WorkloadKey,
  side: Side,
): { field: KeyField; expected?: KeyDifference['base']; found?: KeyDifference['head'] }[] {
  const out: { field: KeyField; expected?: KeyDifference['base']; found?: KeyDifference['head'] }[] = [];
  for (const run of side.runs) {
    const key = workloadKey(run);
    if (keyText(key) === keyText(expected)) continue;
    for (const d of keyDifferences(expected, key)) out.push({ field: d.field, expected: d.base, found: d.head });
    for (const field of KEY_FIELDS) {
      if ((expected[field] === undefined) !== (key[field] === undefined))
        out.push({
          field,
          ...(expected[field] !== undefined ? { expected: expected[field] } : {}),
          ...(key[field] !== undefined ? { found: key[field] } : {}),
        });
    }
  }
  return out;
}

/** Keys come from the metric catalog or a checked input. */
function specOf(key: string): MetricSpec {
  const spec = parseMetricSpec(key);
  if (typeof spec === 'string') throw new RangeError(`"${key}": ${spec}`);
  return spec;
}

/** The config judging one metric (the failed share comes along, as always). */
function onlyMetric(config: TriageConfig, spec: MetricSpec): TriageConfig {
  return { ...config, metrics: [{ spec, origin: 'named' }] };
}

/** How far an interval lies beyond its minimum effect, in minimum effects. */
function beyond(m: MetricComparison): number {
  if (!m.interval || !(m.minEffect > 0)) return 0;
  const worse = m.spec.metric.direction === 'lower-is-better' ? m.interval[0] : -m.interval[1];
  return worse / m.minEffect;
}
