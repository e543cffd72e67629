// Random and mutated vLLM results (every fixture shape, keys dropped, junk values and array
// elements, prototype keys, bare NaN/Infinity/1e400, cut-off text, any chunking) give runs with
// usable numbers or an InputError, and never pollute Object.prototype.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vllmAdapter } from '../../../src/ingest/formats/vllm';
import { textSource } from '../../../src/ingest/source';
import { expectRunsOrInputError, mutatedResultsProperty, seedObjects } from './vllm-fuzz';
import { OPTIONS, fixtureText } from './vllm-test-helpers';

describe('vLLM adapter under random and mutated input', () => {
  it('mutated results: usable runs or InputError, nothing else', async () => {
    await fc.assert(mutatedResultsProperty(vllmAdapter, seedObjects('vllm')), { numRuns: 400 });
  });

  it('arbitrary JSON values and text: usable runs or InputError', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.json({ maxDepth: 4 }), fc.string({ maxLength: 200 })), async (text) => {
        await expectRunsOrInputError(vllmAdapter, 'any.json', [text], 0.5);
      }),
      { numRuns: 300 },
    );
  });

  it('"__proto__" and "constructor" keys neither pollute nor leak into the prototype of the metadata', async () => {
    const base = fixtureText('vllm/synthetic_serve_detailed_2025.json');
    const text = `{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, ${base.slice(1)}`;
    const [run] = await vllmAdapter.read(textSource('p.json', text), OPTIONS);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(run.meta.config)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(run.meta.extra)).toBe(Object.prototype);
    expect((run.meta.config as Record<string, unknown>).polluted).toBeUndefined();
    expect(run.requests?.length).toBe(4);
  });
});
