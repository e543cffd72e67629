// The standard normal CDF (simple-statistics' error function underneath) against exact values of Φ.
import { describe, expect, it } from 'vitest';
import { normalCdf } from '../../src/diagnose/workload';
import { normalQuantile } from '../../src/stats/proportion';

describe('normalCdf', () => {
  it('matches Φ at hand-checked points to 1e-7', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1)).toBeCloseTo(0.8413447460685429, 7);
    expect(normalCdf(-1)).toBeCloseTo(0.15865525393145707, 7);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 7);
    expect(normalCdf(3)).toBeCloseTo(0.9986501019683699, 7);
  });

  it('keeps its relative error small in the tails, where p-values live', () => {
    expect(Math.abs(normalCdf(-3) / 0.0013498980316301035 - 1)).toBeLessThan(1e-7);
    expect(Math.abs((1 - normalCdf(4)) / 3.167124183311998e-5 - 1)).toBeLessThan(1e-6);
  });

  it('inverts normalQuantile', () => {
    for (const p of [0.01, 0.1, 0.5, 0.9, 0.99]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 7);
  });
});
