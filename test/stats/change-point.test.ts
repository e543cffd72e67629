import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestSplit, eDivisive, energyDivergence } from '../../src/stats/change-point';
import { createRng } from '../../src/stats/rng';

function noisy(seed: number, levels: readonly { length: number; mean: number }[], sd = 1): number[] {
  const rng = createRng(seed);
  return levels.flatMap(({ length, mean }) => Array.from({ length }, () => mean + sd * rng.normal()));
}

describe('energyDivergence: by hand', () => {
  it('two constant samples one apart', () => {
    // between: 4 pairs at distance 1 → 2/(2·2)·4 = 2; within: 0; scaled by 2·2/4 = 1.
    expect(energyDivergence([0, 0], [1, 1])).toBeCloseTo(2, 12);
  });

  it('X = [1, 2, 4], Y = [10, 13]', () => {
    // between: 9 + 12 + 8 + 11 + 6 + 9 = 55 → 2·55/6 = 18.333…
    // within X: 1 + 3 + 2 = 6 over C(3,2) = 3 → 2; within Y: 3 over C(2,2) = 1 → 3
    // Ê = 18.333… − 2 − 3 = 13.333…; q̂ = 3·2/5 · Ê = 16
    expect(energyDivergence([1, 2, 4], [10, 13])).toBeCloseTo(16, 12);
  });

  it('is symmetric and zero for identical samples', () => {
    expect(energyDivergence([10, 13], [1, 2, 4])).toBeCloseTo(16, 12);
    expect(energyDivergence([1, 2, 3], [1, 2, 3])).toBeLessThanOrEqual(0);
  });

  it('needs two points a side', () => {
    expect(() => energyDivergence([1], [2, 3])).toThrow(RangeError);
    expect(() => energyDivergence([1, 2], [3])).toThrow('energyDivergence needs at least 2 points in each sample');
  });
});

