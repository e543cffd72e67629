// Per-request costs per unit of work and like-for-like ratios at matched levels of a covariate,
// on columns written by hand.
import { describe, expect, it } from 'vitest';
import {
  concat,
  concatPresent,
  matchedRatio,
  perUnit,
  perUnitQuantile,
  prefillWorkGrowth,
  ratioOfSums,
  timePerOutputToken,
  uncachedTokens,
} from '../../../src/diagnose/measures/ratios';
import type { RequestTable } from '../../../src/model/run';
import { table } from '../branches/build';

const f64 = (values: number[]) => Float64Array.from(values);
const repeat = (value: number, n: number) => new Array<number>(n).fill(value);
const list = (a: ArrayLike<number> | undefined) => (a ? Array.from(a) : a);

describe('per-unit costs', () => {
  // Row 1 failed; row 2 did no work; row 3 has no cost; row 4 negative work.
  const t = table(
    {
      prefill_ms: [100, 50, 30, NaN, 20, 60],
      prompt_tokens: [1000, 500, 0, 10, -5, 300],
      prefix_cache_hit_tokens: [200, 0, 0, NaN, 0, 300],
      decode_ms: [90, 90, 0, 40, 10, 10],
      output_tokens: [10, 10, 1, 5, 2, NaN],
    },
    [1],
  );
  const n = t.numbers;

  it('divides cost by work where the request succeeded, the work is above 0 and the cost finite', () => {
    expect(list(perUnit(t, n.prefill_ms, n.prompt_tokens))).toEqual([0.1, NaN, NaN, NaN, NaN, 0.2]);
    expect(perUnit(t, undefined, n.prompt_tokens)).toBeUndefined();
    expect(perUnit(t, n.prefill_ms, undefined)).toBeUndefined();
  });

  it('writes into the array lent when it is long enough, else into a new one', () => {
    const lent = new Float64Array(8).fill(7);
    const out = perUnit(t, n.prefill_ms, n.prompt_tokens, lent)!;
    expect(out.length).toBe(6);
    expect(out.buffer).toBe(lent.buffer);
    expect(lent[6]).toBe(7);
    const short = new Float64Array(5);
    expect(perUnit(t, n.prefill_ms, n.prompt_tokens, short)!.buffer).not.toBe(short.buffer);
    expect(list(short)).toEqual([0, 0, 0, 0, 0]);
    expect(uncachedTokens(t, lent)!.buffer).toBe(lent.buffer);
    expect(timePerOutputToken(t, lent)!.buffer).toBe(lent.buffer);
  });

  it('time per output token after the first: decode / (tokens − 1) from 2 tokens, NaN for failures', () => {
    expect(list(timePerOutputToken(t))).toEqual([10, NaN, NaN, 10, 10, NaN]);
    expect(timePerOutputToken(table({ decode_ms: [1] }))).toBeUndefined();
    expect(timePerOutputToken(table({ output_tokens: [1] }))).toBeUndefined();
  });

  it('the quantile of the per-unit cost over several tables, without the column', () => {
    const other = table({ prefill_ms: [40, 90, Infinity], prompt_tokens: [100, 300, 10] });
    const cost = (x: RequestTable) => x.numbers.prefill_ms;
    const work = (x: RequestTable) => x.numbers.prompt_tokens;
    // Values 0.1, 0.2 (first table), 0.4, 0.3 (second): median 0.25, p0 0.1, p100 0.4.
    expect(perUnitQuantile([t, other], cost, work, 0.5)).toBeCloseTo(0.25, 12);
    expect(perUnitQuantile([t, other], cost, work, 0)).toBe(0.1);
    expect(perUnitQuantile([t, other], cost, work, 1)).toBe(0.4);
    // A tiny work making an infinite cost per unit is left out too.
    const tiny = table({ prefill_ms: [1e308, 5], prompt_tokens: [1e-10, 10] });
    expect(perUnitQuantile([tiny], cost, work, 1)).toBe(0.5);
    expect(perUnitQuantile([t, table({ prefill_ms: [1] })], cost, work, 0.5)).toBeUndefined();
    expect(perUnitQuantile([table({ prompt_tokens: [1] }), t], cost, work, 0.5)).toBeUndefined();
    expect(perUnitQuantile([table({ prefill_ms: [NaN], prompt_tokens: [1] })], cost, work, 0.5)).toBeNaN();
  });

  it('uncached prompt tokens: prompt less the prefix-cache hits, all of it where hits are unknown', () => {
    expect(list(uncachedTokens(t))).toEqual([800, 500, 0, 10, -5, 0]);
    expect(list(uncachedTokens(table({ prompt_tokens: [7, 8] })))).toEqual([7, 8]);
    expect(uncachedTokens(table({ prefix_cache_hit_tokens: [7] }))).toBeUndefined();
  });
});

