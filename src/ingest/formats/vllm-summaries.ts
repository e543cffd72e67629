// Run-level statistics as vLLM and SGLang write them. Latencies are `<stat>_<metric>_ms`:
// mean_, median_, std_, pNN_ (the percentiles --metric-percentiles asks for, "p99.9" for 99.9),
// and SGLang's max_itl_ms. Throughputs are plain keys. Both tools measure on the client, so
// `ttft` here is the client-side time to first token and `e2e` the client's request latency.

import type { SummaryMetricId } from '../../metrics/catalog';
import { own } from './document';
import { SummaryCollector, type SummaryTarget, type Unit } from './values';

const LATENCY_KEY = /^(mean|median|std|min|max|p(\d+(?:\.\d+)?))_(.+)_ms$/;

/** A throughput key and where it goes (`custom`, for metrics outside the catalog: what to show and which way is better). */
export type ThroughputKey = SummaryTarget & {
  key: string;
  unit: Unit;
  stat?: string;
};

/**
 * Adds every `<stat>_<name>_ms` key of `result`. `metricIds` maps the tool's names to catalog ids
 * (vLLM's "e2el" and SGLang's "e2e_latency" are both `e2e`); other names keep their own, in ms,
 * lower is better. `count` is attached to the metrics measured once per successful request.
 */
export function addLatencyStats(
  result: Record<string, unknown>,
  metricIds: Readonly<Record<string, SummaryMetricId>>,
  collector: SummaryCollector,
  count: number | undefined,
): void {
  const seen = new Set<string>();
  for (const key of Object.keys(result)) {
    const match = LATENCY_KEY.exec(key);
    if (!match) continue;
    const [, statWord, percentile, name] = match;
    const stat = percentile !== undefined ? `p${Number(percentile)}` : statWord === 'median' ? 'p50' : statWord;
    const id = Object.hasOwn(metricIds, name) ? metricIds[name] : undefined;
    const metric = id ?? name;
    // median_ and p50_ are the same number when --metric-percentiles includes 50: keep one.
    if (seen.has(`${metric} ${stat}`)) continue;
    const before = collector.values.length;
    const counted = count !== undefined && (metric === 'ttft' || metric === 'e2e') ? { count } : {};
    if (id) collector.add(id, stat, result[key], 'ms', key, counted);
    else collector.add(name, stat, result[key], 'ms', key, { unit: 'ms', direction: 'lower-is-better', ...counted });
    if (collector.values.length > before) seen.add(`${metric} ${stat}`);
  }
}

export function addThroughputs(
  result: Record<string, unknown>,
  keys: readonly ThroughputKey[],
  collector: SummaryCollector,
): void {
  const seen = new Set<string>();
  for (const t of keys) {
    if (seen.has(t.metric) || !Object.hasOwn(result, t.key)) continue;
    const before = collector.values.length;
    collector.addTarget(t, t.stat ?? 'mean', own(result, t.key), t.unit, t.key);
    if (collector.values.length > before) seen.add(t.metric);
  }
}

/** Whether a key is one addLatencyStats reads. */
export function isLatencyStatKey(key: string): boolean {
  return LATENCY_KEY.test(key);
}
