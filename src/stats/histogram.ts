// Statistics of cumulative latency histograms as servers export them (Prometheus classic
// histograms): a quantile estimate with its interpolation error, the exact mean, and the difference
// of two scrapes of the same histogram (what happened between them).
//
// histogramQuantile follows PromQL's histogram_quantile on classic buckets (prometheus/promql,
// quantile.go, bucketQuantile) so numbers match a Grafana panel over the same scrape:
//   - buckets are sorted by `le`; buckets with the same `le` are merged (counts added);
//   - counts that differ by a relative 1e-12 are treated as equal, then any remaining decrease is
//     flattened (the "monotonic envelope"), as Prometheus does for float noise and bad data;
//   - the highest bucket must be +Inf, there must be at least two buckets and at least one
//     observation, otherwise the result is NaN; q < 0 gives -Inf, q > 1 gives +Inf, NaN gives NaN;
//   - the rank is q · (count of the +Inf bucket), and the bucket is the first whose cumulative count
//     reaches it; inside it the value is interpolated linearly, assuming observations are spread
//     evenly between the bucket's bounds;
//   - if the rank falls in the +Inf bucket, the answer is the upper bound of the second-highest
//     bucket (the highest finite bound: the data only says "above it");
//   - in the first bucket the lower bound is 0 when its upper bound is > 0 (latencies are not
//     negative); when its upper bound is ≤ 0 that bound itself is returned;
//   - q = 0 with an empty first bucket yields NaN (0/0), exactly as in Prometheus.
// `lower` and `upper` are the bounds of the bucket the answer came from: the true quantile lies
// between them, so upper − lower is the interpolation error. In the +Inf bucket upper is +Infinity;
// in a first bucket with le ≤ 0 lower is −Infinity.

import type { Histogram } from '../model/run';

export interface QuantileEstimate {
  value: number;
  /** Lower bound of the bucket holding the quantile's rank. */
  lower: number;
  /** Upper bound of that bucket: [lower, upper] holds the true quantile. */
  upper: number;
}

interface Bucket {
  le: number;
  count: number;
}

const nothing = (value: number): QuantileEstimate => ({ value, lower: value, upper: value });

export function histogramQuantile(h: Histogram, q: number): QuantileEstimate {
  if (Number.isNaN(q)) return nothing(NaN);
  if (q < 0) return nothing(-Infinity);
  if (q > 1) return nothing(Infinity);
  if (h.buckets.length === 0) return nothing(NaN);
  const sorted = h.buckets.map((b) => ({ le: b.le, count: b.count })).sort((a, b) => a.le - b.le);
  if (sorted[sorted.length - 1].le !== Infinity) return nothing(NaN);
  const buckets = coalesce(sorted);
  correctPrecisionErrors(buckets, 1e-12);
  ensureMonotonic(buckets);
  if (buckets.length < 2) return nothing(NaN);
  const observations = buckets[buckets.length - 1].count;
  if (!(observations > 0)) return nothing(NaN);

  let rank = q * observations;
  let b = 0;
  while (b < buckets.length - 1 && !(buckets[b].count >= rank)) b++;
  if (b === buckets.length - 1) {
    const highestFinite = buckets[buckets.length - 2].le;
    return { value: highestFinite, lower: highestFinite, upper: Infinity };
  }
  if (b === 0 && buckets[0].le <= 0) return { value: buckets[0].le, lower: -Infinity, upper: buckets[0].le };
  const start = b > 0 ? buckets[b - 1].le : 0;
  const end = buckets[b].le;
  let count = buckets[b].count;
  if (b > 0) {
    count -= buckets[b - 1].count;
    rank -= buckets[b - 1].count;
  }
  return { value: start + (end - start) * (rank / count), lower: start, upper: end };
}

/** The exact mean of the observations: sum / count (NaN when there are none). */
export function histogramMean(h: Histogram): number {
  return h.count > 0 ? h.sum / h.count : NaN;
}

/**
 * What was observed between two scrapes of one histogram: counts, sum and count of `after` minus
 * those of `before`. Throws a RangeError when the bucket bounds differ, or when anything went down
 * (the server restarted and its counters were reset, so the difference means nothing).
 */
export function subtractHistograms(after: Histogram, before: Histogram): Histogram {
  const a = [...after.buckets].sort((x, y) => x.le - y.le);
  const b = [...before.buckets].sort((x, y) => x.le - y.le);
  if (a.length !== b.length || a.some((bucket, i) => bucket.le !== b[i].le)) {
    throw new RangeError(
      `${after.source}: the bucket bounds differ between the scrapes (${b.length} vs ${a.length} buckets), so they cannot be subtracted`,
    );
  }
  const buckets = a.map((bucket, i) => ({
    le: bucket.le,
    count: nonNegative(bucket.count - b[i].count, bucket.count, `bucket le=${bucket.le}`, after.source),
  }));
  return {
    metric: after.metric,
    buckets,
    sum: nonNegative(after.sum - before.sum, after.sum, 'sum', after.source),
    count: nonNegative(after.count - before.count, after.count, 'count', after.source),
    source: after.source,
  };
}

// A difference below zero by float noise (sums of many doubles) is zero; anything more is a reset.
function nonNegative(difference: number, scale: number, what: string, source: string): number {
  if (difference >= 0) return difference;
  if (difference >= -1e-9 * Math.max(1, Math.abs(scale))) return 0;
  throw new RangeError(
    `${source}: ${what} went down between the scrapes (by ${-difference}): the counters were reset (server restarted?)`,
  );
}

function coalesce(sorted: Bucket[]): Bucket[] {
  const out: Bucket[] = [{ ...sorted[0] }];
  for (let i = 1; i < sorted.length; i++) {
    const last = out[out.length - 1];
    if (sorted[i].le === last.le) last.count += sorted[i].count;
    else out.push({ ...sorted[i] });
  }
  return out;
}

function correctPrecisionErrors(buckets: Bucket[], tolerance: number): void {
  let previous = buckets[0].count;
  for (let i = 1; i < buckets.length; i++) {
    const current = buckets[i].count;
    const delta = Math.abs(current - previous);
    if (delta === 0) continue;
    if (delta / current <= tolerance) buckets[i].count = previous;
    else previous = current;
  }
}

function ensureMonotonic(buckets: Bucket[]): void {
  let max = buckets[0].count;
  for (let i = 1; i < buckets.length; i++) {
    if (buckets[i].count > max) max = buckets[i].count;
    else if (buckets[i].count < max) buckets[i].count = max;
  }
}
