import { describe, expect, it } from 'vitest';
import { baseScenario, demoPair, injectedRegressions } from '../../src/sim/scenarios';
import type { InjectedRegression, NativeRecord } from '../../src/sim/scenario';
import { pct, runRecords } from './helpers';

const Q = { p50: 0.5, p95: 0.95, p99: 0.99 } as const;

/** The expected metric, read the way src/metrics reads it from §4 records. */
function metricValue(records: NativeRecord[], expectation: InjectedRegression['expect']): number {
  const { metric, stat } = expectation;
  if (stat === 'mean') throw new Error('no mean expectation in the catalogue');
  const q = Q[stat];
  switch (metric) {
    case 'ttft':
      return pct(
        records.map((r) => r.first_token_ms),
        q,
      );
    case 'ttft_client':
      return pct(
        records.map((r) => r.client_first_token_ms ?? NaN),
        q,
      );
    case 'e2e':
      return pct(
        records.map((r) => r.total_ms),
        q,
      );
    case 'itl': {
      const decoding = records.filter((r) => r.output_tokens > 1);
      return pct(
        decoding.map((r) => (q <= 0.5 ? r.itl_p50_ms : r.itl_p99_ms)),
        q,
      );
    }
    case 'tpot':
      return pct(
        records.filter((r) => r.output_tokens > 1).map((r) => r.decode_ms / (r.output_tokens - 1)),
        q,
      );
    case 'throughput':
    case 'failed':
      throw new Error(`no ${metric} expectation in the catalogue of regressions`);
  }
}

const PHASE_FIELD = {
  queue_wait: 'queue_wait_ms',
  prefill: 'prefill_ms',
  decode: 'itl_p50_ms', // itl_p99_ms when the metric is an ITL tail
  tokenize: 'tokenize_ms',
  detokenize: 'detokenize_ms',
  network: 'client_gap_ms',
} as const;

/** The network/proxy phase: client TTFT − server TTFT (what a proxy adds shows only at the client). */
const withGap = (rs: NativeRecord[]) =>
  rs.map((r) => ({ ...r, client_gap_ms: (r.client_first_token_ms ?? NaN) - r.first_token_ms }));

describe('injected regressions', () => {
  const base = baseScenario(1, 2000);
  const baseRecords = runRecords(base);
  const regressions = injectedRegressions();

  it('has the twelve catalogued cases with unique ids', () => {
    expect(regressions.length).toBeGreaterThanOrEqual(12);
    expect(new Set(regressions.map((r) => r.id)).size).toBe(regressions.length);
  });

  it.each(regressions.map((r) => [r.id, r] as const))(
    '%s moves its metric the expected way, in its phase',
    (_id, reg) => {
      const head = runRecords(reg.apply(base));
      const before = metricValue(baseRecords, reg.expect);
      const after = metricValue(head, reg.expect);
      expect(after).toBeGreaterThan(before * 1.1);
      // The phase named as the cause grows too (the remainder is what no phase field covers).
      const phase = reg.expect.phase;
      if (phase === 'remainder') {
        const remainder = (rs: NativeRecord[]) =>
          pct(
            rs.map((r) => r.first_token_ms - r.tokenize_ms - r.queue_wait_ms - r.prefill_ms),
            0.5,
          );
        expect(remainder(head)).toBeGreaterThan(remainder(baseRecords) + 100);
      } else if (phase) {
        const field = phase === 'decode' && reg.expect.stat !== 'p50' ? 'itl_p99_ms' : PHASE_FIELD[phase];
        const q = reg.expect.stat === 'p50' ? 0.5 : 0.95;
        const phaseOf = (rs: NativeRecord[]) =>
          pct(
            withGap(rs).map((r) => (r[field] as number | undefined) ?? NaN),
            q,
          );
        expect(phaseOf(head)).toBeGreaterThan(phaseOf(baseRecords));
      }
    },
  );

  it('keeps the server unchanged when only the proxy buffers', () => {
    const proxy = regressions.find((r) => r.id === 'buffering-proxy')!;
    const head = runRecords(proxy.apply(base));
    expect(
      pct(
        head.map((r) => r.first_token_ms),
        0.95,
      ),
    ).toBe(
      pct(
        baseRecords.map((r) => r.first_token_ms),
        0.95,
      ),
    );
    // As a real proxy: the wire time (network_ms) does not show the hold; only the client's timestamp does.
    expect(head.map((r) => r.network_ms)).toEqual(baseRecords.map((r) => r.network_ms));
    expect(
      pct(
        head.map((r) => r.client_first_token_ms! - r.first_token_ms - r.network_ms!),
        0.5,
      ),
    ).toBeCloseTo(300, 6);
  });
});

describe('demo pair', () => {
  it('is the capacity cut: the head never runs more than 24 sequences, the base goes well past it', () => {
    const { base, head } = demoPair();
    expect(head.engine.maxNumSeqs).toBe(24);
    expect(base.seed).toBe(head.seed);
    const peak = (rs: NativeRecord[]) => Math.max(...rs.map((r) => r.batch_size_at_admission));
    const baseRecords = runRecords(base);
    const headRecords = runRecords(head);
    expect(peak(headRecords)).toBe(24);
    expect(peak(baseRecords)).toBeGreaterThanOrEqual(35);
    expect(
      pct(
        headRecords.map((r) => r.first_token_ms),
        0.95,
      ),
    ).toBeGreaterThan(
      3 *
        pct(
          baseRecords.map((r) => r.first_token_ms),
          0.95,
        ),
    );
  });
});
