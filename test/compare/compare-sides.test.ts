// compareSides (src/compare/compare.ts) on small hand-made sides: constant runs, whose bootstrap
// replicates are all the point, so the intervals, p-values and family level are worked out by hand;
// the reasons a metric is shown and not judged; tool summaries; the failed share; SLO statuses.
// Each test compares a few hundred requests at most, in milliseconds (the triage tests and goldens
// cover the same code with whole simulated runs).
import { describe, expect, it } from 'vitest';
import { buildConfig, type TriageConfig } from '../../src/config/config';
import { compareSides, MEASURED_NOISE_RUNS, statisticOf, timerFloor, TIMER_FLOOR_MS } from '../../src/compare/compare';
import { failedDifferenceAt, failedShareAt, failureCounts } from '../../src/compare/failures';
import { customMetric, METRICS } from '../../src/metrics/catalog';
import { makeSpec, MEAN, percentile, type MetricSpec } from '../../src/metrics/metric-spec';
import { optimalBlockLength } from '../../src/stats/block-length';
import { MAX_BLOCKS_PER_RUN } from '../../src/stats/block-bootstrap';
import { emptyMeta, type Run, type Side, type SummaryValue } from '../../src/model/run';
import { runFromRecords } from '../helpers/tables';

/** One run of `values.length` requests a second apart: first_token_ms = value, total_ms = value + 100. */
function run(values: number[], extra: (i: number) => Record<string, unknown> = () => ({})): Promise<Run> {
  return runFromRecords(
    values.map((v, i) => ({ request_id: `r${i}`, arrival_ts: i, first_token_ms: v, total_ms: v + 100, ...extra(i) })),
  );
}
const constant = (n: number, v: number) => Array.from({ length: n }, () => v);
const side = (label: Side['label'], runs: Run[]): Side => ({ label, runs });
async function sides(base: number[][], head: number[][]): Promise<[Side, Side]> {
  return [
    side('base', await Promise.all(base.map((v) => run(v)))),
    side('head', await Promise.all(head.map((v) => run(v)))),
  ];
}
/** A run with only a tool's summaries (no per-request rows), as a bench tool's JSON gives. */
function summaryRun(summaries: SummaryValue[], format = 'vllm-bench-serve'): Run {
  const source = { file: 'bench.json', format, recordsRead: 1, recordsKept: 1, skipped: 0, issues: [], warnings: [] };
  return { meta: emptyMeta(), summaries, sources: [source] };
}
const find = (result: ReturnType<typeof compareSides>, key: string) => {
  const m = result.metrics.find((x) => x.spec.key === key);
  if (!m) throw new Error(`no ${key} in ${result.metrics.map((x) => x.spec.key).join(', ')}`);
  return m;
};
const withStats = (config: TriageConfig, statistics: Partial<TriageConfig['statistics']>): TriageConfig => ({
  ...config,
  statistics: { ...config.statistics, ...statistics },
});

describe('compareSides on constant runs', () => {
  it('three runs a side: noise measured (0), every replicate the point, the family level 1 − α/2', async () => {
    const [base, head] = await sides(
      [constant(40, 100), constant(40, 100), constant(40, 100)],
      [constant(40, 120), constant(40, 120), constant(40, 120)],
    );
    expect(MEASURED_NOISE_RUNS).toBe(3);
    const config = buildConfig({ metrics: ['ttft p50'], resamples: '200' });
    const result = compareSides(base, head, config);
    // The failed share is always compared, after the named metrics.
    expect(result.metrics.map((m) => m.spec.key)).toEqual(['ttft.p50', 'failed']);
    expect(result.notInData).toEqual([]);
    // Two judged (ttft and the failed share), one beyond its minimum effect: R = 1, level 1 − 1·0.05/2.
    expect(result.family).toEqual({ level: 0.975, size: 2 });
    const ttft = find(result, 'ttft.p50');
    expect(ttft.verdict).toBe('regressed');
    expect(ttft.reason).toEqual({ code: 'beyond-min-effect', direction: 'worse' });
    expect(ttft.origin).toBe('named');
    expect(ttft.difference).toBe(20);
    expect(ttft.change).toBeCloseTo(0.2, 12);
    expect(ttft.interval![0]).toBeCloseTo(0.2, 12);
    expect(ttft.interval![1]).toBeCloseTo(0.2, 12);
    expect(ttft.intervalKind).toBe('relative');
    expect(ttft.intervalLevel).toBe(0.975);
    // At the configured level alone the verdict is the same; the interval too (every replicate 0.2).
    expect(ttft.uncorrected!.verdict).toBe('regressed');
    expect(ttft.uncorrected!.interval[0]).toBeCloseTo(0.2, 12);
    // Every one of the 200 replicates is above the 5% margin: p = 2·(0 + 1)/(200 + 1).
    expect(ttft.pValue).toBeCloseTo(2 / 201, 15);
    expect(ttft.minEffect).toBe(0.05);
    expect(ttft.runNoise).toEqual({ base: 0, head: 0 });
    expect(ttft.basis).toBeUndefined();
    expect(ttft.base).toMatchObject({ value: 100, interval: [100, 100], count: 120, perRun: [100, 100, 100] });
    expect(ttft.head).toMatchObject({ value: 120, interval: [120, 120], count: 120, perRun: [120, 120, 120] });
    expect(ttft.base!.blockLengths).toHaveLength(3);
    expect(ttft.slos).toEqual([]);
  });
});

