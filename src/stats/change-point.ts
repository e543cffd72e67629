// E-divisive means: nonparametric change point detection for a univariate series (Matteson & James
// 2014, "A Nonparametric Approach for Multiple Change Point Analysis of Multivariate Data", JASA
// 109(505); arXiv:1306.4933), as the R package ecp implements it (e.divisive) and as Apache Otava
// (formerly Hunter, Fleming et al. 2023, arXiv:2301.03034) and Nyrkiö apply it to performance histories.
//
// The divergence of a split of Z[s, e) at τ, X = Z[s, τ) (n points), Y = Z[τ, e) (m points), is the
// energy statistic with α = 1, scaled:
//
//   q̂(X, Y) = n·m/(n+m) · Ê,   Ê = 2/(n·m) Σ|xᵢ − yⱼ| − C(n,2)⁻¹ Σᵢ<ₖ|xᵢ − xₖ| − C(m,2)⁻¹ Σⱼ<ₖ|yⱼ − yₖ|
//
// (between-segment mean distance, doubled, minus the mean distance within each segment: zero in
// expectation when both come from one distribution, positive when they differ in any way).
//
// What this follows, and where it departs:
// - The change point is the index of the first point of the new segment (Otava's convention: "the
//   first commit at which metrics change").
// - Multiple change points by hierarchical bisection with the significance test of Matteson & James
//   and of Otava's permutation tester: at each step the best split of every current segment is
//   found, the segment whose best split diverges most is the candidate, and the permutation test
//   shuffles the points within every segment and recomputes that maximum over all segments. The
//   search stops at the first candidate with p ≥ α. So on a series without any change the chance of
//   reporting one is α, however many segments later steps would have searched.
// - p = (#{permuted ≥ observed} + 1)/(R + 1), as in ecp (Otava's PermutationsSignificanceTester
//   omits the + 1, which can report p = 0). Defaults R = 199 and α = 0.05 are ecp's; the minimum
//   segment size is 5 here (ecp defaults to 30, too many for a journal of a few dozen entries).
// - The split is searched over τ only, with the second segment running to the end of the current
//   segment. Matteson & James (and Otava's calculator) also search its end κ, which sharpens the
//   first pass when a short segment sits in the middle of a long one; bisection finds such a segment
//   in a later pass anyway, and fixing κ lets one split search run in O(n log n) instead of O(n²)
//   (below), which is what makes 199 permutations of a few hundred points cheap.
// - Hunter/Otava replaced the permutation test with a t-test on the two segments and add sliding
//   windows and "weak" change points, for speed and determinism on long histories. Here the
//   permutation test stays (it assumes nothing about the distribution) and is made deterministic by
//   a seeded generator instead; journal histories are short enough for it.
//
// One split search: for α = 1 on a line, the within-segment distance sums of every prefix and every
// suffix follow incrementally from a Fenwick tree over the ranks of the values (each point added
// contributes x·#below − Σbelow + Σabove − x·#above), and the cross sum is the total minus both.
// Under permutation the multiset of a segment's values is unchanged, so its sorted values are
// computed once and each permutation only shuffles the ranks.

import { quantileSorted, type SortedSample } from './quantile';
import { createRng, deriveSeed, type Rng } from './rng';

export interface EDivisiveOptions {
  /** Fewest points on either side of a change point (and so between two of them); at least 2. Default 5. */
  minSize?: number;
  /** Permutations per significance test. Default 199. */
  permutations?: number;
  /** Significance level: the search stops at the first candidate with p ≥ alpha. Default 0.05. */
  alpha?: number;
  /** Seed of the permutations; the same seed gives the same result. Default 0. */
  seed?: number;
  /** Stop after this many change points. Default: no limit. */
  maxChangePoints?: number;
}

export interface SegmentSummary {
  /** First index of the segment. */
  start: number;
  /** One past its last index. */
  end: number;
  count: number;
  mean: number;
  median: number;
}

export interface ChangePoint {
  /** Index of the first point after the change. */
  index: number;
  /** Permutation p-value of the test that accepted it. */
  pValue: number;
  /** The divergence q̂ of the split when it was found. */
  statistic: number;
  /** 1 for the change point found first (the most divergent split), 2 for the next, … */
  order: number;
  /** The segment between the previous change point (or the start) and this one. */
  before: SegmentSummary;
  /** The segment from this change point to the next (or the end). */
  after: SegmentSummary;
  /** after.mean / before.mean − 1, in the series' own scale; null when before.mean is 0. */
  relativeShift: number | null;
}

export interface EDivisiveResult {
  /** In index order. */
  changePoints: ChangePoint[];
  /** The candidate that failed the test and ended the search; absent when no segment was long enough to split. */
  rejected?: { index: number; statistic: number; pValue: number };
}

export const E_DIVISIVE_DEFAULTS = { minSize: 5, permutations: 199, alpha: 0.05, seed: 0 } as const;

