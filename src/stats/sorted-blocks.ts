// The values of a side sorted once, each sorted position paired with the block its element came
// from: what a quantile replicate walks. Shared by the quantiles of one series (p50 and p95).

import type { RunSeries } from './block-bootstrap';
import { sortedOrderView } from './radix-order';

/**
 * Arrays a caller lends for a slice's sorted values and blocks and a quantile evaluator's
 * checkpoints, instead of new ones (ResamplerCache lends them to the metric being compared). An array
 * lent is written whole before it is read.
 */
export interface Lender {
  float64(n: number): Float64Array;
  uint32(n: number): Uint32Array;
  blocks<B extends Uint16Array | Int32Array>(like: B, n: number): B;
}

export interface SortedBlocks {
  sorted: Float64Array;
  /** Block of the element at each sorted position. */
  blocks: Uint16Array | Int32Array;
}

/** The values of the runs one after the other (the run's own array when there is one). */
export function concatRuns(runs: readonly RunSeries[], n: number): Float64Array {
  if (runs.length === 1) return runs[0].values;
  const all = new Float64Array(n);
  let offset = 0;
  for (const run of runs) {
    all.set(run.values, offset);
    offset += run.values.length;
  }
  return all;
}

/**
 * `values` sorted, and the block of the element at each sorted position: sorted[slot[i]] pairs
 * with blocks[slot[i]] = blockOf[i], with the slots of sortWithSlots (ties in input order, -0 tied
 * with +0, the sorted values as the typed-array sort lays them out). A radix argsort gives the slots
 * directly; values with a NaN take the reference path. `lend`: where the sorted values and blocks
 * go, when not in new arrays.
 */
export function sortedWithBlocks<B extends Uint16Array | Int32Array>(
  values: Float64Array,
  blockOf: B,
  lend?: Lender,
): { sorted: Float64Array; blocks: B } {
  const n = values.length;
  const blocks = lend
    ? lend.blocks(blockOf, n)
    : ((blockOf instanceof Uint16Array ? new Uint16Array(n) : new Int32Array(n)) as B);
  let nan = false;
  for (let i = 0; i < n && !nan; i++) nan = Number.isNaN(values[i]);
  if (nan) {
    const { sorted, slot } = sortWithSlots(values);
    for (let i = 0; i < n; i++) blocks[slot[i]] = blockOf[i];
    return { sorted, blocks };
  }
  const { order, sorted } = sortedOrderView(values, lend?.float64(n));
  for (let k = 0; k < n; k++) blocks[k] = blockOf[order[k]];
  return { sorted, blocks };
}

/**
 * The reference definition of the slots: a sorted copy of `values` and, for each element, a distinct
 * position in it (tied values take consecutive positions in input order), by the native typed-array
 * sort plus a binary search per element (a NaN's after every number, NaNs in input order too). Used for
 * values with a NaN, which the radix argsort does not take.
 */
