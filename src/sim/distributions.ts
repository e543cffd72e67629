// Samplers built on the seeded Rng. Each consumes a fixed number of draws per call where the caller needs
// streams to stay aligned when only a parameter changes (lognormal takes a pre-drawn normal for that).

import type { Rng } from '../stats/rng';

/** Lognormal with the given median from an already drawn standard normal z. */
export function lognormalFromZ(median: number, sigma: number, z: number): number {
  return median * Math.exp(sigma * z);
}

/**
 * Gamma(shape, scale) by Marsaglia–Tsang; shape < 1 uses the boost Gamma(shape+1)·U^(1/shape).
 * The number of draws varies (rejection), so give it its own stream.
 */
export function gamma(rng: Rng, shape: number, scale: number): number {
  if (shape < 1) {
    let u = rng.next();
    while (u === 0) u = rng.next();
    return gamma(rng, shape + 1, scale) * Math.pow(u, 1 / shape);
  }
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = rng.normal();
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = rng.next();
    if (u < 1 - 0.0331 * x * x * x * x) return d * v * scale;
    if (Math.log(u) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v * scale;
  }
}

/** Inter-arrival gap in ms: exponential (Poisson) or gamma with squared CV 1 + burstiness, same mean. */
export function interArrivalMs(rng: Rng, ratePerSec: number, burstiness: number): number {
  const meanMs = 1000 / ratePerSec;
  if (!(burstiness > 0)) return rng.exponential(meanMs);
  const shape = 1 / (1 + burstiness);
  return gamma(rng, shape, meanMs / shape);
}

export function clampRound(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(value)));
}
