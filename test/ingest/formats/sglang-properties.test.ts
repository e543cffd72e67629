// Random and mutated SGLang results (every fixture shape, keys dropped, junk values and array
// elements, prototype keys, bare NaN/Infinity/1e400, cut-off text, any chunking) give runs with
// usable numbers or an InputError, and never pollute Object.prototype.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sglangAdapter } from '../../../src/ingest/formats/sglang';
import { textSource } from '../../../src/ingest/source';
import { expectRunsOrInputError, mutatedResultsProperty, seedObjects } from './vllm-fuzz';
import { OPTIONS, fixtureText } from './vllm-test-helpers';

describe('SGLang adapter under random and mutated input', () => {
  it('mutated results: usable runs or InputError, nothing else', async () => {
    await fc.assert(mutatedResultsProperty(sglangAdapter, seedObjects('sglang')), { numRuns: 400 });
  });

  it('arbitrary JSON values and text: usable runs or InputError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.json({ maxDepth: 4 }), fc.string({ maxLength: 200 })), async (text) => {
        await expectRunsOrInputError(sglangAdapter, 'any.jsonl', [text], 0.5);
      }),
      { numRuns: 300 },
    );
  });

  it('a "__proto__" key in a line does not pollute', async () => {
    const line = fixtureText('sglang/synthetic_output_details_2025.jsonl').split('\n')[0];
    const text = `{"__proto__": {"polluted": 1}, "server_info": {"__proto__": {"polluted": 1}}, ${line.slice(1)}\n`;
    const runs = await sglangAdapter.read(textSource('p.jsonl', text), OPTIONS);
    expect(runs).toHaveLength(1);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((runs[0].meta.config as Record<string, unknown>).polluted).toBeUndefined();
  });
});
