// The edges of the per-unit costs and of matchedRatio, each worked out by hand: an infinite cost, a
// lent array of exactly the table's length, strata with a median of 0 on one side, the unmatched
// medians over requests without a covariate, signed zeros, the small-count lookup's bound (4096),
// the 64 exact strata, and covariates that are not finite on the binned paths.
import { describe, expect, it } from 'vitest';
import { matchedRatio, perUnit, timePerOutputToken, uncachedTokens } from '../../../src/diagnose/measures/ratios';
import { table } from '../branches/build';

const f64 = (values: number[]) => Float64Array.from(values);
const repeat = (value: number, n: number) => new Array<number>(n).fill(value);
/** n rows of covariate x and cost y. */
const rows = (x: number, y: number, n: number) => ({ x: repeat(x, n), y: repeat(y, n) });
const side = (...parts: { x: number[]; y: number[] }[]) => ({
  x: f64(parts.flatMap((p) => p.x)),
  y: f64(parts.flatMap((p) => p.y)),
});
type Side = ReturnType<typeof side>;
const match = (b: Side, h: Side) => matchedRatio(b.x, b.y, h.x, h.y);
/** Each bin's [low, high], signed zeros kept (Object.is). */
const edgesOf = (b: Side, h: Side) => match(b, h)!.bins.map((bin) => [bin.low, bin.high]);

describe('per-unit costs at their edges', () => {
  it('an infinite cost has no cost per unit', () => {
    const t = table({ prefill_ms: [Infinity, -Infinity, 30], prompt_tokens: [10, 10, 10] });
    expect(Array.from(perUnit(t, t.numbers.prefill_ms, t.numbers.prompt_tokens)!)).toEqual([NaN, NaN, 3]);
  });

  it('a lent array of exactly the table length is long enough', () => {
    const t = table({ prefill_ms: [10, 20], prompt_tokens: [5, 5], decode_ms: [9, 9], output_tokens: [4, 10] });
    const lent = new Float64Array(2);
    expect(perUnit(t, t.numbers.prefill_ms, t.numbers.prompt_tokens, lent)!.buffer).toBe(lent.buffer);
    expect(Array.from(lent)).toEqual([2, 4]);
    expect(timePerOutputToken(t, lent)!.buffer).toBe(lent.buffer);
    expect(Array.from(lent)).toEqual([3, 1]);
    expect(uncachedTokens(t, lent)!.buffer).toBe(lent.buffer);
    expect(Array.from(lent)).toEqual([5, 5]);
  });
});

