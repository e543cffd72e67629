// The Mann–Kendall trend test: S = Σ_{i<j} sign(x_j − x_i), Kendall's τ = S / (n(n−1)/2), and the
// normal approximation z = (S − sign(S)) / √Var(S) with Var(S) = n(n−1)(2n+5)/18 (no tie correction:
// callers pass block medians of continuous timings). O(n²): callers pass at most a few hundred values.

export interface TrendTest {
  tau: number;
  z: number;
  n: number;
}

export function mannKendall(values: ArrayLike<number>): TrendTest {
  const n = values.length;
  if (n < 3) return { tau: 0, z: 0, n };
  let s = 0;
  for (let i = 0; i < n - 1; i++) {
    const x = values[i];
    for (let j = i + 1; j < n; j++) s += Math.sign(values[j] - x);
  }
  const variance = (n * (n - 1) * (2 * n + 5)) / 18;
  const z = s === 0 ? 0 : (s - Math.sign(s)) / Math.sqrt(variance);
  return { tau: s / ((n * (n - 1)) / 2), z, n };
}
