// The queue branch (§5, QUEUE_WAIT dominates → capacity or admission): the running batch against its
// maximum (a cap that was cut or that the batch never passes: capacity; more arrivals: traffic;
// requests that hold their slots longer: the queue is a symptom; high: at capacity; low: the
// scheduler), then whether long prefills block admission (chunked prefill).
import { describe, expect, it } from 'vitest';
import { queueBranch } from '../../../src/diagnose/branches/queue';
import { context, matchedCost, rateShift, side, table } from './build';
import type { ConfigValue } from '../../../src/model/run';
import type { NumericField } from '../../../src/model/fields';

const metrics = ['ttft p95'];
const BATCH_Q = 'Running batch vs its maximum?';
const OVERLAP_Q = 'Are long prefills blocking?';

/** A side of one run: each request admitted with the batch at `batches[i]`, plus other columns. */
function batched(
  batches: number[],
  config: Record<string, ConfigValue> = {},
  columns: Partial<Record<NumericField, number[]>> = {},
) {
  return side([table({ batch_size_at_admission: batches, ...columns })], config);
}

const times = (n: number, v: number) => new Array<number>(n).fill(v);

describe('the queue branch: the running batch against its maximum', () => {
  it('without the batch at admission it cannot tell capacity from scheduling', () => {
    expect(queueBranch(context(batched([10]), side([table({ queue_wait_ms: [100] })])), metrics)).toEqual({
      steps: [{ question: BATCH_Q, answer: 'unknown: no batch_size_at_admission in the data' }],
      findings: [
        {
          hint: 'capacity',
          phase: 'queue_wait',
          title: 'requests wait for admission; the data cannot tell capacity from scheduling',
          status: 'candidate',
          cause: 'unknown',
          evidence: [{ text: 'queue wait holds the change, but the artifact has no batch_size_at_admission' }],
          nextCheck:
            'record batch_size_at_admission (and the engine config) to compare the running batch with its maximum',
          metrics,
        },
      ],
    });
  });

  it('max_num_seqs cut and the batch at the new cap: capacity, confirmed, the config', () => {
    // 3 of 10 requests admitted at 24, the new cap; none above it.
    const ctx = context(
      batched([40, 64], { max_num_seqs: 64 }),
      batched([24, 24, 24, ...times(7, 20)], { max_num_seqs: 24 }),
    );
    expect(queueBranch(ctx, metrics)).toEqual({
      steps: [{ question: BATCH_Q, answer: 'at its configured maximum: max_num_seqs 64 → 24' }],
      findings: [
        {
          hint: 'capacity',
          phase: 'queue_wait',
          title: 'running-batch capacity cut: max_num_seqs 64 → 24',
          status: 'confirmed',
          cause: 'config',
          evidence: [
            {
              text: 'Running batch at admission: mean 21.2, max 24 (baseline mean 52.0, max 64)',
              values: { headMean: 21.2, headMax: 24, baseMean: 52, baseMax: 64 },
            },
            {
              text: 'max_num_seqs is 24 in this run, 64 in the baseline; 30% of requests were admitted with the batch at that cap',
              values: { key: 'max_num_seqs', base: 64, head: 24, shareAtCap: 0.3 },
            },
          ],
          nextCheck:
            'is the lower max_num_seqs intended? KV-cache use at the cap would tell whether memory allows more',
          metrics,
        },
      ],
      rootPhase: undefined,
    });
  });

  it('a cut cap is confirmed only with 10% of requests at it and none above', () => {
    const status = (head: number[]) =>
      queueBranch(context(batched([64], { max_num_seqs: 64 }), batched(head, { max_num_seqs: 24 })), metrics)
        .findings[0].status;
    expect(status([24, ...times(9, 20)])).toBe('confirmed'); // exactly 10%
    expect(status(times(10, 20))).toBe('likely'); // never at the cap
    expect(status([25, ...times(9, 20)])).toBe('likely'); // above the cap: something else admits
  });

  it('a cap that did not fall is no cut', () => {
    for (const [base, head] of [
      [64, 64],
      [24, 64],
    ]) {
      const result = queueBranch(
        context(batched([10], { max_num_seqs: base }), batched([10], { max_num_seqs: head })),
        metrics,
      );
      expect(result.findings[0].hint).toBe('scheduler-limited');
    }
    // Nor is a cap recorded on one side only.
    const oneSide = queueBranch(context(batched([10]), batched([10], { max_num_seqs: 24 })), metrics);
    expect(oneSide.findings[0].hint).toBe('scheduler-limited');
  });

  it('a batch that never passes a new ceiling: capacity, confirmed, cause unknown', () => {
    // Baseline peaked at 50; the head never above 30 (under 80% of 50), 1 of 10 requests at ≥ 28.5.
    const ctx = context(batched([10, 50]), batched([30, ...times(9, 10)]));
    expect(queueBranch(ctx, metrics)).toEqual({
      steps: [{ question: BATCH_Q, answer: 'capped: never above 30 (baseline peaked at 50)' }],
      findings: [
        {
          hint: 'capacity',
          phase: 'queue_wait',
          title: 'the running batch never exceeded 30 (baseline peaked at 50)',
          status: 'confirmed',
          cause: 'unknown',
          evidence: [
            {
              text: 'Running batch at admission: mean 12.0, max 30 (baseline mean 30.0, max 50)',
              values: { headMean: 12, headMax: 30, baseMean: 30, baseMax: 50 },
            },
            { text: '10% of requests were admitted with the batch at its new ceiling', values: { shareAtCap: 0.1 } },
          ],
          nextCheck:
            'find what caps the batch: max_num_seqs, KV-cache blocks (num_gpu_blocks, gpu_memory_utilization) or preemption',
          metrics,
        },
      ],
      rootPhase: undefined,
    });
  });

  it('no new ceiling when the head reached 80% of the old peak, or too few requests sat at it', () => {
    const hint = (head: number[]) => queueBranch(context(batched([10, 50]), batched(head)), metrics).findings[0].hint;
    expect(hint([40, ...times(9, 10)])).toBe('scheduler-limited');
    expect(hint([30, ...times(10, 10)])).toBe('scheduler-limited'); // 1 of 11 at the ceiling
    expect(hint([29, 30, ...times(8, 10)])).toBe('capacity'); // 29 ≥ 95% of 30 counts
  });

  it('more arrivals fill the batch: the traffic, confirmed', () => {
    const ctx = context(batched([8, 12]), batched([14, 16]), { workload: { arrivalRate: rateShift(4, 6) } });
    const result = queueBranch(ctx, metrics);
    expect(result.steps).toEqual([
      { question: BATCH_Q, answer: 'fuller because more requests arrived (4.00 → 6.00 req/s)' },
    ]);
    expect(result.findings).toEqual([
      {
        hint: 'traffic-increase',
        phase: 'queue_wait',
        title: 'more traffic: arrivals rose +50% (4.00 → 6.00 req/s)',
        status: 'confirmed',
        cause: 'workload',
        evidence: [
          {
            text: 'arrival rate 4.00 → 6.00 req/s (rate-ratio test p < 0.001)',
            values: { baseRate: 4, headRate: 6, pValue: 0.0004 },
          },
          {
            text: 'Running batch at admission: mean 15.0, max 16 (baseline mean 10.0, max 12)',
            values: { headMean: 15, headMax: 16, baseMean: 10, baseMax: 12 },
          },
        ],
        nextCheck:
          'compare at the same arrival rate before blaming the code; if this load is the new normal, plan capacity for it',
        metrics,
      },
    ]);
    // Fewer arrivals, or more within noise: not the traffic.
    for (const arrivalRate of [rateShift(6, 4), rateShift(4, 6, false)])
      expect(
        queueBranch(context(batched([8, 12]), batched([14, 16]), { workload: { arrivalRate } }), metrics).findings[0]
          .hint,
      ).not.toBe('traffic-increase');
  });

  it('high: the batch sits near its configured maximum, or near the most it reached', () => {
    const ctx = context(batched([9], { max_num_seqs: 10 }), batched(times(20, 9), { max_num_seqs: 10 }));
    expect(queueBranch(ctx, metrics)).toEqual({
      steps: [{ question: BATCH_Q, answer: 'high: p95 9 of 10' }],
      findings: [
        {
          hint: 'capacity',
          phase: 'queue_wait',
          title: 'at capacity: the running batch sits at 9 of 10',
          status: 'likely',
          cause: 'unknown',
          evidence: [
            {
              text: 'Running batch at admission: mean 9.00, max 9 (baseline mean 9.00, max 9)',
              values: { headMean: 9, headMax: 9, baseMean: 9, baseMax: 9 },
            },
            { text: 'max_num_seqs = 10; batch p95 9' },
          ],
          nextCheck:
            'each request holds its slot longer or the cap is lower: compare decode time per request and KV-cache use',
          metrics,
        },
      ],
      rootPhase: undefined,
    });
    // No cap recorded: the observed maximum is the limit.
    const observed = queueBranch(context(batched([10]), batched([...times(19, 10), 11])), metrics);
    expect(observed.steps[0].answer).toBe('high: p95 10 of 11');
    expect(observed.findings[0].evidence[1].text).toBe('observed maximum 11; batch p95 10');
  });

  it('low: requests queue while the batch has room — the scheduler', () => {
    const ctx = context(batched([8], { max_num_seqs: 10 }), batched(times(20, 8), { max_num_seqs: 10 }));
    const result = queueBranch(ctx, metrics);
    expect(result.steps).toEqual([{ question: BATCH_Q, answer: 'low: p95 8 of 10 while requests queued' }]);
    expect(result.findings).toEqual([
      {
        hint: 'scheduler-limited',
        phase: 'queue_wait',
        title: 'requests queue while the running batch has room (p95 8 of 10)',
        status: 'likely',
        cause: 'unknown',
        evidence: [
          {
            text: 'Running batch at admission: mean 8.00, max 8 (baseline mean 8.00, max 8)',
            values: { headMean: 8, headMax: 8, baseMean: 8, baseMax: 8 },
          },
        ],
        nextCheck:
          'look at the scheduler: admission interval, max_num_batched_tokens, KV-cache block availability, preemptions',
        metrics,
      },
    ]);
    // No batch in the baseline: the head's alone.
    const noBase = queueBranch(context(side([table({ queue_wait_ms: [1] })]), batched(times(20, 8))), metrics);
    expect(noBase.findings[0].evidence[0]).toEqual({
      text: 'Running batch at admission: mean 8.00, max 8',
      values: { headMean: 8, headMax: 8, baseMean: null, baseMax: null },
    });
  });
});

