// The §9 guards and honesty notes said next to the verdict, one kind at a time on hand-built inputs:
// when each is raised, when it is not, and the numbers it says.
import { describe, expect, it } from 'vitest';
import type { LoadComparison, RunLoad } from '../../src/compare/load';
import type { MetricComparison, SideEstimate, Verdict } from '../../src/compare/types';
import type { Attribution } from '../../src/diagnose/attribution';
import { collectCaveats, listDifferences, type Caveat, type CaveatInput } from '../../src/diagnose/caveats';
import type { NotLikeForLike } from '../../src/diagnose/comparability';
import { METRICS, customMetric } from '../../src/metrics/catalog';
import { makeSpec, MEAN, percentile } from '../../src/metrics/metric-spec';
import type { Side, SourceReport } from '../../src/model/run';
import type { QualityComparison } from '../../src/model/quality';
import { lengthShift, matchedCost, rateShift, table, workload } from './branches/build';
import { input, kinds, run, sideOf, three } from './caveat-input';

const only = (caveats: Caveat[], kind: Caveat['kind']) => caveats.filter((c) => c.kind === kind);
const one = (caveats: Caveat[], kind: Caveat['kind']) => {
  const found = only(caveats, kind);
  expect(found).toHaveLength(1);
  return found[0];
};

type Id = keyof typeof METRICS;
const estimate = (blockLengths: number[]): SideEstimate => ({
  value: 1,
  interval: [1, 1],
  count: 100,
  perRun: [],
  blockLengths,
});
/** A compared metric: the verdict, its statistic (p50 unless given) and anything else. */
function metric(id: Id, verdict: Verdict, rest: Partial<MetricComparison> = {}, q = 50): MetricComparison {
  return {
    spec: makeSpec(METRICS[id], METRICS[id].level === 'run' ? MEAN : percentile(q)),
    origin: 'default',
    verdict,
    reason: { code: 'within-min-effect' },
    minEffect: 0.05,
    slos: [],
    ...rest,
  } as MetricComparison;
}

describe('not like for like, and the batching trade-off', () => {
  it('says each kind first, in the order given, with its differences; judged anyway only when asked', () => {
    const load: NotLikeForLike = {
      kind: 'load-changed',
      differences: [
        { field: 'concurrency', base: 2, head: 16 },
        { field: 'requestRate', base: 2, head: Infinity },
      ],
      judgedAnyway: true,
    };
    const engine: NotLikeForLike = {
      kind: 'engine-changed',
      differences: [{ field: 'engine', base: 'vllm', head: 'sglang' }],
    };
    const caveats = collectCaveats(input({ notLikeForLike: [load, engine], head: sideOf('head', [run()]) }));
    expect(caveats[0]).toStrictEqual({
      kind: 'load-changed',
      message: 'concurrency 2 → 16, 2 req/s → max request rate',
      differences: load.differences,
      judgedAnyway: true,
    });
    expect(caveats[1]).toStrictEqual({
      kind: 'engine-changed',
      message: 'engine vllm → sglang',
      differences: engine.differences,
    });
    expect(collectCaveats(input({ notLikeForLike: [{ ...load, judgedAnyway: false }] }))[0]).not.toHaveProperty(
      'judgedAnyway',
    );
  });

  it('listDifferences: the field named once, before the base value', () => {
    expect(
      listDifferences([
        { field: 'streaming', base: true, head: false },
        { field: 'model', base: 'llama', head: 'qwen' },
        { field: 'hardware', base: 'h100', head: 'a100' },
        { field: 'dataset', base: 'sharegpt', head: 'random' },
      ]),
    ).toBe('streaming → non-streaming, model llama → qwen, hardware h100 → a100, dataset sharegpt → random');
    expect(listDifferences([])).toBe('');
  });

  it('the trade-off: the throughput, the per-token metric and the batch, with the data', () => {
    const tradeoff = {
      throughputChange: 0.4,
      tokenMetric: 'itl.p50',
      tokenChange: 0.2,
      batch: { base: 10, head: 18, source: 'running batch' as const },
    };
    const [first, second] = collectCaveats(
      input({ tradeoff, notLikeForLike: [{ kind: 'model-changed', differences: [] }] }),
    );
    expect(first.kind).toBe('model-changed');
    expect(second).toStrictEqual({
      kind: 'batching-tradeoff',
      message: 'throughput +40%, itl.p50 +20%, batch 10.0 → 18.0',
      tradeoff,
    });
  });
});

