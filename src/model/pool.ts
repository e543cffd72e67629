// Pools the request tables of repeated runs into one, for distribution-level checks (prompt mix,
// batch sizes, per-token costs). Time-based checks work run by run instead, since arrival times of
// different runs are unrelated.

import type { NumberColumn, TextColumn } from './columns';
import type { NumericField, TextField } from './fields';
import type { RequestTable, Side } from './run';

export function sideTables(side: Side): RequestTable[] {
  return side.runs.flatMap((r) => (r.requests ? [r.requests] : []));
}

export function pooledTable(side: Side): RequestTable | undefined {
  const tables = sideTables(side);
  if (tables.length <= 1) return tables[0];
  const length = tables.reduce((s, t) => s + t.length, 0);

  const numbers: Partial<Record<NumericField, Float64Array>> = {};
  const numericFields = new Set(tables.flatMap((t) => Object.keys(t.numbers) as NumericField[]));
  // Pooled columns are Float64Array (a count column may be narrower in one table than in another).
  for (const field of numericFields)
    numbers[field] = concatNumbers(
      tables.map((t) => [t.length, t.numbers[field]]),
      length,
    );

  const text: Partial<Record<TextField, TextColumn>> = {};
  const textFields = new Set(tables.flatMap((t) => Object.keys(t.text) as TextField[]));
  for (const field of textFields)
    text[field] = concatText(
      tables.map((t) => [t.length, t.text[field]]),
      length,
    );

  const extraNumbers = new Map<string, Float64Array>();
  for (const name of new Set(tables.flatMap((t) => [...t.extraNumbers.keys()]))) {
    extraNumbers.set(
      name,
      concatNumbers(
        tables.map((t) => [t.length, t.extraNumbers.get(name)]),
        length,
      ),
    );
  }
  const extraText = new Map<string, TextColumn>();
  for (const name of new Set(tables.flatMap((t) => [...t.extraText.keys()]))) {
    extraText.set(
      name,
      concatText(
        tables.map((t) => [t.length, t.extraText.get(name)]),
        length,
      ),
    );
  }
  const sourceLine = new Uint32Array(length);
  let offset = 0;
  for (const t of tables) {
    sourceLine.set(t.sourceLine, offset);
    offset += t.length;
  }
  const tokenGaps = tables.every((t) => t.tokenGaps) ? concatGaps(tables) : undefined;
  // Arrival order holds within each run, not across the pool.
  return {
    length,
    numbers,
    text,
    extraNumbers,
    extraText,
    sourceLine,
    orderedByArrival: false,
    ...(tokenGaps ? { tokenGaps } : {}),
  };
}

function concatNumbers(parts: [number, NumberColumn | undefined][], length: number): Float64Array {
  const out = new Float64Array(length).fill(NaN);
  let offset = 0;
  for (const [n, values] of parts) {
    if (values) out.set(values, offset);
    offset += n;
  }
  return out;
}

function concatText(parts: [number, TextColumn | undefined][], length: number): TextColumn {
  const codes = new Int32Array(length).fill(-1);
  const dictionary: string[] = [];
  const index = new Map<string, number>();
  let offset = 0;
  for (const [n, column] of parts) {
    if (column) {
      const remap = column.dictionary.map((word) => {
        let code = index.get(word);
        if (code === undefined) {
          code = dictionary.length;
          dictionary.push(word);
          index.set(word, code);
        }
        return code;
      });
      for (let i = 0; i < n; i++) codes[offset + i] = column.codes[i] < 0 ? -1 : remap[column.codes[i]];
    }
    offset += n;
  }
  return { codes, dictionary };
}

function concatGaps(tables: RequestTable[]): NonNullable<RequestTable['tokenGaps']> {
  const length = tables.reduce((s, t) => s + t.length, 0);
  const offsets = new Uint32Array(length + 1);
  const values = new Float64Array(tables.reduce((s, t) => s + t.tokenGaps!.values.length, 0));
  let row = 0;
  let at = 0;
  for (const t of tables) {
    const gaps = t.tokenGaps!;
    values.set(gaps.values, at);
    for (let i = 0; i < t.length; i++) offsets[row + i + 1] = at + gaps.offsets[i + 1];
    row += t.length;
    at += gaps.values.length;
  }
  return { offsets, values };
}
