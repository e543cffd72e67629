// The decode branch (§5, DECODE (ITL) dominates): the step time at a matched running batch first,
// so a fuller engine is not read as a slower kernel; then what else grew — the traffic, the prefill
// work sharing the steps, stalls within a request (ITL p99 over p50), the batch, the KV cache read.
import { describe, expect, it } from 'vitest';
import { decodeBranch } from '../../../src/diagnose/branches/decode';
import { context, lengthShift, matchedCost, rateShift, side, table } from './build';
import type { ConfigValue } from '../../../src/model/run';
import type { NumericField } from '../../../src/model/fields';

const metrics = ['itl p50'];
const MATCHED_Q = 'Decode step time at matched running batch?';
const slower = matchedCost('decode-step', 0.15, { rawChange: 0.4 });
const unchanged = matchedCost('decode-step', 0.03, { changed: false, agreement: 0.55, bins: 6 });
const overheadCheck =
  'compute the memory-bandwidth floor (bytes per step / bandwidth) and profile a decode step: kernel time vs launch gaps';

/** A side of one run with these columns (two requests unless the columns say otherwise). */
function runOf(columns: Partial<Record<NumericField, number[]>>, config: Record<string, ConfigValue> = {}) {
  return side([table(columns)], config);
}

/** Requests whose ITL p99 is `ratio` times their ITL p50 (10 ms). */
function stalls(ratio: number, config: Record<string, ConfigValue> = {}) {
  return runOf({ itl_p50_ms: [10, 10, 10], itl_p99_ms: [10 * ratio, 10 * ratio, 10 * ratio] }, config);
}

describe('the decode branch: a slower step at the same batch', () => {
  it('slower at matched batch with the same load: confirmed, the code', () => {
    const ctx = context(runOf({ batch_size_at_admission: [8, 12] }), runOf({ batch_size_at_admission: [9, 11] }), {
      costs: [slower],
    });
    expect(decodeBranch(ctx, metrics)).toEqual({
      steps: [
        {
          question: MATCHED_Q,
          answer: '+15% (slower in strata holding 90% of matched requests, 8 strata; unmatched +40%)',
        },
      ],
      findings: [
        {
          hint: 'decode-overhead',
          phase: 'decode',
          title: 'each decode step is +15% slower at the same running batch',
          status: 'confirmed',
          cause: 'code',
          evidence: [
            {
              text: 'time per output token at matched batch size +15% (slower in strata holding 90% of matched requests, 8 strata); unmatched +40%',
              values: { change: 0.15, rawChange: 0.4, agreement: 0.9 },
            },
            { text: 'running batch mean 10.0 → 10.0: the load did not cause it' },
          ],
          nextCheck: overheadCheck,
          metrics,
        },
      ],
    });
    // Without the batch on a side, the cost alone.
    const noBatch = context(runOf({ batch_size_at_admission: [8, 12] }), runOf({}), { costs: [slower] });
    expect(decodeBranch(noBatch, metrics).findings[0].evidence).toHaveLength(1);
  });

  it('without a matched cost, or with one that did not change or got faster, nothing is blamed', () => {
    const none = decodeBranch(context(runOf({}), runOf({})), metrics);
    expect(none).toEqual({
      steps: [
        {
          question: MATCHED_Q,
          answer: 'unknown: needs decode_ms, output_tokens (or itl_p50_ms) and batch_size_at_admission',
        },
      ],
      findings: [
        {
          hint: 'decode-overhead',
          phase: 'decode',
          title: 'decode takes longer, but neither batch, contexts nor the matched step time explain it',
          status: 'candidate',
          cause: 'unknown',
          evidence: [{ text: 'the data lacks the fields to match decode steps by batch size' }],
          nextCheck: 'record batch_size_at_admission and output_tokens, or profile a decode step',
          metrics,
        },
      ],
    });
    const within = decodeBranch(context(runOf({}), runOf({}), { costs: [unchanged] }), metrics);
    expect(within.findings[0]).toMatchObject({ hint: 'decode-overhead', status: 'candidate' });
    expect(within.findings[0].evidence).toEqual([
      { text: 'step time at matched batch +3.0% (slower in strata holding 55% of matched requests, 6 strata)' },
    ]);
    const faster = decodeBranch(context(runOf({}), runOf({}), { costs: [matchedCost('decode-step', -0.15)] }), metrics);
    expect(faster.findings[0].status).toBe('candidate');
  });
});

