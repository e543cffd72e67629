// Where the time went when the client tool recorded no phases: the server's own histograms (a vLLM
// /metrics scrape of the same run) give each phase's mean exactly (sum / count), so the mean of a
// latency splits into queue wait, prefill and decode. Means, not a tail: the report says so. Each
// phase's p95 comes from the buckets, with the bucket as its error.

import { METRICS, type PhaseId, type PhaseOrRemainder } from '../metrics/catalog';
import type { MetricSpec } from '../metrics/metric-spec';
import type { Histogram, Side } from '../model/run';
import { histogramQuantile } from '../stats/histogram';
import type { Attribution, PhaseShare } from './attribution';

/** Phase means over every run of the side with the histogram; undefined when a run lacks it. */
function sideMean(side: Side, metric: string): number | undefined {
  let sum = 0;
  let count = 0;
  for (const run of side.runs) {
    const h = run.histograms?.find((x) => x.metric === metric);
    if (!h) return undefined;
    sum += h.sum;
    count += h.count;
  }
  return count > 0 ? sum / count : undefined;
}

/** Observations of the metric's histogram over every run of the side. */
function sideCount(side: Side, metric: string): number {
  return side.runs.reduce((sum, run) => sum + (run.histograms?.find((h) => h.metric === metric)?.count ?? 0), 0);
}

function firstHistogram(side: Side, metric: string): Histogram | undefined {
  return side.runs.flatMap((r) => r.histograms ?? []).find((h) => h.metric === metric);
}

export function attributeFromHistograms(spec: MetricSpec, base: Side, head: Side): Attribution | null {
  if (spec.metric.custom) return null;
  const metricId = spec.metric.level === 'run' ? 'e2e' : spec.metric.id === 'ttft_client' ? 'ttft' : spec.metric.id;
  const model = METRICS[metricId].phases;
  if (model.length === 0) return null;
  const baseTotal = sideMean(base, metricId);
  const headTotal = sideMean(head, metricId);
  if (baseTotal === undefined || headTotal === undefined) return null;
  const phases = model.filter((p) => sideMean(base, p) !== undefined && sideMean(head, p) !== undefined);
  if (phases.length === 0) return null;

  const components: Component[] = phases.map((p: PhaseId) => ({
    phase: p,
    base: sideMean(base, p)!,
    head: sideMean(head, p)!,
    baseHist: firstHistogram(base, p),
    headHist: firstHistogram(head, p),
  }));
  const baseRest = baseTotal - components.reduce((s, c) => s + c.base, 0);
  const headRest = headTotal - components.reduce((s, c) => s + c.head, 0);
  components.push({ phase: 'remainder', base: baseRest, head: headRest });
  // With the client tool's own TTFT next to the scrape, the time between server and client (network
  // and any proxy) is its own phase: client mean − the server's mean.
  const baseClient = metricId === 'ttft' ? clientMean(base, 'ttft') : undefined;
  const headClient = metricId === 'ttft' ? clientMean(head, 'ttft') : undefined;
  if (baseClient !== undefined && headClient !== undefined) {
    components.push({ phase: 'network', base: baseClient - baseTotal, head: headClient - headTotal });
    return shareOut(
      spec,
      components,
      baseClient,
      headClient,
      base,
      head,
      metricId,
      model,
      phases,
      "all requests, server-side means from the metrics scrape and the client tool's mean TTFT",
    );
  }

  return shareOut(
    spec,
    components,
    baseTotal,
    headTotal,
    base,
    head,
    metricId,
    model,
    phases,
    'all requests, server-side means from the metrics scrape',
  );
}

interface Component {
  phase: PhaseOrRemainder;
  base: number;
  head: number;
  baseHist?: Histogram;
  headHist?: Histogram;
}

function shareOut(
  spec: MetricSpec,
  components: Component[],
  baseTotal: number,
  headTotal: number,
  base: Side,
  head: Side,
  metricId: string,
  model: readonly PhaseId[],
  phases: readonly PhaseId[],
  tail: string,
): Attribution {
  const change = headTotal - baseTotal;
  const shares: PhaseShare[] = components.map((c) => ({
    phase: c.phase,
    baseMean: c.base,
    headMean: c.head,
    delta: c.head - c.base,
    shareOfChange: change === 0 ? 0 : (c.head - c.base) / change,
    shareOfHead: headTotal === 0 ? 0 : c.head / headTotal,
    basePercentile: c.baseHist ? histogramQuantile(c.baseHist, 0.95).value : NaN,
    headPercentile: c.headHist ? histogramQuantile(c.headHist, 0.95).value : NaN,
  }));
  let dominant: PhaseOrRemainder | null = null;
  let best = 0;
  for (const s of shares) {
    const toward = Math.sign(change) * s.delta;
    if (toward > best) {
      best = toward;
      dominant = s.phase;
    }
  }
  return {
    spec,
    tail,
    q: 0,
    // The requests the means are over: every run's, as the means pool them (not the first run's alone).
    base: { threshold: baseTotal, count: sideCount(base, metricId), mean: baseTotal },
    head: { threshold: headTotal, count: sideCount(head, metricId), mean: headTotal },
    phases: shares,
    missingPhases: model.filter((p) => !phases.includes(p)),
    dominant,
    source: 'server-histograms',
  };
}

/** The client tool's mean of a metric (its own summary, not one the scrape's histograms gave), averaged over runs. */
function clientMean(side: Side, metric: string): number | undefined {
  const values: number[] = [];
  for (const run of side.runs) {
    const s = run.summaries.find((x) => x.metric === metric && x.stat === 'mean' && !x.field?.includes('_sum / '));
    if (!s) return undefined;
    values.push(s.value);
  }
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : undefined;
}

/** Prefix-cache hit rate over the side's runs, from the scrape's counters. */
export function serverHitRate(side: Side): number | undefined {
  let hits = 0;
  let queries = 0;
  for (const run of side.runs) {
    if (run.server?.prefixCacheHits === undefined || run.server.prefixCacheQueries === undefined) return undefined;
    hits += run.server.prefixCacheHits;
    queries += run.server.prefixCacheQueries;
  }
  return queries > 0 ? hits / queries : undefined;
}
