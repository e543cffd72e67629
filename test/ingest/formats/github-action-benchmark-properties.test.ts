// Property-based: generated entry lists read back exactly in any chunking; mutated files (dropped
// keys, values of the wrong type, 1e400, NaN, "inf", __proto__ members, deep junk, truncation) give
// summaries whose numbers are all finite, or an InputError, never anything else.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import {
  detectGithubActionBenchmark,
  readGithubActionBenchmark,
} from '../../../src/ingest/formats/github-action-benchmark';
import { source } from '../../helpers/text-source';
import type { Run } from '../../../src/model/run';

const entryArb = fc.record(
  {
    name: fc.string({ minLength: 1, maxLength: 12 }).filter((s) => s.trim() !== ''),
    unit: fc.constantFrom('ns', 'ms', 'tok/s', 'req/s', 'ops', 'Percent', 'ns/iter', ''),
    value: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
    range: fc.option(
      fc.oneof(fc.constantFrom('± 1.5', '±2%', '3', 'wide'), fc.double({ noNaN: true, min: 0, max: 100 })),
      { nil: undefined },
    ),
    extra: fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
  },
  { requiredKeys: ['name', 'unit', 'value'] },
);

function expectFinite(run: Run): void {
  JSON.stringify(run, (_k, v) => {
    if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
    return v;
  });
}

const JUNK = [
  'null',
  'true',
  '"1e400"',
  '1e400',
  'NaN',
  'Infinity',
  '"inf"',
  '"12"',
  '"abc"',
  '[]',
  '{}',
  '[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]',
  '{"__proto__": {"polluted": 1}}',
  '-1',
];

describe('github-action-benchmark properties', () => {
  it('generated entries read back exactly, first of each name kept', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entryArb, { minLength: 1, maxLength: 20 }),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (entries, pretty, cuts) => {
          const text = JSON.stringify(entries, null, pretty ? 2 : undefined);
          const [run] = await readGithubActionBenchmark(source('gen.json', text, cuts), { maxBadLineRatio: 1 });
          const firsts = entries.filter((e, i) => entries.findIndex((x) => x.name === e.name) === i);
          expect(run.summaries.map((s) => [s.metric, s.value, s.unit, s.stat])).toEqual(
            firsts.map((e) => [e.name, e.value + 0, e.unit.trim(), 'value']),
          );
          expect(run.sources[0].skipped).toBe(entries.length - firsts.length);
          expectFinite(run);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('mutated files give finite summaries or an InputError, and pollute nothing', async () => {
    const mutationArb = fc.oneof(
      fc.record({ kind: fc.constant('value' as const), at: fc.nat(), junk: fc.constantFrom(...JUNK) }),
      fc.record({ kind: fc.constant('drop' as const), at: fc.nat(), key: fc.constantFrom('name', 'unit', 'value') }),
      fc.record({
        kind: fc.constant('proto' as const),
        at: fc.nat(),
        key: fc.constantFrom('__proto__', 'constructor', 'name', 'value'),
      }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(entryArb, { minLength: 1, maxLength: 8 }),
        fc.array(mutationArb, { minLength: 1, maxLength: 5 }),
        fc.constantFrom(0, 0.05, 0.5, 1),
        async (entries, mutations, ratio) => {
          const objects: Record<string, unknown>[] = entries.map((e) => ({ ...e }));
          let tail: number | undefined;
          const junk: [number, string, string][] = [];
          for (const m of mutations) {
            const o = objects[m.at % objects.length];
            if (m.kind === 'drop') delete o[m.key];
            else if (m.kind === 'value')
              junk.push([m.at % objects.length, ['name', 'unit', 'value', 'range'][m.at % 4], m.junk]);
            else if (m.kind === 'proto') junk.push([m.at % objects.length, m.key, '{"polluted": 1}']);
            else tail = m.at;
          }
          // Junk goes in as raw text, so 1e400 and bare NaN reach the parser as written.
          let text = `[${objects
            .map((o, i) => {
              const members = Object.entries(o).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`);
              for (const [at, key, raw] of junk) if (at === i) members.push(`${JSON.stringify(key)}: ${raw}`);
              return `{${members.join(', ')}}`;
            })
            .join(',\n')}]`;
          if (tail !== undefined) text = text.slice(0, tail % (text.length + 1));
          try {
            const runs = await readGithubActionBenchmark(source('mutated.json', text, []), { maxBadLineRatio: ratio });
            for (const run of runs) expectFinite(run);
          } catch (error) {
            expect(error).toBeInstanceOf(InputError);
          }
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('an entry named __proto__ or carrying a __proto__ member pollutes nothing', async () => {
    const text =
      '[{"__proto__": {"polluted": 1}, "name": "__proto__", "unit": "ms", "value": 1, "range": "± 1", "extra": "x"}, {"name": "constructor", "unit": "ms", "value": 2}]';
    const [run] = await readGithubActionBenchmark(source('proto.json', text, []), { maxBadLineRatio: 0 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(run.summaries.map((s) => [s.metric, s.value])).toEqual([
      ['__proto__', 1],
      ['constructor', 2],
    ]);
    expect(run.meta.extra).toEqual({ 'range.__proto__': '±1 ms', 'extra.__proto__': 'x' });
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
          const d = detectGithubActionBenchmark(head);
          expect(typeof d.match).toBe('boolean');
          expect(d.reason.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});
