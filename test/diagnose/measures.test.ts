// The typed-array measures equal their reference definitions bit for bit: decode concurrency by a
// merge of radix-sorted starts and ends equals the sort of {t, d} event objects; matched ratios
// with typed strata and selected medians equal the sorted-list version they replaced.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeConcurrency, decodeConcurrencyByEvents } from '../../src/diagnose/measures/concurrency';
import { batchProfile, configuredBatchLimit, shareAtOrAbove } from '../../src/diagnose/measures/batch';
import { emptyMeta } from '../../src/model/run';
import { prefillOverlap } from '../../src/diagnose/measures/overlap';
import { meanFinite, sortedFinite } from '../../src/stats/quantile';
import { matchedRatio, type MatchedBin, type MatchedRatio } from '../../src/diagnose/measures/ratios';
import type { NumberColumn } from '../../src/model/columns';
import type { RequestTable } from '../../src/model/run';
import { simulatedSide } from '../helpers/tables';
import { baseScenario } from '../../src/sim';

function sameBits(a: ArrayLike<number> | undefined, b: ArrayLike<number> | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!Object.is(a[i], b[i])) return false;
  return true;
}

/** A table of the three columns decode concurrency reads, arrival-ordered, with optional failures. */
function table(
  rows: { gap: number; first: number; decode: number; failed: boolean }[],
  rowWeight?: number,
): RequestTable {
  const n = rows.length;
  const arrival = new Float64Array(n);
  let t = 1_760_000_000;
  rows.forEach((r, i) => {
    t += r.gap;
    arrival[i] = t;
  });
  const codes = Int32Array.from(rows, (r) => (r.failed ? 0 : -1));
  return {
    length: n,
    numbers: {
      arrival_ts: arrival,
      first_token_ms: Float64Array.from(rows, (r) => r.first),
      decode_ms: Float64Array.from(rows, (r) => r.decode),
    },
    text: rows.some((r) => r.failed) ? { error: { codes, dictionary: ['boom'] } } : {},
    extraNumbers: new Map(),
    extraText: new Map(),
    sourceLine: new Uint32Array(n),
    orderedByArrival: true,
    ...(rowWeight ? { rowWeight } : {}),
  };
}

describe('decodeConcurrency', () => {
  it('equals the event-object reference on simulated runs', async () => {
    for (const seed of [3, 4]) {
      const side = await simulatedSide('base', baseScenario(seed, 3000));
      const t = side.runs[0].requests!;
      expect(sameBits(decodeConcurrency(t), decodeConcurrencyByEvents(t))).toBe(true);
    }
  });

  it('equals it on any table: equal times, zero and missing decodes, failures, sampled rows', () => {
    const row = fc.record({
      gap: fc.oneof(fc.constant(0), fc.constantFrom(0.001, 0.25, 1), fc.double({ min: 0, max: 2, noNaN: true })),
      first: fc.oneof(fc.constantFrom(0, -0, 5, 10, 250, NaN), fc.double({ min: 0, max: 500, noNaN: true })),
      decode: fc.oneof(fc.constantFrom(0, 5, 10, 1000, NaN, Infinity), fc.double({ min: 0, max: 3000, noNaN: true })),
      failed: fc.integer({ min: 0, max: 4 }).map((x) => x === 0),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 60 }), fc.constantFrom(undefined, 3), (rows, weight) => {
        const t = table(rows, weight);
        // Tiled past the radix threshold too: many equal start and end times.
        const long = table(
          Array.from({ length: rows.length ? 2100 : 0 }, (_, i) => rows[i % rows.length]),
          weight,
        );
        // And with the sort orders in an array the caller lends (any contents), long enough or not.
        const lent = table(
          Array.from({ length: long.length }, (_, i) => rows[i % rows.length]),
          weight,
        );
        const short = table(rows, weight);
        return (
          sameBits(decodeConcurrency(t), decodeConcurrencyByEvents(t)) &&
          sameBits(decodeConcurrency(long), decodeConcurrencyByEvents(long)) &&
          sameBits(decodeConcurrency(lent, new Float64Array(lent.length).fill(7)), decodeConcurrencyByEvents(lent)) &&
          sameBits(decodeConcurrency(short, new Float64Array(rows.length >> 1)), decodeConcurrencyByEvents(short))
        );
      }),
      { numRuns: 300 },
    );
  });
});

