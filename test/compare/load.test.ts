// A run's load by hand (src/compare/load.ts): the rates offered and completed over the arrival window,
// the share admitted at the batch cap, the trend of block medians, the warm-up MSER-5 leaves out, and
// when a run (and a side) is overloaded. Small tables with values worked out by hand, in milliseconds.

import { describe, expect, it } from 'vitest';
import { analyseLoad, runLoad, steadyStarts } from '../../src/compare/load';
import type { Run, Side } from '../../src/model/run';
import { runFromRecords } from '../helpers/tables';

/** 200 requests a second apart, each its wait (ms, of request i) plus 70 ms long. */
function waits(wait: (i: number) => number, n = 200) {
  return Array.from({ length: n }, (_, i) => ({
    request_id: `r${i}`,
    arrival_ts: i,
    queue_wait_ms: wait(i),
    first_token_ms: wait(i) + 20,
    total_ms: wait(i) + 70,
  }));
}

/** 200 requests a second apart; the first `slow` wait 500 ms, the rest 10–12 ms. */
function warmup(slow: number, failedRow?: number) {
  return Array.from({ length: 200 }, (_, i) => {
    const wait = i < slow ? 500 : 10 + (i % 3);
    return i === failedRow
      ? { request_id: `r${i}`, arrival_ts: i, error: 'HTTP 503' }
      : { request_id: `r${i}`, arrival_ts: i, queue_wait_ms: wait, first_token_ms: wait + 20, total_ms: wait + 120 };
  });
}

describe('runLoad: what a run with no arrival order says', () => {
  const nothing = (requests: number) => ({ requests, warmup: { rows: 0 }, unsettled: false, overloaded: false });

  it('no arrival times, one request, or a pooled table (arrival order lost): the count and nothing else', async () => {
    const plain = await runFromRecords(
      [1, 2, 3].map((i) => ({ request_id: `r${i}`, first_token_ms: 50, total_ms: 90 })),
    );
    expect(runLoad(plain)).toStrictEqual(nothing(3));
    const one = await runFromRecords([{ request_id: 'r', arrival_ts: 5, first_token_ms: 50, total_ms: 90 }]);
    expect(runLoad(one)).toStrictEqual(nothing(1));
    const run = await runFromRecords(waits((i) => i));
    const pooled: Run = { ...run, requests: { ...run.requests!, orderedByArrival: false } };
    expect(runLoad(pooled)).toStrictEqual(nothing(200));
    // Two requests, 1 s apart, 0.5 s each: a rate (the first finished by the second's arrival).
    const two = await runFromRecords(
      [0, 1].map((i) => ({ request_id: `r${i}`, arrival_ts: i, first_token_ms: 50, total_ms: 500 })),
    );
    expect(runLoad(two)).toMatchObject({ offeredRate: 1, completedRate: 1 });
  });
});

