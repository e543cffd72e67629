// vLLM's serving benchmark result (`vllm bench serve --save-result`, formerly
// benchmarks/benchmark_serving.py), one run per result object. Followed: vllm/benchmarks/serve.py
// (late 2025: endpoint_type, failed, max_output_tokens_per_s, latencies / start_times /
// queue_times, client_queue_time stats), benchmarks/benchmark_serving.py (early 2025: the key
// "request_goodput:" with a colon, no "failed"), and vllm/benchmarks/sweep/serve.py (`vllm bench
// sweep serve`: run=N.json gets run_number and the sweep's serve/bench parameters at the top
// level; summary.json is the list of a combination's runs). The real 0.25.1 outputs in
// test/fixtures/vllm agree.
//
// Summaries: <stat>_{ttft,tpot,itl,e2el}_ms (stat mean, median → p50, std, pNN), throughputs, and
// goodput; ttft is the client-measured time to first token. With --save-detailed the per-request
// arrays become rows as well (vllm-requests.ts). Top-level keys the tool does not define are the
// user's --metadata pairs or sweep parameters: they go to meta.config, where a difference between
// the sides is reported.

import type { Run, WorkloadInfo } from '../../model/run';
import type { TextSource } from '../source';
import type { ArtifactAdapter, IngestOptions } from './adapter';
import { MAX_DOCUMENT_BYTES, own } from './document';
import { finiteNumber } from './values';
import type { ResultPlace } from './vllm-document';
import { detectServingResult } from './vllm-keys';
import { MetaWriter, describeLoad, readServingResults } from './bench-serving';
import { isLatencyStatKey, type ThroughputKey } from './vllm-summaries';
import type { SummaryMetricId } from '../../metrics/catalog';

const FORMAT = 'vLLM result';

const METRIC_IDS: Readonly<Record<string, SummaryMetricId>> = { ttft: 'ttft', tpot: 'tpot', itl: 'itl', e2el: 'e2e' };

const HIGHER = 'higher-is-better' as const;
const THROUGHPUTS: readonly ThroughputKey[] = [
  { key: 'output_throughput', metric: 'throughput', unit: 'tok/s' },
  { key: 'request_throughput', metric: 'request_throughput', unit: 'req/s' },
  {
    key: 'total_token_throughput',
    metric: 'total_token_throughput',
    unit: 'tok/s',
    custom: { unit: 'tok/s', direction: HIGHER },
  },
  { key: 'request_goodput', metric: 'request_goodput', unit: 'req/s', custom: { unit: 'req/s', direction: HIGHER } },
  // Written with a colon inside the key until mid-2025.
  { key: 'request_goodput:', metric: 'request_goodput', unit: 'req/s', custom: { unit: 'req/s', direction: HIGHER } },
  {
    key: 'max_output_tokens_per_s',
    metric: 'max_output_tokens_per_s',
    unit: 'tok/s',
    stat: 'max',
    custom: { unit: 'tok/s', direction: HIGHER },
  },
  {
    key: 'spec_decode_acceptance_rate',
    metric: 'spec_decode_acceptance_rate',
    unit: 'count',
    custom: { unit: '%', direction: HIGHER },
  },
  {
    key: 'spec_decode_acceptance_length',
    metric: 'spec_decode_acceptance_length',
    unit: 'count',
    custom: { unit: 'tokens', direction: HIGHER },
  },
];