describe('compareSides: what each metric is judged on', () => {
  it('one or two runs a side: the run-noise allowance, and each run’s own value', async () => {
    const spread = Array.from({ length: 40 }, (_, i) => i + 1); // p50 = 20.5
    const [base, head] = await sides([spread], [spread.map((v) => v + 40), spread.map((v) => v + 80)]);
    const config = buildConfig({ metrics: ['ttft p50', 'e2e mean'], runNoise: ['ttft p50=3%'], resamples: '200' });
    const result = compareSides(base, head, config);
    const ttft = find(result, 'ttft.p50');
    // The team's band for ttft p50; the default 2.5% for a mean (fewer than 3 runs on either side).
    expect(ttft.runNoise).toEqual({ base: 0.03, head: 0.03 });
    expect(find(result, 'e2e.mean').runNoise).toEqual({ base: 0.025, head: 0.025 });
    // One run: its value is the side's; two runs: each run's own p50 (60.5 and 100.5) and mean (160.5, 200.5).
    expect(ttft.base).toMatchObject({ value: 20.5, count: 40, perRun: [20.5] });
    expect(ttft.head).toMatchObject({ value: 80.5, count: 80, perRun: [60.5, 100.5] });
    expect(find(result, 'e2e.mean').head).toMatchObject({ value: 180.5, perRun: [160.5, 200.5] });
    // e2e is its own series, not ttft's (one series is kept per side, by column).
    expect(find(result, 'e2e.mean').base!.value).toBe(120.5);
  });

  it('a zero base: the interval is on the difference, with the timer floor as the minimum effect', async () => {
    const [base, head] = await sides(
      [constant(40, 0), constant(40, 0), constant(40, 0)],
      [constant(40, 2), constant(40, 2), constant(40, 2)],
    );
    const config = buildConfig({ metrics: ['ttft p50'], resamples: '200' });
    const ttft = find(compareSides(base, head, config), 'ttft.p50');
    expect(ttft.change).toBeNull();
    expect(ttft.difference).toBe(2);
    expect(ttft.intervalKind).toBe('absolute');
    expect(ttft.interval).toEqual([2, 2]);
    expect(ttft.minEffect).toBe(TIMER_FLOOR_MS);
    expect(ttft.verdict).toBe('regressed');
    // Every difference of 2 ms is beyond the 0.5 ms margin.
    expect(ttft.pValue).toBeCloseTo(2 / 201, 15);
  });

  it('a zero base with a change under the timer floor: not decided', async () => {
    const [base, head] = await sides(
      [constant(40, 0), constant(40, 0), constant(40, 0)],
      [constant(40, 0.25), constant(40, 0.25), constant(40, 0.25)],
    );
    const ttft = find(compareSides(base, head, buildConfig({ metrics: ['ttft p50'], resamples: '200' })), 'ttft.p50');
    expect(ttft.interval).toEqual([0.25, 0.25]);
    expect(ttft.verdict).toBe('unchanged');
  });

  it('the named metrics in report order, the failed share once', async () => {
    const [base, head] = await sides([constant(40, 100)], [constant(40, 100)]);
    const result = compareSides(
      base,
      head,
      buildConfig({ metrics: ['queue_wait p50', 'failed', 'e2e p50', 'ttft p50'], resamples: '200' }),
    );
    // The catalog's order: ttft, e2e, …, failed, then the phases. The rows have no queue_wait_ms.
    expect(result.metrics.map((m) => m.spec.key)).toEqual(['ttft.p50', 'e2e.p50', 'failed', 'queue_wait.p50']);
    expect(find(result, 'failed').origin).toBe('named');
  });

  it('the family level: every metric decided is 1 − α; none beyond is 1 − α/m', async () => {
    const fail = (i: number) => (i % 2 === 0 ? { error: 'HTTP 500' } : {});
    const base = side('base', await Promise.all([0, 1, 2].map(() => run(constant(80, 100)))));
    const head = side('head', await Promise.all([0, 1, 2].map(() => run(constant(80, 150), fail))));
    const config = buildConfig({ metrics: ['ttft p50'], resamples: '200' });
    const both = compareSides(base, head, config);
    // Half the head's requests failed (0 → 50%), and its 120 successful ones are 50% slower: R = m = 2.
    expect(both.family).toEqual({ level: 0.95, size: 2 });
    expect(find(both, 'failed').verdict).toBe('regressed');
    const ttft = find(both, 'ttft.p50');
    expect(ttft.verdict).toBe('regressed');
    expect(ttft.head!.count).toBe(120);
    // At the configured level there is nothing to show beside it.
    expect('uncorrected' in ttft).toBe(false);

    const same = compareSides(base, { ...base, label: 'head' }, config);
    // Nothing beyond: R = 0, both at 1 − 0.05/2; ttft unchanged, its interval [0, 0].
    expect(same.family).toEqual({ level: 0.975, size: 2 });
    expect(find(same, 'ttft.p50').verdict).toBe('unchanged');
    expect(find(same, 'ttft.p50').uncorrected).toEqual({ interval: [0, 0], verdict: 'unchanged' });
  });
});