describe('concatenating columns', () => {
  it('concat: the columns one after the other, undefined when one is missing, a single one as it is', () => {
    const a = f64([1, 2]);
    expect(list(concat([a, f64([3]), f64([])]))).toEqual([1, 2, 3]);
    expect(concat([a, undefined])).toBeUndefined();
    expect(concat([a])).toBe(a);
    expect(list(concat([]))).toEqual([]);
  });

  it('concatPresent: the columns that exist, undefined when none does', () => {
    expect(list(concatPresent([undefined, f64([1]), undefined, f64([2, 3])]))).toEqual([1, 2, 3]);
    expect(concatPresent([undefined, undefined])).toBeUndefined();
    expect(concatPresent([])).toBeUndefined();
  });
});

describe('ratio of sums and prefill work growth', () => {
  it('Σ a / Σ b over successful requests where both are finite', () => {
    const t1 = table({ prefill_ms: [100, 50, NaN, 30], prompt_tokens: [1000, 500, 100, NaN] }, [1]);
    const t2 = table({ prefill_ms: [20], prompt_tokens: [100] });
    const a = (t: RequestTable) => t.numbers.prefill_ms;
    const b = (t: RequestTable) => t.numbers.prompt_tokens;
    expect(ratioOfSums([t1, t2], a, b)).toBeCloseTo(120 / 1100, 15);
    expect(ratioOfSums([t1, table({ prefill_ms: [1] })], a, b)).toBeUndefined();
    expect(ratioOfSums([table({ prompt_tokens: [1] })], a, b)).toBeUndefined();
    // Nothing to sum, or no work: no ratio.
    expect(ratioOfSums([table({ prefill_ms: [NaN], prompt_tokens: [5] })], a, b)).toBeUndefined();
    expect(ratioOfSums([table({ prefill_ms: [5], prompt_tokens: [0] })], a, b)).toBeUndefined();
    expect(ratioOfSums([table({ prefill_ms: [-5], prompt_tokens: [10] })], a, b)).toBe(-0.5);
    expect(ratioOfSums([], a, b)).toBeUndefined();
  });

  it('mean uncached prompt tokens, head over base, minus 1', () => {
    const base = [table({ prompt_tokens: [100, 300] }), table({ prompt_tokens: [200, NaN] })];
    // Head: 500 − 200 hits, 100 (hits unknown): mean 200; base mean 200.
    const head = [table({ prompt_tokens: [500, 100], prefix_cache_hit_tokens: [200, NaN] })];
    expect(prefillWorkGrowth(base, head)).toBe(0);
    expect(prefillWorkGrowth(base, [table({ prompt_tokens: [300] })])).toBe(0.5);
    expect(prefillWorkGrowth(base, [table({ prompt_tokens: [100] })])).toBe(-0.5);
    expect(prefillWorkGrowth(base, [table({ output_tokens: [1] })])).toBeUndefined();
    expect(prefillWorkGrowth([...base, table({ output_tokens: [1] })], head)).toBeUndefined();
    // No work on the base: no growth to speak of; no prompts at all on the base: none either.
    expect(prefillWorkGrowth([table({ prompt_tokens: [0] })], head)).toBeUndefined();
    expect(prefillWorkGrowth([table({ prompt_tokens: [NaN] })], head)).toBeUndefined();
    expect(
      prefillWorkGrowth([table({ prompt_tokens: [5, 5], prefix_cache_hit_tokens: [5, 10] })], head),
    ).toBeUndefined();
  });
});

