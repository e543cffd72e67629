// The quantile of a block-weighted multiset (src/stats/weighted-quantile.ts) on small cases by hand:
// every element of block b counts counts[b] times, and the quantile is type 7 (h = q·(total − 1),
// interpolated between the lo-th and (lo + 1)-th of the expanded sorted values).
import { describe, expect, it } from 'vitest';
import { blockIds, layoutBlocks } from '../../src/stats/block-layout';
import { SortedSource } from '../../src/stats/sorted-blocks';
import { quantileEvaluator } from '../../src/stats/weighted-quantile';

// Blocks of two in series order: {40, 10}, {30, 20}, {50, 60}.
const runs = [{ values: new Float64Array([40, 10, 30, 20, 50, 60]) }];
const layout = layoutBlocks(runs, [2]);
const source = () => new SortedSource(runs[0].values, blockIds(runs, layout), layout.blockCount);

/** The evaluator of q, and a function that sets the counts and evaluates. */
function at(q: number): (counts: number[]) => number {
  const counts = new Float64Array(layout.blockCount);
  const evaluate = quantileEvaluator(source(), layout, counts, q);
  return (c) => {
    counts.set(c);
    return evaluate();
  };
}

describe('quantileEvaluator by hand', () => {
  it('with every block once is the type 7 quantile of the values', () => {
    // sorted 10, 20, 30, 40, 50, 60
    expect(at(0)([1, 1, 1])).toBe(10);
    expect(at(0.5)([1, 1, 1])).toBe(35); // h = 2.5: 30 + 0.5 × 10
    expect(at(0.9)([1, 1, 1])).toBe(55); // h = 4.5
    expect(at(1)([1, 1, 1])).toBe(60);
  });

  it('counts each element of a block as often as the block is drawn', () => {
    // counts 2, 0, 1: 10, 10, 40, 40, 50, 60
    const weighted = [2, 0, 1];
    expect(at(0.3)(weighted)).toBe(25); // h = 1.5: between the second 10 and the first 40
    expect(at(0.5)(weighted)).toBe(40); // h = 2.5: both 40s
    expect(at(0.2)(weighted)).toBe(10); // h = 1: the second 10, exactly
    expect(at(0.9)(weighted)).toBe(55); // h = 4.5: 50 + 0.5 × 10
    expect(at(1)(weighted)).toBe(60);
    // counts 0, 3, 0: 20, 20, 20, 30, 30, 30; h = 2.5 lies between the last 20 and the first 30
    expect(at(0.5)([0, 3, 0])).toBe(25);
    expect(at(0.2)([0, 3, 0])).toBe(20);
  });

  it('is NaN when no block is drawn, and the one value of a multiset of one', () => {
    expect(at(0.5)([0, 0, 0])).toBeNaN();
    const one = [{ values: new Float64Array([7]) }];
    const oneLayout = layoutBlocks(one, [1]);
    const counts = new Float64Array([3]);
    const evaluate = quantileEvaluator(
      new SortedSource(one[0].values, blockIds(one, oneLayout), 1),
      oneLayout,
      counts,
      0.5,
    );
    expect(evaluate()).toBe(7);
  });

  it('at a whole rank is that value, whatever the next one (even an infinite one)', () => {
    const withInfinity = [{ values: new Float64Array([1, 5, Infinity]) }];
    const grid = layoutBlocks(withInfinity, [1]);
    const counts = new Float64Array([1, 1, 1]);
    const source = new SortedSource(withInfinity[0].values, blockIds(withInfinity, grid), 3);
    expect(quantileEvaluator(source, grid, counts, 0.5)()).toBe(5); // h = 1
    expect(quantileEvaluator(source, grid, counts, 0.25)()).toBe(3); // h = 0.5: 1 + 0.5 × 4
  });

  it('gives the same answers evaluation after evaluation (nothing kept from the last one)', () => {
    const evaluate = at(0.3);
    expect(evaluate([2, 0, 1])).toBe(25);
    expect(evaluate([0, 0, 3])).toBe(50); // 50, 50, 50, 60, 60, 60: h = 1.5
    expect(evaluate([1, 1, 1])).toBe(25); // h = 1.5: 20 + 0.5 × 10
    expect(evaluate([2, 0, 1])).toBe(25);
  });
});

describe('quantileEvaluator with checkpoints', () => {
  /** The definition: expand every element counts[block] times, sort, type 7. */
  function reference(values: Float64Array, block: (i: number) => number, counts: Float64Array, q: number): number {
    const multiset: number[] = [];
    values.forEach((v, i) => {
      for (let c = 0; c < counts[block(i)]; c++) multiset.push(v);
    });
    if (multiset.length === 0) return NaN;
    multiset.sort((a, b) => a - b);
    const h = q * (multiset.length - 1);
    const lo = Math.floor(h);
    const hi = Math.min(lo + 1, multiset.length - 1);
    return multiset[lo] + (h - lo) * (multiset[hi] - multiset[lo]);
  }

  it('equals the expanded multiset’s quantile, draws near the original and far from it', () => {
    // 3,000 values with a trend and ties, 150 blocks of 20: checkpoints every 75 positions around
    // the original rank; draws all on the first or the last blocks put the quantile outside them.
    const n = 3000;
    const values = Float64Array.from({ length: n }, (_, i) => Math.floor(i / 10) + ((i * 7919) % 13));
    const seriesRuns = [{ values }];
    const grid = layoutBlocks(seriesRuns, [20]);
    const blockOf = (i: number) => Math.floor((i * grid.blockCount) / n);
    let state = 11;
    const draw = (k: number) => (state = (Math.imul(state, 1103515245) + 12345) >>> 0) % k;
    for (const q of [0, 0.02, 0.5, 0.9, 0.99, 1]) {
      const counts = new Float64Array(grid.blockCount);
      const evaluate = quantileEvaluator(
        new SortedSource(values, blockIds(seriesRuns, grid), grid.blockCount),
        grid,
        counts,
        q,
      );
      for (let rep = 0; rep < 24; rep++) {
        counts.fill(0);
        for (let k = 0; k < grid.blockCount; k++) counts[draw(grid.blockCount)]++;
        if (rep % 6 === 1) counts.forEach((_, b) => (counts[b] = b < 10 ? 15 : 0));
        if (rep % 6 === 2) counts.forEach((_, b) => (counts[b] = b >= grid.blockCount - 10 ? 15 : 0));
        if (rep % 6 === 3) counts.forEach((_, b) => (counts[b] = b === 75 ? 1 : 0));
        expect(evaluate()).toBe(reference(values, blockOf, counts, q));
      }
    }
  });
});