describe('compareSides: the failed share', () => {
  it('rows with an error: Newcombe on the difference, Wilson on each side, no p-value and no allowance', async () => {
    const fail = (k: number) => (i: number) => (i < k ? { error: 'HTTP 503' } : {});
    const base = side('base', [await run(constant(100, 50), fail(2))]);
    const head = side('head', [await run(constant(100, 50), fail(12))]);
    const config = buildConfig({ metrics: ['failed'] });
    const result = compareSides(base, head, config);
    // One metric: its level is the configured one.
    expect(result.family).toEqual({ level: 0.95, size: 1 });
    const failed = find(result, 'failed');
    const b = failureCounts(base)!;
    const h = failureCounts(head)!;
    expect(failed.basis).toEqual({ kind: 'failure-rows' });
    expect(failed.difference).toBeCloseTo(0.1, 15);
    expect(failed.change).toBeNull();
    expect(failed.intervalKind).toBe('absolute');
    expect(failed.interval).toEqual(failedDifferenceAt(b, h, 0.95));
    expect(failed.minEffect).toBe(0.01);
    expect(failed.base).toEqual({
      value: 0.02,
      interval: failedShareAt(b, 0.95),
      count: 100,
      perRun: [0.02],
      blockLengths: [],
    });
    expect(failed.head).toEqual({
      value: 0.12,
      interval: failedShareAt(h, 0.95),
      count: 100,
      perRun: [0.12],
      blockLengths: [],
    });
    expect(Object.keys(failed)).not.toContain('pValue');
    expect(Object.keys(failed)).not.toContain('runNoise');
    expect(Object.keys(failed)).not.toContain('uncorrected');
  });

  it('a tool’s counts on either side make the basis counted; the team’s minimum effect', async () => {
    const base = side('base', [await run(constant(100, 50))]);
    const counted = await run(constant(100, 50));
    const head = side('head', [{ ...counted, workload: { requests: 200, failed: 10 } }]);
    const config = buildConfig({ metrics: ['failed'], minEffect: ['failed=2%'] });
    const failed = find(compareSides(base, head, config), 'failed');
    expect(failed.basis).toEqual({ kind: 'failure-counts' });
    expect(failed.minEffect).toBe(0.02);
    expect(failed.head!.value).toBe(0.05);
    expect(failed.head!.count).toBe(200);
    expect(find(compareSides(head, base, config), 'failed').basis).toEqual({ kind: 'failure-counts' });
  });

  it('a side that cannot say how many failed: named, undecided; by default, listed as not in the data', async () => {
    const rows = side('base', [await run(constant(40, 50))]);
    const summary = side('head', [summaryRun([{ metric: 'ttft', stat: 'p50', value: 50 }])]);
    const named = find(compareSides(rows, summary, buildConfig({ metrics: ['failed'] })), 'failed');
    expect(named.verdict).toBe('inconclusive');
    expect(named.reason).toEqual({ code: 'not-computable', side: 'head', missing: 'a count of failed requests' });
    const other = find(
      compareSides({ ...summary, label: 'base' }, { ...rows, label: 'head' }, buildConfig({ metrics: ['failed'] })),
      'failed',
    );
    expect(other.reason).toEqual({ code: 'not-computable', side: 'base', missing: 'a count of failed requests' });

    const quiet = compareSides(rows, summary, buildConfig({ metrics: ['ttft p50'] }));
    expect(quiet.notInData).toEqual([
      { key: 'failed', reason: 'head: the data does not say how many requests failed' },
    ]);
    expect(quiet.metrics.map((m) => m.spec.key)).toEqual(['ttft.p50']);
    const quietBase = compareSides(
      { ...summary, label: 'base' },
      { ...rows, label: 'head' },
      buildConfig({ metrics: ['ttft p50'] }),
    );
    expect(quietBase.notInData).toEqual([
      { key: 'failed', reason: 'baseline: the data does not say how many requests failed' },
    ]);
  });
});

