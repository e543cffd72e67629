// LLMPerf *_summary.json: one flat object (results version "2023-08-31"). Followed:
// ray-project/llmperf token_benchmark_ray.py metrics_summary() and run_token_benchmark(),
// common_metrics.py and utils.py (LLMPerfResults.to_dict flattens nested keys with "_"):
//   results_<m>_quantiles_p25…p99, _mean, _min, _max, _stddev for
//     m = inter_token_latency_s, ttft_s, end_to_end_latency_s, request_output_throughput_token_per_s,
//         number_input_tokens, number_output_tokens (min/max may be strings: json.dump(default=str));
//   results_num_requests_started, results_error_rate, results_number_errors,
//   results_error_code_frequency (str() of a Python dict), results_mean_output_throughput_token_per_s,
//   results_num_completed_requests, results_num_completed_requests_per_min;
//   model, mean/stddev_input_tokens, mean/stddev_output_tokens, num_concurrent_requests,
//   additional_sampling_params_* (flattened), version, name, timestamp, and any --metadata key=value.
// Statistics are over successful requests (error_code unset), measured by the client.

import { emptyMeta, type ConfigValue, type Run, type WorkloadInfo } from '../../model/run';
import { InputError } from '../errors';
import type { TextSource } from '../source';
import { asObject, own, parseDocument, readDocument } from './document';
import { finiteNumber, SummaryCollector, type SummaryTarget, type Unit } from './values';

const FORMAT = 'LLMPerf summary';
const KNOWN_VERSION = '2023-08-31';

/** `custom`: a number kept under its own name, with how to read it. */
type Target = SummaryTarget & { unit: Unit; only?: 'mean' };

/**
 * The per-request distributions llmperf summarises. ttft_s is the client's time to the first
 * streamed content chunk (the catalog's ttft for client tools). inter_token_latency_s is not a gap
 * between tokens: per request llmperf sums every chunk gap *including* the TTFT and divides by the
 * output tokens, i.e. ≈ (last chunk − request start) / output tokens. It is kept under its own name
 * (mean only), never as itl or tpot.
 */
const DISTRIBUTIONS: Readonly<Record<string, Target>> = {
  ttft_s: { metric: 'ttft', unit: 's' },
  end_to_end_latency_s: { metric: 'e2e', unit: 's' },
  inter_token_latency_s: {
    metric: 'latency_per_output_token',
    unit: 's',
    only: 'mean',
    custom: { unit: 'ms', direction: 'lower-is-better' },
  },
  request_output_throughput_token_per_s: {
    metric: 'request_output_throughput',
    unit: 'tok/s',
    only: 'mean',
    custom: { unit: 'tok/s', direction: 'higher-is-better' },
  },
};

const STAT_KEY = /^results_(.+)_(quantiles_p(\d+)|mean|min|max|stddev)$/;
/** Top-level keys llmperf itself writes; any other scalar key came from --metadata. */
const TOOL_KEYS = new Set([
  'version',
  'name',
  'model',
  'timestamp',
  'mean_input_tokens',
  'stddev_input_tokens',
  'mean_output_tokens',
  'stddev_output_tokens',
  'num_concurrent_requests',
]);
/** Keys that would reach Object.prototype machinery if copied by assignment. */
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const WORKLOAD_CONFIG = ['mean_input_tokens', 'stddev_input_tokens', 'mean_output_tokens', 'stddev_output_tokens'];
const MAX_TEXT = 500;

