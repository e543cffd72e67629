// The JSONL fast path over bytes (src/ingest/native/byte-jsonl.ts) against the strict path (the text
// decoded, JSON.parse per line, then RequestTableBuilder.addRecord): generated lines, valid, odd and
// malformed, as bytes cut anywhere (inside a character too) or as text, give the same run to the
// bit — table (values, -0, column order, codes, dictionaries, source lines), issues (line, field,
// message), warnings, counts and metadata — or the same error; so do bytes that are not UTF-8;
// numbers are read exactly as JSON.parse reads them; the simulator's files are read (all but the
// metadata line) by the fast path and give the same tables.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import { ByteJsonlReader } from '../../../src/ingest/native/byte-jsonl';
import { ingestNative } from '../../../src/ingest/native/native';
import { RequestTableBuilder } from '../../../src/ingest/request-table';
import type { NumberColumn, TextColumn } from '../../../src/model/columns';
import { NUMERIC_FIELDS, TEXT_FIELDS } from '../../../src/model/fields';
import type { RequestTable, Run } from '../../../src/model/run';
import { baseScenario, injectedRegressions, simulateToJsonl } from '../../../src/sim';
import type { TextSource } from '../../../src/ingest/source';
import { cutAt, fixedChunks, piecesSource } from './helpers';

// ---- both paths, compared exactly ------------------------------------------------------------

type Outcome = { run: Run } | { error: string };

async function outcome(pieces: readonly string[], fastJsonl: boolean, ratio = 1): Promise<Outcome> {
  try {
    return {
      run: await ingestNative(piecesSource('t.jsonl', pieces), { maxBadLineRatio: ratio }, 'jsonl', { fastJsonl }),
    };
  } catch (error) {
    if (error instanceof InputError) return { error: error.message };
    throw error;
  }
}

/**
 * A source over `bytes` cut at `cuts` (offsets, taken modulo length + 1): bytes() gives the pieces,
 * chunks() the text a streaming UTF-8 decoder makes of them (as a file's source decodes it).
 */
function bytesPiecesSource(name: string, bytes: Uint8Array, cuts: readonly number[]): TextSource {
  const points = [...cuts.map((c) => c % (bytes.length + 1)), bytes.length].sort((a, b) => a - b);
  const pieces: Uint8Array[] = [];
  let from = 0;
  for (const p of points) {
    pieces.push(bytes.subarray(from, p));
    from = p;
  }
  return {
    name,
    head: new TextDecoder().decode(bytes.subarray(0, 16 * 1024)),
    size: bytes.length,
    async *bytes() {
      for (const p of pieces) yield p;
    },
    async *chunks() {
      const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
      for (const p of pieces) yield decoder.decode(p, { stream: true });
      yield decoder.decode();
    },
  };
}

async function bytesOutcome(
  bytes: Uint8Array,
  cuts: readonly number[],
  fastJsonl: boolean,
  ratio = 1,
): Promise<Outcome> {
  try {
    return {
      run: await ingestNative(bytesPiecesSource('t.jsonl', bytes, cuts), { maxBadLineRatio: ratio }, 'jsonl', {
        fastJsonl,
      }),
    };
  } catch (error) {
    if (error instanceof InputError) return { error: error.message };
    throw error;
  }
}

/**
 * Both paths over the same pieces of text, and over its UTF-8 bytes cut at the same offsets and at
 * `byteCuts`; fails the test unless they agree exactly. Returns the fast one.
 */
async function expectSameBothWays(
  pieces: readonly string[],
  ratio = 1,
  byteCuts?: readonly number[],
): Promise<Outcome> {
  const fast = await outcome(pieces, true, ratio);
  const strict = await outcome(pieces, false, ratio);
  expectSameOutcome(fast, strict);
  const text = pieces.join('');
  // Text UTF-8 can carry (a lone surrogate cannot): the same bytes the file would hold.
  if ((text as unknown as { isWellFormed(): boolean }).isWellFormed()) {
    const bytes = Buffer.from(text, 'utf8');
    let at = 0;
    const cuts = byteCuts ?? pieces.map((p) => (at += Buffer.byteLength(p, 'utf8')));
    await expectSameFromBytes(bytes, cuts, ratio);
  }
  return fast;
}

