// Issue 11: the two sides must be the same experiment. On real files: a load change (AIPerf at
// concurrency 2 and 16) is a different operating point, judged only when asked; streaming vs
// non-streaming (GenAI-Perf, perf_analyzer issue #298) judges no token timing; an engine change leads
// the report; and every renderer says it before any verdict.
import { readFileSync } from 'node:fs';
import { reasonText } from '../../src/render/verdict-words';
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import {
  applyComparability,
  batchingTradeoff,
  isTokenTiming,
  notLikeForLike,
  withheldReason,
  type NotLikeForLike,
} from '../../src/diagnose/comparability';
import type { LikeForLike } from '../../src/diagnose/like-for-like';
import { ingestRuns } from '../../src/ingest/ingest';
import { textSource } from '../../src/ingest/source';
import { emptyMeta, type Run, type RunMeta, type Side, type WorkloadInfo } from '../../src/model/run';
import type { KeyValue } from '../../src/model/workload-key';
import { triage } from '../../src/report/triage';
import { renderJson } from '../../src/render/json';
import { renderMarkdown } from '../../src/render/markdown';
import { renderText } from '../../src/render/text';
import { leadFinding, leadMetric } from '../../src/report/lead';
import type { BenchmarkReport } from '../../src/report/model';
import type { MetricComparison, VerdictReason } from '../../src/compare/types';
import { makeSpec, percentile, MEAN } from '../../src/metrics/metric-spec';
import { customMetric, METRICS } from '../../src/metrics/catalog';

async function side(label: Side['label'], file: string): Promise<Side> {
  return { label, runs: await ingestRuns(textSource(file, readFileSync(file, 'utf8')), { maxBadLineRatio: 0.05 }) };
}
const C2 = 'test/fixtures/aiperf/aiperf_0.10.0_concurrency2_profile_export_aiperf.json';
const C16 = 'test/fixtures/aiperf/aiperf_0.10.0_concurrency16_profile_export_aiperf.json';
const STREAM = 'test/fixtures/genai-perf/issue298_streaming_profile_export_genai_perf.json';
const NO_STREAM = 'test/fixtures/genai-perf/issue298_nonstreaming_profile_export_genai_perf.json';
// A noise band makes the summaries decidable, so a verdict could be given; the guards must still hold.
const NOISE = ['ttft p50=5%', 'ttft p95=5%', 'itl p50=5%', 'tpot p50=5%', 'e2e p50=5%', 'e2e p95=5%', 'throughput=5%'];
const METRIC_SET = ['ttft p50', 'itl p50', 'tpot p50', 'e2e p50', 'throughput'];

