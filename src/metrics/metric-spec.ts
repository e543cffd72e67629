// "Which number, at which percentile" (methodology STEP 1): a metric with its statistic, parsed from
// text such as "ttft p95", "itl.p99", "e2e mean" or "throughput".

import { closest } from '../display/suggest';
import { lookupMetric, METRIC_NAMES, type AnyMetricDef } from './catalog';
import { err, ok, type Result } from '../model/result';

export type Stat = { kind: 'percentile'; q: number; label: string } | { kind: 'mean'; label: 'mean' };

export interface MetricSpec {
  metric: AnyMetricDef;
  stat: Stat;
  /** Stable id used in JSON and outputs, e.g. "ttft.p95". */
  key: string;
}

export const MEAN: Stat = { kind: 'mean', label: 'mean' };

/** Parses "p95", "p99.9", "median", "mean", "avg"; an error message for anything else. */
export function parseStat(text: string): Result<Stat> {
  const t = text.toLowerCase();
  if (t === 'mean' || t === 'avg' || t === 'average') return ok(MEAN);
  if (t === 'median') return ok(percentile(50));
  const match = /^p(\d{1,3}(?:\.\d{1,3})?)$/.exec(t);
  if (!match)
    return err(`"${text}" is not a statistic: expected mean, median or a percentile such as p50, p95, p99, p99.9`);
  const value = Number(match[1]);
  if (!(value > 0 && value < 100)) return err(`percentile "${text}" must be between p0 and p100 (exclusive)`);
  return ok(percentile(value));
}

export function percentile(value: number): Stat {
  return { kind: 'percentile', q: Number((value / 100).toPrecision(12)), label: `p${formatPercentileNumber(value)}` };
}

function formatPercentileNumber(value: number): string {
  return String(Number(value.toFixed(3)));
}

export function makeSpec(metric: AnyMetricDef, stat: Stat): MetricSpec {
  return { metric, stat, key: metric.level === 'run' ? metric.id : `${metric.id}.${stat.label}` };
}

/**
 * Parses "ttft p95" / "ttft.p95" / "throughput", and the names as the report prints them ("TTFT
 * p95", "client TTFT p95", "queue wait p99", "request throughput"). A run-level metric
 * (throughput) takes no statistic; a request-level metric without one is an error: STEP 1 asks for
 * the percentile explicitly.
 */
export function parseMetricSpec(text: string): MetricSpec | string {
  const words = text
    .trim()
    .replace(/^([a-z][a-z0-9_-]*)\.(?=\S)/i, '$1 ')
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return 'empty metric: expected something like "ttft p95"';
  // Two-word names as printed ("client TTFT", "queue wait") are the catalog's snake_case names.
  const twoWords = words.length >= 2 && lookupMetric(`${words[0]}_${words[1]}`) !== undefined;
  const parts = twoWords ? [`${words[0]}_${words[1]}`, ...words.slice(2)] : words;
  const metric = lookupMetric(parts[0]);
  if (!metric) {
    const guess = closest(parts[0], METRIC_NAMES);
    return `unknown metric "${parts[0]}": ${guess ? `did you mean "${guess}"? (expected one of ${METRIC_NAMES.join(', ')})` : `expected one of ${METRIC_NAMES.join(', ')}`}`;
  }
  if (parts.length > 2) return `unexpected "${parts.slice(2).join(' ')}" after "${parts[0]} ${parts[1]}"`;
  if (metric.level === 'run') {
    if (parts.length === 2 && !/^(mean|avg|average)$/i.test(parts[1])) {
      return `${metric.id} is one rate over the whole run and takes no percentile (got "${parts[1]}")`;
    }
    return makeSpec(metric, MEAN);
  }
  if (parts.length < 2) return `${metric.id} needs a statistic: for example "${metric.id} p95" or "${metric.id} mean"`;
  const stat = parseStat(parts[1]);
  if (!stat.ok) return stat.error;
  return makeSpec(metric, stat.value);
}

export function specLabel(spec: MetricSpec): string {
  return spec.metric.level === 'run' ? spec.metric.label : `${spec.metric.label} ${spec.stat.label}`;
}