export function sortWithSlots(values: Float64Array): { sorted: Float64Array; slot: Int32Array } {
  const n = values.length;
  const sorted = Float64Array.from(values).sort();
  const used = new Int32Array(n);
  const slot = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    // NaN compares false with everything, so it searches apart: its place is after every number.
    const nan = Number.isNaN(v);
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (nan ? !Number.isNaN(sorted[mid]) : sorted[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    slot[i] = lo + used[lo]++;
  }
  return { sorted, slot };
}

/**
 * A run of consecutive positions of the sorted values: sorted[offset .. offset + length) of the
 * whole sort, with their blocks, and per block the number of its elements sorted before `offset`.
 */
export interface SortedSlice {
  offset: number;
  sorted: Float64Array;
  blocks: Uint16Array | Int32Array;
  /** below[b]: elements of block b at positions < offset. */
  below: Uint32Array;
}

/** Scratch arrays for SortedSource.slice, grown as needed and handed out as views of the length asked. */
const pickScratch = {
  f64: new Float64Array(0),
  u16: new Uint16Array(0),
  i32: new Int32Array(0),
  values(n: number): Float64Array {
    if (this.f64.length < n) this.f64 = new Float64Array(n);
    return this.f64.subarray(0, n);
  },
  blocks16(n: number): Uint16Array {
    if (this.u16.length < n) this.u16 = new Uint16Array(n);
    return this.u16.subarray(0, n);
  },
  blocks32(n: number): Int32Array {
    if (this.i32.length < n) this.i32 = new Int32Array(n);
    return this.i32.subarray(0, n);
  },
};

/**
 * Below this many values a slice is the whole sort: one sort serves every percentile of the series,
 * where each slice costs a sample and two passes (measured: slices pay from a few hundred thousand).
 */
const SLICE_MIN = 1 << 18;
/** Values sampled (evenly spaced) to place a slice's ends. */
const SAMPLE = 16_384;

/**
 * The values of a side and the block of each, sorted only as far as a quantile's replicates need:
 * slice(from, to) sorts the values whose positions in the whole sort include [from, to) (found by
 * value from an even sample, then checked by counting), not the whole series; full() is the whole
 * sort, made only when asked for (a replicate that strays outside its slice). A slice is exactly that
 * part of the whole sort: values outside it are only counted per block, the ones inside are sorted
 * stably in series order, as the whole sort orders ties.
 */
export class SortedSource<B extends Uint16Array | Int32Array = Uint16Array | Int32Array> {
  private whole: { sorted: Float64Array; blocks: B } | undefined;

  /** `minSlice`: series shorter than this are sorted whole (tests lower it). */
  constructor(
    private readonly values: Float64Array,
    private readonly blockOf: B,
    private readonly blockCount: number,
    private readonly minSlice = SLICE_MIN,
  ) {}

  get size(): number {
    return this.values.length;
  }

  full(): { sorted: Float64Array; blocks: B } {
    this.whole ??= sortedWithBlocks(this.values, this.blockOf);
    return this.whole;
  }

  /**
   * A slice holding at least positions [from, to) of the whole sort; its sorted values and blocks in
   * arrays from `lend` when given (a whole sort is kept, so it never is).
   */
  slice(from: number, to: number, lend?: Lender): SortedSlice {
    const n = this.values.length;
    if (this.whole || n < this.minSlice || to - from > n / 2) return this.wholeSlice();
    const values = this.values;
    // Ends by value from an even sample, each with a margin of four sampling errors of its rank
    // (√(m p (1 − p)) of m) and a few ranks more.
    const m = Math.min(SAMPLE, n >> 1);
    const sample = new Float64Array(m);
    for (let k = 0; k < m; k++) sample[k] = values[Math.floor((k * n) / m)];
    sample.sort();
    const margin = (p: number) => Math.ceil(4 * Math.sqrt(m * p * (1 - p)) + 8);
    const low = Math.floor((from / n) * m) - margin(from / n);
    const high = Math.ceil((to / n) * m) + margin(to / n);
    const lo = low <= 0 ? -Infinity : sample[low];
    const hi = high >= m ? Infinity : sample[high];
    // NaN sorts last: an end that is NaN cannot bound a slice.
    if (Number.isNaN(lo) || Number.isNaN(hi)) return this.wholeSlice();
    let before = 0;
    let inside = 0;
    for (let i = 0; i < n; i++) {
      const v = values[i];
      if (v < lo) before++;
      else if (v <= hi) inside++;
    }
    if (before > from || before + inside < to) return this.wholeSlice();
    const below = new Uint32Array(this.blockCount);
    // The picked values and blocks are only read by the sort (it returns new arrays): one scratch
    // serves every slice, where a new pair per slice was garbage of hundreds of thousands of values.
    const picked = pickScratch.values(inside);
    const pickedBlocks =
      this.blockOf instanceof Uint16Array ? pickScratch.blocks16(inside) : pickScratch.blocks32(inside);
    const blockOf = this.blockOf;
    for (let i = 0, j = 0; i < n; i++) {
      const v = values[i];
      if (v < lo) below[blockOf[i]]++;
      else if (v <= hi) {
        picked[j] = v;
        pickedBlocks[j++] = blockOf[i];
      }
    }
    const { sorted, blocks } = sortedWithBlocks(picked, pickedBlocks, lend);
    return { offset: before, sorted, blocks, below };
  }

  private wholeSlice(): SortedSlice {
    const { sorted, blocks } = this.full();
    return { offset: 0, sorted, blocks, below: new Uint32Array(this.blockCount) };
  }
}