/** The previous matchedRatio, verbatim but for its quantiles, taken from fully sorted copies. */
function referenceMatchedRatio(
  baseX: ArrayLike<number>,
  baseY: ArrayLike<number>,
  headX: ArrayLike<number>,
  headY: ArrayLike<number>,
): MatchedRatio | undefined {
  const sortedFinite = (v: ArrayLike<number>) => Float64Array.from(Array.from(v).filter(Number.isFinite)).sort();
  const quantileSorted = (sorted: Float64Array, q: number) => {
    const n = sorted.length;
    if (n === 0) return NaN;
    if (n === 1) return sorted[0];
    const h = (n - 1) * q;
    const lo = Math.floor(h);
    if (lo >= n - 1) return sorted[n - 1];
    const frac = h - lo;
    return frac === 0 ? sorted[lo] : sorted[lo] + frac * (sorted[lo + 1] - sorted[lo]);
  };
  const quantile = (v: ArrayLike<number>, q: number) => quantileSorted(sortedFinite(v), q);
  const pooledX = new Float64Array(baseX.length + headX.length);
  pooledX.set(baseX);
  pooledX.set(headX, baseX.length);
  const sortedX = sortedFinite(pooledX);
  if (sortedX.length === 0) return undefined;
  const distinct: number[] = [];
  let integers = true;
  for (let i = 0; i < sortedX.length; i++) {
    const v = sortedX[i];
    if (!Number.isInteger(v)) integers = false;
    if (i === 0 || v !== sortedX[i - 1]) {
      distinct.push(v);
      if (distinct.length > 64) break;
    }
  }
  let edges: number[] = [];
  if (integers && distinct.length <= 64) edges = distinct.slice(1);
  else {
    for (let k = 1; k < 8; k++) {
      const edge = quantileSorted(sortedX, k / 8);
      if (edges.length === 0 || edge > edges[edges.length - 1]) edges.push(edge);
    }
  }
  const binOf = (x: number) => {
    let lo = 0;
    let hi = edges.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (x >= edges[mid]) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const groups = edges.length + 1;
  const baseGroups: number[][] = Array.from({ length: groups }, () => []);
  const headGroups: number[][] = Array.from({ length: groups }, () => []);
  const fill = (x: ArrayLike<number>, y: ArrayLike<number>, into: number[][]) => {
    for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i]) && Number.isFinite(y[i])) into[binOf(x[i])].push(y[i]);
  };
  fill(baseX, baseY, baseGroups);
  fill(headX, headY, headGroups);
  const bins: MatchedBin[] = [];
  const weights: number[] = [];
  let logSum = 0;
  let weightSum = 0;
  for (let g = 0; g < groups; g++) {
    const nb = baseGroups[g].length;
    const nh = headGroups[g].length;
    if (nb < 10 || nh < 10) continue;
    const baseMedian = quantile(baseGroups[g], 0.5);
    const headMedian = quantile(headGroups[g], 0.5);
    bins.push({
      low: g === 0 ? sortedX[0] : edges[g - 1],
      high: g < edges.length ? edges[g] : sortedX[sortedX.length - 1],
      baseMedian,
      headMedian,
      baseCount: nb,
      headCount: nh,
    });
    const w = Math.min(nb, nh);
    weights.push(w);
    if (baseMedian > 0 && headMedian > 0) {
      logSum += w * Math.log(headMedian / baseMedian);
      weightSum += w;
    }
  }
  if (weightSum === 0) return undefined;
  const change = Math.exp(logSum / weightSum) - 1;
  let agreeing = 0;
  let total = 0;
  bins.forEach((b, k) => {
    total += weights[k];
    if (Math.sign(b.headMedian - b.baseMedian) === Math.sign(change)) agreeing += weights[k];
  });
  const rawBase = quantile(baseY, 0.5);
  const rawHead = quantile(headY, 0.5);
  return {
    change,
    bins,
    agreement: total ? agreeing / total : 0,
    rawChange: rawBase > 0 ? rawHead / rawBase - 1 : NaN,
  };
}

