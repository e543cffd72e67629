// AIPerf's per-request export, profile_export.jsonl (MetricRecordInfo, record_models.py): one line per
// request, {"metadata": {...}, "metrics": {"<tag>": {"value": v, "unit": "ms"}, ...}, "error": null |
// {"code", "type", "message"}}. Metadata is 0.1.x {"x_request_id", "timestamp_ns", "credit_phase", …}
// or later {"session_num", "x_request_id", "request_start_ns", "request_ack_ns", "request_end_ns",
// "benchmark_phase", "was_cancelled", …} (docs/tutorials/working-with-profile-exports.md); HTTP trace
// metrics http_req_* come with 2026 versions (docs/tutorials/http-trace-metrics.md).
//
// Per request: arrival_ts = request_start_ns (or timestamp_ns); first_token_ms = time_to_first_token
// (ttft), the client's TTFT; total_ms = request_latency; decode_ms = total − TTFT; token gaps =
// inter_chunk_latency; prompt_tokens = input_sequence_length; output_tokens = output_sequence_length
// (reasoning included); network_ms = http_req_connection_overhead (or blocked + DNS + connecting) +
// http_req_sending, with client_first_token_ms = the TTFT so the client TTFT is not counted twice.
// A record without a TTFT comes from a non-streaming run: its first token arrived with the whole
// response, so first_token_ms = request_latency and there is no decode phase. Other scalar metrics
// are kept as extra columns (durations in ms, named <tag>_ms). Warmup records are left out.

import { emptyMeta, type Run } from '../../model/run';
import { isNumericField, isTextField } from '../../model/fields';
import { RequestTableBuilder } from '../request-table';
import type { TextSource } from '../source';
import { LineSplitter } from '../text/lines';
import type { IngestOptions } from './adapter';
import { asObject, own } from './document';
import { AIPERF_ALIASES } from './aiperf-summary';
import { finishTable, sourceReport, tableWorkload } from './genai-perf-table';
import { unitKind } from './genai-perf-stats';
import { finiteNumber, toMs } from './values';

export const AIPERF_RECORDS_FORMAT = 'AIPerf records';
const MAX_EXTRAS = 40;
const MAX_GAPS = 1_000_000;

/** Tags read into native fields or meaningless per request (always 1, or a timestamp). */
const CONSUMED = new Set([
  'time_to_first_token',
  'request_latency',
  'inter_chunk_latency',
  'input_sequence_length',
  'output_sequence_length',
  'request_count',
  'error_request_count',
  'min_request_timestamp',
  'max_response_timestamp',
]);

type Mapped = { record: Record<string, unknown>; gaps?: number[]; nonStreaming: boolean } | { problem: string };

export async function readAiperfRecords(source: TextSource, options: IngestOptions, format: string): Promise<Run[]> {
  const builder = new RequestTableBuilder(source.name);
  let warmup = 0;
  let nonStreaming = 0;
  const splitter = new LineSplitter();
  const onLine = (line: string, lineNo: number) => {
    if (line.trim() === '') return;
    const parsed = builder.parseRecordText(line, lineNo);
    if (!parsed) return;
    const { value } = parsed;
    const object = asObject(value);
    if (!object) {
      builder.addRecord(value, lineNo);
      return;
    }
    if (isWarmup(object)) {
      warmup++;
      return;
    }
    const mapped = mapRecord(object);
    if ('problem' in mapped) {
      builder.recordUnparsable(lineNo, mapped.problem);
      return;
    }
    if (mapped.nonStreaming) nonStreaming++;
    builder.addRecord(mapped.record, lineNo, mapped.gaps);
  };
  for await (const chunk of source.chunks()) splitter.push(chunk, onLine);
  splitter.end(onLine);

  const finished = finishTable(builder, source.name, AIPERF_RECORDS_FORMAT, options);
  const warnings: string[] = [];
  if (warmup > 0) warnings.push(`${warmup} warmup record(s) left out`);
  if (nonStreaming > 0)
    warnings.push(
      `${nonStreaming} request(s) without time_to_first_token (non-streaming): first_token_ms is the whole request latency, no decode phase`,
    );
  const meta = emptyMeta();
  meta.benchmark = 'aiperf';
  return [
    {
      meta,
      requests: finished.table,
      summaries: [],
      sources: [sourceReport(source.name, format, finished, warnings)],
      workload: tableWorkload(finished.table),
      role: 'requests',
    },
  ];
}