describe('fewer than three runs a side', () => {
  const measured = (noise: [number, number], base: number[], head: number[]) =>
    metric('ttft', 'unchanged', {
      base: estimate(base),
      head: estimate(head),
      runNoise: { base: noise[0], head: noise[1] },
    });

  it('says the block lengths and the allowance for between-run noise, per metric, smallest first', () => {
    const caveats = collectCaveats(
      input({
        base: sideOf('base', [run()]),
        metrics: [
          measured([0.05, 0.03], [8, 9], [12]),
          measured([0.02, 0.01], [4], [30, 6]),
          measured([0.02, 0.02], [5], [5]),
        ],
      }),
    );
    expect(one(caveats, 'single-run').message).toBe(
      'one run per side: intervals come from resampling blocks of consecutive requests within each run (4–30 requests per block), which keeps queueing bursts together, plus an allowance for between-run noise of 2.0% to 5.0% per side; 3 or more runs per side would measure that noise instead',
    );
  });

  it('two runs are said as two; no allowance given reads 0', () => {
    const m = metric('ttft', 'unchanged', { base: estimate([7]), head: estimate([7]) });
    const caveats = collectCaveats(input({ head: sideOf('head', [run(), run()]), metrics: [m] }));
    expect(one(caveats, 'single-run').message).toMatch(
      /^2 runs per side: .*\(7–7 requests per block\).* of 0% per side;/,
    );
  });

  it('not with three runs a side, nor when no metric was measured from blocks on both sides', () => {
    const m = metric('ttft', 'unchanged', { base: estimate([7]), head: estimate([7]) });
    expect(kinds(collectCaveats(input({ metrics: [m] })))).not.toContain('single-run');
    const single = sideOf('base', [run()]);
    for (const unmeasured of [
      metric('ttft', 'unchanged', { base: estimate([]), head: estimate([7]) }),
      metric('ttft', 'unchanged', { base: estimate([7]), head: estimate([]) }),
      metric('ttft', 'unchanged', { head: estimate([7]) }),
      metric('ttft', 'unchanged', { base: estimate([7]) }),
      metric('ttft', 'unchanged', {
        base: estimate([7]),
        head: estimate([7]),
        basis: { kind: 'summary', fields: ['x'] },
      }),
    ])
      expect(kinds(collectCaveats(input({ base: single, metrics: [unmeasured] })))).not.toContain('single-run');
    // A summary metric next to a measured one: only the measured one's blocks are said.
    const both = collectCaveats(
      input({
        base: single,
        metrics: [
          metric('e2e', 'unchanged', {
            base: estimate([1]),
            head: estimate([99]),
            basis: { kind: 'summary', fields: ['x'] },
          }),
          metric('ttft', 'unchanged', { base: estimate([5]), head: estimate([6]) }),
        ],
      }),
    );
    expect(one(both, 'single-run').message).toMatch(/\(5–6 requests per block\)/);
  });
});