/** The fast path over bytes against the strict path over their decoded text. */
async function expectSameFromBytes(bytes: Uint8Array, cuts: readonly number[], ratio = 1): Promise<void> {
  expectSameOutcome(await bytesOutcome(bytes, cuts, true, ratio), await bytesOutcome(bytes, cuts, false, ratio));
}

function expectSameOutcome(fast: Outcome, strict: Outcome): void {
  if ('error' in strict || 'error' in fast) {
    expect(fast).toEqual(strict);
    return;
  }
  const { requests: a, ...restFast } = fast.run;
  const { requests: b, ...restStrict } = strict.run;
  // Metadata, source reports (counts, issues with line, field and message, warnings), summaries.
  expect(restFast).toEqual(restStrict);
  expect(a === undefined).toBe(b === undefined);
  if (a && b) expectSameTable(a, b);
}

/** Same rows, columns (in the same order), values to the bit (-0 is not 0), codes and dictionaries. */
function expectSameTable(a: RequestTable, b: RequestTable): void {
  expect(a.length).toBe(b.length);
  expect(a.orderedByArrival).toBe(b.orderedByArrival);
  expect(Object.keys(a.numbers)).toEqual(Object.keys(b.numbers));
  for (const key of Object.keys(b.numbers) as (keyof RequestTable['numbers'])[])
    expectSameNumbers(key, a.numbers[key]!, b.numbers[key]!);
  expect(Object.keys(a.text)).toEqual(Object.keys(b.text));
  for (const key of Object.keys(b.text) as (keyof RequestTable['text'])[])
    expectSameText(key, a.text[key]!, b.text[key]!);
  expect([...a.extraNumbers.keys()]).toEqual([...b.extraNumbers.keys()]);
  for (const [key, values] of b.extraNumbers) expectSameNumbers(key, a.extraNumbers.get(key)!, values);
  expect([...a.extraText.keys()]).toEqual([...b.extraText.keys()]);
  for (const [key, column] of b.extraText) expectSameText(key, a.extraText.get(key)!, column);
  expect(a.sourceLine).toBeInstanceOf(Uint32Array);
  expect([...a.sourceLine]).toEqual([...b.sourceLine]);
  expect(a.tokenGaps).toEqual(b.tokenGaps);
}

function expectSameNumbers(name: string, a: NumberColumn, b: NumberColumn): void {
  // The same kind of array too: a Float32Array only where both paths chose one.
  expect(a.constructor).toBe(b.constructor);
  expect(a.length, name).toBe(b.length);
  for (let i = 0; i < b.length; i++) {
    if (!Object.is(a[i], b[i])) throw new Error(`column ${name}, row ${i}: fast ${a[i]}, strict ${b[i]}`);
  }
}

function expectSameText(name: string, a: TextColumn, b: TextColumn): void {
  // The same kind of codes array (as narrow as the dictionary allows, on either path).
  expect(a.codes.constructor).toBe(b.codes.constructor);
  expect([...a.codes], name).toEqual([...b.codes]);
  expect([...a.dictionary], name).toEqual([...b.dictionary]);
}

// ---- generated lines ---------------------------------------------------------------------------

const DURATIONS = NUMERIC_FIELDS.filter((f) => f.endsWith('_ms'));
const COUNTS = NUMERIC_FIELDS.filter((f) => f !== 'arrival_ts' && !f.endsWith('_ms'));

