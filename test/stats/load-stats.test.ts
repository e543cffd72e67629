import { describe, expect, it } from 'vitest';
import { mannKendall } from '../../src/stats/mann-kendall';
import { mser5 } from '../../src/stats/mser';

describe('mannKendall', () => {
  it('S, τ and z by hand: 1, 3, 2, 4', () => {
    // Pairs (i<j): (1,3)+ (1,2)+ (1,4)+ (3,2)− (3,4)+ (2,4)+ → S = 4; τ = 4/6; Var = 4·3·13/18 = 8.667; z = 3/√8.667.
    const t = mannKendall([1, 3, 2, 4]);
    expect(t.tau).toBeCloseTo(4 / 6, 12);
    expect(t.z).toBeCloseTo(3 / Math.sqrt((4 * 3 * 13) / 18), 12);
  });

  it('a strictly rising series has τ = 1; a falling one −1; a constant one 0', () => {
    expect(mannKendall([1, 2, 3, 4, 5, 6]).tau).toBe(1);
    expect(mannKendall([6, 5, 4, 3, 2, 1]).tau).toBe(-1);
    expect(mannKendall([2, 2, 2, 2]).z).toBe(0);
  });

  it('three values are enough for a test, two are not', () => {
    // 1, 2, 3: S = 3, τ = 1, Var = 3·2·11/18 = 11/3, z = (3 − 1)/√(11/3).
    const t = mannKendall([1, 2, 3]);
    expect(t.tau).toBe(1);
    expect(t.z).toBeCloseTo(2 / Math.sqrt(11 / 3), 12);
    expect(mannKendall([1, 2])).toEqual({ tau: 0, z: 0, n: 2 });
  });
});

describe('mser5', () => {
  it('a high start settling to a constant level is cut where it settles', () => {
    // 10 observations at 100 (two batches), then 90 at 10 with small noise: the warm-up is the first 10.
    const values = [...Array(10).fill(100), ...Array.from({ length: 90 }, (_, i) => 10 + (i % 3))];
    expect(mser5(values)).toEqual({ truncate: 10, unsettled: false });
  });

  it('a stationary series keeps its start', () => {
    const values = Array.from({ length: 200 }, (_, i) => 10 + ((i * 7) % 5));
    expect(mser5(values).truncate).toBe(0);
  });

  it('a series that keeps growing never settles', () => {
    // Linear growth: the spread left after cutting d batches shrinks with k − d, so MSER keeps falling to k/2.
    const values = Array.from({ length: 200 }, (_, i) => i);
    expect(mser5(values).unsettled).toBe(true);
  });

  it('10 batches (50 values) are enough to find a warm-up', () => {
    const values = [...Array(10).fill(100), ...Array.from({ length: 40 }, (_, i) => 10 + (i % 3))];
    expect(mser5(values)).toEqual({ truncate: 10, unsettled: false });
  });

  it('searches up to k/2 batches, and a minimum there or one batch short of it is no steady state', () => {
    // Linear growth, 40 batches: MSER keeps falling, so the cut is the last one searched, 20 batches.
    expect(mser5(Array.from({ length: 200 }, (_, i) => i))).toEqual({ truncate: 100, unsettled: true });
    // 20 batches: 9 falling from 100, then flat near 10.5: the cut is 9 batches, k/2 − 1.
    const values = [
      ...Array.from({ length: 45 }, (_, i) => 100 - i),
      ...Array.from({ length: 55 }, (_, i) => 10 + (i % 2)),
    ];
    expect(mser5(values)).toEqual({ truncate: 45, unsettled: true });
  });

  it('fewer than 10 batches: nothing to decide', () => {
    expect(mser5([5, 4, 3])).toEqual({ truncate: 0, unsettled: false });
  });
});