function isWarmup(record: Record<string, unknown>): boolean {
  const metadata = asObject(own(record, 'metadata'));
  const phase = own(metadata, 'benchmark_phase') ?? own(metadata, 'credit_phase');
  return typeof phase === 'string' && phase.toLowerCase() === 'warmup';
}

/** One AIPerf record as native §4 fields, or why it cannot be read. */
export function mapRecord(raw: Record<string, unknown>): Mapped {
  const metadata = asObject(own(raw, 'metadata'));
  const metrics = asObject(own(raw, 'metrics')) ?? {};
  const record: Record<string, unknown> = {};
  const requestId = own(metadata, 'x_request_id');
  if (typeof requestId === 'string' || typeof requestId === 'number') record.request_id = requestId;
  const start =
    own(metadata, 'request_start_ns') ??
    own(metadata, 'timestamp_ns') ??
    own(asObject(own(metrics, 'min_request_timestamp')), 'value');
  const startNs = finiteNumber(start);
  if (startNs !== undefined) record.arrival_ts = Number.isNaN(startNs) ? start : startNs / 1e9;
  for (const key of ['worker_id', 'turn_index']) {
    const value = own(metadata, key);
    if (typeof value === 'string' || typeof value === 'number') record[key] = value;
  }

  const error = errorText(own(raw, 'error'), own(metadata, 'was_cancelled'));
  const metric = (tag: string) => readMetric(metrics, tag);
  if (error !== undefined) {
    record.error = error;
    const isl = metric('error_isl');
    if (typeof isl === 'number') record.prompt_tokens = isl;
    return { record, nonStreaming: false };
  }

  const ttft = metric('time_to_first_token') ?? metric('ttft');
  const total = metric('request_latency');
  const isl = metric('input_sequence_length');
  const osl = metric('output_sequence_length') ?? metric('output_token_count');
  const read = [
    ['time_to_first_token', ttft],
    ['request_latency', total],
    ['input_sequence_length', isl],
    ['output_sequence_length', osl],
  ] as const;
  for (const [field, value] of read) {
    if (typeof value === 'string') return { problem: `metrics.${field}: ${value}` };
  }
  const nonStreaming = ttft === undefined && total !== undefined;
  record.first_token_ms = ttft ?? total;
  record.total_ms = total;
  if (typeof ttft === 'number' && typeof total === 'number' && total >= ttft) record.decode_ms = total - ttft;
  if (isl !== undefined) record.prompt_tokens = isl;
  if (osl !== undefined) record.output_tokens = osl;

  const network = networkMs(metric);
  if (typeof network === 'string') return { problem: network };
  if (network !== undefined && typeof record.first_token_ms === 'number') {
    record.network_ms = network;
    record.client_first_token_ms = record.first_token_ms;
  }
  const gaps = gapsOf(metrics);
  if (typeof gaps === 'string') return { problem: gaps };
  addExtras(record, metrics);
  return gaps ? { record, gaps, nonStreaming } : { record, nonStreaming };
}

/** A failed request's description: "499 RequestCancellationError: Request was cancelled …". */
function errorText(error: unknown, cancelled: unknown): string | undefined {
  if (error === null || error === undefined || error === false) return cancelled === true ? 'cancelled' : undefined;
  if (typeof error === 'string') return error.trim() === '' ? undefined : error.slice(0, 500);
  const details = asObject(error);
  if (!details) return JSON.stringify(error).slice(0, 500);
  const head = [own(details, 'code'), own(details, 'type')]
    .filter((v) => typeof v === 'string' || typeof v === 'number')
    .join(' ');
  const message = own(details, 'message');
  const text = [head, typeof message === 'string' ? message : ''].filter(Boolean).join(': ');
  return (text || 'error').slice(0, 500);
}

