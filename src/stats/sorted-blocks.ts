// The values of a side sorted once, each sorted position paired with the block its element came
// from: what a quantile replicate walks. Shared by the quantiles of one series (p50 and p95).

import type { RunSeries } from './block-bootstrap';
import { sortedOrder } from './radix-order';

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
 * directly; values with a NaN take the reference path.
 */
export function sortedWithBlocks<B extends Uint16Array | Int32Array>(values: Float64Array, blockOf: B): { sorted: Float64Array; blocks: B } {
  const n = values.length;
  const blocks = (blockOf instanceof Uint16Array ? new Uint16Array(n) : new Int32Array(n)) as B;
  let nan = false;
  for (let i = 0; i < n && !nan; i++) nan = Number.isNaN(values[i]);
  if (nan) {
    const { sorted, slot } = sortWithSlots(values);
    for (let i = 0; i < n; i++) blocks[slot[i]] = blockOf[i];
    return { sorted, blocks };
  }
  const { order, sorted } = sortedOrder(values);
  for (let k = 0; k < n; k++) blocks[k] = blockOf[order[k]];
  return { sorted, blocks };
}

/**
 * The reference definition of the slots: a sorted copy of `values` and, for each element, a distinct
 * position in it (tied values take consecutive positions in input order), by the native typed-array
 * sort plus a binary search per element. Used for values with a NaN, whose slots follow no order.
 */
export function sortWithSlots(values: Float64Array): { sorted: Float64Array; slot: Int32Array } {
  const n = values.length;
  const sorted = Float64Array.from(values).sort();
  const used = new Int32Array(n);
  const slot = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] < v) lo = mid + 1;
      else hi = mid;
    }
    slot[i] = lo + used[lo]++;
  }
  return { sorted, slot };
}
