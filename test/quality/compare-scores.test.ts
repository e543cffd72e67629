// Score comparisons with hand-computed intervals. z = 1.959964 (95%, two-sided).

import { describe, expect, it } from 'vitest';
import { compareScores, diffOf, minimumEffect } from '../../src/compare/quality/compare-scores';
import type { ScoreDiff, ScoreMetric, ScoreSet } from '../../src/model/quality';
import { zForLevel } from '../../src/stats/proportion';
import { readScores } from './helpers';

const byKey = (metrics: ScoreDiff[]) => Object.fromEntries(metrics.map((m) => [m.key, m]));

describe('minimum effect', () => {
  it('is 1 point (0.01) on the 0–1 scale and 1% of the larger magnitude elsewhere', () => {
    expect(minimumEffect(0.712, 0.681)).toBe(0.01);
    expect(minimumEffect(89.156, 84.842)).toBeCloseTo(0.89156, 12);
    expect(minimumEffect(0.9, 1.2)).toBeCloseTo(0.012, 12);
  });
});

describe('one metric', () => {
  it('changed: hellaswag acc 0.712 ± 0.0045 → 0.681 ± 0.0047', () => {
    // diff = −0.031; se = √(0.0045² + 0.0047²) = √(2.025e-5 + 2.209e-5) = √4.234e-5 = 0.0065069;
    // half = 1.959964 × 0.0065069 = 0.0127533 → [−0.0437533, −0.0182467]: excludes 0, |diff| ≥ 0.01.
    const d = diffOf(
      { key: 'hellaswag/acc', value: 0.712, stderr: 0.0045, higherIsBetter: true },
      { key: 'hellaswag/acc', value: 0.681, stderr: 0.0047 },
    );
    expect(d.diff).toBeCloseTo(-0.031, 12);
    expect(d.interval![0]).toBeCloseTo(-0.0437533, 6);
    expect(d.interval![1]).toBeCloseTo(-0.0182467, 6);
    expect(d).toMatchObject({ method: 'normal', verdict: 'changed', direction: 'worse', minEffect: 0.01 });
    expect(d.reason).toBe('95% interval −4.4 to −1.8 points excludes 0 and the change is at least 1 point');
  });

  it('unchanged: identical values whose interval lies within ±1 point', () => {
    // se = √2 × 0.0036 = 0.0050912; half = 0.0099785 → [−0.0099785, +0.0099785] ⊂ [−0.01, 0.01].
    const d = diffOf({ key: 'k', value: 0.6012, stderr: 0.0036 }, { key: 'k', value: 0.6012, stderr: 0.0036 });
    expect(d.interval![1]).toBeCloseTo(0.0099785, 6);
    expect(d.verdict).toBe('unchanged');
  });

  it('inconclusive: a significant difference smaller than 1 point, or an interval wider than the margin', () => {
    // diff 0.008, se 0.001 each: half = 1.959964 × 0.0014142 = 0.0027718 → [0.0052, 0.0108]: excludes 0
    // but |diff| < 0.01, and reaches past +0.01.
    expect(diffOf({ key: 'k', value: 0.5, stderr: 0.001 }, { key: 'k', value: 0.508, stderr: 0.001 }).verdict).toBe(
      'inconclusive',
    );
    // Same se as mmlu (0.004 each, 14k items): even an identical value cannot be verified within ±1 point.
    expect(diffOf({ key: 'k', value: 0.65, stderr: 0.004 }, { key: 'k', value: 0.65, stderr: 0.004 }).verdict).toBe(
      'inconclusive',
    );
  });

  it('without a stderr: unchanged only when identical, else inconclusive, saying which side lacks it', () => {
    expect(diffOf({ key: 'k', value: 0.44 }, { key: 'k', value: 0.44, stderr: 0.01 })).toMatchObject({
      method: 'none',
      verdict: 'unchanged',
      reason: 'identical values (no stderr on base)',
    });
    expect(diffOf({ key: 'k', value: 0.44 }, { key: 'k', value: 0.46 })).toMatchObject({
      method: 'none',
      verdict: 'inconclusive',
      reason: 'no stderr on base and head: a difference of +2.0 points cannot be told from noise',
    });
  });

  it('a share with n on both sides and no stderr: Newcombe interval', () => {
    // Wilson 400/1000: centre (0.4 + z²/2000)/(1 + z²/1000) = 0.400383, half 0.030308 → [0.370075, 0.430691];
    // Wilson 430/1000: centre 0.430268, half 0.030627 → [0.399641, 0.460895].
    // d = 0.400 − 0.430 = −0.030; lower = d − √((0.4 − 0.370075)² + (0.460895 − 0.43)²) = −0.030 − 0.043012 = −0.073012;
    // upper = d + √((0.430691 − 0.4)² + (0.43 − 0.399641)²) = −0.030 + 0.043170 = +0.013170 → inconclusive.
    const d = diffOf({ key: 'exact_match', value: 0.43, n: 1000 }, { key: 'exact_match', value: 0.4, n: 1000 });
    expect(d.method).toBe('newcombe');
    expect(d.interval![0]).toBeCloseTo(-0.073012, 5);
    expect(d.interval![1]).toBeCloseTo(0.01317, 5);
    expect(d.verdict).toBe('inconclusive');
  });
});

