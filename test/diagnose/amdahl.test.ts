import { describe, expect, it } from 'vitest';
import { amdahl, byGainPerEffort, rankFixes, type AmdahlItem } from '../../src/diagnose/amdahl';
import { runDemo } from '../../src/cli/demo';
import { attribute } from '../../src/diagnose/attribution';
import { makeSpec, percentile } from '../../src/metrics/metric-spec';
import { METRICS } from '../../src/metrics/catalog';
import { parseSlo } from '../../src/config/slo';
import { runFromRecords } from '../helpers/tables';
import type { Attribution, PhaseShare } from '../../src/diagnose/attribution';
import type { Finding } from '../../src/diagnose/hints';
import type { TreeWalk } from '../../src/diagnose/tree';
import type { HintId } from '../../src/config/hints';
import { share, table } from './branches/build';

// rankFixes on decompositions built by hand: which phases get a line, their p, s, gain and ceiling,
// the finding that names the fix, the projection on the head's requests and the order (§7).
describe('rankFixes, by hand', () => {
  const ttft = makeSpec(METRICS.ttft, percentile(50));
  const decomposition = (phases: PhaseShare[], q = 0.5, spec = ttft): Attribution =>
    ({ spec, tail: 'slowest 50% of requests', q, phases }) as Partial<Attribution> as Attribution;
  const grew = (phase: PhaseShare['phase'], baseMean: number, headMean: number, rest: Partial<PhaseShare> = {}) =>
    share(phase, baseMean, headMean, { shareOfChange: 0.5, shareOfHead: 0.5, ...rest });
  const finding = (
    hint: HintId,
    phase: Finding['phase'],
    status: Finding['status'],
    metrics = ['ttft.p50'],
  ): Finding => ({
    hint,
    phase,
    title: hint,
    status,
    cause: 'config',
    evidence: [],
    nextCheck: '',
    metrics,
  });
  const walk = (phase: TreeWalk['phase'], hints: HintId[], metrics = ['ttft.p50']): TreeWalk => ({
    metrics,
    phase,
    rootPhase: phase,
    steps: [],
    hints,
  });
  // Four requests: TTFT = tokenize 1 + queue + prefill 5: 16, 26, 36, 106 ms.
  const head = table({
    tokenize_ms: [1, 1, 1, 1],
    queue_wait_ms: [10, 20, 30, 100],
    prefill_ms: [5, 5, 5, 5],
    first_token_ms: [16, 26, 36, 106],
  });

  it('lists the phases that grew by at least 5% of the change and take time on the head', () => {
    const phases = [
      grew('queue_wait', 10, 100, { shareOfChange: 0.05 }),
      grew('prefill', 10, 20, { shareOfChange: 0.049 }),
      grew('tokenize', 5, 5, { shareOfChange: 0 }),
      grew('decode', 20, 10, { shareOfChange: 0.3 }),
      grew('network', NaN, NaN, { delta: NaN, shareOfChange: 0.3 }),
      // A remainder can be negative on the base; it grew to 0 ms: nothing to speed up.
      grew('remainder', -5, 0, { shareOfChange: 0.2 }),
      grew('detokenize', 0, 2, { shareOfChange: 0.06 }),
    ];
    const fixes = rankFixes(decomposition(phases), undefined, [], [], undefined);
    expect(fixes.map((f) => f.phase).sort()).toEqual(['detokenize', 'queue_wait']);
    const remainder = rankFixes(decomposition([grew('remainder', 2, 6)]), undefined, [], [], undefined);
    expect(remainder.map((f) => f.phase)).toEqual(['remainder']);
  });

  it('takes p from the share of the head, s from the tail means, and the gain and ceiling from both', () => {
    const [queue] = rankFixes(decomposition([grew('queue_wait', 10, 100)]), undefined, [], [], undefined);
    // p = 0.5, s = 10: gain 1 / (0.5 + 0.05), ceiling 1 − 0.55.
    expect(queue).toMatchObject({ metric: 'ttft.p50', share: 0.5, speedup: 10 });
    expect(queue.gain).toBeCloseTo(1 / 0.55, 12);
    expect(queue.ceiling).toBeCloseTo(0.45, 12);
    // No head table: no projection, so no SLO answer even with an SLO.
    expect(queue.projected).toBeNaN();
    expect(
      rankFixes(decomposition([grew('queue_wait', 10, 100)]), undefined, [], [], parseSlo('ttft p50 < 1s'))[0]
        .sloReachable,
    ).toBeNull();
    // The baseline spent no time there: removing it all, gain 1 / (1 − p).
    const [fromZero] = rankFixes(
      decomposition([grew('queue_wait', 0, 40, { shareOfHead: 0.75 })]),
      undefined,
      [],
      [],
      undefined,
    );
    expect(fromZero.speedup).toBe(Infinity);
    expect(fromZero.gain).toBe(4);
    expect(fromZero.ceiling).toBe(0.75);
    // p is a share: clamped to [0, 1] (a phase can exceed the tail mean when the remainder is negative).
    const over = rankFixes(
      decomposition([grew('queue_wait', 10, 100, { shareOfHead: 1.2 })]),
      undefined,
      [],
      [],
      undefined,
    );
    expect(over[0]).toMatchObject({ share: 1, gain: 10 });
    const under = rankFixes(
      decomposition([grew('queue_wait', 10, 100, { shareOfHead: -0.2 })]),
      undefined,
      [],
      [],
      undefined,
    );
    expect(under[0]).toMatchObject({ share: 0, gain: 1, ceiling: 0 });
  });

  it('projects the metric with the phase s× faster on every head request, and checks the SLO there', () => {
    // Queue ÷ 2: 16 − 5, 26 − 10, 36 − 15, 106 − 50 = 11, 16, 21, 56.
    const phases = [grew('queue_wait', 20, 40)];
    const [median] = rankFixes(decomposition(phases), head, [], [], parseSlo('ttft p50 < 20ms'));
    expect(median.projected).toBe(18.5);
    expect(median.sloReachable).toBe(true);
    expect(rankFixes(decomposition(phases), head, [], [], parseSlo('ttft p50 < 18ms'))[0].sloReachable).toBe(false);
    expect(rankFixes(decomposition(phases), head, [], [], undefined)[0].sloReachable).toBeNull();
    // q = 0 is the mean: (11 + 16 + 21 + 56) / 4.
    expect(rankFixes(decomposition(phases, 0), head, [], [], undefined)[0].projected).toBe(26);
    // p90 of 11, 16, 21, 56: 21 + 0.7 · 35.
    expect(rankFixes(decomposition(phases, 0.9), head, [], [], undefined)[0].projected).toBeCloseTo(45.5, 12);
    // Removed entirely (the baseline had none): 6, 6, 6, 6.
    expect(rankFixes(decomposition([grew('queue_wait', 0, 40)], 0), head, [], [], undefined)[0].projected).toBe(6);
  });

  it('projects a request without the phase as it is, and leaves failed requests out', () => {
    const partial = table(
      {
        tokenize_ms: [1, 1, 1, 1],
        queue_wait_ms: [10, NaN, 30, 100],
        prefill_ms: [5, 5, 5, 5],
        first_token_ms: [16, 26, 36, 106],
      },
      [3],
    );
    // Queue ÷ 2 on rows 0 and 2 (11, 21); row 1 has no queue time (26); row 3 failed.
    const [mean] = rankFixes(decomposition([grew('queue_wait', 20, 40)], 0), partial, [], [], undefined);
    expect(mean.projected).toBeCloseTo(58 / 3, 12);
    const [median] = rankFixes(decomposition([grew('queue_wait', 20, 40)], 0.5), partial, [], [], undefined);
    expect(median.projected).toBe(21);
    const none = table({ queue_wait_ms: [10], first_token_ms: [NaN] });
    expect(rankFixes(decomposition([grew('queue_wait', 20, 40)], 0), none, [], [], undefined)[0].projected).toBeNaN();
    // A phase the head has no column for cannot be projected.
    expect(rankFixes(decomposition([grew('decode', 20, 40)]), head, [], [], undefined)[0].projected).toBeNaN();
  });

  it('projects the remainder: the metric less every phase of the model the head records', () => {
    // Remainder per request: 20 − 1 − 5 − 10 = 4, and 40 − 1 − 5 = 34 (prefill unknown on row 1);
    // decode is in the model but not in the table.
    const t = table({
      tokenize_ms: [1, 1],
      queue_wait_ms: [5, 5],
      prefill_ms: [10, NaN],
      first_token_ms: [20, 40],
    });
    const phases = [
      grew('tokenize', 1, 1, { shareOfChange: 0 }),
      grew('queue_wait', 5, 5, { shareOfChange: 0 }),
      grew('prefill', 10, 10, { shareOfChange: 0 }),
      grew('decode', 0, 0, { shareOfChange: 0 }),
      grew('remainder', 4, 8),
    ];
    // Remainder ÷ 2: 20 − 2 = 18, 40 − 17 = 23.
    const [mean] = rankFixes(decomposition(phases, 0), t, [], [], undefined);
    expect(mean.phase).toBe('remainder');
    expect(mean.projected).toBe(20.5);
    expect(rankFixes(decomposition(phases, 0), undefined, [], [], undefined)[0].projected).toBeNaN();
    // A head without the metric's column has no remainder column to project either.
    const noMetric = table({ tokenize_ms: [1, 1], queue_wait_ms: [5, 5] });
    expect(rankFixes(decomposition(phases, 0), noMetric, [], [], undefined)[0].projected).toBeNaN();
  });

  it('a remainder below 0 on the base spent no time there: the fix removes it (s = ∞)', () => {
    const [rest] = rankFixes(decomposition([grew('remainder', -5, 10)]), undefined, [], [], undefined);
    expect(rest.speedup).toBe(Infinity);
    expect(rest.gain).toBe(2);
  });

  it('projects a run-level metric (throughput) on the end-to-end time of each request', () => {
    const spec = makeSpec(METRICS.throughput, { kind: 'mean', label: 'mean' });
    const t = table({ decode_ms: [100, 300], total_ms: [150, 400], first_token_ms: [50, 100] });
    const [decode] = rankFixes(decomposition([grew('decode', 100, 200)], 0, spec), t, [], [], undefined);
    expect(decode.metric).toBe('throughput');
    // Decode ÷ 2: 150 − 50 = 100, 400 − 150 = 250.
    expect(decode.projected).toBe(175);
  });

  it('names the fix by the best established finding about the phase, or about the walk that started there', () => {
    const phases = [grew('queue_wait', 10, 100)];
    const fix = (findings: Finding[], walks: TreeWalk[] = []) =>
      rankFixes(decomposition(phases), undefined, findings, walks, undefined)[0];
    expect(fix([])).toMatchObject({ fix: 'bring queue wait back to baseline', hint: null, effort: 'unknown' });
    expect(fix([]).effortHours).toBeNull();
    expect(fix([]).gainPerHour).toBeNull();
    const capacity = fix([finding('capacity', 'queue_wait', 'likely')]);
    expect(capacity).toMatchObject({
      fix: 'restore running-batch capacity (queue wait back to baseline)',
      hint: 'capacity',
      effort: 'hours (config)',
      effortHours: 4,
    });
    expect(capacity.gainPerHour).toBeCloseTo((1 / 0.55 - 1) / 4, 12);
    // A finding about another phase is not this fix, unless the walk from this phase found it.
    const prefill = finding('long-prefill-blocking', 'prefill', 'confirmed');
    expect(fix([prefill]).hint).toBeNull();
    expect(fix([prefill], [walk('queue_wait', ['long-prefill-blocking'])])).toMatchObject({
      hint: 'long-prefill-blocking',
      fix: 'stop long prefills blocking (chunked prefill) (queue wait back to baseline)',
    });
    // ... of a metric the walk explains.
    const other = finding('long-prefill-blocking', 'prefill', 'confirmed', ['e2e.p50']);
    expect(fix([other], [walk('queue_wait', ['long-prefill-blocking'])]).hint).toBeNull();
    // The walk of this metric is preferred over another metric's walk from the same phase.
    expect(
      fix([prefill], [walk('queue_wait', [], ['e2e.p50']), walk('queue_wait', ['long-prefill-blocking'])]).hint,
    ).toBe('long-prefill-blocking');
    // Without a walk of this metric, the phase's walk of another metric.
    const both = finding('long-prefill-blocking', 'prefill', 'confirmed', ['ttft.p50', 'e2e.p50']);
    expect(fix([both], [walk('queue_wait', ['long-prefill-blocking'], ['e2e.p50'])]).hint).toBe(
      'long-prefill-blocking',
    );
    expect(fix([prefill], [walk('prefill', ['long-prefill-blocking'])]).hint).toBeNull();
    // Confirmed beats likely beats candidate; a direct finding wins a tie.
    const direct = finding('capacity', 'queue_wait', 'likely');
    expect(fix([direct, prefill], [walk('queue_wait', ['long-prefill-blocking'])]).hint).toBe('long-prefill-blocking');
    const likelyPrefill = finding('long-prefill-blocking', 'prefill', 'likely');
    expect(fix([likelyPrefill, direct], [walk('queue_wait', ['long-prefill-blocking'])]).hint).toBe('capacity');
    const candidate = finding('scheduler-limited', 'queue_wait', 'candidate');
    expect(fix([candidate, likelyPrefill], [walk('queue_wait', ['long-prefill-blocking'])]).hint).toBe(
      'long-prefill-blocking',
    );
    expect(fix([candidate, finding('capacity', 'queue_wait', 'confirmed')]).hint).toBe('capacity');
    // A hint with no verb of its own is "fix (…)"; a workload finding has no effort in hours.
    expect(fix([finding('request-failures', 'queue_wait', 'likely')]).fix).toBe('fix (queue wait back to baseline)');
    const drift = fix([finding('workload-drift', 'queue_wait', 'likely')]);
    expect(drift).toMatchObject({ effort: 'n/a (workload)', effortHours: null, gainPerHour: null });
    // The team's effort for the hint replaces the default.
    const own = rankFixes(decomposition(phases), undefined, [direct], [], undefined, { capacity: '2 days' })[0];
    expect(own).toMatchObject({ effort: '2 days', effortHours: 16 });
  });

  it('orders by gain per hour, then by gain; fixes without an effort after, by gain', () => {
    const findings = [
      finding('capacity', 'queue_wait', 'likely'), // 4 h
      finding('prefill-compute', 'prefill', 'likely'), // 24 h
      finding('workload-drift', 'tokenize', 'likely'),
    ];
    const order = (phases: PhaseShare[]) =>
      rankFixes(decomposition(phases), undefined, findings, [], undefined).map((f) => f.phase);
    // Gains: queue 1/(0.9 + 0.01) = 1.099 in 4 h (0.025 an hour); prefill 1/(0.5 + 0.05) = 1.818 in
    // 24 h (0.034 an hour); tokenize and decode have no effort: by gain (decode 2 > tokenize 1.11).
    expect(
      order([
        grew('tokenize', 10, 20, { shareOfHead: 0.2 }),
        grew('decode', 0, 20, { shareOfHead: 0.5 }),
        grew('queue_wait', 10, 100, { shareOfHead: 0.1 }),
        grew('prefill', 10, 100, { shareOfHead: 0.5 }),
      ]),
    ).toEqual(['prefill', 'queue_wait', 'decode', 'tokenize']);
    expect(
      order([grew('tokenize', 0, 20, { shareOfHead: 0.5 }), grew('decode', 10, 20, { shareOfHead: 0.2 })]),
    ).toEqual(['tokenize', 'decode']);
  });
});

describe('byGainPerEffort', () => {
  const item = (gain: number, gainPerHour: number | null) => ({ gain, gainPerHour }) as AmdahlItem;
  it('breaks a tie of gain per hour by gain, and ranks an item with an effort first either way round', () => {
    expect(byGainPerEffort(item(2, 0.5), item(3, 0.5))).toBeGreaterThan(0);
    expect(byGainPerEffort(item(3, 0.5), item(2, 0.5))).toBeLessThan(0);
    expect(byGainPerEffort(item(1.1, 0.1), item(5, null))).toBe(-1);
    expect(byGainPerEffort(item(5, null), item(1.1, 0.1))).toBe(1);
    expect(byGainPerEffort(item(2, null), item(3, null))).toBe(1);
  });
});

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
