// Property-based: generated vLLM scrapes (1–3 engines, random counts) read back exactly; mutated,
// truncated or junk-filled scrapes give runs whose numbers are all finite or an InputError, never
// anything else; label names like __proto__ pollute nothing; and diffScrapes of (base, base + more)
// is the scrape of "more" alone.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import { detectPrometheus, readPrometheus } from '../../../src/ingest/formats/prometheus';
import { diffScrapes } from '../../../src/ingest/formats/prometheus-diff';
import type { TextSource } from '../../../src/ingest/source';
import { source } from '../../helpers/text-source';
import type { Run } from '../../../src/model/run';

const BOUNDS = ['0.01', '0.1', '0.5', '1.0', '5.0'];
const options = { maxBadLineRatio: 0.05 };

interface EngineState {
  ttft: number[]; // per-bucket (not cumulative) counts, BOUNDS.length + 1 with the +Inf bucket
  ttftSum: number;
  hits: number;
  queries: number;
  success: number;
  aborted: number;
  running: number;
  usage: number;
}

const engineArb: fc.Arbitrary<EngineState> = fc.record({
  ttft: fc.array(fc.nat({ max: 50 }), { minLength: BOUNDS.length + 1, maxLength: BOUNDS.length + 1 }),
  ttftSum: fc.double({ min: 0, max: 1000, noNaN: true }),
  hits: fc.nat({ max: 10_000 }),
  queries: fc.nat({ max: 10_000 }),
  success: fc.nat({ max: 500 }),
  aborted: fc.nat({ max: 5 }),
  running: fc.nat({ max: 64 }),
  usage: fc.double({ min: 0, max: 1, noNaN: true }),
});

function scrapeText(engines: EngineState[]): string {
  const lines = [
    '# HELP vllm:time_to_first_token_seconds Histogram of time to first token in seconds.',
    '# TYPE vllm:time_to_first_token_seconds histogram',
  ];
  engines.forEach((e, i) => {
    const l = `engine="${i}",model_name="m"`;
    let cumulative = 0;
    [...BOUNDS, '+Inf'].forEach((b, k) => {
      cumulative += e.ttft[k];
      lines.push(`vllm:time_to_first_token_seconds_bucket{${l},le="${b}"} ${cumulative}.0`);
    });
    lines.push(
      `vllm:time_to_first_token_seconds_count{${l}} ${cumulative}.0`,
      `vllm:time_to_first_token_seconds_sum{${l}} ${e.ttftSum}`,
    );
    lines.push(
      `vllm:prefix_cache_hits_total{${l}} ${e.hits}.0`,
      `vllm:prefix_cache_queries_total{${l}} ${e.queries}.0`,
    );
    lines.push(
      `vllm:request_success_total{${l},finished_reason="stop"} ${e.success}.0`,
      `vllm:request_success_total{${l},finished_reason="abort"} ${e.aborted}.0`,
    );
    lines.push(`vllm:num_requests_running{${l}} ${e.running}.0`, `vllm:kv_cache_usage_perc{${l}} ${e.usage}`);
  });
  return `${lines.join('\n')}\n`;
}

/** Every number in the run is finite, except the +Inf bound of a histogram's last bucket. */
function expectFinite(run: Run): void {
  for (const h of run.histograms ?? []) {
    h.buckets.forEach((b, i) => {
      if (i === h.buckets.length - 1) expect(b.le).toBe(Infinity);
      else expect(Number.isFinite(b.le)).toBe(true);
      expect(Number.isFinite(b.count)).toBe(true);
    });
    expect(Number.isFinite(h.sum) && Number.isFinite(h.count)).toBe(true);
  }
  const rest = { ...run, histograms: undefined };
  JSON.stringify(rest, (_k, v) => {
    if (typeof v === 'number') expect(Number.isFinite(v), `${_k}: ${v}`).toBe(true);
    return v;
  });
}

