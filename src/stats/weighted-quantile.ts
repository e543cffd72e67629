// One quantile of a block-weighted multiset, replicate after replicate, without re-sorting.

import type { BlockLayout } from './block-layout';
import type { Lender, SortedSource } from './sorted-blocks';

/** Fewest checkpoints per evaluator; more when memory allows (see below). */
const MIN_CHECKPOINTS = 64;

/**
 * Quantile of the weighted multiset where every element of block b appears counts[b] times.
 * Elements are sorted once, and only around the quantile (a slice of the whole sort). Checkpoints
 * around the original quantile's position hold, per block, the count of elements below them; a
 * replicate finds the last checkpoint whose weight below is at most the quantile's rank (O(blocks)
 * per probe) and walks from there, or from the bottom in the rare replicate whose quantile lies
 * lower (over the whole sort then, as a walk that leaves the slice). Exact whichever valid
 * checkpoint the walk starts from, and whichever part of the sort it walks on. `lend`: arrays for
 * the slice and the checkpoints, good for as long as the evaluator is used.
 */
export function quantileEvaluator(
  source: SortedSource,
  layout: BlockLayout,
  counts: Float64Array,
  q: number,
  lend?: Lender,
): () => number {
  const n = layout.elements;
  const blocks = layout.blockCount;
  const blockSize = layout.blockSize;
  // A loop, not Math.max(...sizes): spreading 100k+ block sizes overflows the call stack.
  let maxBlock = 0;
  for (let b = 0; b < blocks; b++) if (blockSize[b] > maxBlock) maxBlock = blockSize[b];
  // Replicates move the quantile's rank by about √(n q (1−q) L); checkpoints cover ±6 of that
  // around the original rank. A probe costs one pass over the blocks and walking costs one step per
  // element, so checkpoints are about blocks/2 elements apart (the walk then costs half a probe),
  // as many as n/2 counts allow, and never fewer than 64.
  const spread = Math.sqrt(n * Math.max(q * (1 - q), 1 / n) * maxBlock);
  const centre = Math.floor(q * (n - 1));
  const from = Math.max(0, Math.floor(centre - 6 * spread - maxBlock));
  const to = Math.min(n, Math.ceil(centre + 6 * spread + maxBlock));
  const most = Math.max(MIN_CHECKPOINTS, Math.floor(n / (2 * blocks)));
  const gap = Math.max(16, Math.ceil(blocks / 2), Math.ceil((to - from) / most));
  const positions: number[] = [];
  for (let p = from; p < to; p += gap) positions.push(p);
  const checkpoints = positions.length;
  // The sort around the checkpoints, and a walk's reach past the last one.
  const slice = source.slice(from, Math.min(n, to + gap + maxBlock), lend);
  let sortedValues = slice.sorted;
  let sortedBlock = slice.blocks;
  let offset = slice.offset;
  let end = offset + sortedValues.length;
  const below = lend ? lend.uint32(checkpoints * blocks) : new Uint32Array(checkpoints * blocks);
  {
    const running = Uint32Array.from(slice.below);
    let i = offset;
    positions.forEach((p, k) => {
      for (; i < p; i++) running[sortedBlock[i - offset]]++;
      below.set(running, k * blocks);
    });
  }
  /** Walks on the whole sort from now on (a replicate left the slice). */
  const widen = () => {
    const whole = source.full();
    sortedValues = whole.sorted;
    sortedBlock = whole.blocks;
    offset = 0;
    end = n;
  };
  // No test for c = 0: adding 0 · count leaves the sum exactly as skipping it would, and a third
  // of the blocks are undrawn in a replicate, at random, which a branch would mispredict.
  const weightBelow = (k: number) => {
    let sum = 0;
    const base = k * blocks;
    for (let b = 0; b < blocks; b++) sum += counts[b] * below[base + b];
    return sum;
  };
  // The checkpoint nearest the original quantile: where a replicate's search starts.
  const middle = Math.min(checkpoints - 1, Math.max(0, Math.round((centre - from) / gap)));

  /** Where a replicate's walk starts: the last checkpoint with weight below ≤ lo (k = -1: none). */
  const start = { k: -1, weight: 0 };

  return () => {
    let total = 0;
    for (let b = 0; b < blocks; b++) total += counts[b] * blockSize[b];
    if (total === 0) return NaN;
    const h = q * (total - 1);
    const lo = Math.floor(h);
    const frac = h - lo;
    // From the last checkpoint with weight below it ≤ lo; from the bottom when even the first is past lo.
    let j = 0;
    let cumulative = 0;
    if (checkpoints > 0) {
      // Weight below grows almost linearly between checkpoints, by about gap · total / n each.
      lastAtMost(weightBelow, checkpoints, lo, middle, (gap * total) / n, start);
      if (start.k >= 0) {
        j = positions[start.k];
        cumulative = start.weight;
      }
    }
    if (j < offset) widen();
    let lower = NaN;
    for (; j < n; j++) {
      if (j === end) widen();
      const weight = counts[sortedBlock[j - offset]];
      if (weight === 0) continue;
      cumulative += weight;
      if (Number.isNaN(lower)) {
        if (cumulative > lo) {
          lower = sortedValues[j - offset];
          if (frac === 0 || cumulative > lo + 1) return lower;
        }
      } else {
        return lower + frac * (sortedValues[j - offset] - lower);
      }
    }
    return lower;
  };
}

/**
 * The last k in 0 … count − 1 with weight(k) ≤ lo, weight nondecreasing in k, and that weight: into
 * `out` (k = -1 and weight 0 when there is none). The first probe is `first`; each next one
 * interpolates inside the bracket found so far (from the one end known by `perStep`, the mean growth
 * of weight per step), and a probe that does not halve the bracket is followed by bisections: few
 * probes when the weights grow about linearly, about two per halving at worst.
 */
export function lastAtMost(
  weight: (k: number) => number,
  count: number,
  lo: number,
  first: number,
  perStep: number,
  out: { k: number; weight: number },
): void {
  let a = -1;
  let wa = 0;
  let b = count;
  let wb = Infinity;
  let k = first;
  let bisect = false;
  while (b - a > 1) {
    const w = weight(k);
    const width = b - a;
    if (w <= lo) {
      a = k;
      wa = w;
    } else {
      b = k;
      wb = w;
    }
    if (b - a <= 1) break;
    if (bisect || 2 * (b - a) > width) {
      // The last probe left more than half of the bracket: bisect once.
      k = (a + b) >> 1;
      bisect = !bisect;
      continue;
    }
    // Interpolate between the bracket's ends, or step from the one end known by the mean weight
    // per step.
    let guess: number;
    if (a >= 0 && b < count) guess = a + ((lo - wa) / (wb - wa)) * (b - a);
    else if (a >= 0) guess = a + (lo - wa) / perStep;
    else guess = b - (wb - lo) / perStep;
    k = Math.min(b - 1, Math.max(a + 1, Math.floor(guess)));
  }
  out.k = a;
  out.weight = wa;
}
