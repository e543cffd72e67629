// Property-based: generated llm_request spans round-trip (seconds → ms) through JSON Lines in any
// chunking; mutated exports (values of the wrong type, 1e400, NaN, "inf", __proto__ keys, deep junk,
// truncated lines) give tables whose numbers are all finite, or an InputError, and nothing else.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import { detectOtel, readOtel } from '../../../src/ingest/formats/otel';
import { source } from '../../helpers/text-source';
import type { Run } from '../../../src/model/run';
import { rowsOf } from '../native/helpers';

const LATENCIES = [
  ['gen_ai.latency.time_in_queue', 'queue_wait_ms'],
  ['gen_ai.latency.time_in_model_prefill', 'prefill_ms'],
  ['gen_ai.latency.time_in_model_decode', 'decode_ms'],
] as const;

interface Gen {
  id: string;
  startNs: bigint;
  ttft: number;
  e2e: number;
  optional: Partial<Record<(typeof LATENCIES)[number][0], number>>;
  prompt?: number;
  completion?: number;
  aborted: boolean;
}

const secondsArb = fc.double({ min: 0, max: 100, noNaN: true, noDefaultInfinity: true });
const genArb: fc.Arbitrary<Gen> = fc.record({
  id: fc.string({ minLength: 1, maxLength: 8 }),
  startNs: fc.bigInt({ min: 1_700_000_000_000_000_000n, max: 1_800_000_000_000_000_000n }),
  ttft: secondsArb,
  e2e: secondsArb,
  optional: fc.record(
    Object.fromEntries(LATENCIES.map(([a]) => [a, secondsArb])) as Record<
      (typeof LATENCIES)[number][0],
      fc.Arbitrary<number>
    >,
    { requiredKeys: [] },
  ),
  prompt: fc.option(fc.nat({ max: 100_000 }), { nil: undefined }),
  completion: fc.option(fc.nat({ max: 100_000 }), { nil: undefined }),
  aborted: fc.boolean(),
});

function spanOf(g: Gen): Record<string, unknown> {
  const a = (key: string, value: Record<string, unknown>) => ({ key, value });
  const attributes = [
    a('gen_ai.request.id', { stringValue: g.id }),
    a('gen_ai.latency.time_to_first_token', { doubleValue: g.ttft }),
    a('gen_ai.latency.e2e', { doubleValue: g.e2e }),
  ];
  for (const [name, value] of Object.entries(g.optional)) attributes.push(a(name, { doubleValue: value }));
  if (g.prompt !== undefined) attributes.push(a('gen_ai.usage.prompt_tokens', { intValue: String(g.prompt) }));
  if (g.completion !== undefined) attributes.push(a('gen_ai.usage.output_tokens', { intValue: g.completion }));
  if (g.aborted) attributes.push(a('gen_ai.response.finish_reasons', { stringValue: '["abort"]' }));
  return { name: 'llm_request', startTimeUnixNano: String(g.startNs), attributes, status: {} };
}

const exportLine = (spans: unknown[]) => JSON.stringify({ resourceSpans: [{ resource: {}, scopeSpans: [{ spans }] }] });

function expectFinite(run: Run): void {
  const t = run.requests!;
  for (const column of [...Object.values(t.numbers), ...t.extraNumbers.values()]) {
    for (const v of column) if (!Number.isNaN(v)) expect(Number.isFinite(v)).toBe(true);
  }
  for (const field of ['first_token_ms', 'total_ms'] as const) {
    const column = t.numbers[field];
    const errors = t.text.error;
    for (let i = 0; i < t.length; i++)
      if (!errors || errors.codes[i] < 0) expect(Number.isFinite(column![i])).toBe(true);
  }
  JSON.stringify({ ...run, requests: undefined }, (_k, v) => {
    if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
    return v;
  });
}

const JUNK_VALUES = [
  'null',
  'true',
  '"1e400"',
  '1e400',
  'NaN',
  'Infinity',
  '-Infinity',
  '"inf"',
  '"12"',
  '"abc"',
  '[]',
  '{}',
  '[[[[[[[[[[1]]]]]]]]]]',
  '{"__proto__": {"polluted": 1}}',
  '-1',
  '"-0.5"',
  '1e-400',
];

