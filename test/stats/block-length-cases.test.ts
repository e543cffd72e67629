// optimalBlockLength (src/stats/block-length.ts) on short series computed by hand: the window of
// kn lags that sets m̂, and the guard on the long-run variance estimate ĝ.
import { describe, expect, it } from 'vitest';
import { optimalBlockLength } from '../../src/stats/block-length';

describe('optimalBlockLength by hand', () => {
  it('looks kn = 5 lags past m for m̂: a pulse every 5th value keeps its lag-5 dependence', () => {
    // x = 1 at i ≡ 0 (mod 5), else 0, n = 20: mean 0.2, centred 0.8 and −0.2.
    // K_n = 5, m_max = ⌈√20⌉ + 5 = 10, threshold 2√(log10 20 / 20) ≈ 0.510.
    // R(0) = (4 · 0.64 + 16 · 0.04)/20 = 0.16; R(k) = −0.03 − 0.002k for k = 1…4, R(5) = 0.12 (ρ 0.75),
    // R(5 + j) = −0.02 − 0.002j for j = 1…4, R(10) = 0.08 (ρ 0.5). Every window of lags m+1…m+5
    // with m < 5 holds lag 5, so m̂ = 5 (lags 6…10 all below 0.510) and M = 10; a window of only four
    // lags would stop at m̂ = 0 (M = 2, b = 2). Flat-top weights 1 for k ≤ 5, then 0.8, 0.6, 0.4, 0.2, 0:
    // ĝ = 0.16 + 2(−0.14 + 0.12) + 2(−0.048) = 0.024, Ĝ = 2(−0.36 + 0.6 − 0.34) = −0.2,
    // b = (Ĝ/ĝ)^(2/3) · 20^(1/3) = (12500/9)^(1/3) ≈ 11.2, capped at ⌊min(3√20, 20/3)⌋ = 6.
    const pulses = Float64Array.from({ length: 20 }, (_, i) => (i % 5 === 0 ? 1 : 0));
    expect(optimalBlockLength(pulses)).toBe(6);
  });

  it('returns 1 when the long-run variance estimate ĝ is negative or zero', () => {
    // x = 0,1,0,1,0,1,0,0,1,0,0,0 (n = 12, mean 1/3): R(0) = 2/9; of the 11 neighbour pairs 8 mix a
    // 1 and a 0 (−2/9 each) and 3 are both 0 (1/9 each), so R(1) = −13/108 (ρ −0.54); ρ(2…5) = 7/24,
    // −1/8, 1/12, 1/24: all below the threshold 2√(log10 12 / 12) ≈ 0.600, so m̂ = 0 and M = 2
    // (weights 1 at lag 1, 0 at lag 2): ĝ = R(0) + 2R(1) = −1/54 < 0. A formula that went on would
    // give (Ĝ/ĝ)^(2/3) · 12^(1/3) = 2028^(1/3) ≈ 12.7, capped at 4.
    const negative = Float64Array.from([0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 0]);
    expect(optimalBlockLength(negative)).toBe(1);
    // x = 0,1,1,1,0,1,0,1,0,1,0,1,0,0 (n = 14, mean 1/2, centred ±1/2): R(0) = 1/4; 3 of 13
    // neighbour pairs are alike, so R(1) = (3 − 10)/4/14 = −1/8; ρ(2…5) = 3/7, −1/2, 3/7, −5/14, all
    // below 0.572, so M = 2 and ĝ = 1/4 − 2/8 = 0 exactly (Ĝ = −1/4): no length from a zero variance
    // (the formula would divide by 0 and give the cap, 4).
    const zero = Float64Array.from([0, 1, 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0]);
    expect(optimalBlockLength(zero)).toBe(1);
  });
});