function sameResult(a: MatchedRatio | undefined, b: MatchedRatio | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  const numbers = (r: MatchedRatio) => [
    r.change,
    r.agreement,
    r.rawChange,
    ...r.bins.flatMap((x) => [x.low, x.high, x.baseMedian, x.headMedian, x.baseCount, x.headCount]),
  ];
  return a.bins.length === b.bins.length && sameBits(numbers(a), numbers(b));
}

describe('matchedRatio', () => {
  it('equals the sorted-list reference on simulated runs, for every covariate it is used with', async () => {
    const base = (await simulatedSide('base', baseScenario(5, 3000))).runs[0].requests!;
    const head = (await simulatedSide('head', baseScenario(6, 4000))).runs[0].requests!;
    const n = (t: RequestTable) => t.numbers;
    const pairs: [NumberColumn, NumberColumn, NumberColumn, NumberColumn][] = [
      [n(base).batch_size_at_admission!, n(base).decode_ms!, n(head).batch_size_at_admission!, n(head).decode_ms!],
      [decodeConcurrency(base)!, n(base).itl_p50_ms!, decodeConcurrency(head)!, n(head).itl_p50_ms!],
      [n(base).prompt_tokens!, n(base).prefill_ms!, n(head).prompt_tokens!, n(head).prefill_ms!],
      [n(base).output_tokens!, n(base).detokenize_ms!, n(head).output_tokens!, n(head).detokenize_ms!],
    ];
    for (const [bx, by, hx, hy] of pairs) {
      const got = matchedRatio(bx, by, hx, hy);
      expect(got).toBeDefined();
      expect(sameResult(got, referenceMatchedRatio(bx, by, hx, hy))).toBe(true);
    }
  });

  it('equals it on any covariates: few integers, signed zeros, continuous values, missing values', () => {
    const x = fc.oneof(
      fc.integer({ min: -2, max: 70 }),
      fc.constantFrom(0, -0, NaN, Infinity),
      fc.double({ min: -5, max: 100, noNaN: true }),
    );
    const y = fc.oneof(fc.double({ min: -1, max: 50, noNaN: true }), fc.constantFrom(0, -0, NaN, 1, 2));
    const side = fc.array(fc.tuple(x, y), { maxLength: 400 });
    fc.assert(
      fc.property(side, side, fc.boolean(), (b, h, integral) => {
        const xs = (rows: [number, number][]) =>
          Float64Array.from(rows, ([v]) => (integral && Number.isFinite(v) ? Math.round(v) : v));
        const ys = (rows: [number, number][]) => Float64Array.from(rows, ([, v]) => v);
        return sameResult(matchedRatio(xs(b), ys(b), xs(h), ys(h)), referenceMatchedRatio(xs(b), ys(b), xs(h), ys(h)));
      }),
      { numRuns: 500 },
    );
  });
});

/** A table holding only a batch_size_at_admission column (absent when `batches` is undefined). */
function batchTable(batches: number[] | undefined): RequestTable {
  const n = batches?.length ?? 3;
  return {
    length: n,
    numbers: batches ? { batch_size_at_admission: Float64Array.from(batches) } : {},
    text: {},
    extraNumbers: new Map(),
    extraText: new Map(),
    sourceLine: new Uint32Array(n),
    orderedByArrival: true,
  };
}

