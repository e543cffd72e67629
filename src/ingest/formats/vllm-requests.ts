// Per-request rows from the parallel arrays vLLM writes with --save-detailed and SGLang with
// --output-details (one entry per request, in send order):
//   ttfts (s), itls (list of gaps per request, s), input_lens, output_lens, errors ("" = success),
//   generated_texts (ignored, never kept),
// and from recent vLLM (vllm/benchmarks/serve.py, late 2025) also
//   latencies (s), start_times (perf_counter s, sending time), queue_times (s spent waiting on the
//   client's --max-concurrency semaphore).
// Mapping to native §4 fields: first_token_ms = ttft (client-side), total_ms = latency, or
// ttft + Σ gaps when the file has no latencies (older vLLM, SGLang: the time of the last token),
// decode_ms = total − ttft, prompt_tokens, output_tokens, error, arrival_ts = start time,
// client_queue_wait_ms (an extra dimension); each request's gaps go in as token gaps.
// Failed requests keep only what is real: their error, prompt size and start time (the tools
// write 0 for their latencies). Issues name the request ("request 2: …") on the result's line.

import type { IngestIssue, RequestTable } from '../../model/run';
import { InputError } from '../errors';
import { RequestTableBuilder } from '../request-table';
import type { IngestOptions } from './adapter';
import { own } from './document';
import { finiteNumber } from './values';
import type { ResultPlace } from './vllm-document';

/** Array keys and what each element must be, for messages. */
const ARRAY_KEYS = {
  ttfts: 'a list of numbers (seconds)',
  itls: 'a list of lists of gaps (seconds)',
  latencies: 'a list of numbers (seconds)',
  start_times: 'a list of numbers (seconds)',
  queue_times: 'a list of numbers (seconds)',
  input_lens: 'a list of token counts',
  output_lens: 'a list of token counts',
  errors: 'a list of strings ("" for success)',
} as const;
type ArrayKey = keyof typeof ARRAY_KEYS;

export interface PerRequestResult {
  table: RequestTable | undefined;
  recordsRead: number;
  skipped: number;
  issues: IngestIssue[];
  warnings: string[];
  /** Rows with an error; undefined when the rows were not read. */
  failed: number | undefined;
}

/**
 * The per-request table of one result object, or undefined when it has no `ttfts` array (saved
 * without --save-detailed / --output-details). Arrays of the wrong type are an InputError; arrays
 * of different lengths leave the per-request data out with a warning (the summaries still hold).
 */
