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

  it('gives the same answers evaluation after evaluation (nothing kept from the last one)', () => {
    const evaluate = at(0.3);
    expect(evaluate([2, 0, 1])).toBe(25);
    expect(evaluate([0, 0, 3])).toBe(50); // 50, 50, 50, 60, 60, 60: h = 1.5
    expect(evaluate([1, 1, 1])).toBe(25); // h = 1.5: 20 + 0.5 × 10
    expect(evaluate([2, 0, 1])).toBe(25);
  });
});
