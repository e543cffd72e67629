// SGLang's serving benchmark (`python -m sglang.bench_serving --output-file FILE.jsonl`): the
// script appends one JSON object per run, so a file holds one run per line, and Python's json
// writes bare Infinity (request_rate for --request-rate inf) and NaN (latencies when every
// request failed). Followed: python/sglang/bench_serving.py (Dec 2024 .. late 2025) and
// docs/developer_guide/bench_serving.md. Keys: backend, dataset_name, request_rate ("trace" when
// replaying timestamps), max_concurrency, sharegpt_/random_ lengths, tag and server_info (newer),
// duration, completed, total_*_tokens, request/input/output/total throughput,
// {mean,median,std,p90,p99}_e2e_latency_ms, {mean,median,std,p99}_ttft_ms, _tpot_ms,
// {mean,median,std,p95,p99,max}_itl_ms, concurrency, accept_length, max_output_tokens_per_s;
// with --output-details the arrays input_lens, output_lens, ttfts, itls, generated_texts, errors
// (no per-request latency: total_ms is the time of the last token). No "failed" key: failures
// are counted from the errors array when there is one. ttft is client-measured. One refactor
// (python/sglang/benchmark/metrics.py) dumps its metrics dataclass instead: total_input,
// total_output, *_retokenized, the same statistics.

import type { Run, WorkloadInfo } from '../../model/run';
import type { TextSource } from '../source';
import type { ArtifactAdapter, IngestOptions } from './adapter';
import { MAX_DOCUMENT_BYTES, asObject, own } from './document';
import type { ResultPlace } from './vllm-document';
import { detectServingResult } from './vllm-keys';
import { MetaWriter, describeLoad, readServingResults } from './bench-serving';
import { isLatencyStatKey, type ThroughputKey } from './vllm-summaries';
import type { SummaryMetricId } from '../../metrics/catalog';

const FORMAT = 'SGLang bench_serving result';

const METRIC_IDS: Readonly<Record<string, SummaryMetricId>> = {
  ttft: 'ttft',
  tpot: 'tpot',
  itl: 'itl',
  e2e_latency: 'e2e',
};

const HIGHER = 'higher-is-better' as const;
const THROUGHPUTS: readonly ThroughputKey[] = [
  { key: 'output_throughput', metric: 'throughput', unit: 'tok/s' },
  { key: 'request_throughput', metric: 'request_throughput', unit: 'req/s' },
  { key: 'input_throughput', metric: 'input_throughput', unit: 'tok/s', custom: { unit: 'tok/s', direction: HIGHER } },
  // vLLM calls the same quantity total_token_throughput.
  {
    key: 'total_throughput',
    metric: 'total_token_throughput',
    unit: 'tok/s',
    custom: { unit: 'tok/s', direction: HIGHER },
  },
  {
    key: 'max_output_tokens_per_s',
    metric: 'max_output_tokens_per_s',
    unit: 'tok/s',
    stat: 'max',
    custom: { unit: 'tok/s', direction: HIGHER },
  },
  {
    key: 'accept_length',
    metric: 'spec_decode_acceptance_length',
    unit: 'count',
    custom: { unit: 'tokens', direction: HIGHER },
  },
];

const MEASURED = new Set([
  'duration',
  'completed',
  'total_input_tokens',
  'total_output_tokens',
  'total_input',
  'total_output',
  ...THROUGHPUTS.map((t) => t.key),
  'input_lens',
  'output_lens',
  'ttfts',
  'itls',
  'generated_texts',
  'errors',
  'server_info',
]);
/** Benchmark settings that shape the load: in config, so a difference between the sides shows. */
const LOAD_SETTINGS = [
  'backend',
  'dataset_name',
  'request_rate',
  'max_concurrency',
  'sharegpt_output_len',
  'random_input_len',
  'random_output_len',
  'random_range_ratio',
];
/**
 * Engine settings from server_info (the server's ServerArgs) that explain performance changes;
 * the rest of server_info (hundreds of keys) is left out.
 */
