// A GuideLLM benchmark's "metrics": each one a StatusDistributionSummary {successful, errored,
// incomplete, total}, each of those a DistributionSummary {mean, median, mode, variance, std_dev,
// min, max, count, total_sum, percentiles {p001, p01, p05, p10, p25, (p50), p75, p90, p95, p99,
// p999}} (0.2: utils/statistics.py without p50; 0.3+: schemas/statistics.py). Only "successful" is
// read: that is what GuideLLM's own tables print and what the latency metrics mean.
//
// Mapping (all values client-measured):
//   time_to_first_token_ms → ttft (request start → first token, as the client saw it)
//   request_latency (s) → e2e
//   inter_token_latency_ms → tpot, every stat. Per request GuideLLM computes
//     (last token − first token) / (output tokens − 1), the catalog's tpot; the distribution is
//     weighted by output tokens − 1 (equal to the plain one when outputs have equal length).
//   inter_token_latency_ms mean → itl mean: that token-weighted mean is Σ decode / Σ (tokens − 1),
//     exactly the mean over all gaps (docs/statistics.md). Its percentiles are not gap percentiles.
//   time_per_output_token_ms → latency_per_output_token (mean), 0.3+ only: (last token − request
//     start) / output tokens, TTFT included. 0.2 defined it as (last − first) / output tokens; left out.
//   requests_per_second → request_throughput, output_tokens_per_second → throughput,
//   tokens_per_second → total_token_throughput (means of GuideLLM's rate distributions).

import type { SummaryValue, WorkloadInfo } from '../../model/run';
import { asObject, own } from './document';
import { finiteSummaries } from './guidellm-table';
import { finiteNumber, SummaryCollector, type SummaryTarget, type Unit } from './values';

type Target = SummaryTarget & {
  key: string;
  unit: Unit;
  meanOnly?: boolean;
  /** Only for benchmark shapes whose definition this mapping follows. */
  shapes?: readonly GenerativeShape[];
};

/** Where the benchmark keeps its strategy: args (0.2), scheduler (0.3.0), config (0.4+). */
export type GenerativeShape = 'args' | 'scheduler' | 'config';

const TARGETS: readonly Target[] = [
  { key: 'time_to_first_token_ms', metric: 'ttft', unit: 'ms' },
  { key: 'request_latency', metric: 'e2e', unit: 's' },
  { key: 'inter_token_latency_ms', metric: 'tpot', unit: 'ms' },
  { key: 'inter_token_latency_ms', metric: 'itl', unit: 'ms', meanOnly: true },
  {
    key: 'time_per_output_token_ms',
    metric: 'latency_per_output_token',
    unit: 'ms',
    meanOnly: true,
    custom: { unit: 'ms', direction: 'lower-is-better' },
    shapes: ['scheduler', 'config'],
  },
  { key: 'requests_per_second', metric: 'request_throughput', unit: 'req/s', meanOnly: true },
  { key: 'output_tokens_per_second', metric: 'throughput', unit: 'tok/s', meanOnly: true },
  {
    key: 'tokens_per_second',
    metric: 'total_token_throughput',
    unit: 'tok/s',
    meanOnly: true,
    custom: { unit: 'tok/s', direction: 'higher-is-better' },
  },
];

const PERCENTILES: Readonly<Record<string, string>> = {
  p001: 'p0.1',
  p01: 'p1',
  p05: 'p5',
  p10: 'p10',
  p25: 'p25',
  p50: 'p50',
  p75: 'p75',
  p90: 'p90',
  p95: 'p95',
  p99: 'p99',
  p999: 'p99.9',
};

export interface MetricsRead {
  summaries: SummaryValue[];
  warnings: string[];
  /** Mean prompt and output tokens of successful requests. */
  workload: Pick<WorkloadInfo, 'inputTokensMean' | 'outputTokensMean'>;
  /** GuideLLM's measured mean concurrency, kept as text in meta.extra. */
  concurrencyMean?: number;
}

export function readMetrics(metrics: Record<string, unknown> | undefined, shape: GenerativeShape): MetricsRead {
  const collector = new SummaryCollector();
  const empty: string[] = [];
  for (const target of TARGETS) {
    if (target.shapes && !target.shapes.includes(shape)) continue;
    const summary = successful(metrics, target.key);
    if (!summary) continue;
    const count = finiteNumber(own(summary, 'count'));
    // GuideLLM fills every statistic with 0 when no request contributed.
    if (count === 0) {
      if (!empty.includes(target.key)) empty.push(target.key);
      continue;
    }
    const counted = count !== undefined && !Number.isNaN(count) ? { count } : {};
    const field = `metrics.${target.key}.successful`;
    collector.addTarget(target, 'mean', own(summary, 'mean'), target.unit, `${field}.mean`, counted);
    if (target.meanOnly) continue;
    const percentiles = asObject(own(summary, 'percentiles'));
    const median = own(summary, 'median');
    collector.addTarget(
      target,
      'p50',
      median ?? own(percentiles, 'p50'),
      target.unit,
      median !== undefined ? `${field}.median` : `${field}.percentiles.p50`,
      counted,
    );
    for (const [key, stat] of Object.entries(PERCENTILES)) {
      if (stat === 'p50') continue;
      collector.addTarget(target, stat, own(percentiles, key), target.unit, `${field}.percentiles.${key}`, counted);
    }
    collector.addTarget(target, 'std', own(summary, 'std_dev'), target.unit, `${field}.std_dev`, counted);
    collector.addTarget(target, 'min', own(summary, 'min'), target.unit, `${field}.min`, counted);
    collector.addTarget(target, 'max', own(summary, 'max'), target.unit, `${field}.max`, counted);
  }
  const warnings = [...collector.warnings];
  if (empty.length > 0) warnings.push(`no successful request contributed to ${empty.join(', ')} (count 0): left out`);
  const workload: MetricsRead['workload'] = {};
  const input = meanOf(metrics, 'prompt_token_count');
  const output = meanOf(metrics, 'output_token_count');
  if (input !== undefined) workload.inputTokensMean = input;
  if (output !== undefined) workload.outputTokensMean = output;
  const concurrencyMean = meanOf(metrics, 'request_concurrency');
  const summaries = finiteSummaries(collector.values, warnings);
  return { summaries, warnings, workload, ...(concurrencyMean !== undefined ? { concurrencyMean } : {}) };
}

function successful(metrics: Record<string, unknown> | undefined, key: string): Record<string, unknown> | undefined {
  return asObject(own(asObject(own(metrics, key)), 'successful'));
}

function meanOf(metrics: Record<string, unknown> | undefined, key: string): number | undefined {
  const summary = successful(metrics, key);
  const count = finiteNumber(own(summary, 'count'));
  if (count === 0) return undefined;
  const n = finiteNumber(own(summary, 'mean'));
  return n !== undefined && Number.isFinite(n) && n >= 0 ? n : undefined;
}
