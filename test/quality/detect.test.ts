import { describe, expect, it } from 'vitest';
import { detectQuality } from '../../src/ingest/quality/detect';
import { fixture, inputError, read } from './helpers';

describe('detectQuality', () => {
  it.each([
    ['lm_eval_0.4.9.2_nl2foam_sft.real.json', 'lm-eval'],
    ['lm_eval_0.4.9.2_nl2foam_autocfd.real.json', 'lm-eval'],
    ['lm_eval_0.4.9.2_perplexity_na_stderr.real.json', 'lm-eval'],
    ['lm_eval_v0_arc_easy.real.json', 'lm-eval'],
    ['lm_eval_base.synthetic.json', 'lm-eval'],
    ['lm_eval_head.synthetic.json', 'lm-eval'],
    ['lm_eval_arc_easy_head_newkeys.synthetic.json', 'lm-eval'],
    ['scores_base.synthetic.json', 'perf-triage-scores'],
    ['scores_head.synthetic.json', 'perf-triage-scores'],
    ['vllm_run_batch_results.real.jsonl', 'generations'],
    ['vllm_run_batch_results_head.synthetic.jsonl', 'generations'],
    ['openai_batch_output.synthetic.jsonl', 'generations'],
    ['generations_base.synthetic.jsonl', 'generations'],
    ['generations_head.synthetic.jsonl', 'generations'],
    ['generations_hashes.synthetic.jsonl', 'generations'],
    ['generations_list.synthetic.json', 'generations'],
    ['generations_sampled_base.synthetic.jsonl', 'generations'],
    ['generations_bad_lines.synthetic.jsonl', 'generations'],
  ])('%s → %s', (name, format) => {
    expect(detectQuality(fixture(name).slice(0, 16 * 1024))).toBe(format);
  });

  it('refuses an OpenAI Batch input file (real, from litellm) and says to compare the output files', async () => {
    const detected = detectQuality(fixture('openai_batch_input.real.jsonl'));
    expect(detected).toEqual({ error: expect.stringContaining('OpenAI Batch input file') });
    const error = await inputError(read('openai_batch_input.real.jsonl'));
    expect(error.message).toContain(
      'openai_batch_input.real.jsonl: not a quality file perf-triage reads: an OpenAI Batch input file',
    );
  });

  it('finds a JSONL record whose first line is longer than the head', () => {
    const line = JSON.stringify({ custom_id: 'a', output: 'x'.repeat(20_000) });
    expect(detectQuality(line.slice(0, 16 * 1024))).toBe('generations');
  });

  it('finds pretty-printed lm-eval and scores documents', () => {
    expect(
      detectQuality('{\n  "results": {\n    "mmlu": {\n      "acc,none": 0.6,\n      "acc_stderr,none": 0.004'),
    ).toBe('lm-eval');
    expect(detectQuality('\uFEFF{\n  "scores": {\n    "accuracy": 0.7')).toBe('perf-triage-scores');
  });

  it.each([
    ['', 'not JSON'],
    ['name,value\nacc,0.7\n', 'not JSON'],
    ['[1, 2, 3]', 'JSON list'],
    ['{"model": "x"}', 'without "results"'],
    ['{\n  "model": "x"', 'without "results"'],
  ])('says what it looked for: %j', (head, message) => {
    const detected = detectQuality(head);
    expect(typeof detected).toBe('object');
    expect((detected as { error: string }).error).toContain(message);
  });
});