/**
 * q̂ of two samples by the definition (O((n + m)²)): the reference the fast search is tested against.
 * Both samples need at least 2 points.
 */
export function energyDivergence(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  const m = y.length;
  if (n < 2 || m < 2) throw new RangeError('energyDivergence needs at least 2 points in each sample');
  let between = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < m; j++) between += Math.abs(x[i] - y[j]);
  let withinX = 0;
  for (let i = 0; i < n; i++) for (let k = i + 1; k < n; k++) withinX += Math.abs(x[i] - x[k]);
  let withinY = 0;
  for (let j = 0; j < m; j++) for (let k = j + 1; k < m; k++) withinY += Math.abs(y[j] - y[k]);
  const e = (2 * between) / (n * m) - (2 * withinX) / (n * (n - 1)) - (2 * withinY) / (m * (m - 1));
  return ((n * m) / (n + m)) * e;
}

/** The split of the whole series with the largest q̂, both sides at least `minSize` long. */
export function bestSplit(
  series: ArrayLike<number>,
  minSize: number = E_DIVISIVE_DEFAULTS.minSize,
): { index: number; statistic: number } | undefined {
  checkSeries(series);
  checkMinSize(minSize);
  if (series.length < 2 * minSize) return undefined;
  const segment = new Segment(series, 0, series.length);
  const best = segment.scan(segment.order, minSize);
  return { index: best.tau, statistic: best.q };
}

/** The change points of `series` by E-divisive means (see the top of this file). */
export function eDivisive(series: ArrayLike<number>, options: EDivisiveOptions = {}): EDivisiveResult {
  checkSeries(series);
  const minSize = options.minSize ?? E_DIVISIVE_DEFAULTS.minSize;
  const permutations = options.permutations ?? E_DIVISIVE_DEFAULTS.permutations;
  const alpha = options.alpha ?? E_DIVISIVE_DEFAULTS.alpha;
  const seed = options.seed ?? E_DIVISIVE_DEFAULTS.seed;
  const maxChangePoints = options.maxChangePoints ?? Infinity;
  checkMinSize(minSize);
  if (!Number.isInteger(permutations) || permutations < 1)
    throw new RangeError(`permutations must be a positive integer, got ${permutations}`);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);

  const n = series.length;
  const segments: Segment[] = [new Segment(series, 0, n)];
  const found: { index: number; pValue: number; statistic: number; order: number }[] = [];
  let rejected: EDivisiveResult['rejected'];

  for (let step = 1; found.length < maxChangePoints; step++) {
    // The candidate: the most divergent best split over all segments long enough to split.
    let candidate: Segment | undefined;
    for (const s of segments) {
      const best = s.best(minSize);
      if (best && (!candidate || best.q > candidate.best(minSize)!.q)) candidate = s;
    }
    if (!candidate) break;
    const observed = candidate.best(minSize)!;
    const pValue = permutationPValue(
      segments,
      observed.q,
      minSize,
      permutations,
      createRng(deriveSeed(seed, `e-divisive:${step}`)),
    );
    const index = candidate.start + observed.tau;
    if (pValue >= alpha) {
      rejected = { index, statistic: observed.q, pValue };
      break;
    }
    found.push({ index, pValue, statistic: observed.q, order: step });
    const at = segments.indexOf(candidate);
    segments.splice(at, 1, new Segment(series, candidate.start, index), new Segment(series, index, candidate.end));
  }

  found.sort((a, b) => a.index - b.index);
  const bounds = [0, ...found.map((f) => f.index), n];
  const changePoints = found.map((f, k): ChangePoint => {
    const before = summarize(series, bounds[k], bounds[k + 1]);
    const after = summarize(series, bounds[k + 1], bounds[k + 2]);
    return { ...f, before, after, relativeShift: before.mean === 0 ? null : after.mean / before.mean - 1 };
  });
  return rejected ? { changePoints, rejected } : { changePoints };
}

/** Shuffles every splittable segment R times; p = (#{max q̂ ≥ observed} + 1)/(R + 1). */
function permutationPValue(
  segments: readonly Segment[],
  observed: number,
  minSize: number,
  permutations: number,
  rng: Rng,
): number {
  const splittable = segments.filter((s) => s.length >= 2 * minSize);
  // Float sums of the same distances in another order can differ in the last bits: a permutation
  // that reproduces the observed split must count as reaching it.
  const threshold = observed - 1e-9 * Math.abs(observed) - 1e-300;
  let reached = 0;
  for (let r = 0; r < permutations; r++) {
    let max = -Infinity;
    for (const s of splittable) {
      const q = s.scan(s.shuffled(rng), minSize).q;
      if (q > max) max = q;
    }
    if (max >= threshold) reached++;
  }
  return (reached + 1) / (permutations + 1);
}

