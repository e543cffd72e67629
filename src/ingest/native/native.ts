// The native format: §4 per-request telemetry as JSONL (one request per line), a JSON array, a JSON
// object {"metadata": {...}, "requests": [...]}, or CSV with a header row. The metadata block is
// a JSONL line {"metadata": {...}}, the object's "metadata" member, or a CSV comment line
// "# metadata: {...}" before the header.

import { emptyMeta, type Run, type WorkloadInfo } from '../../model/run';
import { InputError } from '../errors';
import { isMetadataRecord, parseMetadata } from '../metadata';
import type { TextSource } from '../source';
import { CsvParser, sniffDelimiter } from '../text/csv';
import { JsonStreamSplitter } from '../text/json-stream';
import { parseJsonLenient } from '../text/lenient-json';
import { LineSplitter } from '../text/lines';
import { RequestTableBuilder } from '../request-table';
import { ByteJsonlReader } from './byte-jsonl';
import { NUMERIC_FIELDS, TEXT_FIELDS } from '../../model/fields';
import type { IngestOptions } from '../formats/adapter';
import { err, ok, type Result } from '../../model/result';

export type NativeLayout = 'jsonl' | 'json' | 'csv';

const KNOWN_FIELDS = new Set<string>([...NUMERIC_FIELDS, ...TEXT_FIELDS]);

/** Which layout the text is in, from its first KiB; an error message when it is none of them. */
export function detectNativeLayout(head: string): Result<NativeLayout> {
  const text = head.replace(/^\ufeff/, '');
  const trimmed = text.trimStart();
  if (trimmed === '') return err('the file is empty');
  if (trimmed[0] === '[') return ok('json');
  if (trimmed[0] === '{') {
    const firstLine = trimmed.split('\n', 1)[0].trim();
    try {
      const value = parseJsonLenient(firstLine);
      // A whole {"metadata": ..., "requests": [...]} document on one line is JSON, not JSONL.
      if (value && typeof value === 'object' && !Array.isArray(value))
        return ok(Array.isArray((value as { requests?: unknown }).requests) ? 'json' : 'jsonl');
    } catch {
      // Not a complete object on one line: a pretty-printed JSON document, or a line longer than
      // the head (a JSONL record carrying prompt text, or a minified document).
    }
    if (!trimmed.includes('\n')) return ok(hasTopLevelRequests(firstLine) ? 'json' : 'jsonl');
    return ok('json');
  }
  const header = text.split('\n').find((line) => line.trim() !== '' && !line.startsWith('#'));
  if (header) {
    const cells = header.split(sniffDelimiter(header)).map((c) => c.trim().replace(/^"|"$/g, ''));
    if (cells.some((c) => KNOWN_FIELDS.has(c))) return ok('csv');
  }
  const preview = trimmed.slice(0, 40).replace(/\s+/g, ' ');
  return err(
    `not a format perf-triage reads: expected JSONL, a JSON array or object, or CSV with a header row naming §4 fields; the file starts with "${preview}"`,
  );
}

/** Whether the start of a JSON object has a top-level "requests": [ member. */
function hasTopLevelRequests(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const start = i + 1;
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (depth === 1 && text.slice(start, i) === 'requests' && /^\s*:\s*\[/.test(text.slice(i + 1, i + 64)))
        return true;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') depth--;
  }
  return false;
}

/** How JSONL is read; the result is the same either way (test/ingest/native/byte-jsonl.test.ts). */
export interface NativeReadOptions {
  /** Lines of the known flat shape parsed from the bytes, without JSON.parse (byte-jsonl.ts); default true. */
  fastJsonl?: boolean;
}

