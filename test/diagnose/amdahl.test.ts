import { describe, expect, it } from 'vitest';
import { amdahl, byGainPerEffort, rankFixes, type AmdahlItem } from '../../src/diagnose/amdahl';
import { runDemo } from '../../src/cli/demo';
import { attribute } from '../../src/diagnose/attribution';
import { makeSpec, percentile } from '../../src/metrics/metric-spec';
import { METRICS } from '../../src/metrics/catalog';
import { parseSlo } from '../../src/config/slo';
import { runFromRecords } from '../helpers/tables';

describe('amdahl', () => {
  it('reproduces the §7 worked example: 9% of the time made 3× faster gains 6.4%', () => {
    const gain = amdahl(0.09, 3);
    expect(gain).toBeCloseTo(1 / (0.91 + 0.03), 12);
    expect(gain).toBeCloseTo(1.0638, 4);
  });

  it('caps the gain at 1/(1−p) when the part disappears', () => {
    expect(amdahl(0.5, Infinity)).toBe(2);
    expect(amdahl(0.98, 143)).toBeCloseTo(1 / (0.02 + 0.98 / 143), 12);
  });

  it('ranks phases that grew by their ceiling and projects the SLO per request', async () => {
    // Ten requests a side; TTFT = tokenize + queue + prefill (+0 remainder). Head: queue grows a lot
    // on the slow half, prefill a little.
    const row = (i: number, queue: number, prefill: number) => ({
      request_id: `r${i}`,
      arrival_ts: i,
      tokenize_ms: 1,
      queue_wait_ms: queue,
      prefill_ms: prefill,
      first_token_ms: 1 + queue + prefill,
      total_ms: 1 + queue + prefill + 100,
    });
    const base = await runFromRecords(Array.from({ length: 10 }, (_, i) => row(i, 10, 50 + i)));
    const head = await runFromRecords(Array.from({ length: 10 }, (_, i) => row(i, i >= 5 ? 500 : 10, 100 + i)));
    const spec = makeSpec(METRICS.ttft, percentile(50));
    const attribution = attribute(spec, base.requests!, head.requests!)!;
    // Tails: requests at or above the median (5 of 10 on each side).
    expect(attribution.base.count).toBe(5);
    expect(attribution.head.count).toBe(5);
    const fixes = rankFixes(attribution, head.requests!, [], [], parseSlo('ttft p50 < 200ms'));
    expect(fixes.map((f) => f.phase)).toEqual(['queue_wait', 'prefill']);
    const queue = fixes[0];
    // Head tail (rows 5..9): queue 500, prefill 105..109 (mean 107), tokenize 1 → mean 608.
    expect(queue.share).toBeCloseTo(500 / 608, 12);
    expect(queue.speedup).toBeCloseTo(50, 12); // 500 / 10
    expect(queue.gain).toBeCloseTo(1 / (1 - 500 / 608 + 500 / 608 / 50), 12);
    expect(queue.ceiling).toBeCloseTo(1 - 1 / queue.gain, 12);
    // Every request's queue ÷ 50: rows 0..4 become 1 + 0.2 + 100..104 = 101.2..105.2, rows 5..9
    // 1 + 10 + 105..109 = 116..120: the median of all ten is (105.2 + 116) / 2.
    expect(queue.projected).toBeCloseTo(110.6, 9);
    expect(queue.sloReachable).toBe(true);
    // Base tail prefill 55..59 (mean 57): the prefill fix is a 107/57 speedup on 107/608 of the time.
    const prefill = fixes[1];
    expect(prefill.speedup).toBeCloseTo(107 / 57, 12);
    expect(prefill.share).toBeCloseTo(107 / 608, 12);
    expect(prefill.sloReachable).toBe(false);
  });
});

describe('gain per effort (§7)', () => {
  const item = (fix: string, gain: number, effortHours: number | null): AmdahlItem => ({
    metric: 'ttft.p95',
    phase: 'queue_wait',
    fix,
    hint: null,
    share: 0.5,
    speedup: 2,
    gain,
    ceiling: 1 - 1 / gain,
    projected: NaN,
    sloReachable: null,
    effort: effortHours === null ? 'n/a (workload)' : `${effortHours}h`,
    effortHours,
    gainPerHour: effortHours === null ? null : (gain - 1) / effortHours,
  });

  it('puts the cheap big win first, a costly small one after, and effortless items last', () => {
    // §7: 1.064 in 16 h is 0.004 per hour; ×3 in 4 h is 0.5 per hour.
    const ranked = [item('fuse RMSNorm', 1.064, 16), item('workload', 5, null), item('batch size', 3, 4)].sort(
      byGainPerEffort,
    );
    expect(ranked.map((i) => i.fix)).toEqual(['batch size', 'fuse RMSNorm', 'workload']);
  });

  it("takes the team's effort for a hint class from the config", async () => {
    const report = await runDemo({ effort: ['capacity=3 weeks'] });
    const fix = report.benchmarks[0].fixes[0];
    expect(fix).toMatchObject({ hint: 'capacity', effort: '3 weeks (config, set)', effortHours: 120 });
    expect(fix.gainPerHour).toBeCloseTo((fix.gain - 1) / 120, 12);
  });
});
