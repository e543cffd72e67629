// Shared by the LLMPerf and GuideLLM tests: every other tool's sample file (for "not detected"),
// and the mutations and checks of the property tests.

import fc from 'fast-check';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import type { Run } from '../../../src/model/run';

const FIXTURES = join(__dirname, '../../fixtures');
const SHARED = '/work/shared/real-artifacts';

/** Files of the other tools (the other adapters' fixtures and, when present, the shared real artifacts). */
export function otherToolFiles(mine: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (!entry.endsWith('.md') && !entry.endsWith('.py')) out.push(path);
    }
  };
  for (const root of [FIXTURES, SHARED]) {
    if (!existsSync(root)) continue;
    for (const tool of readdirSync(root)) {
      const path = join(root, tool);
      if (!mine.includes(tool) && statSync(path).isDirectory()) walk(path);
    }
  }
  return out;
}

// ---- mutations for the property tests -------------------------------------------------------

type Path = (string | number)[];

/** Every path to a value in a JSON document (objects and lists included), capped. */
export function pathsOf(value: unknown, limit = 20_000): Path[] {
  const out: Path[] = [];
  const visit = (v: unknown, path: Path) => {
    if (out.length >= limit) return;
    out.push(path);
    if (Array.isArray(v)) v.forEach((x, i) => visit(x, [...path, i]));
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) visit(x, [...path, k]);
  };
  visit(value, []);
  return out;
}

function deep(depth: number): unknown {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { nest: v };
  return v;
}

/** Values a broken or hostile file might hold where a number or an object is expected. */
export const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(
    null,
    true,
    false,
    '',
    'inf',
    '-inf',
    'NaN',
    'Infinity',
    '1e400',
    'abc',
    '  12 ',
    '-3',
    -1,
    -1e300,
    1e308,
    0,
    [],
    {},
    [1, 'two'],
    { polluted: 1 },
  ),
  fc.double(),
  fc.integer(),
  fc.string({ maxLength: 8 }),
  fc.integer({ min: 1, max: 200 }).map(deep),
);

export type Mutation = { kind: 'set'; at: number; value: unknown } | { kind: 'drop'; at: number };

export const mutationsArb = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: junkArb }),
    fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
  ),
  { minLength: 1, maxLength: 6 },
);

/** Applies the mutations to a copy of `doc` (paths chosen among `paths` by index). */
export function mutate(doc: unknown, paths: readonly Path[], mutations: readonly Mutation[]): unknown {
  const copy = structuredClone(doc);
  let root: unknown = copy;
  for (const m of mutations) {
    const path = paths[m.at % paths.length];
    if (path.length === 0) {
      if (m.kind === 'set') root = m.value;
      continue;
    }
    let parent: unknown = root;
    for (const key of path.slice(0, -1)) {
      const container = parent as Record<string | number, unknown> | null;
      if (container === null || typeof container !== 'object' || !Object.hasOwn(container, key)) {
        parent = undefined;
        break;
      }
      parent = container[key];
    }
    if (parent === null || typeof parent !== 'object') continue;
    const last = path[path.length - 1];
    if (Array.isArray(parent)) {
      if (m.kind === 'drop') parent.splice(Number(last), 1);
      else parent[Number(last)] = structuredClone(m.value);
    } else {
      const object = parent as Record<string, unknown>;
      if (m.kind === 'drop') delete object[last];
      else object[last] = structuredClone(m.value);
    }
  }
  return root;
}

/** Text-level damage JSON.stringify cannot produce: non-finite literals, __proto__ keys, cuts. */
export type TextDamage =
  { kind: 'literal'; at: number; literal: string } | { kind: 'proto'; at: number } | { kind: 'cut'; at: number };

export const textDamageArb: fc.Arbitrary<TextDamage[]> = fc.array(
  fc.oneof(
    fc.record({
      kind: fc.constant('literal' as const),
      at: fc.nat(),
      literal: fc.constantFrom('1e400', '-1e400', 'NaN', 'Infinity', '-Infinity', '"inf"', '"1e400"'),
    }),
    fc.record({ kind: fc.constant('proto' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  ),
  { maxLength: 4 },
);

export function damage(text: string, damages: readonly TextDamage[]): string {
  let out = text;
  for (const d of damages) {
    if (d.kind === 'cut') {
      out = out.slice(0, d.at % (out.length + 1));
      continue;
    }
    if (d.kind === 'proto') {
      const braces = [...out.matchAll(/\{/g)].map((m) => m.index!);
      if (braces.length === 0) continue;
      const at = braces[d.at % braces.length] + 1;
      const rest = out.slice(at).trimStart();
      out = `${out.slice(0, at)}"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}${rest.startsWith('}') ? '' : ', '}${out.slice(at)}`;
      continue;
    }
    const numbers = [...out.matchAll(/(?<=[:[,]\s*)-?\d+(\.\d+)?([eE][+-]?\d+)?(?=\s*[,\]}])/g)];
    if (numbers.length === 0) continue;
    const m = numbers[d.at % numbers.length];
    out = out.slice(0, m.index!) + d.literal + out.slice(m.index! + m[0].length);
  }
  return out;
}

/** Reads and checks: usable runs whose numbers are all finite, or an InputError; nothing else. */
export async function usableOrInputError(read: () => Promise<Run[]>): Promise<'runs' | 'refused'> {
  let runs: Run[];
  try {
    runs = await read();
  } catch (error) {
    if (error instanceof InputError) return 'refused';
    throw error;
  }
  expect(runs.length).toBeGreaterThan(0);
  for (const run of runs) expectFinite(run);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  return 'runs';
}

export function expectFinite(run: Run): void {
  for (const s of run.summaries) expect(Number.isFinite(s.value), `${s.metric} ${s.stat} = ${s.value}`).toBe(true);
  for (const [key, value] of Object.entries(run.workload ?? {})) {
    // Key fields that are words or flags (dataset, streaming, failedFrom) are not numbers.
    if (typeof value !== 'number') continue;
    if (key === 'requestRate' && value === Infinity) continue;
    expect(Number.isFinite(value), `workload.${key} = ${value}`).toBe(true);
  }
  for (const [key, value] of Object.entries(run.meta.config))
    if (typeof value === 'number') expect(Number.isFinite(value), `config.${key}`).toBe(true);
  expect(Object.getPrototypeOf(run.meta.config)).toBe(Object.prototype);
  const table = run.requests;
  if (!table) return;
  for (const [field, column] of Object.entries(table.numbers)) {
    for (const v of column!) {
      if (Number.isNaN(v)) continue;
      expect(Number.isFinite(v), `${field} = ${v}`).toBe(true);
      if (field !== 'arrival_ts') expect(v, field).toBeGreaterThanOrEqual(0);
    }
  }
  for (const [field, column] of table.extraNumbers)
    for (const v of column) if (!Number.isNaN(v)) expect(Number.isFinite(v), `${field} = ${v}`).toBe(true);
}
