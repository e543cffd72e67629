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
    const windowed = windowQuantile(values, q);
    if (windowed !== undefined) return windowed;
  }
  return selectQuantile(finiteCopy(values), q);
}

/** From this many values a quantile selects among the few around it, not in a copy of them all. */
const WINDOW_MIN = 1 << 16;
const WINDOW_SAMPLE = 4096;

/**
 * quantile() without copying every value: an even sample places bounds around the ranks the
 * quantile needs, one pass counts the finite values below the bounds (and the negatives and -0s,
 * for the sign of a zero, as selectQuantile reads it) and copies those between them, and the
 * selection runs on that copy. The values at those ranks are the ones a sort of all of them has
 * there; undefined when the bounds miss a rank (the caller then selects in a full copy).
 */
function windowQuantile(values: ArrayLike<number>, q: number): number | undefined {
  const size = values.length;
  const m = WINDOW_SAMPLE;
  const sample = new Float64Array(m);
  let sampled = 0;
  for (let k = 0; k < m; k++) {
    const v = values[Math.floor((k * size) / m)];
    if (Number.isFinite(v)) sample[sampled++] = v;
  }
  if (sampled < m / 2) return undefined;
  const sorted = sample.subarray(0, sampled).sort();
  // Ranks in the finite values are not known yet: place the bounds by the sample's share, with a margin.
  const margin = Math.ceil(4 * Math.sqrt(sampled * Math.max(q * (1 - q), 1 / sampled)) + 8);
  const at = Math.floor(q * (sampled - 1));
  const low = at - margin <= 0 ? -Infinity : sorted[at - margin];
  const high = at + margin >= sampled - 1 ? Infinity : sorted[at + margin + 1];
  let finite = 0;
  let below = 0;
  let inside = 0;
  let negatives = 0;
  let negativeZeros = 0;
  for (let i = 0; i < size; i++) {
    const v = values[i];
    if (!Number.isFinite(v)) continue;
    finite++;
    if (v < 0) negatives++;
    else if (v === 0 && Object.is(v, -0)) negativeZeros++;
    if (v < low) below++;
    else if (v <= high) inside++;
  }
  if (finite === 0) return NaN;
  if (finite === 1) return undefined;
  const h = (finite - 1) * q;
  const lo = Math.floor(h);
  const frac = h - lo;
  // The ranks needed: lo, and lo + 1 when there is a fraction to interpolate (the largest when lo is last).
  const last = lo >= finite - 1 ? finite - 1 : frac === 0 ? lo : lo + 1;
  const first = Math.min(lo, finite - 1);
  if (below > first || below + inside <= last) return undefined;
  const window = new Float64Array(inside);
  for (let i = 0, j = 0; i < size; i++) {
    const v = values[i];
    if (v >= low && v <= high && Number.isFinite(v)) window[j++] = v;
  }
  // The sign of a zero at rank k is the whole sample's: -0 when k falls among the -0s (selectQuantile).
  const signed = (k: number, v: number) => (v !== 0 ? v : k >= negatives && k < negatives + negativeZeros ? -0 : 0);
  if (lo >= finite - 1) return signed(finite - 1, valueAt(window, finite - 1 - below));
  const lower = signed(lo, valueAt(window, lo - below));
  if (frac === 0) return lower;
  const upper = signed(lo + 1, minFrom(window, lo + 1 - below));
  return lower + frac * (upper - lower);
}

/** The value a sort of `window` puts at k (rearranges it). */
function valueAt(window: Float64Array, k: number): number {
  selectInPlace(window, k);
  return window[k];
}

/** The smallest of window[k..], after valueAt(window, k - 1) placed everything below it before k. */
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
