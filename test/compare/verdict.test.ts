import { describe, expect, it } from 'vitest';
import { decideVerdict, RESOLUTION_FACTOR, type VerdictInput } from '../../src/compare/verdict';

function input(over: Partial<VerdictInput>): VerdictInput {
  return {
    direction: 'lower-is-better',
    change: 0,
    difference: 0,
    interval: [-0.01, 0.01],
    pValue: 1,
    pValueZero: 1,
    pAdjusted: 1,
    alpha: 0.05,
    minEffect: 0.05,
    minAbsolute: 0.5,
    unit: 'ms',
    family: 8,
    ...over,
  };
}

describe('decideVerdict: regressed and improved', () => {
  it('lower-is-better rising beyond the minimum effect with confidence → regressed', () => {
    const v = decideVerdict(
      input({ change: 0.2, difference: 40, interval: [0.12, 0.28], pValue: 0.001, pValueZero: 0.0001, pAdjusted: 0.004, minEffect: 0.1 }),
    );
    expect(v.verdict).toBe('regressed');
    expect(v.reason).toBe(
      '+20% (+12% … +28%): beyond the 10% minimum effect with confidence after correcting for 8 metrics (adjusted p = 0.004)',
    );
  });

  it('lower-is-better falling → improved', () => {
    const v = decideVerdict(
      input({ change: -0.25, difference: -50, interval: [-0.3, -0.2], pValue: 0.0005, pAdjusted: 0.001, minEffect: 0.1 }),
    );
    expect(v.verdict).toBe('improved');
    expect(v.reason).toBe(
      '−25% (−30% … −20%): beyond the 10% minimum effect with confidence after correcting for 8 metrics (adjusted p = 0.001)',
    );
  });

  it('higher-is-better flips the direction: throughput falling → regressed, rising → improved', () => {
    const falling = decideVerdict(
      input({
        direction: 'higher-is-better',
        change: -0.2,
        difference: -600,
        interval: [-0.25, -0.15],
        pValue: 0.002,
        pAdjusted: 0.01,
        unit: 'tok/s',
        minAbsolute: 0,
      }),
    );
    expect(falling.verdict).toBe('regressed');
    expect(falling.reason).toBe(
      '−20% (−25% … −15%): beyond the 5.0% minimum effect with confidence after correcting for 8 metrics (adjusted p = 0.010)',
    );
    const rising = decideVerdict(
      input({
        direction: 'higher-is-better',
        change: 0.15,
        difference: 450,
        interval: [0.1, 0.2],
        pAdjusted: 0.01,
        unit: 'tok/s',
        minAbsolute: 0,
      }),
    );
    expect(rising.verdict).toBe('improved');
    expect(rising.reason.startsWith('+15% (+10% … +20%): beyond the 5.0% minimum effect')).toBe(true);
  });

  it('a significant change beyond the minimum effect is called even when the interval is wide', () => {
    const v = decideVerdict(input({ change: 0.5, difference: 100, interval: [0.06, 1.0], pAdjusted: 0.01 }));
    expect(v.verdict).toBe('regressed');
  });

  it('needs p strictly below α and the change strictly beyond the minimum effect', () => {
    expect(decideVerdict(input({ change: 0.2, difference: 40, interval: [0.15, 0.25], pAdjusted: 0.05 })).verdict).toBe('unchanged');
    // change exactly the minimum effect (0.125 is exact in binary)
    const edge = decideVerdict(
      input({ change: 0.125, difference: 25, interval: [0.1, 0.15], pAdjusted: 0.001, minEffect: 0.125 }),
    );
    expect(edge.verdict).toBe('unchanged');
    expect(edge.reason).toBe('+13% (+10% … +15%): a real but small change, within the 13% minimum effect');
  });
});

describe('decideVerdict: unchanged', () => {
  it('significant but below the minimum effect → "a real but small change"', () => {
    const v = decideVerdict(input({ change: 0.03, difference: 6, interval: [0.01, 0.05], pValue: 0.004, pAdjusted: 0.02 }));
    expect(v.verdict).toBe('unchanged');
    expect(v.reason).toBe('+3.0% (+1.0% … +5.0%): a real but small change, within the 5.0% minimum effect');
  });

  it('a point beyond the minimum effect without confidence → "not beyond … with confidence"', () => {
    const v = decideVerdict(input({ change: 0.08, difference: 16, interval: [0.02, 0.14], pValue: 0.2, pAdjusted: 0.4 }));
    expect(v.verdict).toBe('unchanged');
    expect(v.reason).toBe('+8.0% (+2.0% … +14%): not beyond the 5.0% minimum effect with confidence');
  });

  it('says when the correction for many metrics took the significance away', () => {
    const v = decideVerdict(input({ change: 0.08, difference: 16, interval: [0.02, 0.14], pValue: 0.01, pAdjusted: 0.08 }));
    expect(v.verdict).toBe('unchanged');
    expect(v.reason).toBe(
      '+8.0% (+2.0% … +14%): not beyond the 5.0% minimum effect with confidence (p = 0.010 alone, 0.080 after correcting for 8 metrics)',
    );
  });

  it('not significant, narrow interval around 0 → "within run-to-run noise"', () => {
    const v = decideVerdict(input({ change: 0.01, difference: 2, interval: [-0.02, 0.04], pValue: 0.9, pAdjusted: 0.9 }));
    expect(v.verdict).toBe('unchanged');
    expect(v.reason).toBe('+1.0% (−2.0% … +4.0%): within run-to-run noise');
  });

  it('a change of 0 reads "0%"', () => {
    const v = decideVerdict(input({ change: 0, difference: 0, interval: [-0.02, 0.02] }));
    expect(v.reason).toBe('0% (−2.0% … +2.0%): within run-to-run noise');
  });
});