describe('compareSides: shown, not judged', () => {
  it('fewer values than the statistic needs: 20 for a median or mean, 10 beyond a percentile, summed over runs', async () => {
    // No between-run allowance: a judged metric of constant runs is unchanged.
    const config = buildConfig({
      metrics: ['ttft p95', 'ttft p90', 'e2e mean'],
      runNoise: ['ttft p95=0', 'ttft p90=0', 'e2e mean=0'],
      resamples: '200',
    });
    const at = async (b: number[], h: number[]) => {
      const [base, head] = await sides(
        b.map((n) => constant(n, 100)),
        h.map((n) => constant(n, 100)),
      );
      return compareSides(base, head, config);
    };
    // p95: 10 / 0.05 = 200 values; p90: 10 / 0.1 = 100 (not 101: 1 − 0.9 is 0.09999999999999998).
    const short = await at([199], [200]);
    expect(find(short, 'ttft.p95').reason).toEqual({ code: 'too-few-values', needed: 200, base: 199, head: 200 });
    expect(find(short, 'ttft.p95').verdict).toBe('inconclusive');
    expect('basis' in find(short, 'ttft.p95')).toBe(false);
    expect(find(short, 'ttft.p90').verdict).toBe('unchanged');
    expect(find(await at([200], [199]), 'ttft.p95').reason).toEqual({
      code: 'too-few-values',
      needed: 200,
      base: 200,
      head: 199,
    });
    // Exactly enough on both sides, over two runs of 100: judged.
    expect(find(await at([100, 100], [200]), 'ttft.p95').verdict).toBe('unchanged');
    const hundred = await at([100], [100]);
    expect(find(hundred, 'ttft.p90').verdict).toBe('unchanged');
    expect(find(hundred, 'ttft.p95').reason).toMatchObject({ code: 'too-few-values', needed: 200 });
    const twenty = await at([20], [19]);
    expect(find(twenty, 'e2e.mean').reason).toEqual({ code: 'too-few-values', needed: 20, base: 20, head: 19 });
    expect(find(await at([20], [20]), 'e2e.mean').verdict).toBe('unchanged');
  });

  it('ITL p99 from per-request summaries is a median over requests: 20 values are enough', async () => {
    const itl = (n: number, p99: number) => run(constant(n, 100), () => ({ itl_p50_ms: 10, itl_p99_ms: p99 }));
    const config = buildConfig({
      metrics: ['itl p50', 'itl p99'],
      runNoise: ['itl p99=0', 'itl p50=0'],
      resamples: '200',
    });
    const result = compareSides(side('base', [await itl(20, 30)]), side('head', [await itl(20, 36)]), config);
    const p99 = find(result, 'itl.p99');
    expect(p99.basis).toEqual({ kind: 'request-median', field: 'itl_p99_ms' });
    expect(p99.base!.value).toBe(30);
    expect(p99.head!.value).toBe(36);
    expect(p99.verdict).toBe('regressed');
    // p50 reads its own column (10 on both sides), not p99's.
    expect(find(result, 'itl.p50').base!.value).toBe(10);
    expect(find(result, 'itl.p50').verdict).toBe('unchanged');
    const short = compareSides(side('base', [await itl(19, 30)]), side('head', [await itl(20, 36)]), config);
    expect(find(short, 'itl.p99').reason).toEqual({ code: 'too-few-values', needed: 20, base: 19, head: 20 });
    expect(find(short, 'itl.p99').basis).toEqual({ kind: 'request-median', field: 'itl_p99_ms' });
  });

  it('ITL from every token gap on one side and from per-request fields on the other: different bases', async () => {
    const fields = await run(constant(20, 100), () => ({ itl_p50_ms: 10 }));
    const plain = await run(constant(20, 100));
    const gaps = {
      ...plain,
      requests: {
        ...plain.requests!,
        tokenGaps: {
          offsets: Uint32Array.from({ length: 21 }, (_, i) => 2 * i),
          values: Float64Array.from({ length: 40 }, () => 10),
        },
      },
    };
    const config = buildConfig({ metrics: ['itl p50'], runNoise: ['itl p50=0'], resamples: '200' });
    const m = find(compareSides(side('base', [fields]), side('head', [gaps]), config), 'itl.p50');
    expect(m.verdict).toBe('inconclusive');
    expect(m.reason).toEqual({
      code: 'different-basis',
      base: 'median over requests of itl_p50_ms',
      head: 'pooled token gaps',
    });
    // Two runs of one side measured differently: that side cannot give the series.
    const mixed = find(compareSides(side('base', [fields, gaps]), side('head', [gaps]), config), 'itl.p50');
    expect(mixed.reason).toEqual({
      code: 'not-computable',
      side: 'base',
      missing: 'its runs measure itl differently (median over requests of itl_p50_ms vs pooled token gaps)',
    });
    // Gaps on both sides: judged on the pooled gaps.
    const pooled = find(compareSides(side('base', [gaps]), side('head', [gaps]), config), 'itl.p50');
    expect(pooled.basis).toEqual({ kind: 'pooled-gaps' });
    expect(pooled.base!.count).toBe(40);
    expect(pooled.verdict).toBe('unchanged');
  });

  it('a metric withheld by the context, or queue-bound while both sides are overloaded: values shown, not judged', async () => {
    const spread = Array.from({ length: 40 }, (_, i) => i + 1);
    const [base, head] = await sides([spread, spread.map((v) => v + 40)], [spread.map((v) => v + 10)]);
    const config = buildConfig({
      metrics: ['ttft p50', 'e2e p50', 'itl p50'],
      slos: ['ttft p50 < 40ms'],
      resamples: '200',
    });
    const withheld = (spec: MetricSpec) =>
      spec.key === 'e2e.p50' ? { code: 'not-judged-streaming' as const } : undefined;
    const result = compareSides(base, head, config, { withheld });
    const e2e = find(result, 'e2e.p50');
    expect(e2e.verdict).toBe('inconclusive');
    expect(e2e.reason).toEqual({ code: 'not-judged-streaming' });
    expect(find(result, 'ttft.p50').reason.code).not.toBe('not-judged-overloaded');

    const overloaded = compareSides(base, head, config, { bothOverloaded: true });
    const ttft = find(overloaded, 'ttft.p50');
    expect(ttft.verdict).toBe('inconclusive');
    expect(ttft.reason).toEqual({ code: 'not-judged-overloaded' });
    // The point values: base pooled over its 80 requests (40.5), each run's own p50 (20.5, 60.5).
    expect(ttft.base).toEqual({
      value: 40.5,
      interval: [40.5, 40.5],
      count: 80,
      perRun: [20.5, 60.5],
      blockLengths: [],
    });
    expect(ttft.head).toEqual({ value: 30.5, interval: [30.5, 30.5], count: 40, perRun: [30.5], blockLengths: [] });
    expect(ttft.difference).toBe(-10);
    expect(ttft.change).toBeCloseTo(30.5 / 40.5 - 1, 15);
    expect(ttft.minEffect).toBe(0.05);
    expect(ttft.interval).toBeUndefined();
    // The SLO on the point values; no interval, so never marginal.
    expect(ttft.slos).toEqual([{ slo: config.slos[0], baseMet: false, headMet: true, marginal: false }]);
    expect(find(overloaded, 'e2e.p50').reason.code).toBe('not-judged-overloaded');
  });
});

