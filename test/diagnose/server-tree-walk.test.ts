// The §5 tree on server metrics alone (src/diagnose/server-tree.ts), on hand-built inputs: a
// decomposition of the mean from the scrape's histograms, the scrape's prefix-cache counters, the
// recorded configuration changes and the load the client tool declared. Each test states its
// numbers, so every step and finding can be read off by hand.
import { describe, expect, it } from 'vitest';
import type { MetricComparison } from '../../src/compare/types';
import type { Attribution, PhaseShare } from '../../src/diagnose/attribution';
import type { ConfigChange } from '../../src/diagnose/config-diff';
import { walkServerTree, type ServerTreeInput } from '../../src/diagnose/server-tree';
import type { DeclaredShift } from '../../src/diagnose/workload';
import type { PhaseOrRemainder } from '../../src/metrics/catalog';
import { parseMetricSpec, type MetricSpec } from '../../src/metrics/metric-spec';
import type { Run, Side } from '../../src/model/run';
import { share, workload } from './branches/build';

const SCRAPE = 'all requests, server-side means from the metrics scrape';

function spec(text: string): MetricSpec {
  const parsed = parseMetricSpec(text);
  if (typeof parsed === 'string') throw new Error(parsed);
  return parsed;
}

/** A regressed metric and its decomposition from the scrape, the largest change in `dominant`. */
function regressed(text: string, dominant: PhaseOrRemainder | null, phases: PhaseShare[]) {
  const attribution = { spec: spec(text), tail: SCRAPE, q: 0, phases, dominant } as Partial<Attribution> as Attribution;
  return { comparison: { spec: spec(text) } as Partial<MetricComparison> as MetricComparison, attribution };
}

/** A side of one run whose scrape counted `hits` of `queries` prompt tokens from the prefix cache (none: no counters). */
function scraped(label: Side['label'], hits?: number, queries?: number): Side {
  const server = hits === undefined ? undefined : { prefixCacheHits: hits, prefixCacheQueries: queries };
  return { label, runs: [{ server } as Partial<Run> as Run] };
}

function input(
  items: ServerTreeInput['regressed'],
  extra: { base?: Side; head?: Side; configChanges?: ConfigChange[]; declared?: DeclaredShift[] } = {},
): ServerTreeInput {
  return {
    regressed: items,
    base: extra.base ?? scraped('base'),
    head: extra.head ?? scraped('head'),
    configChanges: extra.configChanges ?? [],
    workload: workload({ declared: extra.declared ?? [], changed: (extra.declared ?? []).length > 0 }),
  };
}

/** TTFT's mean: queue wait 100 → 250 ms, 75% of the change. */
const queue = () => regressed('ttft mean', 'queue_wait', [share('queue_wait', 100, 250, { shareOfChange: 0.75 })]);
/** TTFT's mean: prefill 40 → 90 ms, all of the change. */
const prefill = () => regressed('ttft mean', 'prefill', [share('prefill', 40, 90, { shareOfChange: 1 })]);
/** E2E's mean: decode 800 → 1,200 ms, 80% of the change. */
const decode = () => regressed('e2e mean', 'decode', [share('decode', 800, 1200, { shareOfChange: 0.8 })]);

const where = (answer: string) => ({ question: 'Where does the time go?', answer });
const NOT_RECORDED = 'from the metrics scrape, per-request phases were not recorded';

