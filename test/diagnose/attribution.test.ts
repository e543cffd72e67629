import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { attribute } from '../../src/diagnose/attribution';
import { makeSpec, MEAN, percentile } from '../../src/metrics/metric-spec';
import { METRICS } from '../../src/metrics/catalog';
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