describe('the queue branch: requests that hold their slots longer', () => {
  /** Engine time per request: prefill and decode ms (no column when undefined), batch 8 of 10. */
  const engine = (
    prefill: number | undefined,
    decode: number | undefined,
    extra: Partial<Record<NumericField, number[]>> = {},
  ) =>
    batched(
      [8, 8],
      { max_num_seqs: 10 },
      {
        ...(prefill === undefined ? {} : { prefill_ms: [prefill, prefill] }),
        ...(decode === undefined ? {} : { decode_ms: [decode, decode] }),
        ...extra,
      },
    );

  it('decode grew: the queue is a symptom, and the decode branch says why', () => {
    // 100 + 400 → 100 + 500 ms a request: +20%, all of it decode.
    const result = queueBranch(context(engine(100, 400), engine(100, 500)), metrics);
    expect(result.steps.slice(0, 2)).toEqual([
      {
        question: 'Does each request hold its slot longer?',
        answer: 'yes: engine time per request (prefill + decode, mean) +20%, mostly decode; the queue is a symptom',
      },
      expect.objectContaining({ question: 'Decode step time at matched running batch?' }),
    ]);
    expect(result.findings.map((f) => [f.hint, f.phase])).toEqual([['decode-overhead', 'decode']]);
    expect(result.rootPhase).toBe('decode');
  });

  it('prefill grew (or both by as much): the prefill branch says why', () => {
    for (const [base, head] of [
      [
        [100, 400],
        [200, 400],
      ],
      [
        [100, 400],
        [150, 450],
      ],
    ]) {
      const result = queueBranch(context(engine(base[0], base[1]), engine(head[0], head[1])), metrics);
      expect(result.steps[0].answer).toMatch(/, mostly prefill; the queue is a symptom$/);
      expect(result.steps[1].question).toBe('Did the prompt length distribution change?');
      expect(result.rootPhase).toBe('prefill');
      expect(result.findings.map((f) => f.hint)).toEqual(['prefill-compute']);
    }
  });

  it('where decode leads into prefill, the root is prefill', () => {
    // Decode grew, its matched step is slower and uncached prompt tokens grew 20%: prefill work.
    const ctx = context(
      engine(100, 400, { prompt_tokens: [1000, 1000] }),
      engine(100, 500, { prompt_tokens: [1200, 1200] }),
      { costs: [matchedCost('decode-step', 0.15)] },
    );
    const result = queueBranch(ctx, metrics);
    expect(result.steps.map((s) => s.question).slice(0, 3)).toEqual([
      'Does each request hold its slot longer?',
      'Decode step time at matched running batch?',
      'Do decode steps carry more prefill work?',
    ]);
    expect(result.rootPhase).toBe('prefill');
  });

  it('a phase missing on a side counts as no time there, and no change', () => {
    // Base 100 + 400; head has no prefill column: 0 + 600 = +20%, decode.
    const result = queueBranch(context(engine(100, 400), engine(undefined, 600)), metrics);
    expect(result.steps[0].answer).toBe(
      'yes: engine time per request (prefill + decode, mean) +20%, mostly decode; the queue is a symptom',
    );
    // Base without decode: 100 + 0 → 100 + 500 would be +500%; its decode change is unknown (0), so
    // the prefill's +0 leads.
    const noBaseDecode = queueBranch(context(engine(100, undefined), engine(100, 500)), metrics);
    expect(noBaseDecode.steps[0].answer).toBe(
      'yes: engine time per request (prefill + decode, mean) +500%, mostly prefill; the queue is a symptom',
    );
  });

  it('9% more engine time, or none in the baseline, is not read as the cause', () => {
    for (const [base, head] of [
      [engine(100, 400), engine(100, 445)],
      [engine(0, 0), engine(100, 400)],
      [engine(undefined, undefined), engine(100, 400)],
    ]) {
      const result = queueBranch(context(base, head), metrics);
      expect(result.steps[0].question).toBe(BATCH_Q);
      expect(result.rootPhase).toBeUndefined();
    }
  });
});

