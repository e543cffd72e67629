// AIPerf's summary, profile_export_aiperf.json. Two layouts:
//   0.1.x (Oct 2025, ai-dynamo/aiperf examples/artifacts/run1): {"records": {"<tag>": {"tag", "unit",
//     "header", "avg", "min", "max", "p1"…"p99", "std", "count"}}, "input_config", "was_cancelled",
//     "error_summary", "start_time", "end_time"}, tags ttft / ttst;
//   schema 1.0–1.5 (export_models.py JsonExportData, docs/reference/json-export-schema.md): the
//     blocks at the top level next to "schema_version", "aiperf_version", "benchmark_id",
//     "input_config", "run_info" (1.2+), "error_summary"…, tags time_to_first_token /
//     time_to_second_token; "count"/"sum" on record metrics from 1.1.
//
// Mapping: request_latency → e2e; time_to_first_token (ttft) → ttft, as the client saw it;
// inter_token_latency → tpot ((latency − TTFT) / (OSL − 1) per request, the catalog's TPOT);
// inter_chunk_latency → itl (every gap between streamed chunks); decode_duration → decode;
// output_token_throughput → throughput; request_throughput → request_throughput. The HTTP trace
// metrics (http_req_*) are kept under their names, and their means give the network phase: the
// connection overhead (pool wait + DNS + connect) plus sending the request, the client-side time
// before the server can start. Other durations and rates keep their own names; counts, lengths and
// timestamps fill the workload.

import { emptyMeta, type Run, type WorkloadInfo } from '../../model/run';
import { InputError } from '../errors';
import { asObject, own } from './document';
import { applyLoad, fillMeta, flattenConfig, readBenchmarkConfig, readLoadConfig } from './genai-perf-config';
import { addCatalogBlock, addOwnBlock, asStatBlock, blockMean, type StatTarget } from './genai-perf-stats';
import { SummaryCollector, type CatalogSummary } from './values';

export const AIPERF_SUMMARY_FORMAT = 'AIPerf summary';

const CATALOG: Readonly<Record<string, StatTarget>> = {
  request_latency: { metric: 'e2e', expects: 'time' },
  time_to_first_token: { metric: 'ttft', expects: 'time' },
  inter_token_latency: { metric: 'tpot', expects: 'time' },
  inter_chunk_latency: { metric: 'itl', expects: 'time' },
  decode_duration: { metric: 'decode', expects: 'time' },
  output_token_throughput: { metric: 'throughput', expects: 'tok/s', runLevel: true },
  request_throughput: { metric: 'request_throughput', expects: 'req/s', runLevel: true },
};

/** AIPerf 0.1.x tags, renamed later. */
export const AIPERF_ALIASES: Readonly<Record<string, string>> = {
  ttft: 'time_to_first_token',
  ttst: 'time_to_second_token',
};

/** Top-level members of schema 1.x that are not metrics. */
const NOT_METRICS = new Set([
  'input_config',
  'telemetry_data',
  'run_info',
  'warmup_metrics',
  'error_summary',
  'records',
]);

export function aiperfSummaryRun(doc: Record<string, unknown>, file: string, format: string): Run {
  const blocks = collectBlocks(doc);
  const collector = new SummaryCollector();
  for (const [tag, block] of blocks) {
    if (tag.endsWith('_timestamp') || tag === 'benchmark_duration') continue;
    const target = Object.hasOwn(CATALOG, tag) ? CATALOG[tag] : undefined;
    if (target) addCatalogBlock(collector, target, block, tag);
    else addOwnBlock(collector, tag, block, tag);
  }
  const network = networkMean(blocks);
  if (network !== undefined) collector.values.push(network);
  if (collector.values.length === 0) {
    throw new InputError(
      file,
      `${AIPERF_SUMMARY_FORMAT}: no metric block such as "request_latency": {"unit": "ms", "avg": …} with a usable number`,
    );
  }

  const meta = emptyMeta();
  const flat = flattenConfig(own(doc, 'input_config'));
  const runInfo = asObject(own(doc, 'run_info'));
  const load = readBenchmarkConfig(own(doc, 'input_config'), runInfo, readLoadConfig(flat));
  fillMeta(meta, flat, load);
  meta.benchmark ??= 'aiperf';
  for (const key of ['schema_version', 'aiperf_version', 'benchmark_id', 'start_time', 'end_time']) {
    const value = own(doc, key);
    if (typeof value === 'string' || typeof value === 'number') meta.extra[key] = String(value).slice(0, 200);
  }
  const trial = own(runInfo, 'trial');
  const repeat = typeof trial === 'number' && Number.isInteger(trial) && trial >= 0 ? `trial=${trial}` : undefined;

  const warnings = [...collector.warnings];
  const workload = summaryWorkload(blocks, doc, warnings, load.requestCount);
  applyLoad(workload, load);
  if (own(doc, 'was_cancelled') === true)
    warnings.push('AIPerf says the run was cancelled before it finished (was_cancelled: true)');
  if (load.streaming === false)
    warnings.push('run without --streaming: no TTFT, ITL or TPOT (the first token comes with the full response)');
  return {
    meta,
    summaries: collector.values,
    sources: [
      {
        file,
        format,
        ...toolVersion(doc),
        recordsRead: blocks.size,
        recordsKept: blocks.size,
        skipped: 0,
        issues: [],
        warnings,
      },
    ],
    workload,
    role: 'summary',
    ...(repeat ? { repeat } : {}),
  };
}