describe('walking the server tree', () => {
  it('the first answer: the phase, its mean on the server and its share of the change in the mean', () => {
    const result = walkServerTree(input([queue()]));
    expect(result.walks).toHaveLength(1);
    expect(result.walks[0]).toMatchObject({ metrics: ['ttft.mean'], phase: 'queue_wait', rootPhase: 'queue_wait' });
    expect(result.walks[0].steps[0]).toEqual(
      where(`queue wait: mean 100 → 250 ms on the server (75% of the change in the mean TTFT; ${NOT_RECORDED})`),
    );
  });

  it('a metric without a dominant phase is left out', () => {
    expect(walkServerTree(input([regressed('ttft mean', null, [])]))).toEqual({ walks: [], findings: [] });
    const result = walkServerTree(input([regressed('ttft mean', null, []), decode()]));
    expect(result.walks.map((w) => w.metrics)).toEqual([['e2e.mean']]);
  });

  it('metrics that share a phase share one walk, told by the first of them; the finding names them all', () => {
    const second = regressed('ttft p99', 'queue_wait', [share('queue_wait', 10, 20, { shareOfChange: 0.5 })]);
    const result = walkServerTree(input([queue(), decode(), second]));
    expect(result.walks.map((w) => [w.phase, w.metrics])).toEqual([
      ['queue_wait', ['ttft.mean', 'ttft.p99']],
      ['decode', ['e2e.mean']],
    ]);
    expect(result.walks[0].steps[0].answer).toBe(
      `queue wait: mean 100 → 250 ms on the server (75% of the change in the mean TTFT; ${NOT_RECORDED})`,
    );
    expect(result.walks[1].steps[0].answer).toBe(
      `decode: mean 800 → 1,200 ms on the server (80% of the change in the mean E2E; ${NOT_RECORDED})`,
    );
    expect(result.findings.map((f) => [f.hint, f.metrics])).toEqual([
      ['capacity', ['ttft.mean', 'ttft.p99']],
      ['decode-overhead', ['e2e.mean']],
    ]);
  });

  it('the same hint in two phases stays two findings, in the order of the walks', () => {
    // Longer prompts and longer outputs, as the client tool declared them.
    const declared: DeclaredShift[] = [
      { key: 'inputTokensMean', base: 1000, head: 1500 },
      { key: 'outputTokensMean', base: 200, head: 300 },
    ];
    const result = walkServerTree(input([decode(), prefill()], { declared }));
    expect(result.findings.map((f) => [f.hint, f.phase])).toEqual([
      ['workload-drift', 'decode'],
      ['workload-drift', 'prefill'],
    ]);
    expect(result.walks.map((w) => w.hints)).toEqual([['workload-drift'], ['workload-drift']]);
  });

  it('a phase the scrape has no branch for: the first answer alone, no finding', () => {
    const tokenize = regressed('e2e mean', 'tokenize', [share('tokenize', 1, 11, { shareOfChange: 1 })]);
    expect(walkServerTree(input([tokenize]))).toEqual({
      walks: [
        {
          metrics: ['e2e.mean'],
          phase: 'tokenize',
          rootPhase: 'tokenize',
          steps: [
            where(`tokenize: mean 1.00 → 11.0 ms on the server (100% of the change in the mean E2E; ${NOT_RECORDED})`),
          ],
          hints: [],
        },
      ],
      findings: [],
    });
  });
});

