// vLLM's Prometheus /metrics scrape (text exposition format) as a 'server-metrics' run: latency
// histograms in ms, server counters and gauges, and the load served. The summaries are the exact
// means (histogram _sum / _count). Percentiles are deliberately not summarised: a histogram only
// places a percentile inside a bucket (vLLM's TTFT buckets jump from 250 to 500 ms), so an
// interpolated p99 carries an error as wide as its bucket and moves in steps when the rank crosses
// a bound, which would read as regressions that are not there. The histograms are kept whole;
// histogramQuantile (src/stats/histogram.ts) gives a percentile with its bucket bounds when needed.
//
// A scrape counts everything since the server started. For the traffic of one benchmark, scrape
// before and after it and subtract with diffScrapes (prometheus-diff.ts).

import type { Histogram, Run, SourceReport, SummaryValue } from '../../model/run';
import { InputError } from '../errors';
import type { TextSource } from '../source';
import type { ArtifactAdapter, Detection, IngestOptions } from './adapter';
import { readDocument } from './document';
import { parseExposition, parseSampleLine } from './prometheus-text';
import { tokensToExtra, VLLM_PREFIX, vllmFacts, workloadOf, type ScrapeFacts } from './prometheus-vllm';
import { histogramMean } from '../../stats/histogram';

export const PROMETHEUS_FORMAT = 'prometheus';
const LABEL = 'Prometheus scrape';
/** A vLLM scrape is ~50 KB; anything near this is not one. */
export const MAX_SCRAPE_BYTES = 64 * 1024 * 1024;

export const prometheusAdapter: ArtifactAdapter = {
  id: PROMETHEUS_FORMAT,
  label: 'vLLM Prometheus /metrics scrape',
  writtenBy: 'curl http://<vllm-server>/metrics > metrics.txt (before and after the benchmark, for diffScrapes)',
  detect: detectPrometheus,
  read: (source, options) => readPrometheus(source, options),
};

/** Prometheus text: a `# HELP`/`# TYPE` line, or a first sample line `name{labels} value`. */
export function detectPrometheus(head: string): Detection {
  let looked = 0;
  for (const raw of head.replace(/^\ufeff/, '').split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    if (++looked > 50) break;
    if (/^#\s+(HELP|TYPE)\s+\S/.test(line))
      return { match: true, reason: 'Prometheus text exposition (# HELP / # TYPE lines)' };
    if (line.startsWith('#')) continue;
    const sample = parseSampleLine(line);
    if (sample.ok) return { match: true, reason: `Prometheus text exposition (sample line ${sample.value.name})` };
    return {
      match: false,
      reason: `no "# HELP"/"# TYPE" line, and the first line is not a sample "name{labels} value": ${JSON.stringify(line.slice(0, 40))}`,
    };
  }
  return { match: false, reason: 'no "# HELP"/"# TYPE" line and no "name{labels} value" sample line' };
}

export async function readPrometheus(
  source: TextSource,
  options: IngestOptions,
  maxBytes = MAX_SCRAPE_BYTES,
): Promise<Run[]> {
  const text = await readDocument(source, LABEL, maxBytes);
  const expo = parseExposition(
    text,
    source.name,
    (name) => name.startsWith(VLLM_PREFIX) || name === 'process_start_time_seconds',
  );
  const first = expo.issues.kept[0];
  if (expo.sampleLines === 0) {
    throw new InputError(
      source.name,
      `${LABEL}: no sample lines ("name{labels} value")${first ? `; line ${first.line}: ${first.message}` : ''}`,
    );
  }
  if (expo.badLines / expo.sampleLines > options.maxBadLineRatio) {
    throw new InputError(
      source.name,
      `${LABEL}: ${first ? `${first.message} — ` : ''}${expo.badLines} of ${expo.sampleLines} lines are malformed, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      first?.line,
    );
  }
  if (!expo.samples.some((s) => s.name.startsWith(VLLM_PREFIX))) {
    throw new InputError(
      source.name,
      `${LABEL}: ${expo.sampleLines} samples but none named "vllm:…"; perf-triage reads vLLM's /metrics (other servers' scrapes are not supported)`,
    );
  }
  const facts = vllmFacts(expo, source.name, expo.issues);
  const report: SourceReport = {
    file: source.name,
    format: PROMETHEUS_FORMAT,
    recordsRead: expo.sampleLines,
    recordsKept: Math.max(0, expo.sampleLines - expo.badSampleLines),
    skipped: expo.issues.count,
    issues: expo.issues.kept,
    warnings: facts.warnings,
  };
  const run = runFromFacts(facts, report);
  if (!run.histograms?.length && !run.server && !workloadOf(facts)) {
    throw new InputError(
      source.name,
      `${LABEL}: has vllm: metrics but none perf-triage uses (latency histograms such as vllm:time_to_first_token_seconds, cache and queue gauges, request counters)`,
    );
  }
  return [run];
}

/** The run a scrape (or the difference of two) describes. */
export function runFromFacts(facts: ScrapeFacts, report: SourceReport): Run {
  const meta = facts.meta;
  tokensToExtra(facts.tokens, meta.extra);
  const run: Run = { meta, summaries: meanSummaries(facts.histograms), sources: [report], role: 'server-metrics' };
  if (facts.histograms.length > 0) run.histograms = facts.histograms;
  if (Object.keys(facts.server).length > 0) run.server = facts.server;
  const workload = workloadOf(facts);
  // vllm:… metrics come from a vLLM server: the engine, for the workload key.
  run.workload = { ...(workload ?? {}), engine: 'vllm' };
  return run;
}

/** The exact mean of each histogram (sum / count), in ms; none for an empty histogram. */
export function meanSummaries(histograms: readonly Histogram[]): SummaryValue[] {
  const out: SummaryValue[] = [];
  for (const h of histograms) {
    const mean = histogramMean(h);
    if (Number.isFinite(mean))
      out.push({
        metric: h.metric,
        stat: 'mean',
        value: mean,
        count: h.count,
        field: `${h.source}_sum / ${h.source}_count`,
      });
  }
  return out;
}
