// Did the workload change between the sides? Length distributions (two-sample KS and their median and
// p95), the arrival rate (a Poisson rate-ratio test), the concurrency by Little's law and what the
// tools declared — on request tables small enough to work out by hand.
import { describe, expect, it } from 'vitest';
import { compareWorkload, normalCdf } from '../../src/diagnose/workload';
import type { RequestTable, WorkloadInfo } from '../../src/model/run';
import { ksTwoSample } from '../../src/stats/ks-test';
import { sortedFinite } from '../../src/stats/quantile';
import { table } from './branches/build';

const seq = (from: number, n: number, step = 1) => Array.from({ length: n }, (_, i) => from + i * step);
const repeat = (value: number, n: number) => new Array<number>(n).fill(value);
const prompts = (values: number[]) => table({ prompt_tokens: values });
const sorted = (values: number[]) => sortedFinite(values);

describe('length distributions', () => {
  it('the same prompts: medians and p95 as they are, no shift', () => {
    const w = compareWorkload([prompts(seq(1, 20))], [prompts(seq(1, 20))]);
    expect(w.prompt).toEqual({
      field: 'prompt_tokens',
      baseMedian: 10.5,
      headMedian: 10.5,
      baseP95: 19.05,
      headP95: 19.05,
      ks: 0,
      pValue: 1,
      changed: false,
    });
    // No output_tokens column on either side: no output comparison.
    expect(w.output).toBeUndefined();
    expect(w.changed).toBe(false);
  });

  it('prompts 14 tokens longer: KS D = 0.7, significant, the median 10.5 → 24.5', () => {
    const w = compareWorkload([prompts(seq(1, 20))], [prompts(seq(15, 20))]);
    const reference = ksTwoSample(sorted(seq(1, 20)), sorted(seq(15, 20)));
    expect(w.prompt).toMatchObject({ baseMedian: 10.5, headMedian: 24.5, baseP95: 19.05, headP95: 33.05 });
    expect(w.prompt!.ks).toBeCloseTo(0.7, 12);
    expect(w.prompt!.pValue).toBe(reference.pValue);
    expect(w.prompt!.pValue).toBeLessThan(0.01);
    expect(w.prompt!.changed).toBe(true);
    expect(w.changed).toBe(true);
  });

  it('not whole numbers: the same test on sorted values', () => {
    const base = seq(1.5, 20);
    const head = seq(15.5, 20);
    const w = compareWorkload([prompts(base)], [prompts(head)]);
    const reference = ksTwoSample(sorted(base), sorted(head));
    expect(w.prompt).toMatchObject({ baseMedian: 11, headMedian: 25, baseP95: 19.55, headP95: 33.55 });
    expect(w.prompt!.ks).toBe(reference.statistic);
    expect(w.prompt!.pValue).toBe(reference.pValue);
    expect(w.prompt!.changed).toBe(true);
  });

  it('a shift that is not significant is no change: 20 prompts a side, 6 tokens longer (KS D = 0.3)', () => {
    const w = compareWorkload([prompts(seq(1, 20))], [prompts(seq(7, 20))]);
    expect(w.prompt!.ks).toBeCloseTo(0.3, 12);
    expect(w.prompt!.pValue).toBeGreaterThan(0.01);
    expect(w.prompt!.changed).toBe(false);
  });

  it('at least 20 lengths a side, counted over the tables that have the column, finite values only', () => {
    // Whole numbers (counted) and not (sorted): 19 finite values on one side is too few.
    for (const offset of [0, 0.5]) {
      const short = [...seq(1 + offset, 19), NaN];
      expect(compareWorkload([prompts(short)], [prompts(seq(15 + offset, 20))]).prompt).toBeUndefined();
      expect(compareWorkload([prompts(seq(1 + offset, 20))], [prompts(short)]).prompt).toBeUndefined();
      const enough = compareWorkload(
        [prompts(seq(1 + offset, 10)), prompts(seq(11 + offset, 10)), table({ total_ms: [1] })],
        [prompts(seq(15 + offset, 20))],
      );
      expect(enough.prompt?.baseMedian).toBe(10.5 + offset);
      expect(enough.prompt?.changed).toBe(true);
    }
    // A side without the column anywhere: nothing to compare.
    expect(compareWorkload([table({ total_ms: seq(1, 20) })], [prompts(seq(1, 20))]).prompt).toBeUndefined();
  });

  // 2,000 prompts a side: 200 (or 199) of length 1 become 2, and the top 101 grow from 3,000 to 4,000.
  const cluster = (low: number, lowValue: number, top: number) => [
    ...repeat(lowValue, low),
    ...repeat(2, 200 - low),
    ...seq(1000, 1699),
    ...repeat(top, 101),
  ];
  it('KS D of exactly 0.1 with the p95 moved a third is a change; D = 0.0995 is not', () => {
    const w = compareWorkload([prompts(cluster(200, 1, 3000))], [prompts(cluster(200, 2, 4000))]);
    expect(w.prompt).toMatchObject({ ks: 0.1, baseMedian: 1799.5, headMedian: 1799.5, baseP95: 3000, headP95: 4000 });
    expect(w.prompt!.pValue).toBeLessThan(1e-6);
    // The median did not move; the tail did (by 33%), and that is enough.
    expect(w.prompt!.changed).toBe(true);
    const under = compareWorkload([prompts(cluster(199, 1, 3000))], [prompts(cluster(200, 2, 4000))]);
    expect(under.prompt!.ks).toBeCloseTo(0.0995, 12);
    expect(under.prompt!.pValue).toBeLessThan(1e-6);
    expect(under.prompt!.changed).toBe(false);
  });

  it('a tight length that moves 1% or 4% is no change, however significant; 5.0…% is', () => {
    const tight = (n: number) => table({ output_tokens: repeat(n, 500) });
    for (const head of [101, 104]) {
      const w = compareWorkload([tight(100)], [tight(head)]);
      expect(w.output).toMatchObject({ field: 'output_tokens', ks: 1, baseMedian: 100, headMedian: head });
      expect(w.output!.pValue).toBeLessThan(1e-6);
      expect(w.output!.changed).toBe(false);
    }
    expect(compareWorkload([tight(100)], [tight(105)]).output!.changed).toBe(true);
    expect(compareWorkload([tight(100)], [tight(95)]).output!.changed).toBe(true);
    expect(compareWorkload([tight(100)], [tight(96)]).output!.changed).toBe(false);
  });

  it('from 0 tokens any length is a whole change; 0 to 0 none', () => {
    const outputs = (values: number[]) => table({ output_tokens: values });
    const w = compareWorkload([outputs(repeat(0, 30))], [outputs(repeat(3, 30))]);
    expect(w.output).toMatchObject({ baseMedian: 0, headMedian: 3, ks: 1, changed: true });
    // The median stays 0 and the p95 goes 0 → 1 (a fifth of the head's lengths are 1, KS D = 0.2): a change.
    const tail = compareWorkload([outputs(repeat(0, 500))], [outputs([...repeat(0, 400), ...repeat(1, 100)])]);
    expect(tail.output).toMatchObject({ baseMedian: 0, headMedian: 0, baseP95: 0, headP95: 1, changed: true });
    expect(tail.output!.ks).toBeCloseTo(0.2, 12);
    // 4% of the head's lengths are 1: median and p95 stay 0, no change.
    const zeros = compareWorkload([outputs(repeat(0, 500))], [outputs([...repeat(0, 480), ...repeat(1, 20)])]);
    expect(zeros.output).toMatchObject({ baseMedian: 0, headMedian: 0, baseP95: 0, headP95: 0, changed: false });
  });
});