/** Number text in JSON syntax: decimals of any length (the fast path's exact and fallback ranges). */
const decimalText = fc.stringMatching(/^(0|[1-9][0-9]{0,24})(\.[0-9]{1,25})?$/);
const durationText = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .integer({ min: 0, max: 99_999_999 })
      .chain((n) => fc.integer({ min: 0, max: 6 }).map((d) => (n / 10 ** d).toFixed(d))),
  },
  {
    weight: 2,
    arbitrary: fc.double({ min: 0, max: 1e12, noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
  },
  { weight: 2, arbitrary: decimalText },
  { weight: 1, arbitrary: fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }).map((d) => d.toExponential()) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '0',
      '-0',
      '-0.0',
      '0.0',
      '1E+2',
      '1e-7',
      '5e-324',
      '9007199254740993',
      '123456789012345678901234567890',
    ),
  },
);
const arrivalText = fc.oneof(
  fc
    .integer({ min: 0, max: 999_999 })
    .map((us) => `1760000${String(us % 1000).padStart(3, '0')}.${String(us).padStart(6, '0')}`),
  fc.integer({ min: 1_760_000_000, max: 1_760_000_003 }).map(String),
  fc.constantFrom(
    '1760000000123',
    '1760000000123456',
    '1760000000123456789',
    '-5',
    '"2026-03-14T09:26:53.589793Z"',
    '"1760000000.5"',
  ),
  fc.double({ min: -1e20, max: 1e20, noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
);
const countText = fc.oneof(fc.integer({ min: 0, max: 100_000 }).map(String), fc.constantFrom('0', '1.5', '2e3'));
/** Any string, written by JSON.stringify (escapes where needed), or a few raw forms. */
const stringText = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '"req-000001"',
      '"req-000002"',
      '"globex"',
      '"llama-3.1-8b-instruct@2025-10-01"',
      '"a-rather-long-identifier-0000001"',
    ),
  },
  { weight: 3, arbitrary: fc.string({ maxLength: 20 }).map((s) => JSON.stringify(s)) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }).map((s) => JSON.stringify(s)) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '""',
      '" "',
      '"\t"',
      '"a\\"b"',
      '"\\u0041"',
      '"tab\\there"',
      '"\u00e9t\u00e9"',
      '"\ud83d\ude00"',
      '"\u2028"',
      '"12"',
    ),
  },
);
const errorText = fc.oneof(
  stringText,
  fc.constantFrom('true', 'false', 'null', '""', '"  "', '"\u00a0"', '"timeout"', '1', '{}'),
);
/** Values for mutations: anything a line may hold, good or bad, for any field. */
const oddValue = fc.oneof(
  fc.constantFrom(
    'null',
    'true',
    'false',
    '-1',
    '-0',
    '-0.0',
    '-1e-9',
    '1e400',
    '-1e400',
    '1E+2',
    '01',
    '1.',
    '.5',
    '-',
    '+1',
    '1e',
    '1e+',
    '0x10',
    'NaN',
    'Infinity',
    '-Infinity',
    '"12"',
    '" 12 "',
    '"1e3"',
    '""',
    '"x"',
    '{}',
    '{"a":1}',
    '[]',
    '[1]',
    '"\\u0041"',
    '1' + '0'.repeat(30),
    '0.' + '0'.repeat(30) + '1',
    '2.2250738585072014e-308',
    '1.7976931348623157e308',
    '1.5x',
    'nul',
    'truex',
    '"unterminated',
    // Runs of number characters that are not one JSON number.
    '1.5.5',
    '1-2',
    '2e3e4',
    '1..2',
    '--1',
    '1+1',
    '0.5e',
    '1e+-3',
    '-.5',
    '1.e3',
    '00.5',
    '-01',
    '1e5.5',
    '.',
    'e5',
    'E',
    '+',
  ),
  durationText,
  stringText,
);

type Entry = [key: string, value: string];
const KEYS = [...NUMERIC_FIELDS, ...TEXT_FIELDS];
const KEY_COUNT = KEYS.length;

