// The sort a quantile's replicates walk (src/stats/sorted-blocks.ts) at its edges, by hand: the slots
// of values with a NaN, a slice once the whole sort is made, and a slice of 4-byte block ids.
import { describe, expect, it } from 'vitest';
import { SortedSource, sortedWithBlocks, sortWithSlots } from '../../src/stats/sorted-blocks';

describe('sortWithSlots and sortedWithBlocks with a NaN', () => {
  it('give the NaN a place of its own after every number', () => {
    // [2, NaN, 1] sorts to [1, 2, NaN]: 2 goes to 1, NaN to 2, 1 to 0. (A NaN searched like a number
    // lands at 0, and its slot then doubles the 2's.)
    const one = sortWithSlots(new Float64Array([2, NaN, 1]));
    expect([...one.sorted]).toEqual([1, 2, NaN]);
    expect([...one.slot]).toEqual([1, 2, 0]);
    // [NaN, 3, NaN, 1] sorts to [1, 3, NaN, NaN]: the NaNs take 2 and 3 in input order.
    expect([...sortWithSlots(new Float64Array([NaN, 3, NaN, 1])).slot]).toEqual([2, 1, 3, 0]);
  });

  it('pair each sorted position with the block of its element', () => {
    // 2 (block 5), NaN (6), 1 (7) → 1 (7), 2 (5), NaN (6)
    const { sorted, blocks } = sortedWithBlocks(new Float64Array([2, NaN, 1]), new Uint16Array([5, 6, 7]));
    expect([...sorted]).toEqual([1, 2, NaN]);
    expect([...blocks]).toEqual([7, 5, 6]);
    const wide = sortedWithBlocks(new Float64Array([NaN, 3, NaN, 1]), new Int32Array([70_000, 1, 70_002, 3]));
    expect([...wide.blocks]).toEqual([3, 1, 70_000, 70_002]);
  });
});

describe('SortedSource.slice', () => {
  // 4,096 distinct values 0…4095 in a scrambled order (1237 is odd, so i·1237 mod 4096 is a
  // permutation): the value at sorted position p is p.
  const n = 4096;
  const values = Float64Array.from({ length: n }, (_, i) => (i * 1237) % n);
  const indexOf = new Int32Array(n);
  values.forEach((v, i) => (indexOf[v] = i));

  it('is a slice until the whole sort is made, then the whole sort', () => {
    const blockOf = Uint16Array.from({ length: n }, (_, i) => i >> 4);
    const source = new SortedSource(values, blockOf, 256, 1024);
    const before = source.slice(2000, 2100);
    expect(before.offset).toBeGreaterThan(0);
    expect(before.offset).toBeLessThanOrEqual(2000);
    expect(before.sorted.length).toBeLessThan(n / 2);
    const whole = source.full();
    const after = source.slice(2000, 2100);
    expect(after.offset).toBe(0);
    expect(after.sorted).toBe(whole.sorted);
    expect(after.blocks).toBe(whole.blocks);
    expect(after.below.every((c) => c === 0)).toBe(true);
  });

  it('slices a series as long as its minimum slice, and sorts a shorter one whole', () => {
    const blockOf = Uint16Array.from({ length: n }, (_, i) => i >> 4);
    const atMinimum = new SortedSource(values, blockOf, 256, n).slice(2000, 2100);
    expect(atMinimum.offset).toBeGreaterThan(0);
    expect(atMinimum.sorted.length).toBeLessThan(n / 2);
    const shorter = new SortedSource(values, blockOf, 256, n + 1).slice(2000, 2100);
    expect(shorter.offset).toBe(0);
    expect(shorter.sorted.length).toBe(n);
  });

  it('sorts the whole series, once, for a range over most of it', () => {
    const blockOf = Uint16Array.from({ length: n }, (_, i) => i >> 4);
    const source = new SortedSource(values, blockOf, 256, 1024);
    const wide = source.slice(500, 3600);
    expect(wide.offset).toBe(0);
    expect([...wide.sorted]).toEqual(Array.from({ length: n }, (_, p) => p));
    // kept: the whole sort asked for next is the same one
    expect(source.full().sorted).toBe(wide.sorted);
  });

  it('keeps block ids past 65,535 whole in a slice, and counts each block below it', () => {
    // Each element its own block, 70,000 + its index: ids that need 4 bytes.
    const blockOf = Int32Array.from({ length: n }, (_, i) => 70_000 + i);
    const slice = new SortedSource(values, blockOf, 70_000 + n, 1024).slice(2000, 2100);
    expect(slice.offset).toBeGreaterThan(0);
    expect(slice.sorted.length).toBeLessThan(n / 2);
    expect(slice.blocks).toBeInstanceOf(Int32Array);
    const positions = Array.from(slice.sorted, (_, k) => slice.offset + k);
    expect([...slice.sorted]).toEqual(positions);
    expect([...slice.blocks]).toEqual(positions.map((p) => 70_000 + indexOf[p]));
    // below: one for each element whose value lies below the offset, in its own block (and none
    // in the blocks under 70,000)
    expect([...slice.below.subarray(70_000)]).toEqual(Array.from(values, (v) => (v < slice.offset ? 1 : 0)));
    expect(slice.below.subarray(0, 70_000).every((c) => c === 0)).toBe(true);
  });

  it('keeps 2-byte block ids 2-byte in a slice', () => {
    const blockOf = Uint16Array.from({ length: n }, (_, i) => i >> 4);
    const slice = new SortedSource(values, blockOf, 256, 1024).slice(2000, 2100);
    expect(slice.offset).toBeGreaterThan(0);
    expect(slice.blocks).toBeInstanceOf(Uint16Array);
    expect([...slice.blocks.subarray(0, 3)]).toEqual([0, 1, 2].map((k) => indexOf[slice.offset + k] >> 4));
  });
});