describe('the inputs: skipped lines and warnings', () => {
  const source = (rest: Partial<SourceReport>): SourceReport => ({
    file: 'runs/a.jsonl',
    format: 'vllm',
    recordsRead: 12_000,
    recordsKept: 12_000,
    skipped: 0,
    issues: [],
    warnings: [],
    ...rest,
  });

  it('says each file with skipped records, its side and its first issue; every warning of every file', () => {
    const base = sideOf('base', [
      run({
        sources: [
          source({
            skipped: 1_234,
            issues: [
              { file: 'runs/a.jsonl', line: 17, field: 'ttft_ms', message: 'not a number' },
              { file: 'runs/a.jsonl', line: 18, message: 'second' },
            ],
            warnings: ['w1', 'w2'],
          }),
        ],
      }),
    ]);
    const head = sideOf('head', [
      run({
        sources: [source({ file: 'h.jsonl', skipped: 2, issues: [{ file: 'h.jsonl', line: 3, message: 'bad JSON' }] })],
      }),
      run({ sources: [source({ file: 'h2.jsonl', skipped: 1 }), source({ file: 'clean.jsonl', warnings: ['w3'] })] }),
    ]);
    const caveats = collectCaveats(input({ base, head }));
    expect(only(caveats, 'skipped-lines').map((c) => c.message)).toEqual([
      'runs/a.jsonl: 1,234 of 12,000 records skipped (base); first: line 17, field ttft_ms: not a number',
      'h.jsonl: 2 of 12,000 records skipped (head); first: line 3: bad JSON',
      'h2.jsonl: 1 of 12,000 records skipped (head)',
    ]);
    expect(only(caveats, 'input-warning').map((c) => c.message)).toEqual([
      'runs/a.jsonl: w1',
      'runs/a.jsonl: w2',
      'clean.jsonl: w3',
    ]);
  });
});

