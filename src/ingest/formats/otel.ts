// vLLM's OpenTelemetry request spans (vllm serve --otlp-traces-endpoint) as saved by an OTLP/JSON
// file exporter, in every shape the exporters write: the OpenTelemetry Collector's `file` exporter's
// JSON Lines (one ExportTraceServiceRequest per line), one (pretty-printed) request as a whole
// document, or a JSON array of requests (what a script that collects them writes). Each
// "llm_request" span becomes one per-request row (otel-spans.ts has the mapping); other spans (HTTP
// server spans, journey-tracing "llm_core" spans) are counted and left out. role 'traces'.

import { emptyMeta, type Run } from '../../model/run';
import { InputError } from '../errors';
import { RequestTableBuilder } from '../request-table';
import type { TextSource } from '../source';
import { LineSplitter } from '../text/lines';
import { parseJsonLenient } from '../text/lenient-json';
import type { ArtifactAdapter, Detection, IngestOptions } from './adapter';
import { MAX_DOCUMENT_BYTES, parseDocument, readDocument } from './document';
import { spanName, spanRecord, spansOf, VLLM_SPAN_NAME, type FoundSpan } from './otel-spans';

export const OTEL_FORMAT = 'otel';
const LABEL = 'OTLP/JSON trace export';
/** JSON Lines are streamed (one export request in memory at a time), so they may be larger. */
export const MAX_TRACE_JSONL_BYTES = 1024 * 1024 * 1024;

export interface OtelLimits {
  /** Largest whole-document export read into memory. */
  documentBytes: number;
  /** Largest JSON Lines export, streamed. */
  jsonlBytes: number;
}

export const otelAdapter: ArtifactAdapter = {
  id: OTEL_FORMAT,
  label: 'vLLM OpenTelemetry request spans (OTLP/JSON)',
  writtenBy: "vllm serve --otlp-traces-endpoint <collector>, with the collector's file exporter writing OTLP/JSON",
  detect: detectOtel,
  read: (source, options) => readOtel(source, options),
};