export async function readLlmperfSummary(source: TextSource, maxBytes?: number): Promise<Run> {
  const text = await readDocument(source, FORMAT, maxBytes);
  const parsed = parseDocument(text, source, FORMAT);
  const doc = asObject(parsed);
  if (!doc)
    throw new InputError(
      source.name,
      `${FORMAT}: expected one JSON object of "results_*" keys, got ${Array.isArray(parsed) ? 'a list' : typeof parsed}`,
    );

  const collector = new SummaryCollector();
  const warnings: string[] = [];
  let nanStats = 0;
  const completed = finiteOrUndefined(own(doc, 'results_num_completed_requests'));

  for (const key of Object.keys(doc)) {
    const match = STAT_KEY.exec(key);
    if (!match) continue;
    const target = Object.hasOwn(DISTRIBUTIONS, match[1]) ? DISTRIBUTIONS[match[1]] : undefined;
    if (!target) continue;
    const stat = match[3] ? `p${Number(match[3])}` : match[2] === 'stddev' ? 'std' : match[2];
    if (target.only && stat !== target.only) continue;
    const raw = doc[key];
    // pandas writes NaN for every statistic when no request succeeded.
    if (typeof raw === 'number' && Number.isNaN(raw)) {
      nanStats++;
      continue;
    }
    collector.addTarget(target, stat, raw, target.unit, key, completed !== undefined ? { count: completed } : {});
  }
  addRate(collector, doc);
  const summaries = finiteOnly(collector, warnings);
  if (nanStats > 0)
    warnings.push(`${nanStats} statistic(s) are NaN (llmperf writes NaN when no request succeeded); left out`);
  if (summaries.length === 0) {
    const why = collector.warnings[0] ?? (nanStats > 0 ? 'every statistic is NaN' : undefined);
    throw new InputError(
      source.name,
      why
        ? `${FORMAT}: no usable statistic (${why})`
        : `${FORMAT}: no "results_<metric>_<stat>" key for ttft_s, end_to_end_latency_s or inter_token_latency_s, and no throughput: nothing to compare`,
    );
  }

  const version = own(doc, 'version');
  if (version !== undefined && version !== KNOWN_VERSION) {
    warnings.push(
      `results version ${JSON.stringify(version)?.slice(0, 40)}: this reader follows llmperf's "${KNOWN_VERSION}" keys; unknown keys were ignored`,
    );
  }
  const workload = workloadOf(doc, warnings);
  const failures = failureNote(doc, workload);
  if (failures) warnings.push(failures);

  return {
    meta: metaOf(doc),
    summaries,
    workload,
    role: 'summary',
    sources: [
      {
        file: source.name,
        format: 'llmperf',
        recordsRead: 1,
        recordsKept: 1,
        skipped: 0,
        issues: [],
        warnings: [...collector.warnings, ...warnings],
      },
    ],
  };
}

/** Run-level rates: overall output tok/s, and completed requests per minute as req/s. */
function addRate(collector: SummaryCollector, doc: Record<string, unknown>): void {
  collector.add(
    'throughput',
    'mean',
    own(doc, 'results_mean_output_throughput_token_per_s'),
    'tok/s',
    'results_mean_output_throughput_token_per_s',
  );
  const perMinute = finiteNumber(own(doc, 'results_num_completed_requests_per_min'));
  if (perMinute !== undefined) {
    collector.add(
      'request_throughput',
      'mean',
      Number.isNaN(perMinute) ? own(doc, 'results_num_completed_requests_per_min') : perMinute / 60,
      'req/s',
      'results_num_completed_requests_per_min',
    );
  }
  collector.add('error_rate', 'mean', own(doc, 'results_error_rate'), 'count', 'results_error_rate', {
    unit: 'fraction',
    direction: 'lower-is-better',
  });
}

type NumericWorkload =
  | 'requests'
  | 'failed'
  | 'concurrency'
  | 'inputTokensMean'
  | 'outputTokensMean'
  | 'durationSeconds'
  | 'inputLength'
  | 'outputLength';

/**
 * Counts, load and the workload key: llmperf streams every request (token_benchmark_ray.py), its
 * --mean-input-tokens / --mean-output-tokens are the length settings, and the failures are its
 * error count, or requests started − completed when the count is absent.
 */
function workloadOf(doc: Record<string, unknown>, warnings: string[]): WorkloadInfo {
  const w: WorkloadInfo = { streaming: true };
  const set = (key: NumericWorkload, value: number | undefined) => {
    if (value !== undefined && value >= 0 && Number.isFinite(value)) w[key] = value;
  };
  set('requests', finiteOrUndefined(own(doc, 'results_num_requests_started')));
  set('failed', finiteOrUndefined(own(doc, 'results_number_errors')));
  if (w.failed !== undefined) w.failedFrom = 'tool';
  const started = finiteOrUndefined(own(doc, 'results_num_requests_started'));
  const done = finiteOrUndefined(own(doc, 'results_num_completed_requests'));
  if (w.failed === undefined && started !== undefined && done !== undefined && started > done && done >= 0) {
    w.failed = started - done;
    w.failedFrom = 'derived';
    warnings.push(
      `no error count in the file: ${w.failed} failed = ${started} started (results_num_requests_started) − ${done} completed`,
    );
  }
  set('concurrency', finiteOrUndefined(own(doc, 'num_concurrent_requests')));
  set('inputLength', finiteOrUndefined(own(doc, 'mean_input_tokens')));
  set('outputLength', finiteOrUndefined(own(doc, 'mean_output_tokens')));
  set('inputTokensMean', finiteOrUndefined(own(doc, 'results_number_input_tokens_mean')));
  set('outputTokensMean', finiteOrUndefined(own(doc, 'results_number_output_tokens_mean')));
  // llmperf divides completed requests by (end − start) to get its per-minute rate; invert it.
  const completed = finiteOrUndefined(own(doc, 'results_num_completed_requests'));
  const perMinute = finiteOrUndefined(own(doc, 'results_num_completed_requests_per_min'));
  if (completed !== undefined && perMinute !== undefined && completed > 0 && perMinute > 0)
    set('durationSeconds', (60 * completed) / perMinute);
  return w;
}

