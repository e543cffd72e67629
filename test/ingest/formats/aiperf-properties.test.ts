// Property-based: mutated, truncated and re-chunked AIPerf summaries and per-request records give runs
// whose numbers are all finite or an InputError; __proto__ keys never reach Object.prototype; and a
// summary over the size cap is refused before it is parsed.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import { aiperfAdapter, readAiperf } from '../../../src/ingest/formats/aiperf';
import { source } from '../../helpers/text-source';
import { expectNoPollution, expectRunsOrInputError, mutate, mutationArb, serialize } from './genai-perf-fuzz';
import { fixtureText, LENIENT, OPTIONS } from './genai-perf-helpers';

const SUMMARIES = ['profile_export_aiperf.json', 'synthetic_schema_1.5_profile_export_aiperf.json'].map(
  (f) => JSON.parse(fixtureText('aiperf', f)) as unknown,
);
const RECORDS = ['profile_export.jsonl', 'synthetic_later_profile_export.jsonl'].flatMap((f) =>
  fixtureText('aiperf', f)
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown),
);

const lineJunk = fc.constantFrom(
  '',
  'not json',
  '{"metadata": ',
  '[1,2]',
  'null',
  '{"metadata": {"x_request_id": 1}, "metrics": 5}',
  '{"metadata":{"benchmark_phase":"warmup"}}',
);

describe('AIPerf adapter properties', () => {
  it('mutated summaries give finite runs or an InputError', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: SUMMARIES.length - 1 }),
        fc.array(mutationArb, { minLength: 1, maxLength: 8 }),
        fc.option(fc.nat(), { nil: undefined }),
        fc.array(fc.nat(), { maxLength: 6 }),
        async (which, mutations, cut, cuts) => {
          const full = serialize(mutate(SUMMARIES[which], mutations), 2);
          const text = cut === undefined ? full : full.slice(0, cut % (full.length + 1));
          expect(() => aiperfAdapter.detect(text.slice(0, 16 * 1024), 's.json')).not.toThrow();
          await expectRunsOrInputError(() => readAiperf(source('s.json', text, cuts), OPTIONS));
          expectNoPollution();
        },
      ),
      { numRuns: 250 },
    );
  });

  it('mutated record lines give finite runs or an InputError', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            {
              weight: 6,
              arbitrary: fc
                .tuple(fc.nat(), fc.array(mutationArb, { maxLength: 3 }))
                .map(([i, m]) => serialize(mutate(RECORDS[i % RECORDS.length], m))),
            },
            { weight: 1, arbitrary: lineJunk },
          ),
          { minLength: 1, maxLength: 20 },
        ),
        fc.option(fc.nat(), { nil: undefined }),
        fc.array(fc.nat(), { maxLength: 8 }),
        fc.boolean(),
        async (lines, cut, cuts, lenient) => {
          // The first line stays a real record so the file is recognisably AIPerf's.
          const full = [serialize(RECORDS[RECORDS.length - 1]), ...lines].join('\n');
          const text = cut === undefined ? full : full.slice(0, cut % (full.length + 1));
          expect(() => aiperfAdapter.detect(text.slice(0, 16 * 1024), 'r.jsonl')).not.toThrow();
          await expectRunsOrInputError(() => readAiperf(source('r.jsonl', text, cuts), lenient ? LENIENT : OPTIONS));
          expectNoPollution();
        },
      ),
      { numRuns: 250 },
    );
  });

  it('__proto__ and constructor keys anywhere never pollute Object.prototype', async () => {
    const poison = '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}}';
    const summary = `{"__proto__": {"polluted": 1}, "schema_version": "1.0", "request_latency": {"unit": "ms", "avg": 3, "__proto__": {"polluted": 1}},
      "records": ${poison}, "input_config": {"loadgen": ${poison}, "__proto__": {"polluted": 1}}, "run_info": ${poison}, "error_summary": [${poison}]}`;
    const [run] = await readAiperf(source('s.json', summary), OPTIONS);
    expect(run.summaries.find((s) => s.metric === 'e2e')?.value).toBe(3);
    const record = `{"metadata": {"x_request_id": "a", "request_start_ns": 1e18, "__proto__": {"polluted": 1}}, "metrics": {"__proto__": {"value": 1, "unit": "ms"}, "constructor": {"value": 2, "unit": "ms"}, "time_to_first_token": {"value": 1, "unit": "ms", "__proto__": {"polluted": 1}}, "request_latency": {"value": 2, "unit": "ms"}}, "error": ${poison}, "__proto__": {"polluted": 1}}`;
    const [records] = await readAiperf(source('r.jsonl', record), OPTIONS);
    expect(records.requests!.length).toBe(1);
    expectNoPollution();
  });

  it('refuses a summary over the cap before parsing it', async () => {
    const text = fixtureText('aiperf', 'profile_export_aiperf.json');
    const error = await readAiperf(source('big.json', text, [10, 500]), OPTIONS, 2048).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(/AIPerf summary: the file is larger than .* refused before parsing/);
  });
});
