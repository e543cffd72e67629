// A short version of `npm run eval`: the calibration targets as a test that can fail. The full run
// (50 A/A pairs, 3 seeds per regression) is the script; this keeps CI under a minute.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/eval/evaluate';

describe('evaluation against the simulator', () => {
  it('raises no false alarm on A/A pairs, finds every injected regression with its phase and only its hint, labels the other changes right, and never contradicts an interval or its own evidence', async () => {
    // A/A seeds 7000+ were never used to tune a default (docs/statistics.md, Calibration).
    const result = await evaluate({ pairs: 6, aaSeed: 7000, seedsPerRegression: 1, requests: 2000 });
    const alarms = result.aa.flatMap((p) => p.alarms.map((a) => `pair ${p.pair}: ${a.key} ${a.verdict} ${a.reason}`));
    expect(alarms).toEqual([]);
    for (const p of result.aa) expect(['unchanged', 'inconclusive']).toContain(p.verdict);
    // Phase from the attribution or the tree's evidence; the expected hint and no other on the metric.
    const wrong = result.cases
      .filter((c) => !c.phaseOk || !c.hintOk)
      .map((c) => `${c.regression}: ${c.verdict} ${c.dominantPhase}→${c.rootPhase} ${c.hints.join(',')} ${c.reason}`);
    expect(wrong).toEqual([]);
    expect(result.cases).toHaveLength(12);
    expect(result.changes.filter((c) => !c.ok).map((c) => `${c.change}: ${c.problems.join('; ')}`)).toEqual([]);
    expect(result.changes).toHaveLength(4);
    expect(result.contradictions).toEqual([]);
    expect(result.diagnosisContradictions).toEqual([]);
  }, 180_000);
});