describe('OTLP span properties', () => {
  it('generated spans read back exactly, in arrival order, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(genArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (batches, cuts) => {
          const text = batches.map((b) => exportLine(b.map(spanOf))).join('\n');
          const [run] = await readOtel(source('gen.jsonl', text, cuts), { maxBadLineRatio: 0 });
          const all = batches.flat();
          const rows = rowsOf(run.requests!);
          expect(rows.length).toBe(all.length);
          const expected = all
            .map((g, i) => ({
              g,
              i,
              arrival: Number(g.startNs / 1_000_000_000n) + Number(g.startNs % 1_000_000_000n) / 1e9,
            }))
            .sort((x, y) => x.arrival - y.arrival || x.i - y.i);
          rows.forEach((row, k) => {
            const { g, arrival } = expected[k];
            // gen_ai.request.id maps to request_id, which is read but not stored.
            expect(row.request_id).toBeUndefined();
            expect(row.arrival_ts).toBe(arrival);
            expect(row.first_token_ms).toBe(g.ttft * 1000);
            expect(row.total_ms).toBe(g.e2e * 1000);
            for (const [attribute, field] of LATENCIES)
              expect(row[field]).toBe(g.optional[attribute] === undefined ? undefined : g.optional[attribute]! * 1000);
            expect(row.prompt_tokens).toBe(g.prompt);
            expect(row.output_tokens).toBe(g.completion);
            expect(row.error).toBe(g.aborted ? 'finish_reason abort' : undefined);
          });
          expect(run.workload).toEqual({
            requests: all.length,
            failed: all.filter((g) => g.aborted).length,
            failedFrom: 'rows',
            engine: 'vllm',
          });
        },
      ),
      { numRuns: 80 },
    );
  });

  it('mutated exports give finite tables or an InputError, and pollute nothing', async () => {
    const mutationArb = fc.oneof(
      // Replace a JSON value (after a colon) with junk.
      fc.record({ kind: fc.constant('value' as const), at: fc.nat(), junk: fc.constantFrom(...JUNK_VALUES) }),
      // Insert a __proto__ / constructor member into an object.
      fc.record({
        kind: fc.constant('proto' as const),
        at: fc.nat(),
        key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'resourceSpans', 'attributes'),
      }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('line' as const),
        line: fc.oneof(
          fc.constantFrom(
            '{',
            '[]',
            'null',
            '{"resourceSpans": [{"scopeSpans": [{"spans": [1, "x", null, {"name": "llm_request"}]}]}]}',
          ),
          fc.string({ maxLength: 30 }),
        ),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(genArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 3 }),
        fc.array(mutationArb, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(0, 0.05, 0.5, 1),
        fc.array(fc.nat(), { maxLength: 5 }),
        async (batches, mutations, ratio, cuts) => {
          let text = batches.map((b) => exportLine(b.map(spanOf))).join('\n');
          for (const m of mutations) {
            if (m.kind === 'value') {
              const colons = [...text.matchAll(/:(?=[^:])/g)].map((x) => x.index!);
              if (colons.length === 0) continue;
              const at = colons[m.at % colons.length] + 1;
              const end = valueEnd(text, at);
              text = text.slice(0, at) + m.junk + text.slice(end);
            } else if (m.kind === 'proto') {
              const braces = [...text.matchAll(/\{(?=")/g)].map((x) => x.index!);
              if (braces.length === 0) continue;
              const at = braces[m.at % braces.length] + 1;
              text = `${text.slice(0, at)}"${m.key}": {"polluted": 1, "name": "llm_request"}, ${text.slice(at)}`;
            } else if (m.kind === 'truncate') text = text.slice(0, m.at % (text.length + 1));
            else text = `${text}\n${m.line}`;
          }
          let runs: Run[];
          try {
            runs = await readOtel(source('mutated.jsonl', text, cuts), { maxBadLineRatio: ratio });
          } catch (error) {
            expect(error).toBeInstanceOf(InputError);
            return;
          }
          for (const run of runs) expectFinite(run);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a {"__proto__": {"polluted": 1}} export pollutes nothing', async () => {
    for (const text of [
      '{"__proto__": {"polluted": 1}}',
      '{"resourceSpans": [{"__proto__": {"polluted": 1}, "scopeSpans": [{"spans": [{"__proto__": {"polluted": 1}, "name": "llm_request", "attributes": [{"key": "__proto__", "value": {"kvlistValue": {"values": [{"key": "polluted", "value": {"intValue": 1}}]}}}, {"key": "gen_ai.latency.time_to_first_token", "value": {"doubleValue": 1}}, {"key": "gen_ai.latency.e2e", "value": {"doubleValue": 2}}]}]}]}]}',
    ]) {
      try {
        await readOtel(source('proto.jsonl', text, []), { maxBadLineRatio: 1 });
      } catch (error) {
        expect(error).toBeInstanceOf(InputError);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('detection never throws and always gives a reason', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.json().map((j) => j.slice(0, 150)),
          fc.stringMatching(/^[#{}[\]"a-z_:=., 0-9\n-]{0,80}$/),
        ),
        (head) => {
          const d = detectOtel(head);
          expect(typeof d.match).toBe('boolean');
          expect(d.reason.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});

/** Where the JSON value starting at `at` ends (a flat scan: strings, brackets). */
function valueEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (depth === 0) return i + 1;
    } else if (c === '{' || c === '[') depth++;
    else if (c === '}' || c === ']') {
      if (depth === 0) return i;
      depth--;
      if (depth === 0) return i + 1;
    } else if (depth === 0 && (c === ',' || c === '\n')) return i;
  }
  return text.length;
}
