// Property-based: the quality readers, fed random text, random JSON, random JSONL or mutated
// fixtures in any chunking, return a typed result or throw an InputError, never another error, and
// never pollute Object.prototype. A generation file gives the same result however it is cut into
// chunks. Comparisons keep their counts consistent and mirror when base and head swap.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/ingest/errors';
import { source } from '../helpers/text-source';
import { compareGenerations } from '../../src/compare/quality/compare-generations';
import { compareQuality, qualityLine } from '../../src/compare/quality/compare';
import { readGenerations } from '../../src/ingest/quality/generations';
import { readQuality } from '../../src/ingest/quality/read';
import type { GenerationSet, QualityInput } from '../../src/model/quality';
import { fixture } from './helpers';

/** Resolves to the result, or to the InputError; anything else fails the property. */
async function typedOrInputError(run: () => Promise<QualityInput>): Promise<QualityInput | InputError> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
}

function expectTyped(result: QualityInput | InputError): void {
  if (result instanceof InputError) return;
  if (result.kind === 'scores') {
    expect(result.metrics.length).toBeGreaterThan(0);
    for (const m of result.metrics) expect(Number.isFinite(m.value)).toBe(true);
  } else {
    expect(result.bad / result.records).toBeLessThanOrEqual(0.05);
    expect(result.entries.size).toBeGreaterThan(0);
  }
  // Whatever was read compares and phrases without throwing.
  expect(typeof qualityLine(compareQuality([result], [result]))).toBe('string');
}

function expectClean(): void {
  for (const key of ['polluted', 'results', 'scores', 'output', 'custom_id'])
    expect(Object.prototype).not.toHaveProperty(key);
}

const cutsArb = fc.array(fc.nat(), { maxLength: 8 });
const keyArb = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'results',
    'scores',
    'stderr',
    'n',
    'acc,none',
    'acc_stderr,none',
    'custom_id',
    'id',
    'request_id',
    'output',
    'text',
    'choices',
    'response',
    'body',
    'error',
    'output_sha256',
    'output_hash',
    'temperature',
    'seed',
  ),
  fc.string({ maxLength: 5 }),
);
const junk = fc.oneof(
  fc.constant(null),
  fc.constant('N/A'),
  fc.constant(-1),
  fc.constant(1e308),
  fc.constant({ __proto__: { polluted: 1 } }),
  fc.constant([]),
  fc.boolean(),
  fc.string({ maxLength: 6 }),
  fc.double(),
  fc.integer(),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Replaces values at random places of a parsed document and adds odd keys. */
function mutate(doc: unknown, edits: readonly [number, string, unknown][]): unknown {
  const nodes: Record<string, unknown>[] = [];
  const walk = (v: unknown) => {
    if (v && typeof v === 'object') {
      nodes.push(v as Record<string, unknown>);
      for (const c of Object.values(v)) walk(c);
    }
  };
  walk(doc);
  for (const [at, key, value] of edits)
    Object.defineProperty(nodes[at % nodes.length], key, {
      value,
      enumerable: true,
      configurable: true,
      writable: true,
    });
  return doc;
}

const DOCUMENTS = [
  'lm_eval_0.4.9.2_nl2foam_sft.real.json',
  'lm_eval_v0_arc_easy.real.json',
  'lm_eval_head.synthetic.json',
  'scores_base.synthetic.json',
  'generations_list.synthetic.json',
];
const LINES = [
  'vllm_run_batch_results.real.jsonl',
  'openai_batch_output.synthetic.jsonl',
  'generations_sampled_head.synthetic.jsonl',
  'generations_hashes.synthetic.jsonl',
];

describe('readers never throw anything but InputError', () => {
  it('on arbitrary text', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.string({ unit: 'binary' }),
          fc.constantFrom(
            '{',
            '[',
            '{"results": {',
            '{"scores": 1}',
            '[{"id": 1, "output": 2}',
            '{"id":"a","output":"x"}\n{',
          ),
        ),
        cutsArb,
        async (text, cuts) => {
          expectTyped(await typedOrInputError(() => readQuality(source('t', text, cuts))));
        },
      ),
    );
    expectClean();
  });

  /** Reads every generated text in any chunking; both outcomes must occur, or the property is vacuous. */
  async function readsAll<T>(arb: fc.Arbitrary<T>, toText: (value: T) => [string, string]): Promise<void> {
    const seen = { typed: 0, errors: 0 };
    await fc.assert(
      fc.asyncProperty(arb, cutsArb, async (value, cuts) => {
        const [name, text] = toText(value);
        const result = await typedOrInputError(() => readQuality(source(name, text, cuts)));
        seen[result instanceof InputError ? 'errors' : 'typed']++;
        expectTyped(result);
      }),
      { numRuns: 300 },
    );
    expect(seen.errors).toBeGreaterThan(0);
    expect(seen.typed).toBeGreaterThan(0);
    expectClean();
  }

  it('on arbitrary JSON documents, JSONL of arbitrary values and lists of them', async () => {
    const record = fc.dictionary(keyArb, junk, { maxKeys: 6 });
    // Some well-formed records and documents among the junk, so that both outcomes occur.
    const wellFormed = fc.oneof(
      fc.record({ custom_id: fc.string({ minLength: 1 }), output: fc.string() }),
      fc.record({
        scores: fc.dictionary(fc.string(), fc.double({ noNaN: true, noDefaultInfinity: true }), { minKeys: 1 }),
      }),
      fc.record({ results: fc.dictionary(fc.string(), fc.dictionary(keyArb, junk)), versions: fc.constant({}) }),
    );
    const values = fc.array(fc.oneof(wellFormed, record, fc.jsonValue({ maxDepth: 3 })), {
      minLength: 1,
      maxLength: 6,
    });
    await readsAll(fc.tuple(values, fc.constantFrom('jsonl', 'list', 'one')), ([v, shape]) => [
      't',
      shape === 'jsonl' ? v.map((x) => JSON.stringify(x)).join('\n') : JSON.stringify(shape === 'list' ? v : v[0]),
    ]);
  });

  it('on mutated fixtures', async () => {
    const edits = fc.array(fc.tuple(fc.nat(), keyArb, junk), { maxLength: 4 });
    await readsAll(fc.tuple(fc.constantFrom(...DOCUMENTS, ...LINES), edits), ([name, e]) => {
      const original = fixture(name);
      const text = name.endsWith('.jsonl')
        ? original
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.stringify(mutate(JSON.parse(l), e)))
            .join('\n')
        : JSON.stringify(mutate(JSON.parse(original), e), null, 1);
      return [name, text];
    });
  });
});

