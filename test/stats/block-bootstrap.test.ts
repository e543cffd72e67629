import { describe, expect, it } from 'vitest';
import { createResampler, type RunSeries, type Statistic } from '../../src/stats/block-bootstrap';
import { optimalBlockLength } from '../../src/stats/block-length';
import { quantile } from '../../src/stats/quantile';
import { createRng, type Rng } from '../../src/stats/rng';
import { ResamplerCache } from '../../src/stats/resample-cache';

/** An Rng whose int() answers from a script and records the bounds it was asked for. */
function scriptedRng(answers: number[]): Rng & { asked: number[] } {
  const asked: number[] = [];
  let i = 0;
  return {
    asked,
    next: () => {
      throw new Error('next() not expected');
    },
    int: (n: number) => {
      asked.push(n);
      if (i >= answers.length) throw new Error('script exhausted');
      return answers[i++];
    },
    normal: () => {
      throw new Error('normal() not expected');
    },
    exponential: () => {
      throw new Error('exponential() not expected');
    },
  };
}

/** Independent re-implementation of one replicate's block multiplicities, from the documented draw. */
function naiveCounts(runs: Float64Array[], lengths: number[], rng: Rng): number[][] {
  const blocks = runs.map((v, r) => Math.max(1, Math.floor(v.length / lengths[r])));
  const counts = blocks.map((b) => new Array<number>(b).fill(0));
  for (let k = 0; k < runs.length; k++) {
    const run = runs.length === 1 ? 0 : rng.int(runs.length);
    for (let j = 0; j < blocks[run]; j++) counts[run][rng.int(blocks[run])]++;
  }
  return counts;
}

/** Every element, with the multiplicity of its block: (value, denominator, weight). */
function expand(runs: RunSeries[], counts: number[][]): { v: number; d: number; c: number }[] {
  const out: { v: number; d: number; c: number }[] = [];
  runs.forEach((run, r) => {
    const n = run.values.length;
    const blocks = counts[r].length;
    for (let i = 0; i < n; i++) {
      const c = counts[r][Math.floor((i * blocks) / n)];
      out.push({ v: run.values[i], d: run.denominators?.[i] ?? 1, c });
    }
  });
  return out;
}

function naiveStatistic(runs: RunSeries[], counts: number[][], statistic: Statistic): number {
  const items = expand(runs, counts);
  if (statistic.kind === 'quantile') {
    const multiset: number[] = [];
    for (const { v, c } of items) for (let k = 0; k < c; k++) multiset.push(v);
    multiset.sort((a, b) => a - b);
    const total = multiset.length;
    if (total === 0) return NaN;
    const h = statistic.q * (total - 1);
    const lo = Math.floor(h);
    const hi = Math.min(lo + 1, total - 1);
    return multiset[lo] + (h - lo) * (multiset[hi] - multiset[lo]);
  }
  let num = 0;
  let den = 0;
  for (const { v, d, c } of items) {
    num += c * v;
    den += c * (statistic.kind === 'mean' ? 1 : d);
  }
  return den === 0 ? NaN : num / den;
}

function closeRelative(got: number, expected: number, tolerance = 1e-12) {
  expect(Math.abs(got - expected)).toBeLessThanOrEqual(tolerance * Math.max(1, Math.abs(expected)));
}

type Shape = 'iid' | 'ties' | 'trend' | 'ar';
function series(rng: Rng, n: number, shape: Shape, level: number): Float64Array {
  const x = new Float64Array(n);
  let prev = 0;
  for (let i = 0; i < n; i++) {
    switch (shape) {
      case 'iid':
        x[i] = level + rng.exponential(10);
        break;
      case 'ties':
        x[i] = level + Math.floor(rng.next() * 6);
        break;
      case 'trend':
        x[i] = level + i + rng.next();
        break;
      case 'ar':
        prev = 0.8 * prev + rng.normal();
        x[i] = level + prev;
        break;
    }
  }
  return x;
}

const QS = [0, 0.01, 0.05, 0.1, 0.25, 0.5, 0.75, 0.9, 0.95, 0.99, 0.999, 1];
const SHAPES: Shape[] = ['iid', 'ties', 'trend', 'ar'];

