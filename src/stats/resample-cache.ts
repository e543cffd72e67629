// Work that resamplers of the same series share, e.g. p50 and p95 of one column: the block length
// of each run's values, and the values with their blocks to sort from (a whole sort, once one is
// made); and what series of one side share, the block of each element. Scoped to one comparison by
// whoever creates it (the columns are not written to meanwhile); only the last few series are kept,
// so memory stays at one metric's worth whatever the number of metrics.

import type { Lender, SortedSource } from './sorted-blocks';

/**
 * Arrays of one kind lent in turn: the k-th asked for since reset() is the k-th kept, grown when too
 * short. Metrics ask in the same pattern (base then head, slice then checkpoints), so each array
 * settles at the size its place needs.
 */
class Lent<T extends Float64Array | Uint32Array | Uint16Array | Int32Array> {
  private readonly arrays: T[] = [];
  private next = 0;

  constructor(private readonly make: (n: number) => T) {}

  lend(n: number): T {
    if (this.next === this.arrays.length) this.arrays.push(this.make(n));
    else if (this.arrays[this.next].length < n) this.arrays[this.next] = this.make(n);
    return this.arrays[this.next++].subarray(0, n) as T;
  }

  reset(): void {
    this.next = 0;
  }
}

export class ResamplerCache {
  private readonly lengths = new WeakMap<Float64Array, Map<string, number>>();
  private sorted: { values: readonly Float64Array[]; layout: string; entry: SortedSource }[] = [];
  private blocks: { layout: string; ids: Uint16Array | Int32Array }[] = [];

  private readonly float64 = new Lent((n) => new Float64Array(n));
  private readonly uint32 = new Lent((n) => new Uint32Array(n));
  private readonly uint16 = new Lent((n) => new Uint16Array(n));
  private readonly int32 = new Lent((n) => new Int32Array(n));

  /**
   * Arrays for the slices the quantiles of the metric being compared walk, and their checkpoints:
   * needed only while its replicates are drawn, they are lent again to the next metric
   * (nextMetric), where new ones per metric left ~6 MB of garbage per million-row side.
   */
  readonly lender: Lender = {
    float64: (n) => this.float64.lend(n),
    uint32: (n) => this.uint32.lend(n),
    blocks: <B extends Uint16Array | Int32Array>(like: B, n: number) =>
      (like instanceof Uint16Array ? this.uint16.lend(n) : this.int32.lend(n)) as B,
  };

  /** `capacity`: sorted series kept (2: the base and the head of the metric being compared). */
  constructor(private readonly capacity = 2) {}

  /** The resamplers made so far are done with: what they were lent is lent again. */
  nextMetric(): void {
    this.float64.reset();
    this.uint32.reset();
    this.uint16.reset();
    this.int32.reset();
  }

  blockLength(values: Float64Array, kind: string, compute: () => number): number {
    let byKind = this.lengths.get(values);
    if (!byKind) this.lengths.set(values, (byKind = new Map()));
    let length = byKind.get(kind);
    if (length === undefined) byKind.set(kind, (length = compute()));
    return length;
  }

  /**
   * The block of each element for a layout (the runs' lengths and block lengths: blockIds depends on
   * nothing else). Series of one side share it when their block lengths agree, as they do at the
   * cap of MAX_BLOCKS_PER_RUN on long runs: one array per side instead of one per metric.
   */
  blockIds(layout: string, compute: () => Uint16Array | Int32Array): Uint16Array | Int32Array {
    const hit = this.blocks.find((b) => b.layout === layout);
    if (hit) return hit.ids;
    if (this.blocks.length >= this.capacity) this.blocks.shift();
    const ids = compute();
    this.blocks.push({ layout, ids });
    return ids;
  }

  sortedSource(values: readonly Float64Array[], layout: string, compute: () => SortedSource): SortedSource {
    const same = (a: readonly Float64Array[]) => a.length === values.length && a.every((v, i) => v === values[i]);
    const hit = this.sorted.find((s) => s.layout === layout && same(s.values));
    if (hit) return hit.entry;
    // Drop the oldest before sorting, so it is not held alongside the new one.
    if (this.sorted.length >= this.capacity) this.sorted.shift();
    const entry = compute();
    this.sorted.push({ values, layout, entry });
    return entry;
  }
}
