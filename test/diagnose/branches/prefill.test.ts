// The prefill branch (§5, PREFILL dominates): the prompt length distribution first (did it change?),
// then the prefix-cache hit rate, then prefill time per uncached token at matched prompt length.
// Slower prefill at the same length is the code only when no more prefill work shares the steps.
import { describe, expect, it } from 'vitest';
import { prefillBranch } from '../../../src/diagnose/branches/prefill';
import { context, lengthShift, matchedCost, rateShift, side, table } from './build';
import type { ConfigValue } from '../../../src/model/run';

const metrics = ['ttft p95'];
const PROMPT_Q = 'Did the prompt length distribution change?';
const CACHE_Q = 'Prefix cache hit rate?';
const MATCHED_Q = 'Prefill time at matched uncached prompt length?';
const noCache = { question: CACHE_Q, answer: 'unknown: no prefix_cache_hit_tokens and prompt_tokens in the data' };
const noMatched = {
  question: 'Prefill time per uncached token at matched prompt length?',
  answer: 'unknown: needs prefill_ms and prompt_tokens',
};
const unexplained = {
  hint: 'prefill-compute',
  phase: 'prefill',
  title: 'prefill takes longer, but neither prompts, prefix cache nor per-token cost explain it',
  status: 'candidate',
  cause: 'unknown',
  evidence: [
    {
      text: 'prompt lengths, prefix-cache hit rate and prefill time at matched prompt length did not change beyond noise',
    },
  ],
  nextCheck: 'profile a prefill step (is it compute-bound and near the roofline?), then the attention and GEMM kernels',
  metrics,
};

/** Two requests of `prompt` tokens each, `hits` of them from the prefix cache (no column when undefined). */
function prompts(prompt: number, hits?: number, config: Record<string, ConfigValue> = {}) {
  return side(
    [
      table({
        prompt_tokens: [prompt, prompt],
        ...(hits === undefined ? {} : { prefix_cache_hit_tokens: [hits, hits] }),
      }),
    ],
    config,
  );
}

describe('the prefill branch: prompt lengths', () => {
  it('longer prompts: the workload is the cause, with the distribution as evidence', () => {
    const ctx = context(prompts(1000), prompts(1000), {
      workload: { prompt: lengthShift('prompt_tokens', 1000, 2000, { baseP95: 1500, headP95: 3000 }) },
    });
    expect(prefillBranch(ctx, metrics)).toEqual({
      steps: [
        {
          question: PROMPT_Q,
          answer: 'yes: median 1,000 → 2,000 tokens, p95 1,500 → 3,000 (KS D = 0.45, p < 0.001)',
        },
        noCache,
        noMatched,
      ],
      findings: [
        {
          hint: 'workload-drift',
          phase: 'prefill',
          title: 'longer prompts: median 1,000 → 2,000 tokens',
          status: 'confirmed',
          cause: 'workload',
          evidence: [
            {
              text: 'prompt tokens median 1,000 → 2,000, p95 1,500 → 3,000; two-sample KS D = 0.45, p < 0.001',
              values: { baseMedian: 1000, headMedian: 2000, ks: 0.452, pValue: 1e-9 },
            },
          ],
          nextCheck:
            'rerun both sides on the same prompt set; if the longer prompts are the new normal, the baseline should move with them',
          metrics,
        },
      ],
    });
  });

  it('prompts that did not change, or got shorter, explain nothing: the candidate is left', () => {
    const cases = [
      [lengthShift('prompt_tokens', 1000, 1100, { changed: false, pValue: 0.412 }), 'no: median 1,000 → 1,100'],
      [lengthShift('prompt_tokens', 2000, 1000, { pValue: 0.0123 }), 'yes: median 2,000 → 1,000'],
      [lengthShift('prompt_tokens', 1000, 1000), 'yes: median 1,000 → 1,000'],
    ] as const;
    for (const [prompt, answer] of cases) {
      const result = prefillBranch(context(prompts(1000), prompts(1000), { workload: { prompt } }), metrics);
      expect(result.steps[0].answer.startsWith(`${answer} tokens`)).toBe(true);
      expect(result.findings).toEqual([unexplained]);
    }
    const p = prefillBranch(context(prompts(1000), prompts(1000), { workload: { prompt: cases[1][0] } }), metrics)
      .steps[0].answer;
    expect(p).toBe('yes: median 2,000 → 1,000 tokens, p95 NaN → NaN (KS D = 0.45, p = 0.012)');
  });

  it('without prompt lengths, nothing about them is claimed', () => {
    const result = prefillBranch(context(prompts(1000), prompts(1000)), metrics);
    expect(result).toEqual({
      steps: [{ question: PROMPT_Q, answer: 'unknown: no prompt_tokens in the data' }, noCache, noMatched],
      findings: [unexplained],
    });
  });
});

