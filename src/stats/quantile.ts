// Quantiles by linear interpolation between closest ranks (Hyndman & Fan type 7): the definition of
// PostgreSQL's percentile_cont, numpy's default and DuckDB's quantile_cont, so numbers match the
// §4 query on the same data.

import { sortDecimalsInPlace } from './integer-keys';
import { selectQuantile, selectQuantiles } from './select';

/** A Float64Array known to be sorted ascending with no NaN. Build one with `sortedFinite`. */
export type SortedSample = Float64Array & { readonly __sorted: unique symbol };

/** Copies the finite values of `values`, sorted ascending. */
export function sortedFinite(values: ArrayLike<number>): SortedSample {
  const out = finiteCopy(values);
  // The same array a comparison sort gives; telemetry with few decimals sorts faster by its keys.
  if (!sortDecimalsInPlace(out)) out.sort();
  return out as SortedSample;
}

/** The finite values of `values`, in their order, in a new array. */
function finiteCopy(values: ArrayLike<number>): Float64Array {
  if (values instanceof Float64Array) {
    // A block copy, then one pass that compacts from the first non-finite value on (usually none).
    const out = values.slice();
    const n = out.length;
    let j = 0;
    while (j < n && Number.isFinite(out[j])) j++;
    if (j === n) return out;
    for (let i = j + 1; i < n; i++) {
      const v = out[i];
      if (Number.isFinite(v)) out[j++] = v;
    }
    return out.slice(0, j);
  }
  let count = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) count++;
  const out = new Float64Array(count);
  let j = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isFinite(v)) out[j++] = v;
  }
  return out;
}

/** The q-quantile (0 ≤ q ≤ 1) of a sorted sample; NaN when it is empty. */
export function quantileSorted(sorted: SortedSample, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  if (n === 1) return sorted[0];
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  if (lo >= n - 1) return sorted[n - 1];
  const frac = h - lo;
  return frac === 0 ? sorted[lo] : sorted[lo] + frac * (sorted[lo + 1] - sorted[lo]);
}

/**
 * Where quantile() selects, kept from one call to the next: the diagnosis takes a dozen single
 * percentiles of million-row columns, and a fresh copy for each left ~8 MB of garbage apiece (the
 * peak memory of a run) and cost more in first touches of new memory than the copy itself.
 */
let selectScratch = new Float64Array(0);

/**
 * Makes the scratch hold at least `length` values. It grows to twice its size at least: the pool
 * of both sides comes after the larger side alone, and only the part written is ever touched.
 */
function selectScratchFor(length: number): void {
  if (selectScratch.length < length) selectScratch = new Float64Array(Math.max(length, 2 * selectScratch.length));
}

/**
 * The array quantile() selects in, at least `length` long, lent to a caller that is done with it
 * before it calls quantile(), quantileOfComputed() or quantilesOfComputed() again (they write over
 * it): a working array the size of a column that the diagnosis then makes only once.
 */
export function selectScratchOf(length: number): Float64Array {
  selectScratchFor(length);
  return selectScratch;
}

/** quantileSorted(sortedFinite(values), q), found by selection: one quantile needs no sort. */
export function quantile(values: ArrayLike<number>, q: number): number {
  selectScratchFor(values.length);
  return selectQuantile(finiteInto(values, selectScratch), q);
}

/**
 * The q-quantile of values computed on the fly: `fill` writes the finite ones into the array it is
 * given (at least `length` long) and returns how many it wrote; as quantile() of a column holding
 * them, without making that column.
 */
export function quantileOfComputed(length: number, fill: (out: Float64Array) => number, q: number): number {
  selectScratchFor(length);
  return selectQuantile(selectScratch.subarray(0, fill(selectScratch)), q);
}

/** quantileOfComputed for several ascending quantiles at once (selectQuantiles over the values written). */
export function quantilesOfComputed(
  length: number,
  fill: (out: Float64Array) => number,
  qs: readonly number[],
): number[] {
  selectScratchFor(length);
  return selectQuantiles(selectScratch.subarray(0, fill(selectScratch)), qs);
}

/** The finite values of `values`, in their order, at the start of `out` (at least as long): that part of it. */
function finiteInto(values: ArrayLike<number>, out: Float64Array): Float64Array {
  let j = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isFinite(v)) out[j++] = v;
  }
  return out.subarray(0, j);
}

/** Mean of the finite values; NaN when there are none. */
export function meanFinite(values: ArrayLike<number>): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (Number.isFinite(v)) {
      sum += v;
      count++;
    }
  }
  return count === 0 ? NaN : sum / count;
}

export function countFinite(values: ArrayLike<number>): number {
  let count = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) count++;
  return count;
}