describe('queue wait on the server', () => {
  const metrics = ['ttft.mean'];

  it('a lower running-batch limit in the recorded configuration: likely, the config', () => {
    const configChanges = [
      { key: 'enable_prefix_caching', base: true, head: false },
      { key: 'max_num_seqs', base: 64, head: 24 },
    ];
    // A higher declared rate does not matter: the limit is read first.
    const declared: DeclaredShift[] = [{ key: 'requestRate', base: 4, head: 8 }];
    const result = walkServerTree(input([queue()], { configChanges, declared }));
    expect(result.walks[0].steps.slice(1)).toEqual([
      { question: 'Did the running-batch limit change?', answer: 'yes: max_num_seqs 64 → 24' },
    ]);
    expect(result.findings).toEqual([
      {
        hint: 'capacity',
        phase: 'queue_wait',
        title: 'running-batch limit changed: max_num_seqs 64 → 24',
        status: 'likely',
        cause: 'config',
        evidence: [{ text: 'max_num_seqs 64 → 24 in the recorded configuration' }],
        nextCheck: 'per-request telemetry (batch_size_at_admission) would show the batch at its cap',
        metrics,
      },
    ]);
  });

  it('a limit set on one side only reads as unset on the other', () => {
    const configChanges = [{ key: 'max_running_requests', base: undefined, head: 32 }];
    const result = walkServerTree(input([queue()], { configChanges }));
    expect(result.findings[0].title).toBe('running-batch limit changed: max_running_requests (unset) → 32');
  });

  it('a higher declared request rate: the load, confirmed', () => {
    // Concurrency fell, but the request rate is read first.
    const declared: DeclaredShift[] = [
      { key: 'concurrency', base: 32, head: 16 },
      { key: 'requestRate', base: 4, head: 8 },
    ];
    const result = walkServerTree(input([queue()], { declared }));
    expect(result.walks[0].steps.slice(1)).toEqual([
      { question: 'Did the load change?', answer: 'yes: request rate 4.00 → 8.00' },
    ]);
    expect(result.findings).toEqual([
      {
        hint: 'traffic-increase',
        phase: 'queue_wait',
        title: 'more load: request rate 4.00 → 8.00',
        status: 'confirmed',
        cause: 'workload',
        evidence: [{ text: 'the client tool declared requestRate 4.00 → 8.00' }],
        nextCheck: 'compare at the same load',
        metrics,
      },
    ]);
  });

  it('a higher declared concurrency, with no request rate: the load', () => {
    const declared: DeclaredShift[] = [{ key: 'concurrency', base: 16, head: 32 }];
    const result = walkServerTree(input([queue()], { declared }));
    expect(result.walks[0].steps[1].answer).toBe('yes: concurrency 16.0 → 32.0');
    expect(result.findings[0]).toMatchObject({
      hint: 'traffic-increase',
      title: 'more load: concurrency 16.0 → 32.0',
      evidence: [{ text: 'the client tool declared concurrency 16.0 → 32.0' }],
    });
  });

  it('no limit change and no more load: a candidate, and what would decide', () => {
    const candidate = {
      hint: 'capacity',
      phase: 'queue_wait',
      title: 'requests wait longer for admission; the scrape cannot tell capacity from scheduling',
      status: 'candidate',
      cause: 'unknown',
      evidence: [],
      nextCheck:
        'record per-request telemetry (batch_size_at_admission, queue_wait_ms) or scrape vllm:num_requests_running during the run',
      metrics,
    };
    const step = {
      question: 'Running batch vs its maximum?',
      answer: 'unknown: a scrape shows the batch at one moment, not over the run',
    };
    // The same load, and less of it, are not more load.
    for (const declared of [
      [],
      [{ key: 'requestRate', base: 4, head: 4 }],
      [{ key: 'concurrency', base: 32, head: 16 }],
    ] as DeclaredShift[][]) {
      const result = walkServerTree(input([queue()], { declared }));
      expect(result.walks[0].steps.slice(1)).toEqual([step]);
      expect(result.findings).toEqual([candidate]);
    }
  });
});

