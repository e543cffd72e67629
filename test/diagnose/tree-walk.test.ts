// The walk of the §5 tree on hand-built inputs: which phase a metric branches on, how metrics that
// share a phase share one walk (and its first answer), which branch each phase is handed to, and
// what happens to the findings on the way out — merged per hint and phase, marked down when the
// workload changed too, and ranked confirmed first. The branches themselves are tested in
// test/diagnose/branches; here their result is compared with a direct call.
import { describe, expect, it } from 'vitest';
import type { MetricComparison } from '../../src/compare/types';
import type { Attribution, PhaseShare } from '../../src/diagnose/attribution';
import { decodeBranch } from '../../src/diagnose/branches/decode';
import { gapBranch } from '../../src/diagnose/branches/gap';
import { networkBranch } from '../../src/diagnose/branches/network';
import { detokenizeBranch, tokenizeBranch } from '../../src/diagnose/branches/per-token';
import { prefillBranch } from '../../src/diagnose/branches/prefill';
import { queueBranch } from '../../src/diagnose/branches/queue';
import type { BranchResult, DiagnosisContext } from '../../src/diagnose/context';
import { branchPhase, walkTree } from '../../src/diagnose/tree';
import type { PhaseOrRemainder } from '../../src/metrics/catalog';
import { parseMetricSpec } from '../../src/metrics/metric-spec';
import { attributionOf, context, lengthShift, matchedCost, rateShift, share, side, table } from './branches/build';

const TAIL = 'slowest 5% of requests';

/** A regressed metric as the tree reads it: only its spec. */
function comparison(text: string): MetricComparison {
  const spec = parseMetricSpec(text);
  if (typeof spec === 'string') throw new Error(spec);
  return { spec } as Partial<MetricComparison> as MetricComparison;
}

/** A decomposition whose tail mean went `baseMean` → `headMean`, its largest change in `dominant`. */
function attribution(
  dominant: PhaseOrRemainder | null,
  phases: PhaseShare[] = [],
  baseMean = 200,
  headMean = 300,
): Attribution {
  return {
    ...attributionOf(TAIL, 0.95, phases),
    dominant,
    base: { threshold: 0, count: 10, mean: baseMean },
    head: { threshold: 0, count: 10, mean: headMean },
  };
}

const regressed = (text: string, a: Attribution | null = null) => ({ comparison: comparison(text), attribution: a });

/** Sides with no columns: every branch takes its "the data cannot tell" path. */
const bare = (extra: Parameters<typeof context>[2] = {}) => context(side([table({})]), side([table({})]), extra);

/** Requests of 1,000 prompt tokens tokenized in `ms` each (a cost per token of ms µs). */
const tokenized = (ms: number) => table({ prompt_tokens: [1000, 1000, 1000], tokenize_ms: [ms, ms, ms] });

describe('the phase a metric branches on', () => {
  it('ITL, TPOT and decode are decode metrics whatever the decomposition says', () => {
    const a = attribution('queue_wait');
    expect(branchPhase(comparison('itl p99'), a)).toBe('decode');
    expect(branchPhase(comparison('tpot p95'), a)).toBe('decode');
    expect(branchPhase(comparison('decode p95'), a)).toBe('decode');
    expect(branchPhase(comparison('itl p99'), null)).toBe('decode');
  });

  it('a phase metric branches on its own phase', () => {
    const a = attribution('decode');
    for (const id of ['tokenize', 'queue_wait', 'prefill', 'network', 'detokenize'])
      expect(branchPhase(comparison(`${id} p95`), a)).toBe(id);
  });

  it('any other metric branches on the dominant phase, and on none without a decomposition', () => {
    expect(branchPhase(comparison('ttft p95'), attribution('prefill'))).toBe('prefill');
    expect(branchPhase(comparison('e2e p99'), attribution('remainder'))).toBe('remainder');
    expect(branchPhase(comparison('ttft p95'), attribution(null))).toBeNull();
    expect(branchPhase(comparison('ttft p95'), null)).toBeNull();
  });
});

