import { describe, expect, it } from 'vitest';
import { createResampler, type SideResampler } from '../../src/stats/block-bootstrap';
import { createRng } from '../../src/stats/rng';
import { bootstrapChange, type ChangeOptions } from '../../src/stats/two-sample';

/** A side whose replicates are a fixed cycle, so every output can be worked out by hand. */
function fixedSide(point: number, replicates: number[]): SideResampler {
  let i = 0;
  return { point, size: replicates.length, blockLengths: [1], replicate: () => replicates[i++ % replicates.length] };
}

function options(over: Partial<ChangeOptions> = {}): ChangeOptions {
  return {
    resamples: 2000,
    level: 0.95,
    rng: createRng(1),
    baseNoise: 0,
    headNoise: 0,
    relativeMargin: 0.05,
    absoluteMargin: 0,
    ...over,
  };
}

function exponentialSample(seed: number, n: number, mean: number): Float64Array {
  const rng = createRng(seed);
  return Float64Array.from({ length: n }, () => rng.exponential(mean));
}

describe('bootstrapChange: hand-computed from fixed replicates', () => {
  // base replicates are all 1, so each relative change is the head replicate − 1:
  // [0.5, 0.25, 0.75, 1, −0.25, 0.125, 0.375, 0.625, 0.875]; sorted:
  // [−0.25, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1]
  const head = [1.5, 1.25, 1.75, 2, 0.75, 1.125, 1.375, 1.625, 1.875];
  const run = (margin: number) =>
    bootstrapChange(
      fixedSide(1, [1]),
      fixedSide(1.5, head),
      options({ resamples: 9, level: 0.8, relativeMargin: margin }),
    );

  it('reports the points, the difference and the relative change', () => {
    const r = run(0.2);
    expect(r.base).toBe(1);
    expect(r.head).toBe(1.5);
    expect(r.difference).toBe(0.5);
    expect(r.relative).toBe(0.5);
    expect(r.resamples).toBe(9);
    expect(r.level).toBe(0.8);
  });

  it('gives percentile intervals at (1 − level)/2 and (1 + level)/2, type 7', () => {
    const r = run(0.2);
    // q = 0.1: h = 0.8 → −0.25 + 0.8 × 0.375 = 0.05; q = 0.9: h = 7.2 → 0.875 + 0.2 × 0.125 = 0.9
    expect(r.relativeInterval![0]).toBeCloseTo(0.05, 12);
    expect(r.relativeInterval![1]).toBeCloseTo(0.9, 12);
    // differences are the same numbers here
    expect(r.differenceInterval[0]).toBeCloseTo(0.05, 12);
    expect(r.differenceInterval[1]).toBeCloseTo(0.9, 12);
    expect(r.baseInterval).toEqual([1, 1]);
    // head sorted: [0.75, 1.125, …, 2] → 1.05 and 1.9
    expect(r.headInterval[0]).toBeCloseTo(1.05, 12);
    expect(r.headInterval[1]).toBeCloseTo(1.9, 12);
  });

  it('p-value for "within ± margin": 2 (min(#≤margin, #≥−margin) + 1) / (B + 1)', () => {
    // margin 0.2: 2 replicates ≤ 0.2 (−0.25, 0.125), 8 ≥ −0.2 → 2 × 3 / 10
    expect(run(0.2).pValue).toBe(0.6);
    // margin 0.1: 1 replicate ≤ 0.1, 8 ≥ −0.1 → 2 × 2 / 10
    expect(run(0.1).pValue).toBe(0.4);
    // margin 1: all 9 on both sides → capped at 1
    expect(run(1).pValue).toBe(1);
    // margin 0 is the same as the zero test: 1 replicate ≤ 0, 8 ≥ 0 → 0.4
    expect(run(0).pValue).toBe(0.4);
    expect(run(0.2).pValueZero).toBe(0.4);
  });

  it('drops replicates whose base is 0 from the relative interval and the tests, not from the differences', () => {
    const r = bootstrapChange(
      fixedSide(1, [1, 0, 1, 1]),
      fixedSide(1.5, [1.5, 1.5, 1.25, 1.75]),
      options({ resamples: 4, level: 0.5, relativeMargin: 0 }),
    );
    // relatives [0.5, NaN, 0.25, 0.75]: 3 usable, none ≤ 0 → 2 × 1 / 4
    expect(r.pValue).toBe(0.5);
    expect(r.pValueZero).toBe(0.5);
    // finite relatives sorted [0.25, 0.5, 0.75]: q 0.25 → h 0.5 → 0.375; q 0.75 → 0.625
    expect(r.relativeInterval).toEqual([0.375, 0.625]);
    // differences [0.5, 1.5, 0.25, 0.75] sorted [0.25, 0.5, 0.75, 1.5]: h 0.75 → 0.4375; h 2.25 → 0.9375
    expect(r.differenceInterval).toEqual([0.4375, 0.9375]);
    // base replicates [1, 0, 1, 1] sorted [0, 1, 1, 1]
    expect(r.baseInterval).toEqual([0.75, 1]);
  });

  it('tests the difference against the absolute margin when the base point is 0', () => {
    const r = bootstrapChange(
      fixedSide(0, [0]),
      fixedSide(2, [1, 2, 3, 4, 5]),
      options({ resamples: 5, level: 0.5, relativeMargin: 0.1, absoluteMargin: 1.5 }),
    );
    expect(r.relative).toBeNull();
    expect(r.relativeInterval).toBeNull();
    expect(r.difference).toBe(2);
    // differences [1..5]: 1 ≤ 1.5, 5 ≥ −1.5 → 2 × 2 / 6
    expect(r.pValue).toBeCloseTo(2 / 3, 15);
    // none ≤ 0 → 2 × 1 / 6
    expect(r.pValueZero).toBeCloseTo(1 / 3, 15);
    expect(r.differenceInterval).toEqual([2, 4]);
  });

  it('multiplies each side by exp(σZ), base first then head, from the same stream', () => {
    const baseReps = [10, 12, 9, 11];
    const headReps = [20, 18, 22, 21];
    const r = bootstrapChange(
      fixedSide(10, baseReps),
      fixedSide(20, headReps),
      options({ resamples: 4, level: 0.5, rng: createRng(9), baseNoise: 0.1, headNoise: 0.3 }),
    );
    const rng = createRng(9);
    const b: number[] = [];
    const h: number[] = [];
    for (let i = 0; i < 4; i++) {
      b.push(baseReps[i] * Math.exp(0.1 * rng.normal()));
      h.push(headReps[i] * Math.exp(0.3 * rng.normal()));
    }
    const q7 = (xs: number[], q: number) => {
      const s = [...xs].sort((x, y) => x - y);
      const k = (s.length - 1) * q;
      const lo = Math.floor(k);
      return s[lo] + (k - lo) * (s[Math.min(lo + 1, s.length - 1)] - s[lo]);
    };
    expect(r.baseInterval[0]).toBeCloseTo(q7(b, 0.25), 12);
    expect(r.baseInterval[1]).toBeCloseTo(q7(b, 0.75), 12);
    expect(r.headInterval[0]).toBeCloseTo(q7(h, 0.25), 12);
    expect(r.headInterval[1]).toBeCloseTo(q7(h, 0.75), 12);
    const rel = h.map((x, i) => x / b[i] - 1);
    expect(r.relativeInterval![0]).toBeCloseTo(q7(rel, 0.25), 12);
    expect(r.relativeInterval![1]).toBeCloseTo(q7(rel, 0.75), 12);
    // the points are not perturbed
    expect(r.base).toBe(10);
    expect(r.head).toBe(20);
    expect(r.relative).toBe(1);
  });
});