describe('compareSides: tool summaries', () => {
  const ttft = (value: number, field?: string): SummaryValue => ({
    metric: 'ttft',
    stat: 'p50',
    value,
    ...(field ? { field } : {}),
  });

  it('one summary a side and no band: the point change, shown, with the files’ formats', async () => {
    const base = side('base', [summaryRun([ttft(100, 'median_ttft_ms')], 'vllm-bench-serve')]);
    const head = side('head', [
      summaryRun([ttft(120, 'median_ttft_ms')], 'vllm-bench-serve'),
      summaryRun([ttft(130, 'median_ttft_ms')], 'sglang-bench'),
    ]);
    const config = buildConfig({ metrics: ['ttft p50'], slos: ['ttft p50 < 110ms'] });
    const m = find(compareSides(base, head, config), 'ttft.p50');
    expect(m.verdict).toBe('inconclusive');
    expect(m.reason).toEqual({
      code: 'summary-only',
      baseRuns: 1,
      headRuns: 2,
      formats: ['vllm-bench-serve', 'sglang-bench'],
    });
    expect(m.basis).toEqual({ kind: 'summary', fields: ['median_ttft_ms'] });
    // The head's two summaries are its runs' values; its value is their mean.
    expect(m.base).toEqual({ value: 100, interval: [100, 100], count: 1, perRun: [100], blockLengths: [] });
    expect(m.head).toEqual({ value: 125, interval: [125, 125], count: 2, perRun: [120, 130], blockLengths: [] });
    expect(m.difference).toBe(25);
    expect(m.change).toBeCloseTo(0.25, 15);
    expect(m.slos).toEqual([{ slo: config.slos[0], baseMet: true, headMet: false, marginal: false }]);
  });

  it('a zero base summary has no relative change', async () => {
    const base = side('base', [summaryRun([ttft(0)])]);
    const head = side('head', [summaryRun([ttft(5)])]);
    const m = find(compareSides(base, head, buildConfig({ metrics: ['ttft p50'] })), 'ttft.p50');
    expect(m.change).toBeNull();
    expect(m.difference).toBe(5);
    // A summary without a field name is named by its metric and statistic.
    expect(m.basis).toEqual({ kind: 'summary', fields: ['ttft p50'] });
  });

  it('with the team’s band (or three runs a side) a summary is judged, one value a run, blocks of one', async () => {
    const base = side('base', [summaryRun([ttft(100, 'median_ttft_ms')])]);
    const head = side('head', [summaryRun([ttft(120, 'p50_ttft')])]);
    const config = buildConfig({ metrics: ['ttft p50'], runNoise: ['ttft p50=0'], resamples: '200' });
    const m = find(compareSides(base, head, config), 'ttft.p50');
    // Differently named fields are still summaries of the same number; the head's fields are shown.
    expect(m.basis).toEqual({ kind: 'summary', fields: ['p50_ttft'] });
    expect(m.verdict).toBe('regressed');
    expect(m.runNoise).toEqual({ base: 0, head: 0 });
    expect(m.base).toMatchObject({ value: 100, interval: [100, 100], count: 1, perRun: [100], blockLengths: [1] });

    const three = (v: number) => [0, 1, 2].map(() => summaryRun([ttft(v)]));
    const measured = find(
      compareSides(
        side('base', three(100)),
        side('head', three(120)),
        buildConfig({ metrics: ['ttft p50'], resamples: '200' }),
      ),
      'ttft.p50',
    );
    expect(measured.runNoise).toEqual({ base: 0, head: 0 });
    expect(measured.verdict).toBe('regressed');
    expect(measured.head).toMatchObject({ perRun: [120, 120, 120], blockLengths: [1, 1, 1] });
  });

  it('both sides overloaded: a summary is not queue-bound (it is judged with a band)', async () => {
    const base = side('base', [summaryRun([ttft(100)])]);
    const head = side('head', [summaryRun([ttft(120)])]);
    const config = buildConfig({ metrics: ['ttft p50'], runNoise: ['ttft p50=0'], resamples: '200' });
    expect(find(compareSides(base, head, config, { bothOverloaded: true }), 'ttft.p50').verdict).toBe('regressed');
  });

  it('rows on one side only: both sides’ summaries when both have one, else not computable', async () => {
    const rows = await run(constant(40, 50));
    const both = { ...rows, summaries: [ttft(100)] };
    const head = side('head', [summaryRun([ttft(120)])]);
    const config = buildConfig({ metrics: ['ttft p50'], runNoise: ['ttft p50=0'], resamples: '200' });
    const m = find(compareSides(side('base', [both]), head, config), 'ttft.p50');
    expect(m.base!.value).toBe(100);
    expect(m.head!.value).toBe(120);
    // Rows without a summary on the base: the head has no per-request records.
    const missing = find(compareSides(side('base', [rows]), head, config), 'ttft.p50');
    expect(missing.reason).toEqual({ code: 'not-computable', side: 'head', missing: 'has no per-request records' });
    const other = find(compareSides({ ...head, label: 'base' }, side('head', [rows]), config), 'ttft.p50');
    expect(other.reason).toEqual({ code: 'not-computable', side: 'base', missing: 'has no per-request records' });
    // A rate's summary is its mean or its value.
    const rate = (value: number): SummaryValue => ({ metric: 'throughput', stat: 'value', value });
    const tput = find(
      compareSides(
        side('base', [summaryRun([rate(1000)])]),
        side('head', [summaryRun([rate(900)])]),
        buildConfig({ metrics: ['throughput'] }),
      ),
      'throughput',
    );
    expect(tput.reason.code).toBe('summary-only');
    expect(tput.change).toBeCloseTo(-0.1, 15);
    expect(tput.basis).toEqual({ kind: 'summary', fields: ['throughput value'] });
  });
});