describe('real lm-eval files: two models on the same nl2foam tasks (lm-eval 0.4.9.2)', () => {
  it('finds every metric changed, off-scale llm_judge against 1% of 89.2', async () => {
    const { comparison: c } = compareScores(
      [await readScores('lm_eval_0.4.9.2_nl2foam_sft.real.json')],
      [await readScores('lm_eval_0.4.9.2_nl2foam_autocfd.real.json')],
    );
    const m = byKey(c.metrics);
    // bleu: diff = 0.6104218 − 0.5770714 = +0.0333504; se = √(0.0024624² + 0.0040754²) = 0.0047616;
    // half = 0.0093325 → [+0.0240178, +0.0426829].
    expect(m['nl2foam_gen_original/bleu'].diff).toBeCloseTo(0.0333504, 6);
    expect(m['nl2foam_gen_original/bleu'].interval![0]).toBeCloseTo(0.0240178, 6);
    expect(m['nl2foam_gen_original/bleu'].interval![1]).toBeCloseTo(0.0426829, 6);
    expect(m['nl2foam_gen_original/bleu']).toMatchObject({ verdict: 'changed', direction: 'better' });
    // rouge1: diff = −0.0101186 (just past 1 point); se = √(0.0014696² + 0.0031244²) = 0.0034527;
    // half = 0.0067672 → [−0.0168859, −0.0033514].
    expect(m['nl2foam_gen_original/rouge1'].interval![0]).toBeCloseTo(-0.0168859, 6);
    expect(m['nl2foam_gen_original/rouge1']).toMatchObject({ verdict: 'changed', direction: 'worse' });
    // llm_judge (0–100): diff = 84.842 − 89.156 = −4.314; se = √(0.449198² + 1.022584²) = 1.1168958;
    // half = 2.1890756 → [−6.5030756, −2.1249244]; minimum effect = 0.01 × 89.156 = 0.89156.
    expect(m['nl2foam_llm_judge_original/llm_judge'].interval![0]).toBeCloseTo(-6.5030756, 6);
    expect(m['nl2foam_llm_judge_original/llm_judge'].interval![1]).toBeCloseTo(-2.1249244, 6);
    expect(m['nl2foam_llm_judge_original/llm_judge']).toMatchObject({ verdict: 'changed', direction: 'worse' });
    expect(m['nl2foam_llm_judge_original/llm_judge'].minEffect).toBeCloseTo(0.89156, 12);
    expect(c.counts).toEqual({ changed: 6, unchanged: 0, inconclusive: 0 });
    expect(c.sentence).toBe(
      'CHANGED: 6 of 6 metrics differ: nl2foam_gen_original/bleu 0.577 → 0.610 (+3.3 points, better, 95% CI +2.4 to +4.3); nl2foam_gen_original/rouge1 0.723 → 0.713 (−1.0 point, worse, 95% CI −1.7 to −0.3) and 4 more; compare them before accepting',
    );
  });

  it('a real file with stderr "N/A" against itself: identical values verify, without intervals', async () => {
    const s = await readScores('lm_eval_0.4.9.2_perplexity_na_stderr.real.json');
    const { comparison: c } = compareScores([s], [s]);
    expect(c.metrics.every((m) => m.method === 'none' && m.verdict === 'unchanged')).toBe(true);
    expect(c.sentence).toBe('unchanged (verified: 3 metrics, 95% intervals within ±1 point, ±1% off the 0–1 scale)');
  });
});

