import { describe, expect, it } from 'vitest';
import { rateSeries } from '../../src/metrics/values';
import { runFromRecords } from '../helpers/tables';

// Arrivals 0..19 s, one a second; each request's first token 1 s after arrival, done 2 s after, with
// 10 output tokens: decode spans [t+1, t+2]. The steady state is [0, 19] (last arrival).
const records = Array.from({ length: 20 }, (_, i) => ({
  request_id: `r${i}`,
  arrival_ts: 1000 + i,
  first_token_ms: 1000,
  total_ms: 2000,
  output_tokens: 10,
}));

describe('rate series over steady-state windows', () => {
  it('tokens are spread over each decode and counted until the last arrival', async () => {
    const run = await runFromRecords(records);
    const r = rateSeries(run.requests!, true);
    if (!r.ok) throw new Error(r.error);
    const s = r.value;
    // 20 windows (the minimum) over 19 s. Requests 0..17 decode wholly inside [0, 19] (180 tokens);
    // request 18 decodes over [19, 20]: none of it is inside. Request 19 arrives at 19: none either.
    const tokens = s.values.reduce((a, b) => a + b, 0);
    const seconds = s.denominators!.reduce((a, b) => a + b, 0);
    expect(s.values).toHaveLength(20);
    expect(seconds).toBeCloseTo(19, 12);
    expect(tokens).toBeCloseTo(180, 9);
    expect(tokens / seconds).toBeCloseTo(180 / 19, 9);
  });

  it('requests count in the window they complete in; the warm-up start moves the window', async () => {
    const run = await runFromRecords(records);
    const r = rateSeries(run.requests!, false, { row: 5, ts: 1005 });
    if (!r.ok) throw new Error(r.error);
    const s = r.value;
    // Steady state [5, 19] s: request i completes at i + 2 s, so requests 3..17 complete inside it.
    const completions = s.values.reduce((a, b) => a + b, 0);
    expect(completions).toBe(15);
    expect(s.denominators!.reduce((a, b) => a + b, 0)).toBeCloseTo(14, 12);
  });

  it('failed requests add no tokens and no completions', async () => {
    const run = await runFromRecords(records.map((r, i) => (i < 10 ? { ...r, error: 'HTTP 503' } : r)));
    const r = rateSeries(run.requests!, true);
    if (!r.ok) throw new Error(r.error);
    const s = r.value;
    expect(s.values.reduce((a, b) => a + b, 0)).toBeCloseTo(80, 9);
  });
});
