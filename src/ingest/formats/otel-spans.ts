// Walking an OTLP/JSON trace export (ExportTraceServiceRequest: resourceSpans[].scopeSpans[].spans[])
// and turning vLLM's per-request span into a native §4 record.
//
// OTLP/JSON (opentelemetry-proto JSON mapping): lowerCamelCase keys, 64-bit integers (intValue,
// *UnixNano) as decimal strings or numbers, attributes as [{key, value: {stringValue | intValue |
// doubleValue | boolValue | arrayValue | kvlistValue | bytesValue}}], status.code 2 (or
// "STATUS_CODE_ERROR") for an error. Pre-1.0 exporters wrote instrumentationLibrarySpans; snake_case
// keys are accepted too.
//
// The span: vLLM's OutputProcessor.do_tracing (vllm/v1/engine/output_processor.py; attribute names
// from SpanAttributes in vllm/tracing.py, later vllm/tracing/utils.py) emits one span named
// "llm_request" per finished request, started at the request's arrival, with (seconds):
//   gen_ai.latency.time_in_queue            scheduled − queued           → queue_wait_ms
//   gen_ai.latency.time_to_first_token      first token − arrival        → first_token_ms
//   gen_ai.latency.e2e                      finish − arrival             → total_ms
//   gen_ai.latency.time_in_model_prefill    first token − scheduled      → prefill_ms
//   gen_ai.latency.time_in_model_decode     last token − first token     → decode_ms
//   gen_ai.latency.time_in_model_inference  last token − scheduled       → inference_ms (extra)
//   gen_ai.usage.prompt_tokens / completion_tokens (semconv ≥1.27: input_tokens / output_tokens)
//   gen_ai.usage.cached_tokens → prefix_cache_hit_tokens; gen_ai.request.id → request_id;
//   gen_ai.response.model → model_version; gen_ai.response.finish_reasons (a JSON list in a string)
// V0 engines also set time_in_scheduler / time_in_model_forward / time_in_model_execute: kept as
// extras in ms. An aborted request (finish reason "abort", or an error status) is a failed row.

import { asObject, own } from './document';
import { finiteNumber } from './values';

export const VLLM_SPAN_NAME = 'llm_request';

/** An OTLP span object and what the walk knows about where it came from. */
export interface FoundSpan {
  span: Record<string, unknown>;
  /** service.name of its resource, when set. */
  service?: string;
  scope?: string;
}

/** Every span of one ExportTraceServiceRequest; structural problems are returned, not thrown. */
export function spansOf(request: unknown): { spans: FoundSpan[]; problem?: string } {
  const root = asObject(request);
  if (!root) return { spans: [], problem: 'expected an ExportTraceServiceRequest object {"resourceSpans": [...]}' };
  const resourceSpans = either(root, 'resourceSpans', 'resource_spans');
  if (!Array.isArray(resourceSpans)) return { spans: [], problem: 'no "resourceSpans" list' };
  const spans: FoundSpan[] = [];
  for (const rs of resourceSpans) {
    const resource = asObject(own(asObject(rs), 'resource'));
    const service = attributeMap(own(resource, 'attributes')).get('service.name');
    const scopes =
      either(asObject(rs), 'scopeSpans', 'scope_spans') ??
      either(asObject(rs), 'instrumentationLibrarySpans', 'instrumentation_library_spans');
    if (!Array.isArray(scopes)) continue;
    for (const ss of scopes) {
      const scopeObject = asObject(either(asObject(ss), 'scope', 'instrumentationLibrary'));
      const scopeName = own(scopeObject, 'name');
      const list = own(asObject(ss), 'spans');
      if (!Array.isArray(list)) continue;
      for (const span of list) {
        const object = asObject(span);
        if (!object) continue;
        spans.push({
          span: object,
          ...(typeof service === 'string' ? { service } : {}),
          ...(typeof scopeName === 'string' ? { scope: scopeName } : {}),
        });
      }
    }
  }
  return { spans };
}

/** Attributes as a Map of decoded values; malformed entries are skipped. */
export function attributeMap(list: unknown): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (!Array.isArray(list)) return out;
  for (const entry of list) {
    const object = asObject(entry);
    const key = own(object, 'key');
    if (typeof key !== 'string') continue;
    out.set(key, anyValue(own(object, 'value')));
  }
  return out;
}

/** An OTLP AnyValue as a JS value (nested lists and maps only one level deep, as text). */
export function anyValue(value: unknown): unknown {
  const v = asObject(value);
  if (!v) return undefined;
  for (const key of ['stringValue', 'string_value', 'bytesValue', 'bytes_value']) {
    const s = own(v, key);
    if (typeof s === 'string') return s;
  }
  for (const key of ['intValue', 'int_value', 'doubleValue', 'double_value']) {
    const n = own(v, key);
    if (n !== undefined) return n;
  }
  const b = either(v, 'boolValue', 'bool_value');
  if (typeof b === 'boolean') return b;
  const array = asObject(either(v, 'arrayValue', 'array_value'));
  if (array) {
    const values = own(array, 'values');
    return Array.isArray(values) ? values.slice(0, 100).map((x) => anyValue(x)) : [];
  }
  const kv = asObject(either(v, 'kvlistValue', 'kvlist_value'));
  if (kv) return JSON.stringify(Object.fromEntries(attributeMap(own(kv, 'values')))).slice(0, 500);
  return undefined;
}