describe('the prefill branch: prefix cache', () => {
  it('fewer tokens from the cache after enable_prefix_caching was turned off: confirmed, the config', () => {
    const ctx = context(prompts(1000, 500), prompts(1000, 100, { enable_prefix_caching: false }), {
      configChanges: [{ key: 'enable_prefix_caching', base: true, head: false }],
    });
    const result = prefillBranch(ctx, metrics);
    expect(result.steps[1]).toEqual({
      question: CACHE_Q,
      answer: '50% → 10% of prompt tokens; 500 → 100 cached tokens per request (dropped)',
    });
    expect(result.findings).toEqual([
      {
        hint: 'prefix-cache',
        phase: 'prefill',
        title: 'prefix-cache hit rate fell from 50% to 10% of prompt tokens',
        status: 'confirmed',
        cause: 'config',
        evidence: [
          {
            text: 'prefix_cache_hit_tokens / prompt_tokens: 50% → 10%; cached tokens per request 500 → 100',
            values: { baseHitRate: 0.5, headHitRate: 0.1, baseHitTokens: 500, headHitTokens: 100 },
          },
          { text: 'enable_prefix_caching: true → false in this run' },
        ],
        nextCheck: 'was turning enable_prefix_caching to false intended?',
        metrics,
      },
    ]);
  });

  it('with no change of the setting, the advice follows the setting the run recorded', () => {
    const finding = (config: Record<string, ConfigValue>, changed = 'max_num_seqs') =>
      prefillBranch(
        context(prompts(1000, 500), prompts(1000, 100, config), {
          configChanges: [{ key: changed, base: 64, head: 32 }],
        }),
        metrics,
      ).findings[0];
    const on =
      'prefix caching is on: check that the shared prompt prefix is byte-identical (a changed system prompt or template breaks every hit) and that the cache is not evicted (KV-cache blocks, preemptions)';
    const turnOn =
      'check that prefix caching is on and the shared prompt prefix is byte-identical (a changed system prompt or template breaks every hit)';
    for (const value of [true, 'true', 1]) {
      const f = finding({ enable_prefix_caching: value });
      expect(f).toMatchObject({ cause: 'unknown', nextCheck: on });
      expect(f.evidence[1].text).toBe(`enable_prefix_caching is ${String(value)} in this run`);
    }
    for (const value of [false, 'false', 0, null]) {
      const f = finding({ enable_prefix_caching: value });
      expect(f.nextCheck).toBe(turnOn);
      expect(f.evidence[1].text).toBe(`enable_prefix_caching is ${String(value)} in this run`);
    }
    // The setting under another of its names.
    expect(finding({ prefix_caching: true }).nextCheck).toBe(on);
    // Not recorded: no evidence about it.
    const unrecorded = finding({});
    expect(unrecorded.nextCheck).toBe(turnOn);
    expect(unrecorded.evidence).toHaveLength(1);
  });

  it('the cache is blamed only when both the rate and the cached tokens per request fell', () => {
    const dropped = (base: [number, number], head: [number, number]) =>
      prefillBranch(context(prompts(base[0], base[1]), prompts(head[0], head[1])), metrics).findings.some(
        (f) => f.hint === 'prefix-cache',
      );
    // 16% → 11%: a fall of exactly 5 points; 16% → 12%: 4 points.
    expect(dropped([1000, 160], [1000, 110])).toBe(true);
    expect(dropped([1000, 160], [1000, 120])).toBe(false);
    // 500 → 450 cached tokens is exactly 10% fewer (the rate 50% → 37.5%); 451 is not enough.
    expect(dropped([1000, 500], [1200, 450])).toBe(true);
    expect(dropped([1000, 500], [1200, 451])).toBe(false);
    // Longer prompts around the same shared prefix: the rate halves, the cached tokens do not move.
    const grown = prefillBranch(context(prompts(1000, 500), prompts(2000, 500)), metrics);
    expect(grown.steps[1].answer).toBe('50% → 25% of prompt tokens; 500 → 500 cached tokens per request');
    // The rate rose and fewer tokens were cached (shorter prompts): no drop either.
    expect(dropped([1000, 500], [400, 400])).toBe(false);
  });

  it('without hits, or prompt lengths to rate them against, on either side: unknown', () => {
    for (const [base, head] of [
      [prompts(1000, 500), prompts(1000)],
      [prompts(1000), prompts(1000, 500)],
      [prompts(1000, 500), side([table({ prefix_cache_hit_tokens: [500, 500] })])],
      [side([table({ prefix_cache_hit_tokens: [500, 500] })]), prompts(1000, 500)],
    ])
      expect(prefillBranch(context(base, head), metrics).steps[1]).toEqual(noCache);
  });
});