describe('prefill on the server', () => {
  const metrics = ['ttft.mean'];
  const hitStep = (answer: string) => ({ question: 'Prefix cache hit rate?', answer });

  it('the hit rate fell by 5 points or more: the prefix cache, confirmed', () => {
    // 10% → 5.0% of queried tokens: exactly 5 points.
    const result = walkServerTree(input([prefill()], { base: scraped('base', 10, 100), head: scraped('head', 1, 20) }));
    expect(result.walks[0].steps.slice(1)).toEqual([
      hitStep('10% → 5.0% of queried tokens (vllm:prefix_cache_hits / queries)'),
    ]);
    expect(result.findings).toEqual([
      {
        hint: 'prefix-cache',
        phase: 'prefill',
        title: 'prefix-cache hit rate fell from 10% to 5.0%',
        status: 'confirmed',
        cause: 'unknown',
        evidence: [{ text: 'prefix cache hits / queries: 10% → 5.0%' }],
        nextCheck: 'check the shared prompt prefix is byte-identical',
        metrics,
      },
    ]);
  });

  it('with prefix caching turned off in the configuration, the config is the cause', () => {
    const configChanges = [
      { key: 'max_num_seqs', base: 64, head: 24 },
      { key: 'enable_prefix_caching', base: true, head: false },
    ];
    // Longer prompts too: the cache, which fell 60 points, is read first.
    const declared: DeclaredShift[] = [{ key: 'inputTokensMean', base: 1000, head: 1500 }];
    const result = walkServerTree(
      input([prefill()], { base: scraped('base', 60, 100), head: scraped('head', 0, 100), configChanges, declared }),
    );
    expect(result.walks[0].steps.slice(1)).toEqual([
      hitStep('60% → 0% of queried tokens (vllm:prefix_cache_hits / queries)'),
    ]);
    expect(result.findings).toEqual([
      {
        hint: 'prefix-cache',
        phase: 'prefill',
        title: 'prefix-cache hit rate fell from 60% to 0%',
        status: 'confirmed',
        cause: 'config',
        evidence: [{ text: 'prefix cache hits / queries: 60% → 0%' }, { text: 'enable_prefix_caching: true → false' }],
        nextCheck: 'was turning enable_prefix_caching to false intended?',
        metrics,
      },
    ]);
  });

  it('longer declared prompts: the workload, confirmed', () => {
    // The hit rate fell under 5 points (50% → 46%): shown, not blamed.
    const declared: DeclaredShift[] = [{ key: 'inputTokensMean', base: 1000, head: 1500 }];
    const result = walkServerTree(
      input([prefill()], { base: scraped('base', 50, 100), head: scraped('head', 46, 100), declared }),
    );
    expect(result.walks[0].steps.slice(1)).toEqual([
      hitStep('50% → 46% of queried tokens (vllm:prefix_cache_hits / queries)'),
      { question: 'Did the prompts get longer?', answer: 'yes: mean input tokens 1,000 → 1,500' },
    ]);
    expect(result.findings).toEqual([
      {
        hint: 'workload-drift',
        phase: 'prefill',
        title: 'longer prompts: mean input tokens 1,000 → 1,500',
        status: 'confirmed',
        cause: 'workload',
        evidence: [{ text: 'mean input tokens 1,000 → 1,500 (+50%)' }],
        nextCheck: 'rerun on the same prompts',
        metrics,
      },
    ]);
  });

  it('the same prompts and cache hits: prefill compute, a candidate', () => {
    const candidate = {
      hint: 'prefill-compute',
      phase: 'prefill',
      title: 'prefill takes longer, with the same prompts and cache hits',
      status: 'candidate',
      cause: 'unknown',
      evidence: [],
      nextCheck: 'profile a prefill step; per-request telemetry would match prefill time by prompt length',
      metrics,
    };
    // No counters on one side: no hit-rate step. Prompts of the same or shorter length are not longer.
    for (const declared of [[], [{ key: 'inputTokensMean', base: 1000, head: 1000 }]] as DeclaredShift[][]) {
      const result = walkServerTree(input([prefill()], { base: scraped('base', 50, 100), declared }));
      expect(result.walks[0].steps).toHaveLength(1);
      expect(result.findings).toEqual([candidate]);
    }
    // Counters on the head only, or none counted: no hit rate either.
    for (const base of [scraped('base'), scraped('base', 0, 0)]) {
      const result = walkServerTree(input([prefill()], { base, head: scraped('head', 5, 100) }));
      expect(result.walks[0].steps).toHaveLength(1);
      expect(result.findings).toEqual([candidate]);
    }
    // The hit rate rose: shown, then the candidate.
    const rose = walkServerTree(input([prefill()], { base: scraped('base', 40, 100), head: scraped('head', 50, 100) }));
    expect(rose.walks[0].steps.slice(1)).toEqual([
      hitStep('40% → 50% of queried tokens (vllm:prefix_cache_hits / queries)'),
    ]);
    expect(rose.findings).toEqual([candidate]);
  });
});

