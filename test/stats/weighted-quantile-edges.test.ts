// The quantile of a block-weighted multiset (src/stats/weighted-quantile.ts) on a series long enough to
// be sliced: a replicate near the original quantile walks only its slice, from a checkpoint; one far
// from it sorts the whole series once, and every answer is the expanded multiset's type 7 quantile.
import { describe, expect, it } from 'vitest';
import { blockIds, layoutBlocks } from '../../src/stats/block-layout';
import { SortedSource, type SortedSlice } from '../../src/stats/sorted-blocks';
import { quantileEvaluator } from '../../src/stats/weighted-quantile';

/** A source that counts its whole sorts (the walks that left their slice). */
class CountingSource extends SortedSource {
  wholeSorts = 0;
  override full() {
    this.wholeSorts++;
    return super.full();
  }
}

/** A source whose slices hold exactly the positions asked for, taken from the whole sort. */
class ExactSource extends SortedSource {
  override slice(from: number, to: number): SortedSlice {
    const whole = this.full();
    const below = new Uint32Array(256);
    for (let k = 0; k < from; k++) below[whole.blocks[k]]++;
    return { offset: from, sorted: whole.sorted.subarray(from, to), blocks: whole.blocks.subarray(from, to), below };
  }
}

/** The definition: every element of block b counts[b] times, sorted, type 7. */
function reference(values: Float64Array, blockOf: ArrayLike<number>, counts: Float64Array, q: number): number {
  const multiset: number[] = [];
  values.forEach((v, i) => {
    for (let c = 0; c < counts[blockOf[i]]; c++) multiset.push(v);
  });
  multiset.sort((a, b) => a - b);
  const h = q * (multiset.length - 1);
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, multiset.length - 1);
  return multiset[lo] + (h - lo) * (multiset[hi] - multiset[lo]);
}

describe('quantileEvaluator on a slice', () => {
  // 4,096 values with a trend, in 256 blocks of 16: i plus a scrambled 0…63 (1237 is odd, so i·1237
  // mod 64 runs over 0…63), so block b holds values from 16b to 16b + 78 and values of neighbouring
  // blocks interleave. Slices from 1,024 values. For q = 0.5 the checkpoints span ranks 1263…2831
  // (±6 of √(n·q(1−q)·16) = 128 around 2047, and 16 more), 128 apart; the slice is under half the
  // series.
  const n = 4096;
  const values = Float64Array.from({ length: n }, (_, i) => i + ((i * 1237) % 64));
  const runs = [{ values }];
  const layout = layoutBlocks(runs, [16]);
  const ids = blockIds(runs, layout);

  it('walks a draw near the original in its slice, and a draw far from it in the whole sort', () => {
    for (const [q, far] of [
      [0.1, 'last'],
      [0.5, 'first'],
      [0.5, 'last'],
      [0.9, 'first'],
    ] as const) {
      const source = new CountingSource(values, ids, layout.blockCount, 1024);
      const counts = new Float64Array(layout.blockCount);
      const evaluate = quantileEvaluator(source, layout, counts, q);
      counts.fill(1);
      expect(evaluate()).toBe(reference(values, ids, counts, q));
      // Draws of 256 blocks from 256 (a fixed linear congruential stream): the rank moves by about
      // 128, well inside the checkpoints.
      let state = 7;
      for (let rep = 0; rep < 12; rep++) {
        counts.fill(0);
        for (let k = 0; k < 256; k++) counts[(state = (Math.imul(state, 1103515245) + 12345) >>> 0) % 256]++;
        expect(evaluate()).toBe(reference(values, ids, counts, q));
      }
      expect(source.wholeSorts).toBe(0);
      // All weight on the first or the last 4 blocks: past the slice's end, or below its start.
      counts.fill(0);
      if (far === 'first') counts.fill(64, 0, 4);
      else counts.fill(64, 252);
      expect(evaluate()).toBe(reference(values, ids, counts, q));
      expect(source.wholeSorts).toBe(1);
    }
  });

  it('starts a walk at the first checkpoint when the rank lies between it and the second', () => {
    // 0…4095 in order, blocks of 16 (block b holds 16b…16b + 15). For q = 0.5 the checkpoints sit at
    // positions 1263, 1391, …; with the blocks from 160 on undrawn, 2,560 values are left and the rank
    // is ⌊0.5 · 2559⌋ = 1279: past the first checkpoint (1,263 below it), short of the second (1,391).
    // The walk starts there, inside the slice, and ends at 1279 + 0.5.
    const ordered = Float64Array.from({ length: n }, (_, i) => i);
    const orderedRuns = [{ values: ordered }];
    const source = new CountingSource(ordered, blockIds(orderedRuns, layout), layout.blockCount, 1024);
    const counts = new Float64Array(layout.blockCount);
    const evaluate = quantileEvaluator(source, layout, counts, 0.5);
    counts.fill(1, 0, 160);
    expect(evaluate()).toBe(1279.5);
    // from block 159 on: 2,544 values, h = 1271.5, still past the first checkpoint
    counts.fill(0, 159);
    expect(evaluate()).toBe(1271.5);
    expect(source.wholeSorts).toBe(0);
  });

  it('counts the checkpoints on the positions the slice was asked for, up to the last checkpoint', () => {
    // q = 0.5: checkpoints at 1263 + 128·k up to 2799, the last 32 below the range's end (2831); the
    // slice is asked up to 2831 + 128 + 16 = 2975 and holds exactly that. A draw all on the last 4
    // blocks puts the rank past every checkpoint: the walk starts at 2799 and leaves the slice.
    const counts = new Float64Array(layout.blockCount);
    const evaluate = quantileEvaluator(new ExactSource(values, ids, layout.blockCount), layout, counts, 0.5);
    counts.fill(64, 252);
    expect(evaluate()).toBe(reference(values, ids, counts, 0.5));
    counts.fill(1);
    expect(evaluate()).toBe(reference(values, ids, counts, 0.5));
  });
});
