// The permutation that puts rows in arrival order, ties kept in file order: the order of
// `rows.sort((a, b) => arrival[a] - arrival[b] || a - b)`, found without a comparator: a stable
// insertion sort when the rows are nearly in order (as completion-ordered logs are), else a stable
// LSD radix sort on the bits of the doubles (about 6× faster than the comparator on a million rows).

import { nearlySortedOrder, stableOrder } from '../../stats/radix-order';

/** Below this many rows the comparator sort is as fast and needs no histograms. */
const RADIX_MIN_ROWS = 2048;

/**
 * `undefined` when `arrival` (finite values, no NaN) is already in order; otherwise order[i] is the
 * file row that goes to position i.
 */
export function arrivalOrder(arrival: Float64Array): Uint32Array | undefined {
  let sorted = true;
  for (let i = 1; i < arrival.length && sorted; i++) if (arrival[i] < arrival[i - 1]) sorted = false;
  if (sorted) return undefined;
  // Logs come in completion order, which is arrival order give or take the requests in flight: an
  // insertion sort moves few rows, and gives way to the radix sort when it would move many.
  return arrival.length < RADIX_MIN_ROWS ? comparatorOrder(arrival) : nearlySortedOrder(arrival);
}

/** The reference definition (and the path for short tables). */
export function comparatorOrder(arrival: Float64Array): Uint32Array {
  const order = new Uint32Array(arrival.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => arrival[a] - arrival[b] || a - b);
  return order;
}

/**
 * The radix path on its own (stats/radix-order.ts, which arrivalOrder falls back to): rows by arrival,
 * -0 read as +0 (the comparator calls them equal), ties by index. Finite values only.
 */
export function radixOrder(arrival: Float64Array): Uint32Array {
  return stableOrder(arrival);
}