describe('createResampler: hand-computed replicates with a scripted draw', () => {
  // A = [1, 2, 3, 4], block length 2 → blocks [1, 2], [3, 4]
  // B = [10, 20, 30, 40, 50, 60], block length 2 → blocks [10, 20], [30, 40], [50, 60]
  const A: RunSeries = { values: new Float64Array([1, 2, 3, 4]), denominators: new Float64Array([1, 1, 1, 1]) };
  const B: RunSeries = {
    values: new Float64Array([10, 20, 30, 40, 50, 60]),
    denominators: new Float64Array([2, 2, 2, 2, 2, 2]),
  };
  // run pick → B; its 3 blocks → 0, 2, 2; run pick → A; its 2 blocks → 1, 1.
  // Multiset: {10, 20} once, {50, 60} twice, {3, 4} twice = [3, 3, 4, 4, 10, 20, 50, 50, 60, 60].
  const script = [1, 0, 2, 2, 0, 1, 1];

  it('draws a run uniformly, then that run’s number of blocks uniformly, for each run', () => {
    const rng = scriptedRng(script);
    createResampler([A, B], { kind: 'mean' }, 2).replicate(rng);
    expect(rng.asked).toEqual([2, 3, 3, 3, 2, 2, 2]);
  });

  it('mean: 264 / 10 = 26.4', () => {
    expect(createResampler([A, B], { kind: 'mean' }, 2).replicate(scriptedRng(script))).toBeCloseTo(26.4, 12);
  });

  it('ratio: (2·(3+4) + (10+20) + 2·(50+60)) / (2·2 + 4 + 2·4) = 264 / 16 = 16.5', () => {
    expect(createResampler([A, B], { kind: 'ratio' }, 2).replicate(scriptedRng(script))).toBe(16.5);
  });

  it('quantiles of [3, 3, 4, 4, 10, 20, 50, 50, 60, 60]', () => {
    const at = (q: number) => createResampler([A, B], { kind: 'quantile', q }, 2).replicate(scriptedRng(script));
    expect(at(0.5)).toBe(15); // h = 4.5: 10 + 0.5 × 10
    expect(at(0.25)).toBe(4); // h = 2.25: 4 + 0.25 × 0
    expect(at(0.9)).toBe(60); // h = 8.1: 60 + 0.1 × 0
    expect(at(0.35)).toBeCloseTo(4.9, 12); // h = 3.15: s[3] = 4, s[4] = 10 → 4 + 0.15 × 6
    expect(at(0)).toBe(3);
    expect(at(1)).toBe(60);
  });

  it('spreads n mod blocks over the blocks: 10 values in blocks of 3 → sizes 4, 3, 3', () => {
    const run: RunSeries = { values: Float64Array.from({ length: 10 }, (_, i) => i + 1) };
    // one run: no run pick; three draws all of block 0 = [1, 2, 3, 4]
    expect(createResampler([run], { kind: 'mean' }, 3).replicate(scriptedRng([0, 0, 0]))).toBe(2.5);
    // all of block 2 = [8, 9, 10]
    expect(createResampler([run], { kind: 'mean' }, 3).replicate(scriptedRng([2, 2, 2]))).toBe(9);
    // block 1 = [5, 6, 7] three times: median of {5×3, 6×3, 7×3} is 6
    expect(createResampler([run], { kind: 'quantile', q: 0.5 }, 3).replicate(scriptedRng([1, 1, 1]))).toBe(6);
  });

  it('uses one block when the block length exceeds the run', () => {
    const run: RunSeries = { values: new Float64Array([5, 1, 3]) };
    const resampler = createResampler([run], { kind: 'quantile', q: 0.5 }, 10);
    const rng = scriptedRng([0]);
    expect(resampler.replicate(rng)).toBe(3);
    expect(rng.asked).toEqual([1]);
  });
});

