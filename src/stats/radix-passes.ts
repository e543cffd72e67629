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
 * LSD radix on 32-bit keys, `bits` of them significant. Each key travels with its index, so every
 * pass reads sequentially; `keys` is the caller's scratch and ends up sorted.
 */
export function sortKeys(keys: Uint32Array, bits: number, n: number): Uint32Array {
  let fromKeys: Uint32Array = keys;
  let toKeys: Uint32Array = new Uint32Array(n);
  let order = new Uint32Array(n);
  let next = new Uint32Array(n);
  const digit = digitBits(n);
  const mask = (1 << digit) - 1;
  const counts = new Uint32Array(mask + 1);
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
 * for positives, every bit flipped for negatives, -0 read as +0.
 */
export function sortDoubles(values: Float64Array): Uint32Array {
  const n = values.length;
  const words = new Uint32Array(values.buffer, values.byteOffset, n * 2);
  const loAt = LITTLE_ENDIAN ? 0 : 1;
  const hiAt = 1 - loAt;
  const hiKeys = new Uint32Array(n);
  const loKeys = new Uint32Array(n);
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
  let order = new Uint32Array(n);
  let next = new Uint32Array(n);
  const digit = digitBits(n);
  const mask = (1 << digit) - 1;
  const counts = new Uint32Array(mask + 1);
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
