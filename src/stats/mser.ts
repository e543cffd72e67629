// MSER-5 (White 1997; Franklin & White 2008): where a run's warm-up ends. The series is cut into
// batches of 5 and averaged; for each truncation point d (in batches) the marginal standard error
// MSER(d) = Σ_{j>d} (Z_j − Z̄_d)² / (k − d)² is computed, and the d that minimises it is the
// warm-up. Only d ≤ k/2 is searched, as the method prescribes: a minimum in the second half means the
// series never settled (no steady state), which the caller treats as non-stationarity.

export const MSER_BATCH = 5;

export interface MserResult {
  /** Observations to drop from the start (a multiple of the batch size). */
  truncate: number;
  /** True when the minimum sits at the end of the searched half: the run shows no steady state. */
  unsettled: boolean;
}

export function mser5(values: ArrayLike<number>): MserResult {
  const k = Math.floor(values.length / MSER_BATCH);
  if (k < 10) return { truncate: 0, unsettled: false };
  const batch = new Float64Array(k);
  for (let j = 0; j < k; j++) {
    let sum = 0;
    for (let i = 0; i < MSER_BATCH; i++) sum += values[j * MSER_BATCH + i];
    batch[j] = sum / MSER_BATCH;
  }
  // Suffix sums of Z and Z² give each MSER(d) in O(1).
  const sum = new Float64Array(k + 1);
  const squares = new Float64Array(k + 1);
  for (let j = k - 1; j >= 0; j--) {
    sum[j] = sum[j + 1] + batch[j];
    squares[j] = squares[j + 1] + batch[j] * batch[j];
  }
  const last = Math.floor(k / 2);
  let best = 0;
  let bestValue = Infinity;
  for (let d = 0; d <= last; d++) {
    const n = k - d;
    const mean = sum[d] / n;
    const value = Math.max(0, squares[d] - n * mean * mean) / (n * n);
    if (value < bestValue) {
      bestValue = value;
      best = d;
    }
  }
  return { truncate: best * MSER_BATCH, unsettled: best >= last - 1 };
}
