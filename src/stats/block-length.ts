// Automatic block length for block resampling of a dependent series: Politis & White (2004), with
// the correction of Patton, Politis & White (2009). Requests in one run are correlated in time
// (a queueing burst slows many consecutive requests), so resampling single requests would make
// intervals too narrow; blocks of this length keep that dependence.

import { stableOrder } from './radix-order';

/** Longest window the autocovariances are estimated on; beyond it, the window stands for the run. */
const MAX_ESTIMATION_WINDOW = 20_000;

/**
 * Optimal block length for the non-overlapping block bootstrap of `series` (in time order).
 * Returns an integer in [1, max(1, n/3)].
 */
export function optimalBlockLength(series: ArrayLike<number>, options: { ranks?: boolean } = {}): number {
  const n = series.length;
  if (n < 12) return 1;
  const raw = middleWindow(series, MAX_ESTIMATION_WINDOW);
  // Quantiles depend on the order of values, not their size: ranks keep one outlier from
  // dominating the autocovariances.
  const window = options.ranks ? rankTransform(raw) : raw;
  const w = window.length;

  const kn = Math.max(5, Math.ceil(Math.sqrt(Math.log10(w))));
  const mMax = Math.ceil(Math.sqrt(w)) + kn;
  const maxBlock = Math.max(1, Math.floor(Math.min(3 * Math.sqrt(n), n / 3)));

  const acov = autocovariances(window, mMax + kn);
  if (!(acov[0] > 0)) return 1;

  // Smallest lag m after which kn consecutive autocorrelations are insignificant.
  const threshold = 2 * Math.sqrt(Math.log10(w) / w);
  let mHat = mMax;
  for (let m = 0; m <= mMax; m++) {
    let allSmall = true;
    for (let j = 1; j <= kn; j++) {
      if (Math.abs(acov[m + j] / acov[0]) >= threshold) {
        allSmall = false;
        break;
      }
    }
    if (allSmall) {
      mHat = m;
      break;
    }
  }
  const bigM = Math.min(2 * Math.max(mHat, 1), mMax);

  let g = acov[0];
  let bigG = 0;
  for (let k = 1; k <= bigM; k++) {
    const weight = flatTop(k / bigM);
    g += 2 * weight * acov[k];
    bigG += 2 * weight * k * acov[k];
  }
  if (!(g > 0) || bigG === 0) return 1;
  // Non-overlapping blocks: the variance constant is 2 g² (4/3 g² for circular or moving blocks).
  const d = 2 * g * g;
  const length = Math.pow((2 * bigG * bigG) / d, 1 / 3) * Math.pow(n, 1 / 3);
  return Math.min(maxBlock, Math.max(1, Math.round(length)));
}

function flatTop(t: number): number {
  const a = Math.abs(t);
  if (a <= 0.5) return 1;
  if (a <= 1) return 2 * (1 - a);
  return 0;
}

function middleWindow(series: ArrayLike<number>, size: number): Float64Array {
  const n = series.length;
  const start = n > size ? Math.floor((n - size) / 2) : 0;
  const length = Math.min(n, size);
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) out[i] = series[start + i];
  return out;
}

/** Biased (divide by n) autocovariances for lags 0..maxLag, as Politis & White use. */
export function autocovariances(x: Float64Array, maxLag: number): Float64Array {
  const n = x.length;
  let mean = 0;
  for (let i = 0; i < n; i++) mean += x[i];
  mean /= n;
  const centered = new Float64Array(n);
  for (let i = 0; i < n; i++) centered[i] = x[i] - mean;
  const lags = Math.min(maxLag, n - 1);
  const out = new Float64Array(maxLag + 1);
  for (let k = 0; k <= lags; k++) {
    let sum = 0;
    for (let i = 0; i + k < n; i++) sum += centered[i] * centered[i + k];
    out[k] = sum / n;
  }
  return out;
}

/**
 * Ranks scaled to (0, 1): the series whose dependence matters for a quantile, robust to outliers.
 * Tied values share their mid-rank: ranking ties by position would turn a run of equal values
 * (integer milliseconds, token counts) into a trend and inflate the block length.
 */
export function rankTransform(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  // Any order that sorts the values gives the same ranks (ties share theirs); a radix argsort is the
  // fast one. NaN has no place in it: the comparator sort then.
  let nan = false;
  for (let i = 0; i < n && !nan; i++) nan = Number.isNaN(values[i]);
  const order = nan ? comparatorSort(values) : stableOrder(Float64Array.from(values));
  const ranks = new Float64Array(n);
  for (let r = 0; r < n;) {
    let end = r + 1;
    while (end < n && values[order[end]] === values[order[r]]) end++;
    // Positions r..end−1 tie: the mean of (position + 0.5) over them is (r + end) / 2.
    const rank = (r + end) / 2 / n;
    for (let k = r; k < end; k++) ranks[order[k]] = rank;
    r = end;
  }
  return ranks;
}

function comparatorSort(values: ArrayLike<number>): Uint32Array {
  const order = new Uint32Array(values.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  return order.sort((a, b) => values[a] - values[b]);
}
