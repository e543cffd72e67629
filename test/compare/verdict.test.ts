import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeInterval, labelAgreesWithInterval, moreData, type IntervalJudgement } from '../../src/compare/verdict';
import { familyLevel } from '../../src/compare/family';

function judge(over: Partial<IntervalJudgement>): IntervalJudgement {
  return {
    direction: 'lower-is-better',
    interval: [-0.01, 0.01],
    relative: true,
    point: 0,
    minEffect: 0.05,
    difference: 0,
    timerFloor: 0.5,
    ...over,
  };
}

describe('judgeInterval: the label is what the interval shows', () => {
  it('lower-is-better, interval wholly above the minimum effect → regressed', () => {
    expect(judgeInterval(judge({ interval: [0.12, 0.28], point: 0.2, difference: 40, minEffect: 0.1 }))).toEqual({
      verdict: 'regressed',
      reason: { code: 'beyond-min-effect', direction: 'worse' },
    });
  });

  it('lower-is-better, interval wholly below −minimum effect → improved', () => {
    expect(
      judgeInterval(judge({ interval: [-0.3, -0.2], point: -0.25, difference: -50, minEffect: 0.1 })).verdict,
    ).toBe('improved');
  });

  it('higher-is-better flips the direction: throughput falling → regressed, rising → improved', () => {
    const falling = judgeInterval(
      judge({ direction: 'higher-is-better', interval: [-0.25, -0.15], point: -0.2, difference: -600, timerFloor: 0 }),
    );
    expect(falling).toEqual({ verdict: 'regressed', reason: { code: 'beyond-min-effect', direction: 'worse' } });
    const rising = judgeInterval(
      judge({ direction: 'higher-is-better', interval: [0.1, 0.2], point: 0.15, difference: 450, timerFloor: 0 }),
    );
    expect(rising.verdict).toBe('improved');
  });

  it('an interval touching the minimum effect is not beyond it; strictly past it is', () => {
    expect(judgeInterval(judge({ interval: [0.05, 0.3], point: 0.2, difference: 10 })).verdict).toBe('inconclusive');
    expect(judgeInterval(judge({ interval: [0.0500001, 0.3], point: 0.2, difference: 10 })).verdict).toBe('regressed');
  });

  it('unchanged only when the interval lies inside ± the minimum effect (edges included)', () => {
    expect(judgeInterval(judge({ interval: [-0.05, 0.05] })).verdict).toBe('unchanged');
    expect(judgeInterval(judge({ interval: [-0.049, 0.0501] }))).toMatchObject({
      verdict: 'inconclusive',
      reason: { code: 'too-noisy' },
    });
  });

  it('a significant change inside the minimum effect is unchanged (a real but small change)', () => {
    expect(judgeInterval(judge({ interval: [0.01, 0.03], point: 0.02 })).verdict).toBe('unchanged');
  });

  it('TPOT p50 +20% (+11% … +30%) by 0.44 ms is regressed: no timer floor for a mean over tokens', () => {
    expect(judgeInterval(judge({ interval: [0.11, 0.3], point: 0.2, difference: 0.44, timerFloor: 0 })).verdict).toBe(
      'regressed',
    );
  });

  it('a single timer reading beyond the minimum effect by less than its floor is inconclusive, never unchanged', () => {
    expect(judgeInterval(judge({ interval: [0.11, 0.3], point: 0.2, difference: 0.44, timerFloor: 0.5 }))).toEqual({
      verdict: 'inconclusive',
      reason: { code: 'below-timer-floor', direction: 'worse', floor: 0.5 },
    });
  });

  it('E2E p95 +27% (+4.7% … +49%) against 10% is "likely worse", not unchanged', () => {
    const v = judgeInterval(judge({ interval: [0.047, 0.49], point: 0.27, difference: 2500, minEffect: 0.1 }));
    expect(v.verdict).toBe('inconclusive');
    expect(v.reason).toMatchObject({ code: 'direction-known', direction: 'worse' });
  });

  it('an interval holding zero and reaching past the minimum effect is too noisy', () => {
    expect(judgeInterval(judge({ interval: [-0.12, 0.2], point: 0.04 })).reason.code).toBe('too-noisy');
  });

  it('base 0: decided on the difference against the absolute minimum', () => {
    expect(
      judgeInterval(judge({ relative: false, interval: [0.6, 1.4], point: 1, difference: 1, minEffect: 0.5 })).verdict,
    ).toBe('regressed');
    expect(
      judgeInterval(judge({ relative: false, interval: [-0.2, 0.3], point: 0.05, difference: 0.05, minEffect: 0.5 }))
        .verdict,
    ).toBe('unchanged');
  });
});

