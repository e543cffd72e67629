// Type 7 quantiles of whole numbers (token counts, batch sizes) by counting, not sorting: one pass
// builds a histogram over the values' range, and each quantile is read off its running sum. The
// answer is the one quantileSorted gives on the sorted finite values (the values at ranks ⌊h⌋ and
// ⌊h⌋ + 1, interpolated the same way), without a copy or a sort of a million values.

/** Ranges wider than this (in whole numbers) are left to a sort: the histogram would outgrow it. */
const MAX_RANGE = 1 << 20;

/**
 * qs.map((q) => quantileSorted(sortedFinite(all values of `columns`), q)), or undefined when a finite
 * value is not a whole number, is -0 (the sort puts it before +0, which counting cannot tell apart),
 * or the values span more than MAX_RANGE. NaN for every q when no value is finite.
 */
export function countedQuantiles(columns: readonly ArrayLike<number>[], qs: readonly number[]): number[] | undefined {
  let min = Infinity;
  let max = -Infinity;
  let n = 0;
  for (const xs of columns) {
    for (let i = 0; i < xs.length; i++) {
      const v = xs[i];
      if (!Number.isFinite(v)) continue;
      if (!Number.isInteger(v) || Object.is(v, -0)) return undefined;
      if (v < min) min = v;
      if (v > max) max = v;
      n++;
    }
  }
  if (n === 0) return qs.map(() => NaN);
  if (max - min >= MAX_RANGE) return undefined;
  const counts = new Uint32Array(max - min + 1);
  for (const xs of columns) {
    for (let i = 0; i < xs.length; i++) {
      const v = xs[i];
      if (Number.isFinite(v)) counts[v - min]++;
    }
  }
  // The value at sorted rank r (0-based), by walking the running sum from where the last one stopped.
  let bucket = 0;
  let before = 0;
  const at = (rank: number) => {
    // Ranks mostly ascend; one below where the walk stands (a repeated q) starts it over.
    if (rank < before) bucket = before = 0;
    while (before + counts[bucket] <= rank) before += counts[bucket++];
    return bucket + min;
  };
  // Ranks are asked for in ascending order for the walk; the answers go back in the order of qs.
  const order = qs.map((_, i) => i).sort((a, b) => qs[a] - qs[b]);
  const out = new Array<number>(qs.length);
  for (const i of order) {
    const q = qs[i];
    if (n === 1) {
      out[i] = min;
      continue;
    }
    const h = (n - 1) * q;
    const lo = Math.floor(h);
    if (lo >= n - 1) {
      out[i] = max;
      continue;
    }
    const frac = h - lo;
    const lower = at(lo);
    out[i] = frac === 0 ? lower : lower + frac * (at(lo + 1) - lower);
  }
  return out;
}