describe('the prefill branch: per-token cost at matched prompt length', () => {
  const slower = matchedCost('prefill-per-token', 0.2, { rawChange: 0.35 });
  const costEvidence = {
    text: 'prefill time at matched uncached prompt length +20% (slower in strata holding 90% of matched requests, 8 strata)',
    values: { change: 0.2, agreement: 0.9 },
  };

  it('slower at the same uncached length with the same work: the code', () => {
    const result = prefillBranch(context(prompts(1000), prompts(1000), { costs: [slower] }), metrics);
    expect(result.steps[2]).toEqual({
      question: MATCHED_Q,
      answer: '+20% (slower in strata holding 90% of matched requests, 8 strata; unmatched +35%)',
    });
    expect(result.findings).toEqual([
      {
        hint: 'prefill-compute',
        phase: 'prefill',
        title: 'prefill is +20% slower at the same uncached prompt length',
        status: 'confirmed',
        cause: 'code',
        evidence: [costEvidence],
        nextCheck:
          'profile a prefill step: is it compute-bound and near the roofline? then the attention and GEMM kernels',
        metrics,
      },
    ]);
  });

  it('a change within noise, or faster, is no finding', () => {
    for (const c of [
      matchedCost('prefill-per-token', 0.2, { changed: false }),
      matchedCost('prefill-per-token', -0.2, { rawChange: -0.1 }),
    ])
      expect(prefillBranch(context(prompts(1000), prompts(1000), { costs: [c] }), metrics).findings).toEqual([
        unexplained,
      ]);
    const faster = prefillBranch(
      context(prompts(1000), prompts(1000), { costs: [matchedCost('prefill-per-token', -0.2, { rawChange: -0.1 })] }),
      metrics,
    );
    expect(faster.steps[2].answer).toBe(
      '−20% (faster in strata holding 90% of matched requests, 8 strata; unmatched −10%)',
    );
  });

  it('more prefill work per request and no cause found: the code is only a candidate', () => {
    // Uncached prompt tokens 1000 → 1200 per request: +20% of work sharing the steps.
    const result = prefillBranch(context(prompts(1000), prompts(1200), { costs: [slower] }), metrics);
    expect(result.findings).toEqual([
      {
        hint: 'prefill-compute',
        phase: 'prefill',
        title: 'prefill is +20% slower at the same uncached prompt length',
        status: 'candidate',
        cause: 'unknown',
        evidence: [
          costEvidence,
          {
            text: 'but prefill work per request grew +20% (uncached prompt tokens), so prefills contend for more steps: part of this is load, not per-token cost',
          },
        ],
        nextCheck:
          'profile a prefill step: is it compute-bound and near the roofline? then the attention and GEMM kernels',
        metrics,
      },
    ]);
    // 9% more work is not contention: the code again.
    const little = prefillBranch(context(prompts(1000), prompts(1090), { costs: [slower] }), metrics);
    expect(little.findings[0]).toMatchObject({ status: 'confirmed', cause: 'code' });
    expect(little.findings[0].evidence).toEqual([costEvidence]);
  });

  it('more prefill work that longer prompts explain: the slowdown is evidence for the drift, not a finding', () => {
    const ctx = context(prompts(1000), prompts(1200), {
      costs: [slower],
      workload: { prompt: lengthShift('prompt_tokens', 1000, 1200) },
    });
    const findings = prefillBranch(ctx, metrics).findings;
    expect(findings.map((f) => f.hint)).toEqual(['workload-drift']);
    expect(findings[0].evidence[1]).toEqual({
      text: 'prefill time at matched uncached prompt length +20% (slower in strata holding 90% of matched requests, 8 strata), while prefill work per request grew +20% (uncached prompt tokens): prefills share their steps with more prefill work',
      values: { change: 0.2, agreement: 0.9, workGrowth: expect.closeTo(0.2, 12) },
    });
  });

  it('more uncached work from fewer cache hits: the slowdown is evidence for the cache finding', () => {
    // Uncached 500 → 900 tokens a request (+80%).
    const findings = prefillBranch(
      context(prompts(1000, 500), prompts(1000, 100), { costs: [slower] }),
      metrics,
    ).findings;
    expect(findings.map((f) => f.hint)).toEqual(['prefix-cache']);
    expect(findings[0].evidence[1].text).toMatch(
      /, while prefill work per request grew \+80% \(uncached prompt tokens\)/,
    );
  });

  it('longer prompts without more work per request (a cache absorbs them) leave the per-token slowdown its own finding', () => {
    const ctx = context(prompts(1000, 0), prompts(2000, 1000), {
      costs: [slower],
      workload: { prompt: lengthShift('prompt_tokens', 1000, 2000) },
    });
    expect(prefillBranch(ctx, metrics).findings.map((f) => [f.hint, f.status])).toEqual([
      ['workload-drift', 'confirmed'],
      ['prefill-compute', 'confirmed'],
    ]);
  });

  it('more arrivals: prefill shares steps with more work, likely the load', () => {
    const batches = (values: number[]) =>
      side([table({ prompt_tokens: values.map(() => 1000), batch_size_at_admission: values })]);
    const ctx = context(batches([8, 12]), batches([14, 16]), {
      costs: [slower],
      workload: { arrivalRate: rateShift(4, 6) },
    });
    expect(prefillBranch(ctx, metrics).findings).toEqual([
      {
        hint: 'traffic-increase',
        phase: 'prefill',
        title: 'prefill slowed while arrivals rose +50%: prefills share steps with more work',
        status: 'likely',
        cause: 'workload',
        evidence: [costEvidence, { text: 'arrival rate 4.00 → 6.00 req/s; running batch mean 10.0 → 15.0' }],
        nextCheck: 'compare at the same arrival rate to separate load from code',
        metrics,
      },
    ]);
    // Without the batch on one side, the rates alone.
    const noBatch = context(batches([8, 12]), prompts(1000), {
      costs: [slower],
      workload: { arrivalRate: rateShift(4, 6) },
    });
    expect(prefillBranch(noBatch, metrics).findings[0].evidence[1]).toEqual({ text: 'arrival rate 4.00 → 6.00 req/s' });
    // Fewer arrivals, or more within noise: the code.
    for (const arrivalRate of [rateShift(6, 4), rateShift(4, 6, false)])
      expect(
        prefillBranch(context(prompts(1000), prompts(1000), { costs: [slower], workload: { arrivalRate } }), metrics)
          .findings[0],
      ).toMatchObject({ hint: 'prefill-compute', status: 'confirmed' });
  });
});