describe('bestSplit', () => {
  it('picks the split with the largest q̂, by hand', () => {
    // τ = 2: X = [1, 2], Y = [4, 10, 13]: 2·45/5 − 2·3·1/(5·1) − 2·2·18/(5·2) = 18 − 1.2 − 7.2 = 9.6
    // τ = 3: 16 (above). So the change is at index 3.
    expect(bestSplit([1, 2, 4, 10, 13], 2)).toEqual({ index: 3, statistic: expect.closeTo(16, 10) });
  });

  it('keeps full precision on values far from zero (1e9 + noise, as in byte counts)', () => {
    // The incremental sums run on values centred on the median: on the raw values, x·#below − Σbelow
    // would cancel ~1e10 against ~1e10 and lose 7 of 16 digits. The definition's double loop takes
    // each |xᵢ − yⱼ| exactly (nearby doubles subtract exactly), so it is the reference.
    const rng = createRng(4);
    const series = Array.from({ length: 40 }, (_, i) => 1e9 + (i < 25 ? 0 : 1) + rng.normal());
    const fast = bestSplit(series)!;
    const exact = energyDivergence(series.slice(0, fast.index), series.slice(fast.index));
    expect(Math.abs(fast.statistic / exact - 1)).toBeLessThan(1e-12);
  });

  it('is undefined when the series is shorter than two minimum segments', () => {
    expect(bestSplit([1, 2, 3, 4, 5, 6, 7, 8, 9], 5)).toBeUndefined();
  });

  it('matches the definition on every split (fast incremental sums vs the double loops)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e3, max: 1e3, noNaN: true }), { minLength: 4, maxLength: 40 }),
        fc.integer({ min: 2, max: 6 }),
        (values, minSize) => {
          fc.pre(values.length >= 2 * minSize);
          let best = -Infinity;
          let at = -1;
          for (let tau = minSize; tau <= values.length - minSize; tau++) {
            const q = energyDivergence(values.slice(0, tau), values.slice(tau));
            if (at < 0 || q > best + 1e-9 * Math.max(1, Math.abs(best))) {
              best = q;
              at = tau;
            }
          }
          const fast = bestSplit(values, minSize)!;
          expect(fast.statistic).toBeCloseTo(best, 6);
          // Same split, unless two splits tie to rounding.
          if (fast.index !== at) {
            const other = energyDivergence(values.slice(0, fast.index), values.slice(fast.index));
            expect(other).toBeCloseTo(best, 6);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('eDivisive', () => {
  it('finds one clear shift at the right index with a small p', () => {
    const series = noisy(7, [
      { length: 25, mean: 0 },
      { length: 15, mean: 4 },
    ]);
    const { changePoints } = eDivisive(series);
    expect(changePoints).toHaveLength(1);
    const [c] = changePoints;
    expect(c.index).toBe(25);
    expect(c.pValue).toBe(1 / 200); // the smallest p with 199 permutations
    expect(c.order).toBe(1);
    expect(c.before).toMatchObject({ start: 0, end: 25, count: 25 });
    expect(c.after).toMatchObject({ start: 25, end: 40, count: 15 });
  });

  it('reports means, medians and the relative shift of the segments around each change', () => {
    const series = [10, 10, 11, 10, 10, 20, 22, 20, 20, 20];
    const { changePoints } = eDivisive(series, { minSize: 3 });
    expect(changePoints).toHaveLength(1);
    const [c] = changePoints;
    expect(c.index).toBe(5);
    expect(c.before).toEqual({ start: 0, end: 5, count: 5, mean: 10.2, median: 10 });
    expect(c.after).toEqual({ start: 5, end: 10, count: 5, mean: 20.4, median: 20 });
    expect(c.relativeShift).toBeCloseTo(1, 12);
  });

  it('finds nothing in a noisy flat series, and says which candidate it rejected', () => {
    const result = eDivisive(noisy(3, [{ length: 80, mean: 100 }], 5));
    expect(result.changePoints).toEqual([]);
    expect(result.rejected!.pValue).toBeGreaterThanOrEqual(0.05);
  });

  it('keeps the false positive rate on flat series at about alpha or below', () => {
    const runs = 400;
    let positives = 0;
    for (let seed = 0; seed < runs; seed++) {
      const series = noisy(1000 + seed, [{ length: 40, mean: 50 }], 2);
      if (eDivisive(series, { seed }).changePoints.length > 0) positives++;
    }
    // α = 0.05; three standard errors of a proportion over 400 runs is 0.033.
    expect(positives / runs).toBeLessThan(0.05 + 0.033);
  });

  it('finds two shifts', () => {
    const series = noisy(11, [
      { length: 30, mean: 0 },
      { length: 30, mean: 3 },
      { length: 30, mean: 0.5 },
    ]);
    const { changePoints } = eDivisive(series);
    expect(changePoints.map((c) => c.index)).toEqual([30, 60]);
    expect(changePoints.every((c) => c.pValue < 0.05)).toBe(true);
    expect(new Set(changePoints.map((c) => c.order))).toEqual(new Set([1, 2]));
    expect(changePoints[0].after).toMatchObject({ start: 30, end: 60 });
    expect(changePoints[1].before).toMatchObject({ start: 30, end: 60 });
  });

  it('finds a change of spread with the same mean (energy distance sees distributions, not just means)', () => {
    const rng = createRng(5);
    const series = [
      ...Array.from({ length: 30 }, () => rng.normal() * 0.2),
      ...Array.from({ length: 30 }, () => rng.normal() * 4),
    ];
    const { changePoints } = eDivisive(series);
    expect(changePoints.length).toBeGreaterThanOrEqual(1);
    expect(Math.abs(changePoints[0].index - 30)).toBeLessThanOrEqual(3);
  });

  it('is deterministic for a seed', () => {
    const series = noisy(2, [
      { length: 20, mean: 0 },
      { length: 20, mean: 1.2 },
    ]);
    expect(eDivisive(series, { seed: 42 })).toEqual(eDivisive(series, { seed: 42 }));
    const a = eDivisive(series, { seed: 1 });
    const b = eDivisive(series, { seed: 2 });
    // Another seed may move a p-value by permutation noise, never the candidate.
    expect(a.changePoints.map((c) => c.statistic)).toEqual(
      b.changePoints.slice(0, a.changePoints.length).map((c) => c.statistic),
    );
  });

  it('finds nothing in a constant series (every permutation ties: p = 1)', () => {
    expect(eDivisive(Array(20).fill(3))).toEqual({ changePoints: [], rejected: { index: 5, statistic: 0, pValue: 1 } });
  });

  it('splits a series of exactly two minimum segments, and tests it like any other', () => {
    // One split (τ = 5): X = 0 ×5, Y = 10 ×5: between 2·(25·10)/25 = 20, within 0, q̂ = 25/10 · 20 = 50.
    // A shuffle reproduces it only when the five 0s land on one side: 2 of C(10, 5) = 252 orderings.
    const step = [0, 0, 0, 0, 0, 10, 10, 10, 10, 10];
    const { changePoints, rejected } = eDivisive(step);
    expect(rejected).toBeUndefined(); // both halves are shorter than 2·minSize: nothing left to test
    expect(changePoints).toHaveLength(1);
    expect(changePoints[0]).toMatchObject({ index: 5, statistic: 50, order: 1 });
    expect(changePoints[0].pValue).toBeLessThan(0.05);
    // The segment before has mean 0: no relative shift to report.
    expect(changePoints[0].relativeShift).toBeNull();
    // Constant, the same length: every shuffle ties the observed q̂ = 0, so p = 1.
    expect(eDivisive(Array(10).fill(3))).toEqual({ changePoints: [], rejected: { index: 5, statistic: 0, pValue: 1 } });
  });

  it('rejects a candidate whose p equals alpha (the search stops at p ≥ α)', () => {
    // With R permutations p is at least 1/(R + 1); the split above is reproduced by 2/252 of shuffles,
    // and by none of these seed-0 ones, so p is exactly that minimum.
    const step = [0, 0, 0, 0, 0, 10, 10, 10, 10, 10];
    expect(eDivisive(step, { permutations: 1, alpha: 0.5 })).toEqual({
      changePoints: [],
      rejected: { index: 5, statistic: 50, pValue: 0.5 },
    });
    expect(eDivisive(step, { permutations: 1, alpha: 0.6 }).changePoints.map((c) => [c.index, c.pValue])).toEqual([
      [5, 0.5],
    ]);
    // 19 permutations can never reach α = 0.05: p ≥ 1/20.
    expect(eDivisive(step, { permutations: 19 }).rejected).toEqual({ index: 5, statistic: 50, pValue: 0.05 });
  });

  it('the permutation test is exact: on [0, 0, 1, 1] a third of the orderings reproduce the split', () => {
    // minSize 2 leaves one split, τ = 2. [0, 0 | 1, 1] and [1, 1 | 0, 0] give q̂ = 2 (above, by hand);
    // the four mixed orderings give between 2·2/4 = 1, within 1 and 1: q̂ = 1 · (1 − 1 − 1) = −1.
    // So p estimates (1/3 · R + 1)/(R + 1); with R = 19,999 its standard error is 0.0033.
    const { changePoints, rejected } = eDivisive([0, 0, 1, 1], { minSize: 2, permutations: 19_999 });
    expect(changePoints).toEqual([]);
    expect(rejected!.index).toBe(2);
    expect(rejected!.statistic).toBe(2);
    expect(Math.abs(rejected!.pValue - (19_999 / 3 + 1) / 20_000)).toBeLessThan(4 * 0.0033);
    // The seed drives the shuffles: other seeds, other p-values around the same 1/3.
    const ps = [0, 1, 2, 3, 4].map((seed) => eDivisive([0, 0, 1, 1], { minSize: 2, seed }).rejected!.pValue);
    expect(new Set(ps).size).toBeGreaterThan(1);
    for (const p of ps) expect(Math.abs(p - 1 / 3)).toBeLessThan(0.15);
  });

  it('tests the most divergent segment, against shuffles of every segment', () => {
    // [0, 0, 1, 1, 10 ×8], minSize 2. Step 1 splits at 4: X = [0, 0, 1, 1], Y = 10 ×8: between
    // 2·(8·38)/32 = 19, within X 2·4/12 = 2/3, within Y 0: q̂ = 32/12 · (19 − 2/3) = 48.89.
    // Step 2: [0, 0, 1, 1] (best q̂ 2 at index 2) against the constant 10 ×8 (q̂ 0): the first is the
    // candidate, and since the constant segment's shuffles all give 0, the maximum over the shuffles
    // reaches 2 exactly when [0, 0, 1, 1] is reproduced (a third of the time): p ≈ 1/3, rejected.
    const { changePoints, rejected } = eDivisive([0, 0, 1, 1, 10, 10, 10, 10, 10, 10, 10, 10], { minSize: 2 });
    expect(changePoints.map((c) => c.index)).toEqual([4]);
    expect(changePoints[0].statistic).toBeCloseTo(48 + 8 / 9, 10);
    expect(changePoints[0].relativeShift).toBeCloseTo(10 / 0.5 - 1, 12);
    expect(rejected!.index).toBe(2);
    expect(rejected!.statistic).toBe(2);
    expect(Math.abs(rejected!.pValue - 1 / 3)).toBeLessThan(0.15);
  });

  it('a noiseless staircase: three changes, the largest first, ties to the earlier segment', () => {
    // 0 ×10, 5 ×10, 20 ×10, 25 ×10. At τ = 20: between 2·(100·(20 + 25 + 15 + 20))/400 = 40, within
    // each side 2·(100·5)/(20·19) = 50/19: q̂ = 400/40 · (40 − 100/19) = 6600/19 (τ = 10 gives 181).
    // The two halves are then the same shape (shifted by 20), so their best q̂ tie exactly; the earlier
    // is taken first. At the end every segment is constant: q̂ 0 everywhere, p = 1, at the first one.
    const series = [0, 5, 20, 25].flatMap((v) => Array(10).fill(v));
    const { changePoints, rejected } = eDivisive(series);
    expect(changePoints.map((c) => [c.index, c.order])).toEqual([
      [10, 2],
      [20, 1],
      [30, 3],
    ]);
    expect(changePoints[1].statistic).toBeCloseTo(6600 / 19, 9);
    expect(changePoints[0].statistic).toBe(changePoints[2].statistic);
    expect(rejected).toEqual({ index: 5, statistic: 0, pValue: 1 });
  });

  it('gives the same change points and p-values in any unit (seconds or microseconds)', () => {
    const series = noisy(
      7,
      [
        { length: 25, mean: 0.2 },
        { length: 15, mean: 0.23 },
      ],
      0.01,
    );
    const a = eDivisive(series);
    const b = eDivisive(series.map((x) => x * 1e-6));
    expect(a.changePoints.length).toBeGreaterThan(0);
    expect(b.changePoints.map((c) => [c.index, c.pValue])).toEqual(a.changePoints.map((c) => [c.index, c.pValue]));
    expect(b.rejected?.pValue).toBe(a.rejected?.pValue);
    b.changePoints.forEach((c, k) => expect(c.statistic / a.changePoints[k].statistic).toBeCloseTo(1e-6, 15));
  });

  it('stops at maxChangePoints', () => {
    const series = noisy(11, [
      { length: 30, mean: 0 },
      { length: 30, mean: 3 },
      { length: 30, mean: 0.5 },
    ]);
    const { changePoints } = eDivisive(series, { maxChangePoints: 1 });
    expect(changePoints).toHaveLength(1);
    expect(changePoints[0].order).toBe(1);
  });

  it('rejects non-finite values and bad options', () => {
    expect(() => eDivisive([1, 2, NaN])).toThrow(RangeError);
    expect(() => eDivisive([1, 2, 3], { minSize: 1 })).toThrow(RangeError);
    expect(() => eDivisive([1, 2, 3], { alpha: 1 })).toThrow(RangeError);
    expect(() => eDivisive([1, 2, 3], { permutations: 0 })).toThrow(RangeError);
    // Each message names what was wrong and the value given.
    expect(() => eDivisive([1, 2, Infinity])).toThrow('change point series must be finite: index 2 is Infinity');
    expect(() => eDivisive([1, 2, 3], { minSize: 1 })).toThrow('minSize must be an integer of at least 2, got 1');
    expect(() => eDivisive([1, 2, 3], { alpha: 0 })).toThrow('alpha must be in (0, 1), got 0');
    expect(() => eDivisive([1, 2, 3], { alpha: -0.1 })).toThrow(RangeError);
    expect(() => eDivisive([1, 2, 3], { permutations: 1.5 })).toThrow(
      'permutations must be a positive integer, got 1.5',
    );
  });

  it('handles series too short to split', () => {
    expect(eDivisive([])).toEqual({ changePoints: [] });
    expect(eDivisive([1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual({ changePoints: [] });
  });

  // A timing: meaningless on code instrumented for mutation testing (npm run mutate), so skipped there.
  it.skipIf(process.env.STRYKER_MUTATOR_WORKER !== undefined)(
    'runs 300 points with 199 permutations in well under a tenth of a second',
    () => {
      const flat = noisy(9, [{ length: 300, mean: 100 }], 3);
      const shifted = noisy(
        9,
        [
          { length: 150, mean: 100 },
          { length: 150, mean: 110 },
        ],
        3,
      );
      eDivisive(flat); // warm up the JIT
      const times: number[] = [];
      for (const series of [flat, shifted, flat, shifted, flat]) {
        const t = performance.now();
        eDivisive(series);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      // Typically 5 ms (flat: one test) to 20 ms (one change: three tests); the bound leaves room for a loaded CI machine.
      expect(times[2]).toBeLessThan(100);
    },
  );
});

describe('eDivisive properties', () => {
  const stepSeries = fc
    .record({
      seed: fc.integer({ min: 0, max: 1_000_000 }),
      levels: fc.array(fc.record({ length: fc.integer({ min: 1, max: 25 }), mean: fc.integer({ min: -5, max: 5 }) }), {
        minLength: 1,
        maxLength: 5,
      }),
      sd: fc.double({ min: 0.05, max: 2, noNaN: true }),
    })
    .map(({ seed, levels, sd }) => noisy(seed, levels, sd));

  it('never puts a change point within minSize of an edge or of another, indices in bounds, p in (0, α)', () => {
    fc.assert(
      fc.property(
        stepSeries,
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 0, max: 1000 }),
        (series, minSize, seed) => {
          const { changePoints, rejected } = eDivisive(series, { minSize, seed, permutations: 49 });
          if (changePoints.length > 0) {
            const bounds = [0, ...changePoints.map((c) => c.index), series.length];
            for (let k = 1; k < bounds.length; k++) expect(bounds[k] - bounds[k - 1]).toBeGreaterThanOrEqual(minSize);
          }
          for (const c of changePoints) {
            expect(Number.isInteger(c.index)).toBe(true);
            expect(c.index).toBeGreaterThanOrEqual(minSize);
            expect(c.index).toBeLessThanOrEqual(series.length - minSize);
            expect(c.pValue).toBeGreaterThan(0);
            expect(c.pValue).toBeLessThan(0.05);
            expect(c.before.end).toBe(c.index);
            expect(c.after.start).toBe(c.index);
          }
          if (rejected) {
            expect(rejected.pValue).toBeGreaterThan(0);
            expect(rejected.pValue).toBeLessThanOrEqual(1);
            expect(rejected.pValue).toBeGreaterThanOrEqual(0.05);
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