describe('createResampler: point estimate', () => {
  const rng = createRng(3);
  const runs: RunSeries[] = [
    { values: series(rng, 137, 'iid', 100), denominators: Float64Array.from({ length: 137 }, () => 1 + rng.next()) },
    { values: series(rng, 64, 'ties', 150), denominators: Float64Array.from({ length: 64 }, () => 1 + rng.next()) },
    { values: series(rng, 250, 'ar', 120), denominators: Float64Array.from({ length: 250 }, () => 1 + rng.next()) },
  ];
  const pooled = runs.flatMap((r) => Array.from(r.values));
  const pooledDen = runs.flatMap((r) => Array.from(r.denominators!));

  it('is the quantile of the pooled values, exactly', () => {
    for (const q of QS) {
      expect(createResampler(runs, { kind: 'quantile', q }).point).toBe(quantile(pooled, q));
      expect(createResampler(runs, { kind: 'quantile', q }, 7).point).toBe(quantile(pooled, q));
    }
  });

  it('is the pooled mean', () => {
    const mean = pooled.reduce((a, b) => a + b, 0) / pooled.length;
    closeRelative(createResampler(runs, { kind: 'mean' }).point, mean);
  });

  it('is the ratio of pooled sums', () => {
    const ratio = pooled.reduce((a, b) => a + b, 0) / pooledDen.reduce((a, b) => a + b, 0);
    closeRelative(createResampler(runs, { kind: 'ratio' }).point, ratio);
  });

  it('reports the size and a block length per run', () => {
    const resampler = createResampler(runs, { kind: 'quantile', q: 0.95 });
    expect(resampler.size).toBe(137 + 64 + 250);
    expect(resampler.blockLengths).toEqual(runs.map((r) => optimalBlockLength(r.values, { ranks: true })));
    const mean = createResampler(runs, { kind: 'mean' });
    expect(mean.blockLengths).toEqual(runs.map((r) => optimalBlockLength(r.values)));
    expect(createResampler(runs, { kind: 'mean' }, 5).blockLengths).toEqual([5, 5, 5]);
  });

  it('leaves out runs without values', () => {
    const withEmpty = [{ values: new Float64Array(0) }, ...runs, { values: new Float64Array(0) }];
    const resampler = createResampler(withEmpty, { kind: 'quantile', q: 0.5 });
    expect(resampler.size).toBe(pooled.length);
    expect(resampler.blockLengths).toHaveLength(3);
    expect(resampler.point).toBe(quantile(pooled, 0.5));
  });

  it('refuses a side without values, and a ratio without denominators', () => {
    expect(() => createResampler([], { kind: 'mean' })).toThrow('cannot resample a side without values');
    expect(() => createResampler([{ values: new Float64Array(0) }], { kind: 'mean' })).toThrow(
      'cannot resample a side without values',
    );
    expect(() => createResampler([{ values: new Float64Array([1, 2]) }], { kind: 'ratio' })).toThrow(
      'ratio statistic needs denominators',
    );
  });

  it('handles a run far larger than the spread of arguments a call can take', () => {
    const r = createRng(8);
    const big = Float64Array.from({ length: 200_000 }, () => r.exponential(10));
    const resampler = createResampler([{ values: big }], { kind: 'quantile', q: 0.99 }, 1);
    expect(resampler.point).toBe(quantile(big, 0.99));
    expect(Number.isFinite(resampler.replicate(createRng(1)))).toBe(true);
  });
});