describe('runLoad by hand', () => {
  it('offered and completed rates over the arrival window; the series is TTFT without a queue wait', async () => {
    // 11 requests at 100.0, 100.5, … 105.0 s: 10 gaps over 5 s, 2 offered a second. Each takes 1 s,
    // so requests 0–8 finish by the last arrival (request 8 at 104 + 1 = 105 exactly, counted);
    // request 1 failed and has no time: 8 completed over 5 s, 1.6 a second.
    const rows = Array.from({ length: 11 }, (_, i) =>
      i === 1
        ? { request_id: `r${i}`, arrival_ts: 100 + i / 2, error: 'timeout' }
        : { request_id: `r${i}`, arrival_ts: 100 + i / 2, first_token_ms: 40, total_ms: 1000 },
    );
    expect(runLoad(await runFromRecords(rows))).toStrictEqual({
      requests: 11,
      series: 'ttft',
      offeredRate: 2,
      completedRate: 1.6,
      warmup: { rows: 0 },
      unsettled: false,
      overloaded: false,
    });
    // All arriving at once: no window, no rates.
    const burst = await runFromRecords(rows.map((r) => ({ ...r, arrival_ts: 7 })));
    expect(runLoad(burst)).not.toHaveProperty('offeredRate');
    expect(runLoad(burst)).not.toHaveProperty('completedRate');
  });

  it('the share of requests admitted with the batch at its cap (max_num_seqs), over those that record it', async () => {
    // Batches 4, 3, 5, (none), 2, 4 at a cap of 4: 3 of the 5 recorded at or above it.
    const batches = [4, 3, 5, undefined, 2, 4];
    const rows = batches.map((b, i) => ({
      request_id: `r${i}`,
      arrival_ts: i,
      first_token_ms: 40,
      total_ms: 100,
      ...(b !== undefined ? { batch_size_at_admission: b } : {}),
    }));
    const at = async (config: Record<string, unknown>, records: Record<string, unknown>[] = rows) =>
      runLoad(await runFromRecords(records, { config })).atCap;
    expect(await at({ max_num_seqs: 4 })).toEqual({ share: 0.6, cap: 4 });
    expect(await at({ max_num_seqs: 6 })).toEqual({ share: 0, cap: 6 });
    // No cap, a cap of 0, a cap that is not a number, or no batch sizes: nothing said.
    expect(await at({})).toBeUndefined();
    expect(await at({ max_num_seqs: 0 })).toBeUndefined();
    expect(await at({ max_num_seqs: '4' })).toBeUndefined();
    const unrecorded = rows.map(({ batch_size_at_admission: _, ...r }) => r);
    expect(await at({ max_num_seqs: 4 }, unrecorded)).toBeUndefined();
    // Recorded as null on every row: no batch size known, nothing said.
    expect(
      await at(
        { max_num_seqs: 4 },
        unrecorded.map((r) => ({ ...r, batch_size_at_admission: null })),
      ),
    ).toBeUndefined();
  });

  it('a wait growing all through the run: its trend, no steady state, overloaded', async () => {
    // Waits 0, 1, …, 199 ms: 10 blocks of 20, medians 9.5, 29.5, …, 189.5, all rising: τ = 1,
    // S = 45, var = 10·9·25/18 = 125, z = (45 − 1)/√125. The first and last fifth (2 blocks each):
    // medians 19.5 and 179.5 ms. MSER's minimum is at the end of the half it searches: unsettled.
    // Every request but the last finishes before the last arrival: 199 in 199 s, as offered.
    const load = runLoad(await runFromRecords(waits((i) => i)));
    expect(load.series).toBe('queue_wait');
    expect(load.trend!.tau).toBe(1);
    expect(load.trend!.z).toBeCloseTo(44 / Math.sqrt(125), 12);
    expect(load.trend!.firstMs).toBe(19.5);
    expect(load.trend!.lastMs).toBe(179.5);
    expect(load.offeredRate).toBe(1);
    expect(load.completedRate).toBe(1);
    expect(load.unsettled).toBe(true);
    expect(load.warmup).toEqual({ rows: 0 });
    expect(load.overloaded).toBe(true);
  });

  it('growth that is too small, does not double, or is too short to block is not overload', async () => {
    // Waits 0.55·i: 10.725 → 98.725 ms, up 88 ms (< 100; the two add up to more than 100).
    expect(runLoad(await runFromRecords(waits((i) => 0.55 * i))).overloaded).toBe(false);
    // A step from 10 to 200 ms halfway: block medians 10 ×5 then 200 ×5, S = 25 of 45 pairs, τ = 0.56
    // but z = 24/√125 ≈ 2.15 ≤ 3: not a trend through the run (MSER sees no steady state either).
    const step = runLoad(await runFromRecords(waits((i) => (i < 100 ? 10 : 200))));
    expect(step.trend!.z).toBeCloseTo(24 / Math.sqrt(125), 12);
    expect(step.unsettled).toBe(true);
    expect(step.overloaded).toBe(false);
    // From 1 s: 1019.5 → 1179.5 ms, up 160 ms but not doubled.
    expect(runLoad(await runFromRecords(waits((i) => 1000 + i))).overloaded).toBe(false);
    // 199 requests: 9 blocks of 20, fewer than the 10 a trend needs.
    const short = runLoad(await runFromRecords(waits((i) => i, 199)));
    expect(short.trend).toBeUndefined();
    expect(short.overloaded).toBe(false);
    // 200 requests of which one failed: 199 waits, the same; the table is left as it was.
    const records: Record<string, unknown>[] = waits((i) => i);
    records[3] = { request_id: 'r3', arrival_ts: 3, error: 'HTTP 503' };
    const run = await runFromRecords(records);
    expect(runLoad(run).trend).toBeUndefined();
    expect(run.requests!.numbers.queue_wait_ms![3]).toBeNaN();
    expect(run.requests!.numbers.queue_wait_ms![4]).toBe(4);
  });

  it('growth of exactly 100 ms, or to exactly twice the first fifth, is enough', async () => {
    // Waits 0.625·i: medians 12.1875 → 112.1875 ms, up exactly 100 ms (and more than doubled).
    const hundred = runLoad(await runFromRecords(waits((i) => 0.625 * i)));
    expect(hundred.trend!.lastMs - hundred.trend!.firstMs).toBe(100);
    expect(hundred.overloaded).toBe(true);
    // Waits 140.5 + i: medians 160 → 320 ms, exactly twice (up 160 ms).
    const doubled = runLoad(await runFromRecords(waits((i) => 140.5 + i)));
    expect(doubled.trend).toMatchObject({ firstMs: 160, lastMs: 320 });
    expect(doubled.overloaded).toBe(true);
  });

  it('a growing wait with a server that keeps up and a steady state is not overloaded; falling behind is', async () => {
    // 100 requests waiting 50 ms, then 100 waiting 50 → 248 ms, 2 ms more each: MSER settles at the
    // start (the minimum is not at the end of its half); the trend rises and doubles by 200 ms.
    const wait = (i: number) => (i < 100 ? 50 : 50 + 2 * (i - 100));
    const keeps = runLoad(await runFromRecords(waits(wait)));
    expect(keeps.unsettled).toBe(false);
    // Block medians: five of 50 ms, then rising: S = 5·5 + 10 = 35 of 45 pairs, z = 34/√125 ≈ 3.04 > 3.
    expect(keeps.trend!.tau).toBeCloseTo(35 / 45, 12);
    expect(keeps.trend!.z).toBeCloseTo(34 / Math.sqrt(125), 12);
    expect(keeps.trend!.lastMs - keeps.trend!.firstMs).toBeGreaterThanOrEqual(100);
    expect(keeps.trend!.lastMs).toBeGreaterThanOrEqual(2 * keeps.trend!.firstMs);
    expect(keeps.overloaded).toBe(false);
    // The same waits arriving twice as fast (0.5 s apart: 199 gaps over 99.5 s, 2 offered a second),
    // each request now 25 s long: those arriving after 74.5 s finish after the last arrival (99.5 s):
    // 150 of 200 over 99.5 s, 1.51 a second, below 90% of 2.
    const behind = runLoad(
      await runFromRecords(waits(wait).map((r) => ({ ...r, arrival_ts: r.arrival_ts / 2, total_ms: 25_000 }))),
    );
    expect(behind.offeredRate).toBe(2);
    expect(behind.completedRate).toBeCloseTo(150 / 99.5, 12);
    expect(behind.overloaded).toBe(true);
  });

  it('a warm-up is found and left out; one longer than a tenth of the run is not', async () => {
    // 10 requests waiting 500 ms: two batches of 5, so the steady state starts at row 10 (arrival 10 s).
    expect(runLoad(await runFromRecords(warmup(10))).warmup).toEqual({ rows: 10, steady: { row: 10, ts: 10 } });
    // Exactly a tenth (20 of 200) is still a warm-up; 25 is not.
    expect(runLoad(await runFromRecords(warmup(20))).warmup).toEqual({ rows: 20, steady: { row: 20, ts: 20 } });
    expect(runLoad(await runFromRecords(warmup(25))).warmup).toEqual({ rows: 0 });
  });

  it('a failed request in the warm-up: the steady row is counted in the table, failures included', async () => {
    // Row 3 failed (no wait): the 199 waits are rows 0–2, 4–199; the cut after 10 of them is row 11.
    const load = runLoad(await runFromRecords(warmup(10, 3)));
    expect(load.warmup).toEqual({ rows: 11, steady: { row: 11, ts: 11 } });
    expect(load.requests).toBe(200);
    // Row 3 failed after waiting 500 ms, and row 5 succeeded without a recorded wait: neither is a
    // wait of a successful request, so the cut after 10 waits (rows 0–2, 4, 6–11) is row 12.
    const records: Record<string, unknown>[] = warmup(10);
    records[3] = { ...records[3], error: 'HTTP 503' };
    const { queue_wait_ms: _, ...noWait } = records[5];
    records[5] = noWait;
    expect(runLoad(await runFromRecords(records)).warmup).toEqual({ rows: 12, steady: { row: 12, ts: 12 } });
  });

  it('a run whose every request failed: its rates, and no series to read a trend or warm-up from', async () => {
    const rows = [0, 1, 2, 3, 4].map((i) => ({ request_id: `r${i}`, arrival_ts: i, error: 'HTTP 503' }));
    expect(runLoad(await runFromRecords(rows))).toStrictEqual({
      requests: 5,
      offeredRate: 1,
      warmup: { rows: 0 },
      unsettled: false,
      overloaded: false,
    });
  });
});