describe('simulated lm-eval base and head', () => {
  it('pairs metrics by key, lists one-sided ones, counts verdicts', async () => {
    const { comparison: c } = compareScores(
      [await readScores('lm_eval_base.synthetic.json')],
      [await readScores('lm_eval_head.synthetic.json')],
    );
    expect(Object.fromEntries(c.metrics.map((m) => [m.key, m.verdict]))).toEqual({
      'hellaswag/acc': 'changed', // the hand-computed case above
      'hellaswag/acc_norm': 'inconclusive', // −0.002, half = 1.959964 × √2 × 0.0041 = 0.0113643 → [−0.0134, +0.0094]
      'triviaqa/exact_match,remove_whitespace': 'unchanged', // the ±0.0099785 case above
      'gsm8k/exact_match,strict-match': 'unchanged', // identical, head stderr "N/A"
      'gsm8k/exact_match,flexible-extract': 'inconclusive', // +0.008, half = 1.959964 × √2 × 0.0137 = 0.0379738
    });
    expect(c.onlyBase).toEqual(['winogrande/acc']);
    expect(c.onlyHead).toEqual(['piqa/acc']);
    expect(c.counts).toEqual({ changed: 1, unchanged: 2, inconclusive: 2 });
    expect(c.verdict).toBe('changed');
    expect(c.sentence).toBe(
      'CHANGED: 1 of 5 metrics differ: hellaswag/acc 0.712 → 0.681 (−3.1 points, worse, 95% CI −4.4 to −1.8); compare them before accepting',
    );
  });

  it('pairs the pre-0.4 real arc_easy keys with 0.4 keys; 2,376 items are too few to verify ±1 point', async () => {
    const { comparison: c } = compareScores(
      [await readScores('lm_eval_v0_arc_easy.real.json')],
      [await readScores('lm_eval_arc_easy_head_newkeys.synthetic.json')],
    );
    // acc identical, half = 1.959964 × √2 × 0.0088551 = 0.0245449 > 0.01 → inconclusive.
    // acc_norm +0.0214593, se = √(0.0087728² + 0.009²) = 0.0125683, half = 0.0246335 → [−0.0031742, +0.0460928].
    expect(c.metrics.map((m) => [m.key, m.verdict])).toEqual([
      ['arc_easy/acc', 'inconclusive'],
      ['arc_easy/acc_norm', 'inconclusive'],
    ]);
    expect(c.metrics[1].interval![0]).toBeCloseTo(-0.0031742, 6);
    expect(c.onlyBase).toEqual([]);
    expect(c.sentence).toMatch(
      /^unverified: 2 of 2 metrics inconclusive \(arc_easy\/acc: 95% interval −2\.5 to \+2\.5 points is neither clear of 0 by 1 point nor within ±1 point\)$/,
    );
  });
});