describe('the running batch', () => {
  it('profiles the batch at admission over every table that records it, missing values left out', () => {
    // 1 … 20 over two tables, a NaN and a table without the column: mean 10.5, p50 10.5,
    // p95 = 1 + 19 · 0.95 = 19.05 (type 7), max 20, 20 values.
    const first = Array.from({ length: 12 }, (_, i) => i + 1);
    const rest = Array.from({ length: 8 }, (_, i) => i + 13);
    const tables = [batchTable([...first, NaN]), batchTable(undefined), batchTable(rest)];
    const p = batchProfile(tables)!;
    expect(p.mean).toBe(10.5);
    expect(p.p50).toBe(10.5);
    expect(p.p95).toBeCloseTo(19.05, 12);
    expect(p).toMatchObject({ max: 20, count: 20 });
    // The same numbers from one table, asked twice (the second answer is the first one kept).
    const one = batchTable([...first, ...rest]);
    expect(batchProfile([one])).toEqual(p);
    expect(batchProfile([one])).toEqual(p);
  });

  it('profiles values that are not whole numbers too, and has no profile without a finite value', () => {
    // Not counted: sorted. 1.5, 2.5, 4.5: mean 2.833…, p50 2.5, p95 2.5 + 0.9 · 2 = 4.3, max 4.5.
    const p = batchProfile([batchTable([4.5, 1.5, NaN, 2.5])])!;
    expect(p.mean).toBeCloseTo(8.5 / 3, 12);
    expect(p.p50).toBe(2.5);
    expect(p.p95).toBeCloseTo(4.3, 12);
    expect(p).toMatchObject({ max: 4.5, count: 3 });
    // Whole numbers too large to sum exactly: the mean is the reference's (the sorted values summed in
    // order), bit for bit. Here the row order would round the sum up: 2^52 + 1, not 2^52.
    const big = [2 ** 52, 2 ** 52, 2 ** 52 + 2, 2 ** 52 + 1];
    expect(batchProfile([batchTable(big)])).toMatchObject({
      mean: meanFinite(sortedFinite(Float64Array.from(big))),
      max: 2 ** 52 + 2,
      count: 4,
    });
    expect(meanFinite(sortedFinite(Float64Array.from(big)))).toBe(2 ** 52);
    expect(batchProfile([batchTable([NaN, NaN])])).toBeUndefined();
    expect(batchProfile([batchTable([])])).toBeUndefined();
    expect(batchProfile([batchTable(undefined)])).toBeUndefined();
  });

  it("reads the engine's cap by the names vLLM, SGLang and TGI use, as numbers or numeric text, above 0", () => {
    const limit = (config: Record<string, unknown>) => configuredBatchLimit({ ...emptyMeta(), config } as never);
    expect(limit({ max_num_seqs: 24 })).toEqual({ key: 'max_num_seqs', value: 24 });
    expect(limit({ 'engine.max_running_requests': '32' })).toEqual({ key: 'max_running_requests', value: 32 });
    expect(limit({ 'max-num-seqs': 16, max_batch_size: 8 })).toEqual({ key: 'max-num-seqs', value: 16 });
    // A cap that is not a positive number is no cap: the next name is read.
    expect(limit({ max_num_seqs: 0, max_batch_size: 8 })).toEqual({ key: 'max_batch_size', value: 8 });
    expect(limit({ max_num_seqs: -4 })).toBeUndefined();
    expect(limit({ max_num_seqs: 'many' })).toBeUndefined();
    expect(limit({ max_num_seqs: Infinity })).toBeUndefined();
    expect(limit({ max_num_seqs: true })).toBeUndefined();
    expect(limit({})).toBeUndefined();
  });

  it('the share of requests admitted at or above a level, over the requests with a batch', () => {
    const tables = [batchTable([24, 24, 20, NaN]), batchTable(undefined), batchTable([23])];
    expect(shareAtOrAbove(tables, 24)).toBe(0.5);
    expect(shareAtOrAbove(tables, 23)).toBe(0.75);
    expect(shareAtOrAbove(tables, 25)).toBe(0);
    expect(shareAtOrAbove([batchTable(undefined)], 1)).toBeNaN();
  });
});

/** Rows of [arrival s, tokenize ms, queue wait ms, prefill ms] as a table of those columns. */
function queueTable(rows: [number, number, number, number][]): RequestTable {
  const column = (k: number) => Float64Array.from(rows, (r) => r[k]);
  return {
    length: rows.length,
    numbers: { arrival_ts: column(0), tokenize_ms: column(1), queue_wait_ms: column(2), prefill_ms: column(3) },
    text: {},
    extraNumbers: new Map(),
    extraText: new Map(),
    sourceLine: new Uint32Array(rows.length),
    orderedByArrival: true,
  };
}