describe('the decode branch: more traffic', () => {
  const batched = (values: number[]) => runOf({ batch_size_at_admission: values });

  it('more arrivals: the traffic is named first, and a slower step is only likely', () => {
    const ctx = context(batched([8, 12]), batched([14, 16]), {
      costs: [slower],
      workload: { arrivalRate: rateShift(4, 6) },
    });
    const result = decodeBranch(ctx, metrics);
    expect(result.steps[1]).toEqual({
      question: 'Did the traffic change?',
      answer: 'yes: arrivals 4.00 → 6.00 req/s (+50%)',
    });
    expect(result.findings).toEqual([
      {
        hint: 'traffic-increase',
        phase: 'decode',
        title: 'decode slowed because more requests share each step (arrivals +50%)',
        status: 'likely',
        cause: 'workload',
        evidence: [
          { text: 'arrival rate 4.00 → 6.00 req/s', values: { baseRate: 4, headRate: 6 } },
          { text: 'running batch mean 10.0 → 15.0' },
        ],
        nextCheck: 'compare at the same arrival rate before blaming the code',
        metrics,
      },
      {
        hint: 'decode-overhead',
        phase: 'decode',
        title: 'each decode step is +15% slower at the same running batch',
        status: 'likely',
        cause: 'unknown',
        evidence: [
          expect.objectContaining({ values: { change: 0.15, rawChange: 0.4, agreement: 0.9 } }),
          { text: 'running batch mean 10.0 → 15.0' },
        ],
        nextCheck: overheadCheck,
        metrics,
      },
    ]);
    expect(result.rootPhase).toBeUndefined();
  });

  it('more arrivals and a step that did not slow: the traffic alone', () => {
    const ctx = context(batched([8, 12]), runOf({}), {
      costs: [unchanged],
      workload: { arrivalRate: rateShift(4, 6) },
    });
    const findings = decodeBranch(ctx, metrics).findings;
    expect(findings.map((f) => f.hint)).toEqual(['traffic-increase']);
    // No batch on the head: the rate alone.
    expect(findings[0].evidence).toHaveLength(1);
  });

  it('fewer arrivals, or more within noise, are no traffic finding', () => {
    for (const arrivalRate of [rateShift(6, 4), rateShift(4, 6, false)]) {
      const result = decodeBranch(
        context(runOf({}), runOf({}), { costs: [slower], workload: { arrivalRate } }),
        metrics,
      );
      expect(result.steps.map((s) => s.question)).toEqual([MATCHED_Q]);
      expect(result.findings.map((f) => [f.hint, f.status])).toEqual([['decode-overhead', 'confirmed']]);
    }
  });
});

describe('the decode branch: prefill work sharing the steps', () => {
  it('a slower step while uncached prompt tokens grew: the cause is followed into prefill', () => {
    // 1000 → 1200 uncached tokens a request (+20%).
    const ctx = context(runOf({ prompt_tokens: [1000, 1000] }), runOf({ prompt_tokens: [1200, 1200] }), {
      costs: [slower],
      workload: { prompt: lengthShift('prompt_tokens', 1000, 1200) },
    });
    const result = decodeBranch(ctx, metrics);
    expect(result.rootPhase).toBe('prefill');
    expect(result.steps.slice(0, 3)).toEqual([
      expect.objectContaining({ question: MATCHED_Q }),
      {
        question: 'Do decode steps carry more prefill work?',
        answer: 'yes: uncached prompt tokens per request +20%; prefill shares the steps with decode',
      },
      expect.objectContaining({ question: 'Did the prompt length distribution change?' }),
    ]);
    // The prefill branch's findings: the longer prompts.
    expect(result.findings.map((f) => [f.hint, f.phase])).toEqual([['workload-drift', 'prefill']]);
  });

  it('9% more prefill work, or more work with a step that did not slow, stays in decode', () => {
    const grown = (head: number, cost = slower) =>
      decodeBranch(
        context(runOf({ prompt_tokens: [1000, 1000] }), runOf({ prompt_tokens: [head, head] }), { costs: [cost] }),
        metrics,
      );
    expect(grown(1090).findings.map((f) => [f.hint, f.status])).toEqual([['decode-overhead', 'confirmed']]);
    const notSlower = grown(2000, unchanged);
    expect(notSlower.rootPhase).toBeUndefined();
    expect(notSlower.findings.map((f) => [f.hint, f.status])).toEqual([['decode-overhead', 'candidate']]);
  });
});