describe('bootstrapChange: the counts at the margins, the side intervals and the scale', () => {
  /** base replicates all 1, so each relative change is exactly its head replicate − 1 (dyadic values). */
  const withRelatives = (relatives: number[], over: Partial<ChangeOptions> = {}) =>
    bootstrapChange(
      fixedSide(1, [1]),
      fixedSide(
        1,
        relatives.map((r) => 1 + r),
      ),
      options({ resamples: relatives.length, ...over }),
    );

  it('a replicate exactly at +margin counts as not above it, one at −margin as not below it', () => {
    // 7 replicates; at margin 0.25 two of them are ≥ −0.25 (−0.25 itself and 0.25): 2 × 3 / 8.
    const below = [-0.5, -0.25, -0.75, -0.625, -0.875, -0.375, 0.25];
    expect(withRelatives(below, { relativeMargin: 0.25 }).pValue).toBe(0.75);
    // The mirror image: two are ≤ 0.25 (0.25 itself and −0.25).
    expect(
      withRelatives(
        below.map((r) => -r),
        { relativeMargin: 0.25 },
      ).pValue,
    ).toBe(0.75);
  });

  it('a replicate of exactly no change counts on both sides of zero', () => {
    // One replicate is 0, the others below: one is ≥ 0, 2 × 2 / 8; the mirror image likewise.
    const below = [-0.5, -0.25, -0.75, -0.625, -0.875, -0.375, 0];
    expect(withRelatives(below).pValueZero).toBe(0.5);
    expect(withRelatives(below.map((r) => (r === 0 ? 0 : -r))).pValueZero).toBe(0.5);
  });

  it("sideIntervalAt gives each side's own interval", () => {
    const r = bootstrapChange(
      fixedSide(1, [1, 2, 3, 4, 5]),
      fixedSide(10, [10, 20, 30, 40, 50]),
      options({ resamples: 5 }),
    );
    // Level 0.5: the 25% and 75% points, h = 1 and 3.
    expect(r.sideIntervalAt('base', 0.5)).toEqual([2, 4]);
    expect(r.sideIntervalAt('head', 0.5)).toEqual([20, 40]);
  });

  it("a scale below 1 shrinks each replicate's log deviation from its point: point·(replicate/point)^scale", () => {
    // head point 10, replicates 10, 40, 2.5 → 10, 20, 5 at scale ½; base point 10, replicate 40 → 20.
    const r = bootstrapChange(
      fixedSide(10, [40]),
      fixedSide(10, [10, 40, 2.5]),
      options({ resamples: 3, level: 1, baseScale: 0.5, headScale: 0.5 }),
    );
    expect(r.headInterval[0]).toBeCloseTo(5, 12);
    expect(r.headInterval[1]).toBeCloseTo(20, 12);
    expect(r.baseInterval[0]).toBeCloseTo(20, 12);
    expect(r.baseInterval[1]).toBeCloseTo(20, 12);
  });

  it('a scale of 1, a point of 0 or a replicate that is not positive leaves the replicates as they are', () => {
    const head = (point: number, replicates: number[], headScale: number) =>
      bootstrapChange(
        fixedSide(1, [1]),
        fixedSide(point, replicates),
        options({ resamples: replicates.length, level: 1, headScale }),
      ).headInterval;
    // (At scale 1, 10·exp(ln(11.1/10)) would be 11.099999999999998: the replicate is returned as it is.)
    expect(head(10, [3, 11.1], 1)).toEqual([3, 11.1]);
    expect(head(0, [3, 5], 0.5)).toEqual([3, 5]);
    const [low, high] = head(10, [-5, 40], 0.5);
    expect(low).toBe(-5);
    expect(high).toBeCloseTo(20, 12);
  });

  it("without between-run noise the replicates are the resamplers' own, base then head, from one stream", () => {
    const values = (seed: number) => exponentialSample(seed, 300, 100);
    const sides = () => [
      createResampler([{ values: values(1) }], { kind: 'mean' }),
      createResampler([{ values: values(2) }], { kind: 'mean' }),
    ];
    const [base, head] = sides();
    const r = bootstrapChange(base, head, options({ resamples: 40, level: 1, rng: createRng(5) }));
    const [base2, head2] = sides();
    const rng = createRng(5);
    const b: number[] = [];
    const h: number[] = [];
    for (let i = 0; i < 40; i++) {
      b.push(base2.replicate(rng));
      h.push(head2.replicate(rng));
    }
    expect(r.baseInterval).toEqual([Math.min(...b), Math.max(...b)]);
    expect(r.headInterval).toEqual([Math.min(...h), Math.max(...h)]);
  });
});

