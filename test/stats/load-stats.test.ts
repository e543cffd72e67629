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

  it('fewer than 10 batches: nothing to decide', () => {
    expect(mser5([5, 4, 3])).toEqual({ truncate: 0, unsettled: false });
  });
});
