import { describe, expect, it } from 'vitest';
import { createRng } from '../../src/stats/rng';
import { interArrivalMs } from '../../src/sim/distributions';
import { baseScenario } from '../../src/sim/scenarios';
import type { Scenario } from '../../src/sim/scenario';
import { pct, runRecords } from './helpers';

/** One request, no noise sources in the engine: every number can be worked out by hand. */
function single(overrides: Partial<Scenario['engine']> = {}, outputTokens = 5): Scenario {
  const base = baseScenario(1, 1);
  return {
    ...base,
    prompt: { medianTokens: 100, sigma: 0, maxTokens: 100, sharedPrefixTokens: 0, sharedPrefixShare: 0 },
    output: { medianTokens: outputTokens, sigma: 0, maxTokens: 64 },
    engine: {
      ...base.engine,
      decodeStepBaseMs: 10,
      decodeStepPerSeqMs: 1,
      decodeStepPerKvTokenMs: 0.01,
      prefillMsPerToken: 0.1,
      prefillFixedMs: 2,
      stepJitter: 0,
      runSpeedSigma: 0,
      ...overrides,
    },
  };
}

describe('engine mechanics on a single request', () => {
  it('prefills in one step, then decodes one token per step with step time growing with KV', () => {
    const [r] = runRecords(single());
    expect(r.queue_wait_ms).toBe(0);
    expect(r.prefill_ms).toBeCloseTo(10 + 0.1 * 100 + 2, 9); // base + tokens + fixed
    // Gaps: 10 + 1·1 + 0.01·ctx with ctx = 101, 102, 103, 104.
    expect(r.decode_ms).toBeCloseTo(12.01 + 12.02 + 12.03 + 12.04, 6);
    expect(r.itl_p50_ms).toBeCloseTo(12.025, 6);
    expect(r.itl_p99_ms).toBeCloseTo(12.0397, 3); // type 7: 12.03 + 0.97·0.01, rounded to µs
    expect(r.batch_size_at_admission).toBe(1);
  });

  it('applies the kernel factor to decode compute only, and the detokenize bug quadratically', () => {
    const [r] = runRecords(single({ decodeKernelFactor: 2, detokenizeMsPerToken: 0.5, detokenizeQuadratic: 0.1 }));
    expect(r.prefill_ms).toBeCloseTo(20 + 10 + 2, 9);
    expect(r.itl_p50_ms).toBeCloseTo(24.05, 6);
    expect(r.detokenize_ms).toBeCloseTo(0.5 * 5 + 0.1 * 25, 9);
  });

  it('splits a long prompt into chunks under chunked prefill', () => {
    const [r] = runRecords(single({ longPrefillTokenThreshold: 30 }));
    // ceil(100/30) = 4 steps of base + chunk·0.1, the fixed cost once.
    expect(r.prefill_ms).toBeCloseTo(4 * 10 + 100 * 0.1 + 2, 9);
  });

  it('gives a one-token answer no decode and no ITL', () => {
    const [r] = runRecords(single({}, 1));
    expect([r.output_tokens, r.decode_ms, r.itl_p50_ms, r.itl_p99_ms]).toEqual([1, 0, 0, 0]);
  });

  it('admits only on scheduler ticks when the scheduler is slow', () => {
    const [r] = runRecords(single({ schedulerIntervalMs: 1000 }));
    const readyMs = (r.arrival_ts - 1_760_000_000) * 1000 + r.tokenize_ms;
    expect(r.queue_wait_ms).toBeCloseTo(Math.ceil(readyMs / 1000) * 1000 - readyMs, 2);
  });
});

describe('engine mechanics under load', () => {
  const base = baseScenario(21, 2000);

  it('stalls decodes behind whole-prompt prefills when chunked prefill is off', () => {
    const ratio = (s: Scenario) =>
      pct(
        runRecords(s)
          .filter((r) => r.output_tokens > 20)
          .map((r) => r.itl_p99_ms / r.itl_p50_ms),
        0.9,
      );
    const on = ratio(base);
    const off = ratio({ ...base, engine: { ...base.engine, chunkedPrefill: false } });
    expect(off).toBeGreaterThan(on * 1.5);
  });

  it('hits the prefix cache with whole blocks of the shared prefix, and never when caching is off', () => {
    const on = runRecords(base);
    const hits = on.filter((r) => r.prefix_cache_hit_tokens > 0);
    expect(hits.length / on.length).toBeGreaterThan(0.85);
    for (const r of hits) expect(r.prefix_cache_hit_tokens).toBe(1024);
    const off = runRecords({ ...base, engine: { ...base.engine, prefixCaching: false } });
    expect(off.every((r) => r.prefix_cache_hit_tokens === 0)).toBe(true);
  });

  it('draws bursty arrivals with squared CV 1 + burstiness and the same mean', () => {
    const rng = createRng(99);
    for (const burstiness of [0, 2]) {
      const gaps = Array.from({ length: 40000 }, () => interArrivalMs(rng, 4, burstiness));
      const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
      const variance = gaps.reduce((a, b) => a + (b - mean) ** 2, 0) / gaps.length;
      expect(mean).toBeCloseTo(250, -1);
      expect(variance / mean ** 2).toBeGreaterThan((1 + burstiness) * 0.9);
      expect(variance / mean ** 2).toBeLessThan((1 + burstiness) * 1.1);
    }
  });

  it('rejects scenarios that could never finish', () => {
    expect(() => runRecords({ ...base, engine: { ...base.engine, kvBlocks: 10 } })).toThrow(/kvBlocks/);
    expect(() => runRecords({ ...base, engine: { ...base.engine, maxNumBatchedTokens: 32 } })).toThrow(
      /maxNumBatchedTokens/,
    );
  });
});