describe('walking the tree', () => {
  it('nothing to branch on: no walk and no finding', () => {
    expect(walkTree([regressed('ttft p95'), regressed('e2e p99', attribution(null))], bare())).toEqual({
      walks: [],
      findings: [],
    });
  });

  it('a metric without a phase is left out; the others are walked', () => {
    const result = walkTree([regressed('ttft p95'), regressed('tokenize p95')], bare());
    expect(result.walks.map((w) => w.metrics)).toEqual([['tokenize.p95']]);
  });

  it('the first answer: the phase, what it moved in the tail and its share of the change', () => {
    // Queue wait +90 ms of the tail's +100 ms (200 → 300 ms: +50%).
    const a = attribution('queue_wait', [share('queue_wait', 50, 140, { shareOfChange: 0.9 })]);
    const [walk] = walkTree([regressed('ttft p95', a)], bare()).walks;
    expect(walk.steps[0]).toEqual({
      question: 'Where does the time go?',
      answer: `queue wait: +90.0 ms in the ${TAIL} by TTFT (90% of the change in their mean, +50%)`,
    });
    expect(walk).toMatchObject({ metrics: ['ttft.p95'], phase: 'queue_wait', rootPhase: 'queue_wait' });
  });

  it('without a decomposition, or one without the phase, the first answer names the phase the metric belongs to', () => {
    const [none] = walkTree([regressed('itl p99')], bare()).walks;
    expect(none.steps[0].answer).toBe('decode (ITL p99 is a decode metric)');
    // A decomposition of another metric's phases: no decode share in it.
    const other = attribution('queue_wait', [share('queue_wait', 50, 140, { shareOfChange: 0.9 })]);
    const [missing] = walkTree([regressed('tpot p95', other)], bare()).walks;
    expect(missing.steps[0].answer).toBe('decode (TPOT p95 is a decode metric)');
  });

  it('metrics that share a phase share one walk, told by the first of them with a decomposition', () => {
    // ITL has no decomposition; TPOT's shows decode +30 ms, all of the change (100 → 130 ms).
    const a = attribution('decode', [share('decode', 80, 110, { shareOfChange: 1 })], 100, 130);
    const result = walkTree([regressed('itl p99'), regressed('tpot p95', a), regressed('decode p50')], bare());
    expect(result.walks).toHaveLength(1);
    const [walk] = result.walks;
    expect(walk.metrics).toEqual(['itl.p99', 'tpot.p95', 'decode.p50']);
    expect(walk.steps[0].answer).toBe(
      `decode: +30.0 ms in the ${TAIL} by TPOT (100% of the change in their mean, +30%)`,
    );
    expect(result.findings.map((f) => f.metrics)).toEqual([['itl.p99', 'tpot.p95', 'decode.p50']]);
  });

  it('walks come in the order their phases first appear', () => {
    const result = walkTree(
      [regressed('detokenize p95'), regressed('tokenize p95'), regressed('tpot p95'), regressed('detokenize p50')],
      bare(),
    );
    expect(result.walks.map((w) => [w.phase, w.metrics])).toEqual([
      ['detokenize', ['detokenize.p95', 'detokenize.p50']],
      ['tokenize', ['tokenize.p95']],
      ['decode', ['tpot.p95']],
    ]);
  });
});

