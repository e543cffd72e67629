import { describe, expect, it } from 'vitest';
import { createRng, deriveSeed } from '../../src/stats/rng';

const M32 = (1n << 32n) - 1n;

/** Reference xoshiro128** seeded by splitmix32 (murmur3 finaliser), in BigInt arithmetic. */
function referenceUint32(seed: number, count: number): number[] {
  let state = BigInt(seed >>> 0);
  const splitmix = () => {
    state = (state + 0x9e3779b9n) & M32;
    let z = state;
    z = ((z ^ (z >> 16n)) * 0x85ebca6bn) & M32;
    z = ((z ^ (z >> 13n)) * 0xc2b2ae35n) & M32;
    return z ^ (z >> 16n);
  };
  const s = [splitmix(), splitmix(), splitmix(), splitmix()];
  const rotl = (x: bigint, k: bigint) => ((x << k) | (x >> (32n - k))) & M32;
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    out.push(Number((rotl((s[1] * 5n) & M32, 7n) * 9n) & M32));
    const t = (s[1] << 9n) & M32;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 11n);
  }
  return out;
}

function draws(seed: number, n: number, pick: (r: ReturnType<typeof createRng>) => number): number[] {
  const rng = createRng(seed);
  return Array.from({ length: n }, () => pick(rng));
}

function moments(xs: number[]) {
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  let m2 = 0;
  let m3 = 0;
  let m4 = 0;
  for (const x of xs) {
    const d = x - mean;
    m2 += d * d;
    m3 += d * d * d;
    m4 += d * d * d * d;
  }
  m2 /= n;
  m3 /= n;
  m4 /= n;
  return { mean, variance: m2, skewness: m3 / m2 ** 1.5, kurtosis: m4 / (m2 * m2) };
}

describe('createRng', () => {
  it('is xoshiro128** seeded by splitmix32, bit for bit', () => {
    for (const seed of [0, 1, 42, 0xdeadbeef, 2 ** 32 - 1]) {
      const expected = referenceUint32(seed, 50).map((u) => u / 4294967296);
      expect(draws(seed, 50, (r) => r.next())).toEqual(expected);
    }
  });

  it('is deterministic per seed', () => {
    expect(draws(7, 1000, (r) => r.next())).toEqual(draws(7, 1000, (r) => r.next()));
    expect(draws(7, 500, (r) => r.normal())).toEqual(draws(7, 500, (r) => r.normal()));
  });

  it('gives different streams for different seeds', () => {
    const a = draws(1, 100, (r) => r.next());
    const b = draws(2, 100, (r) => r.next());
    expect(a).not.toEqual(b);
    // not merely shifted: almost no value is shared
    const shared = a.filter((x) => b.includes(x)).length;
    expect(shared).toBeLessThan(3);
  });

  it('next() is uniform on [0, 1): mean 1/2, variance 1/12 over 1e5 draws', () => {
    const xs = draws(123, 100_000, (r) => r.next());
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
    const m = moments(xs);
    // standard errors: 0.289/√1e5 ≈ 0.0009 for the mean; ≈ 0.0002 for the variance
    expect(Math.abs(m.mean - 0.5)).toBeLessThan(0.005);
    expect(Math.abs(m.variance - 1 / 12)).toBeLessThan(0.002);
    // deciles each hold about 10%
    const bins = new Array(10).fill(0);
    for (const x of xs) bins[Math.floor(x * 10)]++;
    for (const b of bins) expect(Math.abs(b - 10_000)).toBeLessThan(500);
  });

  it('normal() has mean 0, variance 1, skewness 0 and kurtosis 3 over 1e5 draws', () => {
    const xs = draws(99, 100_000, (r) => r.normal());
    const m = moments(xs);
    expect(Math.abs(m.mean)).toBeLessThan(0.015);
    expect(Math.abs(m.variance - 1)).toBeLessThan(0.02);
    expect(Math.abs(m.skewness)).toBeLessThan(0.05);
    expect(Math.abs(m.kurtosis - 3)).toBeLessThan(0.1);
    // P(|Z| > 1.96) = 5%
    const outside = xs.filter((x) => Math.abs(x) > 1.96).length / xs.length;
    expect(Math.abs(outside - 0.05)).toBeLessThan(0.004);
  });

  it('exponential(mean) has the requested mean and variance mean²', () => {
    const xs = draws(5, 100_000, (r) => r.exponential(3));
    const m = moments(xs);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.abs(m.mean - 3)).toBeLessThan(0.05);
    expect(Math.abs(m.variance - 9)).toBeLessThan(0.4);
  });

  it('int(n) stays in [0, n) and hits every value about equally', () => {
    for (const n of [1, 2, 3, 7, 10]) {
      const counts = new Array(n).fill(0);
      const rng = createRng(n);
      let outOfRange = 0;
      for (let i = 0; i < 20_000; i++) {
        const k = rng.int(n);
        if (!Number.isInteger(k) || k < 0 || k >= n) outOfRange++;
        else counts[k]++;
      }
      expect(outOfRange).toBe(0);
      // chi-square with n − 1 ≤ 9 degrees of freedom: 30 is far beyond its 99.9th percentile (27.9)
      const expected = 20_000 / n;
      const chi2 = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
      expect(chi2).toBeLessThan(30);
    }
  });

  it('normal() is Box–Muller on two uniforms of the stream, both values used: cos first, then sin', () => {
    const a = createRng(12);
    const b = createRng(12);
    for (let i = 0; i < 50; i++) {
      const u = b.next();
      const v = b.next();
      const radius = Math.sqrt(-2 * Math.log(u));
      expect(a.normal()).toBe(radius * Math.cos(2 * Math.PI * v));
      expect(a.normal()).toBe(radius * Math.sin(2 * Math.PI * v));
    }
  });

  it('exponential(mean) is −ln(u)·mean of one uniform of the stream', () => {
    const a = createRng(13);
    const b = createRng(13);
    for (let i = 0; i < 50; i++) expect(a.exponential(2.5)).toBe(-Math.log(b.next()) * 2.5);
  });

  it('normal() and exponential() skip a uniform of exactly 0 (ln 0 is −∞)', () => {
    // The seed whose second splitmix32 state is 0 (seed + 2·0x9e3779b9 ≡ 0 mod 2³²): the finaliser
    // maps 0 to 0, so s[1] = 0 and the first output, rotl(s[1]·5, 7)·9, is 0.
    const seed = 2 ** 32 - ((2 * 0x9e3779b9) % 2 ** 32);
    expect(createRng(seed).next()).toBe(0);
    const stream = createRng(seed);
    stream.next();
    const u = stream.next();
    const v = stream.next();
    const radius = Math.sqrt(-2 * Math.log(u));
    expect(createRng(seed).normal()).toBe(radius * Math.cos(2 * Math.PI * v));
    expect(createRng(seed).exponential(2)).toBe(-Math.log(u) * 2);
    expect(Number.isFinite(createRng(seed).exponential(2))).toBe(true);
  });

  it('int is floor(next × n) on the same stream', () => {
    const a = createRng(11);
    const b = createRng(11);
    for (let i = 0; i < 100; i++) expect(a.int(37)).toBe(Math.floor(b.next() * 37));
  });
});

