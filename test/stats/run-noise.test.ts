// The calibrated noise allowance by hand: t/z widening, the within-run part set aside, the bootstrap
// scale when whole runs spread less than the bootstrap assumes, and what a comparison then detects.
import { describe, expect, it } from 'vitest';
import {
  bootstrapScale,
  logSpread,
  minimumDetectableEffect,
  noiseAllowance,
  poolSigma,
  resolution,
  runsForSideSigma,
  sideSigma,
  tInflation,
} from '../../src/stats/run-noise';

describe('run noise from repeated runs', () => {
  it('logSpread is the sample σ of the logs', () => {
    // ln of 100, 110, 90: mean 0 + ln(100); deviations 0, 0.09531, −0.10536 → σ = √((0.09531² + 0.10536²)/2)
    expect(logSpread([100, 110, 90])).toBeCloseTo(
      Math.sqrt((Math.log(1.1) ** 2 + Math.log(0.9) ** 2 - (Math.log(1.1) + Math.log(0.9)) ** 2 / 3) / 2),
      12,
    );
    expect(logSpread([5])).toBeNaN();
    expect(logSpread([5, 0])).toBeNaN();
    // Two runs are enough: ln 2 apart, σ = ln 2 / √2.
    expect(logSpread([100, 200])).toBeCloseTo(Math.LN2 / Math.SQRT2, 14);
  });

  it('one run (no degrees of freedom) allows any between-run noise, even with a spread of 0', () => {
    expect(noiseAllowance({ sigmaBetween: 0, df: 0, sigmaWithin: 0.01 }, 0.95)).toBe(Infinity);
  });

  it('runsForSideSigma: the fewest runs whose side σ is at the target or below, up to max', () => {
    const e = { sigmaBetween: 0.03, sigmaWithin: 0.015 };
    // The side σ with 5 runs (4 degrees of freedom) is exactly the target: 5 runs reach it, 4 do not.
    const target = sideSigma({ ...e, df: 4 }, 0.9944);
    expect(runsForSideSigma(e, 0.9944, target)).toBe(5);
    expect(runsForSideSigma(e, 0.9944, target, 5)).toBe(5);
    expect(runsForSideSigma(e, 0.9944, target, 4)).toBeUndefined();
  });

  it('widens an estimated σ by t/z: 2.776/1.960 at 95% with 4 degrees of freedom', () => {
    expect(tInflation(4, 0.95)).toBeCloseTo(2.776445 / 1.959964, 5);
    expect(tInflation(1000, 0.95)).toBeCloseTo(1, 2);
    expect(tInflation(0, 0.95)).toBe(Infinity);
  });

  it('the allowance is what the bootstrap cannot see: √((k·σ_b)² − σ_w²)', () => {
    const e = { sigmaBetween: 0.03, df: 4, sigmaWithin: 0.02 };
    const k = 2.776445 / 1.959964;
    expect(noiseAllowance(e, 0.95)).toBeCloseTo(Math.sqrt((k * 0.03) ** 2 - 0.02 ** 2), 6);
    expect(bootstrapScale(e, 0.95)).toBe(1);
    expect(sideSigma(e, 0.95)).toBeCloseTo(k * 0.03, 6);
  });

  it('when whole runs spread less than the bootstrap assumes, no allowance and a scale below 1', () => {
    const e = { sigmaBetween: 0.02, df: 9, sigmaWithin: 0.06 };
    const k = tInflation(9, 0.99);
    expect(noiseAllowance(e, 0.99)).toBe(0);
    expect(bootstrapScale(e, 0.99)).toBeCloseTo((k * 0.02) / 0.06, 9);
  });

  it('resolution and the detectable change follow from the side σ', () => {
    const e = { sigmaBetween: 0.02, df: 1e6, sigmaWithin: 0.01 };
    // k ≈ 1: side σ 2%, difference σ 2.83%; at 95% the half-width is 1.96 × 2.83% on the log scale.
    expect(resolution(e, 0.95)).toBeCloseTo(Math.expm1(1.959964 * Math.SQRT2 * 0.02), 4);
    // Detected 80% of the time: ln(1.05) + (1.96 + 0.8416)·√2·2%.
    expect(minimumDetectableEffect(e, 0.95, 0.05)).toBeCloseTo(
      Math.expm1(Math.log(1.05) + (1.959964 + 0.841621) * Math.SQRT2 * 0.02),
      4,
    );
  });

  it('the detectable change shrinks as runs are added, at the same measured spread', () => {
    const at = (runs: number) =>
      minimumDetectableEffect({ sigmaBetween: 0.03, df: runs - 1, sigmaWithin: 0.015 }, 0.9944, 0.05);
    const values = [4, 6, 10, 16, 30].map(at);
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThan(values[i - 1]);
    expect(runsForSideSigma({ sigmaBetween: 0.03, sigmaWithin: 0.015 }, 0.9944, 0.036)).toBeGreaterThan(4);
    expect(runsForSideSigma({ sigmaBetween: 0.03, sigmaWithin: 0.015 }, 0.9944, 0.029)).toBeUndefined();
  });

  it('pools two estimates by their degrees of freedom', () => {
    const p = poolSigma({ sigma: 0.02, df: 5 }, { sigma: 0.04, df: 15 });
    expect(p.df).toBe(20);
    expect(p.sigma).toBeCloseTo(Math.sqrt((5 * 0.0004 + 15 * 0.0016) / 20), 12);
  });
});
