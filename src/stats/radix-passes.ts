// The passes of an LSD radix sort over 32-bit keys, shared by the argsorts (radix-order.ts) and
// the key sort of decimal values (integer-keys.ts).

/** Bits per radix pass: 16 for large arrays; 11 below 2^16 values, whose histograms would dominate. */
const DIGIT_BITS = 16;
const SMALL_DIGIT_BITS = 11;
export const BUCKETS = 1 << DIGIT_BITS;

export function digitBits(n: number): number {
  return n >= BUCKETS ? DIGIT_BITS : SMALL_DIGIT_BITS;
}

/** Below this many values the comparator sort is as fast and needs no histograms. */
export const RADIX_MIN = 2048;
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Scratch for the sorts, grown as needed and handed out as views of the length asked: the keys, the
 * order, and the arrays a pass writes them into, and the digit histogram. Without it a sort of a few
 * hundred thousand values left four times its size in garbage Uint32Arrays, and the statistics of a
 * comparison sort a dozen such series: ~40 MB that V8 frees only at its next full collection (at
 * 100k vs 1M requests, measured). A view holds good until the next sort, so an order that a caller
 * keeps is copied out of it (radix-order.ts). Sorts of more than SCRATCH_MAX values get arrays of
 * their own, so what stays allocated is bounded (4 × 2 MiB).
 */
const SCRATCH_MAX = 1 << 19;
export const Scratch = { Keys: 0, NextKeys: 1, Order: 2, NextOrder: 3 } as const;
const scratch = [new Uint32Array(0), new Uint32Array(0), new Uint32Array(0), new Uint32Array(0)];
let histogram = new Uint32Array(0);

/** A Uint32Array of n for `slot` of a sort: a view of the scratch, good until the next sort. */
export function sortScratch(slot: (typeof Scratch)[keyof typeof Scratch], n: number): Uint32Array {
  if (n > SCRATCH_MAX) return new Uint32Array(n);
  if (scratch[slot].length < n) scratch[slot] = new Uint32Array(n);
  return scratch[slot].subarray(0, n);
}

/** The histogram of a pass over n keys (digitBits(n) bits), from the scratch; the caller zeroes it. */
export function digitCounts(n: number): Uint32Array {
  if (histogram.length === 0) histogram = new Uint32Array(BUCKETS);
  return histogram.subarray(0, 1 << digitBits(n));
}

/**
 * LSD radix on 32-bit keys, `bits` of them significant. Each key travels with its index, so every
 * pass reads sequentially; `keys` is the caller's scratch and ends up sorted. The order returned is
 * sort scratch (sortScratch).
 */
export function sortKeys(keys: Uint32Array, bits: number, n: number): Uint32Array {
  let fromKeys: Uint32Array = keys;
  let toKeys = sortScratch(Scratch.NextKeys, n);
  let order = sortScratch(Scratch.Order, n);
  let next = sortScratch(Scratch.NextOrder, n);
  const digit = digitBits(n);
  const mask = (1 << digit) - 1;
  const counts = digitCounts(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (let shift = 0; shift < bits; shift += digit) {
    counts.fill(0);
    for (let i = 0; i < n; i++) counts[(fromKeys[i] >>> shift) & mask]++;
    if (!prefixSums(counts, n)) continue;
    for (let i = 0; i < n; i++) {
      const key = fromKeys[i];
      const at = counts[(key >>> shift) & mask]++;
      toKeys[at] = key;
      next[at] = order[i];
    }
    const swapKeys = fromKeys;
    fromKeys = toKeys;
    toKeys = swapKeys;
    const swapOrder = order;
    order = next;
    next = swapOrder;
  }
  if (fromKeys !== keys) keys.set(fromKeys);
  return order;
}

/** Exclusive prefix sums in place; false when one digit holds every key (the pass would not reorder). */
export function prefixSums(counts: Uint32Array, n: number): boolean {
  let sum = 0;
  for (let d = 0; d < counts.length; d++) {
    const c = counts[d];
    if (c === n) return false;
    counts[d] = sum;
    sum += c;
  }
  return true;
}

/**
 * LSD radix on the 64 IEEE bits, mapped so that unsigned order is numeric order: the sign bit flipped
 * for positives, every bit flipped for negatives, -0 read as +0. The order returned is sort scratch
 * (sortScratch).
 */
export function sortDoubles(values: Float64Array): Uint32Array {
  const n = values.length;
  const words = new Uint32Array(values.buffer, values.byteOffset, n * 2);
  const loAt = LITTLE_ENDIAN ? 0 : 1;
  const hiAt = 1 - loAt;
  const hiKeys = sortScratch(Scratch.Keys, n);
  const loKeys = sortScratch(Scratch.NextKeys, n);
  for (let i = 0; i < n; i++) {
    let hi = words[2 * i + hiAt];
    let lo = words[2 * i + loAt];
    if (values[i] === 0) hi = lo = 0;
    if (hi >= 0x80000000) {
      hi = ~hi >>> 0;
      lo = ~lo >>> 0;
    } else {
      hi = (hi | 0x80000000) >>> 0;
    }
    hiKeys[i] = hi;
    loKeys[i] = lo;
  }
  let order = sortScratch(Scratch.Order, n);
  let next = sortScratch(Scratch.NextOrder, n);
  const digit = digitBits(n);
  const mask = (1 << digit) - 1;
  const counts = digitCounts(n);
  for (let i = 0; i < n; i++) order[i] = i;
  for (const keys of [loKeys, hiKeys]) {
    for (let shift = 0; shift < 32; shift += digit) {
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[(keys[i] >>> shift) & mask]++;
      if (!prefixSums(counts, n)) continue;
      for (let i = 0; i < n; i++) {
        const row = order[i];
        next[counts[(keys[row] >>> shift) & mask]++] = row;
      }
      const swap = order;
      order = next;
      next = swap;
    }
  }
  return order;
}