describe('compareSides: data a side lacks', () => {
  it('a named metric the data lacks is undecided, naming the side; a default one is listed as not in the data', async () => {
    const plain = await run(constant(40, 100));
    const timed = await run(constant(40, 100), () => ({ decode_ms: 90, output_tokens: 10 }));
    const named = buildConfig({ metrics: ['tpot p50'], slos: ['tpot p50 < 20ms'] });
    const headless = find(compareSides(side('base', [timed]), side('head', [plain]), named), 'tpot.p50');
    expect(headless.verdict).toBe('inconclusive');
    expect(headless.reason).toEqual({
      code: 'not-computable',
      side: 'head',
      missing: 'has no decode_ms and output_tokens',
    });
    // The SLO's metric is named by the SLO.
    expect(headless.origin).toBe('slo');
    expect(headless.minEffect).toBe(0.05);
    expect('basis' in headless).toBe(false);
    // No value on either side: the SLO's status is unknown on both, never marginal.
    expect(headless.slos).toEqual([{ slo: named.slos[0], baseMet: null, headMet: null, marginal: false }]);
    const baseless = find(compareSides(side('base', [plain]), side('head', [timed]), named), 'tpot.p50');
    expect(baseless.reason).toEqual({
      code: 'not-computable',
      side: 'base',
      missing: 'has no decode_ms and output_tokens',
    });

    // The defaults: the rows have no client times and no ITL fields, on the base (reported first) or the head.
    const defaults = buildConfig({});
    const quiet = compareSides(side('base', [plain]), side('head', [timed]), defaults);
    expect(quiet.notInData).toContainEqual({
      key: 'ttft_client.p95',
      reason: 'baseline: the data has no client_first_token_ms or network_ms',
    });
    expect(quiet.notInData).toContainEqual({ key: 'itl.p50', reason: 'baseline: the data has no itl_p50_ms' });
    const itl = await run(constant(40, 100), () => ({ itl_p50_ms: 10, itl_p99_ms: 30 }));
    const headQuiet = compareSides(side('base', [itl]), side('head', [plain]), defaults);
    expect(headQuiet.notInData).toContainEqual({ key: 'itl.p99', reason: 'head: the data has no itl_p99_ms' });
    expect(headQuiet.metrics.map((m) => m.spec.key)).not.toContain('itl.p99');
  });

  it('a run without per-request records is left out of a side’s series; the reason is the last run’s', async () => {
    const rows = await run(constant(40, 100), () => ({ decode_ms: 90, output_tokens: 10 }));
    const noRows = summaryRun([]);
    const config = buildConfig({ metrics: ['tpot p50'], runNoise: ['tpot p50=0'], resamples: '200' });
    const m = find(compareSides(side('base', [noRows, rows]), side('head', [rows, noRows]), config), 'tpot.p50');
    expect(m.base!.count).toBe(40);
    expect(m.base!.value).toBe(10);
    expect(m.verdict).toBe('unchanged');
    // Of two runs without the fields, the reason given is from the one read last (one token: no TPOT).
    const oneToken = await run(constant(40, 100), () => ({ decode_ms: 90, output_tokens: 1 }));
    const plain = await run(constant(40, 100));
    const why = find(compareSides(side('base', [plain, oneToken]), side('head', [rows]), config), 'tpot.p50');
    expect(why.reason).toEqual({
      code: 'not-computable',
      side: 'base',
      missing: 'no successful request has a value for tpot',
    });
  });

  it('a mean ITL is Σ decode / Σ (tokens − 1) in each run', async () => {
    // Run 1: decode 90 ms over 10 tokens (9 gaps) → 10 ms; run 2: 190 ms over 20 tokens → 10 ms, and 30 / 3 → 10.
    const a = await run(constant(20, 100), () => ({ decode_ms: 90, output_tokens: 10 }));
    const b = await run(constant(20, 100), (i) =>
      i % 2 ? { decode_ms: 190, output_tokens: 20 } : { decode_ms: 30, output_tokens: 4 },
    );
    const config = buildConfig({ metrics: ['itl mean'], runNoise: ['itl mean=0'], resamples: '200' });
    const m = find(compareSides(side('base', [a, b]), side('head', [a]), config), 'itl.mean');
    expect(m.basis).toEqual({ kind: 'gap-ratio' });
    // Run b: (10 · 190 + 10 · 30) / (10 · 19 + 10 · 3) = 2200 / 220 = 10; the side pooled: 4000 / 400.
    expect(m.base!.perRun[0]).toBeCloseTo(10, 12);
    expect(m.base!.perRun[1]).toBeCloseTo(10, 12);
    expect(m.base!.value).toBeCloseTo(10, 12);
    const c = await run(constant(20, 100), (i) =>
      i % 2 ? { decode_ms: 100, output_tokens: 11 } : { decode_ms: 300, output_tokens: 11 },
    );
    // 10 × 100 + 10 × 300 over 20 × 10 gaps: 20 ms (a mean of ratios would give the same here; see the next).
    const d = await run(constant(20, 100), (i) =>
      i % 2 ? { decode_ms: 100, output_tokens: 2 } : { decode_ms: 300, output_tokens: 101 },
    );
    const ratio = find(compareSides(side('base', [c, d]), side('head', [a]), config), 'itl.mean');
    expect(ratio.base!.perRun[0]).toBeCloseTo(20, 12);
    // (10 · 100 + 10 · 300) / (10 · 1 + 10 · 100) = 4000 / 1010, not the mean of 100 and 3.
    expect(ratio.base!.perRun[1]).toBeCloseTo(4000 / 1010, 12);
  });
});

describe('compareSides: SLOs and the calibration’s scale', () => {
  it('an SLO on each side’s value, marginal when the head’s interval straddles the threshold', async () => {
    // The head alternates 100 and 120 ms: its median resamples to 100, 110 or 120.
    const head = side('head', [await run(Array.from({ length: 40 }, (_, i) => (i % 2 ? 120 : 100)))]);
    const base = side('base', [await run(constant(40, 100))]);
    const config = buildConfig({
      metrics: ['ttft p50'],
      slos: ['ttft p50 < 105ms', 'ttft p50 <= 130ms'],
      resamples: '200',
    });
    const m = find(compareSides(base, head, config), 'ttft.p50');
    expect(m.head!.interval[0]).toBeLessThan(105);
    expect(m.head!.interval[1]).toBeGreaterThan(105);
    expect(m.slos).toEqual([
      { slo: config.slos[0], baseMet: true, headMet: false, marginal: true },
      { slo: config.slos[1], baseMet: true, headMet: true, marginal: false },
    ]);
    expect(m.origin).toBe('slo');
  });

  it('a calibration’s bootstrap scale narrows a one-run side’s replicates around its point', async () => {
    const values = Array.from({ length: 40 }, (_, i) => 100 + ((i * 7) % 40));
    const base = side('base', [await run(values)]);
    const head = side('head', [await run(values.map((v) => v + 10))]);
    const plain = buildConfig({ metrics: ['ttft p50'], runNoise: ['ttft p50=0'], resamples: '200' });
    const at = (config: TriageConfig) => compareSides(base, head, config);
    const wide = find(at(plain), 'ttft.p50');
    // A median of 40 whole numbers is a whole or half number, and the interval's ends are replicates
    // themselves (or between two equal ones), so the transform below applies to them as it does to replicates.
    expect(Number.isInteger(2 * wide.head!.interval[0]) && Number.isInteger(2 * wide.head!.interval[1])).toBe(true);
    expect(wide.head!.interval[1] - wide.head!.interval[0]).toBeGreaterThan(1);
    const half = find(at(withStats(plain, { bootstrapScale: { 'ttft.p50': 0.25 } })), 'ttft.p50');
    const p = wide.head!.value;
    expect(half.head!.value).toBe(p);
    // Each replicate r becomes p·(r/p)^¼; the order is kept, so each end of the interval moves the same way.
    expect(half.head!.interval[0]).toBeCloseTo(p * (wide.head!.interval[0] / p) ** 0.25, 9);
    expect(half.head!.interval[1]).toBeCloseTo(p * (wide.head!.interval[1] / p) ** 0.25, 9);
    expect(half.base!.interval[0]).toBeCloseTo(
      wide.base!.value * (wide.base!.interval[0] / wide.base!.value) ** 0.25,
      9,
    );
    // With three runs a side the spread between runs is measured: the scale is not applied.
    const three = (s: Side) => ({ ...s, runs: [s.runs[0], s.runs[0], s.runs[0]] });
    const scaled = withStats(plain, { bootstrapScale: { 'ttft.p50': 0.25 } });
    expect(find(compareSides(three(base), three(head), scaled), 'ttft.p50').head!.interval).toEqual(
      find(compareSides(three(base), three(head), plain), 'ttft.p50').head!.interval,
    );
  });
});

