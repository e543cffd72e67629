// Bisect's pure parts (src/compare/bisect.ts): the binary search over commits, a run's workload
// against the bisect's, the step between the ends (which metric is followed, and when it is too close
// to call) and a point judged against both ends. The dispatching around them is tested in
// test/github/bisect.test.ts.

import { beforeAll, describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { BisectSearch, judgePoint, stepBetween, workloadMismatch } from '../../src/compare/bisect';
import type { MetricComparison } from '../../src/compare/types';
import { emptyMeta, type Run, type Side, type WorkloadInfo } from '../../src/model/run';
import { workloadKey } from '../../src/model/workload-key';
import { simRun } from '../github/alert-history';
import { sideFromRecords, simulatedSide } from '../helpers/tables';
import { baseScenario } from '../../src/sim';
import { scaleSide } from '../helpers/scale';

describe('BisectSearch', () => {
  it('needs a good commit and a later bad one', () => {
    for (const last of [0, -1, Number.NaN])
      expect(() => new BisectSearch(last)).toThrow('a bisect needs a good and a later bad commit');
  });

  it('with one commit after the good one, that commit is the culprit without a run', () => {
    const s = new BisectSearch(1);
    expect(s.next()).toBeUndefined();
    expect(s.range).toEqual({ good: 0, bad: 1 });
    expect(s.culprit).toBe(1);
  });

  it('halves the open range with each answer until one candidate is left', () => {
    const s = new BisectSearch(16);
    expect(s.culprit).toBeUndefined();
    expect(s.next()).toBe(8);
    s.record(8, 'good');
    expect(s.range).toEqual({ good: 8, bad: 16 });
    expect(s.next()).toBe(12);
    s.record(12, 'bad');
    expect(s.next()).toBe(10);
    s.record(10, 'bad');
    expect(s.next()).toBe(9);
    expect(s.culprit).toBeUndefined();
    s.record(9, 'good');
    expect(s.range).toEqual({ good: 9, bad: 10 });
    expect(s.next()).toBeUndefined();
    expect(s.culprit).toBe(10);
  });

  it('refuses an answer for a commit outside the open range, its ends included', () => {
    const s = new BisectSearch(4);
    s.record(2, 'good');
    expect(() => s.record(2, 'bad')).toThrow('commit 2 is outside the open range (2, 4)');
    expect(() => s.record(4, 'good')).toThrow('commit 4 is outside the open range (2, 4)');
    expect(() => s.record(1, 'good')).toThrow(RangeError);
    s.record(3, 'bad');
    expect(s.culprit).toBe(3);
  });
});

describe('workloadMismatch', () => {
  const run = (workload: WorkloadInfo, model = 'llama-8b'): Run => ({
    meta: { ...emptyMeta(), model },
    summaries: [],
    sources: [],
    workload,
  });
  const recorded = { dataset: 'sharegpt', requestRate: 4 };
  const expected = workloadKey(run(recorded));

  it('is empty when every run has the workload (strings compared without case)', () => {
    const side: Side = { label: 'head', runs: [run({ dataset: 'ShareGPT', requestRate: 4 }), run(recorded)] };
    expect(workloadMismatch(expected, side)).toEqual([]);
  });

  it('names each field that differs, or that one side records and the other does not, run by run', () => {
    const side: Side = {
      label: 'head',
      runs: [
        run({ dataset: 'sharegpt', requestRate: 8 }),
        run({ dataset: 'sharegpt' }),
        run({ dataset: 'sharegpt', requestRate: 4, concurrency: 16 }, 'llama-70b'),
      ],
    };
    expect(workloadMismatch(expected, side)).toStrictEqual([
      { field: 'requestRate', expected: 4, found: 8 },
      { field: 'requestRate', expected: 4 },
      { field: 'model', expected: 'llama-8b', found: 'llama-70b' },
      { field: 'concurrency', found: 16 },
    ]);
  });
});

describe('stepBetween and judgePoint (a simulated run, and the same run 30% slower)', () => {
  const config = buildConfig({});
  let good: Side;
  let bad: Side;
  beforeAll(async () => {
    good = await simRun('base', 11, 1000);
    bad = scaleSide(good, 1.3, 'head');
  });

  /** How far an interval lies beyond its minimum effect on the worse side, in minimum effects. */
  const beyond = (m: MetricComparison) =>
    (m.spec.metric.direction === 'lower-is-better' ? m.interval![0] : -m.interval![1]) / m.minEffect;

  it('follows the regressed metric furthest beyond its minimum effect, the failed share aside', () => {
    const step = stepBetween(good, bad, config);
    const regressed = step.metrics.filter((m) => m.verdict === 'regressed' && m.spec.metric.id !== 'failed');
    // ttft p50, e2e p50, itl p50 and throughput (lower when slower, higher-is-better) all regress.
    expect(regressed.length).toBeGreaterThan(2);
    expect(regressed.some((m) => m.spec.metric.direction === 'higher-is-better')).toBe(true);
    const furthest = Math.max(...regressed.map(beyond));
    expect(step.key).toBeDefined();
    expect(beyond(step.comparison!)).toBe(furthest);
    expect(step.comparison!.spec.key).toBe(step.key);
    expect(step).toMatchObject({ tooClose: false });
    expect(step.metrics.map((m) => m.spec.key)).toContain('failed');
  });

  it('a higher-is-better metric furthest beyond is followed: throughput, −12% at least against 5%, before e2e p50 at +17% against 10%', () => {
    const config2 = buildConfig({ metrics: ['throughput', 'e2e p50'], minEffect: ['e2e p50=10%'] });
    const step = stepBetween(good, bad, config2);
    expect(step.metrics.filter((m) => m.verdict === 'regressed').map((m) => m.spec.key)).toEqual([
      'e2e.p50',
      'throughput',
    ]);
    expect(step.key).toBe('throughput');
  });

  it('a metric with no minimum effect has no distance beyond it, so one with a minimum effect is followed', () => {
    const config2 = buildConfig({ metrics: ['itl p50', 'e2e p50'], minEffect: ['itl p50=0%'] });
    const step = stepBetween(good, bad, config2);
    expect(step.metrics.find((m) => m.spec.key === 'itl.p50')!.verdict).toBe('regressed');
    expect(step.key).toBe('e2e.p50');
  });

  it('the failed share is never the metric followed, however far it moved', async () => {
    const failing = await simulatedSide('head', {
      ...baseScenario(11, 1000),
      failures: { share: 0.4, error: 'HTTP 503' },
    });
    const step = stepBetween(good, failing, config);
    expect(step.metrics.find((m) => m.spec.key === 'failed')!.verdict).toBe('regressed');
    expect(step.key).toBe('throughput');
  });

  it('a point is judged on the metric followed, even one the catalog lists after the failed share', () => {
    const p = judgePoint(good, scaleSide(good, 1.3, 'head'), bad, config, 'queue_wait.p50');
    expect(p.vsGood?.spec.key).toBe('queue_wait.p50');
    expect(p.vsBad?.spec.key).toBe('queue_wait.p50');
    expect(p.verdict).toBe('bad');
  });

  it('a metric named is followed even when another moved further', () => {
    const step = stepBetween(good, bad, config, 'throughput');
    expect(step).toMatchObject({ key: 'throughput', tooClose: false });
    expect(step.comparison).toMatchObject({ verdict: 'regressed' });
    expect(step.metrics.map((m) => m.spec.key)).toEqual(['throughput', 'failed']);
  });

  it('a run against itself has no step: too close, no metric followed unless one was named', () => {
    const same = stepBetween(good, { label: 'head', runs: good.runs }, config);
    expect(same.tooClose).toBe(true);
    expect(same.key).toBeUndefined();
    expect(same.comparison).toBeUndefined();
    expect(same.metrics.length).toBeGreaterThan(2);
    const named = stepBetween(good, { label: 'head', runs: good.runs }, config, 'ttft p50');
    expect(named).toMatchObject({ key: 'ttft.p50', tooClose: true });
    expect(named.comparison?.verdict).not.toBe('regressed');
  });

  it('a named key that is not a metric is an error naming it', () => {
    expect(() => stepBetween(good, bad, config, 'no_such_metric p50')).toThrow(/^"no_such_metric p50": /);
  });

  it('a point like the bad end is bad, like the good end good, in between unclear, and past the bad end bad', () => {
    const key = 'itl.p50';
    const atBad = judgePoint(good, scaleSide(good, 1.3, 'head'), bad, config, key);
    expect(atBad).toMatchObject({ verdict: 'bad', vsGood: { verdict: 'regressed' } });
    expect(atBad.vsBad?.verdict).not.toBe('regressed');
    const atGood = judgePoint(good, { label: 'head', runs: good.runs }, bad, config, key);
    expect(atGood).toMatchObject({ verdict: 'good', vsBad: { verdict: 'regressed' } });
    expect(atGood.vsGood?.verdict).not.toBe('regressed');
    expect(atGood.vsGood?.spec.key).toBe(key);
    expect(judgePoint(good, scaleSide(good, 1.14, 'head'), bad, config, key).verdict).toBe('unclear');
    // 60% slower: regressed from the good end, and the bad end is an improvement on it, not a regression.
    expect(judgePoint(good, scaleSide(good, 1.6, 'head'), bad, config, key)).toMatchObject({
      verdict: 'bad',
      vsBad: { verdict: 'improved' },
    });
  });
});

describe('stepBetween with a metric named (small hand-made sides)', () => {
  // 40 requests, TTFT 100–109 ms and e2e 1 s; the bad end 30% slower. No queue wait recorded.
  const rows = (factor: number) =>
    Array.from({ length: 40 }, (_, i) => ({
      request_id: `r${i}`,
      first_token_ms: (100 + (i % 10)) * factor,
      total_ms: 1000 * factor,
    }));
  const config = buildConfig({});

  it('a named metric the data does not have: too close, the name kept, no comparison to follow', async () => {
    const good = await sideFromRecords('base', rows(1));
    const bad = await sideFromRecords('head', rows(1.3));
    const step = stepBetween(good, bad, config, 'queue_wait p50');
    expect(step).toStrictEqual({ key: 'queue_wait.p50', tooClose: true, metrics: step.metrics });
    expect(step.metrics.find((m) => m.spec.key === 'queue_wait.p50')).toMatchObject({
      verdict: 'inconclusive',
      reason: { code: 'not-computable' },
    });
  });

  it('only the metric named is judged (and the failed share): the tools’ summaries do not join it', async () => {
    // Both ends carry a tool's p99 TTFT, which a comparison without named metrics would judge too.
    const withSummary = (side: Side, value: number): Side => ({
      ...side,
      runs: side.runs.map((r) => ({ ...r, summaries: [{ metric: 'ttft', stat: 'p99', value }] })),
    });
    const good = withSummary(await sideFromRecords('base', rows(1)), 109);
    const bad = withSummary(await sideFromRecords('head', rows(1.3)), 141.7);
    expect(stepBetween(good, bad, config).metrics.map((m) => m.spec.key)).toContain('ttft.p99');
    const step = stepBetween(good, bad, config, 'ttft p50');
    expect(step.metrics.map((m) => m.spec.key)).toEqual(['ttft.p50', 'failed']);
    expect(step.comparison).toMatchObject({ origin: 'named', verdict: 'regressed' });
    expect(step.key).toBe('ttft.p50');
  });
});