/** A record as the simulator writes it: the known fields (most of the time all), plausible values, a usual order. */
const recordArb: fc.Arbitrary<Entry[]> = fc
  .record({
    request_id: stringText,
    arrival_ts: arrivalText,
    durations: fc.array(durationText, { minLength: DURATIONS.length, maxLength: DURATIONS.length }),
    counts: fc.array(countText, { minLength: COUNTS.length, maxLength: COUNTS.length }),
    model_version: stringText,
    tenant: stringText,
    error: fc.option(errorText, { freq: 5, nil: undefined }),
    /** Fields left out: none in most records, a few in others (lines of a file may differ). */
    absent: fc.oneof(
      { weight: 3, arbitrary: fc.constant<number[]>([]) },
      { weight: 2, arbitrary: fc.array(fc.nat(KEY_COUNT - 1), { maxLength: 6 }) },
    ),
  })
  .map((r) => {
    const entries: Entry[] = [
      ['request_id', r.request_id],
      ['arrival_ts', r.arrival_ts],
    ];
    DURATIONS.forEach((f, i) => entries.push([f, r.durations[i]]));
    COUNTS.forEach((f, i) => entries.push([f, r.counts[i]]));
    entries.push(['model_version', r.model_version], ['tenant', r.tenant]);
    if (r.error !== undefined) entries.push(['error', r.error]);
    const absent = new Set<string>(r.absent.map((k) => KEYS[k]));
    return entries.filter(([k]) => !absent.has(k));
  });

const ODD_KEYS = [
  'x_gpu',
  'metadata',
  '123',
  '0',
  '__proto__',
  'arrival\\u005fts',
  'tenant ',
  ' tenant',
  'tenant\\u0020',
  'TENANT',
  'Total_ms',
  '',
  'request-id',
  'first_token_ms ',
  'error\\"',
  'prefill_m',
  'prefill_mss',
];

type Mutation = (entries: Entry[]) => Entry[];
const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.tuple(fc.nat(), oddValue).map(
    ([i, v]): Mutation =>
      (e) =>
        e.map((entry, j) => (j === i % Math.max(1, e.length) ? [entry[0], v] : entry)),
  ),
  fc
    .tuple(fc.nat(), fc.constantFrom(...ODD_KEYS), oddValue)
    .map(([i, k, v]): Mutation => (e) => [...e.slice(0, i % (e.length + 1)), [k, v], ...e.slice(i % (e.length + 1))]),
  fc
    .tuple(fc.nat(), fc.constantFrom(...KEYS), oddValue)
    .map(([i, k, v]): Mutation => (e) => [...e.slice(0, i % (e.length + 1)), [k, v], ...e.slice(i % (e.length + 1))]),
  fc.nat().map(
    (i): Mutation =>
      (e) =>
        e.filter((_, j) => j !== i % Math.max(1, e.length)),
  ),
  fc.array(fc.nat(), { minLength: 1, maxLength: 30 }).map(
    (keys): Mutation =>
      (e) =>
        e
          .map((entry, j) => ({ entry, k: keys[j % keys.length] + j / 100 }))
          .sort((a, b) => a.k - b.k)
          .map(({ entry }) => entry),
  ),
);

/** Spacing: compact as most writers, Python's json.dumps, or odd but valid JSON whitespace. */
const spacingArb = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ colon: ':', comma: ',', open: '{', close: '}' }) },
  { weight: 2, arbitrary: fc.constant({ colon: ': ', comma: ', ', open: '{', close: '}' }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      { colon: ' :\t', comma: ' ,  ', open: '{ ', close: ' }' },
      { colon: ':\r', comma: '\r,', open: '{\t', close: '\t}' },
      { colon: ':', comma: ',', open: ' {', close: '} ' },
    ),
  },
);

const recordLineArb = fc
  .tuple(recordArb, fc.array(mutationArb, { maxLength: 3 }), spacingArb)
  .map(([entries, mutations, s]) => {
    const mutated = mutations.reduce((e, m) => m(e), entries);
    return `${s.open}${mutated.map(([k, v]) => `"${k}"${s.colon}${v}`).join(s.comma)}${s.close}`;
  });