describe('createResampler: every replicate equals a naive recomputation', () => {
  it('quantiles: fast walk over pre-sorted values = sort of the expanded multiset, exactly', () => {
    const gen = createRng(20240601);
    let checked = 0;
    for (let config = 0; config < 240; config++) {
      const runCount = 1 + gen.int(4);
      const runs: RunSeries[] = [];
      for (let r = 0; r < runCount; r++) {
        const n = 1 + gen.int(gen.next() < 0.2 ? 12 : 300);
        // different levels per run push some replicates' quantiles far from the original one
        runs.push({ values: series(gen, n, SHAPES[gen.int(SHAPES.length)], gen.int(3) * 200) });
      }
      const q = QS[config % QS.length];
      const override = gen.next() < 0.25 ? undefined : 1 + gen.int(gen.next() < 0.5 ? 4 : 60);
      const resampler = createResampler(runs, { kind: 'quantile', q }, override);
      const lengths = override === undefined ? [...resampler.blockLengths] : runs.map(() => override);
      const seed = gen.int(2 ** 31);
      const fast = createRng(seed);
      const slow = createRng(seed);
      for (let rep = 0; rep < 25; rep++) {
        const got = resampler.replicate(fast);
        const expected = naiveStatistic(
          runs,
          naiveCounts(
            runs.map((r) => r.values),
            lengths,
            slow,
          ),
          { kind: 'quantile', q },
        );
        if (!Object.is(got, expected)) {
          throw new Error(`config ${config} rep ${rep} q ${q}: got ${got}, expected ${expected}`);
        }
        checked++;
      }
    }
    expect(checked).toBe(240 * 25);
  });

  it('quantiles on a long run, where the walk starts well above the bottom', () => {
    const gen = createRng(99);
    // two runs at very different levels, single-element blocks: picking the low run twice puts
    // the replicate's quantile below the walk's starting point, and the walk must restart.
    const low = { values: Float64Array.from({ length: 1500 }, () => gen.exponential(10)) };
    const high = { values: Float64Array.from({ length: 1500 }, () => 1000 + gen.exponential(10)) };
    for (const q of [0.01, 0.5, 0.9, 0.99, 0.999]) {
      for (const runs of [[low], [low, high]]) {
        for (const length of [1, 3, 40]) {
          const resampler = createResampler(runs, { kind: 'quantile', q }, length);
          const fast = createRng(length * 1000 + runs.length);
          const slow = createRng(length * 1000 + runs.length);
          for (let rep = 0; rep < 8; rep++) {
            const got = resampler.replicate(fast);
            const expected = naiveStatistic(
              runs,
              naiveCounts(
                runs.map((r) => r.values),
                runs.map(() => length),
                slow,
              ),
              {
                kind: 'quantile',
                q,
              },
            );
            expect(got).toBe(expected);
          }
        }
      }
    }
  });

  it('mean and ratio: per-block sums = naive recomputation', () => {
    const gen = createRng(555);
    for (let config = 0; config < 60; config++) {
      const runCount = 1 + gen.int(4);
      const runs: RunSeries[] = [];
      for (let r = 0; r < runCount; r++) {
        const n = 1 + gen.int(200);
        runs.push({
          values: series(gen, n, SHAPES[gen.int(SHAPES.length)], gen.int(3) * 50),
          denominators: Float64Array.from({ length: n }, () => 0.5 + gen.next()),
        });
      }
      const override = gen.next() < 0.3 ? undefined : 1 + gen.int(30);
      for (const statistic of [{ kind: 'mean' }, { kind: 'ratio' }] as Statistic[]) {
        const resampler = createResampler(runs, statistic, override);
        const lengths = override === undefined ? [...resampler.blockLengths] : runs.map(() => override);
        const fast = createRng(config);
        const slow = createRng(config);
        for (let rep = 0; rep < 20; rep++) {
          const got = resampler.replicate(fast);
          closeRelative(
            got,
            naiveStatistic(
              runs,
              naiveCounts(
                runs.map((r) => r.values),
                lengths,
                slow,
              ),
              statistic,
            ),
            1e-11,
          );
        }
      }
    }
  });

  it('is deterministic for a seed', () => {
    const gen = createRng(1);
    const runs = [{ values: series(gen, 300, 'ar', 0) }, { values: series(gen, 200, 'iid', 0) }];
    const a = createResampler(runs, { kind: 'quantile', q: 0.95 });
    const b = createResampler(runs, { kind: 'quantile', q: 0.95 });
    const ra = createRng(42);
    const rb = createRng(42);
    for (let i = 0; i < 50; i++) expect(a.replicate(ra)).toBe(b.replicate(rb));
  });

  it('spreads replicates around the point estimate', () => {
    const gen = createRng(2);
    const runs = [{ values: series(gen, 2000, 'iid', 0) }];
    const resampler = createResampler(runs, { kind: 'quantile', q: 0.5 });
    const rng = createRng(3);
    const reps = Array.from({ length: 400 }, () => resampler.replicate(rng));
    const distinct = new Set(reps).size;
    expect(distinct).toBeGreaterThan(100);
    const mid = quantile(reps, 0.5);
    // median of Exp(10) ≈ 6.93; its bootstrap SE with n = 2000 is ≈ 0.22
    expect(Math.abs(mid - resampler.point)).toBeLessThan(0.3);
  });
});