describe('the decode branch: stalls within a request', () => {
  it('ITL p99 / p50 grew 25% while the typical step did not: long prefills stall decode', () => {
    const ctx = context(stalls(2), stalls(2.5), { costs: [unchanged] });
    const result = decodeBranch(ctx, metrics);
    expect(result.steps[1]).toEqual({
      question: 'ITL p99 vs p50 within a request?',
      answer: 'median ratio 2.00 → 2.50',
    });
    expect(result.findings).toEqual([
      {
        hint: 'long-prefill-blocking',
        phase: 'decode',
        title: 'decode stalls: the slowest token gaps grew while the typical step did not',
        status: 'likely',
        cause: 'unknown',
        evidence: [
          {
            text: 'within a request, ITL p99 / p50 (median over requests) 2.00 → 2.50',
            values: { base: 2, head: 2.5 },
          },
          { text: 'step time at matched batch +3.0%: the typical step is unchanged' },
        ],
        nextCheck:
          'enable chunked prefill (a max_num_batched_tokens budget) so long prompts stop stalling decode steps',
        metrics,
      },
    ]);
  });

  it('chunked prefill off: confirmed, the config; on: a candidate, and the advice is not to turn it on', () => {
    const off = decodeBranch(context(stalls(2), stalls(2.5, { enable_chunked_prefill: false })), metrics).findings[0];
    expect(off).toMatchObject({ status: 'confirmed', cause: 'config' });
    expect(off.evidence.map((e) => e.text)).toEqual([
      'within a request, ITL p99 / p50 (median over requests) 2.00 → 2.50',
      'chunked prefill setting in this run: false',
    ]);
    const on = decodeBranch(context(stalls(2), stalls(2.5, { chunked_prefill_size: 8192 })), metrics).findings[0];
    expect(on).toMatchObject({
      status: 'candidate',
      cause: 'unknown',
      nextCheck:
        'chunked prefill is already on: find what put more prefill tokens into the slow steps (bursts of admissions, slower prefill per token, a larger max_num_batched_tokens); a smaller per-step budget or long_prefill_token_threshold bounds the stall',
    });
    expect(on.evidence[1].text).toBe('chunked prefill setting in this run: 8192');
  });

  it('less than 25% growth is no stall; without both ITL columns or any finite ratio there is no ratio', () => {
    const hints = (base: ReturnType<typeof runOf>, head: ReturnType<typeof runOf>) => {
      const r = decodeBranch(context(base, head), metrics);
      return { questions: r.steps.map((s) => s.question), hint: r.findings[0].hint };
    };
    expect(hints(stalls(2), stalls(2.49))).toEqual({
      questions: [MATCHED_Q, 'ITL p99 vs p50 within a request?'],
      hint: 'decode-overhead',
    });
    for (const [base, head] of [
      [stalls(2), runOf({ itl_p50_ms: [10, 10] })],
      [runOf({ itl_p99_ms: [20, 20] }), stalls(2.5)],
      [stalls(2), runOf({ itl_p50_ms: [0, 0], itl_p99_ms: [20, 20] })],
      [runOf({ itl_p50_ms: [10, 10], itl_p99_ms: [NaN, NaN] }), stalls(2.5)],
    ])
      expect(hints(base, head)).toEqual({ questions: [MATCHED_Q], hint: 'decode-overhead' });
  });
});