describe('each phase is handed to its branch', () => {
  // Network and the remainder read the decomposition: the network's gap grew 300 ms with the
  // server flat; the remainder went 10 → 60 ms.
  const shares = () => [
    share('network', 20, 320, { shareOfChange: 0.95, shareOfHead: 0.6 }),
    share('queue_wait', 100, 102),
    share('remainder', 10, 60, { shareOfChange: 0.5 }),
  ];
  const cases: [string, PhaseOrRemainder, (ctx: DiagnosisContext, m: string[], a: Attribution) => BranchResult][] = [
    ['queue_wait p95', 'queue_wait', (ctx, m) => queueBranch(ctx, m)],
    ['prefill p95', 'prefill', (ctx, m) => prefillBranch(ctx, m)],
    ['itl p99', 'decode', (ctx, m) => decodeBranch(ctx, m)],
    ['tokenize p95', 'tokenize', (ctx, m) => tokenizeBranch(ctx, m)],
    ['detokenize p95', 'detokenize', (ctx, m) => detokenizeBranch(ctx, m)],
    ['network p95', 'network', (ctx, m, a) => networkBranch(ctx, m, a)],
    ['e2e p95', 'remainder', (ctx, m, a) => gapBranch(ctx, m, a)],
  ];
  it.each(cases)('%s walks the %s branch', (metric, phase, direct) => {
    const a = attribution(phase, shares());
    const ctx = bare();
    const result = walkTree([regressed(metric, a)], ctx);
    const key = comparison(metric).spec.key;
    const expected = direct(ctx, [key], a);
    expect(result.walks).toHaveLength(1);
    expect(result.walks[0].phase).toBe(phase);
    expect(result.walks[0].steps.slice(1)).toEqual(expected.steps);
    expect(result.walks[0].hints).toEqual(expected.findings.map((f) => f.hint));
    expect(result.findings).toEqual(expected.findings);
  });

  it('network and the remainder get the decomposition: the tail and its numbers', () => {
    const result = walkTree(
      [
        regressed('network p95', attribution('network', shares())),
        regressed('e2e p95', attribution('remainder', shares())),
      ],
      bare(),
    );
    expect(result.walks.map((w) => w.steps[1].answer)).toEqual([
      `network/proxy (client TTFT − server TTFT) in the ${TAIL}: 20.0 ms → 320 ms (+300 ms); its own p95 — → —`,
      'none: the unattributed remainder went 10.0 ms → 60.0 ms',
    ]);
    // The server moved +2 ms of the gap's +300 (+50 ms of remainder count as server): under 20%.
    expect(result.findings.map((f) => [f.hint, f.status])).toEqual([
      ['buffering-proxy', 'confirmed'],
      ['measurement-gap', 'likely'],
    ]);
  });
});

describe('where the diagnosis ends', () => {
  /** A running batch of 8 under a cap of 10; prefill and decode ms a request. */
  const engine = (prefill: number, decode: number) =>
    side([table({ batch_size_at_admission: [8, 8], prefill_ms: [prefill, prefill], decode_ms: [decode, decode] })], {
      max_num_seqs: 10,
    });

  it('queueing caused by slower prefill ends in prefill', () => {
    // 100 + 400 → 200 + 400 ms a request: +20%, all prefill; the queue is a symptom.
    const ctx = context(engine(100, 400), engine(200, 400));
    const [walk] = walkTree([regressed('queue_wait p95')], ctx).walks;
    expect(walk.phase).toBe('queue_wait');
    expect(walk.rootPhase).toBe('prefill');
  });

  it('a branch that names no other phase ends where it started', () => {
    const [walk] = walkTree([regressed('queue_wait p95')], bare()).walks;
    expect(walk.rootPhase).toBe('queue_wait');
  });
});