const SERVER_SETTINGS = [
  'max_running_requests',
  'chunked_prefill_size',
  'max_prefill_tokens',
  'max_total_tokens',
  'context_length',
  'page_size',
  'tp_size',
  'dp_size',
  'pp_size',
  'ep_size',
  'enable_dp_attention',
  'schedule_policy',
  'schedule_conservativeness',
  'disable_radix_cache',
  'mem_fraction_static',
  'kv_cache_dtype',
  'quantization',
  'dtype',
  'attention_backend',
  'speculative_algorithm',
  'speculative_num_steps',
  'speculative_eagle_topk',
  'speculative_num_draft_tokens',
  'cuda_graph_max_bs',
  'disable_cuda_graph',
  'enable_torch_compile',
  'enable_mixed_chunk',
  'disable_overlap_schedule',
  'stream_interval',
];

export const sglangAdapter: ArtifactAdapter = {
  id: 'sglang',
  label: 'SGLang bench_serving result',
  writtenBy: 'python -m sglang.bench_serving --output-file FILE.jsonl [--output-details]',
  detect: (head) => detectServingResult(head, 'sglang'),
  expects:
    'statistics such as median_ttft_ms or mean_e2e_latency_ms, throughputs or per-request arrays (--output-details), as numbers',
  read: (source, options) => readSglangResults(source, options),
};

/** Every run (line) of an SGLang result file; `maxBytes` caps the document (tests use a small one). */
export function readSglangResults(
  source: TextSource,
  options: IngestOptions,
  maxBytes = MAX_DOCUMENT_BYTES,
): Promise<Run[]> {
  return readServingResults(
    source,
    options,
    {
      id: 'sglang',
      format: FORMAT,
      metricIds: METRIC_IDS,
      throughputs: THROUGHPUTS,
      meta: sglangMeta,
      toolVersion: sglangVersion,
    },
    maxBytes,
  );
}

/** bench_serving ships with the server: server_info's version is the tool's too. */
function sglangVersion(result: Record<string, unknown>): string | undefined {
  const version = own(asObject(own(result, 'server_info')), 'version');
  return typeof version === 'string' && version.trim() ? `sglang ${version.trim().slice(0, 60)}` : undefined;
}

function sglangMeta(result: Record<string, unknown>, workload: WorkloadInfo, place: ResultPlace) {
  const w = new MetaWriter();
  const { meta } = w;
  if (place.label) w.extra('result_in_file', place.label);
  // Dec 2024 files hold no model; newer ones carry the server's own description.
  const server = asObject(own(result, 'server_info'));
  const model = w.text(own(server, 'served_model_name')) ?? w.text(own(server, 'model_path'));
  if (model) meta.model = model;
  const tag = w.text(own(result, 'tag'));
  if (tag ?? model) meta.benchmark = tag ?? model;
  for (const key of LOAD_SETTINGS) w.config(key, own(result, key));
  for (const key of SERVER_SETTINGS) w.config(key, own(server, key));
  const version = w.text(own(server, 'version'));
  if (version) w.extra('sglang_version', version);
  // server_info is the SGLang server's own description: the engine, whatever backend the client used.
  if (server) workload.engine = 'sglang';
  if (version) workload.engineVersion = version;
  for (const [key, value] of Object.entries(result)) {
    if (MEASURED.has(key) || LOAD_SETTINGS.includes(key) || isLatencyStatKey(key)) continue;
    // SGLang has no --metadata: other keys are by-products (concurrency, retokenized totals, tag).
    w.extra(key, value);
  }
  const dataset = w.text(own(result, 'dataset_name'));
  const load = describeLoad(workload, dataset ? [`dataset ${dataset}`] : []);
  if (load) meta.workload = load;
  return { meta, warnings: w.warnings() };
}