/** `n` arrivals `gap` seconds apart from `start`, in arrival order. */
const arrivals = (n: number, gap: number, start = 0, extra: Partial<Record<'total_ms', number[]>> = {}): RequestTable =>
  table({ arrival_ts: seq(start, n, gap), ...extra });

describe('arrival rate', () => {
  it('1 → 2 requests a second over 100 s: the rate ratio test (z = ln 2 / √(1/100 + 1/200))', () => {
    const w = compareWorkload([arrivals(101, 1)], [arrivals(201, 0.5)]);
    const z = Math.log(2) / Math.sqrt(1 / 100 + 1 / 200);
    expect(w.arrivalRate!.baseRate).toBeCloseTo(1, 12);
    expect(w.arrivalRate!.headRate).toBeCloseTo(2, 12);
    expect(w.arrivalRate!.change).toBeCloseTo(1, 12);
    expect(w.arrivalRate!.pValue).toBeCloseTo(2 * (1 - normalCdf(z)), 12);
    expect(w.arrivalRate!.pValue).toBeLessThan(1e-6);
    expect(w.arrivalRate!.changed).toBe(true);
    expect(w.changed).toBe(true);
  });

  it('halved is a change too; the same doubling over 10 s is not significant (p ≈ 0.07)', () => {
    const halved = compareWorkload([arrivals(201, 0.5)], [arrivals(101, 1)]).arrivalRate!;
    expect(halved.change).toBeCloseTo(-0.5, 12);
    expect(halved.changed).toBe(true);
    const short = compareWorkload([arrivals(11, 1)], [arrivals(21, 0.5)]).arrivalRate!;
    const z = Math.log(2) / Math.sqrt(1 / 10 + 1 / 20);
    expect(short.pValue).toBeCloseTo(2 * (1 - normalCdf(z)), 12);
    expect(short.pValue).toBeCloseTo(0.0735, 3);
    expect(short.changed).toBe(false);
  });

  it('5% faster over 10,000 arrivals is significant but below the 10% that counts', () => {
    const w = compareWorkload([arrivals(10_001, 1)], [arrivals(10_501, 10_000 / 10_500)]).arrivalRate!;
    expect(w.change).toBeCloseTo(0.05, 9);
    expect(w.pValue).toBeLessThan(0.01);
    expect(w.changed).toBe(false);
  });

  it('pooled over runs: arrivals between first and last of each run, summed', () => {
    // 10 gaps over 10 s and 20 over 10 s: 30 over 20 s, 1.5 a second.
    const w = compareWorkload([arrivals(11, 1), arrivals(21, 0.5, 500)], [arrivals(11, 1)]).arrivalRate!;
    expect(w.baseRate).toBeCloseTo(1.5, 12);
    expect(w.headRate).toBeCloseTo(1, 12);
    expect(w.pValue).toBeCloseTo(2 * (1 - normalCdf(Math.abs(Math.log(1 / 1.5)) / Math.sqrt(1 / 30 + 1 / 10))), 12);
  });

  it('none without arrival times, arrival order, two requests, or a span', () => {
    const ok = arrivals(11, 1);
    expect(compareWorkload([ok], [prompts(seq(1, 20))]).arrivalRate).toBeUndefined();
    expect(compareWorkload([ok, { ...arrivals(11, 1), orderedByArrival: false }], [ok]).arrivalRate).toBeUndefined();
    expect(compareWorkload([ok], [arrivals(1, 1)]).arrivalRate).toBeUndefined();
    expect(compareWorkload([arrivals(11, 0)], [ok]).arrivalRate).toBeUndefined();
    expect(compareWorkload([ok], [arrivals(11, 1), arrivals(2, 1)]).arrivalRate).toBeDefined();
    // One run of a single request has no span of its own: the side's rate is not known.
    expect(compareWorkload([ok], [arrivals(11, 1), arrivals(1, 1)]).arrivalRate).toBeUndefined();
  });
});