/**
 * A scalar metric in native units (ms for durations, plain numbers otherwise); undefined when absent;
 * a message saying what is wrong when the value is not a finite number.
 */
function readMetric(metrics: Record<string, unknown>, tag: string): number | string | undefined {
  const entry = asObject(own(metrics, tag));
  if (!entry)
    return own(metrics, tag) === undefined || own(metrics, tag) === null
      ? undefined
      : `expected {"value", "unit"}, got ${typeof own(metrics, tag)}`;
  const raw = own(entry, 'value');
  const n = finiteNumber(raw);
  if (n === undefined) return undefined;
  if (Number.isNaN(n)) return `value: expected a finite number, got ${JSON.stringify(raw)?.slice(0, 40)}`;
  const kind = unitKind(own(entry, 'unit'));
  return kind?.kind === 'time' ? toMs(n, kind.unit) : n;
}

/** Client-side time before the server can start, from the HTTP trace metrics when present. */
function networkMs(metric: (tag: string) => number | string | undefined): number | string | undefined {
  const sending = metric('http_req_sending');
  if (sending === undefined) return undefined;
  if (typeof sending === 'string') return `metrics.http_req_sending: ${sending}`;
  let overhead = metric('http_req_connection_overhead');
  if (overhead === undefined) {
    const parts = ['http_req_blocked', 'http_req_dns_lookup', 'http_req_connecting'].map(metric);
    if (parts.every((p) => p === undefined)) return undefined;
    overhead = 0;
    for (const p of parts) {
      if (typeof p === 'string') return `metrics.http_req_*: ${p}`;
      overhead += p ?? 0;
    }
  }
  if (typeof overhead === 'string') return `metrics.http_req_connection_overhead: ${overhead}`;
  return overhead + sending;
}

/** inter_chunk_latency as gaps in ms, or why it cannot be read. */
function gapsOf(metrics: Record<string, unknown>): number[] | string | undefined {
  const entry = asObject(own(metrics, 'inter_chunk_latency'));
  const values = own(entry, 'value');
  if (!Array.isArray(values)) return undefined;
  if (values.length > MAX_GAPS) return `metrics.inter_chunk_latency: ${values.length} gaps, more than ${MAX_GAPS}`;
  const kind = unitKind(own(entry, 'unit'));
  if (kind?.kind !== 'time')
    return `metrics.inter_chunk_latency: unit ${JSON.stringify(own(entry, 'unit'))?.slice(0, 20)} is not a duration`;
  const gaps = new Array<number>(values.length);
  for (let k = 0; k < values.length; k++) {
    const n = finiteNumber(values[k]);
    if (n === undefined || Number.isNaN(n))
      return `metrics.inter_chunk_latency[${k}]: expected a finite number, got ${JSON.stringify(values[k])?.slice(0, 20)}`;
    gaps[k] = toMs(n, kind.unit);
  }
  return gaps;
}

/** Other scalar metrics as extra columns: durations in ms (named <tag>_ms), the rest as written. */
function addExtras(record: Record<string, unknown>, metrics: Record<string, unknown>): void {
  let added = 0;
  for (const key of Object.keys(metrics)) {
    if (added >= MAX_EXTRAS) return;
    const tag = Object.hasOwn(AIPERF_ALIASES, key) ? AIPERF_ALIASES[key] : key;
    if (CONSUMED.has(tag) || tag === 'error_isl') continue;
    const entry = asObject(metrics[key]);
    const n = finiteNumber(own(entry, 'value'));
    if (n === undefined || Number.isNaN(n)) continue;
    const kind = unitKind(own(entry, 'unit'));
    const name = kind?.kind === 'time' ? `${tag}_ms` : tag;
    if (isNumericField(name) || isTextField(name) || Object.hasOwn(record, name) || name === '__proto__') continue;
    const value = kind?.kind === 'time' ? toMs(n, kind.unit) : n;
    if (!Number.isFinite(value)) continue;
    record[name] = value;
    added++;
  }
}
