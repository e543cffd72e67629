// Property-based: mutated LLMPerf files (dropped keys, changed types, non-finite literals, __proto__
// keys, deep junk, cuts) either give runs whose numbers are all finite or an InputError; nothing
// else escapes and Object.prototype is never touched. Random valid responses come back exactly.

import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { llmperfAdapter } from '../../../src/ingest/formats/llmperf';
import { textSource } from '../../../src/ingest/source';
import { rowsOf } from '../native/helpers';
import { damage, mutate, mutationsArb, pathsOf, textDamageArb, usableOrInputError } from './llmperf-guidellm-fixtures';

const DIR = join(__dirname, '../../fixtures/llmperf');
const SUMMARY = JSON.parse(readFileSync(join(DIR, 'together_70b_summary.json'), 'utf8'));
// A slice of the real responses keeps each case fast.
const RESPONSES = JSON.parse(readFileSync(join(DIR, 'fireworks_70b_individual_responses.json'), 'utf8')).slice(0, 25);
const OPTIONS = { maxBadLineRatio: 0.2 };

function read(name: string, text: string, chunk: number) {
  return () => llmperfAdapter.read(textSource(name, text, chunk), OPTIONS);
}

describe('LLMPerf under mutation', () => {
  const summaryPaths = pathsOf(SUMMARY);
  const responsePaths = pathsOf(RESPONSES);

  it('summaries: usable runs with finite numbers, or InputError', async () => {
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        mutationsArb,
        textDamageArb,
        fc.integer({ min: 1, max: 5000 }),
        async (mutations, damages, chunk) => {
          const text = damage(JSON.stringify(mutate(SUMMARY, summaryPaths, mutations), null, 4), damages);
          outcomes.add(await usableOrInputError(read('s_summary.json', text, chunk)));
        },
      ),
      { numRuns: 250 },
    );
    expect([...outcomes].sort()).toEqual(['refused', 'runs']);
  });

  it('individual responses: usable runs with finite numbers, or InputError', async () => {
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(
        mutationsArb,
        textDamageArb,
        fc.integer({ min: 1, max: 5000 }),
        async (mutations, damages, chunk) => {
          const text = damage(JSON.stringify(mutate(RESPONSES, responsePaths, mutations), null, 4), damages);
          outcomes.add(await usableOrInputError(read('r_individual_responses.json', text, chunk)));
        },
      ),
      { numRuns: 250 },
    );
    expect([...outcomes].sort()).toEqual(['refused', 'runs']);
  });

  it('never pollutes Object.prototype', async () => {
    const summary =
      '{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, "results_ttft_s_mean": 1, "__proto__x": 2}';
    const list =
      '[{"__proto__": {"polluted": 1}, "error_code": null, "ttft_s": 0.1, "end_to_end_latency_s": 1, "constructor": {"prototype": {"polluted": 1}}}]';
    expect(await usableOrInputError(read('p_summary.json', summary, 7))).toBe('runs');
    expect(await usableOrInputError(read('p_individual_responses.json', list, 7))).toBe('runs');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('LLMPerf valid responses round-trip', () => {
  const record = fc.record({
    error_code: fc.option(fc.constantFrom(429, 500, -1), { freq: 5, nil: null }),
    error_msg: fc.string({ maxLength: 12 }),
    ttft_s: fc.double({ min: 0, max: 30, noNaN: true }),
    e2e_extra: fc.double({ min: 0, max: 300, noNaN: true }),
    inter_token_latency_s: fc.double({ min: 0, max: 1, noNaN: true }),
    number_input_tokens: fc.integer({ min: 0, max: 100_000 }),
    number_output_tokens: fc.integer({ min: 0, max: 10_000 }),
  });

  it('every successful record gives its TTFT, E2E and decode in ms; failures give error rows', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(record, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 300 }),
        async (records, chunk) => {
          const file = records.map(({ e2e_extra, ...r }) => ({ ...r, end_to_end_latency_s: r.ttft_s + e2e_extra }));
          const [run] = await llmperfAdapter.read(
            textSource('x_individual_responses.json', JSON.stringify(file, null, 4), chunk),
            OPTIONS,
          );
          const rows = rowsOf(run.requests!);
          expect(rows).toHaveLength(file.length);
          file.forEach((r, i) => {
            if (r.error_code !== null) {
              expect(rows[i].error).toBe(
                r.error_msg.trim() ? `error code ${r.error_code}: ${r.error_msg.trim()}` : `error code ${r.error_code}`,
              );
              expect(rows[i].first_token_ms).toBeUndefined();
            } else {
              expect(rows[i].first_token_ms).toBe(r.ttft_s * 1000);
              expect(rows[i].total_ms).toBe(r.end_to_end_latency_s * 1000);
              expect(rows[i].decode_ms).toBe((r.end_to_end_latency_s - r.ttft_s) * 1000);
              expect(rows[i].output_tokens).toBe(r.number_output_tokens);
            }
          });
          expect(run.workload?.failed).toBe(file.filter((r) => r.error_code !== null).length);
        },
      ),
      { numRuns: 150 },
    );
  });
});