const otherLineArb = fc.constantFrom(
  '',
  '   ',
  '\ufeff',
  '\u00a0',
  'xyz',
  '{',
  '{}',
  '[1]',
  'null',
  '"text"',
  '{"metadata":{"benchmark":"b","config":{"max_num_seqs":8}}}',
  '{"metadata":5}',
  '{"metadata":{"hardware":"x"},"total_ms":1}',
  '{"first_token_ms":1,"total_ms":2}x',
  '  {"first_token_ms":1,"total_ms":2}',
  '{"first_token_ms":1,"total_ms":2}\t ',
  '{"first_token_ms":NaN,"total_ms":2}',
  '{"first_token_ms":1,"total_ms":2,}',
  '{"first_token_ms":1 "total_ms":2}',
  '{"first_token_ms":1,"total_ms":2}{}',
  '{"total_ms":2,"first_token_ms":1,"first_token_ms":3}',
  '{"error":"boom"}',
  '{"error":true}',
  '{"error":false}',
);

const fileArb = fc
  .record({
    lines: fc.array(fc.oneof({ weight: 6, arbitrary: recordLineArb }, { weight: 1, arbitrary: otherLineArb }), {
      maxLength: 25,
    }),
    crlf: fc.array(fc.boolean(), { minLength: 25, maxLength: 25 }),
    finalNewline: fc.boolean(),
    bom: fc.boolean(),
  })
  .map(({ lines, crlf, finalNewline, bom }) => {
    const text = lines
      .map((l, i) => `${l}${i < lines.length - 1 || finalNewline ? (crlf[i] ? '\r\n' : '\n') : ''}`)
      .join('');
    return bom ? `\ufeff${text}` : text;
  });