/** Keys read as measurements or per-request data. */
const MEASURED = new Set([
  'duration',
  'completed',
  'failed',
  'total_input_tokens',
  'total_output_tokens',
  ...THROUGHPUTS.map((t) => t.key),
  'input_lens',
  'output_lens',
  'ttfts',
  'itls',
  'latencies',
  'start_times',
  'queue_times',
  'generated_texts',
  'errors',
]);
/** Benchmark settings that shape the load: in config, so a difference between the sides shows. */
const LOAD_SETTINGS = [
  'backend',
  'max_concurrency',
  'request_rate',
  'burstiness',
  'num_prompts',
  'ramp_up_strategy',
  'ramp_up_start_rps',
  'ramp_up_end_rps',
];
/** Descriptive keys and by-products kept as text for the report, never as config. */
const DESCRIPTIVE = new Set([
  'date',
  'label',
  'model_id',
  'tokenizer_id',
  'endpoint_type',
  'run_number',
  'max_concurrent_requests',
  'rtfx',
  'total_input_sequences',
  'input_sequence_throughput',
]);
const DESCRIPTIVE_PREFIX = /^(spec_decode|diffusion|probe)_/;
/** --metadata names that fill meta.commit and meta.hardware. */
const COMMIT_KEYS = new Set(['commit', 'git_commit', 'git_sha', 'commit_sha', 'sha', 'vllm_commit']);
const HARDWARE_KEYS = new Set(['hardware', 'gpu', 'gpu_type', 'gpu_name', 'gpu_model', 'device', 'accelerator']);
/** --metadata names that give the engine's version (part of the workload key). */
const VERSION_KEYS = new Set(['vllm_version', 'engine_version']);

export const vllmAdapter: ArtifactAdapter = {
  id: 'vllm',
  label: 'vLLM bench serve result',
  writtenBy:
    'vllm bench serve --save-result [--save-detailed] [--append-result] (or benchmarks/benchmark_serving.py); vllm bench sweep serve (run=N.json, summary.json)',
  detect: (head) => detectServingResult(head, 'vllm'),
  expects:
    'statistics such as mean_ttft_ms or p99_e2el_ms, throughputs (request_throughput, output_throughput) or per-request arrays (--save-detailed), as numbers',
  read: (source, options) => readVllmResults(source, options),
};

/** Every run of a vLLM result file; `maxBytes` caps the document (tests use a small one). */
export function readVllmResults(
  source: TextSource,
  options: IngestOptions,
  maxBytes = MAX_DOCUMENT_BYTES,
): Promise<Run[]> {
  return readServingResults(
    source,
    options,
    { id: 'vllm', format: FORMAT, metricIds: METRIC_IDS, throughputs: THROUGHPUTS, meta: vllmMeta, repeat: repeatOf },
    maxBytes,
  );
}

function vllmMeta(result: Record<string, unknown>, workload: WorkloadInfo, place: ResultPlace) {
  const w = new MetaWriter();
  const { meta } = w;
  // Which of several results in the file this run is ("line 3", "element 2 of the list").
  if (place.label) w.extra('result_in_file', place.label);
  const model = w.text(own(result, 'model_id'));
  if (model) meta.model = model;
  const label = w.text(own(result, 'label'));
  if (label ?? model) meta.benchmark = label ?? model;
  for (const key of LOAD_SETTINGS) w.config(key, own(result, key));
  for (const [key, value] of Object.entries(result)) {
    if (MEASURED.has(key) || LOAD_SETTINGS.includes(key) || isLatencyStatKey(key)) continue;
    if (DESCRIPTIVE.has(key) || DESCRIPTIVE_PREFIX.test(key)) w.extra(key, value);
    else if (COMMIT_KEYS.has(key) && w.text(value)) meta.commit ??= w.text(value);
    else if (HARDWARE_KEYS.has(key) && w.text(value)) meta.hardware ??= w.text(value);
    else if (VERSION_KEYS.has(key) && w.text(value)) workload.engineVersion ??= w.text(value);
    // Anything else is a --metadata pair or a sweep parameter (max_num_seqs, …).
    else w.config(key, value);
  }
  const load = describeLoad(workload);
  if (load) meta.workload = load;
  return { meta, warnings: w.warnings() };
}

/** "run=N" from the sweep's run_number, or from a run=N.json file name; "warmup" for run_number -1. */
function repeatOf(result: Record<string, unknown>, file: string): string | undefined {
  const n = finiteNumber(own(result, 'run_number'));
  if (n !== undefined && Number.isInteger(n)) return n < 0 ? 'warmup' : `run=${n}`;
  const named = /(?:^|[\\/])run=(\d+)\.json$/i.exec(file);
  return named ? `run=${Number(named[1])}` : undefined;
}