describe('the decode branch: a fuller batch, a larger KV cache read', () => {
  it('the running batch grew 15% at the same arrival rate: more sequences share each step', () => {
    const ctx = context(runOf({ batch_size_at_admission: [18, 22] }), runOf({ batch_size_at_admission: [22, 24] }), {
      costs: [unchanged],
    });
    const result = decodeBranch(ctx, metrics);
    expect(result.steps[1]).toEqual({ question: 'Did the running batch grow?', answer: 'yes: mean 20.0 → 23.0' });
    expect(result.findings).toEqual([
      {
        hint: 'memory-bound-decode',
        phase: 'decode',
        title: 'decode slowed because more sequences share each step (batch 20.0 → 23.0)',
        status: 'likely',
        cause: 'unknown',
        evidence: [
          { text: 'running batch mean 20.0 → 23.0 at the same arrival rate' },
          { text: 'step time at matched batch +3.0%: each step is no slower for its size' },
        ],
        nextCheck:
          'find why more sequences run at once (longer outputs, slower completions, a higher cap); each step reads more KV cache',
        metrics,
      },
    ]);
    // 20 → 22.9 is not enough; a batch on one side only says nothing.
    const little = context(
      runOf({ batch_size_at_admission: [18, 22] }),
      runOf({ batch_size_at_admission: [22.8, 23] }),
    );
    expect(decodeBranch(little, metrics).findings[0].hint).toBe('decode-overhead');
    const oneSide = context(runOf({}), runOf({ batch_size_at_admission: [22, 24] }));
    expect(decodeBranch(oneSide, metrics).findings[0].hint).toBe('decode-overhead');
  });

  it('a stall is named before the batch that grew with it', () => {
    const ctx = context(
      runOf({ itl_p50_ms: [10, 10], itl_p99_ms: [20, 20], batch_size_at_admission: [10, 10] }),
      runOf({ itl_p50_ms: [10, 10], itl_p99_ms: [30, 30], batch_size_at_admission: [20, 20] }),
    );
    expect(decodeBranch(ctx, metrics).findings.map((f) => f.hint)).toEqual(['long-prefill-blocking']);
  });

  it('KV blocks per request grew 16%: each step reads more; the workload when lengths drifted', () => {
    const kv = (values: number[]) => runOf({ kv_blocks_used: values });
    const result = decodeBranch(context(kv([90, 100, 110]), kv([106, 116, 126])), metrics);
    expect(result.steps[1]).toEqual({
      question: 'Did each step read more KV cache?',
      answer: 'yes: KV blocks per request +16%',
    });
    expect(result.findings).toEqual([
      {
        hint: 'memory-bound-decode',
        phase: 'decode',
        title: 'each decode step reads more KV cache: KV blocks per request +16%',
        status: 'likely',
        cause: 'unknown',
        evidence: [{ text: 'median kv_blocks_used +16%' }],
        nextCheck: 'decode is memory-bound: fewer bytes per step (quantized KV, shorter contexts) is the lever',
        metrics,
      },
    ]);
    const drift = {
      hint: 'workload-drift',
      cause: 'workload',
      nextCheck: 'rerun on the same prompt and output lengths',
    };
    for (const workload of [
      { prompt: lengthShift('prompt_tokens', 1000, 1200) },
      { output: lengthShift('output_tokens', 200, 150) },
    ])
      expect(decodeBranch(context(kv([100]), kv([116]), { workload }), metrics).findings[0]).toMatchObject(drift);
    // A shift within noise is no drift.
    const quiet = { prompt: lengthShift('prompt_tokens', 1000, 1200, { changed: false }) };
    expect(decodeBranch(context(kv([100]), kv([116]), { workload: quiet }), metrics).findings[0].hint).toBe(
      'memory-bound-decode',
    );
  });

  it('14% more KV blocks, none in the baseline, or a side without them: no KV finding', () => {
    const kv = (values: number[]) => runOf({ kv_blocks_used: values });
    for (const [base, head] of [
      [kv([100]), kv([114])],
      [kv([0, 0]), kv([50, 50])],
      [kv([100]), runOf({})],
      [runOf({}), kv([116])],
    ]) {
      const result = decodeBranch(context(base, head), metrics);
      expect(result.steps).toHaveLength(1);
      expect(result.findings[0].title).toBe(
        'decode takes longer, but neither batch, contexts nor the matched step time explain it',
      );
    }
  });

  it('a fuller batch is named before the KV cache it reads', () => {
    const ctx = context(
      runOf({ batch_size_at_admission: [10, 10], kv_blocks_used: [100, 100] }),
      runOf({ batch_size_at_admission: [20, 20], kv_blocks_used: [200, 200] }),
    );
    expect(decodeBranch(ctx, metrics).findings.map((f) => f.hint)).toEqual(['memory-bound-decode']);
    expect(decodeBranch(ctx, metrics).steps[1].question).toBe('Did the running batch grow?');
  });
});