describe('decideVerdict: inconclusive', () => {
  it('an interval wider than ±3 minimum effects → inconclusive, with the bound and what would decide', () => {
    expect(RESOLUTION_FACTOR).toBe(3);
    const v = decideVerdict(input({ change: 0.1, difference: 20, interval: [-0.2, 0.4], pValue: 0.3, pAdjusted: 0.6 }));
    expect(v.verdict).toBe('inconclusive');
    expect(v.reason).toBe(
      '+10% (−20% … +40%): not beyond the 5.0% minimum effect with confidence, and the interval is wider than ±15%, too noisy to rule out a change that matters; more requests or repeated runs would decide',
    );
  });

  it('a half-width of exactly 3 minimum effects still resolves; a hair more does not', () => {
    // minimum effect 0.125, resolution 0.375; interval [−0.25, 0.5] has half-width 0.375
    const at = decideVerdict(input({ change: 0.05, difference: 10, interval: [-0.25, 0.5], minEffect: 0.125 }));
    expect(at.verdict).toBe('unchanged');
    expect(at.reason).toBe('+5.0% (−25% … +50%): within run-to-run noise');
    const beyond = decideVerdict(input({ change: 0.05, difference: 10, interval: [-0.25, 0.5000001], minEffect: 0.125 }));
    expect(beyond.verdict).toBe('inconclusive');
    expect(beyond.reason).toContain('wider than ±38%');
  });

  it('carries the correction note too', () => {
    const v = decideVerdict(input({ change: 0.3, difference: 60, interval: [0.01, 0.7], pValue: 0.03, pAdjusted: 0.2 }));
    expect(v.verdict).toBe('inconclusive');
    expect(v.reason).toContain('(p = 0.030 alone, 0.200 after correcting for 8 metrics), and the interval is wider than ±15%');
  });
});

describe('decideVerdict: absolute floor and zero base', () => {
  it('base 0 (change null): decides on the difference against the absolute minimum', () => {
    const v = decideVerdict(
      input({ change: null, difference: 3, interval: [2, 4], pValue: 0.0005, pAdjusted: 0.001, family: 1 }),
    );
    expect(v.verdict).toBe('regressed');
    expect(v.reason).toBe(
      '+3.00 ms (+2.00 ms … +4.00 ms): beyond the 0.5 ms minimum change with confidence after correcting for 1 metric (adjusted p = 0.001)',
    );
    const better = decideVerdict(input({ change: null, difference: -3, interval: [-4, -2], pAdjusted: 0.001 }));
    expect(better.verdict).toBe('improved');
    expect(better.reason.startsWith('−3.00 ms (−4.00 ms … −2.00 ms): beyond the 0.5 ms minimum change')).toBe(true);
  });

  it('base 0: unchanged within noise, inconclusive with a wide interval (bound 3 × the absolute minimum)', () => {
    const quiet = decideVerdict(input({ change: null, difference: 0.2, interval: [-0.4, 0.8], pAdjusted: 0.6 }));
    expect(quiet.verdict).toBe('unchanged');
    expect(quiet.reason).toBe('+0.2 ms (−0.4 ms … +0.8 ms): within run-to-run noise');
    const noisy = decideVerdict(input({ change: null, difference: 1, interval: [-3, 5], pAdjusted: 0.6 }));
    expect(noisy.verdict).toBe('inconclusive');
    expect(noisy.reason).toBe(
      '+1.00 ms (−3.00 ms … +5.00 ms): not beyond the 0.5 ms minimum change with confidence, and the interval is wider than ±1.50 ms, too noisy to rule out a change that matters; more requests or repeated runs would decide',
    );
  });

  it('base 0 for a rate: any significant difference counts, in the rate’s unit', () => {
    const v = decideVerdict(
      input({
        direction: 'higher-is-better',
        change: null,
        difference: 100,
        interval: [80, 120],
        pAdjusted: 0.001,
        unit: 'tok/s',
        minAbsolute: 0,
        family: 1,
      }),
    );
    expect(v.verdict).toBe('improved');
    expect(v.reason).toBe(
      '+100 tok/s (+80.0 tok/s … +120 tok/s): beyond the 0 tok/s minimum change with confidence after correcting for 1 metric (adjusted p = 0.001)',
    );
  });

  it('a relative change beyond the minimum effect but below the absolute floor is not called', () => {
    // 0.4 ms → 0.6 ms: +50%, but only 0.2 ms
    const v = decideVerdict(input({ change: 0.5, difference: 0.2, interval: [0.3, 0.7], pAdjusted: 0.001, minEffect: 0.1 }));
    expect(v.verdict).toBe('unchanged');
    expect(v.reason.startsWith('+50% (+30% … +70%): ')).toBe(true);
  });

  it('a difference exactly at the absolute floor counts', () => {
    const v = decideVerdict(input({ change: 0.25, difference: 0.5, interval: [0.2, 0.3], pAdjusted: 0.001, minEffect: 0.1 }));
    expect(v.verdict).toBe('regressed');
  });
});