describe('the findings of all walks', () => {
  it('one finding per hint and phase: a second walk to it adds its metrics', () => {
    // The queue walk follows prefill (it grew 100 → 200 ms a request), and so does the prefill
    // walk: both end in the same prefill-compute candidate.
    const engine = (prefill: number) =>
      side([table({ batch_size_at_admission: [8, 8], prefill_ms: [prefill, prefill], decode_ms: [400, 400] })], {
        max_num_seqs: 10,
      });
    const ctx = context(engine(100), engine(200));
    const result = walkTree([regressed('queue_wait p95'), regressed('prefill p95')], ctx);
    expect(result.walks.map((w) => [w.metrics, w.hints])).toEqual([
      [['queue_wait.p95'], ['prefill-compute']],
      [['prefill.p95'], ['prefill-compute']],
    ]);
    expect(result.findings.map((f) => [f.hint, f.phase, f.metrics])).toEqual([
      ['prefill-compute', 'prefill', ['queue_wait.p95', 'prefill.p95']],
    ]);
  });

  it('the same hint in two phases stays two findings', () => {
    // Longer prompts at the same cost per token: drift in tokenize and in prefill.
    const costed = context(side([tokenized(2)]), side([tokenized(2)]), {
      workload: { prompt: lengthShift('prompt_tokens', 1000, 2000) },
    });
    const drift = walkTree([regressed('tokenize p95'), regressed('prefill p95')], costed);
    expect(drift.findings.map((f) => [f.hint, f.phase, f.metrics])).toEqual([
      ['workload-drift', 'tokenize', ['tokenize.p95']],
      ['workload-drift', 'prefill', ['prefill.p95']],
    ]);
  });

  it('two hints in one phase stay two findings', () => {
    // More arrivals and a slower step at matched batch: traffic, and the step as a likely second cause.
    const ctx = bare({ workload: { arrivalRate: rateShift(4, 6) }, costs: [matchedCost('decode-step', 0.2)] });
    const result = walkTree([regressed('itl p99')], ctx);
    expect(result.findings.map((f) => [f.hint, f.phase, f.status])).toEqual([
      ['traffic-increase', 'decode', 'likely'],
      ['decode-overhead', 'decode', 'likely'],
    ]);
    expect(result.walks[0].hints).toEqual(['traffic-increase', 'decode-overhead']);
  });

  it('ranked confirmed, then likely, then candidate; walks keep their order', () => {
    // Detokenize has no columns (candidate), the remainder is always likely, tokenize doubled its
    // cost per token (confirmed).
    const ctx = context(side([tokenized(2)]), side([tokenized(4)]));
    const result = walkTree(
      [
        regressed('detokenize p95'),
        regressed('e2e p95', attribution('remainder', [share('remainder', 10, 60)])),
        regressed('tokenize p95'),
      ],
      ctx,
    );
    expect(result.walks.map((w) => w.phase)).toEqual(['detokenize', 'remainder', 'tokenize']);
    expect(result.findings.map((f) => [f.phase, f.status])).toEqual([
      ['tokenize', 'confirmed'],
      ['remainder', 'likely'],
      ['detokenize', 'candidate'],
    ]);
  });
});

describe('a workload that changed too', () => {
  const slowerTokenizer = (changed: boolean) =>
    context(side([tokenized(2)]), side([tokenized(4)]), { workload: { changed } });

  it('a confirmed finding that blames the code becomes likely, and says why', () => {
    const result = walkTree([regressed('tokenize p95')], slowerTokenizer(true));
    const direct = tokenizeBranch(slowerTokenizer(true), ['tokenize.p95']).findings[0];
    expect(direct).toMatchObject({ status: 'confirmed', cause: 'code' });
    expect(result.findings).toEqual([
      {
        ...direct,
        status: 'likely',
        evidence: [
          ...direct.evidence,
          {
            text: 'the workload changed between the runs too, so this comparison is not clean: rerun on the same workload to confirm',
          },
        ],
      },
    ]);
    // The walk still lists the hint; the branch's own finding is left as it was.
    expect(result.walks[0].hints).toEqual(['tokenizer']);
  });

  it('on the same workload the code finding stays confirmed', () => {
    const result = walkTree([regressed('tokenize p95')], slowerTokenizer(false));
    expect(result.findings).toEqual(tokenizeBranch(slowerTokenizer(false), ['tokenize.p95']).findings);
    expect(result.findings[0].status).toBe('confirmed');
  });

  it('findings that blame the workload or the config, or are not confirmed, are left alone', () => {
    // Longer prompts at the same cost per token (confirmed, workload); a proxy with the server flat
    // (confirmed, config); the remainder (likely, unknown).
    const ctx = context(side([tokenized(2)]), side([tokenized(2)]), {
      workload: { changed: true, prompt: lengthShift('prompt_tokens', 1000, 2000) },
    });
    const network = attribution('network', [share('network', 20, 320), share('queue_wait', 100, 101)]);
    const gap = attribution('remainder', [share('remainder', 10, 60)]);
    const result = walkTree(
      [regressed('tokenize p95'), regressed('network p95', network), regressed('e2e p95', gap)],
      ctx,
    );
    expect(result.findings.map((f) => [f.hint, f.status, f.cause, f.evidence.length])).toEqual([
      ['workload-drift', 'confirmed', 'workload', 1],
      ['buffering-proxy', 'confirmed', 'config', 2],
      ['measurement-gap', 'likely', 'unknown', 1],
    ]);
  });
});