export function readPerRequestArrays(
  result: Record<string, unknown>,
  file: string,
  format: string,
  place: ResultPlace,
  options: IngestOptions,
): PerRequestResult | undefined {
  if (own(result, 'ttfts') === undefined || own(result, 'ttfts') === null) return undefined;
  const where = place.label ? ` (${place.label})` : '';
  const arrays: Partial<Record<ArrayKey, unknown[]>> = {};
  for (const key of Object.keys(ARRAY_KEYS) as ArrayKey[]) {
    const value = own(result, key);
    if (value === undefined || value === null) continue;
    if (!Array.isArray(value)) {
      throw new InputError(
        file,
        `${format}${where}: key "${key}": expected ${ARRAY_KEYS[key]}, got ${describe(value)}`,
        place.line,
        key,
      );
    }
    arrays[key] = value;
  }
  const ttfts = arrays.ttfts!;
  const mismatched = (Object.keys(arrays) as ArrayKey[]).filter((k) => arrays[k]!.length !== ttfts.length);
  if (mismatched.length > 0) {
    const lengths = ['ttfts', ...mismatched].map((k) => `${k} ${arrays[k as ArrayKey]!.length}`).join(', ');
    return {
      table: undefined,
      recordsRead: 0,
      skipped: 0,
      issues: [],
      warnings: [`per-request arrays differ in length (${lengths}): per-request data left out, the summaries kept`],
      failed: undefined,
    };
  }

  const builder = new RequestTableBuilder(file);
  let failed = 0;
  for (let i = 0; i < ttfts.length; i++) {
    const record = i + 1;
    const error = arrays.errors?.[i];
    // As the table builder reads `error`: a blank string, false or null is a success.
    const isFailure =
      typeof error === 'string' ? error.trim() !== '' : error !== undefined && error !== null && error !== false;
    const row: Record<string, unknown> = {
      prompt_tokens: arrays.input_lens?.[i],
      arrival_ts: arrays.start_times?.[i],
    };
    if (isFailure) {
      failed++;
      row.error = error;
      builder.addRecord(row, record);
      continue;
    }
    const gapsRaw = arrays.itls?.[i];
    if (gapsRaw !== undefined && gapsRaw !== null && !Array.isArray(gapsRaw)) {
      builder.recordUnparsable(
        record,
        `itls[${i}]: expected the request's list of token gaps in seconds, got ${describe(gapsRaw)}`,
      );
      continue;
    }
    const gapsMs = Array.isArray(gapsRaw) ? gapsRaw.map(secondsToMs) : undefined;
    const ttftMs = secondsToMs(ttfts[i]);
    const totalMs = arrays.latencies ? secondsToMs(arrays.latencies[i]) : reconstructedTotal(ttftMs, gapsMs);
    row.first_token_ms = ttftMs;
    row.total_ms = totalMs;
    if (typeof ttftMs === 'number' && typeof totalMs === 'number' && totalMs >= ttftMs)
      row.decode_ms = totalMs - ttftMs;
    row.output_tokens = arrays.output_lens?.[i];
    if (arrays.queue_times) row.client_queue_wait_ms = secondsToMs(arrays.queue_times[i]);
    builder.addRecord(row, record, gapsMs);
  }

  const built = builder.finish();
  const first = built.firstRejection;
  if (built.recordsRead > 0 && built.skipped / built.recordsRead > options.maxBadLineRatio) {
    throw new InputError(
      file,
      `${format}${where}: ${first ? `request ${first.line}${first.field ? ` (${first.field})` : ''}: ${first.message} — ` : ''}${built.skipped} of ${built.recordsRead} requests are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      place.line,
      first?.field,
    );
  }
  const warnings = [...built.warnings];
  if (!arrays.latencies)
    warnings.push(
      'no per-request latencies in the file: total_ms is ttft + the sum of the token gaps (the time of the last token)',
    );
  if (!arrays.errors) warnings.push('no "errors" array: every request is taken as successful');
  const completed = finiteNumber(own(result, 'completed'));
  const succeeded = ttfts.length - failed;
  if (completed !== undefined && !Number.isNaN(completed) && completed !== succeeded) {
    warnings.push(`"completed" says ${completed} requests succeeded, the per-request arrays show ${succeeded}`);
  }
  // The builder numbers records by request; the report wants file lines, so the request goes in the message.
  const issues = built.issues.kept.map((issue) => ({
    ...issue,
    line: place.line ?? 1,
    message: `request ${issue.line}: ${issue.message}`,
  }));
  return { table: built.table, recordsRead: built.recordsRead, skipped: built.skipped, issues, warnings, failed };
}

/**
 * Seconds to ms for one value; anything that is not a finite number is handed on unchanged so the
 * table builder rejects the request with its own message ("expected a duration in ms ≥ 0, got …").
 */
function secondsToMs(value: unknown): unknown {
  const n = finiteNumber(value);
  if (n === undefined || Number.isNaN(n)) return value;
  return n * 1000;
}

function reconstructedTotal(ttftMs: unknown, gapsMs: unknown[] | undefined): unknown {
  if (typeof ttftMs !== 'number') return undefined;
  let total = ttftMs;
  for (const g of gapsMs ?? []) {
    if (typeof g !== 'number' || !Number.isFinite(g)) return undefined;
    total += g;
  }
  return total;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
