import { describe, expect, it } from 'vitest';
import { medianRatioInterval } from '../../src/stats/median-ratio';

// Stretches small enough that the bootstrap distribution of the ratio can be listed by hand: with one
// value before, its median is that value in every resample, and the after median takes few values.
describe('medianRatioInterval', () => {
  it('two constant stretches: every resample gives the same ratio, 12 / 10 − 1', () => {
    const [low, high] = medianRatioInterval([10, 10, 10, 10], [12, 12, 12], { level: 0.95 });
    expect(low).toBeCloseTo(0.2, 12);
    expect(high).toBeCloseTo(0.2, 12);
  });

  it('the percentile interval of the ratio at (1 − level)/2 and (1 + level)/2', () => {
    // before [1]: median 1. after [1, 3], two draws: median 1 (¼), 2 (½), 3 (¼), so the ratio − 1 is
    // 0, 1 or 2 with those chances. Level 0.9 takes the 5% and 95% points: 0 and 2; level 0.2 the 40%
    // and 60% points, both inside the middle half: 1 and 1.
    expect(medianRatioInterval([1], [1, 3], { level: 0.9 })).toEqual([0, 2]);
    expect(medianRatioInterval([1], [1, 3], { level: 0.2 })).toEqual([1, 1]);
  });

  it('resamples as many values as the stretch holds', () => {
    // after [1, 3, 5], three draws: median 1 or 5 with 7/27 each, 3 with 13/27: the 10% and 90%
    // points are 0 and 4, the 40% and 60% points both 2.
    expect(medianRatioInterval([2, 2], [2, 6, 10], { level: 0.8 })).toEqual([0, 4]);
    expect(medianRatioInterval([2, 2], [2, 6, 10], { level: 0.2 })).toEqual([2, 2]);
  });

  it('a before stretch whose median is not positive gives no ratio, so no interval', () => {
    expect(medianRatioInterval([0, 0, 0], [5, 6], { level: 0.9 })).toEqual([NaN, NaN]);
    expect(medianRatioInterval([-2, -2], [5, 6], { level: 0.9 })).toEqual([NaN, NaN]);
    // before [0, 0, 4]: a resample's median is 0 (20/27) or 4 (7/27); only the 4s give a ratio.
    expect(medianRatioInterval([0, 0, 4], [2], { level: 0.9 })).toEqual([-0.5, -0.5]);
  });

  it('seeded: the same seed repeats the interval, another seed draws other resamples', () => {
    const before = [100, 104, 97, 110, 99, 102, 95, 108, 101];
    const after = [120, 117, 126, 111, 123, 130, 115, 119, 125];
    const at = (seed: number) => medianRatioInterval(before, after, { level: 0.95, resamples: 200, seed });
    expect(at(3)).toEqual(at(3));
    expect(at(3)).not.toEqual(at(4));
    // One resample: both ends are that resample's ratio.
    const [low, high] = medianRatioInterval(before, after, { level: 0.95, resamples: 1, seed: 3 });
    expect(low).toBe(high);
    expect(low).toBeGreaterThan(0);
  });
});
