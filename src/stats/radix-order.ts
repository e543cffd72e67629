// Stable argsort of doubles without a comparator: the permutation of
// `indices.sort((a, b) => values[a] - values[b] || a - b)` (-0 equal to +0, ties in index order),
// found by an LSD radix sort: on integer keys when the values have them (integer-keys.ts), else on
// the IEEE bits; or by insertion when the values are nearly in order.

import { integerKeys } from './integer-keys';
import { RADIX_MIN, sortDoubles, sortKeys } from './radix-passes';

/** The reference definition (and the path for short arrays). No NaN. */
export function comparatorOrder(values: ArrayLike<number>): Uint32Array {
  const order = new Uint32Array(values.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => values[a] - values[b] || a - b);
  return order;
}

/**
 * order[k] = the index of the k-th smallest value, ties (and -0 with +0) in index order. Values must
 * not be NaN; ±Infinity sort to the ends, equal infinities tied like the comparator ties them.
 */
export function stableOrder(values: Float64Array): Uint32Array {
  const n = values.length;
  if (n < RADIX_MIN) return comparatorOrder(values);
  const scaled = integerKeys(values);
  // The radix order is a view of the sort scratch: copied, as the caller keeps it.
  return (scaled ? sortKeys(scaled.keys, scaled.bits, n) : sortDoubles(values)).slice();
}

/**
 * stableOrder, and the values in that order exactly as Float64Array.prototype.sort lays them out
 * (the -0s before the +0s among the zeros). On the integer-key path the sorted values come from the
 * sorted keys, not from reading `values` in sorted order (a random access per value).
 */
export function sortedOrder(values: Float64Array): { order: Uint32Array; sorted: Float64Array } {
  const { order, sorted } = sortedOrderView(values);
  // A radix order is a view of the sort scratch: copied, as the caller keeps it.
  return { order: values.length < RADIX_MIN ? order : order.slice(), sorted };
}

/**
 * sortedOrder for a caller that is done with the order before it sorts again: the order may be a
 * view of the sort scratch (radix-passes.ts), overwritten by the next sort. The sorted values go in
 * `into` (as long as `values`) when given.
 */
export function sortedOrderView(
  values: Float64Array,
  into?: Float64Array,
): { order: Uint32Array; sorted: Float64Array } {
  const n = values.length;
  let order: Uint32Array;
  let sorted: Float64Array;
  const scaled = n < RADIX_MIN ? undefined : integerKeys(values);
  if (scaled) {
    const { keys, min, scale } = scaled;
    order = sortKeys(keys, scaled.bits, n);
    sorted = into ?? new Float64Array(n);
    for (let k = 0; k < n; k++) sorted[k] = (keys[k] + min) / scale;
  } else {
    order = n < RADIX_MIN ? comparatorOrder(values) : sortDoubles(values);
    sorted = into ?? new Float64Array(n);
    for (let k = 0; k < n; k++) sorted[k] = values[order[k]];
  }
  signZeros(values, sorted);
  return { order, sorted };
}

/**
 * The zeros of `sorted` (sorted `values`, zeros in any sign order) rewritten as the typed-array sort
 * has them: as many -0s as `values` holds, then the +0s.
 */
function signZeros(values: Float64Array, sorted: Float64Array): void {
  let negativeZeros = 0;
  for (let i = 0; i < values.length; i++) if (values[i] === 0 && Object.is(values[i], -0)) negativeZeros++;
  let first = 0;
  while (first < sorted.length && sorted[first] < 0) first++;
  let end = first;
  while (end < sorted.length && sorted[end] === 0) end++;
  sorted.fill(-0, first, first + negativeZeros);
  sorted.fill(0, first + negativeZeros, end);
}

/**
 * stableOrder for values that are nearly in order already (start times of requests in arrival
 * order): a stable insertion sort while it moves at most `budget` × n entries in all, the radix sort
 * from scratch once it would move more. No NaN. `into`: where the order goes (at least n long), when
 * not in a new array (the radix sort's order always is one).
 */
export function nearlySortedOrder(values: Float64Array, budget = 32, into?: Uint32Array): Uint32Array {
  const n = values.length;
  const order = into ? into.subarray(0, n) : new Uint32Array(n);
  for (let i = 0; i < n; i++) order[i] = i;
  let moves = 0;
  const most = budget * n;
  for (let k = 1; k < n; k++) {
    const v = values[k];
    let j = k - 1;
    // Only strictly greater values move up: ties keep index order.
    while (j >= 0 && values[order[j]] > v) {
      order[j + 1] = order[j];
      j--;
    }
    order[j + 1] = k;
    moves += k - 1 - j;
    if (moves > most) return stableOrder(values);
  }
  return order;
}
