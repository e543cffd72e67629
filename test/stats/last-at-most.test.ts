// The search a quantile replicate starts its walk from (src/stats/weighted-quantile.ts lastAtMost):
// the last k whose weight is at most lo, found in few probes, since each probe of the weight is a pass
// over every block. Weights and probe counts by hand.
import { describe, expect, it } from 'vitest';
import { lastAtMost } from '../../src/stats/weighted-quantile';

/** lastAtMost over `weights`, and the probes it made. */
function search(weights: number[], lo: number, first: number, perStep: number) {
  const probes: number[] = [];
  const out = { k: -1, weight: 0 };
  lastAtMost(
    (k) => {
      probes.push(k);
      return weights[k];
    },
    weights.length,
    lo,
    first,
    perStep,
    out,
  );
  return { ...out, probes };
}

describe('lastAtMost', () => {
  it('is the last k whose weight is at most lo, the last of equal weights, and -1 below them all', () => {
    const weights = [0, 10, 10, 10, 20, 35];
    expect(search(weights, 10, 2, 7)).toMatchObject({ k: 3, weight: 10 });
    expect(search(weights, 9.5, 2, 7)).toMatchObject({ k: 0, weight: 0 });
    expect(search(weights, 34, 2, 7)).toMatchObject({ k: 4, weight: 20 });
    expect(search(weights, 35, 0, 7)).toMatchObject({ k: 5, weight: 35 });
    expect(search(weights, 1e9, 5, 7)).toMatchObject({ k: 5, weight: 35 });
    const above = [5, 6, 7];
    expect(search(above, 4, 1, 1)).toMatchObject({ k: -1, weight: 0 });
    expect(search(above, 4, 0, 1)).toMatchObject({ k: -1, weight: 0 });
    // nothing to search: none, without a probe
    expect(search([], 4, 0, 1)).toEqual({ k: -1, weight: 0, probes: [] });
  });

  it('finds it in at most five probes when the weights grow linearly by perStep', () => {
    // 63 checkpoints, weight 100·k + 50; the first probe at 31 leaves 32 of the 64 places either way,
    // and the guess from the one end known is then exact (k*). Above 31 one more probe (k* + 1) closes
    // the bracket; below 15 the bracket (k*, 31) is still over half of the last one, so two
    // bisections come before the interpolation that closes it.
    const weights = Array.from({ length: 63 }, (_, k) => 100 * k + 50);
    for (let lo = 0; lo <= 6400; lo += 25) {
      const found = search(weights, lo, 31, 100);
      expect(found.k).toBe(Math.min(62, Math.floor((lo - 50) / 100)));
      expect(found.probes.length).toBeLessThanOrEqual(5);
    }
    // lo = 5000: 31 (3150) is below; from below 31 + 1850 / 100 = 49.5 → 49 (4950); from below again
    // 49 + 50 / 100 → 49, one past it: 50 (5050) closes it
    expect(search(weights, 5000, 31, 100).probes).toEqual([31, 49, 50]);
    // lo = 3175: 31 (3150) is below, the guess 31.25 → 32 (3250) closes it
    expect(search(weights, 3175, 31, 100).probes).toEqual([31, 32]);
    // lo = 1280: 31 (3150) is above; from above 31 − 1870 / 100 = 12.3 → 12 (1250); (12, 31) is 19
    // of 32: bisect to 21 (2150) and again to 16 (1650); between 12 and 16 the guess 12.3 → 13
    // (1350) closes it
    expect(search(weights, 1280, 31, 100).probes).toEqual([31, 12, 21, 16, 13]);
  });

  it('bisects twice after a probe that leaves over half of the bracket', () => {
    // Weight 0 up to 61, then a million: interpolating by a mean step of 100 moves one checkpoint at
    // a time (31, 32); each such probe leaves over half of the bracket, so two bisections follow
    // (47, 55), then a step (56), two bisections (59, 61) and the step that closes it (62): 8 probes
    // where stepping would take 32.
    const weights = Array.from({ length: 63 }, (_, k) => (k < 62 ? 0 : 1e6));
    const found = search(weights, 0, 31, 100);
    expect(found.k).toBe(61);
    expect(found.probes).toEqual([31, 32, 47, 55, 56, 59, 61, 62]);
    // the mirror image, every weight a million but the first: from above the guess falls below 0 →
    // 0; (0, 31) is 31 of 32: bisect to 15, then 7; between 0 and 7 the guess 0 → 1 closes it
    const mirror = Array.from({ length: 63 }, (_, k) => (k === 0 ? 0 : 1e6));
    const back = search(mirror, 0, 31, 100);
    expect(back.k).toBe(0);
    expect(back.probes).toEqual([31, 0, 15, 7, 1]);
  });

  it('interpolates between the bracket’s ends when the mean step misleads', () => {
    // Weight 10·k but a mean step of 100, lo = 105 (k* = 10). From above 31 − 205 / 100 = 28.95 → 28;
    // (−1, 28) is 29 of 32: bisect to 13, then 6 (60, below); between 6 and 13 the guess is
    // 6 + 45 / 70 · 7 = 10.5 → 10 (100), then between 10 and 13 10 + 5 / 30 · 3 = 10.5 → 10, one past
    // it: 11 (110) closes it. A step of 100 from 6 would probe 7.
    const weights = Array.from({ length: 63 }, (_, k) => 10 * k);
    expect(search(weights, 105, 31, 100)).toEqual({ k: 10, weight: 100, probes: [31, 28, 13, 6, 10, 11] });
    // From 0 (below lo = 45): (0, 63) is 63 of 64: bisect to 31, then 15 (both above); between 0
    // and 15 the guess is 45 / 150 · 15 = 4.5 → 4 (40); (4, 15) is 11 of 15: bisect to 9, then 6;
    // between 4 and 6 the guess 4 + 5 / 20 · 2 = 4.5 → 5 (50) closes it.
    expect(search(weights, 45, 0, 100)).toEqual({ k: 4, weight: 40, probes: [0, 31, 15, 4, 9, 6, 5] });
  });
});
