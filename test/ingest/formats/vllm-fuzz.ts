// Property harness shared by the vLLM and SGLang adapter tests: real and synthetic result objects,
// mutated (keys dropped, values and array elements swapped for junk, prototype keys injected),
// written as one object, JSONL or a list, sometimes cut off, fed in arbitrary chunks. The adapter
// must return runs whose numbers are all usable or throw InputError, and never pollute
// Object.prototype.

import fc from 'fast-check';
import { expect } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import type { ArtifactAdapter } from '../../../src/ingest/formats/adapter';
import { parseJsonLenient } from '../../../src/ingest/text/lenient-json';
import { piecesSource, cutAt } from '../native/helpers';
import { expectUsableNumbers, fixtureFiles, fixtureText } from './vllm-test-helpers';

type Obj = Record<string, unknown>;

/** Tokens JSON.stringify cannot write, put into the text after stringifying. */
const RAW = ['NaN', 'Infinity', '-Infinity', '1e400', '-1e400'] as const;
const rawMarker = (t: string) => `@@RAW_${t}@@`;

function deep(depth: number): unknown {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { k: v };
  return v;
}

const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    '',
    'inf',
    'NaN',
    '1e400',
    '-3',
    'abc',
    '0.05',
    -1,
    0,
    1e308,
    -0.001,
    [],
    [[['x']]],
    {},
    { a: [1, { b: null }] },
  ),
  fc.constantFrom(...RAW).map(rawMarker),
  fc.integer({ min: 1, max: 400 }).map(deep),
  fc.double(),
  fc.string({ maxLength: 8 }),
  fc.array(
    fc.oneof(fc.double(), fc.constant(null), fc.string({ maxLength: 3 }), fc.constantFrom(...RAW).map(rawMarker)),
    { maxLength: 5 },
  ),
);

type Mutation =
  | { op: 'drop'; at: number }
  | { op: 'set'; at: number; value: unknown }
  | { op: 'element'; at: number; index: number; value: unknown }
  | { op: 'inject'; key: string; value: unknown };

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ op: fc.constant('drop' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('set' as const), at: fc.nat(), value: junkArb }),
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('element' as const), at: fc.nat(), index: fc.nat(), value: junkArb }),
  },
  fc.record({
    op: fc.constant('inject' as const),
    key: fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'hasOwnProperty',
      'p99_ttft_ms',
      'request_goodput:',
      'run_number',
      'ttfts',
      'zz_meta',
    ),
    value: fc.oneof(junkArb, fc.constant({ polluted: 1 }), fc.constant({ prototype: { polluted: 1 } })),
  }),
);

function mutate(seed: Obj, mutations: readonly Mutation[]): Obj {
  const o: Obj = structuredClone(seed);
  for (const shared of mutations) {
    // constantFrom hands out the same object every time: clone it, or one mutation could put a
    // value inside itself (and change the constant for later runs).
    const m = 'value' in shared ? { ...shared, value: structuredClone(shared.value) } : shared;
    const keys = Object.keys(o);
    if (m.op === 'inject') {
      Object.defineProperty(o, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
      continue;
    }
    if (keys.length === 0) continue;
    const key = keys[m.at % keys.length];
    if (m.op === 'drop') delete o[key];
    else if (m.op === 'set') o[key] = m.value;
    else {
      // Prefer the per-request arrays, where a junk element tests the row checks.
      const arrays = keys.filter((k) => Array.isArray(o[k]) && (o[k] as unknown[]).length > 0);
      if (arrays.length === 0) continue;
      const list = o[arrays[m.at % arrays.length]] as unknown[];
      const i = m.index % list.length;
      if (Array.isArray(list[i]) && (list[i] as unknown[]).length > 0 && m.index % 2)
        (list[i] as unknown[])[0] = m.value;
      else list[i] = m.value;
    }
  }
  return o;
}

function stringify(values: Obj[], layout: 'object' | 'jsonl' | 'list', pretty: boolean): string {
  const one = (v: unknown) => JSON.stringify(v, null, pretty && layout !== 'jsonl' ? 4 : undefined);
  let text =
    layout === 'object' ? one(values[0]) : layout === 'list' ? one(values) : values.map((v) => one(v)).join('\n');
  for (const t of RAW) text = text.split(JSON.stringify(rawMarker(t))).join(t);
  return text;
}

/** Result objects of a tool's fixtures (each JSONL line, each list element, each document). */
export function seedObjects(folder: string): Obj[] {
  const out: Obj[] = [];
  for (const file of fixtureFiles(folder)) {
    const text = fixtureText(file);
    const trimmed = text.trimStart();
    const docs = trimmed.startsWith('[')
      ? (parseJsonLenient(text) as Obj[])
      : trimmed.startsWith('{\n')
        ? [parseJsonLenient(text) as Obj]
        : text
            .split('\n')
            .filter((l) => l.trim())
            .map((l) => parseJsonLenient(l) as Obj);
    out.push(...docs);
  }
  // Results with per-request arrays exercise the most code: give them more weight.
  return out.flatMap((o) => (Object.hasOwn(o, 'ttfts') ? [o, o, o, o] : [o]));
}

export async function expectRunsOrInputError(
  adapter: ArtifactAdapter,
  name: string,
  pieces: string[],
  ratio: number,
): Promise<void> {
  try {
    const runs = await adapter.read(piecesSource(name, pieces), { maxBadLineRatio: ratio });
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      expectUsableNumbers(run);
      expect(run.sources[0].format).toBe(adapter.id);
    }
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    expect(error.message.length).toBeGreaterThan(10);
  }
  expect(({} as Obj).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
}

/** The property: mutated seeds in any layout, possibly cut off, in any chunks. */
export function mutatedResultsProperty(adapter: ArtifactAdapter, seeds: Obj[]) {
  return fc.asyncProperty(
    fc.array(fc.record({ seed: fc.nat(seeds.length - 1), mutations: fc.array(mutationArb, { maxLength: 6 }) }), {
      minLength: 1,
      maxLength: 3,
    }),
    fc.constantFrom<'object' | 'jsonl' | 'list'>('object', 'jsonl', 'list'),
    fc.boolean(),
    // Cut the text off now and then (most cuts break the JSON: the point is not to crash).
    fc.oneof({ weight: 4, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.nat() }),
    fc.array(fc.nat(), { maxLength: 8 }),
    fc.constantFrom(0, 0.05, 0.5, 1),
    async (picked, layout, pretty, cut, cuts, ratio) => {
      const values = picked.map(({ seed, mutations }) => mutate(seeds[seed], mutations));
      let text = stringify(values, layout, pretty);
      if (cut !== null) text = text.slice(0, cut % (text.length + 1));
      await expectRunsOrInputError(adapter, 'fuzz.json', cutAt(text, cuts), ratio);
    },
  );
}