describe('concurrency (Little: time in flight over the span)', () => {
  it('the requests that succeeded, each its total time, over first arrival to last end', () => {
    // Arrivals 0, 1, 2, 3 s taking 1, 1, 2, 1 s: 5 s in flight over 0…4 s.
    const t = table({ arrival_ts: [0, 1, 2, 3], total_ms: [1000, 1000, 2000, 1000] });
    const failedLong = table({ arrival_ts: [0, 1, 2, 3], total_ms: [1000, 1000, 9000, 1000] }, [2]);
    const missing = table({ arrival_ts: [0, 1, 2, 3], total_ms: [1000, 1000, 2000, NaN] });
    const w = compareWorkload([t], [failedLong]);
    expect(w.baseConcurrency).toBeCloseTo(5 / 4, 12);
    // The failed request's 9 s neither count nor stretch the span: 3 s over 0…4 s.
    expect(w.headConcurrency).toBeCloseTo(3 / 4, 12);
    // A request without a total: 4 s over 0…4 s (the second-last ends last).
    expect(compareWorkload([missing], [t]).baseConcurrency).toBeCloseTo(1, 12);
    // Two runs: the time in flight and the spans add up (5 + 2 s over 4 + 2 s).
    const second = table({ arrival_ts: [10, 11], total_ms: [1000, 1000] });
    expect(compareWorkload([t, second], [t]).baseConcurrency).toBeCloseTo(7 / 6, 12);
    // A run that does not start at 0: its span is measured from its own first arrival.
    expect(compareWorkload([second], [t]).baseConcurrency).toBeCloseTo(1, 12);
  });

  it('none without totals, arrival order, two requests or a span; every request failed is none', () => {
    const t = table({ arrival_ts: [0, 1], total_ms: [1000, 1000] });
    expect(compareWorkload([table({ arrival_ts: [0, 1] })], [t]).baseConcurrency).toBeUndefined();
    expect(compareWorkload([table({ total_ms: [1, 2] })], [t]).baseConcurrency).toBeUndefined();
    expect(compareWorkload([{ ...t, orderedByArrival: false }], [t]).baseConcurrency).toBeUndefined();
    expect(compareWorkload([table({ arrival_ts: [0], total_ms: [1000] })], [t]).baseConcurrency).toBeUndefined();
    expect(compareWorkload([t, table({ arrival_ts: [0], total_ms: [1000] })], [t]).baseConcurrency).toBeUndefined();
    expect(
      compareWorkload([table({ arrival_ts: [0, 1], total_ms: [1000, 1000] }, [0, 1])], [t]).baseConcurrency,
    ).toBeUndefined();
    expect(compareWorkload([table({ arrival_ts: [0, 0], total_ms: [0, 0] })], [t]).baseConcurrency).toBeUndefined();
    expect(compareWorkload([t], [t]).headConcurrency).toBeCloseTo(1, 12);
  });

  it('requests counted per side over every table', () => {
    const w = compareWorkload(
      [table({ total_ms: [1, 2, 3] }), table({ total_ms: [1] })],
      [table({ total_ms: [1, 2] })],
    );
    expect(w.baseRequests).toBe(4);
    expect(w.headRequests).toBe(2);
  });
});

