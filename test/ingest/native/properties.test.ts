// Property-based: arbitrary valid records in arbitrary arrival order, written as JSONL, JSON array,
// JSON object and CSV/TSV/semicolon, fed in arbitrary chunks, come back exactly; invalid values
// injected into chosen records skip exactly those records; and no input makes ingestion throw
// anything but InputError.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import { ingest } from '../../../src/ingest/ingest';
import { ingestNative } from '../../../src/ingest/native/native';
import { NUMERIC_FIELDS } from '../../../src/model/fields';
import type { Run } from '../../../src/model/run';
import { cutAt, piecesSource, rowsOf, toCsv, toJsonArray, toJsonl, type Rec } from './helpers';

const OPTIONAL_NUMERIC = NUMERIC_FIELDS.filter((f) => f !== 'arrival_ts' && f !== 'first_token_ms' && f !== 'total_ms');
const EXTRA_NAMES = ['x_gpu', 'shard', 'lane', 'zone_id'] as const;

/** Values that survive text exactly: integers and doubles written by JSON.stringify / String. */
const numArb = fc.oneof(
  fc.integer({ min: 0, max: 1_000_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 1e7 }),
);
/** Seconds since the epoch or a small origin; a narrow integer range makes ties common. */
const arrivalArb = fc.oneof(
  fc.integer({ min: 1_700_000_000, max: 1_700_000_008 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 1e7 }),
);
/** Any text, including the characters CSV has to quote. */
const textArb = fc.oneof(
  { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 10 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'a,b',
      'say "x"',
      'two\nlines',
      'cr\r\nlf',
      'tab\there',
      'semi;colon',
      ' padded ',
      '#hash',
      'ünï €',
    ),
  },
);
const errorArb = textArb.filter((s) => s.trim() !== '');
/** Extra values: numbers (also negative), non-numeric-looking words, booleans. */
const extraArb = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e7, max: 1e7 }),
  fc.stringMatching(/^[a-z][a-z _-]{0,6}$/),
  fc.boolean(),
);

const recordArb: fc.Arbitrary<Rec> = fc
  .record({
    arrival_ts: arrivalArb,
    error: fc.option(errorArb, { freq: 4, nil: undefined }),
    first_token_ms: numArb,
    total_ms: numArb,
    /** For a failed request: whether it still reports the latencies it got. */
    failedKeeps: fc.boolean(),
    optional: fc.record(Object.fromEntries(OPTIONAL_NUMERIC.map((f) => [f, numArb])), { requiredKeys: [] }),
    text: fc.record({ request_id: textArb, model_version: textArb, tenant: textArb }, { requiredKeys: [] }),
    extra: fc.record(Object.fromEntries(EXTRA_NAMES.map((n) => [n, extraArb])), { requiredKeys: [] }),
  })
  .map(({ arrival_ts, error, first_token_ms, total_ms, failedKeeps, optional, text, extra }) => {
    const r: Rec = { arrival_ts, ...text };
    if (error === undefined || failedKeeps) Object.assign(r, { first_token_ms, total_ms });
    if (error !== undefined) r.error = error;
    return { ...r, ...optional, ...extra };
  });

type Layout = 'jsonl' | 'jsonl+meta' | 'json-array' | 'json-object' | 'csv' | 'tsv' | 'semicolon';
const layoutArb = fc.constantFrom<Layout>(
  'jsonl',
  'jsonl+meta',
  'json-array',
  'json-object',
  'csv',
  'tsv',
  'semicolon',
);
const cutsArb = fc.oneof(fc.array(fc.nat(), { maxLength: 12 }), fc.array(fc.nat(), { minLength: 50, maxLength: 200 }));

/** The text of a layout and the line each record starts on. */
function serialize(records: Rec[], layout: Layout): { name: string; text: string; lines: number[] } {
  switch (layout) {
    case 'jsonl':
      return { name: 'p.jsonl', text: toJsonl(records), lines: records.map((_, i) => i + 1) };
    case 'jsonl+meta':
      return { name: 'p.jsonl', text: toJsonl(records, { benchmark: 'prop' }), lines: records.map((_, i) => i + 2) };
    case 'json-array':
      return { name: 'p.json', text: toJsonArray(records), lines: records.map((_, i) => i + 2) };
    case 'json-object':
      return {
        name: 'p.json',
        text: `{"metadata": {"benchmark": "prop"},\n "requests": [\n${records.map((r) => JSON.stringify(r)).join(',\n')}\n]}`,
        lines: records.map((_, i) => i + 3),
      };
    default: {
      const delim = layout === 'csv' ? ',' : layout === 'tsv' ? '\t' : ';';
      return { name: `p.${layout}`, ...toCsv(records, { delim, comments: ['# metadata: {"benchmark": "prop"}'] }) };
    }
  }
}

