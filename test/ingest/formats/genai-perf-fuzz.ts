// Mutations for the property tests of the GenAI-Perf and AIPerf adapters: a parsed fixture is
// changed at random places (keys dropped, values swapped for junk of every type, __proto__ and
// constructor keys injected, deep nesting), written back with raw tokens JSON cannot spell
// (1e400, NaN, Infinity), and possibly cut short.

import fc from 'fast-check';
import { expect } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import type { Run } from '../../../src/model/run';
import { expectAllFinite } from './genai-perf-helpers';

const RAW = '\u0000RAW:';

/** Junk that replaces a value. Strings starting with RAW become bare tokens in the text. */
const JUNK: readonly unknown[] = [
  null,
  true,
  'abc',
  '',
  '12.5',
  'inf',
  'NaN',
  '1e400',
  -5,
  0,
  1e308,
  -1e308,
  [],
  {},
  [1, 'x', null],
  { unit: 'ms' },
  { value: 'x', unit: 'ms' },
  { unit: 'parsecs', avg: 3 },
  { avg: 1e308, unit: 's' },
  `${RAW}1e400`,
  `${RAW}-1e400`,
  `${RAW}NaN`,
  `${RAW}Infinity`,
  `${RAW}-Infinity`,
  deep(40),
];

function deep(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = i % 2 ? [value] : { nested: value };
  return value;
}

export type Mutation = { at: number; op: 'drop' | 'replace' | 'inject'; junk: number; key: number };

export const mutationArb: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  op: fc.constantFrom<Mutation['op']>('drop', 'replace', 'replace', 'inject'),
  junk: fc.nat(),
  key: fc.nat(),
});

const INJECTED = ['__proto__', 'constructor', 'prototype', 'polluted'];

/** Every container in the value, parents first (bounded), for picking a place to mutate. */
function containers(root: unknown): (Record<string, unknown> | unknown[])[] {
  const out: (Record<string, unknown> | unknown[])[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0 && out.length < 5000) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    out.push(node as Record<string, unknown>);
    for (const child of Object.values(node as object)) stack.push(child);
  }
  return out;
}

export function mutate(root: unknown, mutations: readonly Mutation[]): unknown {
  const copy = JSON.parse(JSON.stringify(root)) as unknown;
  for (const m of mutations) {
    const nodes = containers(copy);
    if (nodes.length === 0) break;
    const node = nodes[m.at % nodes.length];
    const keys = Object.keys(node);
    if (m.op === 'inject') {
      const key = INJECTED[m.key % INJECTED.length];
      // An own "__proto__" key, as JSON.parse makes it (assignment would set the prototype).
      Object.defineProperty(node, key, {
        value: { polluted: 1 },
        enumerable: true,
        writable: true,
        configurable: true,
      });
      continue;
    }
    if (keys.length === 0) continue;
    const key = keys[m.key % keys.length];
    if (m.op === 'drop') {
      if (Array.isArray(node)) node.splice(Number(key), 1);
      else delete node[key];
    } else {
      // A fresh copy, so later mutations never change the junk list itself.
      (node as Record<string, unknown>)[key] = structuredClone(JUNK[m.junk % JUNK.length]);
    }
  }
  return copy;
}

/** JSON text with the RAW markers turned into bare tokens. */
export function serialize(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/"\\u0000RAW:([^"]*)"/g, '$1');
}

/** Either runs whose numbers are all finite, or an InputError; anything else fails the property. */
export async function expectRunsOrInputError(read: () => Promise<Run[]>): Promise<void> {
  let runs: Run[];
  try {
    runs = await read();
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    return;
  }
  expect(runs.length).toBeGreaterThan(0);
  expectAllFinite(runs);
}

export function expectNoPollution(): void {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
}