describe('timerFloor and statisticOf', () => {
  it('the timer floor only for a percentile of a per-request latency (not TPOT, a mean, a rate or a share)', () => {
    expect(timerFloor(makeSpec(METRICS.ttft, percentile(95)))).toBe(0.5);
    expect(timerFloor(makeSpec(METRICS.queue_wait, percentile(50)))).toBe(0.5);
    expect(timerFloor(makeSpec(METRICS.ttft, MEAN))).toBe(0);
    expect(timerFloor(makeSpec(METRICS.tpot, percentile(95)))).toBe(0);
    expect(timerFloor(makeSpec(METRICS.throughput, MEAN))).toBe(0);
    expect(timerFloor(makeSpec(METRICS.failed, MEAN))).toBe(0);
    // A tool's own metric in ms is one run-level number: no single timer reading.
    expect(timerFloor(makeSpec(customMetric('step_ms', 'ms', 'lower-is-better'), MEAN))).toBe(0);
    expect(
      timerFloor(
        makeSpec({ ...customMetric('step_ms', 'ms', 'lower-is-better'), level: 'request' } as never, percentile(95)),
      ),
    ).toBe(0);
  });

  it('statisticOf: the mean, or the quantile at q', () => {
    expect(statisticOf(MEAN)).toEqual({ kind: 'mean' });
    expect(statisticOf(percentile(95))).toEqual({ kind: 'quantile', q: 0.95 });
  });
});

