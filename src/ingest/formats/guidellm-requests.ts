// A GuideLLM benchmark's "requests" {successful, errored, incomplete} as request rows. Timestamps
// are Unix seconds taken by the client; where they sit depends on the version:
//   0.2   (benchmark.py GenerativeTextResponseStats): start_time, first_token_time,
//         last_token_time, end_time; scheduler_info.targeted_start_time; error
//   0.3.0 (objects.py GenerativeRequestStats): scheduler_info.request_timings {request_start,
//         first_iteration, last_iteration, request_end}, scheduler_info.scheduler_timings
//         .targeted_start, scheduler_info.error
//   0.4+  (schemas/request_stats.py): info.timings {targeted_start, request_start,
//         first_iteration | first_token_iteration, last_iteration | last_token_iteration,
//         request_end}, info.error
// All three also serialise computed fields (time_to_first_token_ms, request_latency in seconds,
// prompt_tokens, output_tokens), used when the timestamps are missing. Unset times are null or -1.
//
// Rows: arrival_ts = request start; first_token_ms = first token − start (client TTFT);
// total_ms = end − start; decode_ms = last token − first token; schedule_lag_ms (extra) = request
// start − the start GuideLLM's scheduler targeted: client-side lag behind the load schedule (the
// client could not send on time), not server queueing, so never queue_wait_ms. GuideLLM keeps no
// per-token times, so there are no token gaps. Incomplete requests (cut off when the benchmark
// stopped) are counted, not kept as rows; so are errored ones without a start time.

import { asObject, own } from './document';
import { finiteNumber } from './values';
import type { RequestTableBuilder } from '../request-table';

const MAX_ERROR_TEXT = 300;

export interface RequestCounts {
  successful: number;
  errored: number;
  incomplete: number;
  /** Requests outside the measured window (warmup, cooldown), left out as GuideLLM's metrics do. */
  outsideWindow: number;
  /** Errored requests with no start time: counted, not rows (one row without a time would
   * leave every row in file order). */
  erroredUntimed: number;
  /** Members of "requests" that are not lists. */
  malformed: string[];
}

export interface MeasureWindow {
  start: number;
  end: number;
}

interface Times {
  start?: number;
  first?: number;
  last?: number;
  end?: number;
  targeted?: number;
  error?: unknown;
}

/**
 * Adds the benchmark's successful and errored requests to `builder`, numbering them from
 * `firstRecord` (records have no line of their own in a one-line report).
 */
export function addGeneratedRequests(
  builder: RequestTableBuilder,
  requests: unknown,
  window: MeasureWindow | undefined,
  firstRecord: number,
): RequestCounts {
  const counts: RequestCounts = {
    successful: 0,
    errored: 0,
    incomplete: 0,
    outsideWindow: 0,
    erroredUntimed: 0,
    malformed: [],
  };
  const groups = asObject(requests);
  let record = firstRecord;
  for (const status of ['successful', 'errored'] as const) {
    const list = own(groups, status);
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list)) {
      counts.malformed.push(status);
      continue;
    }
    for (const item of list) {
      const number = record++;
      const r = asObject(item);
      if (!r) {
        builder.addRecord(item, number);
        continue;
      }
      const times = timesOf(r);
      if (window && outside(times, window)) {
        counts.outsideWindow++;
        continue;
      }
      if (status === 'errored' && times.start === undefined) {
        counts.erroredUntimed++;
        continue;
      }
      builder.addRecord(status === 'successful' ? successRow(r, times) : errorRow(r, times), number);
      counts[status]++;
    }
  }
  const incomplete = own(groups, 'incomplete');
  if (Array.isArray(incomplete)) counts.incomplete = incomplete.length;
  return counts;
}

