// What real tools would have written about a simulated run: vLLM's /metrics scrape (histograms with
// vLLM's own buckets, counters, gauges) and a `vllm bench serve` result JSON (the client summary).
// With them, tests and demos exercise the summary-only path and the server-side phase decomposition
// on runs whose ground truth is known.

import type { NativeRecord, Scenario } from './scenario';
import { quantileSorted, type SortedSample } from '../stats/quantile';

/** vLLM 0.25's bucket bounds (seconds), as its /metrics shows them. */
const REQUEST_BUCKETS = [
  0.3, 0.5, 0.8, 1.0, 1.5, 2.0, 2.5, 5.0, 10.0, 15.0, 20.0, 30.0, 40.0, 50.0, 60.0, 120.0, 240.0, 480.0, 960.0, 1920.0,
  7680.0,
];
const TTFT_BUCKETS = [
  0.001, 0.005, 0.01, 0.02, 0.04, 0.06, 0.08, 0.1, 0.25, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0, 160.0,
  640.0, 2560.0,
];
const ITL_BUCKETS = [
  0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.75, 1.0, 2.5, 5.0, 7.5, 10.0, 20.0, 40.0, 80.0,
];

interface Observations {
  name: string;
  help: string;
  buckets: number[];
  /** Values in seconds, with how many times each was observed. */
  values: { value: number; times: number }[];
}