describe('deriveSeed', () => {
  it('is FNV-1a over the label, starting from seed ^ offset basis', () => {
    // FNV-1a 32 of "a" is 0xe40c292c; of "" is the offset basis 0x811c9dc5
    expect(deriveSeed(0, 'a')).toBe(0xe40c292c);
    expect(deriveSeed(0, '')).toBe(0x811c9dc5);
    // FNV-1a 32 of "foobar" is 0xbf9cf968
    expect(deriveSeed(0, 'foobar')).toBe(0xbf9cf968);
  });

  it('is stable and an unsigned 32-bit integer', () => {
    const s = deriveSeed(1, 'ttft.p95');
    expect(deriveSeed(1, 'ttft.p95')).toBe(s);
    expect(Number.isInteger(s) && s >= 0 && s < 2 ** 32).toBe(true);
  });

  it('separates labels and seeds', () => {
    const seeds = new Set([
      deriveSeed(1, 'ttft.p50'),
      deriveSeed(1, 'ttft.p95'),
      deriveSeed(1, 'itl.p99'),
      deriveSeed(2, 'ttft.p95'),
      deriveSeed(1, 'throughput'),
    ]);
    expect(seeds.size).toBe(5);
  });
});

describe('countInts', () => {
  it('adds up exactly the draws of int(n), and leaves the stream where they would', () => {
    for (const seed of [0, 1, 42, 0xdeadbeef]) {
      for (const [n, draws] of [
        [1, 5],
        [7, 7],
        [400, 400],
        [2500, 1000],
      ]) {
        const bulk = createRng(seed);
        const single = createRng(seed);
        const a = new Float64Array(n + 3);
        const b = new Float64Array(n + 3);
        bulk.next();
        single.next();
        bulk.countInts!(n, draws, a, 3);
        for (let k = 0; k < draws; k++) b[3 + single.int(n)]++;
        expect([...a]).toEqual([...b]);
        expect(bulk.next()).toBe(single.next());
        expect(bulk.normal()).toBe(single.normal());
      }
    }
  });
});
