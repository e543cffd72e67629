// Quantiles by linear interpolation between closest ranks (Hyndman & Fan type 7): the definition of
// PostgreSQL's percentile_cont, numpy's default and DuckDB's quantile_cont, so numbers match the
// §4 query on the same data.

import { sortDecimalsInPlace } from './integer-keys';
import { selectInPlace, selectQuantile } from './select';

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

/** quantileSorted(sortedFinite(values), q), found by selection: one quantile needs no sort. */
export function quantile(values: ArrayLike<number>, q: number): number {
  if (values.length >= WINDOW_MIN) {
    const windowed = windowQuantiles([values], [q]);
    if (windowed !== undefined) return windowed[0];
  }
  return selectQuantile(finiteCopy(values), q);
}

/** From this many values a quantile selects among the few around it, not in a copy of them all. */
export const WINDOW_MIN = 1 << 16;
const WINDOW_SAMPLE = 4096;

/**
 * qs.map((q) => quantileSorted(sortedFinite(all values of `columns`), q)) without copying every value:
 * an even sample places bounds around the ranks each quantile needs (overlapping bounds merge into
 * one window), one pass counts the finite values below each window (and the negatives and -0s, for
 * the sign of a zero, as selectQuantile reads it), a second copies the values inside the windows, and
 * the selections run on those copies. The values at those ranks are the ones a sort of all of them
 * has there; undefined when a window misses a rank it should hold (the caller then selects in a full
 * copy).
 */
export function windowQuantiles(columns: readonly ArrayLike<number>[], qs: readonly number[]): number[] | undefined {
  let size = 0;
  for (let c = 0; c < columns.length; c++) size += columns[c].length;
  // An even sample of the finite values, across the columns as if they were one.
  const m = WINDOW_SAMPLE;
  const sample = new Float64Array(m);
  let sampled = 0;
  for (let c = 0, offset = 0, k = 0; c < columns.length; offset += columns[c].length, c++) {
    const column = columns[c];
    for (; k < m; k++) {
      const i = Math.floor((k * size) / m) - offset;
      if (i >= column.length) break;
      const v = column[i];
      if (Number.isFinite(v)) sample[sampled++] = v;
    }
  }
  if (sampled < m / 2) return undefined;
  const sorted = sample.subarray(0, sampled).sort();
  // Bounds by the sample's share of each quantile, with a margin of four sampling errors of a rank;
  // overlapping bounds merge, so the windows are disjoint and in order.
  const bounds = qs
    .map((q) => {
      const margin = Math.ceil(4 * Math.sqrt(sampled * Math.max(q * (1 - q), 1 / sampled)) + 8);
      const at = Math.floor(q * (sampled - 1));
      return [at - margin <= 0 ? -Infinity : sorted[at - margin], at + margin >= sampled - 1 ? Infinity : sorted[at + margin + 1]];
    })
    .sort((a, b) => a[0] - b[0]);
  const merged: number[][] = [];
  for (const [low, high] of bounds) {
    const last = merged[merged.length - 1];
    if (last && low <= last[1]) last[1] = Math.max(last[1], high);
    else merged.push([low, high]);
  }
  const w = merged.length;
  const lows = Float64Array.from(merged, (x) => x[0]);
  const highs = Float64Array.from(merged, (x) => x[1]);
  // One pass: the finite values at or above k windows' low bounds lie below window k (between[k]),
  // and inside window k - 1 when not above its high bound; the negatives and -0s, for zeros' signs.
  const between = new Float64Array(w + 1);
  const inside = new Float64Array(w);
  let finite = 0;
  let negatives = 0;
  let negativeZeros = 0;
  for (let c = 0; c < columns.length; c++) {
    const column = columns[c];
    const n = column.length;
    for (let i = 0; i < n; i++) {
      const v = column[i];
      if (!Number.isFinite(v)) continue;
      finite++;
      if (v <= 0) {
        if (v < 0) negatives++;
        else if (Object.is(v, -0)) negativeZeros++;
      }
      let k = 0;
      while (k < w && v >= lows[k]) k++;
      between[k]++;
      if (k > 0 && v <= highs[k - 1]) inside[k - 1]++;
    }
  }
  if (finite === 0) return qs.map(() => NaN);
  if (finite === 1) return undefined;
  const below = new Float64Array(w);
  for (let k = 0, running = 0; k < w; k++) below[k] = running += between[k];
  // The values inside the windows, copied; the selections run on them.
  const copies = Array.from({ length: w }, (_, k) => new Float64Array(inside[k]));
  const filled = new Int32Array(w);
  for (let c = 0; c < columns.length; c++) {
    const column = columns[c];
    const n = column.length;
    for (let i = 0; i < n; i++) {
      const v = column[i];
      let k = 0;
      while (k < w && v >= lows[k]) k++;
      // NaN passes no test above (k = 0); ±Infinity is outside every window with finite bounds, and
      // is left out where a bound is infinite.
      if (k > 0 && v <= highs[k - 1] && Number.isFinite(v)) copies[k - 1][filled[k - 1]++] = v;
    }
  }
  // The sign of a zero at rank r is the whole sample's: -0 when r falls among the -0s (selectQuantile).
  const signed = (r: number, v: number) => (v !== 0 ? v : r >= negatives && r < negatives + negativeZeros ? -0 : 0);
  /** The window holding ranks first..last, or -1. */
  const holding = (first: number, last: number) => {
    for (let k = 0; k < w; k++) if (below[k] <= first && below[k] + inside[k] > last) return k;
    return -1;
  };
  const out: number[] = [];
  for (const q of qs) {
    const h = (finite - 1) * q;
    const lo = Math.floor(h);
    const frac = h - lo;
    if (lo >= finite - 1) {
      const k = holding(finite - 1, finite - 1);
      if (k < 0) return undefined;
      out.push(signed(finite - 1, selectedAt(copies[k], finite - 1 - below[k])));
      continue;
    }
    const k = holding(lo, frac === 0 ? lo : lo + 1);
    if (k < 0) return undefined;
    const lower = signed(lo, selectedAt(copies[k], lo - below[k]));
    if (frac === 0) {
      out.push(lower);
      continue;
    }
    const upper = signed(lo + 1, minFrom(copies[k], lo + 1 - below[k]));
    out.push(lower + frac * (upper - lower));
  }
  return out;
}

/** The value a sort of `window` puts at k (rearranges it so that what is before k is not larger). */
function selectedAt(window: Float64Array, k: number): number {
  selectInPlace(window, k);
  return window[k];
}

/** The smallest of window[k..], after selectedAt(window, k - 1) or (window, k) placed the smaller before k. */
function minFrom(window: Float64Array, k: number): number {
  let m = window[k];
  for (let i = k + 1; i < window.length; i++) if (window[i] < m) m = window[i];
  return m;
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
