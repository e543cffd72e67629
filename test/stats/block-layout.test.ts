// How a side's runs are cut into blocks (src/stats/block-layout.ts), by hand: element i of a run of n
// with b blocks is in block first + ⌊i·b/n⌋, so the sizes differ by at most one.
import { describe, expect, it } from 'vitest';
import { blockIds, blockSums, layoutBlocks } from '../../src/stats/block-layout';

// Run 0: 1…10 in blocks of 3 → ⌊10/3⌋ = 3 blocks, i·3/10 puts 0–3, 4–6, 7–9 together (sizes 4, 3, 3).
// Run 1: 4 values with a block length of 5 → ⌊4/5⌋ = 0, so one block of all 4.
const runs = [
  { values: Float64Array.from({ length: 10 }, (_, i) => i + 1) },
  { values: new Float64Array([100, 200, 300, 400]), denominators: new Float64Array([1, 2, 3, 4]) },
];

describe('layoutBlocks', () => {
  it('counts the blocks of each run, where each starts, the elements and each block’s size', () => {
    const layout = layoutBlocks(runs, [3, 5]);
    expect(layout.blockCount).toBe(4);
    expect([...layout.firstBlock]).toEqual([0, 3]);
    expect([...layout.blocksInRun]).toEqual([3, 1]);
    expect(layout.elements).toBe(14);
    expect([...layout.blockSize]).toEqual([4, 3, 3, 4]);
  });

  it('gives a block length of 1 a block per element, and one longer than the run one block', () => {
    const layout = layoutBlocks(runs, [1, 4]);
    expect(layout.blockCount).toBe(11);
    expect([...layout.firstBlock]).toEqual([0, 10]);
    expect([...layout.blockSize]).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 4]);
    expect([...layoutBlocks([runs[1]], [400]).blockSize]).toEqual([4]);
  });
});

describe('blockIds and blockSums', () => {
  const layout = layoutBlocks(runs, [3, 5]);

  it('give each element its global block, runs one after the other', () => {
    const ids = blockIds(runs, layout);
    expect(ids).toBeInstanceOf(Uint16Array);
    expect([...ids]).toEqual([0, 0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3]);
  });

  it('sum each block’s values, or what `pick` chooses', () => {
    // 1+2+3+4, 5+6+7, 8+9+10, 100+…+400
    expect([...blockSums(runs, layout, (r) => r.values)]).toEqual([10, 18, 27, 1000]);
    const denominators = blockSums([runs[1]], layoutBlocks([runs[1]], [2]), (r) => r.denominators!);
    expect([...denominators]).toEqual([3, 7]);
  });

  it('keep block ids past 65,535 blocks (4 bytes each then)', () => {
    const long = [{ values: new Float64Array(70_000) }, { values: new Float64Array(3) }];
    const wide = layoutBlocks(long, [1, 1]);
    const ids = blockIds(long, wide);
    expect(ids).toBeInstanceOf(Int32Array);
    expect([ids[0], ids[65_535], ids[65_536], ids[69_999], ids[70_002]]).toEqual([0, 65_535, 65_536, 69_999, 70_002]);
  });
});