describe('createResampler at scale: checkpoint search and shared sorts', () => {
  /** The weighted type 7 quantile by sorting (value, weight) pairs: the definition, independently. */
  function weightedQuantile(values: Float64Array, weights: Float64Array, q: number): number {
    const order = Array.from(values.keys())
      .filter((i) => weights[i] > 0)
      .sort((a, b) => values[a] - values[b]);
    let total = 0;
    for (const i of order) total += weights[i];
    if (total === 0) return NaN;
    const h = q * (total - 1);
    const lo = Math.floor(h);
    const at = (rank: number) => {
      let cumulative = 0;
      for (const i of order) {
        cumulative += weights[i];
        if (cumulative > rank) return values[i];
      }
      return values[order[order.length - 1]];
    };
    const lower = at(lo);
    return h === lo ? lower : lower + (h - lo) * (at(lo + 1) - lower);
  }

  it('every replicate equals the weighted quantile of its draw, on 60,000 values in 400 blocks', () => {
    const gen = createRng(77);
    const n = 60_000;
    const values = Float64Array.from(
      { length: n },
      (_, i) => Math.round((50 + 30 * Math.sin(i / 5000) + gen.exponential(20)) * 1000) / 1000,
    );
    for (const q of [0.01, 0.5, 0.95, 0.999]) {
      const resampler = createResampler([{ values }], { kind: 'quantile', q }, n / 400);
      const fast = createRng(q * 1000);
      const slow = createRng(q * 1000);
      for (let rep = 0; rep < 6; rep++) {
        const got = resampler.replicate(fast);
        const counts = naiveCounts([values], [n / 400], slow)[0];
        const weights = Float64Array.from({ length: n }, (_, i) => counts[Math.floor((i * 400) / n)]);
        expect(got).toBe(weightedQuantile(values, weights, q));
      }
    }
  });

  it('resamplers sharing a cache give the same points and replicates as resamplers on their own', () => {
    const gen = createRng(5);
    const a = Float64Array.from({ length: 5000 }, () => Math.round(gen.exponential(100) * 1000) / 1000);
    const b = Float64Array.from({ length: 3000 }, () => gen.exponential(80));
    const cache = new ResamplerCache();
    for (const runs of [[{ values: a }], [{ values: b }], [{ values: a }, { values: b }]]) {
      for (const q of [0.5, 0.95, 0.5]) {
        const shared = createResampler(runs, { kind: 'quantile', q }, undefined, cache);
        const alone = createResampler(runs, { kind: 'quantile', q });
        expect(shared.point).toBe(alone.point);
        expect(shared.blockLengths).toEqual(alone.blockLengths);
        const r1 = createRng(9);
        const r2 = createRng(9);
        for (let i = 0; i < 20; i++) expect(shared.replicate(r1)).toBe(alone.replicate(r2));
      }
    }
  });

  it('metric after metric, a base and a head walking slices the cache lends again give what they give on their own', () => {
    // Series long enough to be sliced (SLICE_MIN): each quantile's slice and checkpoints are lent
    // arrays, lent again after nextMetric to the next metric's pair.
    const gen = createRng(8);
    const base = Float64Array.from({ length: 300_000 }, () => Math.round(gen.exponential(100) * 1000) / 1000);
    const head = Float64Array.from({ length: 280_000 }, () => gen.exponential(120));
    const cache = new ResamplerCache();
    for (const q of [0.5, 0.95, 0.99, 0.5]) {
      cache.nextMetric();
      const statistic = { kind: 'quantile', q } as const;
      const shared = [createResampler([{ values: base }], statistic, undefined, cache)];
      shared.push(createResampler([{ values: head }], statistic, undefined, cache));
      const alone = [createResampler([{ values: base }], statistic), createResampler([{ values: head }], statistic)];
      const r1 = createRng(3);
      const r2 = createRng(3);
      for (let i = 0; i < 10; i++)
        for (const side of [0, 1]) expect(shared[side].replicate(r1)).toBe(alone[side].replicate(r2));
      expect(shared.map((r) => r.point)).toEqual(alone.map((r) => r.point));
    }
  });
});
