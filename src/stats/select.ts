// Order statistics without sorting: Floyd–Rivest selection, O(n) expected. One quantile of a
// million values costs a fraction of a sort; the answer is the element a sort would put there.

/**
 * Rearranges a[left..right] so that a[k] is the value a sort would put at k, everything before it
 * ≤ a[k] and everything after it ≥ a[k] (-0 and +0 count as equal: which zero lands at k is
 * arbitrary). No NaN.
 */
export function selectInPlace(a: Float64Array, k: number, left = 0, right = a.length - 1): void {
  while (right > left) {
    if (right - left > 600) {
      // Recurse on a sample around k so the pivot below lands close to k.
      const n = right - left + 1;
      const m = k - left + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1);
      selectInPlace(
        a,
        k,
        Math.max(left, Math.floor(k - (m * s) / n + sd)),
        Math.min(right, Math.floor(k + ((n - m) * s) / n + sd)),
      );
    }
    const t = a[k];
    let i = left;
    let j = right;
    swap(a, left, k);
    if (a[right] > t) swap(a, left, right);
    while (i < j) {
      swap(a, i, j);
      i++;
      j--;
      while (a[i] < t) i++;
      while (a[j] > t) j--;
    }
    if (a[left] === t) swap(a, left, j);
    else {
      j++;
      swap(a, j, right);
    }
    if (j <= k) left = j + 1;
    if (k <= j) right = j - 1;
  }
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

/** The smallest of a[from..to). */
export function minOf(a: Float64Array, from: number, to: number): number {
  let m = a[from];
  for (let i = from + 1; i < to; i++) if (a[i] < m) m = a[i];
  return m;
}

/**
 * The type 7 q-quantile of `finite` (no NaN or ±Infinity), exactly as quantileSorted computes it on
 * the sorted values, signed zeros included. Rearranges `finite`.
 */
export function selectQuantile(finite: Float64Array, q: number): number {
  const n = finite.length;
  if (n === 0) return NaN;
  if (n === 1) return finite[0];
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  if (lo >= n - 1) return withSign(finite, n - 1, maxOf(finite));
  selectInPlace(finite, lo);
  const lower = withSign(finite, lo, finite[lo]);
  const frac = h - lo;
  if (frac === 0) return lower;
  const upper = withSign(finite, lo + 1, minOf(finite, lo + 1, n));
  return lower + frac * (upper - lower);
}

/**
 * qs.map((q) => quantileSorted(sorted, q)) for ascending qs, by successive selections, each in the
 * part of the array above the previous one. Rearranges `finite` (no NaN or ±Infinity).
 */
export function selectQuantiles(finite: Float64Array, qs: readonly number[]): number[] {
  const n = finite.length;
  let left = 0;
  return qs.map((q, i) => {
    if (i > 0 && q < qs[i - 1]) throw new Error('selectQuantiles needs ascending quantiles');
    if (n === 0) return NaN;
    if (n === 1) return finite[0];
    const h = (n - 1) * q;
    const lo = Math.floor(h);
    if (lo >= n - 1) return withSign(finite, n - 1, maxOf(finite));
    // Everything before `left` is among the `left` smallest: rank lo lies in [left, n).
    selectInPlace(finite, lo, left, n - 1);
    left = lo;
    const lower = withSign(finite, lo, finite[lo]);
    const frac = h - lo;
    if (frac === 0) return lower;
    const upper = withSign(finite, lo + 1, minOf(finite, lo + 1, n));
    return lower + frac * (upper - lower);
  });
}

function maxOf(a: Float64Array): number {
  let m = a[0];
  for (let i = 1; i < a.length; i++) if (a[i] > m) m = a[i];
  return m;
}

/**
 * A sort puts every -0 before every +0; selection does not tell them apart. A zero at sorted
 * position k is -0 when k falls among the -0s, which follow the negatives.
 */
function withSign(a: Float64Array, k: number, value: number): number {
  if (value !== 0) return value;
  let negatives = 0;
  let negativeZeros = 0;
  for (let i = 0; i < a.length; i++) {
    const v = a[i];
    if (v < 0) negatives++;
    else if (v === 0 && Object.is(v, -0)) negativeZeros++;
  }
  return k >= negatives && k < negatives + negativeZeros ? -0 : 0;
}