describe('moreData: what would decide', () => {
  it('no noise allowance: the factor of requests is (half-width / distance)²', () => {
    // Half-width 0.1, point 0, minimum effect 0.05: the sampling width must halve → 4× the requests.
    const j = judge({
      interval: [-0.1, 0.1],
      noise: { count: 1000, runNoise: { base: 0, head: 0 }, level: 0.95, z: 1.96, runs: 1 },
    });
    expect(moreData(j, -0.1, 0.1)).toEqual({ requestsFactor: expect.closeTo(4, 9), runsNeeded: false, runs: 1 });
  });

  it('an allowance wider than the distance to the minimum effect: only repeated runs decide', () => {
    const j = judge({
      interval: [-0.1, 0.1],
      noise: { count: 1000, runNoise: { base: 0.025, head: 0.025 }, level: 0.95, z: 1.96, runs: 1 },
    });
    // z·√(2·0.025²) = 0.0693 > 0.05.
    expect(moreData(j, -0.1, 0.1)).toEqual({ requestsFactor: null, runsNeeded: true, runs: 1 });
  });

  it('part allowance, part sampling: only the sampling part shrinks with requests', () => {
    const j = judge({
      interval: [-0.1, 0.1],
      minEffect: 0.08,
      noise: { count: 1000, runNoise: { base: 0.01, head: 0.01 }, level: 0.95, z: 2, runs: 1 },
    });
    // noise half = 2·√2·0.01 = 0.028284; sampling = √(0.1² − 0.028284²) = 0.095917; allowed = √(0.08² − 0.028284²) = 0.074833.
    const r = moreData(j, -0.1, 0.1);
    expect(r.runsNeeded).toBe(false);
    expect(r.requestsFactor).toBeCloseTo((0.095917 / 0.074833) ** 2, 4);
  });
});

describe('labels agree with their intervals (property)', () => {
  it('for any interval, minimum effect, floor and direction', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        fc.double({ min: 0.001, max: 0.5, noNaN: true }),
        fc.constantFrom('lower-is-better' as const, 'higher-is-better' as const),
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.constantFrom(0, 0.5),
        (low, width, minEffect, direction, difference, timerFloor) => {
          const interval: [number, number] = [low, low + width];
          const { verdict } = judgeInterval(
            judge({ interval, point: low + width / 2, minEffect, direction, difference, timerFloor }),
          );
          expect(labelAgreesWithInterval(verdict, interval, minEffect, direction)).toBe(true);
          // Inside ±minimum effect is always unchanged, whatever the floor.
          if (low >= -minEffect && low + width <= minEffect) expect(verdict).toBe('unchanged');
        },
      ),
    );
  });
});

describe('familyLevel: one level for the family, Benjamini–Hochberg in intervals', () => {
  // A member whose interval lies beyond its minimum effect for every level up to `until`.
  const member = (until: number) => ({ beyondAt: (level: number) => level <= until });

  it('nothing beyond: every interval at 1 − α/m (simultaneous)', () => {
    expect(familyLevel([member(0), member(0), member(0), member(0)], 0.95)).toEqual({
      level: 1 - 0.05 / 4,
      beyond: 0,
      size: 4,
    });
  });

  it('two of four beyond at 1 − 2α/4 = 97.5%: that level for all, exactly two beyond', () => {
    const f = familyLevel([member(0.98), member(0.976), member(0.96), member(0)], 0.95);
    expect(f.level).toBeCloseTo(0.975, 12);
    expect(f.beyond).toBe(2);
  });

  it('R is the largest r with at least r members beyond at 1 − rα/m', () => {
    const f = familyLevel([member(0.99), member(0.97), member(0)], 0.95);
    // r = 3: level 0.95, beyond: 2 < 3; r = 2: level 0.9667, beyond 2 ≥ 2 → R = 2.
    expect(f).toEqual({ level: 1 - (2 * 0.05) / 3, beyond: 2, size: 3 });
  });

  it('every member beyond at the configured level: that level', () => {
    expect(familyLevel([member(0.999), member(0.999)], 0.9)).toEqual({ level: 0.9, beyond: 2, size: 2 });
  });

  it('an empty family keeps the configured level', () => {
    expect(familyLevel([], 0.95)).toEqual({ level: 0.95, beyond: 0, size: 0 });
  });
});