describe('perf-triage scores', () => {
  it('normal, Newcombe and off-scale metrics side by side', async () => {
    const { comparison: c } = compareScores(
      [await readScores('scores_base.synthetic.json')],
      [await readScores('scores_head.synthetic.json')],
    );
    const m = byKey(c.metrics);
    expect(m.accuracy).toMatchObject({ verdict: 'changed', direction: 'worse', method: 'normal' });
    expect(m.exact_match).toMatchObject({ verdict: 'inconclusive', method: 'newcombe' });
    // judge_score: −0.02, half = 1.959964 × √2 × 0.05 = 0.1385904; minimum effect 0.0812 → inconclusive.
    expect(m.judge_score.interval![1]).toBeCloseTo(0.1185904, 6);
    expect(m.judge_score).toMatchObject({ verdict: 'inconclusive', minEffect: 0.0812 });
    // refusal_rate 100/5000 both: Wilson [0.016472, 0.024265] → Newcombe ±0.005535, within ±0.01.
    expect(m.refusal_rate.interval![1]).toBeCloseTo(0.005535, 5);
    expect(m.refusal_rate).toMatchObject({ verdict: 'unchanged', method: 'newcombe' });
    expect(c.onlyHead).toEqual(['new_metric']);
  });

  it('uses the later file for a key given twice on one side, with a note', async () => {
    const base = await readScores('scores_base.synthetic.json');
    const again = { ...base, file: 'again.json', metrics: [{ key: 'accuracy', value: 0.7 }] };
    const { notes } = compareScores([base, again], [base]);
    expect(notes).toEqual(['base: accuracy appears in more than one file; the value from again.json is used']);
  });

  it('with no metric in common says so', () => {
    const { comparison: c } = compareScores(
      [{ kind: 'scores', format: 'perf-triage-scores', file: 'a', metrics: [{ key: 'x', value: 1 }], notes: [] }],
      [],
    );
    expect(c.verdict).toBe('inconclusive');
    expect(c.sentence).toBe('unverified: no score metric on both sides (1 only in base)');
  });

  it('warns about chance findings when many metrics are tested', () => {
    const metrics = Array.from({ length: 20 }, (_, i) => ({ key: `t${i}/acc`, value: 0.5, stderr: 0.001 }));
    const set = { kind: 'scores' as const, format: 'lm-eval' as const, file: 'a', metrics, notes: [] };
    expect(compareScores([set], [set]).notes[0]).toMatch(/^20 metrics were each tested at 95%/);
  });
});

const set = (metrics: ScoreMetric[], file = 'a.json'): ScoreSet => ({
  kind: 'scores',
  format: 'perf-triage-scores',
  file,
  metrics,
  notes: [],
});

describe('the edges of the rules', () => {
  const z = zForLevel(0.95);

  it('an interval that touches 0 is not clear of it, however large the change', () => {
    // A stderr of 0 on one side: half = z × 0.01 exactly, and the change is that much, so one end is exactly 0.
    const up = diffOf({ key: 'k', value: 0, stderr: 0 }, { key: 'k', value: z * 0.01, stderr: 0.01 });
    expect(up.interval).toEqual([0, 2 * z * 0.01]);
    expect(up.verdict).toBe('inconclusive');
    expect(up.reason).toBe('95% interval 0 to +3.9 points is neither clear of 0 by 1 point nor within ±1 point');
    const down = diffOf({ key: 'k', value: z * 0.01, stderr: 0.01 }, { key: 'k', value: 0, stderr: 0 });
    expect(down.interval).toEqual([-2 * z * 0.01, 0]);
    expect(down.verdict).toBe('inconclusive');
  });

  it('a change of exactly the minimum effect, clear of 0, is changed', () => {
    // diff = 0.01 − 0 = 0.01 exactly; half = z × √2 × 0.001 = 0.0027718 → [+0.0072, +0.0128].
    const d = diffOf({ key: 'k', value: 0, stderr: 0.001 }, { key: 'k', value: 0.01, stderr: 0.001 });
    expect(d.diff).toBe(0.01);
    expect(d.verdict).toBe('changed');
  });

  it('an interval exactly ±1 point is within ±1 point', () => {
    // se = 0.01 / z on one side, 0 on the other: half = z · se = 0.01 exactly.
    const d = diffOf({ key: 'k', value: 0.5, stderr: 0.01 / z }, { key: 'k', value: 0.5, stderr: 0 });
    expect(d.interval).toEqual([-0.01, 0.01]);
    expect(d.verdict).toBe('unchanged');
    expect(d.reason).toBe('95% interval −1.0 to +1.0 points lies within ±1 point');
  });

  it('off the 0–1 scale the reasons give plain numbers and 1% of the larger value', () => {
    // 80 → 80.2, se 0.1 each: half = 1.959964 × 0.1414214 = 0.2771808 → [−0.0772, +0.4772] within ±0.802.
    expect(diffOf({ key: 'j', value: 80, stderr: 0.1 }, { key: 'j', value: 80.2, stderr: 0.1 }).reason).toBe(
      '95% interval −0.077 to +0.48 lies within ±0.8 (1%)',
    );
    // 8.1 → 8.12, se 0.05 each: half = 0.1385904 → [−0.1186, +0.1586]; minimum effect 0.0812.
    expect(diffOf({ key: 'j', value: 8.1, stderr: 0.05 }, { key: 'j', value: 8.12, stderr: 0.05 }).reason).toBe(
      '95% interval −0.12 to +0.16 is neither clear of 0 by 0.081 (1%) nor within ±0.081 (1%)',
    );
  });

  it('a direction only when the metric says which way is better and the values differ', () => {
    expect(diffOf({ key: 'k', value: 0.5 }, { key: 'k', value: 0.6 }).direction).toBeUndefined();
    expect(
      diffOf({ key: 'k', value: 0.5, higherIsBetter: true }, { key: 'k', value: 0.5, higherIsBetter: true }).direction,
    ).toBeUndefined();
    expect(diffOf({ key: 'k', value: 0.5, higherIsBetter: false }, { key: 'k', value: 0.6 }).direction).toBe('worse');
  });

  it("Newcombe's interval only for shares with n on both sides", () => {
    const only = (b: Partial<ScoreMetric>, h: Partial<ScoreMetric>) =>
      diffOf({ key: 'k', value: 0.4, ...b }, { key: 'k', value: 0.43, ...h });
    expect(only({ n: 1000 }, {})).toMatchObject({ method: 'none', verdict: 'inconclusive' });
    expect(only({}, { n: 1000 })).toMatchObject({ method: 'none', verdict: 'inconclusive' });
    // 40 and 43 out of 100 are not shares: no interval from counts.
    expect(diffOf({ key: 'k', value: 40, n: 1000 }, { key: 'k', value: 43, n: 1000 })).toMatchObject({
      method: 'none',
      verdict: 'inconclusive',
    });
  });

  it('says which side has no stderr', () => {
    expect(diffOf({ key: 'k', value: 0.44, stderr: 0.01 }, { key: 'k', value: 0.46 }).reason).toBe(
      'no stderr on head: a difference of +2.0 points cannot be told from noise',
    );
  });
});