describe('a generation file cut anywhere reads the same as whole', () => {
  const snapshot = (g: GenerationSet) => ({ ...g, entries: [...g.entries] });
  const recordArb = fc.record({
    id: fc.oneof(fc.string({ minLength: 1, maxLength: 4 }), fc.nat(50)),
    text: fc.string({ unit: fc.constantFrom('a', 'é', '😀', '\n', '"', '\\', ' ', '\u2028'), maxLength: 20 }),
    field: fc.constantFrom('output', 'text', 'generated_text', 'completion'),
    temperature: fc.option(fc.constantFrom(0, 0.7), { nil: undefined }),
  });

  it('for JSONL and JSON lists, with CRLF and bad lines', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordArb, { minLength: 1, maxLength: 30 }),
        fc.boolean(),
        fc.boolean(),
        fc.nat(60),
        cutsArb,
        async (records, list, crlf, badAt, cuts) => {
          const rows = records.map((r) =>
            JSON.stringify({
              request_id: r.id,
              [r.field]: r.text,
              ...(r.temperature !== undefined ? { temperature: r.temperature } : {}),
            }),
          );
          if (!list && badAt < rows.length) rows.splice(badAt, 0, '{"request_id": 1, "output": ');
          const text = list ? `[\n${rows.join(',\n')}\n]` : rows.join(crlf ? '\r\n' : '\n');
          const whole = await typedOrInputError(() => readGenerations(source('g', text, [])));
          const cut = await typedOrInputError(() => readGenerations(source('g', text, cuts)));
          if (whole instanceof InputError || cut instanceof InputError) {
            expect(cut).toBeInstanceOf(InputError);
            expect((cut as InputError).message).toBe((whole as InputError).message);
          } else {
            expect(snapshot(cut as GenerationSet)).toEqual(snapshot(whole as GenerationSet));
          }
        },
      ),
    );
  });

  it('for every generation fixture, at chunk sizes 1 to 64', async () => {
    for (const name of [...LINES, 'generations_base.synthetic.jsonl', 'generations_list.synthetic.json']) {
      const text = fixture(name);
      const whole = snapshot(await readGenerations(source(name, text, [])));
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 1, max: 64 }), async (size) => {
          const cuts = Array.from({ length: Math.ceil(text.length / size) }, (_, i) => i * size);
          expect(snapshot(await readGenerations(source(name, text, cuts)))).toEqual(whole);
        }),
        { numRuns: 10 },
      );
    }
  });
});

describe('comparison invariants', () => {
  const entryArb = fc.oneof(
    fc.constant('failed' as const),
    fc.record({ hash: fc.constantFrom('sha256:a', 'sha256:b', 'given:a'), length: fc.nat(5) }),
  );
  const setArb = fc
    .dictionary(fc.constantFrom('1', '2', '3', '4', '5', '6', '7', '8'), entryArb)
    .map((d): GenerationSet => ({
      kind: 'generations',
      format: 'generations',
      file: 'f',
      entries: new Map(Object.entries(d)),
      records: 0,
      bad: 0,
      issues: [],
      failed: 0,
      duplicates: 0,
      idFields: {},
      sampling: { withTemperature: 0, withSeed: 0 },
      warnings: [],
    }));

  it('counts add up and mirror when base and head swap', () => {
    fc.assert(
      fc.property(setArb, setArb, (b, h) => {
        const c = compareGenerations([b], [h]).comparison;
        const r = compareGenerations([h], [b]).comparison;
        expect(c.identical + c.differing + c.incomparable).toBe(c.matched);
        expect(c.matched + c.onlyBase + c.failedHead + c.failedBase).toBeLessThanOrEqual(b.entries.size);
        expect([r.matched, r.identical, r.differing, r.onlyBase, r.onlyHead, r.failedHead, r.failedBase]).toEqual([
          c.matched,
          c.identical,
          c.differing,
          c.onlyHead,
          c.onlyBase,
          c.failedBase,
          c.failedHead,
        ]);
        expect(c.shorter + c.longer).toBeLessThanOrEqual(c.differing);
        if (c.shareIdenticalInterval) {
          expect(c.shareIdenticalInterval[0]).toBeLessThanOrEqual(c.shareIdentical!);
          expect(c.shareIdenticalInterval[1]).toBeGreaterThanOrEqual(c.shareIdentical!);
        }
      }),
    );
  });
});
