// A short version of `npm run eval`: the calibration targets as a test that can fail. The full run
// (50 A/A pairs, 3 seeds per regression) is the script; this keeps CI under a minute.
import { describe, expect, it } from 'vitest';
import { evaluate } from '../../src/eval/evaluate';

describe('evaluation against the simulator', () => {
  it('raises no false alarm on A/A pairs and finds every injected regression with its phase and hint', async () => {
    const result = await evaluate({ pairs: 6, seedsPerRegression: 1, requests: 2000 });
    const alarms = result.aa.flatMap((p) => p.alarms.map((a) => `pair ${p.pair}: ${a.key} ${a.verdict} ${a.reason}`));
    expect(alarms).toEqual([]);
    expect(result.aa.map((p) => p.verdict)).toEqual(result.aa.map(() => 'unchanged'));
    const wrong = result.cases.filter((c) => !c.phaseOk || !c.hintOk).map((c) => `${c.regression}: ${c.verdict} ${c.dominantPhase}→${c.rootPhase} ${c.hints.join(',')} ${c.reason}`);
    expect(wrong).toEqual([]);
    expect(result.cases).toHaveLength(12);
  }, 180_000);
});