export function spanName(span: Record<string, unknown>): string {
  const name = own(span, 'name');
  return typeof name === 'string' ? name : '';
}

const SECONDS_TO_MS: readonly [attribute: string, field: string][] = [
  ['gen_ai.latency.time_in_queue', 'queue_wait_ms'],
  ['gen_ai.latency.time_to_first_token', 'first_token_ms'],
  ['gen_ai.latency.e2e', 'total_ms'],
  ['gen_ai.latency.time_in_model_prefill', 'prefill_ms'],
  ['gen_ai.latency.time_in_model_decode', 'decode_ms'],
  ['gen_ai.latency.time_in_model_inference', 'inference_ms'],
  ['gen_ai.latency.time_in_scheduler', 'scheduler_ms'],
  ['gen_ai.latency.time_in_model_forward', 'model_forward_ms'],
  ['gen_ai.latency.time_in_model_execute', 'model_execute_ms'],
];

const COUNTS: readonly [attributes: readonly string[], field: string][] = [
  [['gen_ai.usage.prompt_tokens', 'gen_ai.usage.input_tokens'], 'prompt_tokens'],
  [['gen_ai.usage.completion_tokens', 'gen_ai.usage.output_tokens'], 'output_tokens'],
  [['gen_ai.usage.cached_tokens'], 'prefix_cache_hit_tokens'],
  [['gen_ai.request.max_tokens'], 'max_tokens'],
];

/**
 * A native §4 record for one llm_request span. Values that are not numbers are passed on as they
 * are, so the table builder rejects the record naming the field, rather than the value vanishing.
 */
export function spanRecord(span: Record<string, unknown>): Record<string, unknown> {
  const attributes = attributeMap(own(span, 'attributes'));
  const record: Record<string, unknown> = {};
  const requestId = attributes.get('gen_ai.request.id');
  if (typeof requestId === 'string' || typeof requestId === 'number') record.request_id = String(requestId);
  const arrival = unixNanoToSeconds(either(span, 'startTimeUnixNano', 'start_time_unix_nano'));
  if (arrival !== undefined) record.arrival_ts = arrival;
  for (const [attribute, field] of SECONDS_TO_MS) {
    if (!attributes.has(attribute)) continue;
    const raw = attributes.get(attribute);
    const seconds = finiteNumber(raw);
    record[field] = seconds === undefined || Number.isNaN(seconds) ? raw : seconds * 1000;
  }
  for (const [names, field] of COUNTS) {
    const name = names.find((n) => attributes.has(n));
    if (name === undefined) continue;
    const raw = attributes.get(name);
    const count = finiteNumber(raw);
    record[field] = count === undefined || Number.isNaN(count) ? raw : count;
  }
  const model = attributes.get('gen_ai.response.model');
  if (typeof model === 'string' && model !== '') record.model_version = model;
  const reasons = finishReasons(attributes.get('gen_ai.response.finish_reasons'));
  if (reasons) record.finish_reason = reasons;
  const error = spanError(span, reasons);
  if (error) record.error = error;
  return record;
}

/** "length", or "abort,length" for several sequences; vLLM writes json.dumps([...]) as a string. */
function finishReasons(value: unknown): string | undefined {
  let list: unknown = value;
  if (typeof value === 'string') {
    try {
      list = JSON.parse(value);
    } catch {
      return value.slice(0, 100) || undefined;
    }
  }
  if (!Array.isArray(list)) return typeof list === 'string' ? list : undefined;
  const text = list.filter((x): x is string => typeof x === 'string').join(',');
  return text || undefined;
}

function spanError(span: Record<string, unknown>, reasons: string | undefined): string | undefined {
  const status = asObject(own(span, 'status'));
  const code = own(status, 'code');
  if (code === 2 || code === '2' || code === 'STATUS_CODE_ERROR') {
    const message = own(status, 'message');
    return typeof message === 'string' && message.trim() !== '' ? message.slice(0, 200) : 'span status ERROR';
  }
  if (reasons?.split(',').includes('abort')) return 'finish_reason abort';
  return undefined;
}

/** Seconds (with µs kept) from unsigned nanoseconds as a decimal string or number. */
export function unixNanoToSeconds(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && value > 0 ? value / 1e9 : undefined;
  if (typeof value !== 'string' || !/^\d{1,20}$/.test(value)) return undefined;
  // Number("1710000000123456789") keeps only ~16 digits; split to keep the sub-second part exact.
  const whole = value.length > 9 ? Number(value.slice(0, -9)) : 0;
  const fraction = Number(value.slice(-9)) / 1e9;
  const seconds = whole + fraction;
  return seconds > 0 ? seconds : undefined;
}

function either(object: Record<string, unknown> | undefined, a: string, b: string): unknown {
  const first = own(object, a);
  return first !== undefined ? first : own(object, b);
}