async function readOrInputError(src: TextSource): Promise<Run[] | InputError> {
  try {
    return await readPrometheus(src, options);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
}

const BAD_VALUES = ['NaN', '+Inf', '-Inf', '-1', '1e400', '-1e400', '"12"', 'abc', '', '0x10', '1_000', '  ', '1e-400'];
const JUNK_LINES = [
  '{',
  '}',
  '# TYPE',
  '# TYPE vllm:x wrong',
  'vllm:cache_config_info{__proto__="x",constructor="y",prototype="z",block_size="8"} 1',
  '__proto__{a="b"} 1',
  'vllm:num_preemptions_total{__proto__="1"} 2',
  'vllm:time_to_first_token_seconds_bucket{le="abc"} 1',
  'vllm:time_to_first_token_seconds_bucket{le="NaN"} 1',
  'vllm:time_to_first_token_seconds_bucket{le="-Inf"} 1',
  'vllm:time_to_first_token_seconds_bucket{le="1e308"} 1',
  'vllm:time_to_first_token_seconds_sum -5',
  'vllm:request_success_total{finished_reason="\\n"} 1e308',
  'vllm:kv_cache_usage_perc 7',
  'a'.repeat(300),
  '\u0000\u0001',
  '"',
];

describe('vLLM scrape properties', () => {
  it('generated scrapes read back exactly, in any chunking', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(engineArb, { minLength: 1, maxLength: 3 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (engines, cuts) => {
          const [run] = await readPrometheus(source('gen.txt', scrapeText(engines), cuts), options);
          const ttft = run.histograms!.find((h) => h.metric === 'ttft')!;
          const total = (k: number) =>
            engines.reduce((s, e) => s + e.ttft.slice(0, k + 1).reduce((a, b) => a + b, 0), 0);
          expect(ttft.buckets.map((b) => b.count)).toEqual(BOUNDS.map((_, k) => total(k)).concat(total(BOUNDS.length)));
          expect(ttft.buckets.map((b) => b.le)).toEqual([10, 100, 500, 1000, 5000, Infinity]);
          expect(ttft.sum).toBeCloseTo(engines.reduce((s, e) => s + e.ttftSum, 0) * 1000, 6);
          expect(run.server).toEqual({
            prefixCacheHits: engines.reduce((s, e) => s + e.hits, 0),
            prefixCacheQueries: engines.reduce((s, e) => s + e.queries, 0),
            running: engines.reduce((s, e) => s + e.running, 0),
            kvCacheUsage: expect.closeTo(engines.reduce((s, e) => s + e.usage, 0) / engines.length, 12),
          });
          expect(run.workload).toEqual({
            requests: engines.reduce((s, e) => s + e.success + e.aborted, 0),
            failed: engines.reduce((s, e) => s + e.aborted, 0),
            engine: 'vllm',
          });
          expectFinite(run);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('mutated, junk-filled or truncated scrapes give finite runs or an InputError, nothing else', async () => {
    const mutationArb = fc.oneof(
      fc.record({ kind: fc.constant('value' as const), at: fc.nat(), value: fc.constantFrom(...BAD_VALUES) }),
      fc.record({
        kind: fc.constant('junk' as const),
        at: fc.nat(),
        line: fc.oneof(fc.constantFrom(...JUNK_LINES), fc.string({ maxLength: 40 })),
      }),
      fc.record({ kind: fc.constant('drop' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
      fc.record({
        kind: fc.constant('label' as const),
        at: fc.nat(),
        value: fc.constantFrom('le="+Inf"', 'le="x"', 'le=""', '__proto__="a"', 'model_name="other"', 'engine="9"'),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(engineArb, { minLength: 1, maxLength: 2 }),
        fc.array(mutationArb, { minLength: 1, maxLength: 6 }),
        fc.constantFrom(0, 0.05, 0.5, 1),
        fc.array(fc.nat(), { maxLength: 5 }),
        async (engines, mutations, ratio, cuts) => {
          const lines = scrapeText(engines).split('\n');
          let text: string | undefined;
          for (const m of mutations) {
            const i = m.at % Math.max(1, lines.length);
            if (m.kind === 'value') lines[i] = lines[i].replace(/ [^ ]*$/, ` ${m.value}`);
            else if (m.kind === 'junk') lines.splice(i, 0, m.line);
            else if (m.kind === 'drop') lines.splice(i, 1);
            else if (m.kind === 'label') lines[i] = lines[i].replace(/[a-z_]+="[^"]*"/, m.value);
            else text = lines.join('\n').slice(0, m.at % (lines.join('\n').length + 1));
          }
          text ??= lines.join('\n');
          let result: Run[] | InputError;
          try {
            result = await readPrometheus(source('mutated.txt', text, cuts), { maxBadLineRatio: ratio });
          } catch (error) {
            expect(error).toBeInstanceOf(InputError);
            return;
          }
          for (const run of result) expectFinite(run);
          expect(({} as Record<string, unknown>).polluted).toBeUndefined();
          expect(Object.getPrototypeOf(result[0].meta.config)).toBe(Object.prototype);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a label or metric named __proto__ pollutes nothing', async () => {
    const text = [
      'vllm:cache_config_info{__proto__="{\\"polluted\\": 1}",polluted="1",constructor="x"} 1',
      'vllm:num_requests_running{__proto__="a"} 3',
      '{"__proto__", polluted="1"} 1',
      '__proto__ 1',
    ].join('\n');
    const result = await readOrInputError(source('proto.txt', text, []));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(result).not.toBeInstanceOf(InputError);
    const [run] = result as Run[];
    expect(run.server).toEqual({ running: 3 });
    expect(run.meta.config).toEqual({ polluted: 1, constructor: 'x' });
    expect(Object.getPrototypeOf(run.meta.config)).toBe(Object.prototype);
  });

  it('diffScrapes(base, base + more) is the scrape of "more" alone', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(engineArb, engineArb), { minLength: 1, maxLength: 3 }), async (pairs) => {
        const base = pairs.map(([b]) => b);
        const more = pairs.map(([, m]) => m);
        const both = pairs.map(([b, m]) => ({
          ttft: b.ttft.map((c, k) => c + m.ttft[k]),
          ttftSum: b.ttftSum + m.ttftSum,
          hits: b.hits + m.hits,
          queries: b.queries + m.queries,
          success: b.success + m.success,
          aborted: b.aborted + m.aborted,
          running: m.running,
          usage: m.usage,
        }));
        const read = async (name: string, engines: EngineState[]) =>
          (await readPrometheus(source(name, scrapeText(engines), []), options))[0];
        const [before, after, expected] = await Promise.all([
          read('before', base),
          read('after', both),
          read('more', more),
        ]);
        const diff = diffScrapes(before, after);
        const ttft = diff.histograms!.find((h) => h.metric === 'ttft')!;
        const want = expected.histograms!.find((h) => h.metric === 'ttft')!;
        expect(ttft.buckets).toEqual(want.buckets);
        expect(ttft.count).toBe(want.count);
        expect(ttft.sum).toBeCloseTo(want.sum, 3);
        expect(diff.server).toEqual({
          ...expected.server,
          kvCacheUsage: expect.closeTo(expected.server!.kvCacheUsage!, 12),
        });
        expect(diff.workload).toEqual(expected.workload);
        expectFinite(diff);
      }),
      { numRuns: 60 },
    );
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
          const d = detectPrometheus(head);
          expect(typeof d.match).toBe('boolean');
          expect(d.reason.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});
