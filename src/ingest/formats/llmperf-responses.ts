// LLMPerf *_individual_responses.json: a JSON list, one object per request, as the clients in
// ray-project/llmperf build it (openai_chat_completions_client.py, then token_benchmark_ray.py):
//   error_code (null on success; an HTTP status or -1), error_msg, ttft_s, end_to_end_latency_s,
//   inter_token_latency_s, request_output_throughput_token_per_s, number_input_tokens,
//   number_output_tokens, number_total_tokens.
// The list is streamed element by element into the request table. llmperf records no request start
// time, so rows stay in file order (the table builder says so in its warnings).

import { emptyMeta, type Run } from '../../model/run';
import { InputError } from '../errors';
import type { IngestOptions } from './adapter';
import { asObject, own } from './document';
import { finiteNumber } from './values';
import { RequestTableBuilder } from '../request-table';
import type { TextSource } from '../source';
import { JsonStreamSplitter } from '../text/json-stream';

const FORMAT = 'LLMPerf individual responses';
const MAX_ERROR_TEXT = 300;

/** What one record contributes beyond its row: counts for the workload and the warnings. */
class Tally {
  rows = 0;
  failed = 0;
  succeeded = 0;
  promptSum = 0;
  promptCount = 0;
  outputSum = 0;
  outputCount = 0;
  zeroTtft = 0;
  endBeforeFirstToken = 0;
  droppedExtras = 0;
}

type Mapped = { record: Record<string, unknown> } | { reject: string };