function metaOf(doc: Record<string, unknown>) {
  const meta = emptyMeta();
  const name = own(doc, 'name');
  const model = own(doc, 'model');
  if (typeof model === 'string' && model.trim()) meta.model = cap(model.trim());
  if (typeof name === 'string' && name.trim()) meta.benchmark = cap(name.trim().replace(/_summary$/, ''));
  else if (meta.model) meta.benchmark = meta.model;
  const concurrency = finiteOrUndefined(own(doc, 'num_concurrent_requests'));
  // Closed-loop clients: num_concurrent_requests is the client concurrency, as --max-concurrency is for vLLM.
  if (concurrency !== undefined) meta.config.max_concurrency = concurrency;
  for (const key of WORKLOAD_CONFIG) {
    const n = finiteOrUndefined(own(doc, key));
    if (n !== undefined) meta.config[key] = n;
  }
  const workload = [own(doc, 'mean_input_tokens'), own(doc, 'mean_output_tokens')].map(finiteOrUndefined);
  if (workload[0] !== undefined && workload[1] !== undefined)
    meta.workload = `${workload[0]} input / ${workload[1]} output tokens (mean), ${concurrency ?? '?'} concurrent`;
  for (const [key, value] of Object.entries(doc)) {
    if (key.startsWith('results_') || TOOL_KEYS.has(key) || UNSAFE_KEYS.has(key)) continue;
    const scalar = configScalar(value);
    // Sampling parameters and --metadata key=value pairs describe the setup; compare them as config.
    if (scalar !== undefined) meta.config[key] = scalar;
  }
  for (const key of ['version', 'timestamp'] as const) {
    const value = own(doc, key);
    if (typeof value === 'string' || typeof value === 'number') meta.extra[key] = cap(String(value));
  }
  const codes = own(doc, 'results_error_code_frequency');
  if (typeof codes === 'string' && codes.trim() !== '{}' && codes.trim() !== '')
    meta.extra.error_code_frequency = cap(codes);
  return meta;
}

/** "3 of 150 requests failed (error code 429: 3)", from the counts and the stringified dict. */
function failureNote(doc: Record<string, unknown>, workload: WorkloadInfo): string | undefined {
  if (!workload.failed) return undefined;
  const codes = errorCodes(own(doc, 'results_error_code_frequency'));
  const of = workload.requests !== undefined ? ` of ${workload.requests}` : '';
  return `${workload.failed}${of} requests failed${codes ? ` (${codes})` : ''}; latency statistics cover the successful ones`;
}

/**
 * results_error_code_frequency is str() of a pandas value_counts dict: "{429: 3, -1: 1}", or with
 * numpy 2 "{np.int64(429): 3}" / "{429.0: 3}". Parsed for the message only; the raw text is kept.
 */
export function errorCodes(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const parts: string[] = [];
  for (const m of value.matchAll(/(-?\d+(?:\.\d+)?)\)?\s*:\s*(\d+)/g)) {
    parts.push(`error code ${Number(m[1])}: ${m[2]}`);
    if (parts.length >= 5) break;
  }
  return parts.length ? parts.join(', ') : undefined;
}

/** Unit conversion can overflow (1e308 s in ms): such values are left out with a warning. */
function finiteOnly(collector: SummaryCollector, warnings: string[]) {
  const kept = collector.values.filter((v) => Number.isFinite(v.value));
  const lost = collector.values.length - kept.length;
  if (lost > 0) warnings.push(`${lost} statistic(s) overflow when converted to the catalog's units; left out`);
  return kept;
}

function finiteOrUndefined(value: unknown): number | undefined {
  const n = finiteNumber(value);
  return n === undefined || Number.isNaN(n) ? undefined : n;
}

function configScalar(value: unknown): ConfigValue | undefined {
  if (typeof value === 'string') return cap(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  return undefined;
}

function cap(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}
