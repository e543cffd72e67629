// A small seeded generator (xoshiro128**) so reports and simulations are reproducible bit for bit
// on every platform: Math.random cannot be seeded.

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n). */
  int(n: number): number;
  /** Standard normal (Box–Muller). */
  normal(): number;
  /** Exponential with the given mean. */
  exponential(mean: number): number;
  /**
   * Optional bulk form of int(n), for resampling: `draws` times, adds 1 to counts[offset + int(n)],
   * consuming exactly the stream those int(n) calls would.
   */
  countInts?(n: number, draws: number, counts: Float64Array, offset: number): void;
}

function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRng(seed: number): Rng {
  const init = splitmix32(seed);
  // The state lives in an Int32Array: 32-bit values kept in closure variables are boxed as heap
  // numbers on every update, which made a draw several times slower. Same bits either way.
  const state = new Int32Array(4);
  for (let i = 0; i < 4; i++) state[i] = init();
  let spareNormal: number | undefined;

  const nextUint32 = (): number => {
    const a = state[0];
    const b = state[1];
    const scaled = Math.imul(b, 5);
    const result = Math.imul((scaled << 7) | (scaled >>> 25), 9) >>> 0;
    const c = state[2] ^ a;
    const d = state[3] ^ b;
    state[0] = a ^ d;
    state[1] = b ^ c;
    state[2] = c ^ (b << 9);
    state[3] = (d << 11) | (d >>> 21);
    return result;
  };

  const next = (): number => nextUint32() / 4294967296;

  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    countInts: (n: number, draws: number, counts: Float64Array, offset: number) => {
      // nextUint32 with the state in locals for the whole loop: a block bootstrap draws hundreds at once.
      let a = state[0];
      let b = state[1];
      let c = state[2];
      let d = state[3];
      for (let k = 0; k < draws; k++) {
        const scaled = Math.imul(b, 5);
        const result = Math.imul((scaled << 7) | (scaled >>> 25), 9) >>> 0;
        c ^= a;
        d ^= b;
        const t = b << 9;
        b ^= c;
        a ^= d;
        c ^= t;
        d = (d << 11) | (d >>> 21);
        counts[offset + Math.floor((result / 4294967296) * n)]++;
      }
      state[0] = a;
      state[1] = b;
      state[2] = c;
      state[3] = d;
    },
    normal: () => {
      if (spareNormal !== undefined) {
        const value = spareNormal;
        spareNormal = undefined;
        return value;
      }
      let u = next();
      while (u === 0) u = next();
      const v = next();
      const radius = Math.sqrt(-2 * Math.log(u));
      spareNormal = radius * Math.sin(2 * Math.PI * v);
      return radius * Math.cos(2 * Math.PI * v);
    },
    exponential: (mean: number) => {
      let u = next();
      while (u === 0) u = next();
      return -Math.log(u) * mean;
    },
  };
}

/** Derives an independent seed for a named sub-stream, so adding a stream does not shift others. */
export function deriveSeed(seed: number, label: string): number {
  let h = (seed ^ 0x811c9dc5) >>> 0;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}