describe('JSONL fast path: the same run as the strict path', () => {
  it('for generated files of valid, odd and malformed lines, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fileArb,
        fc.oneof(fc.array(fc.nat(), { maxLength: 8 }), fc.array(fc.nat(), { minLength: 40, maxLength: 120 })),
        fc.array(fc.nat(), { maxLength: 12 }),
        async (text, cuts, byteCuts) => {
          await expectSameBothWays(cutAt(text, cuts), 1, byteCuts);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('with the default bad-line limit too (rejected files give the same error)', async () => {
    await fc.assert(
      fc.asyncProperty(fileArb, async (text) => {
        await expectSameBothWays([text], 0.05);
      }),
      { numRuns: 150 },
    );
  });

  it('for files of records only, the shape the fast path is for', async () => {
    const file = fc.array(recordLineArb, { minLength: 1, maxLength: 40 }).map((lines) => `${lines.join('\n')}\n`);
    await fc.assert(
      fc.asyncProperty(
        file,
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (text, cuts, byteCuts) => {
          await expectSameBothWays(cutAt(text, cuts), 1, byteCuts);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('for lines whose layout changes from line to line (key guesses missed)', async () => {
    const lines: string[] = [];
    for (let i = 0; i < 300; i++) {
      const fields = [
        `"first_token_ms":${i}`,
        `"total_ms":${i + 1}.5`,
        `"arrival_ts":${1000 - (i % 7)}`,
        `"tenant":"t${i % 3}"`,
      ];
      if (i % 2) fields.reverse();
      if (i % 5 === 0) fields.push('"prefill_ms":null');
      lines.push(`{${fields.join(i % 3 ? ',' : ', ')}}`);
    }
    await expectSameBothWays(fixedChunks(`${lines.join('\n')}\n`, 777));
  });

  it('for every cut of a text of odd lines with CRLF and LF endings (chunk boundaries anywhere)', async () => {
    const lines = [
      '{"first_token_ms":1,"total_ms":2,"tenant":"a"}',
      'xyz',
      '{"first_token_ms":-1,"total_ms":2}',
      '',
      '{"metadata":{"benchmark":"b"}}',
      '{"first_token_ms":1,"total_ms":2} x',
      '{"first_token_ms":3,"total_ms":4,"tenant":"b"}',
      '{"total_ms":1}',
      '{"first_token_ms":1,"total_ms":2,"tenant":5}',
      '{"first_token_ms":1,"total_ms":2,"tenant":"\u00e9t\u00e9 \ud83d\ude00"}',
      '\u00a0{"first_token_ms":1,"total_ms":2}',
    ];
    for (const eol of ['\r\n', '\n']) {
      const text = `\ufeff${lines.join(eol)}${eol}{"first_token_ms":5,"total_ms":6}\r`;
      for (let cut = 0; cut <= text.length; cut++) await expectSameBothWays([text.slice(0, cut), text.slice(cut)]);
      for (let cut = 0; cut + 7 <= text.length; cut += 3)
        await expectSameBothWays([text.slice(0, cut), text.slice(cut, cut + 7), text.slice(cut + 7)]);
      // Every byte boundary, inside the BOM and the multi-byte characters too; and byte by byte.
      const bytes = Buffer.from(text, 'utf8');
      for (let cut = 0; cut <= bytes.length; cut++) await expectSameFromBytes(bytes, [cut]);
      await expectSameFromBytes(
        bytes,
        Array.from({ length: bytes.length }, (_, i) => i),
      );
    }
  });

  it('for bytes that are not UTF-8, in values, keys and between lines, cut anywhere', async () => {
    const record = fc.constantFrom(
      '{"first_token_ms":1,"total_ms":2,"tenant":"a"}',
      '{"request_id":"r-1","first_token_ms":1.5,"total_ms":2,"model_version":"m"}',
      '{"first_token_ms":3,"total_ms":4,"error":"boom"}',
    );
    const junk = fc.uint8Array({ minLength: 1, maxLength: 4 });
    const line = fc.tuple(record, fc.nat(60), junk, fc.boolean()).map(([text, at, bytes, keep]) => {
      const raw = Buffer.from(text, 'latin1');
      if (keep) return raw;
      const i = at % (raw.length + 1);
      return Buffer.concat([raw.subarray(0, i), Buffer.from(bytes), raw.subarray(i)]);
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.boolean(),
        async (lines, cuts, bom) => {
          const parts = lines.flatMap((l) => [l, Buffer.of(0x0a)]);
          const bytes = Buffer.concat([...(bom ? [Buffer.of(0xef, 0xbb, 0xbf)] : []), ...parts]);
          await expectSameFromBytes(bytes, cuts);
        },
      ),
      { numRuns: 300 },
    );
    // Values that are UTF-8 beyond ASCII, or broken UTF-8 between their quotes.
    for (const value of [
      [0xc3, 0xa9],
      [0xe2, 0x82],
      [0xff],
      [0xed, 0xa0, 0x80],
      [0xf0, 0x9f, 0x98],
      [0xc3],
      [0x80, 0x80],
      [0xef, 0xbb, 0xbf],
    ]) {
      const line = (field: string) =>
        Buffer.concat([
          Buffer.from(`{"first_token_ms":1,"total_ms":2,"${field}":"a`),
          Buffer.from(value),
          Buffer.from('b"}\n'),
        ]);
      const bytes = Buffer.concat([
        line('tenant'),
        line('model_version'),
        line('error'),
        line('request_id'),
        line('tenant'),
      ]);
      for (let cut = 0; cut <= bytes.length; cut += 5) await expectSameFromBytes(bytes, [cut]);
    }
  });

  it('a BOM is skipped only at the very start, and a lone start of one is a line of its own', async () => {
    for (const start of [
      [0xef],
      [0xef, 0xbb],
      [0xef, 0xbb, 0xbf],
      [0xef, 0xbb, 0xbf, 0xef, 0xbb, 0xbf],
      [0xbb, 0xbf],
    ]) {
      for (const rest of ['', '\n', '{"first_token_ms":1,"total_ms":2}\n', '\n{"first_token_ms":1,"total_ms":2}']) {
        const bytes = Buffer.concat([Buffer.from(start), Buffer.from(rest)]);
        for (let cut = 0; cut <= bytes.length; cut++) await expectSameFromBytes(bytes, [cut, cut + 1]);
      }
    }
  });

  it('for lines like the line before but for one value or what follows the }', async () => {
    const values = ['1.5', '2', '"t"', 'null'];
    const keys = ['first_token_ms', 'total_ms', 'tenant', 'prefill_ms'];
    const line = (vs: readonly string[], after = '') => `{${keys.map((k, i) => `"${k}":${vs[i]}`).join(',')}}${after}`;
    const odd = [
      '1.5.5',
      '1-2',
      '2e3e4',
      '1..2',
      '--1',
      '0.5e',
      '1e+-3',
      '-.5',
      '1.e3',
      '01',
      '-0',
      '1e400',
      '-1',
      '"x\\"y"',
      '"a\\u0041"',
      '"\t"',
      'true',
      'nul',
    ];
    const lines: string[] = [];
    for (let i = 0; i < keys.length; i++) {
      for (const v of odd) lines.push(line(values), line(values.map((x, j) => (j === i ? v : x))));
    }
    for (const after of [' x', '}', ',', ' \f', '\v', '\u00a0', ' \t\r', '\t', ' {}'])
      lines.push(line(values), line(values, after));
    for (const space of ['\f', '\v', '\u00a0', '\u2028', '\u0085'])
      lines.push(
        line(values),
        line(values).replace(',', `${space},`),
        line(values).replace(':', `:${space}`),
        line(values).replace('":', `"${space}:`),
        line(values).replace(',"', `,${space}"`),
      );
    await expectSameBothWays([`${lines.join('\n')}\n`]);
    await expectSameBothWays(fixedChunks(`${lines.join('\r\n')}`, 61));
  });

  it('for a line longer than many chunks, and for text with no newline at all', async () => {
    const long = `{"first_token_ms":1,"total_ms":2,"request_id":"${'x'.repeat(100_000)}"}`;
    await expectSameBothWays(fixedChunks(`${long}\n${long}\n{"first_token_ms":3,"total_ms":4}`, 4096));
    await expectSameBothWays(fixedChunks(long, 1000));
    await expectSameBothWays(['', '', `${long}\r`, '']);
  });
});

// ---- numbers -----------------------------------------------------------------------------------

/** Reads `{"first_token_ms":TOKEN,"total_ms":1}` lines with the fast reader alone. */
function readFirstTokens(tokens: readonly string[]): { values: Float64Array; strictLines: number } {
  const builder = new RequestTableBuilder('n.jsonl');
  let strictLines = 0;
  const reader = new ByteJsonlReader(builder, () => strictLines++);
  reader.push(Buffer.from(tokens.map((t) => `{"first_token_ms":${t},"total_ms":1}\n`).join('')));
  reader.end();
  const table = builder.finish().table;
  return { values: table?.numbers.first_token_ms ?? new Float64Array(0), strictLines };
}

describe('JSONL fast path: numbers', () => {
  const tokenArb = fc.oneof(
    fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }).map((d) => JSON.stringify(d)),
    fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }).map((d) => d.toExponential()),
    fc.double({ min: 0, max: 1e6, noNaN: true }).chain((d) => fc.integer({ min: 0, max: 20 }).map((k) => d.toFixed(k))),
    decimalText,
    fc
      .tuple(decimalText, fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.integer({ min: 0, max: 330 }))
      .map(([m, e, s, x]) => `${m}${e}${s}${x}`),
    fc.bigInt({ min: 0n, max: 2n ** 70n }).map(String),
  );

  it('every JSON number ≥ 0 is read by the fast path, equal to JSON.parse to the bit', () => {
    fc.assert(
      fc.property(fc.array(tokenArb, { minLength: 1, maxLength: 50 }), (tokens) => {
        const finite = tokens.filter((t) => Number.isFinite(JSON.parse(t)));
        const { values, strictLines } = readFirstTokens(finite);
        expect(strictLines).toBe(0);
        expect(values.length).toBe(finite.length);
        finite.forEach((t, i) => {
          if (!Object.is(values[i], JSON.parse(t)))
            throw new Error(`${t}: fast ${values[i]}, JSON.parse ${JSON.parse(t)}`);
        });
      }),
      { numRuns: 500 },
    );
  });

  it('the boundaries of the exact integer and decimal path', () => {
    const tokens = [
      '0',
      '-0',
      '-0.0',
      '0.000',
      '9007199254740991',
      '9007199254740992',
      '9007199254740993',
      '9007199254740991.5',
      '900719925474099.1',
      '0.1',
      '0.2',
      '0.3',
      '1.7976931348623157e308',
      '4.9e-324',
      '0.' + '0'.repeat(21) + '1',
      '0.' + '0'.repeat(22) + '1',
      '1' + '0'.repeat(22),
      '123456789012345.678',
      '1234567890123456.78',
      '12345678901234567.8',
      '0.1234567890123456789',
      '1760000001.886937',
      '1760000001.8869371',
    ];
    const accepted = tokens.filter((t) => !Object.is(JSON.parse(t), -0));
    const { values, strictLines } = readFirstTokens(tokens);
    expect(strictLines).toBe(0);
    expect(values.length).toBe(tokens.length);
    tokens.forEach((t, i) => expect(Object.is(values[i], JSON.parse(t)), t).toBe(true));
    expect(accepted.length).toBe(tokens.length - 2);
  });

  it('what is not a JSON number ≥ 0 goes to the strict path', () => {
    const bad = [
      '-1',
      '-1e-9',
      '01',
      '00',
      '1.',
      '.5',
      '-',
      '+1',
      '1e',
      '1e+',
      '0x10',
      'NaN',
      'Infinity',
      '-Infinity',
      '1e400',
      '"1"',
      '1.5.5',
      '1-2',
      'true',
      '[1]',
    ];
    for (const t of bad) expect(readFirstTokens([t]).strictLines, t).toBe(1);
  });
});

// ---- the simulator's files -----------------------------------------------------------------------

describe('JSONL fast path: simulated telemetry', () => {
  const scenarios = [
    baseScenario(3, 3000),
    ...injectedRegressions()
      .slice(0, 3)
      .map((r) => r.apply(baseScenario(5, 2500))),
  ];

  it('gives the same tables as the strict path, in any chunking', async () => {
    for (const scenario of scenarios) {
      const text = simulateToJsonl(scenario);
      for (const size of [1 << 20, 4096, 997]) await expectSameBothWays(fixedChunks(text, size), 0.05);
    }
  });

  it('is read by the fast path, all but the metadata line', () => {
    for (const scenario of scenarios) {
      const bytes = Buffer.from(simulateToJsonl(scenario), 'utf8');
      const builder = new RequestTableBuilder('sim.jsonl');
      const strict: number[] = [];
      const reader = new ByteJsonlReader(builder, (_line, lineNo) => strict.push(lineNo), bytes.length);
      for (let i = 0; i < bytes.length; i += 65_536) reader.push(bytes.subarray(i, i + 65_536));
      reader.end();
      expect(strict).toEqual([1]);
      expect(reader.fastLines).toBe(bytes.toString('latin1').split('\n').length - 2);
    }
  });

  it('gives the same tables from the bytes of the file, cut into any chunks', async () => {
    const bytes = Buffer.from(simulateToJsonl(scenarios[1]), 'utf8');
    for (const size of [1 << 20, 4093, 1000])
      await expectSameFromBytes(
        bytes,
        Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => i * size),
        0.05,
      );
  });

  it('a source with the fast path off reads as before (the default is on)', async () => {
    const text = simulateToJsonl(baseScenario(9, 300));
    const on = await ingestNative(piecesSource('s.jsonl', [text]), { maxBadLineRatio: 0.05 });
    const off = await outcome([text], false, 0.05);
    expectSameOutcome({ run: { ...on, sources: on.sources.map((s) => ({ ...s, file: 't.jsonl' })) } }, off);
  });
});