function successRow(r: Record<string, unknown>, t: Times): Record<string, unknown> {
  const row = common(r, t);
  const ttft =
    t.start !== undefined && t.first !== undefined
      ? (t.first - t.start) * 1000
      : number(own(r, 'time_to_first_token_ms'));
  const latency = number(own(r, 'request_latency'));
  const total =
    t.start !== undefined && t.end !== undefined
      ? (t.end - t.start) * 1000
      : latency !== undefined
        ? latency * 1000
        : undefined;
  // Unusable values go to the builder as they are, so it rejects the record naming the field.
  row.first_token_ms = ttft ?? own(r, 'time_to_first_token_ms');
  row.total_ms = total ?? own(r, 'request_latency');
  if (t.first !== undefined && t.last !== undefined) row.decode_ms = (t.last - t.first) * 1000;
  else if (ttft !== undefined && total !== undefined && total >= ttft) row.decode_ms = total - ttft;
  return row;
}

/** A failed request: when it happened and what it asked for; its partial timings are not latencies. */
function errorRow(r: Record<string, unknown>, t: Times): Record<string, unknown> {
  const row = common(r, t);
  const message =
    typeof t.error === 'string' && t.error.trim() !== '' ? t.error.trim() : 'errored (GuideLLM gives no message)';
  row.error = message.length > MAX_ERROR_TEXT ? `${message.slice(0, MAX_ERROR_TEXT)}…` : message;
  return row;
}

function common(r: Record<string, unknown>, t: Times): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const id = own(r, 'request_id');
  if (typeof id === 'string' || typeof id === 'number') row.request_id = String(id);
  if (t.start !== undefined) row.arrival_ts = t.start;
  const prompt = own(r, 'prompt_tokens') ?? own(asObject(own(r, 'input_metrics')), 'total_tokens');
  const output = own(r, 'output_tokens') ?? own(asObject(own(r, 'output_metrics')), 'total_tokens');
  if (prompt !== undefined && prompt !== null) row.prompt_tokens = prompt;
  if (output !== undefined && output !== null) row.output_tokens = output;
  const lag = t.start !== undefined && t.targeted !== undefined ? (t.start - t.targeted) * 1000 : NaN;
  if (Number.isFinite(lag)) row.schedule_lag_ms = lag;
  return row;
}

function timesOf(r: Record<string, unknown>): Times {
  const info = asObject(own(r, 'info'));
  const timings = asObject(own(info, 'timings'));
  if (timings) {
    return {
      start: stamp(own(timings, 'request_start')) ?? stamp(own(r, 'request_start_time')),
      first: stamp(own(timings, 'first_token_iteration')) ?? stamp(own(timings, 'first_iteration')),
      last: stamp(own(timings, 'last_token_iteration')) ?? stamp(own(timings, 'last_iteration')),
      end: stamp(own(timings, 'request_end')),
      targeted: stamp(own(timings, 'targeted_start')),
      error: own(info, 'error'),
    };
  }
  const scheduler = asObject(own(r, 'scheduler_info'));
  const measured = asObject(own(scheduler, 'request_timings'));
  if (measured) {
    return {
      start: stamp(own(measured, 'request_start')),
      first: stamp(own(measured, 'first_iteration')),
      last: stamp(own(measured, 'last_iteration')),
      end: stamp(own(measured, 'request_end')),
      targeted: stamp(own(asObject(own(scheduler, 'scheduler_timings')), 'targeted_start')),
      error: own(scheduler, 'error'),
    };
  }
  return {
    start: stamp(own(r, 'start_time')),
    first: stamp(own(r, 'first_token_time')),
    last: stamp(own(r, 'last_token_time')),
    end: stamp(own(r, 'end_time')),
    targeted: stamp(own(scheduler, 'targeted_start_time')),
    error: own(r, 'error'),
  };
}

/** As GuideLLM's get_within_range: ended after the window opened and started before it closed. */
function outside(t: Times, window: MeasureWindow): boolean {
  const end = t.end ?? t.start;
  const start = t.start ?? t.end;
  if (end === undefined || start === undefined) return false;
  return end < window.start || start > window.end;
}

/** A Unix timestamp; GuideLLM writes null or -1 for times it did not take. */
function stamp(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function number(value: unknown): number | undefined {
  const n = finiteNumber(value);
  return n === undefined || Number.isNaN(n) ? undefined : n;
}
