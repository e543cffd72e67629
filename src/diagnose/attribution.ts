// Where the time went at a percentile (methodology STEP 2). Percentiles do not add up across
// phases, so each side's requests at or above the metric's percentile (the tail) are taken, and the
// phase means over the two tails compared: per request metric = Σ phases + remainder, hence the
// phase deltas plus the remainder's delta equal the change in the tail mean exactly.

import { METRICS, type MetricId, type PhaseId, type PhaseOrRemainder } from '../metrics/catalog';
import type { MetricSpec } from '../metrics/metric-spec';
import { phaseColumn, requestColumn } from '../metrics/values';
import type { RequestTable } from '../model/run';
import { countFinite, meanFinite, quantile, quantileOfComputed } from '../stats/quantile';

export interface PhaseShare {
  phase: PhaseOrRemainder;
  /** Mean over the tail, per side. */
  baseMean: number;
  headMean: number;
  delta: number;
  /** delta / (change of the tail mean); phases can exceed 100% when others fell. */
  shareOfChange: number;
  /** headMean / head's tail mean: this phase's share of the head's time at that percentile. */
  shareOfHead: number;
  /** The phase's own percentile over all requests (as the §4 query computes it). */
  basePercentile: number;
  headPercentile: number;
}

export interface Attribution {
  spec: MetricSpec;
  /** Human description of the tail, e.g. "slowest 5% of requests". */
  tail: string;
  /** The quantile that defines the tail (0 for the mean: all requests). */
  q: number;
  base: { threshold: number; count: number; mean: number };
  head: { threshold: number; count: number; mean: number };
  phases: PhaseShare[];
  /** Phases of the model that one side's data lacks (their time sits in the remainder). */
  missingPhases: PhaseId[];
  /** The component with the largest change in the direction of the tail mean's change. */
  dominant: PhaseOrRemainder | null;
  /** Per-request telemetry (default), or the server's histograms (phase means only). */
  source?: 'requests' | 'server-histograms';
}

/** Phase decomposition of `spec` between two (pooled) tables, or null without a phase model. */
export function attribute(spec: MetricSpec, base: RequestTable, head: RequestTable): Attribution | null {
  if (spec.metric.custom) return null;
  const metricId: MetricId = spec.metric.level === 'run' ? 'e2e' : spec.metric.id;
  const model = METRICS[metricId].phases;
  if (model.length === 0) return null;
  const baseMetric = requestColumn(base, metricId);
  const headMetric = requestColumn(head, metricId);
  if (!baseMetric || !headMetric) return null;

  const phases = model.filter((p) => phaseColumn(base, p) && phaseColumn(head, p));
  const missingPhases = model.filter((p) => !phases.includes(p));
  if (phases.length === 0) return null;
  const q = spec.metric.level === 'run' || spec.stat.kind === 'mean' ? 0 : spec.stat.q;

  const b = tailMeans(base, baseMetric, phases, q);
  const h = tailMeans(head, headMetric, phases, q);
  if (!b || !h) return null;
  const change = h.mean - b.mean;

  const components: PhaseOrRemainder[] = [...phases, 'remainder'];
  const shares: PhaseShare[] = components.map((phase, j) => {
    const column = phase === 'remainder' ? null : phaseColumn(base, phase)!;
    const headColumn = phase === 'remainder' ? null : phaseColumn(head, phase)!;
    const delta = h.components[j] - b.components[j];
    return {
      phase,
      baseMean: b.components[j],
      headMean: h.components[j],
      delta,
      shareOfChange: change === 0 ? 0 : delta / change,
      shareOfHead: h.mean === 0 ? 0 : h.components[j] / h.mean,
      basePercentile: column ? ownStatistic(column, q) : b.remainderStatistic,
      headPercentile: headColumn ? ownStatistic(headColumn, q) : h.remainderStatistic,
    };
  });

  let dominant: PhaseOrRemainder | null = null;
  let best = 0;
  for (const share of shares) {
    const towardChange = Math.sign(change) * share.delta;
    if (towardChange > best) {
      best = towardChange;
      dominant = share.phase;
    }
  }
  return {
    spec,
    tail: q === 0 ? 'all requests' : `slowest ${trimPercent((1 - q) * 100)}% of requests`,
    q,
    base: { threshold: b.threshold, count: b.count, mean: b.mean },
    head: { threshold: h.threshold, count: h.count, mean: h.mean },
    phases: shares,
    missingPhases,
    dominant,
  };
}

function trimPercent(x: number): string {
  return String(Number(x.toPrecision(3)));
}

interface TailMeans {
  threshold: number;
  count: number;
  mean: number;
  /** Means of each phase then the remainder, over the tail. */
  components: number[];
  /** The remainder's own statistic over all requests (ownStatistic of the per-request remainder). */
  remainderStatistic: number;
}

function tailMeans(table: RequestTable, metric: Float64Array, phases: readonly PhaseId[], q: number): TailMeans | null {
  const columns = phases.map((p) => phaseColumn(table, p)!);
  if (countFinite(metric) === 0) return null;
  const threshold = q === 0 ? -Infinity : quantile(metric, q);
  const sums = new Float64Array(phases.length + 1);
  // A phase missing on one request counts as 0 there; its time shows in the remainder (NaN where
  // the metric is not finite).
  const remainderAt = (i: number) => {
    let rest = metric[i];
    for (let j = 0; j < columns.length; j++) {
      const v = columns[j][i];
      if (Number.isFinite(v)) rest -= v;
    }
    return rest;
  };
  // The remainder's own statistic, over its finite values in row order as ownStatistic reads a
  // column of them (the column itself, a million rows, is never made).
  let remainderSum = 0;
  let remainderCount = 0;
  let count = 0;
  let total = 0;
  for (let i = 0; i < table.length; i++) {
    const m = metric[i];
    if (!Number.isFinite(m)) continue;
    const rest = remainderAt(i);
    if (Number.isFinite(rest)) {
      remainderSum += rest;
      remainderCount++;
    }
    if (m < threshold) continue;
    count++;
    total += m;
    for (let j = 0; j < columns.length; j++) {
      const v = columns[j][i];
      if (Number.isFinite(v)) sums[j] += v;
    }
    sums[phases.length] += rest;
  }
  const components = Array.from(sums, (s) => s / count);
  const remainderStatistic =
    q === 0
      ? remainderCount === 0
        ? NaN
        : remainderSum / remainderCount
      : quantileOfComputed(
          table.length,
          (out) => {
            let n = 0;
            for (let i = 0; i < table.length; i++) {
              if (!Number.isFinite(metric[i])) continue;
              const rest = remainderAt(i);
              if (Number.isFinite(rest)) out[n++] = rest;
            }
            return n;
          },
          q,
        );
  return { threshold: q === 0 ? total / count : threshold, count, mean: total / count, components, remainderStatistic };
}

/**
 * A phase's own percentile over every request that has it, as the §4 query computes it
 * (percentile_cont over the requests table); the mean when q is 0. By selection: a sorted copy of
 * each phase column, kept for the next metric, would cost more time and memory than it saves.
 */
function ownStatistic(column: Float64Array, q: number): number {
  return q === 0 ? meanFinite(column) : quantile(column, q);
}