/** What the table should hold for each record: numbers as doubles, extras numeric unless a column meets text. */
function expectedRows(records: Rec[]): Rec[] {
  const textual = new Set<string>();
  for (const r of records) for (const n of EXTRA_NAMES) if (n in r && typeof r[n] !== 'number') textual.add(n);
  return records.map((r) => {
    const out: Rec = {};
    for (const [k, v] of Object.entries(r)) {
      // request_id is read but not stored.
      if (k === 'request_id') continue;
      if ((EXTRA_NAMES as readonly string[]).includes(k)) out[k] = textual.has(k) ? String(v) : (v as number) + 0;
      else out[k] = typeof v === 'number' ? v + 0 : v;
    }
    return out;
  });
}

/** Stable sort by arrival: ties keep file order. */
function arrivalOrder(records: Rec[]): number[] {
  return records
    .map((_, i) => i)
    .sort((a, b) => (records[a].arrival_ts as number) - (records[b].arrival_ts as number) || a - b);
}

async function read(name: string, text: string, cuts: number[], ratio: number): Promise<Run> {
  return ingestNative(piecesSource(name, cutAt(text, cuts)), { maxBadLineRatio: ratio });
}

describe('round trip (property)', () => {
  it('every layout, every chunking: the table equals the records, sorted by arrival', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordArb, { minLength: 1, maxLength: 25 }),
        layoutArb,
        cutsArb,
        async (records, layout, cuts) => {
          const { name, text, lines } = serialize(records, layout);
          const run = await read(name, text, cuts, 0);
          const order = arrivalOrder(records);
          const expected = expectedRows(records);
          expect(rowsOf(run.requests!)).toEqual(order.map((i) => expected[i]));
          expect([...run.requests!.sourceLine]).toEqual(order.map((i) => lines[i]));
          expect(run.requests!.orderedByArrival).toBe(true);
          const s = run.sources[0];
          expect(s.recordsRead).toBe(records.length);
          expect(s.recordsKept + s.skipped).toBe(records.length);
          expect(s.skipped).toBe(0);
          expect(s.issues).toEqual([]);
          expect(run.meta.benchmark).toBe(layout === 'jsonl' || layout === 'json-array' ? undefined : 'prop');
        },
      ),
      { numRuns: 200 },
    );
  });

  it('without arrival_ts the file order is kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordArb, { minLength: 1, maxLength: 15 }),
        layoutArb,
        cutsArb,
        async (withArrival, layout, cuts) => {
          const records = withArrival.map(({ arrival_ts: _, ...r }) => r);
          // A CSV header needs a §4 field: every record without one gets a request_id.
          for (const r of records)
            if (!Object.keys(r).some((k) => k !== 'error' && !(EXTRA_NAMES as readonly string[]).includes(k)))
              r.request_id = 'x';
          const { name, text, lines } = serialize(records, layout);
          const run = await read(name, text, cuts, 0);
          expect(rowsOf(run.requests!)).toEqual(expectedRows(records));
          expect([...run.requests!.sourceLine]).toEqual(lines);
          expect(run.requests!.orderedByArrival).toBe(false);
        },
      ),
      { numRuns: 60 },
    );
  });
});

const INVALID: readonly unknown[] = [-1, -0.5, 'abc', 'inf', 'NaN', '-Infinity', '1e999', true, [1], { v: 1 }];
const INJECTABLE = NUMERIC_FIELDS.filter((f) => f !== 'arrival_ts');

