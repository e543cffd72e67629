import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attribute } from '../../src/diagnose/attribution';
import { makeSpec, MEAN, percentile } from '../../src/metrics/metric-spec';
import { customMetric, METRICS } from '../../src/metrics/catalog';
import { runFromRecords } from '../helpers/tables';

const row = (i: number, t: number, q: number, p: number, rest: number) => ({
  request_id: `r${i}`,
  arrival_ts: i,
  tokenize_ms: t,
  queue_wait_ms: q,
  prefill_ms: p,
  first_token_ms: t + q + p + rest,
  total_ms: t + q + p + rest + 50,
});

describe('phase attribution at a percentile', () => {
  it('takes the requests at or above the percentile and splits the tail mean change by phase', async () => {
    // TTFT base: 10, 20, ..., 100; head the same but queue +100 on the two slowest.
    const base = await runFromRecords(Array.from({ length: 10 }, (_, i) => row(i, 1, 2, 10 * (i + 1) - 4, 1)));
    const head = await runFromRecords(
      Array.from({ length: 10 }, (_, i) => row(i, 1, i >= 8 ? 102 : 2, 10 * (i + 1) - 4, 1)),
    );
    const a = attribute(makeSpec(METRICS.ttft, percentile(80)), base.requests!, head.requests!)!;
    // p80 of 10..100 (type 7): h = 7.2 → 80 + 0.2·10 = 82; tail = {90, 100}.
    expect(a.base.threshold).toBeCloseTo(82, 12);
    expect(a.base.count).toBe(2);
    expect(a.base.mean).toBe(95);
    expect(a.head.mean).toBe(195);
    const byPhase = Object.fromEntries(a.phases.map((p) => [p.phase, p]));
    expect(byPhase.queue_wait.delta).toBe(100);
    expect(byPhase.queue_wait.shareOfChange).toBe(1);
    expect(byPhase.queue_wait.shareOfHead).toBeCloseTo(102 / 195, 12);
    expect(byPhase.prefill.delta).toBe(0);
    expect(byPhase.remainder.baseMean).toBe(1);
    expect(a.dominant).toBe('queue_wait');
    expect(a.tail).toBe('slowest 20% of requests');
    // Each phase's own p80 over all requests, as the §4 query computes it.
    expect(byPhase.queue_wait.basePercentile).toBe(2);
    expect(byPhase.queue_wait.headPercentile).toBeCloseTo(2 + 0.2 * 100, 12);
  });

  it('phase deltas plus the remainder add up to the change of the tail mean, exactly', async () => {
    const phases = fc.record({
      t: fc.integer({ min: 0, max: 50 }),
      q: fc.integer({ min: 0, max: 3000 }),
      p: fc.integer({ min: 0, max: 500 }),
      r: fc.integer({ min: -5, max: 20 }),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(phases, { minLength: 5, maxLength: 40 }),
        fc.array(phases, { minLength: 5, maxLength: 40 }),
        fc.constantFrom(0.5, 0.9, 0.95),
        async (b, h, q) => {
          const base = await runFromRecords(b.map((x, i) => row(i, x.t, x.q, x.p, Math.max(0, x.r))));
          const head = await runFromRecords(h.map((x, i) => row(i, x.t, x.q, x.p, Math.max(0, x.r))));
          const a = attribute(makeSpec(METRICS.ttft, percentile(q * 100)), base.requests!, head.requests!)!;
          const sum = a.phases.reduce((s, p) => s + p.delta, 0);
          expect(sum).toBeCloseTo(a.head.mean - a.base.mean, 6);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('uses every request for the mean and reports phases missing on a side', async () => {
    const base = await runFromRecords([
      { arrival_ts: 0, first_token_ms: 10, total_ms: 20, prefill_ms: 5 },
      { arrival_ts: 1, first_token_ms: 30, total_ms: 40, prefill_ms: 5 },
    ]);
    const head = await runFromRecords([
      { arrival_ts: 0, first_token_ms: 20, total_ms: 30, prefill_ms: 15, queue_wait_ms: 1 },
      { arrival_ts: 1, first_token_ms: 40, total_ms: 50, prefill_ms: 15, queue_wait_ms: 1 },
    ]);
    const a = attribute(makeSpec(METRICS.ttft, MEAN), base.requests!, head.requests!)!;
    expect(a.tail).toBe('all requests');
    expect(a.missingPhases).toEqual(['tokenize', 'queue_wait']);
    expect(a.phases.map((p) => p.phase)).toEqual(['prefill', 'remainder']);
    expect(a.phases[0].delta).toBe(10);
    expect(a.dominant).toBe('prefill');
  });

  it('counts a request whose value equals the threshold in the tail', async () => {
    // TTFT 10, 20, …, 110 (11 requests): p80 of type 7 is h = 10 · 0.8 = 8, exactly the 9th value, 90.
    // The tail is "at or above": 90, 100 and 110, mean 100 — not the two values above 90.
    const rows = Array.from({ length: 11 }, (_, i) => row(i, 1, 2, 10 * (i + 1) - 4, 1));
    const run = await runFromRecords(rows);
    const a = attribute(makeSpec(METRICS.ttft, percentile(80)), run.requests!, run.requests!)!;
    expect(a.base.threshold).toBe(90);
    expect(a.base.count).toBe(3);
    expect(a.base.mean).toBe(100);
    expect(a.head.count).toBe(3);
  });

  it('blames an improvement on the phase that fell, not on one that grew a little', async () => {
    // Head: queue wait 100 → 0 ms on every request, prefill 5 ms longer: TTFT falls by 95 ms. The
    // dominant component is the one that moved most in the direction of the change (down).
    const base = await runFromRecords(Array.from({ length: 10 }, (_, i) => row(i, 1, 100, 10 + i, 1)));
    const head = await runFromRecords(Array.from({ length: 10 }, (_, i) => row(i, 1, 0, 15 + i, 1)));
    const a = attribute(makeSpec(METRICS.ttft, MEAN), base.requests!, head.requests!)!;
    expect(a.head.mean - a.base.mean).toBe(-95);
    const byPhase = Object.fromEntries(a.phases.map((p) => [p.phase, p]));
    expect(byPhase.queue_wait.delta).toBe(-100);
    expect(byPhase.prefill.delta).toBe(5);
    expect(byPhase.queue_wait.shareOfChange).toBeCloseTo(100 / 95, 12);
    expect(a.dominant).toBe('queue_wait');
  });

  it('names no dominant phase when nothing changed', async () => {
    const run = await runFromRecords(Array.from({ length: 10 }, (_, i) => row(i, 1, 2, 10 + i, 1)));
    const a = attribute(makeSpec(METRICS.ttft, percentile(90)), run.requests!, run.requests!)!;
    expect(a.dominant).toBeNull();
    expect(a.phases.every((p) => p.delta === 0 && p.shareOfChange === 0)).toBe(true);
  });

  it('has no decomposition for metrics without a phase model', async () => {
    const run = await runFromRecords([{ arrival_ts: 0, first_token_ms: 10, total_ms: 20, itl_p50_ms: 5 }]);
    expect(attribute(makeSpec(METRICS.itl, percentile(50)), run.requests!, run.requests!)).toBeNull();
  });
});

describe('phase attribution: the guards and the means (issue 18, mutation survivors)', () => {
  const ttftRows = (ttft: number[], extra: Record<string, unknown> = {}) =>
    ttft.map((v, i) => ({ arrival_ts: i, first_token_ms: v, total_ms: v + 50, prefill_ms: v / 2, ...extra }));

  it('has no decomposition for a metric the artifact named (custom)', async () => {
    const run = await runFromRecords(ttftRows([10, 20]));
    const custom = makeSpec(customMetric('total_token_throughput', 'tok/s', 'higher-is-better'), MEAN);
    expect(attribute(custom, run.requests!, run.requests!)).toBeNull();
  });

  it('splits a run-level rate over every request’s E2E, whatever statistic its spec carries', async () => {
    // E2E (total_ms) 20 and 40 on base, 30 and 70 on head; decode is the only phase of E2E recorded.
    const base = await runFromRecords([
      { arrival_ts: 0, first_token_ms: 5, total_ms: 20, decode_ms: 15 },
      { arrival_ts: 1, first_token_ms: 5, total_ms: 40, decode_ms: 25 },
    ]);
    const head = await runFromRecords([
      { arrival_ts: 0, first_token_ms: 5, total_ms: 30, decode_ms: 25 },
      { arrival_ts: 1, first_token_ms: 5, total_ms: 70, decode_ms: 55 },
    ]);
    for (const stat of [MEAN, percentile(95)]) {
      const a = attribute(makeSpec(METRICS.throughput, stat), base.requests!, head.requests!)!;
      expect(a.q).toBe(0);
      expect(a.tail).toBe('all requests');
      expect(a.base).toEqual({ threshold: 30, count: 2, mean: 30 });
      expect(a.head).toEqual({ threshold: 50, count: 2, mean: 50 });
      expect(a.missingPhases).toEqual(['tokenize', 'queue_wait', 'prefill', 'detokenize']);
      // Decode 20 → 40 ms, remainder (E2E − decode) 10 → 10 ms.
      expect(a.phases.map((p) => [p.phase, p.baseMean, p.headMean])).toEqual([
        ['decode', 20, 40],
        ['remainder', 10, 10],
      ]);
      expect(a.dominant).toBe('decode');
    }
  });

  it('has no decomposition when one side lacks the metric', async () => {
    // Client TTFT needs client_first_token_ms or network_ms: one side has neither (prefill on both).
    const withClient = await runFromRecords(ttftRows([10, 20], { network_ms: 3 }));
    const withoutClient = await runFromRecords(ttftRows([10, 20]));
    const spec = makeSpec(METRICS.ttft_client, percentile(90));
    expect(attribute(spec, withClient.requests!, withClient.requests!)).not.toBeNull();
    expect(attribute(spec, withClient.requests!, withoutClient.requests!)).toBeNull();
    expect(attribute(spec, withoutClient.requests!, withClient.requests!)).toBeNull();
  });

  it('has no decomposition when no phase of the model is on both sides', async () => {
    const bare = await runFromRecords([
      { arrival_ts: 0, first_token_ms: 10, total_ms: 60 },
      { arrival_ts: 1, first_token_ms: 20, total_ms: 70 },
    ]);
    const withPrefill = await runFromRecords(ttftRows([10, 20]));
    const spec = makeSpec(METRICS.ttft, MEAN);
    expect(attribute(spec, bare.requests!, bare.requests!)).toBeNull();
    expect(attribute(spec, bare.requests!, withPrefill.requests!)).toBeNull();
  });

  it('has no decomposition when every request of one side failed', async () => {
    // The failed side still has first_token_ms and prefill_ms columns, but no request counts.
    const ok = await runFromRecords(ttftRows([10, 20]));
    const failed = await runFromRecords(ttftRows([10, 20], { error: 'HTTP 503' }));
    const spec = makeSpec(METRICS.ttft, percentile(95));
    expect(attribute(spec, ok.requests!, failed.requests!)).toBeNull();
    expect(attribute(spec, failed.requests!, ok.requests!)).toBeNull();
    expect(attribute(makeSpec(METRICS.ttft, MEAN), failed.requests!, failed.requests!)).toBeNull();
  });

  it('for the mean: threshold = tail mean, own statistics are means, a missing phase counts as 0', async () => {
    // Base TTFT 10 = 1 + 2 + 5 + 2 and 30 = 1 + 4 + 15 + 10 (tokenize + queue + prefill + remainder).
    // Head 20 = 1 + 2 + 15 + 2 and 40 = 1 + (no queue_wait) + 25 + 14.
    const base = await runFromRecords([
      { arrival_ts: 0, first_token_ms: 10, total_ms: 60, tokenize_ms: 1, queue_wait_ms: 2, prefill_ms: 5 },
      { arrival_ts: 1, first_token_ms: 30, total_ms: 80, tokenize_ms: 1, queue_wait_ms: 4, prefill_ms: 15 },
    ]);
    const head = await runFromRecords([
      { arrival_ts: 0, first_token_ms: 20, total_ms: 70, tokenize_ms: 1, queue_wait_ms: 2, prefill_ms: 15 },
      { arrival_ts: 1, first_token_ms: 40, total_ms: 90, tokenize_ms: 1, prefill_ms: 25 },
    ]);
    const a = attribute(makeSpec(METRICS.ttft, MEAN), base.requests!, head.requests!)!;
    // Every request is in the tail; its "threshold" is the mean itself (40 / 2), not −∞ or 40 · 2.
    expect(a.base).toEqual({ threshold: 20, count: 2, mean: 20 });
    expect(a.head).toEqual({ threshold: 30, count: 2, mean: 30 });
    expect(a.missingPhases).toEqual([]);
    const byPhase = Object.fromEntries(a.phases.map((p) => [p.phase, p]));
    // Head queue wait (2 + 0) / 2 = 1: the request without it adds 0, its 14 ms sit in the remainder.
    expect(byPhase.queue_wait).toMatchObject({ baseMean: 3, headMean: 1, delta: -2, shareOfChange: -0.2 });
    expect(byPhase.prefill).toMatchObject({ baseMean: 10, headMean: 20, delta: 10, shareOfChange: 1 });
    expect(byPhase.remainder).toMatchObject({ baseMean: 6, headMean: 8, delta: 2, shareOfChange: 0.2 });
    expect(byPhase.prefill.shareOfHead).toBeCloseTo(20 / 30, 12);
    // Own statistics for the mean: each phase's mean over the requests that have it (min would be 5
    // and 15 for prefill), the remainder's mean over every request.
    expect([byPhase.prefill.basePercentile, byPhase.prefill.headPercentile]).toEqual([10, 20]);
    expect([byPhase.queue_wait.basePercentile, byPhase.queue_wait.headPercentile]).toEqual([3, 2]);
    expect([byPhase.remainder.basePercentile, byPhase.remainder.headPercentile]).toEqual([6, 8]);
    expect(a.dominant).toBe('prefill');
  });

  it('leaves a failed request out of the tail, its mean and the remainder’s percentile', async () => {
    // TTFT 10k = prefill 9k + remainder k (k = 1…10), and one failed request of 1000 ms.
    const rows: Record<string, unknown>[] = Array.from({ length: 10 }, (_, i) => ({
      arrival_ts: i,
      first_token_ms: 10 * (i + 1),
      total_ms: 10 * (i + 1) + 50,
      prefill_ms: 9 * (i + 1),
    }));
    rows.push({ arrival_ts: 10, first_token_ms: 1000, total_ms: 1050, prefill_ms: 10, error: 'timeout' });
    const run = await runFromRecords(rows);
    const a = attribute(makeSpec(METRICS.ttft, percentile(80)), run.requests!, run.requests!)!;
    // p80 of 10…100 is 82: the tail is 90 and 100.
    expect(a.base.threshold).toBeCloseTo(82, 12);
    expect(a.base).toMatchObject({ count: 2, mean: 95 });
    const remainder = a.phases.find((p) => p.phase === 'remainder')!;
    // Tail remainder (9 + 10) / 2; the remainder's own p80 over 1…10 (type 7): 8 + 0.2 · 1.
    expect(remainder.baseMean).toBe(9.5);
    expect(remainder.basePercentile).toBeCloseTo(8.2, 12);
  });

  it('gives a head whose tail took no time a zero share, not 0 / 0', async () => {
    // A coarse timer: every head request reads 0 ms. The change is −15, so shareOfChange is defined.
    const base = await runFromRecords(ttftRows([10, 20]));
    const head = await runFromRecords(ttftRows([0, 0]));
    const a = attribute(makeSpec(METRICS.ttft, MEAN), base.requests!, head.requests!)!;
    expect(a.head).toEqual({ threshold: 0, count: 2, mean: 0 });
    expect(a.phases.map((p) => [p.phase, p.shareOfHead])).toEqual([
      ['prefill', 0],
      ['remainder', 0],
    ]);
    expect(a.phases.map((p) => p.shareOfChange)).toEqual([0.5, 0.5]);
    expect(a.dominant).toBe('prefill');
  });
});