/** Metric blocks by tag, from either layout, with 0.1.x tags renamed. */
function collectBlocks(doc: Record<string, unknown>): Map<string, Record<string, unknown>> {
  const blocks = new Map<string, Record<string, unknown>>();
  const put = (tag: string, value: unknown) => {
    const block = asStatBlock(value);
    if (!block) return;
    const name = Object.hasOwn(AIPERF_ALIASES, tag) ? AIPERF_ALIASES[tag] : tag;
    if (!blocks.has(name)) blocks.set(name, block);
  };
  const records = own(doc, 'records');
  if (Array.isArray(records)) {
    for (const r of records) {
      const tag = own(asObject(r), 'tag');
      if (typeof tag === 'string') put(tag, r);
    }
  } else if (asObject(records)) {
    const byTag = records as Record<string, unknown>;
    for (const key of Object.keys(byTag)) put(key, byTag[key]);
  }
  for (const key of Object.keys(doc)) if (!NOT_METRICS.has(key)) put(key, doc[key]);
  return blocks;
}

/** The mean client-side time before the server can start: connection overhead plus sending. */
function networkMean(blocks: Map<string, Record<string, unknown>>): CatalogSummary | undefined {
  const sending = blockMean(blocks.get('http_req_sending'), 'ms');
  if (sending === undefined) return undefined;
  let overhead = blockMean(blocks.get('http_req_connection_overhead'), 'ms');
  if (overhead === undefined) {
    const parts = ['http_req_blocked', 'http_req_dns_lookup', 'http_req_connecting'].map((t) =>
      blockMean(blocks.get(t), 'ms'),
    );
    if (parts.every((p) => p === undefined)) return undefined;
    overhead = parts.reduce<number>((sum, p) => sum + (p ?? 0), 0);
  }
  return {
    metric: 'network',
    stat: 'mean',
    value: overhead + sending,
    field: 'http_req_connection_overhead.avg + http_req_sending.avg',
  };
}

function toolVersion(doc: Record<string, unknown>): { toolVersion?: string } {
  const version = own(doc, 'aiperf_version');
  return typeof version === 'string' && version.trim() ? { toolVersion: `aiperf ${version.trim().slice(0, 60)}` } : {};
}

/**
 * Requests sent, failures (error_request_count, else the error summary's counts, else — when the
 * profiling phase asked for a request count — requested − completed, said as derived), duration and
 * token means.
 */
function summaryWorkload(
  blocks: Map<string, Record<string, unknown>>,
  doc: Record<string, unknown>,
  warnings: string[],
  requested?: number,
): WorkloadInfo {
  const workload: WorkloadInfo = {};
  const ok = blockMean(blocks.get('request_count'), 'plain');
  let failed = blockMean(blocks.get('error_request_count'), 'plain');
  const errors = own(doc, 'error_summary');
  if (Array.isArray(errors)) {
    const described: string[] = [];
    let total = 0;
    for (const e of errors.slice(0, 1000)) {
      const count = typeof own(asObject(e), 'count') === 'number' ? (own(asObject(e), 'count') as number) : 0;
      if (!Number.isFinite(count) || count < 0) continue;
      total += count;
      const details = asObject(own(asObject(e), 'error_details'));
      if (described.length < 3)
        described.push(
          `${[own(details, 'code'), own(details, 'type')].filter((v) => typeof v === 'string' || typeof v === 'number').join(' ') || 'error'} (${count})`,
        );
    }
    if (total > 0) {
      failed ??= total;
      warnings.push(`${total} failed request(s): ${described.join(', ')}${errors.length > 3 ? ', …' : ''}`);
    }
  }
  if (failed !== undefined) workload.failedFrom = 'tool';
  else if (ok !== undefined && requested !== undefined && requested > ok && own(doc, 'was_cancelled') !== true) {
    failed = requested - ok;
    workload.failedFrom = 'derived';
    warnings.push(
      `no error count in the file: ${failed} failed = ${requested} requested (the profiling phase's request count) − ${ok} completed (request_count)`,
    );
  }
  // requests counts every request sent: the successful ones (request_count) and the failed ones.
  if (ok !== undefined) workload.requests = ok + (failed ?? 0);
  if (failed !== undefined) workload.failed = failed;
  const duration = blockMean(blocks.get('benchmark_duration'), 'ms');
  if (duration !== undefined) workload.durationSeconds = duration / 1000;
  const input = blockMean(blocks.get('input_sequence_length'), 'plain');
  if (input !== undefined) workload.inputTokensMean = input;
  const output = blockMean(blocks.get('output_sequence_length'), 'plain');
  if (output !== undefined) workload.outputTokensMean = output;
  return workload;
}
