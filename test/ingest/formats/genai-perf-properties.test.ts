// Property-based: mutated, truncated and re-chunked GenAI-Perf files give runs whose numbers are all
// finite or an InputError, never anything else; __proto__ keys never reach Object.prototype; and a
// document over the size cap is refused before it is parsed.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import { genaiPerfAdapter, readGenaiPerf } from '../../../src/ingest/formats/genai-perf';
import type { TextSource } from '../../../src/ingest/source';
import { expectNoPollution, expectRunsOrInputError, mutate, mutationArb, serialize } from './genai-perf-fuzz';
import { fixtureText, LENIENT, OPTIONS } from './genai-perf-helpers';

const FILES = [
  'issue298_streaming_profile_export_genai_perf.json',
  'issue298_nonstreaming_profile_export_genai_perf.json',
  'synthetic_profile_export.json',
];
const DOCS = FILES.map((f) => JSON.parse(fixtureText('genai-perf', f)) as unknown);

function chunked(name: string, text: string, cuts: number[]): TextSource {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const p of points) {
    pieces.push(text.slice(from, p));
    from = p;
  }
  pieces.push(text.slice(from));
  return {
    name,
    head: text.slice(0, 16 * 1024),
    async *chunks() {
      yield* pieces;
    },
  };
}

describe('GenAI-Perf adapter properties', () => {
  it('mutated files give finite runs or an InputError, and detection never throws', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: DOCS.length - 1 }),
        fc.array(mutationArb, { minLength: 1, maxLength: 8 }),
        fc.option(fc.nat(), { nil: undefined }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.boolean(),
        async (which, mutations, cut, cuts, lenient) => {
          const full = serialize(mutate(DOCS[which], mutations), which === 2 ? undefined : 2);
          const text = cut === undefined ? full : full.slice(0, cut % (full.length + 1));
          expect(() => genaiPerfAdapter.detect(text.slice(0, 16 * 1024), 'x.json')).not.toThrow();
          await expectRunsOrInputError(() => readGenaiPerf(chunked('x.json', text, cuts), lenient ? LENIENT : OPTIONS));
          expectNoPollution();
        },
      ),
      { numRuns: 250 },
    );
  });

  it('arbitrary text gives an InputError or runs, never a crash', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.string({ maxLength: 200 }), fc.json({ maxDepth: 4 })), async (text) => {
        await expectRunsOrInputError(() => readGenaiPerf(chunked('x.json', text, []), OPTIONS));
      }),
      { numRuns: 200 },
    );
  });

  it('__proto__ and constructor keys anywhere never pollute Object.prototype', async () => {
    const poison = '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}';
    const summary = `{"__proto__": {"polluted": 1}, "request_latency": {"unit": "ms", "avg": 3, "__proto__": {"polluted": 1}},
      "__proto__x": 1, "input_config": {"model": ["m"], "__proto__": {"polluted": 1}, "extra_inputs": ${poison}, "constructor": {"polluted": 1}}}`;
    const runs = await readGenaiPerf(chunked('s.json', summary, []), OPTIONS);
    expect(runs[0].summaries.find((s) => s.metric === 'e2e')?.value).toBe(3);
    const raw = `{"experiments": [{"experiment": ${poison}, "__proto__": {"polluted": 1}, "requests": [{"__proto__": {"polluted": 1}, "timestamp": 1000000000, "response_timestamps": [1005000000], "response_outputs": [${poison}]}]}], "__proto__": {"polluted": 1}}`;
    const rawRuns = await readGenaiPerf(chunked('p.json', raw, []), OPTIONS);
    expect(rawRuns[0].requests!.numbers.first_token_ms![0]).toBe(5);
    expectNoPollution();
  });

  it('refuses a document over the cap before parsing it', async () => {
    const text = fixtureText('genai-perf', FILES[0]);
    await expect(readGenaiPerf(chunked('big.json', text, [100, 200]), OPTIONS, 1024)).rejects.toThrow(
      /larger than .* refused before parsing/,
    );
    let pulled = 0;
    const endless: TextSource = {
      name: 'endless.json',
      head: '{"request_latency": {"unit": "ms", "avg": 1}, "x": "',
      async *chunks() {
        yield this.head;
        for (let i = 0; i < 10_000; i++) {
          pulled++;
          yield 'y'.repeat(64 * 1024);
        }
      },
    };
    const error = await readGenaiPerf(endless, OPTIONS, 1024 * 1024).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(/GenAI-Perf summary: the file is larger than 1 MB/);
    expect(pulled).toBeLessThanOrEqual(17);
  });
});
