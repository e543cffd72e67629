// Score intervals for proportions, against published values: Wilson's single-proportion interval
// and Newcombe's hybrid for a difference (Newcombe 1998, Stat. Med. 17:857–872, method 10).
import { describe, expect, it } from 'vitest';
import {
  effectiveCount,
  newcombeInterval,
  normalQuantile,
  wilsonInterval,
  zForLevel,
} from '../../src/stats/proportion';

const z95 = 1.959963984540054;

describe('Wilson score interval', () => {
  it('8 of 10: 0.4902 … 0.9433', () => {
    const [lo, hi] = wilsonInterval(8, 10, z95);
    expect(lo).toBeCloseTo(0.4901625, 6);
    expect(hi).toBeCloseTo(0.9433178, 6);
  });

  it('0 of 10 and 10 of 10: the bound on that side is exactly 0 or 1 (Newcombe: 0 … 0.2775)', () => {
    const [lo0, hi0] = wilsonInterval(0, 10, z95);
    expect(lo0).toBe(0);
    expect(hi0).toBeCloseTo(0.2775328, 6);
    // 0 of 7: the formula leaves 2.8e-17 above 0; the bound is exactly 0.
    expect(wilsonInterval(0, 7, z95)[0]).toBe(0);
    const [lo10, hi10] = wilsonInterval(10, 10, z95);
    expect(lo10).toBeCloseTo(0.7224672, 6);
    expect(hi10).toBe(1);
  });

  it('fractional (effective) counts and no data', () => {
    // 4 of 5 is 8 of 10 with half the information: wider, same centre formula.
    const [lo, hi] = wilsonInterval(4, 5, z95);
    expect(lo).toBeLessThan(0.4901625);
    expect(hi).toBeGreaterThan(0.9433178);
    expect(hi).toBeLessThan(1);
    expect(wilsonInterval(0, 0, z95)).toEqual([0, 1]);
    expect(wilsonInterval(1, 0, z95)).toEqual([0, 1]); // no requests: nothing known, whatever the count says
    expect(wilsonInterval(1, Number.NaN, z95)).toEqual([0, 1]);
  });
});

describe('Newcombe hybrid interval for a difference of proportions', () => {
  it("Newcombe's examples: 56/70 − 48/80 and 9/10 − 3/10", () => {
    const [lo, hi] = newcombeInterval(56, 70, 48, 80, z95);
    expect(lo).toBeCloseTo(0.0524, 4);
    expect(hi).toBeCloseTo(0.3339, 4);
    const [lo2, hi2] = newcombeInterval(9, 10, 3, 10, z95);
    expect(lo2).toBeCloseTo(0.1705, 4);
    expect(hi2).toBeCloseTo(0.809, 4);
  });

  it('is the mirror image when the sides swap', () => {
    const [lo, hi] = newcombeInterval(48, 80, 56, 70, z95);
    expect(lo).toBeCloseTo(-0.3339, 4);
    expect(hi).toBeCloseTo(-0.0524, 4);
  });
});

describe('normal quantiles', () => {
  it('matches the inverse normal CDF in the middle and in both tails', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 8);
    expect(normalQuantile(0.5)).toBe(0);
    expect(normalQuantile(0.01)).toBeCloseTo(-2.326347874040841, 8);
    expect(normalQuantile(0.999)).toBeCloseTo(3.090232306167813, 8);
    expect(normalQuantile(0.02)).toBeCloseTo(-2.053748910631823, 8);
    expect(normalQuantile(0.98)).toBeCloseTo(2.053748910631823, 8);
  });

  it('0 and 1 are the infinities; outside [0, 1] is not a probability', () => {
    expect(normalQuantile(0)).toBe(-Infinity);
    expect(normalQuantile(1)).toBe(Infinity);
    expect(normalQuantile(-0.1)).toBeNaN();
    expect(normalQuantile(1.1)).toBeNaN();
    expect(normalQuantile(Number.NaN)).toBeNaN();
  });

  it('two-sided critical values for a confidence level', () => {
    expect(zForLevel(0.95)).toBeCloseTo(1.959964, 6);
    expect(zForLevel(0.99)).toBeCloseTo(2.575829, 6);
  });
});

describe('effective count of a good/miss indicator', () => {
  it('independent-looking, alternating or constant series keep every row', () => {
    expect(effectiveCount([1, 0, 1])).toBe(3); // fewer than 20 rows: too few to estimate ρ
    expect(effectiveCount([1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0])).toBe(14); // even when the misses cluster
    expect(effectiveCount(Array.from({ length: 40 }, (_, i) => i % 2))).toBe(40); // ρ < 0 never narrows
    expect(effectiveCount(new Array(30).fill(1))).toBe(30); // no variance
  });

  it('misses in one run of time count as far fewer independent requests', () => {
    // 10 good then 10 missed: mean ½, Σx² = 20·¼ = 5, Σ x_i x_{i+1} = 18·¼ − ¼ = 4.25, ρ = 0.85,
    // n·(1−ρ)/(1+ρ) = 20 · 0.15 / 1.85.
    expect(effectiveCount([...new Array(10).fill(1), ...new Array(10).fill(0)])).toBeCloseTo((20 * 0.15) / 1.85, 12);
    // 500 then 500: ρ = 249.25/250 = 0.997, capped at 0.99: 1000 · 0.01 / 1.99.
    expect(effectiveCount([...new Array(500).fill(1), ...new Array(500).fill(0)])).toBeCloseTo(
      (1000 * 0.01) / 1.99,
      12,
    );
  });
});
