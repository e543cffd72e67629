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

describe('Student t: both branches and the edges', () => {
  /** I_x(a, b) for whole a and b: the chance of at least a successes in a + b − 1 trials of chance x. */
  const binomialTail = (a: number, b: number, x: number) => {
    const n = a + b - 1;
    let sum = 0;
    for (let j = a; j <= n; j++) {
      let logChoose = 0;
      for (let k = 1; k <= j; k++) logChoose += Math.log(n - j + k) - Math.log(k);
      sum += Math.exp(logChoose + j * Math.log(x) + (n - j) * Math.log(1 - x));
    }
    return sum;
  };

  it('the incomplete beta on either side of (a + 1)/(a + b + 2), where the fraction switches to 1 − I_{1−x}(b, a)', () => {
    // (40, 60): the switch is at 41/102 ≈ 0.402; (30, 30) at 31/62 = 0.5.
    for (const x of [0.3, 0.45, 0.9]) expect(incompleteBeta(x, 40, 60)).toBeCloseTo(binomialTail(40, 60, x), 12);
    expect(incompleteBeta(0.7, 30, 30)).toBeCloseTo(binomialTail(30, 30, 0.7), 12);
  });

  it('the incomplete beta is 0 below x = 0 and 1 above x = 1', () => {
    expect(incompleteBeta(-0.1, 2, 3)).toBe(0);
    expect(incompleteBeta(0, 2, 3)).toBe(0);
    expect(incompleteBeta(1, 2, 3)).toBe(1);
    expect(incompleteBeta(1.5, 2, 3)).toBe(1);
  });

  it('log-gamma below 1/2 by the reflection formula: Γ(1/4) = 3.6256099082…, Γ(0.1) = 9.5135076986…', () => {
    expect(logGamma(0.25)).toBeCloseTo(Math.log(3.625609908221908), 12);
    expect(logGamma(0.1)).toBeCloseTo(Math.log(9.513507698668732), 12);
    // Near 0, ln Γ(x) = −ln x − γx + (π²/12)x² − (ζ(3)/3)x³ + …: at 1e-5 the Lanczos sum alone is off by 5e-12.
    const x = 1e-5;
    const series =
      -Math.log(x) - 0.5772156649015329 * x + (Math.PI ** 2 / 12) * x * x - (1.2020569031595942 / 3) * x ** 3;
    expect(logGamma(x)).toBeCloseTo(series, 12);
  });

  it('the CDF below 0 is the lower tail: pt(−2.015048, 5) = 0.05, and P(T ≤ −t) = 1 − P(T ≤ t)', () => {
    expect(studentTCdf(-2.015048, 5)).toBeCloseTo(0.05, 6);
    expect(studentTCdf(-1.3, 2.5)).toBeCloseTo(1 - studentTCdf(1.3, 2.5), 14);
  });

  it('the median is exactly 0, and a p or df outside the domain is a RangeError that says so', () => {
    expect(studentTQuantile(0.5, 3)).toBe(0);
    for (const [p, df] of [
      [0, 5],
      [1, 5],
      [-0.2, 5],
      [1.5, 5],
      [NaN, 5],
      [0.9, 0],
      [0.9, -1],
    ])
      expect(() => studentTQuantile(p, df), `${p}, ${df}`).toThrow(
        `studentTQuantile(${p}, ${df}): need 0 < p < 1 and df > 0`,
      );
  });
});