describe('a side’s load and where each run is steady', () => {
  it('a side is overloaded when most of its runs with requests are', async () => {
    const over = await runFromRecords(waits((i) => i));
    const fine = await runFromRecords(waits(() => 20));
    const summaryOnly: Run = { ...fine, requests: undefined };
    const side = (label: Side['label'], runs: Run[]): Side => ({ label, runs });
    const load = analyseLoad(side('base', [over, fine]), side('head', [over, summaryOnly, over, fine]));
    // Base: 1 of 2 is not most. Head: 2 of the 3 runs with requests.
    expect(load.base.overloaded).toBe(false);
    expect(load.head.overloaded).toBe(true);
    expect(load.head.runs.map((r) => r.overloaded)).toEqual([true, true, false]);
    expect(analyseLoad(side('base', [summaryOnly]), side('head', [])).base).toEqual({ runs: [], overloaded: false });
  });

  it('steady starts by table, a run without requests skipped without shifting the others', async () => {
    const a = await runFromRecords(warmup(10));
    const b = await runFromRecords(warmup(20));
    const none = await runFromRecords(waits(() => 20));
    const summaryOnly: Run = { ...none, requests: undefined };
    const base: Side = { label: 'base', runs: [summaryOnly, a] };
    const head: Side = { label: 'head', runs: [none, b] };
    const starts = steadyStarts(analyseLoad(base, head), base, head);
    expect([...starts.entries()]).toEqual([
      [a.requests, { row: 10, ts: 10 }],
      [b.requests, { row: 20, ts: 20 }],
    ]);
  });
});
