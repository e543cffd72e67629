// compareQuality over mixed inputs, the journal's QUALITY line and the §9 caveat.

import { describe, expect, it } from 'vitest';
import { textSource } from '../../src/ingest/source';
import { caveat, compareQuality, qualityLine } from '../../src/compare/quality/compare';
import { readQuality } from '../../src/ingest/quality/read';
import type { QualityInput } from '../../src/model/quality';
import { read } from './helpers';

const scores = (values: Record<string, number>, stderr: Record<string, number>) =>
  readQuality(textSource('s.json', JSON.stringify({ scores: values, stderr })));

describe('compareQuality', () => {
  it('nothing given: not measured, and no caveat (quality-not-measured covers it)', () => {
    const c = compareQuality([], []);
    expect(c).toEqual({ notes: [] });
    expect(qualityLine(c)).toBe('not measured');
    expect(caveat(c)).toBeUndefined();
  });

  it('generations identical and scores within ±1 point: one verified line, no caveat', async () => {
    const gens = await read('generations_base.synthetic.jsonl');
    const s = await scores({ accuracy: 0.6012 }, { accuracy: 0.0036 });
    const c = compareQuality([gens, s], [gens, s]);
    expect(c.scores?.verdict).toBe('unchanged');
    expect(c.generations?.verdict).toBe('identical');
    expect(qualityLine(c)).toBe(
      'unchanged (verified: 200 paired generations, identical; 1 metric, 95% intervals within ±1 point)',
    );
    expect(caveat(c)).toBeUndefined();
  });

  it('generations changed: the journal line and a quality-changed caveat', async () => {
    const c = compareQuality(
      [await read('generations_base.synthetic.jsonl')],
      [await read('generations_head.synthetic.jsonl')],
    );
    expect(qualityLine(c)).toBe('CHANGED: 37 of 200 paired generations differ (18.5%); compare them before accepting');
    expect(caveat(c)).toEqual({
      kind: 'quality-changed',
      message: 'output quality changed: 37 of 200 paired generations differ (18.5%); compare them before accepting',
    });
  });

  it('a changed score comes first in the line even when generations verified', async () => {
    const gens = await read('generations_base.synthetic.jsonl');
    const c = compareQuality(
      [gens, await read('lm_eval_base.synthetic.json')],
      [gens, await read('lm_eval_head.synthetic.json')],
    );
    expect(qualityLine(c)).toBe(
      'CHANGED: 1 of 5 metrics differ: hellaswag/acc 0.712 → 0.681 (−3.1 points, worse, 95% CI −4.4 to −1.8); compare them before accepting; unchanged (verified: 200 paired generations, identical)',
    );
    expect(caveat(c)?.kind).toBe('quality-changed');
  });

  it('sampled generations that differ are unverified, not changed', async () => {
    const c = compareQuality(
      [await read('generations_sampled_base.synthetic.jsonl')],
      [await read('generations_sampled_head.synthetic.jsonl')],
    );
    const k = caveat(c);
    expect(k?.kind).toBe('quality-unverified');
    expect(k?.message).toMatch(
      /^output quality was measured but not verified: 15 of 20 paired generations differ \(75%\);.*sampling at temperature 0\.8/,
    );
  });

  it('a request that failed in head is a change even when sampling explains the differing outputs', async () => {
    const base = await readQuality(
      textSource(
        'b.jsonl',
        '{"id": "a", "output": "x", "temperature": 1}\n{"id": "b", "output": "y", "temperature": 1}',
      ),
    );
    const head = await readQuality(
      textSource('h.jsonl', '{"id": "a", "output": "z", "temperature": 1}\n{"id": "b", "error": "timeout"}'),
    );
    expect(caveat(compareQuality([base], [head]))?.kind).toBe('quality-changed');
  });

  it('inconclusive scores are unverified', async () => {
    const c = compareQuality(
      [await read('lm_eval_v0_arc_easy.real.json')],
      [await read('lm_eval_arc_easy_head_newkeys.synthetic.json')],
    );
    expect(qualityLine(c)).toMatch(/^unverified: 2 of 2 metrics inconclusive/);
    expect(caveat(c)).toEqual({
      kind: 'quality-unverified',
      message: expect.stringMatching(/^output quality was measured but not verified: 2 of 2 metrics inconclusive/),
    });
  });

  it("collects each input's notes and warnings under its side and file", async () => {
    const na = await read('lm_eval_0.4.9.2_perplexity_na_stderr.real.json');
    const batch = await read('openai_batch_output.synthetic.jsonl');
    const c = compareQuality([na, batch], [na] as QualityInput[]);
    expect(c.notes).toEqual([
      'base lm_eval_0.4.9.2_perplexity_na_stderr.real.json: 3 stderr value(s) are not numbers ("N/A" when lm-eval computed none); those metrics have no interval',
      'base openai_batch_output.synthetic.jsonl: 1 record(s) are failed requests (error set or a non-2xx status): no output to compare',
      'head lm_eval_0.4.9.2_perplexity_na_stderr.real.json: 3 stderr value(s) are not numbers ("N/A" when lm-eval computed none); those metrics have no interval',
    ]);
    expect(c.generations?.verdict).toBe('none-matched');
    expect(qualityLine(c)).toBe(
      'not verified: no generation id in both base (4) and head (0); unchanged (verified: 3 metrics, 95% intervals within ±1 point, ±1% off the 0–1 scale)',
    );
  });

  it('returns plain data that survives JSON', async () => {
    const c = compareQuality(
      [await read('scores_base.synthetic.json'), await read('generations_base.synthetic.jsonl')],
      [await read('scores_head.synthetic.json'), await read('generations_head.synthetic.jsonl')],
    );
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  });

  it('scores on one side only are still compared, and say so', async () => {
    const c = compareQuality([await read('scores_base.synthetic.json')], []);
    expect(c.scores?.sentence).toMatch(/^unverified: no score metric on both sides \(\d+ only in base\)$/);
    expect(caveat(c)?.kind).toBe('quality-unverified');
  });

  it('generations with no id in common are unverified, not changed', async () => {
    const c = compareQuality(
      [await read('generations_hashes.synthetic.jsonl')],
      [await read('generations_list.synthetic.json')],
    );
    expect(caveat(c)).toEqual({
      kind: 'quality-unverified',
      message: 'output quality was measured but not verified: no generation id in both base (10) and head (5)',
    });
  });

  it('a changed score comes before unverified generations; two changes and two unverified parts are joined', async () => {
    const scoresBase = await read('lm_eval_base.synthetic.json');
    const scoresHead = await read('lm_eval_head.synthetic.json');
    const changed = compareQuality(
      [await read('generations_hashes.synthetic.jsonl'), scoresBase],
      [await read('generations_list.synthetic.json'), scoresHead],
    );
    expect(qualityLine(changed)).toBe(
      'CHANGED: 1 of 5 metrics differ: hellaswag/acc 0.712 → 0.681 (−3.1 points, worse, 95% CI −4.4 to −1.8); compare them before accepting; not verified: no generation id in both base (10) and head (5)',
    );
    const both = compareQuality(
      [await read('generations_base.synthetic.jsonl'), scoresBase],
      [await read('generations_head.synthetic.jsonl'), scoresHead],
    );
    expect(caveat(both)?.message).toBe(
      'output quality changed: 37 of 200 paired generations differ (18.5%); compare them before accepting; 1 of 5 metrics differ: hellaswag/acc 0.712 → 0.681 (−3.1 points, worse, 95% CI −4.4 to −1.8); compare them before accepting',
    );
    const unverified = compareQuality(
      [await read('generations_sampled_base.synthetic.jsonl'), await read('lm_eval_v0_arc_easy.real.json')],
      [
        await read('generations_sampled_head.synthetic.jsonl'),
        await read('lm_eval_arc_easy_head_newkeys.synthetic.json'),
      ],
    );
    expect(caveat(unverified)?.message).toMatch(
      /^output quality was measured but not verified: 15 of 20 paired generations differ \(75%\);.*fixed seed; 2 of 2 metrics inconclusive \(arc_easy\/acc:/,
    );
  });
});
