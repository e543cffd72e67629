// Property-based: mutated GuideLLM reports of every shape (dropped keys, changed types, non-finite
// literals, __proto__ keys, deep junk, cuts) either give runs whose numbers are all finite or an
// InputError; nothing else escapes and Object.prototype is never touched.

import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { guidellmAdapter } from '../../../src/ingest/formats/guidellm';
import { textSource } from '../../../src/ingest/source';
import { damage, mutate, mutationsArb, pathsOf, textDamageArb, usableOrInputError } from './llmperf-guidellm-fixtures';

const DIR = join(__dirname, '../../fixtures/guidellm');
const OPTIONS = { maxBadLineRatio: 0.2 };
const SHAPES = [
  'guidellm_0.4_sweep_synthetic.json',
  'guidellm_0.3_poisson_synthetic.json',
  'guidellm_0.2_concurrent_synthetic.json',
  'guidellm_0.1_sweep_synthetic.json',
];

describe('GuideLLM reports under mutation', () => {
  for (const name of SHAPES) {
    const doc = JSON.parse(readFileSync(join(DIR, name), 'utf8'));
    const paths = pathsOf(doc);
    it(`${name}: usable runs with finite numbers, or InputError`, async () => {
      const outcomes = new Set<string>();
      await fc.assert(
        fc.asyncProperty(
          mutationsArb,
          textDamageArb,
          fc.integer({ min: 1, max: 20_000 }),
          async (mutations, damages, chunk) => {
            const text = damage(JSON.stringify(mutate(doc, paths, mutations)), damages);
            outcomes.add(await usableOrInputError(() => guidellmAdapter.read(textSource(name, text, chunk), OPTIONS)));
          },
        ),
        { numRuns: 120 },
      );
      expect(outcomes.has('runs')).toBe(true);
    });
  }

  it('never pollutes Object.prototype', async () => {
    const text = readFileSync(join(DIR, SHAPES[0]), 'utf8')
      .replace('{"metadata": {', '{"__proto__": {"polluted": 1}, "metadata": {"__proto__": {"polluted": 1}, ')
      .replace(
        '"strategy": {',
        '"strategy": {"__proto__": {"polluted": 1}, "constructor": {"prototype": {"polluted": 1}}, ',
      );
    expect(await usableOrInputError(() => guidellmAdapter.read(textSource('p.json', text), OPTIONS))).toBe('runs');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
