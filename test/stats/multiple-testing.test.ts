import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { benjaminiHochberg } from '../../src/stats/multiple-testing';

/** BH from the definition: adjusted p_(k) = min over j ≥ k of min(1, m p_(j) / j). */
function naiveBH(ps: number[]): number[] {
  const m = ps.length;
  const sorted = ps.map((p, i) => ({ p, i })).sort((a, b) => a.p - b.p || a.i - b.i);
  const out = new Array<number>(m);
  sorted.forEach(({ i }, k) => {
    let best = 1;
    for (let j = k; j < m; j++) best = Math.min(best, (m * sorted[j].p) / (j + 1));
    out[i] = best;
  });
  return out;
}

describe('benjaminiHochberg', () => {
  it('[0.01, 0.04, 0.03, 0.005] with m = 4 → [0.02, 0.04, 0.04, 0.02]', () => {
    // sorted: 0.005 (rank 1) → 4·0.005/1 = 0.02; 0.01 (2) → 0.02; 0.03 (3) → 0.04; 0.04 (4) → 0.04;
    // running minimum from the top leaves them as they are; results go back to input order.
    const adjusted = benjaminiHochberg([0.01, 0.04, 0.03, 0.005]);
    expect(adjusted).toHaveLength(4);
    [0.02, 0.04, 0.04, 0.02].forEach((v, i) => expect(adjusted[i]).toBeCloseTo(v, 15));
  });

  it('takes the running minimum from the largest p down', () => {
    // [0.01, 0.02, 0.03, 0.04, 0.05], m = 5: every m·p/rank is 0.05
    benjaminiHochberg([0.05, 0.01, 0.04, 0.02, 0.03]).forEach((v) => expect(v).toBeCloseTo(0.05, 15));
    // [0.5, 0.9, 0.001], m = 3: 0.001·3/1 = 0.003; 0.5·3/2 = 0.75; 0.9·3/3 = 0.9
    const adjusted = benjaminiHochberg([0.5, 0.9, 0.001]);
    expect(adjusted[0]).toBeCloseTo(0.75, 15);
    expect(adjusted[1]).toBeCloseTo(0.9, 15);
    expect(adjusted[2]).toBeCloseTo(0.003, 15);
    // [0.04, 0.045], m = 2: 0.04·2/1 = 0.08 is lowered to the next one's 0.045
    expect(benjaminiHochberg([0.04, 0.045])).toEqual([0.045, 0.045]);
  });

  it('never exceeds 1', () => {
    // m = 3: 1·3/3 = 1; 0.9·3/2 = 1.35 → 1; 0.8·3/1 = 2.4 → 1
    expect(benjaminiHochberg([0.8, 0.9, 1])).toEqual([1, 1, 1]);
    // m = 2: 0.7·2/2 = 0.7; 0.6·2/1 = 1.2 → min(1.2, 0.7) = 0.7
    expect(benjaminiHochberg([0.6, 0.7])).toEqual([0.7, 0.7]);
    // m = 2: 0.9·2/2 = 0.9; 0.55·2/1 = 1.1 → min(1.1, 0.9) = 0.9
    expect(benjaminiHochberg([0.9, 0.55])).toEqual([0.9, 0.9]);
    // m = 3, one small, two large: 0.7·3/3 = 0.7; 0.69·3/2 = 1.035 → 0.7; 0.01·3 = 0.03
    expect(benjaminiHochberg([0.7, 0.01, 0.69])[0]).toBeCloseTo(0.7, 15);
    expect(benjaminiHochberg([0.7, 0.01, 0.69])[2]).toBeCloseTo(0.7, 15);
    expect(benjaminiHochberg([1, 1, 1])).toEqual([1, 1, 1]);
  });

  it('leaves a single p-value alone and an empty list empty', () => {
    expect(benjaminiHochberg([0.03])).toEqual([0.03]);
    expect(benjaminiHochberg([])).toEqual([]);
  });

  it('gives ties the same adjusted value', () => {
    expect(benjaminiHochberg([0.02, 0.02])).toEqual([0.02, 0.02]);
    const a = benjaminiHochberg([0.01, 0.3, 0.01, 0.2]);
    expect(a[0]).toBe(a[2]);
  });

  it('does not modify its input', () => {
    const ps = [0.3, 0.01, 0.2];
    benjaminiHochberg(ps);
    expect(ps).toEqual([0.3, 0.01, 0.2]);
  });

  it('properties: definition, bounds, monotone, order-preserving', () => {
    const pList = fc.array(fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.01, 0.05, 1)), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(pList, (ps) => {
        const adjusted = benjaminiHochberg(ps);
        const naive = naiveBH(ps);
        for (let i = 0; i < ps.length; i++) {
          if (Math.abs(adjusted[i] - naive[i]) > 1e-15) return false;
          if (adjusted[i] < ps[i] - 1e-15 || adjusted[i] > 1) return false;
          for (let j = 0; j < ps.length; j++) if (ps[i] <= ps[j] && adjusted[i] > adjusted[j]) return false;
        }
        // permuting the input permutes the output
        const reversed = benjaminiHochberg([...ps].reverse());
        return reversed.every((v, k) => v === adjusted[ps.length - 1 - k]);
      }),
      { numRuns: 400, seed: 31337 },
    );
  });
});
