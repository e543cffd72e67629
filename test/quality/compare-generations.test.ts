// Paired generations: counts, the Wilson interval of the identical share, and the §8 sentence.

import { describe, expect, it } from 'vitest';
import { textSource } from '../../src/ingest/source';
import { compareGenerations } from '../../src/compare/quality/compare-generations';
import { readGenerations } from '../../src/ingest/quality/generations';
import type { GenerationSet } from '../../src/model/quality';
import { fixture, readGenerationSet } from './helpers';

const lines = (name: string, records: object[]) =>
  readGenerations(textSource(name, records.map((r) => JSON.stringify(r)).join('\n')));
const compare = (base: GenerationSet, head: GenerationSet) => compareGenerations([base], [head]).comparison;

describe('compareGenerations', () => {
  it('200 greedy pairs, 37 differ: counts, lengths, Wilson interval and sentence', async () => {
    const c = compare(
      await readGenerationSet('generations_base.synthetic.jsonl'),
      await readGenerationSet('generations_head.synthetic.jsonl'),
    );
    expect(c).toMatchObject({
      matched: 200,
      identical: 163,
      differing: 37,
      incomparable: 0,
      onlyBase: 0,
      onlyHead: 0,
      failedHead: 0,
      shorter: 20,
      longer: 17,
      verdict: 'changed',
      expectedToDiffer: false,
    });
    // Wilson 163/200, z = 1.959964, z² = 3.841459: centre = (0.815 + z²/400)/(1 + z²/200) = 0.8246036/1.0192073 = 0.809063;
    // half = (z/1.0192073)·√(0.815·0.185/200 + z²/160000) = 1.923024 × 0.0278906 = 0.053634 → [0.755429, 0.862697].
    expect(c.shareIdentical).toBe(0.815);
    expect(c.shareIdenticalInterval![0]).toBeCloseTo(0.755429, 5);
    expect(c.shareIdenticalInterval![1]).toBeCloseTo(0.862697, 5);
    expect(c.sentence).toBe('CHANGED: 37 of 200 paired generations differ (18.5%); compare them before accepting');
  });

  it('identical pairs: the §8 sentence, with unpaired ids mentioned', async () => {
    const base = await readGenerationSet('generations_base.synthetic.jsonl');
    expect(compare(base, base).sentence).toBe('unchanged (verified: 200 paired generations, identical)');
    const fewer = await readGenerations(
      textSource('h.jsonl', fixture('generations_base.synthetic.jsonl').split('\n').slice(3).join('\n')),
    );
    const extra = await lines('x.jsonl', [{ request_id: 'new', output: 'x' }]);
    const c = compareGenerations([base], [fewer, extra]).comparison;
    expect(c).toMatchObject({ matched: 197, identical: 197, onlyBase: 3, onlyHead: 1, shareIdentical: 1 });
    expect(c.shareIdenticalInterval![1]).toBe(1);
    expect(c.sentence).toBe(
      'unchanged (verified: 197 paired generations, identical; 3 only in base and 1 only in head)',
    );
  });

  it('the real vLLM run_batch output against a head that answered request-2 differently', async () => {
    const c = compare(
      await readGenerationSet('vllm_run_batch_results.real.jsonl'),
      await readGenerationSet('vllm_run_batch_results_head.synthetic.jsonl'),
    );
    expect(c).toMatchObject({ matched: 2, identical: 1, differing: 1, longer: 1 });
    expect(c.sentence).toBe('CHANGED: 1 of 2 paired generations differ (50%); compare them before accepting');
  });

  it('sampling at temperature 0.8 without a seed: differences are expected, and the sentence says what exact match needs', async () => {
    const c = compare(
      await readGenerationSet('generations_sampled_base.synthetic.jsonl'),
      await readGenerationSet('generations_sampled_head.synthetic.jsonl'),
    );
    expect(c).toMatchObject({ differing: 15, identical: 5, expectedToDiffer: true, verdict: 'changed' });
    expect(c.sentence).toBe(
      'CHANGED: 15 of 20 paired generations differ (75%); compare them before accepting; sampling at temperature 0.8 without a fixed seed makes differences expected: exact match needs greedy decoding (temperature 0) or a fixed seed',
    );
  });

  it('a seed on both sides: differences are not expected', async () => {
    const base = await lines('b.jsonl', [{ id: 'a', output: 'x', temperature: 0.7, seed: 1 }]);
    const head = await lines('h.jsonl', [{ id: 'a', output: 'y', temperature: 0.7, seed: 1 }]);
    expect(compare(base, head).expectedToDiffer).toBe(false);
  });

  it('most pairs differing with no temperature given: points at decoding and batch invariance', async () => {
    const base = await lines(
      'b.jsonl',
      ['a', 'b', 'c', 'd'].map((id) => ({ id, output: 'same' })),
    );
    const head = await lines(
      'h.jsonl',
      ['a', 'b', 'c', 'd'].map((id) => ({ id, output: id === 'a' ? 'same' : 'other' })),
    );
    expect(compare(base, head).sentence).toBe(
      'CHANGED: 3 of 4 paired generations differ (75%); compare them before accepting; with most pairs differing, check the decoding: exact match needs greedy decoding or a fixed seed, and an engine whose output does not depend on batch size (vLLM: VLLM_BATCH_INVARIANT=1)',
    );
  });

  it('a request that failed in head where base answered is a change; failed in both is left out', async () => {
    const head = await readGenerationSet('openai_batch_output.synthetic.jsonl');
    const answered = fixture('openai_batch_output.synthetic.jsonl').replace(
      /"response":null,"error":\{[^}]*\}/,
      '"response":{"status_code":200,"body":{"choices":[{"text":"late"}]}},"error":null',
    );
    const base = await readGenerations(textSource('base.jsonl', answered));
    const c = compare(base, head);
    expect(c).toMatchObject({
      matched: 3,
      identical: 3,
      differing: 0,
      failedHead: 1,
      failedBase: 0,
      verdict: 'changed',
    });
    expect(c.sentence).toBe('CHANGED: 1 request(s) failed in head that base answered; compare them before accepting');
    expect(compare(head, head)).toMatchObject({ matched: 3, identical: 3, failedHead: 0, verdict: 'identical' });
    expect(compare(head, base)).toMatchObject({ failedBase: 1, verdict: 'identical' });
  });

  it('no id in common: not verified', async () => {
    const c = compare(
      await readGenerationSet('generations_hashes.synthetic.jsonl'),
      await readGenerationSet('generations_list.synthetic.json'),
    );
    expect(c).toMatchObject({ matched: 0, onlyBase: 10, onlyHead: 5, verdict: 'none-matched' });
    expect(c.shareIdentical).toBeUndefined();
    expect(c.sentence).toBe('not verified: no generation id in both base (10) and head (5)');
  });

  it('hashes of different kinds cannot be compared', async () => {
    const { comparison: c, notes } = compareGenerations(
      [await lines('b.jsonl', [{ id: 'a', output_hash: 'xxh:1' }])],
      [await lines('h.jsonl', [{ id: 'a', output: 'x' }])],
    );
    expect(c).toMatchObject({ matched: 1, incomparable: 1, identical: 0, differing: 0, verdict: 'none-matched' });
    expect(c.sentence).toBe(
      'not verified: the 1 paired generations carry hashes of different kinds (text SHA-256 against output_hash)',
    );
    expect(notes[0]).toMatch(/^1 pair\(s\) could not be compared/);
  });

  it('generations on one side only', async () => {
    const c = compareGenerations([await readGenerationSet('generations_list.synthetic.json')], []).comparison;
    expect(c.sentence).toBe('not verified: no generation id in both base (5) and head (0)');
  });

  it('a differing pair of equal length is neither shorter nor longer', async () => {
    const c = compare(
      await lines('b.jsonl', [{ id: 'a', output: 'abc' }]),
      await lines('h.jsonl', [{ id: 'a', output: 'abd' }]),
    );
    expect(c).toMatchObject({ differing: 1, shorter: 0, longer: 0 });
  });

  it('sampling on either side makes differences expected, at the higher temperature', async () => {
    const greedy = await lines('g.jsonl', [{ id: 'a', output: 'x' }]);
    const sampled = await lines('s.jsonl', [{ id: 'a', output: 'y', temperature: 0.8 }]);
    const atZero = await lines('z.jsonl', [{ id: 'a', output: 'x', temperature: 0 }]);
    const note =
      '; sampling at temperature 0.8 without a fixed seed makes differences expected: exact match needs greedy decoding (temperature 0) or a fixed seed';
    // Base sampled and head without a temperature, head sampled and base without, head sampled and base greedy at 0.
    for (const [base, head] of [
      [sampled, greedy],
      [greedy, sampled],
      [atZero, sampled],
    ]) {
      const c = compare(base, head);
      expect(c.expectedToDiffer).toBe(true);
      expect(c.sentence).toBe(`CHANGED: 1 of 1 paired generations differ (100%); compare them before accepting${note}`);
    }
  });

  it('a seed on one side only leaves differences expected: exact match needs the seed on both', async () => {
    const seeded = await lines('s.jsonl', [{ id: 'a', output: 'x', temperature: 0.7, seed: 1 }]);
    const unseeded = await lines('u.jsonl', [{ id: 'a', output: 'y', temperature: 0.7 }]);
    expect(compare(seeded, unseeded).expectedToDiffer).toBe(true);
    expect(compare(unseeded, seeded).expectedToDiffer).toBe(true);
  });

  it('several files on a side: the highest temperature of any file, files without one left aside', async () => {
    const base = [
      await lines('b1.jsonl', [{ id: 'a', output: 'x', temperature: 0.5 }]),
      await lines('b2.jsonl', [{ id: 'b', output: 'y', temperature: 0.8 }]),
      await lines('b3.jsonl', [{ id: 'c', output: 'z' }]),
    ];
    const head = await lines('h.jsonl', [
      { id: 'a', output: 'x' },
      { id: 'b', output: 'y2' },
      { id: 'c', output: 'z' },
    ]);
    const c = compareGenerations(base, [head]).comparison;
    expect(c).toMatchObject({ matched: 3, identical: 2, differing: 1, expectedToDiffer: true });
    expect(c.sentence).toMatch(/; sampling at temperature 0\.8 without a fixed seed makes differences expected/);
  });

  it("several files on a side: seeds counted over all of them, an id repeated keeps the first file's output, with a note", async () => {
    const at = (id: string, output: string) => ({ id, output, temperature: 0.7, seed: 1 });
    const base = [await lines('b1.jsonl', [at('a', 'x')]), await lines('b2.jsonl', [at('a', 'other'), at('b', 'y')])];
    const head = [
      await lines('h1.jsonl', [at('a', 'x'), at('b', 'y2')]),
      await lines('h2.jsonl', [at('b', 'y'), at('a', 'other')]),
    ];
    const { comparison: c, notes } = compareGenerations(base, head);
    // a: x against x; b: y against y2 (the later files' outputs would make a differ and b identical).
    expect(c).toMatchObject({ matched: 2, identical: 1, differing: 1, expectedToDiffer: false });
    expect(notes).toEqual([
      "base: 1 generation id(s) appear in more than one file; the first file's output is used",
      "head: 2 generation id(s) appear in more than one file; the first file's output is used",
    ]);
  });

  it('outputs that differ and a request that failed in head are both said, one after the other', async () => {
    const c = compare(
      await lines('b.jsonl', [
        { id: 'a', output: 'x' },
        { id: 'b', output: 'y' },
        { id: 'c', output: 'w' },
      ]),
      await lines('h.jsonl', [
        { id: 'a', output: 'z' },
        { id: 'b', error: 'timeout' },
        { id: 'c', output: 'w' },
      ]),
    );
    expect(c.sentence).toBe(
      'CHANGED: 1 of 2 paired generations differ (50%); 1 request(s) failed in head that base answered; compare them before accepting',
    );
  });
});