describe('decode on the server', () => {
  const metrics = ['e2e.mean'];
  const overhead = {
    hint: 'decode-overhead',
    phase: 'decode',
    title: 'decode takes longer on the server',
    status: 'candidate',
    cause: 'unknown',
    evidence: [],
    nextCheck: 'per-request telemetry would match decode step time by running batch; or profile a decode step',
    metrics,
  };

  it('longer declared outputs: the workload, confirmed', () => {
    const declared: DeclaredShift[] = [{ key: 'outputTokensMean', base: 200, head: 300 }];
    const configChanges = [{ key: 'enable_chunked_prefill', base: false, head: true }];
    const result = walkServerTree(input([decode()], { declared, configChanges }));
    expect(result.walks[0].steps.slice(1)).toEqual([
      { question: 'Did the outputs get longer?', answer: 'yes: mean output tokens 200 → 300' },
    ]);
    expect(result.findings).toEqual([
      {
        hint: 'workload-drift',
        phase: 'decode',
        title: 'longer outputs: mean output tokens 200 → 300',
        status: 'confirmed',
        cause: 'workload',
        evidence: [],
        nextCheck: 'rerun with the same output lengths',
        metrics,
      },
    ]);
  });

  it('the same outputs: decode overhead, a candidate; a chunked-prefill change is shown', () => {
    const declared: DeclaredShift[] = [{ key: 'outputTokensMean', base: 300, head: 300 }];
    const plain = walkServerTree(input([decode()], { declared }));
    expect(plain.walks[0].steps).toHaveLength(1);
    expect(plain.findings).toEqual([overhead]);
    const configChanges = [
      { key: 'max_num_seqs', base: 64, head: 24 },
      { key: 'enable_chunked_prefill', base: false, head: true },
    ];
    const chunked = walkServerTree(input([decode()], { configChanges }));
    expect(chunked.walks[0].steps.slice(1)).toEqual([
      { question: 'Did chunked prefill change?', answer: 'enable_chunked_prefill false → true' },
    ]);
    expect(chunked.findings).toEqual([overhead]);
  });
});

describe('the network and the remainder on the server', () => {
  /** Client TTFT mean: the gap client − server 20 → 320 ms; the server's phases +2, +1 and −0.5 ms. */
  const network = () =>
    regressed('ttft mean', 'network', [
      share('queue_wait', 100, 102),
      share('prefill', 50, 51),
      share('remainder', 5, 4.5),
      share('network', 20, 320, { shareOfChange: 0.99 }),
    ]);
  const proxy = (metrics: string[]) => ({
    hint: 'buffering-proxy',
    phase: 'network',
    title: 'the time between server and client grew, not the server: a proxy, load balancer or the network',
    status: 'likely',
    cause: 'unknown',
    evidence: [{ text: 'client mean TTFT − server mean TTFT (the scrape): 20.0 → 320 ms' }],
    nextCheck:
      'compare a run with the proxy bypassed (client straight to the server), and timestamps at the load balancer for where the first chunk waits',
    metrics,
  });
  const gapStep = {
    question: 'Client TTFT vs server TTFT?',
    answer: "client − server mean 20.0 → 320 ms; the server's own mean moved 2.50 ms",
  };

  it('the gap between client and server grew: a proxy or the network, likely', () => {
    const result = walkServerTree(input([network()]));
    expect(result.walks[0].steps).toEqual([
      where(`network: mean 20.0 → 320 ms on the server (99% of the change in the mean TTFT; ${NOT_RECORDED})`),
      gapStep,
    ]);
    expect(result.findings).toEqual([proxy(['ttft.mean'])]);
  });

  it('the gap is read from the network walk’s own decomposition, not the first regressed metric’s', () => {
    // E2E comes first and has no network phase; before the fix the network walk lost its numbers.
    const result = walkServerTree(input([decode(), network()]));
    expect(result.walks[1].steps).toEqual([expect.objectContaining({ question: 'Where does the time go?' }), gapStep]);
    expect(result.findings[1]).toEqual(proxy(['ttft.mean']));
  });

  it('the remainder: time inside the server outside its phases, likely', () => {
    const rest = regressed('e2e mean', 'remainder', [
      share('decode', 800, 810),
      share('remainder', 20, 120, { shareOfChange: 0.9 }),
    ]);
    const result = walkServerTree(input([rest]));
    expect(result.walks[0].steps).toEqual([
      where(
        `remainder (unattributed): mean 20.0 → 120 ms on the server (90% of the change in the mean E2E; ${NOT_RECORDED})`,
      ),
    ]);
    expect(result.findings).toEqual([
      {
        hint: 'measurement-gap',
        phase: 'remainder',
        title: 'the time went inside the server, outside the phases it records',
        status: 'likely',
        cause: 'unknown',
        evidence: [],
        nextCheck: 'instrument what runs between the phases',
        metrics: ['e2e.mean'],
      },
    ]);
  });
});