describe('compareSides: more of what is judged and how', () => {
  it('an improvement counts toward the family level as a regression does', async () => {
    const fail = (i: number) => (i % 2 === 0 ? { error: 'HTTP 500' } : {});
    const base = side('base', await Promise.all([0, 1, 2].map(() => run(constant(80, 100)))));
    const head = side('head', await Promise.all([0, 1, 2].map(() => run(constant(80, 50), fail))));
    const result = compareSides(base, head, buildConfig({ metrics: ['ttft p50'], resamples: '200' }));
    expect(find(result, 'ttft.p50').verdict).toBe('improved');
    expect(find(result, 'failed').verdict).toBe('regressed');
    expect(result.family).toEqual({ level: 0.95, size: 2 });
  });

  it('the failed share joins the named metrics in report order, by default origin', async () => {
    const [base, head] = await sides([constant(40, 100)], [constant(40, 100)]);
    const result = compareSides(base, head, buildConfig({ metrics: ['queue_wait p50', 'ttft p50'], resamples: '200' }));
    // Added last, then sorted: before the phases.
    expect(result.metrics.map((m) => m.spec.key)).toEqual(['ttft.p50', 'failed', 'queue_wait.p50']);
    expect(find(result, 'failed').origin).toBe('default');
  });

  it('per-request rows come first: tool summaries are used only when a side has no rows', async () => {
    const withSummary = (r: Run) => ({ ...r, summaries: [{ metric: 'ttft', stat: 'p50', value: 999 }] });
    const base = side('base', [withSummary(await run(constant(40, 100)))]);
    const head = side('head', [withSummary(await run(constant(40, 120)))]);
    const config = buildConfig({ metrics: ['ttft p50'], runNoise: ['ttft p50=0'], resamples: '200' });
    const m = find(compareSides(base, head, config), 'ttft.p50');
    expect(m.base!.value).toBe(100);
    expect(m.head!.value).toBe(120);
    expect(m.basis).toBeUndefined();
  });

  it('per-request runs are resampled in blocks of their own optimal length; summaries one value at a time', async () => {
    // A slow wave: neighbouring requests alike, so blocks longer than one.
    const wave = Array.from({ length: 200 }, (_, i) => 100 + 20 * Math.sin(i / 8));
    const [base, head] = await sides([wave], [wave]);
    const m = find(compareSides(base, head, buildConfig({ metrics: ['ttft p50'], resamples: '200' })), 'ttft.p50');
    const expected = Math.max(
      optimalBlockLength(Float64Array.from(wave), { ranks: true }),
      Math.ceil(200 / MAX_BLOCKS_PER_RUN),
    );
    expect(expected).toBeGreaterThan(1);
    expect(m.base!.blockLengths).toEqual([expected]);
  });

  it('not queue-bound: TPOT is judged while both sides are overloaded', async () => {
    const timed = (i: number) => ({ decode_ms: 90 + (i % 3), output_tokens: 10 });
    const base = side('base', [await run(constant(40, 100), timed)]);
    const head = side('head', [await run(constant(40, 100), timed)]);
    const config = buildConfig({
      metrics: ['tpot p50', 'ttft p50'],
      slos: ['ttft p50 < 200ms'],
      runNoise: ['tpot p50=0'],
      resamples: '200',
    });
    const result = compareSides(base, head, config, { bothOverloaded: true });
    expect(find(result, 'tpot.p50').verdict).toBe('unchanged');
    expect(find(result, 'ttft.p50').reason).toEqual({ code: 'not-judged-overloaded' });
    // An SLO belongs to its own metric only.
    expect(find(result, 'tpot.p50').slos).toEqual([]);
    expect(find(result, 'failed').slos).toEqual([]);
    expect(find(result, 'ttft.p50').slos).toHaveLength(1);
  });

  it('summaries: three runs on one side measure its noise, one on the other has none: shown, not judged', async () => {
    const ttft = (value: number): SummaryValue => ({ metric: 'ttft', stat: 'p50', value });
    const base = side(
      'base',
      [0, 1, 2].map(() => summaryRun([ttft(100)])),
    );
    const head = side('head', [summaryRun([ttft(120)])]);
    const m = find(compareSides(base, head, buildConfig({ metrics: ['ttft p50'] })), 'ttft.p50');
    expect(m.reason).toEqual({ code: 'summary-only', baseRuns: 3, headRuns: 1, formats: ['vllm-bench-serve'] });
    const swapped = find(
      compareSides({ ...head, label: 'base' }, { ...base, label: 'head' }, buildConfig({ metrics: ['ttft p50'] })),
      'ttft.p50',
    );
    expect(swapped.reason).toEqual({ code: 'summary-only', baseRuns: 1, headRuns: 3, formats: ['vllm-bench-serve'] });
  });

  it('summaries: the one for the metric and statistic asked, a rate’s mean', async () => {
    const many: SummaryValue[] = [
      { metric: 'e2e', stat: 'p50', value: 900 },
      { metric: 'ttft', stat: 'p99', value: 500 },
      { metric: 'ttft', stat: 'p50', value: 100, field: 'median_ttft_ms' },
      { metric: 'request_throughput', stat: 'mean', value: 4, field: 'request_throughput' },
    ];
    const config = buildConfig({ metrics: ['ttft p50', 'request_throughput'] });
    const result = compareSides(side('base', [summaryRun(many)]), side('head', [summaryRun(many)]), config);
    expect(find(result, 'ttft.p50').base!.value).toBe(100);
    expect(find(result, 'ttft.p50').basis).toEqual({ kind: 'summary', fields: ['median_ttft_ms'] });
    expect(find(result, 'request_throughput').base!.value).toBe(4);
  });

  it('a rate from rows: requests completed in the steady window over its length', async () => {
    // 40 requests a second apart, each done 0.2 s after it arrives: 39 complete by the last arrival (39 s).
    const r = await run(constant(40, 100), () => ({ decode_ms: 90, output_tokens: 10 }));
    const config = buildConfig({ metrics: ['request_throughput', 'throughput'], resamples: '200' });
    const result = compareSides(side('base', [r, r]), side('head', [r]), config);
    const rate = find(result, 'request_throughput');
    expect(rate.base!.value).toBeCloseTo(1, 12);
    // Each run's own rate, and 20 windows a run (the minimum).
    expect(rate.base!.perRun.map((x) => Number(x.toFixed(12)))).toEqual([1, 1]);
    expect(rate.head!.count).toBe(20);
    // Output tokens: 10 a request over the 39 requests decoded inside the window, 390 / 39 s.
    expect(find(result, 'throughput').head!.value).toBeCloseTo(10, 12);
  });

  it('a side value that is not a number (one output token: no gap) leaves its SLO status unknown', async () => {
    const one = await run(constant(40, 100), () => ({ decode_ms: 90, output_tokens: 1 }));
    const ok = await run(constant(40, 100), () => ({ decode_ms: 90, output_tokens: 10 }));
    const config = buildConfig({ metrics: ['itl mean'], slos: ['itl mean < 50ms'], resamples: '200' });
    const m = find(compareSides(side('base', [one]), side('head', [ok]), config), 'itl.mean');
    expect(m.base!.value).toBeNaN();
    expect(m.slos[0]).toMatchObject({ baseMet: null, headMet: true });
    const swapped = find(compareSides(side('base', [ok]), side('head', [one]), config), 'itl.mean');
    expect(swapped.slos[0]).toMatchObject({ baseMet: true, headMet: null });
  });

  it('undecided by sampling: how many times the requests would decide, and the runs on the side with fewer', async () => {
    // 40 values from 20 to 195.5 ms, shuffled; the head's 10% slower.
    const values = (s: number) => Array.from({ length: 40 }, (_, i) => s * (20 + ((i * 7) % 40) * 4.5));
    const [base, head] = await sides([values(1)], [values(1.1), values(1.1)]);
    // No between-run allowance: the whole half-width is sampling, which shrinks as 1/√n.
    const config = buildConfig({ metrics: ['ttft p50'], runNoise: ['ttft p50=0'], resamples: '200' });
    const m = find(compareSides(base, head, config), 'ttft.p50');
    expect(m.verdict).toBe('inconclusive');
    const [lo, hi] = m.interval!;
    expect(lo).toBeLessThan(0.05);
    // The half-width must fall to the distance between the point (0.1) and the minimum effect (0.05).
    const factor = ((hi - lo) / 2 / Math.abs(m.change! - 0.05)) ** 2;
    expect(factor).toBeGreaterThan(1);
    expect(m.reason).toMatchObject({ runsNeeded: false, runs: 1 });
    expect((m.reason as { requestsFactor: number }).requestsFactor).toBeCloseTo(factor, 9);
  });
});

describe('compareSides: each run’s own value', () => {
  it('is the run’s own percentile (not its mean), judged or shown', async () => {
    // Squares 1, 4, …, 1600: median (20² + 21²)/2 = 420.5, mean 553.5; the second run 100 ms later.
    const squares = Array.from({ length: 40 }, (_, i) => (i + 1) ** 2);
    const [base, head] = await sides([squares, squares.map((v) => v + 100)], [squares]);
    const config = buildConfig({ metrics: ['ttft p50'], resamples: '200' });
    expect(find(compareSides(base, head, config), 'ttft.p50').base!.perRun).toEqual([420.5, 520.5]);
    const shown = find(compareSides(base, head, config, { bothOverloaded: true }), 'ttft.p50');
    expect(shown.reason.code).toBe('not-judged-overloaded');
    expect(shown.base!.perRun).toEqual([420.5, 520.5]);
  });
});
