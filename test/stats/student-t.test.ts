// Student's t against published table values (R's qt / pt to 6 digits).
import { describe, expect, it } from 'vitest';
import { incompleteBeta, logGamma, studentTCdf, studentTQuantile } from '../../src/stats/student-t';

describe('Student t', () => {
  it('log-gamma matches factorials and Γ(1/2) = √π', () => {
    expect(logGamma(5)).toBeCloseTo(Math.log(24), 12);
    expect(logGamma(0.5)).toBeCloseTo(0.5 * Math.log(Math.PI), 12);
    expect(logGamma(10.5)).toBeCloseTo(13.940625219403763, 10);
  });

  it('the incomplete beta has its closed forms: I_x(1, 1) = x, I_x(a, 1) = x^a', () => {
    expect(incompleteBeta(0.3, 1, 1)).toBeCloseTo(0.3, 12);
    expect(incompleteBeta(0.3, 2.5, 1)).toBeCloseTo(0.3 ** 2.5, 12);
    expect(incompleteBeta(0.7, 1, 3)).toBeCloseTo(1 - 0.3 ** 3, 12);
  });

  it('quantiles agree with qt()', () => {
    // qt(0.975, df) in R
    expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.706205, 5);
    expect(studentTQuantile(0.975, 3)).toBeCloseTo(3.182446, 5);
    expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.042272, 5);
    expect(studentTQuantile(0.995, 10)).toBeCloseTo(3.169273, 5);
    expect(studentTQuantile(0.9, 5)).toBeCloseTo(1.475884, 5);
    expect(studentTQuantile(0.025, 3)).toBeCloseTo(-3.182446, 5);
    // Cauchy (df 1) in closed form: tan(π(p − 1/2)).
    expect(studentTQuantile(0.99722, 1)).toBeCloseTo(Math.tan(Math.PI * (0.99722 - 0.5)), 4);
    // Large df tends to the normal.
    expect(studentTQuantile(0.975, 1e6)).toBeCloseTo(1.959966, 4);
  });

  it('the CDF inverts the quantile', () => {
    for (const df of [1, 2.5, 4, 9, 40])
      for (const p of [0.6, 0.9, 0.99, 0.999]) expect(studentTCdf(studentTQuantile(p, df), df)).toBeCloseTo(p, 9);
    expect(studentTCdf(0, 7)).toBe(0.5);
  });
});