describe('prefill overlap', () => {
  // Long prefills (p99 of prefill_ms = 1000: r0, r4, r6) in ms from the first arrival: r0 [0, 1000],
  // r4 [3000, 4000] (after its 500 ms wait); r6 waited NaN, so its prefill cannot be placed.
  // Waits: r1 [500, 800] overlaps r0; r2 [1000, 1050] (after 100 ms of tokenising) begins as r0
  // ends: no overlap; r3 did not wait; r4 [2500, 3000] ends as its own prefill begins: no overlap;
  // r5 [3500, 3600] overlaps r4.
  const rows: [number, number, number, number][] = [
    [0, 0, 0, 1000],
    [0.5, 0, 300, 100],
    [0.9, 100, 50, 100],
    [2, 0, 0, 100],
    [2.5, 0, 500, 1000],
    [3.5, 0, 100, 100],
    [4, 0, NaN, 1000],
  ];

  it('counts the waits a long prefill overlapped, in the tail and overall', () => {
    // Queue waits 0, 300, 50, 0, 500, 100: the p60 is 100 (h = 5 · 0.6 = 3, the fourth smallest), so
    // the tail (≥ 100) is r1, r4 and r5, of which r1 and r5 overlap.
    expect(prefillOverlap([queueTable(rows)], 0.6)).toEqual({
      tailShare: 2 / 3,
      overallShare: 0.5,
      longPrefillMs: 1000,
      tailCount: 3,
    });
    // The p95 tail is the longest wait alone (≥ 450: r4), which overlapped none.
    expect(prefillOverlap([queueTable(rows)])).toEqual({
      tailShare: 0,
      overallShare: 0.5,
      longPrefillMs: 1000,
      tailCount: 1,
    });
  });

  it('pools runs (the longest threshold of long), and needs arrival order, the columns and a wait', () => {
    const t = queueTable(rows);
    // The second run's prefills are shorter: its long ones are 500 ms and nothing overlaps r1.
    const shorter = queueTable(rows.map(([a, k, q, p]) => [a, k, q, p / 2]));
    const pooled = prefillOverlap([shorter, t], 0.5)!;
    expect(pooled.longPrefillMs).toBe(1000);
    expect(pooled.tailCount).toBe(6);
    expect(prefillOverlap([t, shorter], 0.5)!.longPrefillMs).toBe(1000);
    expect(prefillOverlap([{ ...t, orderedByArrival: false }])).toBeUndefined();
    for (const column of ['arrival_ts', 'queue_wait_ms', 'prefill_ms'])
      expect(prefillOverlap([{ ...t, numbers: { ...t.numbers, [column]: undefined } }])).toBeUndefined();
    // Without tokenize_ms the wait starts at arrival: r2 waits [900, 950], inside r0's prefill.
    const untokenised = prefillOverlap([{ ...t, numbers: { ...t.numbers, tokenize_ms: undefined } }], 0.5)!;
    expect(untokenised.overallShare).toBe(0.75);
    expect(prefillOverlap([queueTable(rows.map(([a, k, , p]) => [a, k, 0, p]))])).toBeUndefined();
  });

  it('places long prefills by when they started, not by when their requests arrived', () => {
    // r0 arrived first but waited 5 s: its prefill is [5000, 6000]; r1's is [1000, 2000]. r2 waits
    // [3000, 3100], between the two: no overlap. r0's own wait [0, 5000] spans r1's prefill; r1's
    // wait [500, 1000] ends as its prefill begins.
    const t = queueTable([
      [0, 0, 5000, 1000],
      [0.5, 0, 500, 1000],
      [3, 0, 100, 100],
    ]);
    expect(prefillOverlap([t])).toEqual({ tailShare: 1, overallShare: 1 / 3, longPrefillMs: 1000, tailCount: 1 });
    expect(prefillOverlap([])).toBeUndefined();
  });
});