export function toPrometheus(records: readonly NativeRecord[], scenario: Scenario): string {
  const model = scenario.modelVersion.replace(/["\\\n]/g, '_');
  const labels = `engine="0",model_name="${model}"`;
  const s = (ms: number) => ms / 1000;
  const per = (name: string, help: string, buckets: number[], pick: (r: NativeRecord) => number): Observations => ({
    name,
    help,
    buckets,
    values: records.map((r) => ({ value: s(pick(r)), times: 1 })),
  });
  const histograms: Observations[] = [
    per(
      'vllm:request_queue_time_seconds',
      'Histogram of time spent in WAITING phase for request.',
      REQUEST_BUCKETS,
      (r) => r.queue_wait_ms,
    ),
    per(
      'vllm:request_prefill_time_seconds',
      'Histogram of time spent in PREFILL phase for request.',
      REQUEST_BUCKETS,
      (r) => r.prefill_ms,
    ),
    per(
      'vllm:request_decode_time_seconds',
      'Histogram of time spent in DECODE phase for request.',
      REQUEST_BUCKETS,
      (r) => r.decode_ms,
    ),
    per(
      'vllm:time_to_first_token_seconds',
      'Histogram of time to first token in seconds.',
      TTFT_BUCKETS,
      (r) => r.first_token_ms,
    ),
    per(
      'vllm:e2e_request_latency_seconds',
      'Histogram of e2e request latency in seconds.',
      REQUEST_BUCKETS,
      (r) => r.total_ms,
    ),
    {
      // Every token gap is one observation; the mean gap of the request stands for its gaps.
      name: 'vllm:inter_token_latency_seconds',
      help: 'Histogram of inter-token latency in seconds.',
      buckets: ITL_BUCKETS,
      values: records
        .filter((r) => r.output_tokens > 1)
        .map((r) => ({ value: s(r.decode_ms / (r.output_tokens - 1)), times: r.output_tokens - 1 })),
    },
  ];
  const lines: string[] = [];
  for (const h of histograms) lines.push(...histogramLines(h, labels));
  const hits = records.reduce((sum, r) => sum + r.prefix_cache_hit_tokens, 0);
  const queries = records.reduce((sum, r) => sum + r.prompt_tokens, 0);
  lines.push(
    ...counter(
      'vllm:prefix_cache_queries',
      'Prefix cache queries, in terms of number of queried tokens.',
      labels,
      queries,
    ),
    ...counter('vllm:prefix_cache_hits', 'Prefix cache hits, in terms of number of cached tokens.', labels, hits),
    ...counter('vllm:num_preemptions', 'Cumulative number of preemption from the engine.', labels, 0),
    '# HELP vllm:request_success_total Count of successfully processed requests.',
    '# TYPE vllm:request_success_total counter',
    `vllm:request_success_total{engine="0",finished_reason="stop",model_name="${model}"} ${records.length}.0`,
    '# HELP vllm:num_requests_running Number of requests in model execution batches.',
    '# TYPE vllm:num_requests_running gauge',
    `vllm:num_requests_running{${labels}} 0.0`,
    '# HELP vllm:num_requests_waiting Number of requests waiting to be processed.',
    '# TYPE vllm:num_requests_waiting gauge',
    `vllm:num_requests_waiting{${labels}} 0.0`,
  );
  return lines.join('\n') + '\n';
}

function histogramLines(h: Observations, labels: string): string[] {
  const out = [`# HELP ${h.name} ${h.help}`, `# TYPE ${h.name} histogram`];
  let sum = 0;
  let count = 0;
  const counts = new Array<number>(h.buckets.length).fill(0);
  for (const { value, times } of h.values) {
    sum += value * times;
    count += times;
    for (let b = 0; b < h.buckets.length; b++) if (value <= h.buckets[b]) counts[b] += times;
  }
  h.buckets.forEach((le, b) =>
    out.push(
      `${h.name}_bucket{${labels},le="${le
        .toFixed(Number.isInteger(le) ? 1 : 3)
        .replace(/0+$/, '')
        .replace(/\.$/, '.0')}"} ${counts[b]}.0`,
    ),
  );
  out.push(
    `${h.name}_bucket{${labels},le="+Inf"} ${count}.0`,
    `${h.name}_count{${labels}} ${count}.0`,
    `${h.name}_sum{${labels}} ${sum}`,
  );
  return out;
}

function counter(name: string, help: string, labels: string, value: number): string[] {
  return [`# HELP ${name}_total ${help}`, `# TYPE ${name}_total counter`, `${name}_total{${labels}} ${value}.0`];
}

/** A `vllm bench serve --save-result` JSON for the run, as the client would measure it. */
export function toVllmResult(records: readonly NativeRecord[], scenario: Scenario): Record<string, unknown> {
  const ok = records.filter((r) => !r.error);
  const sorted = (pick: (r: NativeRecord) => number) => Float64Array.from(ok.map(pick)).sort() as SortedSample;
  const stats = (name: string, pick: (r: NativeRecord) => number) => {
    const values = sorted(pick);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    const std = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
    return {
      [`mean_${name}_ms`]: mean,
      [`median_${name}_ms`]: quantileSorted(values, 0.5),
      [`std_${name}_ms`]: std,
      [`p99_${name}_ms`]: quantileSorted(values, 0.99),
    };
  };
  const start = Math.min(...ok.map((r) => r.arrival_ts));
  const end = Math.max(...ok.map((r) => r.arrival_ts + r.total_ms / 1000));
  const duration = end - start;
  const outputTokens = ok.reduce((s, r) => s + r.output_tokens, 0);
  const inputTokens = ok.reduce((s, r) => s + r.prompt_tokens, 0);
  return {
    backend: 'vllm',
    endpoint_type: 'openai',
    model_id: scenario.modelVersion,
    num_prompts: records.length,
    request_rate: scenario.arrival.ratePerSec,
    burstiness: 1 / (1 + (scenario.arrival.burstiness ?? 0)),
    max_concurrency: null,
    duration,
    completed: ok.length,
    failed: records.length - ok.length,
    total_input_tokens: inputTokens,
    total_output_tokens: outputTokens,
    request_throughput: ok.length / duration,
    output_throughput: outputTokens / duration,
    total_token_throughput: (inputTokens + outputTokens) / duration,
    ...stats('ttft', (r) => r.client_first_token_ms ?? r.first_token_ms),
    ...stats('tpot', (r) => (r.output_tokens > 1 ? r.decode_ms / (r.output_tokens - 1) : 0)),
    ...stats('itl', (r) => r.itl_p50_ms),
    // The client sees the whole response after the wire and any proxy hold of its first chunk.
    ...stats(
      'e2el',
      (r) => r.total_ms + (r.client_first_token_ms !== undefined ? r.client_first_token_ms - r.first_token_ms : 0),
    ),
  };
}