describe('matchedRatio at its edges', () => {
  it('a stratum whose median is 0 on either side counts for agreement, not for the change', () => {
    // Size 1: 10 ms → 20 ms (weight 10); size 2: 0 → 5 ms; size 3: 5 → 0 ms. The change is size 1's
    // alone, ×2; agreement: sizes 1 and 2 grew, 20 of the 30.
    const base = side(rows(1, 10, 10), rows(2, 0, 10), rows(3, 5, 10));
    const head = side(rows(1, 20, 10), rows(2, 5, 10), rows(3, 0, 10));
    const m = match(base, head)!;
    expect(m.bins.map((b) => [b.low, b.baseMedian, b.headMedian])).toEqual([
      [1, 10, 20],
      [2, 0, 5],
      [3, 5, 0],
    ]);
    expect(m.change).toBeCloseTo(1, 12);
    expect(m.agreement).toBeCloseTo(2 / 3, 12);
    // Unmatched: 0 × 10, 5 × 10, 10 or 20 × 10 on each side: both medians 5.
    expect(m.rawChange).toBe(0);
  });

  it('the unmatched medians count the requests that have a cost but no covariate', () => {
    // Matched: size 1, 10 → 12 ms. Unmatched: 15 requests of 1 ms without a finite size on each
    // side outnumber the 10: both medians are 1 ms.
    const base = side(rows(1, 10, 10), rows(NaN, 1, 15));
    const head = side(rows(1, 12, 10), rows(Infinity, 1, 15));
    const m = match(base, head)!;
    expect(m.change).toBeCloseTo(0.2, 12);
    expect(m.rawChange).toBe(0);
  });

  it('keeps the signed zeros of the covariate as the sorted pool has them (-0 before +0)', () => {
    // Only -0: strata [-1, -0) and [-0, -0].
    const onlyNegative = side(rows(-1, 10, 10), rows(-0, 10, 10));
    expect(edgesOf(onlyNegative, onlyNegative)).toEqual([
      [-1, -0],
      [-0, -0],
    ]);
    // -0 met before +0: the stratum of zeros runs from -0 to +0.
    const both = side(rows(-1, 10, 10), rows(-0, 10, 5), rows(0, 10, 5));
    expect(edgesOf(both, both)).toEqual([
      [-1, -0],
      [-0, 0],
    ]);
    // Only +0: [-1, 0) and [0, 0].
    const onlyPositive = side(rows(-1, 10, 10), rows(0, 10, 10));
    expect(edgesOf(onlyPositive, onlyPositive)).toEqual([
      [-1, 0],
      [0, 0],
    ]);
    // +0 met before -0 as the smallest value: the lowest stratum starts at -0.
    const zerosFirst = side(rows(0, 10, 5), rows(-0, 10, 5), rows(1, 10, 10));
    expect(edgesOf(zerosFirst, zerosFirst)).toEqual([
      [-0, 1],
      [1, 1],
    ]);
  });

  it('matches sizes at and past 4096 (the end of the small-count lookup) exactly, in order', () => {
    // 5000 is met first; 4095 and 4096 are neighbouring strata of their own.
    const base = side(rows(5000, 10, 10), rows(4096, 10, 10), rows(3, 10, 10), rows(4095, 10, 10));
    const head = side(rows(4095, 20, 10), rows(4096, 30, 10), rows(3, 10, 10), rows(5000, 10, 10));
    const m = match(base, head)!;
    expect(m.bins.map((b) => [b.low, b.high, b.baseCount, b.headCount, b.headMedian])).toEqual([
      [3, 4095, 10, 10, 10],
      [4095, 4096, 10, 10, 20],
      [4096, 5000, 10, 10, 30],
      [5000, 5000, 10, 10, 10],
    ]);
  });

  it('matches up to 64 distinct sizes value by value, small or large; 65 are binned by eighths', () => {
    const sizes = (small: number, large: number) => [
      ...Array.from({ length: small }, (_, i) => i),
      ...Array.from({ length: large }, (_, i) => 10_000 + i),
    ];
    const sideOf = (xs: number[]) => side(...xs.map((x) => rows(x, 10, 10)));
    const exact = sideOf(sizes(32, 32));
    expect(match(exact, exact)!.bins.map((b) => b.low)).toEqual(sizes(32, 32));
    // 33 small and 32 large sizes, 20 rows each pooled (1,300): the eighths fall at pooled ranks
    // 1,299 · k / 8, inside the runs of sizes 8, 16, 24, 32, 10,007, 10,015 and 10,023.
    const binned = sideOf(sizes(33, 32));
    expect(edgesOf(binned, binned)).toEqual([
      [0, 8],
      [8, 16],
      [16, 24],
      [24, 32],
      [32, 10_007],
      [10_007, 10_015],
      [10_015, 10_023],
      [10_023, 10_031],
    ]);
  });

  it('bins by eighths without the requests whose covariate is not finite, first in the columns', () => {
    const missing = (n: number) => ({ x: [...repeat(NaN, n), ...repeat(Infinity, n)], y: repeat(10, 2 * n) });
    // Not whole numbers (selected): 0.5 and 1.5, edges 0.5, 1, 1.5 as without the missing rows.
    const fractional = side(missing(15), rows(0.5, 10, 20), rows(1.5, 10, 20));
    expect(edgesOf(fractional, fractional)).toEqual([
      [0.5, 1],
      [1.5, 1.5],
    ]);
    // Whole numbers with a -0 (sorted, not counted): 0 … 79, edges at 9.875, 19.75, …, 69.125.
    const xs = Array.from({ length: 80 }, (_, i) => (i === 0 ? -0 : i));
    const whole = side(missing(30), { x: xs, y: repeat(10, 80) });
    expect(match(whole, whole)!.bins.map((b) => b.high)).toEqual([
      9.875, 19.75, 29.625, 39.5, 49.375, 59.25, 69.125, 79,
    ]);
  });
});