export async function ingestNative(
  source: TextSource,
  options: IngestOptions,
  layout?: NativeLayout,
  reading: NativeReadOptions = {},
): Promise<Run> {
  let chosen = layout;
  if (!chosen) {
    const detected = detectNativeLayout(source.head);
    if (!detected.ok) throw new InputError(source.name, detected.error);
    chosen = detected.value;
  }
  let builder = new RequestTableBuilder(source.name);
  let meta = emptyMeta();
  let declared: WorkloadInfo = {};
  const structural: string[] = [];

  if (chosen === 'jsonl') {
    if (!(await readJsonl(source, builder, meta, declared, reading.fastJsonl ?? true))) {
      // Text that UTF-8 cannot carry (a lone surrogate, from a string in memory): read it again, as text.
      builder = new RequestTableBuilder(source.name);
      meta = emptyMeta();
      declared = {};
      await readJsonl(source, builder, meta, declared, false);
    }
  } else if (chosen === 'json') await readJson(source, builder, meta, declared, structural);
  else await readCsv(source, builder, meta, declared);

  const built = builder.finish();
  // Records skipped; metadata problems are reported in issues but are not records.
  const skipped = built.skipped;
  const read = built.recordsRead;
  const first = built.firstRejection;
  if (!built.table) {
    if (first)
      throw new InputError(
        source.name,
        `${first.message} (no usable request: ${skipped} of ${read} record(s) rejected, this is the first)`,
        first.line,
        first.field,
      );
    throw new InputError(
      source.name,
      structural[0] ?? 'no requests in the file (only metadata, comments or blank lines)',
    );
  }
  if (read > 0 && skipped / read > options.maxBadLineRatio) {
    throw new InputError(
      source.name,
      `${first ? `${first.message} — ` : ''}${skipped} of ${read} records are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      first?.line,
      first?.field,
    );
  }
  return {
    meta,
    requests: built.table,
    summaries: [],
    ...(Object.keys(declared).length ? { workload: declared } : {}),
    sources: [
      {
        file: source.name,
        format: `native-${chosen}`,
        recordsRead: read,
        recordsKept: built.table.length,
        skipped,
        issues: built.issues.kept,
        warnings: [...structural, ...built.warnings, ...consistencyWarnings(built.table)],
      },
    ],
  };
}

/** False when the fast path gave up on text it cannot turn into bytes as they are; the caller reads again. */
async function readJsonl(
  source: TextSource,
  builder: RequestTableBuilder,
  meta: ReturnType<typeof emptyMeta>,
  declared: WorkloadInfo,
  fast: boolean,
): Promise<boolean> {
  const onLine = (line: string, lineNo: number) => {
    if (line.trim() === '') return;
    const parsed = builder.parseRecordText(line, lineNo);
    if (!parsed) return;
    const { value } = parsed;
    if (isMetadataRecord(value)) {
      parseMetadata(value.metadata, source.name, lineNo, builder.issues, meta, declared);
      return;
    }
    builder.addRecord(value, lineNo);
  };
  if (fast) {
    // Lines of the known flat shape are read in place; every other line goes to onLine, decoded.
    const reader = new ByteJsonlReader(builder, onLine, source.size);
    if (source.bytes) {
      for await (const chunk of source.bytes()) reader.push(chunk);
    } else {
      for await (const bytes of utf8Bytes(source.chunks())) {
        if (!bytes) return false;
        reader.push(bytes);
      }
    }
    reader.end();
    return true;
  }
  const splitter = new LineSplitter();
  for await (const chunk of source.chunks()) splitter.push(chunk, onLine);
  splitter.end(onLine);
  return true;
}

/**
 * Text chunks as UTF-8 bytes, a surrogate pair cut by a chunk boundary kept whole; undefined (and
 * the end) at a lone surrogate, which UTF-8 cannot carry and JSON.parse keeps as it is.
 */
async function* utf8Bytes(chunks: AsyncIterable<string>): AsyncIterable<Buffer | undefined> {
  let high = '';
  for await (let chunk of chunks) {
    chunk = high + chunk;
    high = '';
    const last = chunk.charCodeAt(chunk.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      high = chunk.slice(-1);
      chunk = chunk.slice(0, -1);
    }
    if (!(chunk as unknown as { isWellFormed(): boolean }).isWellFormed()) {
      yield undefined;
      return;
    }
    yield Buffer.from(chunk, 'utf8');
  }
  if (high !== '') yield undefined;
}

async function readJson(
  source: TextSource,
  builder: RequestTableBuilder,
  meta: ReturnType<typeof emptyMeta>,
  declared: WorkloadInfo,
  structural: string[],
): Promise<void> {
  const splitter = new JsonStreamSplitter({ streamKey: 'requests' });
  let sawRequests = false;
  const handlers = {
    onElement: (text: string, lineNo: number) => {
      sawRequests = true;
      const parsed = builder.parseRecordText(text, lineNo);
      if (!parsed) return;
      const { value } = parsed;
      if (isMetadataRecord(value)) parseMetadata(value.metadata, source.name, lineNo, builder.issues, meta, declared);
      else builder.addRecord(value, lineNo);
    },
    onMember: (key: string, text: string, lineNo: number) => {
      let value: unknown;
      try {
        value = parseJsonLenient(text);
      } catch (error) {
        builder.issues.add({
          file: source.name,
          line: lineNo,
          field: key,
          message: `not valid JSON: ${(error as Error).message}`,
        });
        return;
      }
      if (key === 'metadata') parseMetadata(value, source.name, lineNo, builder.issues, meta, declared);
      else meta.extra[key] = typeof value === 'string' ? value : JSON.stringify(value).slice(0, 500);
    },
    onError: (message: string, lineNo: number) => {
      // The file is broken from here on: what came before is kept, and the report warns that the
      // rest was not read (a cut-off file loses an unknown number of records, so none is counted).
      structural.push(`line ${lineNo}: ${message}; nothing after it was read`);
    },
  };
  for await (const chunk of source.chunks()) splitter.push(chunk, handlers);
  splitter.end(handlers);
  if (splitter.shape === 'object' && !sawRequests && !splitter.streamedKey) {
    throw new InputError(
      source.name,
      'a JSON object needs a "requests" array of per-request records (and optionally "metadata")',
    );
  }
  if (structural.length && builder.recordsRead === 0) throw new InputError(source.name, structural[0]);
}

async function readCsv(
  source: TextSource,
  builder: RequestTableBuilder,
  meta: ReturnType<typeof emptyMeta>,
  declared: WorkloadInfo,
): Promise<void> {
  // Comment lines before the header ("# ..."), one of which may carry the metadata block.
  const comments: { text: string; line: number }[] = [];
  let lineNo = 0;
  let pending = '';
  let headerFound = false;
  let parser: CsvParser | undefined;
  let header: string[] | undefined;
  let offset = 0;

  const onRow = (cells: string[], rowLine: number) => {
    const line = rowLine + offset;
    if (!header) {
      header = cells.map((c) => c.trim());
      return;
    }
    builder.addRow(header, cells, line);
  };
  const onError = (message: string, rowLine: number) => builder.recordUnparsable(rowLine + offset, message);

  const startParser = (text: string, firstLine: string) => {
    headerFound = true;
    offset = lineNo;
    parser = new CsvParser({ delimiter: sniffDelimiter(firstLine) });
    parser.push(text, onRow, onError);
  };
  // Peels complete comment and blank lines off the front until the header line is complete.
  const peel = (final: boolean) => {
    for (;;) {
      const nl = pending.indexOf('\n');
      const firstLine = nl === -1 ? pending : pending.slice(0, nl);
      if (nl === -1 && !final) return;
      if (firstLine.startsWith('#') || firstLine.trim() === '') {
        if (nl === -1) return;
        lineNo++;
        if (firstLine.startsWith('#')) comments.push({ text: firstLine.slice(1).trim(), line: lineNo });
        pending = pending.slice(nl + 1);
        continue;
      }
      startParser(pending, firstLine);
      pending = '';
      return;
    }
  };
  let first = true;
  for await (const chunk of source.chunks()) {
    if (headerFound) {
      parser!.push(chunk, onRow, onError);
      continue;
    }
    // The BOM can only be at the start of the first non-empty chunk.
    if (chunk === '') continue;
    pending += first ? chunk.replace(/^\ufeff/, '') : chunk;
    first = false;
    peel(false);
  }
  if (!headerFound) peel(true);
  parser?.end(onRow, onError);

  for (const comment of comments) {
    const match = /^metadata\s*:\s*(.*)$/i.exec(comment.text);
    if (!match) continue;
    try {
      parseMetadata(JSON.parse(match[1]), source.name, comment.line, builder.issues, meta, declared);
    } catch (error) {
      builder.issues.add({
        file: source.name,
        line: comment.line,
        field: 'metadata',
        message: `not valid JSON: ${(error as Error).message}`,
      });
    }
  }
  if (!header)
    throw new InputError(
      source.name,
      'no header row: a CSV file needs a first row naming the fields, such as request_id,arrival_ts,first_token_ms,…',
    );
  const known = header.filter((h) => KNOWN_FIELDS.has(h));
  if (known.length === 0)
    throw new InputError(
      source.name,
      `the header names no §4 field (got ${header.slice(0, 5).join(', ')}…)`,
      offset + 1,
    );
}

/** Non-fatal measurement problems worth a line in the report. */
function consistencyWarnings(table: NonNullable<Run['requests']>): string[] {
  const n = table.numbers;
  const out: string[] = [];
  if (n.first_token_ms && (n.tokenize_ms || n.queue_wait_ms || n.prefill_ms)) {
    let over = 0;
    for (let i = 0; i < table.length; i++) {
      const parts = (n.tokenize_ms?.[i] || 0) + (n.queue_wait_ms?.[i] || 0) + (n.prefill_ms?.[i] || 0);
      const ttft = n.first_token_ms[i];
      if (Number.isFinite(ttft) && parts > ttft * 1.01 + 0.5) over++;
    }
    if (over > 0)
      out.push(
        `on ${over} request(s) tokenize + queue wait + prefill exceed first_token_ms: phases overlap or are measured on different clocks (the remainder is negative there)`,
      );
  }
  if (n.total_ms && n.first_token_ms) {
    let under = 0;
    for (let i = 0; i < table.length; i++) if (n.total_ms[i] + 0.5 < n.first_token_ms[i]) under++;
    if (under > 0) out.push(`on ${under} request(s) total_ms is below first_token_ms`);
  }
  return out;
}