describe('bootstrapChange on block-bootstrap sides', () => {
  const base = exponentialSample(1, 1500, 100);
  const stat = { kind: 'quantile', q: 0.95 } as const;

  it('identical sides: the interval contains 0 and the p-values are near 1', () => {
    const r = bootstrapChange(
      createResampler([{ values: base }], stat),
      createResampler([{ values: base }], stat),
      options(),
    );
    expect(r.relative).toBe(0);
    expect(r.difference).toBe(0);
    expect(r.relativeInterval![0]).toBeLessThan(0);
    expect(r.relativeInterval![1]).toBeGreaterThan(0);
    expect(r.differenceInterval[0]).toBeLessThan(0);
    expect(r.differenceInterval[1]).toBeGreaterThan(0);
    expect(r.pValue).toBeGreaterThan(0.9);
    expect(r.pValueZero).toBeGreaterThan(0.5);
  });

  it('head = base × 1.5: relative point +0.5, interval excludes 0, small p-value', () => {
    const head = base.map((v) => v * 1.5);
    const r = bootstrapChange(
      createResampler([{ values: base }], stat),
      createResampler([{ values: head }], stat),
      options({ relativeMargin: 0.1 }),
    );
    expect(r.relative).toBeCloseTo(0.5, 12);
    expect(r.difference).toBeCloseTo(r.base * 0.5, 9);
    expect(r.relativeInterval![0]).toBeGreaterThan(0.1);
    expect(r.relativeInterval![0]).toBeLessThan(0.5);
    expect(r.relativeInterval![1]).toBeGreaterThan(0.5);
    // no replicate at or below the margin: the smallest p-value 2 / (B + 1)
    expect(r.pValue).toBe(2 / 2001);
    expect(r.pValueZero).toBe(2 / 2001);
  });

  it('a margin larger than the shift gives p = 1', () => {
    const head = base.map((v) => v * 1.5);
    const r = bootstrapChange(
      createResampler([{ values: base }], stat),
      createResampler([{ values: head }], stat),
      options({ relativeMargin: 2 }),
    );
    expect(r.pValue).toBe(1);
    expect(r.pValueZero).toBe(2 / 2001);
  });

  it('between-run noise widens the interval (same seed)', () => {
    const head = exponentialSample(2, 1500, 100);
    const width = (noise: number) => {
      const r = bootstrapChange(
        createResampler([{ values: base }], stat),
        createResampler([{ values: head }], stat),
        options({ rng: createRng(5), baseNoise: noise, headNoise: noise }),
      );
      return r.relativeInterval![1] - r.relativeInterval![0];
    };
    const quiet = width(0);
    const noisy = width(0.1);
    expect(noisy).toBeGreaterThan(quiet);
    // σ = 0.1 per side adds about √2 × 0.1 to the spread of log(head/base): the interval roughly ≥ ±0.25 wide
    expect(noisy).toBeGreaterThan(0.45);
  });

  it('base point 0: relative is null and the test uses the difference', () => {
    const zeros = new Float64Array(200);
    const head = Float64Array.from({ length: 200 }, (_, i) => 2 + (i % 5));
    const mean = { kind: 'mean' } as const;
    const far = bootstrapChange(
      createResampler([{ values: zeros }], mean),
      createResampler([{ values: head }], mean),
      options({ absoluteMargin: 1 }),
    );
    expect(far.relative).toBeNull();
    expect(far.relativeInterval).toBeNull();
    expect(far.difference).toBeCloseTo(4, 12);
    expect(far.pValue).toBe(2 / 2001);
    const within = bootstrapChange(
      createResampler([{ values: zeros }], mean),
      createResampler([{ values: head }], mean),
      options({ absoluteMargin: 10 }),
    );
    expect(within.pValue).toBe(1);
  });

  it('is deterministic for a seed', () => {
    const head = exponentialSample(3, 800, 110);
    const once = () =>
      bootstrapChange(
        createResampler([{ values: base }], stat),
        createResampler([{ values: head }], stat),
        options({ rng: createRng(77), baseNoise: 0.05, headNoise: 0.05 }),
      );
    const data = (e: ReturnType<typeof once>) => {
      const { intervalAt, sideIntervalAt, ...rest } = e;
      return { ...rest, at99: intervalAt(0.99), head99: sideIntervalAt('head', 0.99) };
    };
    expect(data(once())).toEqual(data(once()));
  });

  it('intervalAt(level) is the interval at that level from the same replicates, nested as the level grows', () => {
    const head = exponentialSample(3, 800, 110);
    const e = bootstrapChange(
      createResampler([{ values: base }], stat),
      createResampler([{ values: head }], stat),
      options({ rng: createRng(5) }),
    );
    expect(e.intervalAt(e.level)).toEqual(e.relativeInterval);
    expect(e.sideIntervalAt('base', e.level)).toEqual(e.baseInterval);
    const narrow = e.intervalAt(0.9);
    const wide = e.intervalAt(0.995);
    expect(wide[0]).toBeLessThanOrEqual(e.relativeInterval![0]);
    expect(wide[1]).toBeGreaterThanOrEqual(e.relativeInterval![1]);
    expect(narrow[0]).toBeGreaterThanOrEqual(e.relativeInterval![0]);
    expect(narrow[1]).toBeLessThanOrEqual(e.relativeInterval![1]);
  });
});
