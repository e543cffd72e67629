// Doubles that are all whole multiples of 10^-d (telemetry in ms with three decimals, token
// counts) have exact integer keys v·10^d: sorting those keys sorts the values, in one or two 16-bit
// passes (or a counting sort) instead of a comparison sort or four passes over the IEEE bits.

import { BUCKETS, RADIX_MIN, Scratch, digitBits, digitCounts, prefixSums, sortScratch } from './radix-passes';

/** Scales tried for the integer key: 10^0 … 10^6. */
const MAX_DECIMALS = 6;

/**
 * Keys k_i = round(v_i·10^d) − min when every value satisfies round(v·10^d) / 10^d === v for the
 * smallest such d ≤ 6 and the keys span less than 2^32. Division by 10^d is monotone, so distinct
 * keys keep the values' order and equal values (also -0 and +0) get equal keys.
 */
export function integerKeys(values: Float64Array): IntegerKeys | undefined {
  const n = values.length;
  let decimals = -1;
  // Find d on the first values, then check it on all (a later value may need more decimals).
  for (let d = 0; d <= MAX_DECIMALS && decimals < 0; d++) {
    const scale = 10 ** d;
    let ok = true;
    for (let i = 0; i < Math.min(n, 64) && ok; i++) ok = fits(values[i], scale);
    if (ok) decimals = d;
  }
  if (decimals < 0) return undefined;
  const scale = 10 ** decimals;
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (!fits(v, scale)) return undefined;
    const k = Math.round(v * scale);
    if (k < min) min = k;
    if (k > max) max = k;
  }
  const span = max - min;
  if (!(span < 2 ** 32)) return undefined;
  const keys = sortScratch(Scratch.Keys, n);
  for (let i = 0; i < n; i++) keys[i] = Math.round(values[i] * scale) - min;
  return { keys, bits: 32 - Math.clz32(span), min, scale, span };
}

export interface IntegerKeys {
  /** Sort scratch (sortScratch): good until the next sort. */
  keys: Uint32Array;
  /** Significant key bits. */
  bits: number;
  /** value = (key + min) / scale, exactly. */
  min: number;
  scale: number;
  span: number;
}

function fits(v: number, scale: number): boolean {
  const k = Math.round(v * scale);
  return k / scale === v && k <= Number.MAX_SAFE_INTEGER && k >= -Number.MAX_SAFE_INTEGER;
}

/**
 * Sorts finite `values` in place, exactly as Float64Array.prototype.sort does (-0 before +0), when
 * they have integer keys (see integerKeys); false, untouched, otherwise. A counting sort when the
 * keys span little, else two radix passes over the keys alone.
 */
export function sortDecimalsInPlace(values: Float64Array): boolean {
  const n = values.length;
  if (n < RADIX_MIN) return false;
  const scaled = integerKeys(values);
  if (!scaled) return false;
  const { keys, min, scale, span } = scaled;
  let negativeZeros = 0;
  for (let i = 0; i < n; i++) if (values[i] === 0 && Object.is(values[i], -0)) negativeZeros++;
  if (span < Math.max(BUCKETS, n)) {
    const counts = new Uint32Array(span + 1);
    for (let i = 0; i < n; i++) counts[keys[i]]++;
    let at = 0;
    for (let key = 0; key <= span; key++) {
      const c = counts[key];
      if (c === 0) continue;
      values.fill((key + min) / scale, at, at + c);
      at += c;
    }
  } else {
    let from: Uint32Array = keys;
    let to = sortScratch(Scratch.NextKeys, n);
    const digit = digitBits(n);
    const mask = (1 << digit) - 1;
    const counts = digitCounts(n);
    for (let shift = 0; shift < scaled.bits; shift += digit) {
      counts.fill(0);
      for (let i = 0; i < n; i++) counts[(from[i] >>> shift) & mask]++;
      if (!prefixSums(counts, n)) continue;
      for (let i = 0; i < n; i++) {
        const key = from[i];
        to[counts[(key >>> shift) & mask]++] = key;
      }
      const swap = from;
      from = to;
      to = swap;
    }
    for (let i = 0; i < n; i++) values[i] = (from[i] + min) / scale;
  }
  if (negativeZeros > 0) {
    // Keys cannot tell -0 from +0; the sort puts the -0s first among the zeros.
    let first = 0;
    while (values[first] !== 0) first++;
    values.fill(-0, first, first + negativeZeros);
  }
  return true;
}