describe('injected bad values (property)', () => {
  it('exactly the corrupted records are skipped, each reported with its line and field', async () => {
    const caseArb = fc.array(recordArb, { minLength: 2, maxLength: 25 }).chain((records) =>
      fc.record({
        records: fc.constant(records),
        corrupt: fc.uniqueArray(fc.nat({ max: records.length - 1 }), {
          minLength: 1,
          maxLength: Math.min(records.length - 1, 20),
        }),
        fields: fc.array(fc.constantFrom(...INJECTABLE), { minLength: 20, maxLength: 20 }),
        values: fc.array(fc.constantFrom(...INVALID), { minLength: 20, maxLength: 20 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(caseArb, layoutArb, cutsArb, async ({ records, corrupt, fields, values }, layout, cuts) => {
        const bad = records.map((r) => ({ ...r }));
        const injected = new Map<number, string>();
        corrupt.forEach((i, k) => {
          bad[i][fields[k]] = values[k];
          injected.set(i, fields[k]);
        });
        const { name, text, lines } = serialize(bad, layout);
        const run = await read(name, text, cuts, 1);
        const s = run.sources[0];
        expect(s.recordsRead).toBe(records.length);
        expect(s.skipped).toBe(corrupt.length);
        expect(s.recordsKept).toBe(records.length - corrupt.length);
        const sorted = [...corrupt].sort((a, b) => a - b);
        expect(s.issues.map((i) => [i.line, i.field])).toEqual(sorted.map((i) => [lines[i], injected.get(i)]));
        // The rest is kept whole.
        const keptIdx = records.map((_, i) => i).filter((i) => !injected.has(i));
        const kept = keptIdx.map((i) => records[i]);
        const order = arrivalOrder(kept);
        expect(rowsOf(run.requests!)).toEqual(order.map((i) => expectedRows(kept)[i]));
        expect([...run.requests!.sourceLine]).toEqual(order.map((i) => lines[keptIdx[i]]));
      }),
      { numRuns: 150 },
    );
  });

  it('the ratio decides between skipping and rejecting', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        async (good, badCount, ratio) => {
          const lines = [
            ...Array.from({ length: good }, (_, i) => `{"first_token_ms": ${i}, "total_ms": ${i}}`),
            ...Array.from({ length: badCount }, () => '{"first_token_ms": -1, "total_ms": 1}'),
          ];
          const promise = read('r.jsonl', `${lines.join('\n')}\n`, [], ratio);
          if (badCount / (good + badCount) > ratio) {
            const error = await promise.catch((e: unknown) => e);
            expect(error).toBeInstanceOf(InputError);
            expect((error as InputError).message).toContain(`${badCount} of ${good + badCount} records are bad`);
            expect((error as InputError).line).toBe(good + 1);
          } else {
            const run = await promise;
            expect(run.sources[0]).toMatchObject({
              recordsRead: good + badCount,
              recordsKept: good,
              skipped: badCount,
            });
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('robustness (property)', () => {
  /** Either a run whose counts add up, or an InputError: never another exception. */
  async function ingestsOrInputError(name: string, text: string, cuts: number[]): Promise<void> {
    let run: Run;
    try {
      run = await ingest(piecesSource(name, cutAt(text, cuts)), { maxBadLineRatio: 0.5 });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      expect(error.message.startsWith(`${name}:`)).toBe(true);
      return;
    }
    const s = run.sources[0];
    expect(s.recordsKept + s.skipped).toBe(s.recordsRead);
    expect(run.requests!.length).toBe(s.recordsKept);
    for (const col of Object.values(run.requests!.numbers))
      for (const v of col) expect(Number.isNaN(v) || Number.isFinite(v)).toBe(true);
  }

  it('mutated valid files: cut, spliced, with random characters inserted', async () => {
    const mutation = fc.record({
      at: fc.nat(),
      drop: fc.nat({ max: 40 }),
      insert: fc.string({
        maxLength: 6,
        unit: fc.constantFrom(
          '{',
          '}',
          '[',
          ']',
          '"',
          ',',
          ':',
          '\n',
          '\\',
          'N',
          '-',
          '1',
          'e',
          ' ',
          '#',
          '\r',
          '\ufeff',
        ),
      }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordArb, { minLength: 1, maxLength: 8 }),
        layoutArb,
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        cutsArb,
        async (records, layout, mutations, cuts) => {
          let { name, text } = serialize(records, layout);
          for (const m of mutations) {
            const at = m.at % (text.length + 1);
            text = text.slice(0, at) + m.insert + text.slice(at + m.drop);
          }
          await ingestsOrInputError(name, text, cuts);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('arbitrary text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ maxLength: 200, unit: 'binary' }),
        fc.constantFrom('a.jsonl', 'a.csv'),
        cutsArb,
        async (text, name, cuts) => {
          await ingestsOrInputError(name, text, cuts);
        },
      ),
      { numRuns: 200 },
    );
  });
});