const RESOURCE_SPANS_KEY = /^\s*\{\s*"(resourceSpans|resource_spans)"\s*:/;
const ARRAY_OF_REQUESTS = /^\s*\[\s*\{\s*"(resourceSpans|resource_spans)"\s*:/;

export function detectOtel(head: string): Detection {
  const text = head.replace(/^\ufeff/, '');
  if (RESOURCE_SPANS_KEY.test(text))
    return { match: true, reason: 'OTLP/JSON trace export ("resourceSpans")', specificity: 3 };
  if (ARRAY_OF_REQUESTS.test(text))
    return {
      match: true,
      reason: 'a JSON array of OTLP/JSON trace export requests ([{"resourceSpans": …}, …])',
      specificity: 3,
    };
  return {
    match: false,
    reason: 'does not start with {"resourceSpans": …} or [{"resourceSpans": …}, …] (an OTLP/JSON trace export)',
  };
}

export async function readOtel(
  source: TextSource,
  options: IngestOptions,
  limits: Partial<OtelLimits> = {},
): Promise<Run[]> {
  const { documentBytes = MAX_DOCUMENT_BYTES, jsonlBytes = MAX_TRACE_JSONL_BYTES } = limits;
  const builder = new RequestTableBuilder(source.name);
  const tally = new SpanTally();
  let numbered = 0;
  const take = (request: unknown, line: number, spanNumbering: boolean) => {
    const { spans, problem } = spansOf(request);
    if (problem) {
      builder.recordUnparsable(line, `${LABEL}: ${problem}`);
      return;
    }
    for (const found of spans) {
      // In a whole document every span is a record of its own: numbered by position, since lines are unknown.
      const position = ++numbered;
      if (!tally.count(found)) continue;
      builder.addRecord(spanRecord(found.span), spanNumbering ? position : line);
    }
  };

  if (isJsonLines(source.head)) {
    let bytes = 0;
    const splitter = new LineSplitter();
    const onLine = (line: string, lineNo: number) => {
      if (line.trim() === '') return;
      const parsed = builder.parseRecordText(line, lineNo, LABEL);
      // A one-line list of export requests is read element by element, as a multi-line one is.
      if (parsed)
        for (const request of Array.isArray(parsed.value) ? parsed.value : [parsed.value]) take(request, lineNo, false);
    };
    for await (const chunk of source.chunks()) {
      bytes += chunk.length;
      if (bytes > jsonlBytes)
        throw new InputError(
          source.name,
          `${LABEL}: the file is larger than ${Math.round(jsonlBytes / 1024 / 1024)} MB, the most perf-triage reads; refused`,
        );
      splitter.push(chunk, onLine);
    }
    splitter.end(onLine);
  } else {
    const text = await readDocument(source, LABEL, documentBytes);
    const value = parseDocument(text, source, LABEL);
    // A list of export requests is read request by request; a bad one is a skipped record, not the file.
    const requests = Array.isArray(value) ? value : [value];
    if (!Array.isArray(value)) {
      const { problem } = spansOf(value);
      if (problem) throw new InputError(source.name, `${LABEL}: ${problem}`);
    } else if (value.length === 0)
      throw new InputError(source.name, `${LABEL}: an empty list (expected export requests {"resourceSpans": [...]})`);
    requests.forEach((request, i) => take(request, i + 1, true));
  }

  const built = builder.finish();
  const first = built.firstRejection;
  if (!built.table) {
    if (first)
      throw new InputError(
        source.name,
        `${first.message} (no usable span: ${built.skipped} of ${built.recordsRead} rejected, this is the first)`,
        first.line,
        first.field,
      );
    throw new InputError(
      source.name,
      `${LABEL}: no "${VLLM_SPAN_NAME}" spans (vLLM writes one per request when started with --otlp-traces-endpoint)${tally.describeOthers()}`,
    );
  }
  if (built.recordsRead > 0 && built.skipped / built.recordsRead > options.maxBadLineRatio) {
    throw new InputError(
      source.name,
      `${first ? `${first.message} — ` : ''}${built.skipped} of ${built.recordsRead} spans are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      first?.line,
      first?.field,
    );
  }
  const table = built.table;
  const errors = table.text.error;
  let failed = 0;
  if (errors) for (let i = 0; i < table.length; i++) if (errors.codes[i] >= 0) failed++;
  const meta = emptyMeta();
  const models = table.text.model_version?.dictionary ?? [];
  if (models.length === 1) meta.model = meta.benchmark = models[0];
  if (tally.services.size === 1) meta.extra.service_name = [...tally.services][0];
  const warnings = [...built.warnings];
  if (models.length > 1)
    warnings.push(
      `spans of ${models.length} models (${models.slice(0, 5).join(', ')}): kept per request as model_version`,
    );
  const others = tally.describeOthers();
  if (others) warnings.push(`other spans left out${others}`);
  return [
    {
      meta,
      requests: table,
      summaries: [],
      sources: [
        {
          file: source.name,
          format: OTEL_FORMAT,
          recordsRead: built.recordsRead,
          recordsKept: table.length,
          skipped: built.skipped,
          issues: built.issues.kept,
          warnings,
        },
      ],
      // vLLM writes these spans: the engine, for the workload key.
      workload: { requests: table.length, failed, failedFrom: 'rows', engine: 'vllm' },
      role: 'traces',
    },
  ];
}

/** One export request per line when the first line is a whole JSON value, or longer than the head. */
function isJsonLines(head: string): boolean {
  const text = head.replace(/^\ufeff/, '').trimStart();
  const nl = text.indexOf('\n');
  if (nl === -1) return true;
  try {
    parseJsonLenient(text.slice(0, nl));
    return true;
  } catch {
    return false;
  }
}

/** Counts spans by name; true for the ones to read. */
class SpanTally {
  readonly others = new Map<string, number>();
  readonly services = new Set<string>();

  count(found: FoundSpan): boolean {
    const name = spanName(found.span);
    if (name === VLLM_SPAN_NAME) {
      if (found.service !== undefined && this.services.size < 10) this.services.add(found.service);
      return true;
    }
    if (this.others.size < 20 || this.others.has(name)) this.others.set(name, (this.others.get(name) ?? 0) + 1);
    return false;
  }

  describeOthers(): string {
    if (this.others.size === 0) return '';
    const list = [...this.others].slice(0, 5).map(([name, n]) => `${n} × ${JSON.stringify(name.slice(0, 40))}`);
    return `: ${list.join(', ')}${this.others.size > 5 ? ', …' : ''}`;
  }
}
