// lm-eval results (0.4 ",none" keys and the pre-0.4 bare keys) and perf-triage's scores JSON.

import { describe, expect, it } from 'vitest';
import { textSource } from '../../src/ingest/source';
import { readQuality } from '../../src/ingest/quality/read';
import { inputError, readScores } from './helpers';

const byKey = (metrics: { key: string }[]) => Object.fromEntries(metrics.map((m) => [m.key, m]));

describe('lm-eval results', () => {
  it('reads a real 0.4.9.2 file: ",none" dropped from keys, stderr, n-samples and higher_is_better attached', async () => {
    const s = await readScores('lm_eval_0.4.9.2_nl2foam_sft.real.json');
    expect(s.format).toBe('lm-eval');
    expect(s.metrics.map((m) => m.key)).toEqual([
      'nl2foam_gen_original/bleu',
      'nl2foam_gen_original/rouge1',
      'nl2foam_gen_original/rouge2',
      'nl2foam_gen_original/rougeL',
      'nl2foam_gen_original/bert_score',
      'nl2foam_llm_judge_original/llm_judge',
    ]);
    expect(byKey(s.metrics)['nl2foam_gen_original/bleu']).toEqual({
      key: 'nl2foam_gen_original/bleu',
      value: 0.5770713868973584,
      stderr: 0.002462402921501157,
      samples: 2849,
      higherIsBetter: true,
    });
    expect(byKey(s.metrics)['nl2foam_llm_judge_original/llm_judge']).toMatchObject({
      value: 89.156,
      stderr: 0.44919804738171226,
      samples: 100,
    });
    expect(s.notes).toEqual([]);
  });

  it('reads stderr "N/A" (real perplexity task) as no stderr, with a note, and keeps higher_is_better false', async () => {
    const s = await readScores('lm_eval_0.4.9.2_perplexity_na_stderr.real.json');
    expect(s.metrics).toEqual([
      {
        key: 'nl2foam_perplexity_original/word_perplexity',
        value: 2.606616650368937,
        samples: 2849,
        higherIsBetter: false,
      },
      {
        key: 'nl2foam_perplexity_original/byte_perplexity',
        value: 1.1222102238791698,
        samples: 2849,
        higherIsBetter: false,
      },
      {
        key: 'nl2foam_perplexity_original/bits_per_byte',
        value: 0.16634296163172285,
        samples: 2849,
        higherIsBetter: false,
      },
    ]);
    expect(s.notes).toEqual([
      '3 stderr value(s) are not numbers ("N/A" when lm-eval computed none); those metrics have no interval',
    ]);
  });

  it('reads the pre-0.4 key style ("acc", "acc_stderr") of the real arc_easy result', async () => {
    const s = await readScores('lm_eval_v0_arc_easy.real.json');
    expect(s.metrics).toEqual([
      { key: 'arc_easy/acc', value: 0.2474747474747475, stderr: 0.008855114414834707 },
      { key: 'arc_easy/acc_norm', value: 0.24074074074074073, stderr: 0.008772796145221907 },
    ]);
  });

  it('gives the same keys to the 0.4 style, so old and new files pair', async () => {
    const s = await readScores('lm_eval_arc_easy_head_newkeys.synthetic.json');
    expect(s.metrics.map((m) => m.key)).toEqual(['arc_easy/acc', 'arc_easy/acc_norm']);
  });

  it('keeps filters other than "none" in the key', async () => {
    const s = await readScores('lm_eval_base.synthetic.json');
    expect(s.metrics.map((m) => m.key)).toContain('gsm8k/exact_match,strict-match');
    expect(s.metrics.map((m) => m.key)).toContain('gsm8k/exact_match,flexible-extract');
    expect(byKey(s.metrics)['gsm8k/exact_match,strict-match']).toMatchObject({
      stderr: 0.0137,
      samples: 1319,
      higherIsBetter: true,
    });
  });

  it('skips labels and non-metric counts (alias, name, sample_len) and refuses a results object with no metric', async () => {
    const doc = { results: { t: { alias: 't', name: 't', sample_len: 200, 'acc,none': 0.5, 'acc_stderr,none': 0.1 } } };
    const q = await readQuality(textSource('r.json', JSON.stringify(doc)));
    expect(q.kind === 'scores' && q.metrics).toEqual([{ key: 't/acc', value: 0.5, stderr: 0.1 }]);
    const error = await inputError(
      readQuality(textSource('r.json', JSON.stringify({ results: { t: { alias: 't' } }, versions: {} }))),
    );
    expect(error.message).toBe('r.json: field "results": lm-eval results: "results" holds no numeric metric');
  });

  it('names the file and position of invalid JSON', async () => {
    const error = await inputError(
      readQuality(
        textSource('bad.json', '{\n  "results": {\n    "t": {"acc,none": 0.5,, }\n  },\n  "versions": {}\n}'),
      ),
    );
    expect(error.message).toMatch(/^bad\.json: lm-eval results: not valid JSON: .*3/);
  });
});

describe('perf-triage scores JSON', () => {
  it('reads scores with optional stderr, n and higher_is_better', async () => {
    const s = await readScores('scores_base.synthetic.json');
    expect(s.format).toBe('perf-triage-scores');
    expect(s.metrics).toEqual([
      { key: 'accuracy', value: 0.712, stderr: 0.0045, higherIsBetter: true },
      { key: 'exact_match', value: 0.43, n: 1000 },
      { key: 'judge_score', value: 8.12, stderr: 0.05 },
      { key: 'refusal_rate', value: 0.02, n: 5000, higherIsBetter: false },
    ]);
  });

  it('notes and leaves out what is not a number', async () => {
    const doc = { scores: { a: 0.5, b: 'high', c: null }, stderr: { a: -1 }, n: { a: 0 } };
    const q = await readQuality(textSource('s.json', JSON.stringify(doc)));
    expect(q.kind === 'scores' && q.metrics).toEqual([{ key: 'a', value: 0.5 }]);
    expect(q.kind === 'scores' && q.notes).toEqual([
      'stderr.a: -1 is not a number ≥ 0; ignored',
      'n.a: 0 is not a count > 0; ignored',
      'scores.b: "high" is not a finite number; left out',
      'scores.c: null is not a finite number; left out',
    ]);
  });

  it('refuses scores with no number', async () => {
    const error = await inputError(readQuality(textSource('s.json', '{"scores": {"a": "x"}}')));
    expect(error.message).toBe('s.json: field "scores": perf-triage scores: "scores" holds no finite number');
  });
});