describe('the sentence and notes', () => {
  it('a key given twice on the head side is noted as the head', () => {
    const { notes } = compareScores(
      [set([{ key: 'x', value: 0.5 }])],
      [set([{ key: 'x', value: 0.5 }]), set([{ key: 'x', value: 0.6 }], 'b.json')],
    );
    expect(notes).toEqual(['head: x appears in more than one file; the value from b.json is used']);
  });

  it('the many-metrics warning counts only metrics with an interval', () => {
    const metrics = Array.from({ length: 20 }, (_, i) => ({ key: `t${i}/acc`, value: 0.5 }));
    expect(compareScores([set(metrics)], [set(metrics)]).notes).toEqual([]);
  });

  it('with no metric in common names the side that has some, or neither', () => {
    expect(compareScores([], [set([{ key: 'x', value: 1 }])]).comparison.sentence).toBe(
      'unverified: no score metric on both sides (1 only in head)',
    );
    expect(compareScores([set([{ key: 'y', value: 1 }])], [set([{ key: 'x', value: 1 }])]).comparison.sentence).toBe(
      'unverified: no score metric on both sides (1 only in base and 1 only in head)',
    );
    expect(compareScores([], []).comparison.sentence).toBe('unverified: no score metric on both sides');
  });

  it('two changed metrics are both shown, with no "more"; a change without a better direction has none', () => {
    const m = (key: string, value: number): ScoreMetric => ({ key, value, stderr: 0.001 });
    const { comparison: c } = compareScores([set([m('a', 0.5), m('b', 0.5)])], [set([m('a', 0.6), m('b', 0.4)])]);
    expect(c.sentence).toBe(
      'CHANGED: 2 of 2 metrics differ: a 0.500 → 0.600 (+10.0 points, 95% CI +9.7 to +10.3); b 0.500 → 0.400 (−10.0 points, 95% CI −10.3 to −9.7); compare them before accepting',
    );
  });

  it('an inconclusive verdict quotes the first inconclusive metric, not the first metric', () => {
    const same = { key: 'a', value: 0.5, stderr: 0.001 };
    const noisy = { key: 'b', value: 0.5, stderr: 0.05 };
    const { comparison: c } = compareScores([set([same, noisy])], [set([same, noisy])]);
    expect(c.metrics.map((m) => m.verdict)).toEqual(['unchanged', 'inconclusive']);
    expect(c.sentence).toMatch(/^unverified: 1 of 2 metrics inconclusive \(b: 95% interval/);
  });
});
