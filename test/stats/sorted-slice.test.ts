// A quantile's replicates sort only the part of a series they can reach (src/stats/sorted-blocks.ts
// SortedSource.slice): a slice is exactly that part of the whole sort — the same values to the bit
// (-0 before +0), the same block at each position (ties in series order), the same count of each
// block's elements before it — whatever the finite or infinite values (ties, zeros of both signs),
// and
// a quantile walk that leaves its slice, or starts below it, gives what a walk on the whole sort gives.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutBlocks, blockIds } from '../../src/stats/block-layout';
import { SortedSource, sortedWithBlocks, type SortedSlice } from '../../src/stats/sorted-blocks';
import { quantileEvaluator } from '../../src/stats/weighted-quantile';
import { createRng } from '../../src/stats/rng';

function expectSlice(
  source: SortedSource,
  values: Float64Array,
  blockOf: Uint16Array,
  blockCount: number,
  from: number,
  to: number,
): SortedSlice {
  const whole = sortedWithBlocks(values, blockOf);
  const slice = source.slice(from, to);
  expect(slice.offset).toBeLessThanOrEqual(from);
  expect(slice.offset + slice.sorted.length).toBeGreaterThanOrEqual(to);
  for (let k = 0; k < slice.sorted.length; k++) {
    if (!Object.is(slice.sorted[k], whole.sorted[slice.offset + k]))
      throw new Error(`position ${slice.offset + k}: ${slice.sorted[k]} vs ${whole.sorted[slice.offset + k]}`);
    if (slice.blocks[k] !== whole.blocks[slice.offset + k]) throw new Error(`block at ${slice.offset + k}`);
  }
  const below = new Uint32Array(blockCount);
  for (let k = 0; k < slice.offset; k++) below[whole.blocks[k]]++;
  expect([...slice.below]).toEqual([...below]);
  return slice;
}

const valueArb = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 2_000_000 }).map((k) => k / 1000) },
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 40 }) },
  // No NaN: the series resampled are finite (metrics/values.ts finiteSeries).
  { weight: 1, arbitrary: fc.constantFrom(0, -0, Infinity, -Infinity, 5e-324, -1.5) },
  { weight: 1, arbitrary: fc.double({ noNaN: true }) },
);

describe('SortedSource.slice', () => {
  it('is the part of the whole sort it covers, on series of every kind', () => {
    fc.assert(
      fc.property(
        fc.array(valueArb, { minLength: 8192, maxLength: 10_000 }),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 300 }),
        (list, a, b, blocks) => {
          const values = Float64Array.from(list);
          const n = values.length;
          const blockOf = Uint16Array.from({ length: n }, (_, i) => Math.floor((i * blocks) / n));
          const from = a % n;
          const to = Math.min(n, from + (b % (n / 4)));
          expectSlice(new SortedSource(values, blockOf, blocks, 1024), values, blockOf, blocks, from, to);
        },
      ),
      { numRuns: 25 },
    );
  });

  it('covers the tail of a long series of telemetry without sorting all of it', () => {
    const rng = createRng(3);
    const n = 200_000;
    const values = Float64Array.from(
      { length: n },
      (_, i) => Math.round((40 + 20 * Math.sin(i / 9000) + rng.exponential(15)) * 1000) / 1000,
    );
    const blockOf = Uint16Array.from({ length: n }, (_, i) => Math.floor((i * 400) / n));
    for (const [from, to] of [
      [180_000, 195_000],
      [90_000, 110_000],
      [0, 2000],
      [199_000, 200_000],
    ]) {
      const slice = expectSlice(new SortedSource(values, blockOf, 400, 1024), values, blockOf, 400, from, to);
      expect(slice.sorted.length).toBeLessThan(n / 2);
    }
  });
});

describe('a quantile walk on a slice', () => {
  /** A source whose slices are as narrow as asked for: nothing more, taken from the whole sort. */
  class NarrowSource extends SortedSource {
    override slice(from: number, to: number): SortedSlice {
      const whole = this.full();
      const below = new Uint32Array(400);
      for (let k = 0; k < from; k++) below[whole.blocks[k]]++;
      return { offset: from, sorted: whole.sorted.subarray(from, to), blocks: whole.blocks.subarray(from, to), below };
    }
  }

  it('gives what the walk on the whole sort gives, when it leaves the slice or starts below it', () => {
    const rng = createRng(11);
    const n = 40_000;
    // A trend: the first blocks hold the lowest values, the last the highest.
    const values = Float64Array.from({ length: n }, (_, i) => Math.round((i / 100 + rng.exponential(100)) * 10) / 10);
    const runs = [{ values }];
    const layout = layoutBlocks(runs, [n / 400]);
    const ids = blockIds(runs, layout) as Uint16Array;
    for (const q of [0.05, 0.5, 0.95, 0.999]) {
      const countsA = new Float64Array(layout.blockCount);
      const countsB = new Float64Array(layout.blockCount);
      const narrow = quantileEvaluator(new NarrowSource(values, ids, layout.blockCount), layout, countsA, q);
      const whole = new SortedSource(values, ids, layout.blockCount);
      whole.full();
      const reference = quantileEvaluator(whole, layout, countsB, q);
      const draw = createRng(q * 1e4);
      for (let rep = 0; rep < 200; rep++) {
        countsA.fill(0);
        for (let k = 0; k < layout.blockCount; k++) countsA[draw.int(layout.blockCount)]++;
        // Now and then a draw far from the original: all weight on the first or the last blocks.
        if (rep % 10 === 0) for (let b = 0; b < layout.blockCount; b++) countsA[b] = b < 20 ? 20 : 0;
        if (rep % 10 === 5)
          for (let b = 0; b < layout.blockCount; b++) countsA[b] = b >= layout.blockCount - 20 ? 20 : 0;
        countsB.set(countsA);
        expect(narrow()).toBe(reference());
      }
    }
  });
});
