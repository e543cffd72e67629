// Every format through the one entry point: each fixture is claimed by exactly its own adapter;
// anything else is refused with the list of formats tried; and nothing but InputError escapes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ADAPTERS, detectFormat, ingestRuns } from '../../../src/ingest/ingest';
import { InputError } from '../../../src/ingest/errors';
import { textSource } from '../../../src/ingest/source';

const OWNER: Record<string, string> = {
  vllm: 'vllm',
  sglang: 'sglang',
  'genai-perf': 'genai-perf',
  aiperf: 'aiperf',
  llmperf: 'llmperf',
  guidellm: 'guidellm',
  'vllm-prometheus': 'prometheus',
  otel: 'otel',
  'github-action-benchmark': 'github-action-benchmark',
  'perf-triage-baseline': 'perf-triage-baseline',
};

const fixtures = Object.keys(OWNER).flatMap((dir) =>
  readdirSync(join('test/fixtures', dir))
    .filter((f) => /\.(json|jsonl|txt)$/.test(f))
    .map((f) => ({ dir, file: join('test/fixtures', dir, f) })),
);

describe('the format registry', () => {
  it('has a fixture for every adapter but the native one', () => {
    expect(new Set(Object.values(OWNER))).toEqual(new Set(ADAPTERS.map((a) => a.id).filter((id) => id !== 'native')));
  });

  for (const { dir, file } of fixtures) {
    it(`${file} is claimed by ${OWNER[dir]} alone`, () => {
      const head = readFileSync(file, 'utf8').slice(0, 16 * 1024);
      const claimed = ADAPTERS.filter((a) => a.detect(head, file).match).map((a) => a.id);
      // The native reader takes any JSON or CSV it can; specific formats come first, so the first claim wins.
      expect(claimed.filter((id) => id !== 'native')).toEqual([OWNER[dir]]);
      // And from the content alone (the name says nothing), the most specific match is the owner.
      expect(detectFormat(textSource('artifact', readFileSync(file, 'utf8'))).id).toBe(OWNER[dir]);
    });
  }

  it('reads every fixture through ingestRuns into runs with sources and only finite numbers', async () => {
    for (const { dir, file } of fixtures) {
      const runs = await ingestRuns(textSource(file, readFileSync(file, 'utf8')), { maxBadLineRatio: 1 });
      expect(runs.length, file).toBeGreaterThan(0);
      for (const run of runs) {
        expect(
          run.sources[0].format.startsWith(OWNER[dir]) || run.sources[0].format === OWNER[dir],
          `${file}: ${run.sources[0].format}`,
        ).toBe(true);
        for (const s of run.summaries) expect(Number.isFinite(s.value), `${file}: ${s.metric} ${s.stat}`).toBe(true);
      }
    }
  });

  it('refuses an unknown file: what it looks like first, then every format tried', async () => {
    const error = await ingestRuns(textSource('mystery.dat', 'latency=12ms\n'), { maxBadLineRatio: 0.05 }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(InputError);
    const [first, tried] = error.message.split('\n');
    expect(first).toBe(
      'mystery.dat: not a format perf-triage reads: neither JSON nor a CSV with a header row; the file starts with "latency=12ms "',
    );
    expect(tried).toBe(
      `  (tried ${ADAPTERS.length} formats: ${ADAPTERS.map((a) => a.id).join(', ')}; perf-triage validate FILE --input-format ID says why one does not fit)`,
    );
  });

  it('lets nothing but InputError escape, whatever the text', async () => {
    const texts = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.json({ maxDepth: 4 }),
      fc
        .constantFrom(...fixtures.map((f) => readFileSync(f.file, 'utf8')))
        .chain((text) =>
          fc
            .tuple(fc.nat({ max: text.length }), fc.nat({ max: 40 }), fc.string({ maxLength: 20 }))
            .map(([at, cut, insert]) => text.slice(0, at) + insert + text.slice(at + cut)),
        ),
    );
    await fc.assert(
      fc.asyncProperty(texts, async (text) => {
        try {
          const runs = await ingestRuns(textSource('fuzz', text, 97), { maxBadLineRatio: 0.5 });
          for (const run of runs) for (const s of run.summaries) expect(Number.isFinite(s.value)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(InputError);
        }
      }),
      { numRuns: 300 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