export async function readLlmperfResponses(source: TextSource, options: IngestOptions): Promise<Run> {
  const builder = new RequestTableBuilder(source.name);
  const splitter = new JsonStreamSplitter();
  const structural: string[] = [];
  const tally = new Tally();
  const handlers = {
    onElement(text: string, line: number) {
      const parsed = builder.parseRecordText(text, line);
      if (!parsed) return;
      const { value } = parsed;
      const object = asObject(value);
      if (!object) {
        builder.addRecord(value, line); // rejected with "expected a JSON object for one request"
        return;
      }
      const mapped = mapResponse(object, tally);
      if ('reject' in mapped) builder.recordUnparsable(line, mapped.reject);
      else builder.addRecord(mapped.record, line);
    },
    onError(message: string, line: number) {
      structural.push(`line ${line}: ${message}; nothing after it was read`);
    },
  };
  for await (const chunk of source.chunks()) splitter.push(chunk, handlers);
  splitter.end(handlers);
  if (splitter.shape === 'object') {
    throw new InputError(
      source.name,
      `${FORMAT}: expected a JSON list of request objects, got an object (an LLMPerf summary is read from its own head)`,
    );
  }

  const built = builder.finish();
  const first = built.firstRejection;
  if (!built.table) {
    if (first)
      throw new InputError(
        source.name,
        `${FORMAT}: ${first.message} (no usable request: ${built.skipped} of ${built.recordsRead} record(s) rejected, this is the first)`,
        first.line,
        first.field,
      );
    throw new InputError(
      source.name,
      structural[0] ? `${FORMAT}: ${structural[0]}` : `${FORMAT}: the list holds no requests`,
    );
  }
  if (built.recordsRead > 0 && built.skipped / built.recordsRead > options.maxBadLineRatio) {
    throw new InputError(
      source.name,
      `${FORMAT}: ${first ? `${first.message} — ` : ''}${built.skipped} of ${built.recordsRead} records are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      first?.line,
      first?.field,
    );
  }

  const meta = emptyMeta();
  const stem = fileStem(source.name);
  if (stem) meta.benchmark = stem;
  return {
    meta,
    requests: built.table,
    summaries: [],
    workload: {
      requests: tally.rows,
      failed: tally.failed,
      failedFrom: 'rows',
      // llmperf's clients stream every request: its TTFT is the first streamed token.
      streaming: true,
      ...meanOf('inputTokensMean', tally.promptSum, tally.promptCount),
      ...meanOf('outputTokensMean', tally.outputSum, tally.outputCount),
    },
    role: 'requests',
    sources: [
      {
        file: source.name,
        format: 'llmperf',
        recordsRead: built.recordsRead,
        recordsKept: built.table.length,
        skipped: built.skipped,
        issues: built.issues.kept,
        warnings: [...structural, ...built.warnings, ...tallyWarnings(tally)],
      },
    ],
  };
}

/**
 * One llmperf record as native §4 fields. A request failed when error_code is set: that is how
 * llmperf's own summary tells them apart (error_msg may be empty). Failed records carry 0 as
 * placeholder timings, which are not measurements and are left out.
 */
function mapResponse(r: Record<string, unknown>, tally: Tally): Mapped {
  const code = own(r, 'error_code');
  const out: Record<string, unknown> = {};
  if (code !== undefined && code !== null) {
    out.error = errorText(code, own(r, 'error_msg'));
    const numericCode = finiteNumber(code);
    if (numericCode !== undefined && !Number.isNaN(numericCode)) out.error_code = numericCode;
    const prompt = nonNegative(r, 'number_input_tokens', 'a token count');
    if (typeof prompt === 'number') out.prompt_tokens = prompt;
    tally.rows++;
    tally.failed++;
    return { record: out };
  }

  const ttft = nonNegative(r, 'ttft_s', 'seconds');
  const e2e = nonNegative(r, 'end_to_end_latency_s', 'seconds');
  const prompt = nonNegative(r, 'number_input_tokens', 'a token count');
  const output = nonNegative(r, 'number_output_tokens', 'a token count');
  for (const value of [ttft, e2e, prompt, output]) if (typeof value === 'string') return { reject: value };
  if (ttft === undefined || e2e === undefined) {
    const missing = ttft === undefined ? 'ttft_s' : 'end_to_end_latency_s';
    return {
      reject: `field "${missing}": missing: a successful request (no error_code) needs ttft_s and end_to_end_latency_s`,
    };
  }
  // Client-measured: request sent → first streamed content chunk, and → end of the stream.
  out.first_token_ms = (ttft as number) * 1000;
  out.total_ms = (e2e as number) * 1000;
  if ((e2e as number) >= (ttft as number)) out.decode_ms = ((e2e as number) - (ttft as number)) * 1000;
  else tally.endBeforeFirstToken++;
  if (ttft === 0) tally.zeroTtft++;
  if (typeof prompt === 'number') {
    out.prompt_tokens = prompt;
    tally.promptSum += prompt;
    tally.promptCount++;
  }
  if (typeof output === 'number') {
    out.output_tokens = output;
    tally.outputSum += output;
    tally.outputCount++;
  }
  // Kept as extra dimensions under llmperf's names and units (see llmperf-summary.ts on what
  // inter_token_latency_s measures: not a token gap).
  for (const key of ['inter_token_latency_s', 'request_output_throughput_token_per_s']) {
    const value = nonNegative(r, key, 'a number');
    if (typeof value === 'number') out[key] = value;
    else if (typeof value === 'string') tally.droppedExtras++;
  }
  tally.rows++;
  tally.succeeded++;
  return { record: out };
}

/** A finite number ≥ 0 (numeric strings accepted), undefined when absent, or why it is not one. */
function nonNegative(r: Record<string, unknown>, key: string, what: string): number | undefined | string {
  const raw = own(r, key);
  const n = finiteNumber(raw);
  if (n === undefined) return undefined;
  if (Number.isNaN(n) || n < 0)
    return `field "${key}": expected ${what} ≥ 0, got ${JSON.stringify(raw)?.slice(0, 40) ?? String(raw)}`;
  return n;
}

function errorText(code: unknown, message: unknown): string {
  const codeText =
    typeof code === 'string' || typeof code === 'number' ? String(code) : (JSON.stringify(code) ?? 'set');
  const text =
    typeof message === 'string' && message.trim() !== ''
      ? `error code ${codeText}: ${message.trim()}`
      : `error code ${codeText}`;
  return text.length > MAX_ERROR_TEXT ? `${text.slice(0, MAX_ERROR_TEXT)}…` : text;
}

function tallyWarnings(t: Tally): string[] {
  const out: string[] = [];
  if (t.failed > 0) out.push(`${t.failed} of ${t.rows} requests failed (error_code set); kept as failed rows`);
  if (t.zeroTtft > 0)
    out.push(
      `${t.zeroTtft} successful request(s) have ttft_s 0: llmperf leaves 0 when no content chunk arrived; kept, as llmperf's own summary keeps them`,
    );
  if (t.endBeforeFirstToken > 0)
    out.push(
      `${t.endBeforeFirstToken} request(s) end before their first token (end_to_end_latency_s < ttft_s); decode left out for them`,
    );
  if (t.droppedExtras > 0)
    out.push(
      `${t.droppedExtras} inter_token_latency_s / request_output_throughput_token_per_s value(s) were not numbers ≥ 0; left out`,
    );
  return out;
}

function meanOf<K extends string>(key: K, sum: number, count: number): Partial<Record<K, number>> {
  const mean = sum / count;
  return count > 0 && Number.isFinite(mean) ? ({ [key]: mean } as Partial<Record<K, number>>) : {};
}

/** "results/fireworks_70b_individual_responses.json" → "fireworks_70b", matching the summary's name. */
function fileStem(name: string): string | undefined {
  const base = name.split(/[\\/]/).pop() ?? name;
  const stem = base.replace(/\.json$/i, '').replace(/_individual_responses$/, '');
  return stem === '' ? undefined : stem;
}
