// perf_analyzer's per-request export, the profile_export.json GenAI-Perf writes next to its summary
// (ProfileDataExporter, perf_analyzer 2023–2025; minified, one line):
//   {"experiments": [{"experiment": {"mode": "concurrency" | "request_rate", "value": n},
//                     "requests": [{"timestamp": ns, "sequence_id"?: n, "request_inputs": {...},
//                                   "response_timestamps": [ns, ...], "response_outputs": [{...}]}],
//                     "window_boundaries": [ns, ...]}],
//    "version": "...", "service_kind": "openai" | "triton" | ..., "endpoint": "v1/chat/completions"}
// Timestamps are nanoseconds since the epoch (system_clock). One run per experiment. Per request:
// arrival_ts = timestamp; first_token_ms = first response with content − timestamp; total_ms = last
// such response − timestamp; token gaps = differences between those responses (chunks, as GenAI-Perf
// times them). A single response is a non-streaming request: its TTFT is the whole latency and no
// decode phase is made up. A request without any content response is kept as a failed row.
// Token counts are not in this file (GenAI-Perf tokenizes the text); the response count is kept.

import { err, ok, type Result } from '../../model/result';
import { emptyMeta, type Run } from '../../model/run';
import { InputError } from '../errors';
import { RequestTableBuilder } from '../request-table';
import type { IngestOptions } from './adapter';
import { asObject, own } from './document';
import { openAiResponseHasContent } from './genai-perf-responses';
import { finishTable, sourceReport, tableWorkload } from './genai-perf-table';
import { finiteNumber } from './values';

export const RAW_FORMAT = 'GenAI-Perf profile export';
const NS_PER_MS = 1e6;

interface Experiment {
  mode?: string;
  value?: number;
  requests: unknown[];
}

export function rawRuns(doc: Record<string, unknown>, file: string, format: string, options: IngestOptions): Run[] {
  const experiments = own(doc, 'experiments');
  if (!Array.isArray(experiments)) {
    throw new InputError(
      file,
      `${RAW_FORMAT}: key "experiments": expected a list of {"experiment", "requests"}, got ${describe(experiments)}`,
    );
  }
  const serviceKind = typeof own(doc, 'service_kind') === 'string' ? (own(doc, 'service_kind') as string) : undefined;
  const endpoint = typeof own(doc, 'endpoint') === 'string' ? (own(doc, 'endpoint') as string) : undefined;
  const runs: Run[] = [];
  let recordNo = 0;
  experiments.forEach((raw, index) => {
    const experiment = readExperiment(raw);
    if (!experiment)
      throw new InputError(
        file,
        `${RAW_FORMAT}: experiments[${index}]: expected an object with a "requests" list, got ${describe(raw)}`,
      );
    const builder = new RequestTableBuilder(file);
    for (const request of experiment.requests) addRequest(builder, request, ++recordNo, serviceKind);
    const label =
      experiment.mode && experiment.value !== undefined
        ? `${experiment.mode} ${experiment.value}`
        : `experiment ${index + 1}`;
    const finished = finishTable(builder, file, `${RAW_FORMAT} (${label})`, options);
    const meta = emptyMeta();
    const model = modelOf(experiment.requests);
    if (model) meta.model = model;
    meta.benchmark = model ?? 'genai-perf';
    meta.workload = label;
    if (experiment.mode === 'concurrency' && experiment.value !== undefined) meta.config.concurrency = experiment.value;
    if (experiment.mode === 'request_rate' && experiment.value !== undefined)
      meta.config.request_rate = experiment.value;
    if (serviceKind) meta.config.service_kind = serviceKind;
    if (endpoint) meta.config.endpoint = endpoint;
    const version = own(doc, 'version');
    if (typeof version === 'string') meta.extra.perf_analyzer_version = version.slice(0, 100);
    const workload = tableWorkload(finished.table);
    if (experiment.mode === 'concurrency') workload.concurrency = experiment.value;
    if (experiment.mode === 'request_rate') workload.requestRate = experiment.value;
    const warnings =
      experiments.length > 1
        ? [`experiment ${index + 1} of ${experiments.length} (${label}); record numbers count across the file`]
        : [];
    runs.push({
      meta,
      requests: finished.table,
      summaries: [],
      sources: [sourceReport(file, format, finished, warnings)],
      workload,
      role: 'requests',
    });
  });
  if (runs.length === 0) throw new InputError(file, `${RAW_FORMAT}: "experiments" is empty`);
  return runs;
}