describe('summaries only', () => {
  const summary = (id: Id) => metric(id, 'unchanged', { basis: { kind: 'summary', fields: ['mean_ttft_ms'] } });
  it('counts the metrics compared from run-level summaries', () => {
    expect(
      one(collectCaveats(input({ metrics: [summary('ttft'), metric('e2e', 'unchanged')] })), 'summary-only').message,
    ).toMatch(/^1 metric compared from the tools' run-level summaries \(no per-request data\): no phase decomposition/);
    expect(one(collectCaveats(input({ metrics: [summary('ttft'), summary('e2e')] })), 'summary-only').message).toMatch(
      /^2 metrics compared from/,
    );
    expect(kinds(collectCaveats(input({ metrics: [metric('e2e', 'unchanged')] })))).not.toContain('summary-only');
  });
});

describe('workload drift', () => {
  it('lists the lengths, the declared settings and the arrival rate that changed', () => {
    const w = workload({
      prompt: lengthShift('prompt_tokens', 1000, 1500, { ks: 0.456 }),
      output: lengthShift('output_tokens', 200, 100, { ks: 0.3 }),
      declared: [
        { key: 'concurrency', base: 8, head: 16 },
        { key: 'inputTokensMean', base: 1000, head: 1500 },
      ],
      arrivalRate: rateShift(4, 5),
    });
    expect(one(collectCaveats(input({ workload: w })), 'workload-drift').message).toBe(
      'the workload differs between the sides: prompt length median 1,000 → 1,500 tokens (KS D = 0.46), output length median 200 → 100 tokens (KS D = 0.30), concurrency 8.00 → 16.0 (as the tool reports it), mean input tokens 1,000 → 1,500 (as the tool reports it) and arrival rate 4.00 → 5.00 req/s (+25%); changes in latency may come from the workload, not the code',
    );
  });

  it('shifts that are not changes are left out; with none, no caveat', () => {
    const w = workload({
      prompt: lengthShift('prompt_tokens', 1000, 1010, { changed: false }),
      output: lengthShift('output_tokens', 200, 100),
      arrivalRate: rateShift(4, 4.1, false),
    });
    expect(one(collectCaveats(input({ workload: w })), 'workload-drift').message).toBe(
      'the workload differs between the sides: output length median 200 → 100 tokens (KS D = 0.45); changes in latency may come from the workload, not the code',
    );
    const none = workload({
      prompt: lengthShift('prompt_tokens', 1, 1, { changed: false }),
      arrivalRate: rateShift(4, 4.1, false),
    });
    expect(kinds(collectCaveats(input({ workload: none })))).not.toContain('workload-drift');
  });

  it('a load change said as load-changed is not said again; the declared token means still are', () => {
    const w = workload({
      declared: [
        { key: 'concurrency', base: 8, head: 16 },
        { key: 'requestRate', base: 2, head: 4 },
        { key: 'outputTokensMean', base: 100, head: 200 },
      ],
    });
    const load: NotLikeForLike = { kind: 'load-changed', differences: [{ field: 'concurrency', base: 8, head: 16 }] };
    expect(one(collectCaveats(input({ workload: w, notLikeForLike: [load] })), 'workload-drift').message).toBe(
      'the workload differs between the sides: mean output tokens 100 → 200 (as the tool reports it); changes in latency may come from the workload, not the code',
    );
    // Another kind of difference does not hide the declared load.
    const engine: NotLikeForLike = { kind: 'engine-changed', differences: [] };
    expect(one(collectCaveats(input({ workload: w, notLikeForLike: [engine] })), 'workload-drift').message).toMatch(
      /: concurrency 8\.00 → 16\.0 \(as the tool reports it\), request rate 2\.00 → 4\.00 \(as the tool reports it\) and mean output tokens/,
    );
    // Only the load, said already: nothing left to drift.
    const loadOnly = workload({ declared: [{ key: 'requestRate', base: 2, head: 4 }] });
    expect(kinds(collectCaveats(input({ workload: loadOnly, notLikeForLike: [load] })))).not.toContain(
      'workload-drift',
    );
  });
});

describe('several configuration keys changed at once', () => {
  const change = (i: number) => ({ key: `k${i}`, base: i, head: i + 1 });
  it('lists up to six, then an ellipsis; one key alone is no confound', () => {
    expect(kinds(collectCaveats(input({ configChanges: [change(1)] })))).not.toContain('config-confounded');
    expect(
      one(
        collectCaveats(input({ configChanges: [change(1), { key: 'flag', base: undefined, head: true }] })),
        'config-confounded',
      ).message,
    ).toBe(
      '2 configuration keys changed at once (k1 1 → 2 and flag (unset) → true): any change cannot be pinned on one of them',
    );
    const six = [1, 2, 3, 4, 5, 6].map(change);
    expect(one(collectCaveats(input({ configChanges: six })), 'config-confounded').message).toBe(
      '6 configuration keys changed at once (k1 1 → 2, k2 2 → 3, k3 3 → 4, k4 4 → 5, k5 5 → 6 and k6 6 → 7): any change cannot be pinned on one of them',
    );
    expect(one(collectCaveats(input({ configChanges: [...six, change(7)] })), 'config-confounded').message).toBe(
      '7 configuration keys changed at once (k1 1 → 2, k2 2 → 3, k3 3 → 4, k4 4 → 5, k5 5 → 6 and k6 6 → 7, …): any change cannot be pinned on one of them',
    );
  });
});

describe('the median improved while the SLO percentile regressed', () => {
  const slo = [{ slo: {}, baseMet: true, headMet: false, marginal: false }] as unknown as MetricComparison['slos'];
  it('is said for the same metric only, a tail above p50 with an SLO, a median at or below p50', () => {
    const tail = metric('ttft', 'regressed', { slos: slo }, 99);
    const median = metric('ttft', 'improved', {}, 50);
    expect(one(collectCaveats(input({ metrics: [median, tail] })), 'p50-vs-tail').message).toBe(
      "TTFT p50 improved while TTFT p99, the SLO's percentile, regressed: the median is not the target, and the tail has different causes",
    );
    // A lower percentile improving counts as the median's side.
    expect(kinds(collectCaveats(input({ metrics: [metric('ttft', 'improved', {}, 10), tail] })))).toContain(
      'p50-vs-tail',
    );
    for (const metrics of [
      [metric('e2e', 'improved'), tail],
      [metric('ttft', 'unchanged'), tail],
      [metric('ttft', 'improved', {}, 51), tail],
      [median, metric('ttft', 'regressed', {}, 99)],
      [median, metric('ttft', 'regressed', { slos: slo }, 50)],
      [median, metric('ttft', 'unchanged', { slos: slo }, 99)],
      [metric('ttft', 'improved', { spec: makeSpec(METRICS.ttft, MEAN) }), tail],
      [median, metric('ttft', 'regressed', { slos: slo, spec: makeSpec(METRICS.ttft, MEAN) })],
    ])
      expect(kinds(collectCaveats(input({ metrics })))).not.toContain('p50-vs-tail');
  });
});

describe('too few values', () => {
  it("names every metric without enough values, and the first one's need", () => {
    const few = (id: Id, needed: number, base: number, head: number) =>
      metric(id, 'inconclusive', { reason: { code: 'too-few-values', needed, base, head } });
    const caveats = collectCaveats(
      input({ metrics: [metric('e2e', 'unchanged'), few('ttft', 1_000, 12, 1_500), few('itl', 30, 3, 4)] }),
    );
    expect(one(caveats, 'few-samples').message).toBe(
      'too few requests for TTFT p50 and ITL p50: TTFT p50 needs at least 1,000 values per side (baseline has 12, head 1,500)',
    );
    expect(kinds(collectCaveats(input({ metrics: [metric('e2e', 'unchanged')] })))).not.toContain('few-samples');
  });
});

describe('overload and warm-up', () => {
  const calm: RunLoad = {
    requests: 100,
    warmup: { rows: 0 },
    unsettled: false,
    overloaded: false,
    series: 'queue_wait',
  };
  const swamped: RunLoad = { ...calm, offeredRate: 10, completedRate: 5, overloaded: true };
  const loadOf = (base: RunLoad[], head: RunLoad[]): LoadComparison => ({
    base: { runs: base, overloaded: base.some((r) => r.overloaded) },
    head: { runs: head, overloaded: head.some((r) => r.overloaded) },
  });

  it("both sides overloaded: latency that grows with the run is not judged; each side's overloaded run said", () => {
    const caveats = collectCaveats(input({ load: loadOf([calm, swamped], [{ ...swamped, completedRate: 4 }]) }));
    expect(one(caveats, 'overloaded').message).toMatch(
      /^both sides are overloaded \(baseline: 10\.0 req\/s offered, 5\.00 completed; head: 10\.0 req\/s offered, 4\.00 completed\): latency that grows .* is shown but not judged/,
    );
  });

  it("the baseline alone overloaded: the head's lower latency is partly the queue; the head alone is a finding, not a caveat", () => {
    expect(one(collectCaveats(input({ load: loadOf([swamped], [calm]) })), 'overloaded').message).toMatch(
      /^the baseline is overloaded \(10\.0 req\/s offered, 5\.00 completed\) and the head is not/,
    );
    expect(kinds(collectCaveats(input({ load: loadOf([calm], [swamped]) })))).not.toContain('overloaded');
    expect(kinds(collectCaveats(input({ load: loadOf([calm], [calm]) })))).not.toContain('overloaded');
  });

  it('warm-up rows trimmed are summed per side and the series named', () => {
    const trimmed = (rows: number, series: RunLoad['series'] = 'queue_wait') => ({ ...calm, series, warmup: { rows } });
    expect(
      one(collectCaveats(input({ load: loadOf([trimmed(20), trimmed(5)], [trimmed(1_200)]) })), 'warm-up').message,
    ).toBe(
      'warm-up left out of latency and rates (MSER-5 on the queue wait): the first 25 requests of the baseline and 1,200 of the head; failed requests are counted over the whole run',
    );
    expect(one(collectCaveats(input({ load: loadOf([trimmed(3, 'ttft')], [trimmed(0)]) })), 'warm-up').message).toMatch(
      /^warm-up left out of latency and rates \(MSER-5 on the TTFT\): the first 3 requests of the baseline and 0 of the head;/,
    );
    expect(one(collectCaveats(input({ load: loadOf([trimmed(0)], [trimmed(4)]) })), 'warm-up').message).toMatch(
      /the first 0 requests of the baseline and 4 of the head/,
    );
    expect(kinds(collectCaveats(input({ load: loadOf([trimmed(0)], [trimmed(0)]) })))).not.toContain('warm-up');
    expect(kinds(collectCaveats(input()))).not.toContain('warm-up');
  });
});

describe('failed requests when the failed share is not a compared metric', () => {
  const withFailures = (label: Side['label'], ...failed: number[][]) =>
    sideOf(
      label,
      failed.map((f) => run({ requests: table({ total_ms: [1, 1, 1, 1, 1, 1, 1, 1, 1, 1] }, f) })),
    );

  it('more failures in the head than the baseline (2 of 20 against 1 of 10 is not more)', () => {
    const caveats = collectCaveats(input({ base: withFailures('base', []), head: withFailures('head', [1, 2], [0]) }));
    expect(one(caveats, 'error-rate').message).toBe(
      '3 requests failed in this run (15%, baseline 0%); failed requests are left out of latency metrics, which can hide a problem',
    );
    expect(
      kinds(collectCaveats(input({ base: withFailures('base', [3]), head: withFailures('head', [1], [2]) }))),
    ).not.toContain('error-rate');
    expect(
      kinds(collectCaveats(input({ base: withFailures('base', []), head: withFailures('head', []) }))),
    ).not.toContain('error-rate');
  });

  it("a baseline without per-request data is unknown; the head's runs without it are left out of the share", () => {
    const caveats = collectCaveats(
      input({ base: three('base'), head: sideOf('head', [run(), ...withFailures('head', [0]).runs]) }),
    );
    expect(one(caveats, 'error-rate').message).toMatch(/^1 requests failed in this run \(10%, baseline unknown\);/);
    expect(kinds(collectCaveats(input({ base: three('base'), head: three('head') })))).not.toContain('error-rate');
  });

  it('not when the failed share is a compared metric (its own verdict says it)', () => {
    const failed = metric('failed', 'regressed', { base: estimate([]) });
    const sides = { base: withFailures('base', []), head: withFailures('head', [1]) };
    expect(kinds(collectCaveats(input({ ...sides, metrics: [failed] })))).not.toContain('error-rate');
    // A failed metric without a baseline value does not count as compared.
    expect(kinds(collectCaveats(input({ ...sides, metrics: [metric('failed', 'inconclusive')] })))).toContain(
      'error-rate',
    );
  });
});

describe('a slower cost hidden behind a lighter workload', () => {
  it('the matched cost rose beyond noise while no metric of its family regressed', () => {
    const cost = matchedCost('decode-step', 0.12, {
      label: 'decode step',
      rawChange: -0.03,
      agreement: 0.875,
      bins: 8,
    });
    const caveats = collectCaveats(
      input({ likeForLike: [cost], metrics: [metric('itl', 'unchanged'), metric('ttft', 'regressed')] }),
    );
    expect(one(caveats, 'hidden-slowdown').message).toBe(
      'decode step +12% (slower in strata holding 88% of matched requests, 8 strata; unmatched −3.0%) while no ITL metric regressed: a lighter load or easier workload may be hiding slower code',
    );
  });

  it('not when the family regressed, has no metric, the cost fell, or did not change beyond noise', () => {
    const cost = matchedCost('decode-step', 0.12);
    const none = (likeForLike: CaveatInput['likeForLike'], metrics: MetricComparison[]) =>
      expect(kinds(collectCaveats(input({ likeForLike, metrics })))).not.toContain('hidden-slowdown');
    none([cost], [metric('itl', 'unchanged'), metric('itl', 'regressed', {}, 99)]);
    none([cost], [metric('ttft', 'unchanged')]);
    none([matchedCost('decode-step', -0.12)], [metric('itl', 'unchanged')]);
    none([matchedCost('decode-step', 0)], [metric('itl', 'unchanged')]);
    none([matchedCost('decode-step', 0.12, { changed: false })], [metric('itl', 'unchanged')]);
  });

  it('a prefill cost (TTFT family) counts client TTFT too', () => {
    const cost = matchedCost('prefill-per-token', 0.2);
    expect(
      kinds(collectCaveats(input({ likeForLike: [cost], metrics: [metric('ttft_client', 'unchanged')] }))),
    ).toContain('hidden-slowdown');
    expect(
      kinds(collectCaveats(input({ likeForLike: [cost], metrics: [metric('ttft_client', 'regressed')] }))),
    ).not.toContain('hidden-slowdown');
    // Client TTFT is not the decode step's family.
    expect(
      kinds(
        collectCaveats(
          input({ likeForLike: [matchedCost('decode-step', 0.2)], metrics: [metric('ttft_client', 'unchanged')] }),
        ),
      ),
    ).not.toContain('hidden-slowdown');
  });
});

describe('regressions without a phase decomposition', () => {
  const attribution = (m: MetricComparison, missingPhases: string[] = []) =>
    ({ spec: m.spec, missingPhases }) as unknown as Attribution;

  it('names the regressed catalog metrics that no attribution covers; ITL, TPOT and custom metrics are not decomposed', () => {
    const e2e = metric('e2e', 'regressed', {}, 95);
    const ttft = metric('ttft', 'regressed');
    const custom = {
      ...metric('e2e', 'regressed'),
      spec: makeSpec(customMetric('my_latency', 'ms', 'lower-is-better'), MEAN),
    };
    const caveats = collectCaveats(
      input({
        metrics: [
          e2e,
          ttft,
          metric('queue_wait', 'improved'),
          metric('itl', 'regressed'),
          metric('tpot', 'regressed'),
          custom,
        ],
        attributions: [attribution(metric('e2e', 'regressed'))],
      }),
    );
    expect(one(caveats, 'no-phases').message).toMatch(
      /^no phase decomposition for E2E p95 and TTFT p50: the data has no per-request phase timings/,
    );
    expect(kinds(collectCaveats(input({ metrics: [e2e], attributions: [attribution(e2e)] })))).not.toContain(
      'no-phases',
    );
  });

  it('phases missing on a side, once each over every decomposition', () => {
    const a = attribution(metric('ttft', 'regressed'), ['prefill', 'queue_wait']);
    const b = attribution(metric('e2e', 'regressed'), ['queue_wait', 'decode']);
    expect(one(collectCaveats(input({ attributions: [a, b] })), 'missing-phases').message).toBe(
      'no prefill_ms, queue_wait_ms and decode_ms on one side or both: that time sits in the remainder',
    );
    expect(kinds(collectCaveats(input({ attributions: [attribution(metric('ttft', 'regressed'))] })))).not.toContain(
      'missing-phases',
    );
  });
});

describe('output quality', () => {
  const withQuality = (label: Side['label']) =>
    sideOf(label, [run({ summaries: [{ metric: 'quality.accuracy', stat: 'mean', value: 0.8 }] })]);

  it('not measured unless both sides carry quality summaries or quality inputs were given', () => {
    const notMeasured = (base: Side, head: Side, quality?: QualityComparison) =>
      kinds(collectCaveats(input({ base, head, quality }))).includes('quality-not-measured');
    expect(notMeasured(three('base'), three('head'))).toBe(true);
    expect(notMeasured(withQuality('base'), three('head'))).toBe(true);
    expect(notMeasured(three('base'), withQuality('head'))).toBe(true);
    expect(notMeasured(withQuality('base'), withQuality('head'))).toBe(false);
    // A quality comparison with neither scores nor generations (only notes) is none given.
    expect(notMeasured(three('base'), three('head'), { notes: ['nothing read'] })).toBe(true);
    expect(one(collectCaveats(input()), 'quality-not-measured').message).toMatch(/^output quality was not measured/);
  });

  it('given quality inputs speak for themselves: their caveat when one applies, none when verified', () => {
    const scores = (verdict: 'changed' | 'unchanged' | 'inconclusive', sentence: string) =>
      ({ notes: [], scores: { verdict, sentence } }) as unknown as QualityComparison;
    const changed = collectCaveats(input({ quality: scores('changed', 'CHANGED: accuracy 0.80 → 0.70') }));
    expect(one(changed, 'quality-changed').message).toBe('output quality changed: accuracy 0.80 → 0.70');
    expect(kinds(changed)).not.toContain('quality-not-measured');
    const verified = kinds(collectCaveats(input({ quality: scores('unchanged', 'unchanged (verified: accuracy)') })));
    expect(verified.filter((k) => k.startsWith('quality'))).toEqual([]);
    const generations = {
      notes: [],
      generations: { verdict: 'identical', sentence: 'identical' },
    } as unknown as QualityComparison;
    expect(kinds(collectCaveats(input({ quality: generations }))).filter((k) => k.startsWith('quality'))).toEqual([]);
  });
});

describe('nothing to say', () => {
  it('three runs a side, nothing skipped or changed: only that quality was not measured', () => {
    expect(collectCaveats(input())).toEqual([
      {
        kind: 'quality-not-measured',
        message:
          'output quality was not measured in these runs: an optimization that trades accuracy would not show here (give eval scores or paired generations with the quality inputs)',
      },
    ]);
  });
});
