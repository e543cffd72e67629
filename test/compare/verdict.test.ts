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

describe('judgeInterval at its boundaries', () => {
  it('an interval touching −minimum effect is not beyond it: likely better, not improved', () => {
    expect(judgeInterval(judge({ interval: [-0.3, -0.05], point: -0.2, difference: -10 }))).toMatchObject({
      verdict: 'inconclusive',
      reason: { code: 'direction-known', direction: 'better' },
    });
    expect(judgeInterval(judge({ interval: [-0.3, -0.0500001], point: -0.2, difference: -10 })).verdict).toBe(
      'improved',
    );
  });

  it('an interval starting or ending at zero shows no direction: too noisy', () => {
    expect(judgeInterval(judge({ interval: [0, 0.2], point: 0.1 })).reason.code).toBe('too-noisy');
    expect(judgeInterval(judge({ interval: [-0.2, 0], point: -0.1 })).reason.code).toBe('too-noisy');
    expect(judgeInterval(judge({ interval: [0.001, 0.2], point: 0.1 })).reason).toMatchObject({
      code: 'direction-known',
      direction: 'worse',
    });
    expect(judgeInterval(judge({ interval: [-0.2, -0.001], point: -0.1 })).reason).toMatchObject({
      code: 'direction-known',
      direction: 'better',
    });
  });

  it('a difference of exactly the timer floor is resolved: regressed', () => {
    expect(judgeInterval(judge({ interval: [0.11, 0.3], point: 0.2, difference: 0.5, timerFloor: 0.5 })).verdict).toBe(
      'regressed',
    );
    expect(
      judgeInterval(judge({ interval: [-0.3, -0.11], point: -0.2, difference: -0.49, timerFloor: 0.5 })).reason,
    ).toEqual({ code: 'below-timer-floor', direction: 'better', floor: 0.5 });
  });

  it('an inconclusive reason without a noise context carries no request factor and one run', () => {
    expect(judgeInterval(judge({ interval: [-0.12, 0.2], point: 0.04 })).reason).toEqual({
      code: 'too-noisy',
      requestsFactor: null,
      runsNeeded: false,
      runs: 1,
    });
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

describe('moreData at its edges', () => {
  const noise = (over: Partial<NonNullable<IntervalJudgement['noise']>> = {}) => ({
    count: 1000,
    runNoise: { base: 0, head: 0 },
    level: 0.95,
    z: 2,
    runs: 1,
    ...over,
  });

  it('the distance is from the size of the change to the minimum effect, whichever side and direction', () => {
    // Point +8% against 5%: distance 0.03, half-width 0.06 → (0.06 / 0.03)² = 4.
    expect(moreData(judge({ point: 0.08, noise: noise() }), 0.02, 0.14).requestsFactor).toBeCloseTo(4, 9);
    // Throughput +2% (better): worse-signed −0.02, size 0.02, distance 0.03 → 4 again.
    expect(
      moreData(judge({ direction: 'higher-is-better', point: 0.02, noise: noise() }), -0.08, 0.04).requestsFactor,
    ).toBeCloseTo(4, 9);
  });

  it('an allowance exactly as wide as the distance: only repeated runs decide', () => {
    // z·√(0.03² + 0.04²) = 1·0.05 = the distance from 0 to 0.05.
    expect(moreData(judge({ noise: noise({ z: 1, runNoise: { base: 0.03, head: 0.04 } }) }), -0.1, 0.1)).toEqual({
      requestsFactor: null,
      runsNeeded: true,
      runs: 1,
    });
  });

  it('a point at the minimum effect: no number of requests decides; a distance of 1e-9 still can', () => {
    expect(moreData(judge({ point: 0.05 + 1e-12, noise: noise() }), 0, 0.1)).toEqual({
      requestsFactor: null,
      runsNeeded: true,
      runs: 1,
    });
    // Half-width 1e-8 over a distance of 1e-9: 100× the requests.
    expect(moreData(judge({ point: 0, minEffect: 1e-9, noise: noise() }), -1e-8, 1e-8).requestsFactor).toBeCloseTo(
      100,
      6,
    );
  });

  it('sampling already narrow enough: no factor, not more runs', () => {
    // Half-width 0.05 = the distance 0.05: exactly enough.
    expect(moreData(judge({ noise: noise() }), -0.05, 0.05)).toEqual({
      requestsFactor: null,
      runsNeeded: false,
      runs: 1,
    });
    // An interval narrower than the allowance alone: sampling is 0, not NaN.
    expect(moreData(judge({ noise: noise({ runNoise: { base: 0.01, head: 0 } }) }), -0.01, 0.01)).toEqual({
      requestsFactor: null,
      runsNeeded: false,
      runs: 1,
    });
  });

  it('a difference (base 0) has no request factor; the runs behind the interval are reported', () => {
    expect(moreData(judge({ relative: false, noise: noise({ runs: 3 }) }), -0.1, 0.1)).toEqual({
      requestsFactor: null,
      runsNeeded: false,
      runs: 3,
    });
    expect(moreData(judge({ noise: noise({ runs: 3 }) }), -0.1, 0.1)).toEqual({
      requestsFactor: expect.closeTo(4, 9),
      runsNeeded: false,
      runs: 3,
    });
  });
});

describe('labelAgreesWithInterval: false when the label says more than the interval', () => {
  it('unchanged needs the whole interval inside ± the minimum effect, edges included', () => {
    expect(labelAgreesWithInterval('unchanged', [-0.05, 0.05], 0.05, 'lower-is-better')).toBe(true);
    expect(labelAgreesWithInterval('unchanged', [-0.06, 0], 0.05, 'lower-is-better')).toBe(false);
    expect(labelAgreesWithInterval('unchanged', [0, 0.06], 0.05, 'lower-is-better')).toBe(false);
  });

  it('regressed and improved need the interval strictly beyond, on the worse and the better side', () => {
    expect(labelAgreesWithInterval('regressed', [0.05, 0.2], 0.05, 'lower-is-better')).toBe(false);
    expect(labelAgreesWithInterval('regressed', [0.051, 0.2], 0.05, 'lower-is-better')).toBe(true);
    expect(labelAgreesWithInterval('regressed', [-0.2, -0.051], 0.05, 'lower-is-better')).toBe(false);
    expect(labelAgreesWithInterval('improved', [-0.2, -0.05], 0.05, 'lower-is-better')).toBe(false);
    expect(labelAgreesWithInterval('improved', [-0.2, -0.051], 0.05, 'lower-is-better')).toBe(true);
    expect(labelAgreesWithInterval('inconclusive', [-9, 9], 0.05, 'lower-is-better')).toBe(true);
  });

  it('higher-is-better: a fall is the worse side, and the whole interval counts', () => {
    expect(labelAgreesWithInterval('regressed', [-0.2, -0.051], 0.05, 'higher-is-better')).toBe(true);
    expect(labelAgreesWithInterval('regressed', [-0.2, 0.01], 0.05, 'higher-is-better')).toBe(false);
    expect(labelAgreesWithInterval('improved', [0.051, 0.2], 0.05, 'higher-is-better')).toBe(true);
    expect(labelAgreesWithInterval('improved', [-0.01, 0.2], 0.05, 'higher-is-better')).toBe(false);
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

  it('one member beyond only at 1 − α/m: R = 1, that member beyond', () => {
    // r = 3: level 0.95, 1 beyond; r = 2: 0.9667, 1 beyond; r = 1: 0.98333, 1 beyond ≥ 1.
    expect(familyLevel([member(0.99), member(0), member(0)], 0.95)).toEqual({
      level: 1 - 0.05 / 3,
      beyond: 1,
      size: 3,
    });
  });

  it('every member beyond at the configured level: that level', () => {
    expect(familyLevel([member(0.999), member(0.999)], 0.9)).toEqual({ level: 0.9, beyond: 2, size: 2 });
  });

  it('an empty family keeps the configured level', () => {
    expect(familyLevel([], 0.95)).toEqual({ level: 0.95, beyond: 0, size: 0 });
  });
});
