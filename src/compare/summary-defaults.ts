// The default metric set assumes per-request telemetry. Artifacts that carry only a tool's summary
// (vLLM's mean/median/p99 TTFT, a benchmark's named numbers) add, by default, the summary metrics both
// sides report, so a comparison of two vLLM result files judges what vLLM measured.

import type { RequestedMetric, TriageConfig } from '../config/config';
import { customMetric, lookupMetric, METRICS } from '../metrics/catalog';
import { makeSpec, MEAN, parseStat } from '../metrics/metric-spec';
import type { Side, SummaryValue } from '../model/run';

/** Percentiles worth judging by default; means only where a metric has no percentile. */
const DEFAULT_STATS = new Set(['p50', 'p90', 'p95', 'p99']);

export function summaryDefaults(config: TriageConfig, base: Side, head: Side): RequestedMetric[] {
  if (config.metrics.some((m) => m.origin === 'named')) return [];
  const present = new Set(config.metrics.map((m) => m.spec.key));
  const baseKeys = summaryKeys(base);
  const headKeys = summaryKeys(head);
  const out: RequestedMetric[] = [];
  for (const [key, value] of headKeys) {
    if (!baseKeys.has(key)) continue;
    // Keyed by spec (`ttft.p50`), not by the summary's own `metric|stat` key.
    const spec = specFor(value, headKeys);
    if (!spec || present.has(spec.key)) continue;
    present.add(spec.key);
    out.push({ spec, origin: 'default' });
  }
  return out;
}

function summaryKeys(side: Side): Map<string, SummaryValue> {
  const keys = new Map<string, SummaryValue>();
  for (const run of side.runs) for (const s of run.summaries) keys.set(`${s.metric}|${s.stat}`, s);
  return keys;
}

function specFor(s: SummaryValue, all: Map<string, SummaryValue>) {
  const catalog = lookupMetric(s.metric);
  if (catalog && catalog.id === s.metric) {
    if (catalog.level === 'run') return s.stat === 'mean' ? makeSpec(catalog, MEAN) : undefined;
    if (DEFAULT_STATS.has(s.stat)) {
      const stat = parseStat(s.stat);
      return stat.ok ? makeSpec(catalog, stat.value) : undefined;
    }
    const hasPercentile = [...DEFAULT_STATS].some((p) => all.has(`${s.metric}|${p}`));
    return s.stat === 'mean' && !hasPercentile ? makeSpec(catalog, MEAN) : undefined;
  }
  if (Object.hasOwn(METRICS, s.metric)) return undefined;
  // A number the artifact names itself (goodput, a custom benchmark): one value per run.
  if (!s.direction && !s.unit) return undefined;
  if (s.stat !== 'mean' && s.stat !== 'value') return undefined;
  return makeSpec(customMetric(s.metric, s.unit ?? '', s.direction ?? 'lower-is-better'), MEAN);
}