describe('the queue branch: long prefills blocking admission', () => {
  /**
   * 20 requests: r0 arrives at 0 with a 1000 ms prefill (the only long one: p99 of prefill_ms is
   * 829 ms), r1 arrives at 100 ms and waits 800 ms inside it; 18 more arrive from 2 s and wait 10 ms
   * each, overlapping nothing. The longest waits (≥ p95 = 49.5 ms) are r1 alone: 100% overlap, vs
   * 1 of the 19 that waited (5.3%).
   */
  function blocked(config: Record<string, ConfigValue>, secondLong = false) {
    const n = 20;
    const arrival = [0, 0.1, ...Array.from({ length: n - 2 }, (_, i) => 2 + i)];
    const queue = [0, 800, ...times(n - 2, 10)];
    // With secondLong, r2 also waits 800 ms, at 2 s: outside every long prefill.
    if (secondLong) queue[2] = 800;
    return batched(
      times(n, 8),
      { max_num_seqs: 10, ...config },
      {
        arrival_ts: arrival,
        queue_wait_ms: queue,
        prefill_ms: [1000, ...times(n - 1, 100)],
      },
    );
  }

  it('the longest waits overlap a long prefill far more than waits in general, chunked prefill off: confirmed', () => {
    const result = queueBranch(
      context(batched([8], { max_num_seqs: 10 }), blocked({ enable_chunked_prefill: false })),
      metrics,
    );
    expect(result.steps[1]).toEqual({
      question: OVERLAP_Q,
      answer: 'yes: 100% of the longest waits overlapped a long prefill (≥ 829 ms), vs 5.3% of all waits',
    });
    expect(result.findings.map((f) => f.hint)).toEqual(['scheduler-limited', 'long-prefill-blocking']);
    expect(result.findings[1]).toEqual({
      hint: 'long-prefill-blocking',
      phase: 'queue_wait',
      title: 'long prefills block admission',
      status: 'confirmed',
      cause: 'config',
      evidence: [
        {
          text: '100% of the slowest-waiting requests waited while a long prefill (≥ 829 ms) ran, vs 5.3% of all waiting requests',
          values: { tailShare: 1, overallShare: 1 / 19 },
        },
        { text: 'chunked prefill setting in this run: false' },
      ],
      nextCheck:
        'enable chunked prefill (--enable-chunked-prefill, a max_num_batched_tokens budget) and re-measure ITL p99 and TTFT p95',
      metrics,
    });
  });

  it('chunked prefill not recorded: likely, cause unknown, and no setting shown', () => {
    const f = queueBranch(context(batched([8]), blocked({})), metrics).findings[1];
    expect(f).toMatchObject({ hint: 'long-prefill-blocking', status: 'likely', cause: 'unknown' });
    expect(f.evidence).toHaveLength(1);
    const recordedNull = queueBranch(context(batched([8]), blocked({ enable_chunked_prefill: null })), metrics);
    expect(recordedNull.findings[1].evidence[1].text).toBe('chunked prefill setting in this run: null');
  });

  it('chunked prefill on: no prompt prefills whole, so the overlap is shared busy periods, not blocking', () => {
    const sized = queueBranch(context(batched([8]), blocked({ chunked_prefill_size: 8192 })), metrics);
    expect(sized.steps[1].answer).toBe(
      'no: chunked prefill is on (chunks of 8,192 tokens), so no prompt prefills in one piece; 100% of the longest waits overlapped a long prefill (≥ 829 ms), vs 5.3% of all waits: busy periods they share, not one blocking the other',
    );
    expect(sized.findings.map((f) => f.hint)).toEqual(['scheduler-limited']);
    const on = queueBranch(context(batched([8]), blocked({ enable_chunked_prefill: true })), metrics);
    expect(on.steps[1].answer).toMatch(/^no: chunked prefill is on, so no prompt prefills in one piece; 100% /);
  });

  it('half the longest waits overlapping is enough; and the tail must overlap 1.5× as often as all waits', () => {
    // r1 and r2 waited 800 ms (the tail, ≥ p95 = 800): r1 overlapped, r2 did not — 50%, vs 1 of 19.
    const half = queueBranch(context(batched([8]), blocked({ enable_chunked_prefill: false }, true)), metrics);
    expect(half.steps[1].answer).toBe(
      'yes: 50% of the longest waits overlapped a long prefill (≥ 829 ms), vs 5.3% of all waits',
    );
    // Three waits, two inside the long prefill: the tail (the 800 ms wait) 100% vs 2 of 3 overall —
    // exactly 1.5×, enough.
    const dense = batched(
      [8, 8, 8, 8],
      {},
      {
        arrival_ts: [0, 0.1, 0.2, 5],
        queue_wait_ms: [0, 800, 50, 50],
        prefill_ms: [1000, 100, 100, 100],
      },
    );
    const result = queueBranch(context(batched([8]), dense), metrics);
    expect(result.steps[1].answer).toMatch(/^yes: 100% of the longest waits overlapped .*, vs 67% of all waits$/);
    // A fourth wait inside it: 100% vs 3 of 4, under 1.5×.
    const denser = batched(
      [8, 8, 8, 8, 8],
      {},
      {
        arrival_ts: [0, 0.1, 0.2, 0.3, 5],
        queue_wait_ms: [0, 800, 50, 50, 50],
        prefill_ms: [1000, 100, 100, 100, 100],
      },
    );
    expect(queueBranch(context(batched([8]), denser), metrics).steps[1].answer).toMatch(
      /^no: 100% .*, vs 75% of all waits$/,
    );
  });

  it('without the columns to place waits and prefills, the question is not asked', () => {
    const result = queueBranch(context(batched([8]), batched(times(20, 8))), metrics);
    expect(result.steps.map((s) => s.question)).toEqual([BATCH_Q]);
  });
});
