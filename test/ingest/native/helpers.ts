// Shared helpers for the native ingestion tests: sources over strings with arbitrary chunking,
// serializers for every native layout, and a plain-object view of a RequestTable for exact equality.

import { textAt, type TextColumn } from '../../../src/model/columns';
import type { RequestTable, Run } from '../../../src/model/run';
import { InputError } from '../../../src/ingest/errors';
import { ingestNative, type NativeLayout } from '../../../src/ingest/native/native';
import type { TextSource } from '../../../src/ingest/source';

export type Rec = Record<string, unknown>;

/** A source over `text` cut into the given pieces (joined they must give `text`). */
export function piecesSource(name: string, pieces: readonly string[]): TextSource {
  const text = pieces.join('');
  return {
    name,
    head: text.slice(0, 16 * 1024),
    async *chunks() {
      for (const p of pieces) yield p;
    },
  };
}

/** Cuts `text` at the given offsets (taken modulo length + 1, sorted); empty pieces are allowed. */
export function cutAt(text: string, cuts: readonly number[]): string[] {
  const points = cuts.map((c) => c % (text.length + 1)).sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of points) {
    out.push(text.slice(from, p));
    from = p;
  }
  out.push(text.slice(from));
  return out;
}

export function fixedChunks(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

export async function ingestText(
  name: string,
  text: string,
  opts: { chunk?: number; ratio?: number; layout?: NativeLayout } = {},
): Promise<Run> {
  return ingestNative(
    piecesSource(name, fixedChunks(text, opts.chunk ?? 64 * 1024)),
    { maxBadLineRatio: opts.ratio ?? 0.5 },
    opts.layout,
  );
}

/** The InputError an ingestion rejects with (fails the test if it resolves or throws anything else). */
export async function inputError(promise: Promise<unknown>): Promise<InputError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InputError) return error;
    throw new Error(`expected an InputError, got ${(error as Error)?.stack ?? String(error)}`, { cause: error });
  }
  throw new Error('expected an InputError, but ingestion succeeded');
}

/** Every column as a plain array (NaN for a missing number, undefined for missing text). */
export interface TableView {
  length: number;
  numbers: Record<string, number[]>;
  text: Record<string, (string | undefined)[]>;
  extraNumbers: Record<string, number[]>;
  extraText: Record<string, (string | undefined)[]>;
  sourceLine: number[];
  orderedByArrival: boolean;
}

export function view(table: RequestTable): TableView {
  const textCol = (c: TextColumn) => Array.from({ length: table.length }, (_, i) => textAt(c, i));
  const out: TableView = {
    length: table.length,
    numbers: {},
    text: {},
    extraNumbers: {},
    extraText: {},
    sourceLine: [...table.sourceLine],
    orderedByArrival: table.orderedByArrival,
  };
  for (const [k, v] of Object.entries(table.numbers)) {
    expectLength(k, v.length, table.length);
    out.numbers[k] = [...v];
  }
  for (const [k, v] of Object.entries(table.text)) {
    expectLength(k, v.codes.length, table.length);
    out.text[k] = textCol(v);
  }
  for (const [k, v] of table.extraNumbers) {
    expectLength(k, v.length, table.length);
    out.extraNumbers[k] = [...v];
  }
  for (const [k, v] of table.extraText) {
    expectLength(k, v.codes.length, table.length);
    out.extraText[k] = textCol(v);
  }
  expectLength('sourceLine', table.sourceLine.length, table.length);
  return out;
}

function expectLength(name: string, actual: number, expected: number): void {
  if (actual !== expected) throw new Error(`column ${name} has ${actual} rows, the table ${expected}`);
}

/** Row i as an object holding only the values present (known, text and extra fields alike). */
export function rowsOf(table: RequestTable): Rec[] {
  const v = view(table);
  const rows: Rec[] = [];
  for (let i = 0; i < v.length; i++) {
    const row: Rec = {};
    for (const group of [v.numbers, v.extraNumbers]) {
      for (const [k, col] of Object.entries(group)) if (!Number.isNaN(col[i])) row[k] = col[i];
    }
    for (const group of [v.text, v.extraText]) {
      for (const [k, col] of Object.entries(group)) if (col[i] !== undefined) row[k] = col[i];
    }
    rows.push(row);
  }
  return rows;
}

// ---- serializers ----------------------------------------------------------------------------

export function toJsonl(records: readonly Rec[], metadata?: Rec): string {
  const lines = records.map((r) => JSON.stringify(r));
  if (metadata) lines.unshift(JSON.stringify({ metadata }));
  return `${lines.join('\n')}\n`;
}

/** A JSON array, one element per line after the '[' line (element i starts on line i + 2). */
export function toJsonArray(records: readonly Rec[]): string {
  return `[\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`;
}

/** {"metadata": ..., "requests": [...]}, pretty-printed the way JSON.stringify(x, null, 2) does. */
export function toJsonObject(records: readonly Rec[], metadata?: Rec): string {
  return `${JSON.stringify(metadata ? { metadata, requests: records } : { requests: records }, null, 2)}\n`;
}

/** Columns in first-seen order over all records. */
export function columnsOf(records: readonly Rec[]): string[] {
  const cols: string[] = [];
  const seen = new Set<string>();
  for (const r of records)
    for (const k of Object.keys(r))
      if (!seen.has(k)) {
        seen.add(k);
        cols.push(k);
      }
  return cols;
}

export function csvCell(value: unknown, delim: string): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /["\r\n]/.test(text) || text.includes(delim) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * CSV (or TSV / semicolon-separated) with a header row; `comments` go before the header. Returns
 * the text and the 1-based line each record starts on (quoted newlines push later rows down).
 */
export function toCsv(
  records: readonly Rec[],
  opts: { delim?: string; comments?: string[]; columns?: string[]; eol?: string } = {},
): { text: string; lines: number[] } {
  const delim = opts.delim ?? ',';
  const eol = opts.eol ?? '\n';
  const cols = opts.columns ?? columnsOf(records);
  const out: string[] = [];
  let line = 1;
  const lines: number[] = [];
  for (const c of opts.comments ?? []) {
    out.push(`${c}${eol}`);
    line++;
  }
  out.push(`${cols.map((c) => csvCell(c, delim)).join(delim)}${eol}`);
  line++;
  for (const r of records) {
    lines.push(line);
    const row = cols.map((c) => csvCell(r[c], delim)).join(delim);
    line += row.split('\n').length;
    out.push(`${row}${eol}`);
  }
  return { text: out.join(''), lines };
}