/** One segment of the series: its values sorted once, the rank of each position, and scratch space. */
class Segment {
  readonly length: number;
  /** Sorted values, centred on the median so the incremental sums keep their precision. */
  private readonly sorted: Float64Array;
  /** order[i] = rank of the value at position start + i (ties broken by position, so ranks are distinct). */
  readonly order: Int32Array;
  private readonly work: Int32Array;
  private readonly count: Int32Array;
  private readonly sum: Float64Array;
  private readonly left: Float64Array;
  private readonly right: Float64Array;
  private cached: { minSize: number; best: { tau: number; q: number } | undefined } | undefined;

  constructor(
    series: ArrayLike<number>,
    readonly start: number,
    readonly end: number,
  ) {
    const length = end - start;
    this.length = length;
    const positions = Array.from({ length }, (_, i) => i);
    positions.sort((a, b) => series[start + a] - series[start + b] || a - b);
    const centre = length > 0 ? series[start + positions[length >> 1]] : 0;
    this.sorted = Float64Array.from(positions, (p) => series[start + p] - centre);
    this.order = new Int32Array(length);
    positions.forEach((p, rank) => (this.order[p] = rank));
    this.work = Int32Array.from(this.order);
    this.count = new Int32Array(length + 1);
    this.sum = new Float64Array(length + 1);
    this.left = new Float64Array(length + 1);
    this.right = new Float64Array(length + 1);
  }

  best(minSize: number): { tau: number; q: number } | undefined {
    if (this.cached?.minSize !== minSize) {
      this.cached = { minSize, best: this.length >= 2 * minSize ? this.scan(this.order, minSize) : undefined };
    }
    return this.cached.best;
  }

  /** A uniformly random permutation of the ranks (Fisher–Yates on the scratch copy). */
  shuffled(rng: Rng): Int32Array {
    const w = this.work;
    for (let i = w.length - 1; i > 0; i--) {
      const j = rng.int(i + 1);
      const t = w[i];
      w[i] = w[j];
      w[j] = t;
    }
    return w;
  }

  /** The best split τ (size of the first part) of the values in `order`, and its q̂. Needs length ≥ 2·minSize. */
  scan(order: Int32Array, minSize: number): { tau: number; q: number } {
    const L = this.length;
    this.prefixWithin(order, this.left, false);
    this.prefixWithin(order, this.right, true);
    const total = this.left[L];
    let bestTau = minSize;
    let bestQ = -Infinity;
    for (let tau = minSize; tau <= L - minSize; tau++) {
      const n = tau;
      const m = L - tau;
      const wl = this.left[tau];
      const wr = this.right[tau];
      const cross = total - wl - wr;
      const q = (2 * cross) / L - (2 * m * wl) / (L * (n - 1)) - (2 * n * wr) / (L * (m - 1));
      if (q > bestQ) {
        bestQ = q;
        bestTau = tau;
      }
    }
    return { tau: bestTau, q: bestQ };
  }

  /**
   * Within-sums of absolute differences: forward, out[t] = Σ over pairs in positions [0, t);
   * backward, out[t] = Σ over pairs in [t, L).
   */
  private prefixWithin(order: Int32Array, out: Float64Array, backward: boolean): void {
    const L = this.length;
    const { sorted, count, sum } = this;
    count.fill(0);
    sum.fill(0);
    let inserted = 0;
    let insertedSum = 0;
    let acc = 0;
    if (backward) out[L] = 0;
    else out[0] = 0;
    for (let k = 0; k < L; k++) {
      const pos = backward ? L - 1 - k : k;
      const r = order[pos];
      const x = sorted[r];
      // Ranks below r: Fenwick prefix over 1..r.
      let c = 0;
      let s = 0;
      for (let i = r; i > 0; i -= i & -i) {
        c += count[i];
        s += sum[i];
      }
      acc += x * c - s + (insertedSum - s) - x * (inserted - c);
      for (let i = r + 1; i <= L; i += i & -i) {
        count[i]++;
        sum[i] += x;
      }
      inserted++;
      insertedSum += x;
      out[backward ? pos : pos + 1] = acc;
    }
  }
}

function summarize(series: ArrayLike<number>, start: number, end: number): SegmentSummary {
  const values = Float64Array.from({ length: end - start }, (_, i) => series[start + i]).sort();
  const count = values.length;
  let total = 0;
  for (const v of values) total += v;
  return { start, end, count, mean: total / count, median: quantileSorted(values as SortedSample, 0.5) };
}

function checkSeries(series: ArrayLike<number>): void {
  for (let i = 0; i < series.length; i++) {
    if (!Number.isFinite(series[i]))
      throw new RangeError(`change point series must be finite: index ${i} is ${series[i]}`);
  }
}

function checkMinSize(minSize: number): void {
  if (!Number.isInteger(minSize) || minSize < 2)
    throw new RangeError(`minSize must be an integer of at least 2, got ${minSize}`);
}