function readExperiment(raw: unknown): Experiment | undefined {
  const object = asObject(raw);
  const requests = own(object, 'requests');
  if (!object || !Array.isArray(requests)) return undefined;
  const info = asObject(own(object, 'experiment'));
  const mode = own(info, 'mode');
  const value = finiteNumber(own(info, 'value'));
  return {
    mode: typeof mode === 'string' ? mode.slice(0, 40) : undefined,
    value: value !== undefined && !Number.isNaN(value) ? value : undefined,
    requests,
  };
}

function addRequest(
  builder: RequestTableBuilder,
  raw: unknown,
  recordNo: number,
  serviceKind: string | undefined,
): void {
  const request = asObject(raw);
  if (!request) {
    builder.addRecord(raw, recordNo);
    return;
  }
  const start = finiteNumber(own(request, 'timestamp'));
  if (start === undefined || Number.isNaN(start)) {
    builder.recordUnparsable(
      recordNo,
      `request ${recordNo}: "timestamp" must be nanoseconds since the epoch, got ${describe(own(request, 'timestamp'))}`,
    );
    return;
  }
  const read = contentTimes(request, serviceKind);
  if (!read.ok) {
    builder.recordUnparsable(recordNo, `request ${recordNo}: ${read.error}`);
    return;
  }
  const times = read.value;
  const record: Record<string, unknown> = { arrival_ts: start / 1e9 };
  const sequence = finiteNumber(own(request, 'sequence_id'));
  if (sequence !== undefined && !Number.isNaN(sequence)) record.sequence_id = sequence;
  if (times.length === 0) {
    record.error = 'no response with content';
    builder.addRecord(record, recordNo);
    return;
  }
  record.first_token_ms = (times[0] - start) / NS_PER_MS;
  record.total_ms = (times[times.length - 1] - start) / NS_PER_MS;
  record.response_count = times.length;
  if (times.length === 1) {
    builder.addRecord(record, recordNo);
    return;
  }
  record.decode_ms = (times[times.length - 1] - times[0]) / NS_PER_MS;
  const gaps = new Array<number>(times.length - 1);
  for (let k = 1; k < times.length; k++) gaps[k - 1] = (times[k] - times[k - 1]) / NS_PER_MS;
  builder.addRecord(record, recordNo, gaps);
}

/** Response timestamps (ns) of the responses with content, or why they cannot be read. */
function contentTimes(request: Record<string, unknown>, serviceKind: string | undefined): Result<number[]> {
  const stamps = own(request, 'response_timestamps');
  if (!Array.isArray(stamps))
    return err(`"response_timestamps" must be a list of nanosecond timestamps, got ${describe(stamps)}`);
  const outputs = own(request, 'response_outputs');
  // GenAI-Perf filters empty responses for OpenAI endpoints only; other service kinds keep all.
  const filter =
    Array.isArray(outputs) &&
    outputs.length === stamps.length &&
    (serviceKind === 'openai' || (serviceKind === undefined && hasResponseStrings(outputs)));
  const times: number[] = [];
  for (let k = 0; k < stamps.length; k++) {
    const t = finiteNumber(stamps[k]);
    if (t === undefined || Number.isNaN(t))
      return err(`response_timestamps[${k}]: expected nanoseconds since the epoch, got ${describe(stamps[k])}`);
    if (filter && !openAiResponseHasContent(own(asObject((outputs as unknown[])[k]), 'response'))) continue;
    times.push(t);
  }
  return ok(times);
}

function hasResponseStrings(outputs: unknown[]): boolean {
  return outputs.some((o) => typeof own(asObject(o), 'response') === 'string');
}

/** The model named in the first request payload that names one (OpenAI endpoints send it). */
function modelOf(requests: unknown[]): string | undefined {
  for (let i = 0; i < Math.min(requests.length, 20); i++) {
    const payload = own(asObject(own(asObject(requests[i]), 'request_inputs')), 'payload');
    if (typeof payload !== 'string' || payload.length > 1_000_000) continue;
    try {
      const model = own(asObject(JSON.parse(payload)), 'model');
      if (typeof model === 'string' && model.trim() !== '') return model.trim().slice(0, 200);
    } catch {
      // Not JSON: the next request may do.
    }
  }
  return undefined;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return JSON.stringify(value).slice(0, 40);
}