describe('a load change (AIPerf 0.10, concurrency 2 → 16, real)', () => {
  it('is said first and judged as a different operating point, not a regression', async () => {
    const report = triage(
      await side('base', C2),
      await side('head', C16),
      buildConfig({ metrics: METRIC_SET, runNoise: NOISE }),
    );
    const b = report.benchmarks[0];
    expect(b.notLikeForLike).toEqual([
      { kind: 'load-changed', differences: [{ field: 'concurrency', base: 2, head: 16 }] },
    ]);
    expect(b.caveats[0]).toMatchObject({
      kind: 'load-changed',
      differences: [{ field: 'concurrency', base: 2, head: 16 }],
    });
    expect(b.metrics.map((m) => m.verdict)).toEqual([
      'inconclusive',
      'inconclusive',
      'inconclusive',
      'inconclusive',
      'inconclusive',
    ]);
    expect(b.metrics[0].reason).toEqual({
      code: 'operating-point',
      changes: [{ field: 'concurrency', base: 2, head: 16 }],
    });
    expect(reasonText(b.metrics[0])).toMatch(
      /^a different operating point \(concurrency 2 → 16\), not a measure of the code/,
    );
    // Shown, not judged: the values and the change, without an interval that could contradict the label.
    expect(b.metrics[0].interval).toBeUndefined();
    expect(report.outcome.fail).toBe(false);
    // The batching trade-off: throughput 324 → 1,172 tok/s with ITL p50 5.42 → 9.08 ms as concurrency went 2 → 16.
    const tradeoff = b.caveats.find((c) => c.kind === 'batching-tradeoff')!.tradeoff!;
    expect(tradeoff.throughputChange).toBeCloseTo(1172.145991694937 / 324.31424631925347 - 1, 12);
    expect(tradeoff.tokenMetric).toBe('itl.p50');
    expect(tradeoff.tokenChange).toBeCloseTo(9.08178129458742 / 5.415598543623576 - 1, 12);
    expect(tradeoff.batch).toEqual({ base: 2, head: 16, source: 'declared concurrency' });
  });

  it('with compare-across-load the metrics are judged, and the caveat says they were judged anyway', async () => {
    const report = triage(
      await side('base', C2),
      await side('head', C16),
      buildConfig({ metrics: METRIC_SET, runNoise: NOISE, compareAcrossLoad: 'true' }),
    );
    const b = report.benchmarks[0];
    expect(b.metrics.find((m) => m.spec.key === 'ttft.p50')?.verdict).toBe('regressed');
    expect(b.notLikeForLike[0].judgedAnyway).toBe(true);
    expect(renderText(report)).toMatch(/the metrics are judged anyway, as asked \(compare-across-load\)/);
  });

  it('every renderer says it before any verdict', async () => {
    const report = triage(
      await side('base', C2),
      await side('head', C16),
      buildConfig({ metrics: METRIC_SET, runNoise: NOISE }),
    );
    expect(renderText(report).split('\n')[0]).toMatch(/^NOT LIKE-FOR-LIKE \(concurrency 2 → 16\) · INCONCLUSIVE /);
    expect(renderMarkdown(report).split('\n')[0]).toMatch(/^### ⚠️ Not like-for-like \(concurrency 2 → 16\) · 🟡 /);
    const json = renderJson(report);
    expect(json.indexOf('"notLikeForLike"')).toBeLessThan(
      json.indexOf('"verdict": "inconclusive"', json.indexOf('"benchmarks"')),
    );
  });
});

describe('streaming vs non-streaming (GenAI-Perf, real): no token timing is judged', () => {
  it('TTFT (the whole response without streaming) leaves the judged set; E2E and throughput stay', async () => {
    const report = triage(await side('base', STREAM), await side('head', NO_STREAM), buildConfig({ runNoise: NOISE }));
    const b = report.benchmarks[0];
    expect(b.caveats[0]).toMatchObject({
      kind: 'streaming-changed',
      differences: [{ field: 'streaming', base: true, head: false }],
    });
    expect(b.metrics.filter((m) => isTokenTiming(m.spec))).toEqual([]);
    expect(b.notJudged.map((n) => n.comparison.spec.key)).toEqual(['ttft.p50', 'ttft.p90', 'ttft.p95', 'ttft.p99']);
    // 173 ms → 4,356 ms would read as a +2,400% "regression"; it is shown, not judged.
    expect(b.notJudged[0].comparison.base?.value).toBeCloseTo(172.8, 0);
    expect(b.metrics.some((m) => m.spec.metric.id === 'e2e')).toBe(true);
    expect(renderText(report)).toMatch(/not judged across streaming modes: TTFT p50 173 ms → 4,356 ms/);
  });
});

describe('an engine change leads the report', () => {
  it('vLLM (synthetic, documented keys) vs an SGLang run of the same workload (real line): engine-changed first', async () => {
    const report = triage(
      await side('base', 'test/fixtures/vllm/synthetic_llama_3_3_70b_rate8_vs_sglang.json'),
      await side('head', 'test/fixtures/sglang/h200_llama_3_3_70b_online_rate8_line4.jsonl'),
      buildConfig({}),
    );
    const b = report.benchmarks[0];
    expect(b.notLikeForLike).toEqual([
      { kind: 'engine-changed', differences: [{ field: 'engine', base: 'vllm', head: 'sglang' }] },
    ]);
    expect(b.caveats[0].kind).toBe('engine-changed');
    expect(renderText(report).split('\n')[0]).toMatch(/^NOT LIKE-FOR-LIKE \(engine vllm → sglang\)/);
    expect(renderMarkdown(report)).toMatch(/^### ⚠️ Not like-for-like \(engine vllm → sglang\)/);
  });

  it('the same file against itself is like for like, and nothing regresses', async () => {
    const s = await side('base', C2);
    expect(notLikeForLike(s, { ...s, label: 'head' })).toEqual([]);
    const report = triage(s, await side('head', C2), buildConfig({ metrics: METRIC_SET, runNoise: NOISE }));
    expect(report.benchmarks[0].notLikeForLike).toEqual([]);
    expect(report.benchmarks[0].metrics.filter((m) => m.verdict === 'regressed')).toEqual([]);
  });
});

describe('the batching trade-off needs all three: throughput up, per-token time up, a larger batch', () => {
  const metric = (id: 'throughput' | 'itl', change: number): MetricComparison =>
    ({
      spec: makeSpec(METRICS[id], id === 'throughput' ? MEAN : percentile(50)),
      origin: 'default',
      verdict: 'regressed',
      reason: { code: 'beyond-min-effect', direction: 'worse' },
      minEffect: 0.05,
      change,
      slos: [],
    }) as MetricComparison;
  it('is found with a measured running batch, and not when the batch did not grow', () => {
    const both = [metric('throughput', 0.4), metric('itl', 0.2)];
    expect(batchingTradeoff(both, [], { base: 10, head: 18 }, [])).toMatchObject({
      tokenMetric: 'itl.p50',
      batch: { base: 10, head: 18, source: 'running batch' },
    });
    expect(batchingTradeoff(both, [], { base: 10, head: 10.5 }, [])).toBeUndefined();
    expect(
      batchingTradeoff([metric('throughput', 0.4), metric('itl', 0.01)], [], { base: 10, head: 18 }, []),
    ).toBeUndefined();
    expect(
      batchingTradeoff([metric('throughput', -0.1), metric('itl', 0.2)], [], { base: 10, head: 18 }, []),
    ).toBeUndefined();
  });
});

describe("the headline's diagnosis belongs to the headline's metric", () => {
  const m = (id: 'ttft' | 'itl', change: number): MetricComparison =>
    ({
      spec: makeSpec(METRICS[id], percentile(50)),
      origin: 'default',
      verdict: 'regressed',
      reason: { code: 'beyond-min-effect', direction: 'worse' },
      minEffect: 0.05,
      change,
      base: { value: 1 },
      head: { value: 1 + change },
      slos: [],
    }) as unknown as MetricComparison;
  const decode = {
    hint: 'decode-overhead',
    phase: 'decode',
    title: 'decode steps got slower',
    status: 'confirmed',
    cause: 'code',
    evidence: [],
    nextCheck: '',
    metrics: ['itl.p50'],
  };

  it('never a decode cause on a TTFT headline: the ITL regression it explains leads instead', () => {
    const b = { metrics: [m('ttft', 0.3), m('itl', 0.1)], findings: [decode] } as unknown as BenchmarkReport;
    expect(leadMetric(b)?.spec.key).toBe('itl.p50');
    expect(leadFinding(b, b.metrics[0])).toBeUndefined();
    expect(leadFinding(b, b.metrics[1])?.hint).toBe('decode-overhead');
  });

  it('a finding that lists TTFT but sits in decode does not explain TTFT', () => {
    const b = {
      metrics: [m('ttft', 0.3)],
      findings: [{ ...decode, metrics: ['ttft.p50'] }],
    } as unknown as BenchmarkReport;
    expect(leadMetric(b)?.spec.key).toBe('ttft.p50');
    expect(leadFinding(b, b.metrics[0])).toBeUndefined();
  });
});

// Hand-built inputs for each function on its own: the real-file cases above run the whole triage.
describe('notLikeForLike on hand-built keys', () => {
  const run = (workload: WorkloadInfo, meta: Partial<RunMeta> = {}): Run => ({
    meta: { ...emptyMeta(), ...meta },
    summaries: [],
    sources: [],
    workload,
  });
  const sideOf = (label: Side['label'], ...runs: Run[]): Side => ({ label, runs });

  it('groups every differing field under its kind, in the order the report says them', () => {
    const base = sideOf(
      'base',
      run(
        { dataset: 'sharegpt', concurrency: 4, requestRate: 2, streaming: true, engine: 'vllm', inputLength: 512 },
        { model: 'llama', hardware: 'h100' },
      ),
    );
    const head = sideOf(
      'head',
      run(
        { dataset: 'random', concurrency: 8, requestRate: 2, streaming: false, engine: 'sglang', inputLength: 1024 },
        { model: 'qwen', hardware: 'a100' },
      ),
    );
    expect(notLikeForLike(base, head)).toEqual([
      { kind: 'load-changed', differences: [{ field: 'concurrency', base: 4, head: 8 }] },
      { kind: 'streaming-changed', differences: [{ field: 'streaming', base: true, head: false }] },
      { kind: 'engine-changed', differences: [{ field: 'engine', base: 'vllm', head: 'sglang' }] },
      { kind: 'model-changed', differences: [{ field: 'model', base: 'llama', head: 'qwen' }] },
      { kind: 'hardware-changed', differences: [{ field: 'hardware', base: 'h100', head: 'a100' }] },
      {
        kind: 'dataset-changed',
        differences: [
          { field: 'dataset', base: 'sharegpt', head: 'random' },
          { field: 'inputLength', base: 512, head: 1024 },
        ],
      },
    ]);
  });

  it('a field one side does not record, or records alike, is no difference', () => {
    const base = sideOf('base', run({ concurrency: 4, engine: 'vLLM' }), run({ concurrency: 4, engine: 'vllm' }));
    const head = sideOf('head', run({ engine: 'vllm', requestRate: 8 }));
    expect(notLikeForLike(base, head)).toEqual([]);
  });
});

describe('isTokenTiming, withheldReason and applyComparability', () => {
  const spec = (id: keyof typeof METRICS) => makeSpec(METRICS[id], METRICS[id].level === 'run' ? MEAN : percentile(50));
  const custom = (name: string) => makeSpec(customMetric(name, 'ms', 'lower-is-better'), MEAN);

  it('token timing: the catalog by id, a custom metric by its name', () => {
    expect(['ttft', 'ttft_client', 'itl', 'tpot', 'network'].map((id) => isTokenTiming(spec(id as 'ttft')))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(isTokenTiming(spec('e2e'))).toBe(false);
    expect(isTokenTiming(spec('queue_wait'))).toBe(false);
    expect(isTokenTiming(spec('throughput'))).toBe(false);
    expect(isTokenTiming(custom('time_to_second_token'))).toBe(true);
    expect(isTokenTiming(custom('inter_chunk_latency'))).toBe(true);
    expect(isTokenTiming(custom('output_token_throughput_per_user'))).toBe(true);
    expect(isTokenTiming(custom('request_latency'))).toBe(false);
    // A custom metric named like a catalog id that is not token timing by name.
    expect(isTokenTiming(custom('network'))).toBe(false);
  });

  const streaming: NotLikeForLike = {
    kind: 'streaming-changed',
    differences: [{ field: 'streaming', base: true, head: false }],
  };
  const load: NotLikeForLike = { kind: 'load-changed', differences: [{ field: 'requestRate', base: 2, head: 4 }] };
  const engine: NotLikeForLike = {
    kind: 'engine-changed',
    differences: [{ field: 'engine', base: 'vllm', head: 'sglang' }],
  };

  it('across streaming modes only token timing is withheld', () => {
    const reason = withheldReason([engine, streaming], false);
    expect(reason(spec('ttft'))).toEqual({ code: 'not-judged-streaming' });
    expect(reason(spec('e2e'))).toBeUndefined();
    expect(withheldReason([engine], false)(spec('ttft'))).toBeUndefined();
  });

  it('across loads every metric is an operating point unless compare-across-load; streaming first', () => {
    expect(withheldReason([load], false)(spec('e2e'))).toEqual({ code: 'operating-point', changes: load.differences });
    expect(withheldReason([load], false)(spec('throughput'))).toEqual({
      code: 'operating-point',
      changes: load.differences,
    });
    expect(withheldReason([load], true)(spec('e2e'))).toBeUndefined();
    expect(withheldReason([load, streaming], false)(spec('itl'))).toEqual({ code: 'not-judged-streaming' });
    expect(withheldReason([load, streaming], true)(spec('itl'))).toEqual({ code: 'not-judged-streaming' });
    expect(withheldReason([], false)(spec('e2e'))).toBeUndefined();
  });

  it('withheld token timing leaves the judged set with its values; an operating point stays in it', () => {
    const m = (id: 'ttft' | 'e2e', reason: VerdictReason) =>
      ({ spec: spec(id), verdict: 'inconclusive', reason, slos: [] }) as unknown as MetricComparison;
    const ttft = m('ttft', { code: 'not-judged-streaming' });
    const e2e = m('e2e', { code: 'operating-point', changes: [] });
    const judged = m('e2e', { code: 'within-min-effect' });
    expect(applyComparability([ttft, e2e, judged])).toEqual({
      metrics: [e2e, judged],
      notJudged: [{ comparison: ttft, reason: 'streaming-changed' }],
    });
  });
});

describe('batchingTradeoff, condition by condition', () => {
  const m = (id: 'throughput' | 'itl' | 'tpot' | 'ttft', change: number | null, stat = percentile(50)) =>
    ({
      spec: makeSpec(METRICS[id], id === 'throughput' ? MEAN : stat),
      verdict: 'regressed',
      reason: { code: 'beyond-min-effect', direction: 'worse' },
      minEffect: 0.05,
      change,
      slos: [],
    }) as unknown as MetricComparison;
  const batch = { base: 10, head: 20 };

  it('gives the changes, the per-token metric and the batch; the matched decode step when measured', () => {
    const step = { id: 'decode-step', change: 0.02, changed: false } as LikeForLike;
    const other = { id: 'prefill-per-token', change: 0.5, changed: true } as unknown as LikeForLike;
    expect(batchingTradeoff([m('throughput', 0.3), m('itl', 0.25)], [], batch, [other, step])).toStrictEqual({
      throughputChange: 0.3,
      tokenMetric: 'itl.p50',
      tokenChange: 0.25,
      batch: { base: 10, head: 20, source: 'running batch' },
      matchedStep: { change: 0.02, changed: false },
    });
    expect(batchingTradeoff([m('throughput', 0.3), m('itl', 0.25)], [], batch, [other])).toStrictEqual({
      throughputChange: 0.3,
      tokenMetric: 'itl.p50',
      tokenChange: 0.25,
      batch: { base: 10, head: 20, source: 'running batch' },
    });
  });

  it('throughput and per-token time must each rise by 5% or more', () => {
    expect(batchingTradeoff([m('throughput', 0.05), m('itl', 0.05)], [], batch, [])).toMatchObject({
      throughputChange: 0.05,
      tokenChange: 0.05,
    });
    expect(batchingTradeoff([m('throughput', 0.0499), m('itl', 0.2)], [], batch, [])).toBeUndefined();
    expect(batchingTradeoff([m('throughput', 0.2), m('itl', 0.0499)], [], batch, [])).toBeUndefined();
    // Without a throughput or with no finite change there is nothing to trade.
    expect(batchingTradeoff([m('itl', 0.2)], [], batch, [])).toBeUndefined();
    expect(batchingTradeoff([m('throughput', null), m('itl', 0.2)], [], batch, [])).toBeUndefined();
    expect(batchingTradeoff([m('throughput', Infinity), m('itl', 0.2)], [], batch, [])).toBeUndefined();
    // TTFT is not per-token time; an ITL without a change is none.
    expect(batchingTradeoff([m('throughput', 0.2), m('ttft', 0.3)], [], batch, [])).toBeUndefined();
    expect(batchingTradeoff([m('throughput', 0.2), m('itl', null)], [], batch, [])).toBeUndefined();
  });

  it('the typical request: the median, else the mean, else the lowest percentile; ITL before TPOT', () => {
    const pick = (...token: MetricComparison[]) =>
      batchingTradeoff([m('throughput', 0.3), ...token], [], batch, [])?.tokenMetric;
    expect(pick(m('itl', 0.4, percentile(95)), m('tpot', 0.2, MEAN))).toBe('tpot.mean');
    expect(pick(m('tpot', 0.2, MEAN), m('itl', 0.1, percentile(50)))).toBe('itl.p50');
    expect(pick(m('itl', 0.4, percentile(99)), m('itl', 0.3, percentile(90)))).toBe('itl.p90');
    expect(pick(m('tpot', 0.2, percentile(50)), m('itl', 0.1, percentile(50)))).toBe('itl.p50');
    expect(pick(m('itl', 0.1, percentile(50)), m('tpot', 0.2, percentile(50)))).toBe('itl.p50');
    expect(pick(m('itl', 0.4, percentile(10)), m('itl', 0.2, MEAN))).toBe('itl.mean');
  });

  it('the batch: the declared concurrency first, else the measured running batch; 10% larger at least', () => {
    const declared = (base: KeyValue, head: KeyValue): NotLikeForLike[] => [
      { kind: 'streaming-changed', differences: [{ field: 'concurrency', base: 1, head: 100 }] },
      {
        kind: 'load-changed',
        differences: [
          { field: 'requestRate', base: 1, head: 2 },
          { field: 'concurrency', base, head },
        ],
      },
    ];
    const both = [m('throughput', 0.3), m('itl', 0.2)];
    expect(batchingTradeoff(both, declared(4, 16), batch, [])?.batch).toEqual({
      base: 4,
      head: 16,
      source: 'declared concurrency',
    });
    // A declared concurrency that is no finite number falls back on the running batch.
    for (const [b, h] of [
      ['4', 16],
      [4, '16'],
      [Infinity, 16],
      [4, Infinity],
    ] as [KeyValue, KeyValue][])
      expect(batchingTradeoff(both, declared(b, h), batch, [])?.batch).toEqual({ ...batch, source: 'running batch' });
    // A load change without a concurrency: the running batch.
    const rateOnly: NotLikeForLike[] = [
      { kind: 'load-changed', differences: [{ field: 'requestRate', base: 1, head: 2 }] },
    ];
    expect(batchingTradeoff(both, rateOnly, batch, [])?.batch.source).toBe('running batch');
    expect(batchingTradeoff(both, declared(4, 16), undefined, [])?.batch.source).toBe('declared concurrency');
    // No batch at all, a batch of 0, or one that grew less than 10%: no trade-off.
    expect(batchingTradeoff(both, [], undefined, [])).toBeUndefined();
    expect(batchingTradeoff(both, [], { base: 0, head: 8 }, [])).toBeUndefined();
    expect(batchingTradeoff(both, [], { base: NaN, head: 8 }, [])).toBeUndefined();
    expect(batchingTradeoff(both, [], { base: 10, head: 11 }, [])?.batch).toEqual({
      base: 10,
      head: 11,
      source: 'running batch',
    });
    expect(batchingTradeoff(both, [], { base: 10, head: 10.99 }, [])).toBeUndefined();
    expect(batchingTradeoff(both, declared(10, 10.99), batch, [])).toBeUndefined();
  });
});