describe('matchedRatio by hand', () => {
  /** n rows of covariate x and cost y. */
  const rows = (x: number, y: number, n: number) => ({ x: repeat(x, n), y: repeat(y, n) });
  const side = (...parts: { x: number[]; y: number[] }[]) => ({
    x: f64(parts.flatMap((p) => p.x)),
    y: f64(parts.flatMap((p) => p.y)),
  });
  const match = (b: { x: Float64Array; y: Float64Array }, h: { x: Float64Array; y: Float64Array }) =>
    matchedRatio(b.x, b.y, h.x, h.y);

  it('few batch sizes are matched value by value; strata are weighted by their smaller side', () => {
    // Batch 1: base 10 × 10 ms, head 10 × 11 ms (+10%, weight 10). Batch 2: base 15 × 30 ms, head
    // 20 × 22 ms (−26.7%, weight 15). Batch 3: 9 base requests, too few. Batch 4: 10 of each, medians 0.
    const base = side(rows(1, 10, 10), rows(2, 30, 15), rows(3, 5, 9), rows(4, 0, 10));
    const head = side(rows(1, 11, 10), rows(2, 22, 20), rows(3, 5, 10), rows(4, 0, 10));
    const m = match(base, head)!;
    expect(m.bins).toEqual([
      { low: 1, high: 2, baseMedian: 10, headMedian: 11, baseCount: 10, headCount: 10 },
      { low: 2, high: 3, baseMedian: 30, headMedian: 22, baseCount: 15, headCount: 20 },
      { low: 4, high: 4, baseMedian: 0, headMedian: 0, baseCount: 10, headCount: 10 },
    ]);
    const change = Math.exp((10 * Math.log(1.1) + 15 * Math.log(22 / 30)) / 25) - 1;
    expect(m.change).toBeCloseTo(change, 12);
    expect(m.change).toBeLessThan(0);
    // Agreement: the faster stratum (15) of all three (10 + 15 + 10), the zero stratum not agreeing.
    expect(m.agreement).toBeCloseTo(15 / 35, 12);
    // Unmatched medians: base 44 values (median 10), head 50 (median 11).
    expect(m.rawChange).toBeCloseTo(0.1, 12);
  });

  it('a change in the direction of most strata has their weight as agreement', () => {
    const base = side(rows(1, 10, 10), rows(2, 10, 30));
    const head = side(rows(1, 9, 10), rows(2, 20, 30));
    const m = match(base, head)!;
    expect(m.change).toBeCloseTo(Math.exp((10 * Math.log(0.9) + 30 * Math.log(2)) / 40) - 1, 12);
    expect(m.agreement).toBe(0.75);
    // Base median 10, head 20.
    expect(m.rawChange).toBe(1);
  });

  it('leaves out requests without a finite covariate or cost, and needs a stratum of 10 on each side', () => {
    const base = side(rows(1, 10, 10), rows(NaN, 1, 5), rows(1, NaN, 5));
    const head = side(rows(1, 12, 10), rows(Infinity, 1, 5));
    const m = match(base, head)!;
    expect(m.bins).toEqual([{ low: 1, high: 1, baseMedian: 10, headMedian: 12, baseCount: 10, headCount: 10 }]);
    expect(m.change).toBeCloseTo(0.2, 12);
    expect(m.agreement).toBe(1);
    // The unmatched medians take every finite cost, covariate or not: base 10 × 10, 5 × 1 (10).
    expect(m.rawChange).toBeCloseTo(0.2, 12);
    expect(match(side(rows(1, 10, 9)), side(rows(1, 10, 50)))).toBeUndefined();
    expect(match(side(rows(1, 10, 50)), side(rows(1, 10, 9)))).toBeUndefined();
    expect(match(side(rows(NaN, 10, 50)), side(rows(NaN, 10, 50)))).toBeUndefined();
    // Strata whose medians are not above 0 give no ratio.
    expect(match(side(rows(1, 0, 20)), side(rows(1, 5, 20)))).toBeUndefined();
    expect(match(side(rows(1, 5, 20)), side(rows(1, -1, 20)))).toBeUndefined();
    // No raw change from a base median of 0.
    const zeroBase = match(side(rows(1, 10, 10), rows(2, 0, 15)), side(rows(1, 10, 10), rows(2, 0, 5)))!;
    expect(zeroBase.rawChange).toBeNaN();
    expect(zeroBase.change).toBe(0);
    expect(zeroBase.agreement).toBe(1);
  });

  it('more than 64 batch sizes are binned by eighths of both sides pooled', () => {
    // 0 … 79 on each side: pooled eighths at 9.875, 19.75, 29.625, 39.5, 49.375, 59.25, 69.125, so
    // each stratum holds ten sizes; the head is 2× in the top stratum, the same below.
    const xs = Array.from({ length: 80 }, (_, i) => i);
    const base = { x: f64(xs), y: f64(xs.map(() => 10)) };
    const head = { x: f64(xs), y: f64(xs.map((x) => (x >= 70 ? 20 : 10))) };
    const m = match(base, head)!;
    expect(m.bins.map((b) => [b.low, b.high, b.baseCount, b.headCount])).toEqual([
      [0, 9.875, 10, 10],
      [9.875, 19.75, 10, 10],
      [19.75, 29.625, 10, 10],
      [29.625, 39.5, 10, 10],
      [39.5, 49.375, 10, 10],
      [49.375, 59.25, 10, 10],
      [59.25, 69.125, 10, 10],
      [69.125, 79, 10, 10],
    ]);
    expect(m.change).toBeCloseTo(Math.pow(2, 1 / 8) - 1, 12);
    expect(m.agreement).toBeCloseTo(1 / 8, 12);
    expect(m.rawChange).toBe(0);
    // The same sizes but one written −0: the same strata (−0 is 0).
    const signed = { x: f64(xs.map((x) => (x === 0 ? -0 : x))), y: base.y };
    expect(match(signed, head)!.bins.map((b) => b.high)).toEqual(m.bins.map((b) => b.high));
  });

  it('a covariate that is not whole numbers is binned by eighths too, equal edges merged', () => {
    // 40 × 0.5 and 40 × 1.5 pooled: eighths 0.5, 0.5, 0.5, 1.0, 1.5, 1.5, 1.5 → edges 0.5, 1, 1.5.
    const base = side(rows(0.5, 10, 20), rows(1.5, 10, 20));
    const head = side(rows(0.5, 10, 20), rows(1.5, 30, 20));
    const m = match(base, head)!;
    expect(m.bins).toEqual([
      { low: 0.5, high: 1, baseMedian: 10, headMedian: 10, baseCount: 20, headCount: 20 },
      { low: 1.5, high: 1.5, baseMedian: 10, headMedian: 30, baseCount: 20, headCount: 20 },
    ]);
    expect(m.change).toBeCloseTo(Math.sqrt(3) - 1, 12);
    expect(m.agreement).toBe(0.5);
  });

  it('keeps a large or negative whole-number covariate (no small-count shortcut) in its stratum', () => {
    const base = side(rows(-3, 10, 10), rows(5000, 10, 10), rows(100000, 10, 10));
    const head = side(rows(-3, 20, 10), rows(5000, 10, 10), rows(100000, 5, 10));
    const m = match(base, head)!;
    expect(m.bins.map((b) => [b.low, b.high, b.headMedian])).toEqual([
      [-3, 5000, 20],
      [5000, 100000, 10],
      [100000, 100000, 5],
    ]);
    expect(m.change).toBeCloseTo(0, 12);
  });

  it('gives the same answer when the caller lends scratch arrays across comparisons', () => {
    const base = side(rows(1, 10, 10), rows(2, 30, 15));
    const head = side(rows(1, 11, 10), rows(2, 22, 20));
    const scratch = { base: new Float64Array(3).fill(9), strata: new Uint8Array(2).fill(9) };
    const once = match(base, head)!;
    const first = matchedRatio(base.x, base.y, head.x, head.y, scratch)!;
    expect(first).toEqual(once);
    const bigger = side(rows(1, 10, 40), rows(2, 30, 40));
    expect(matchedRatio(bigger.x, bigger.y, head.x, head.y, scratch)!.bins.map((b) => b.baseCount)).toEqual([40, 40]);
    expect(matchedRatio(base.x, base.y, head.x, head.y, scratch)).toEqual(once);
  });
});