describe('what the tools declared', () => {
  const none: RequestTable[] = [];
  const declared = (base: WorkloadInfo[], head: WorkloadInfo[]) => compareWorkload(none, none, base, head);

  it('concurrency and request rate must match exactly; token means within 10%', () => {
    const w = declared(
      [{ concurrency: 8, requestRate: 4, inputTokensMean: 100, outputTokensMean: 200 }],
      [{ concurrency: 9, requestRate: 4.01, inputTokensMean: 110, outputTokensMean: 179 }],
    );
    expect(w.declared).toEqual([
      { key: 'concurrency', base: 8, head: 9 },
      { key: 'requestRate', base: 4, head: 4.01 },
      { key: 'outputTokensMean', base: 200, head: 179 },
    ]);
    expect(w.changed).toBe(true);
    expect(declared([{ inputTokensMean: 100 }], [{ inputTokensMean: 89 }]).declared).toEqual([
      { key: 'inputTokensMean', base: 100, head: 89 },
    ]);
    expect(declared([{ inputTokensMean: 100 }], [{ inputTokensMean: 90 }]).declared).toEqual([]);
  });

  it('each side is the mean over its runs; a run that does not say is left out', () => {
    const w = declared(
      [{ concurrency: 4 }, { concurrency: 8 }, {}, { concurrency: NaN }],
      [{ concurrency: 6 }, { requestRate: 3 }],
    );
    expect(w.declared).toEqual([]);
    expect(w.changed).toBe(false);
    // Said on one side only: nothing to compare.
    expect(declared([{ requestRate: 3 }], [{}]).declared).toEqual([]);
    expect(declared([], [{ requestRate: 3 }]).declared).toEqual([]);
  });

  it('as fast as possible (Infinity) matches itself, not a rate; runs that disagree on it give NaN', () => {
    expect(declared([{ requestRate: Infinity }], [{ requestRate: Infinity }]).declared).toEqual([]);
    expect(declared([{ requestRate: Infinity }], [{ requestRate: 10 }]).declared).toEqual([
      { key: 'requestRate', base: Infinity, head: 10 },
    ]);
    expect(
      declared([{ requestRate: Infinity }, { requestRate: Infinity }], [{ requestRate: Infinity }]).declared,
    ).toEqual([]);
    expect(declared([{ requestRate: Infinity }, { requestRate: 10 }], [{ requestRate: 10 }]).declared).toEqual([
      { key: 'requestRate', base: NaN, head: 10 },
    ]);
  });
});

describe('normalCdf', () => {
  it('is the standard normal distribution function', () => {
    // simple-statistics' error function is good to about 1e-7.
    expect(normalCdf(0)).toBeCloseTo(0.5, 7);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 7);
    expect(normalCdf(-1)).toBeCloseTo(0.158655254, 7);
  });
});
