// PREFILL dominates (§5): check the prompt length distribution first (did it change?), then the
// prefix cache hit rate, then prefill time per uncached token at matched prompt length (slower code).

import { compact, grouped, percent, signedPercent } from '../../display/numbers';
import { agreeingBins, pValueText } from '../phrases';
import type { RequestTable } from '../../model/run';
import { batchProfile } from '../measures/batch';
import { concat, prefillWorkGrowth, PREFILL_WORK_GROWTH, ratioOfSums } from '../measures/ratios';
import { meanFinite } from '../../stats/quantile';
import type { LikeForLike } from '../like-for-like';
import { configValue, cost, evidence, type BranchResult, type DiagnosisContext, type TreeStep } from '../context';
import type { Finding } from '../hints';

const HIT_RATE_DROP = 0.05;
const HIT_TOKENS_DROP = 0.1;
const PREFIX_CACHE_KEYS = ['enable_prefix_caching', 'enable-prefix-caching', 'prefix_caching'];

export function prefillBranch(ctx: DiagnosisContext, metrics: string[]): BranchResult {
  const steps: TreeStep[] = [];
  const findings: Finding[] = [];

  const prompt = ctx.workload.prompt;
  if (!prompt) {
    steps.push({
      question: 'Did the prompt length distribution change?',
      answer: 'unknown: no prompt_tokens in the data',
    });
  } else {
    const longer = prompt.changed && prompt.headMedian > prompt.baseMedian;
    steps.push({
      question: 'Did the prompt length distribution change?',
      answer: `${prompt.changed ? 'yes' : 'no'}: median ${grouped(prompt.baseMedian)} → ${grouped(prompt.headMedian)} tokens, p95 ${grouped(prompt.baseP95)} → ${grouped(prompt.headP95)} (KS D = ${prompt.ks.toFixed(2)}, p ${pValueText(prompt.pValue)})`,
    });
    if (longer) {
      findings.push({
        hint: 'workload-drift',
        phase: 'prefill',
        title: `longer prompts: median ${grouped(prompt.baseMedian)} → ${grouped(prompt.headMedian)} tokens`,
        status: 'confirmed',
        cause: 'workload',
        evidence: [
          evidence(
            `prompt tokens median ${grouped(prompt.baseMedian)} → ${grouped(prompt.headMedian)}, p95 ${grouped(prompt.baseP95)} → ${grouped(prompt.headP95)}; two-sample KS D = ${prompt.ks.toFixed(2)}, p ${pValueText(prompt.pValue)}`,
            { baseMedian: prompt.baseMedian, headMedian: prompt.headMedian, ks: prompt.ks, pValue: prompt.pValue },
          ),
        ],
        nextCheck:
          'rerun both sides on the same prompt set; if the longer prompts are the new normal, the baseline should move with them',
        metrics,
      });
    }
  }

  const baseHit = hitRate(ctx.base.tables);
  const headHit = hitRate(ctx.head.tables);
  const baseHitTokens = hitsPerRequest(ctx.base.tables);
  const headHitTokens = hitsPerRequest(ctx.head.tables);
  if (baseHit === undefined || headHit === undefined || baseHitTokens === undefined || headHitTokens === undefined) {
    steps.push({
      question: 'Prefix cache hit rate?',
      answer: 'unknown: no prefix_cache_hit_tokens and prompt_tokens in the data',
    });
  } else {
    // The rate alone falls when prompts grow around an unchanged shared prefix; the cache is at
    // fault only when fewer tokens per request come from it.
    const dropped = baseHit - headHit >= HIT_RATE_DROP && headHitTokens <= (1 - HIT_TOKENS_DROP) * baseHitTokens;
    steps.push({
      question: 'Prefix cache hit rate?',
      answer: `${percent(baseHit)} → ${percent(headHit)} of prompt tokens; ${grouped(baseHitTokens)} → ${grouped(headHitTokens)} cached tokens per request${dropped ? ' (dropped)' : ''}`,
    });
    if (dropped) {
      const change = ctx.configChanges.find((c) => PREFIX_CACHE_KEYS.includes(c.key));
      const setting = configValue(ctx.head.meta, PREFIX_CACHE_KEYS);
      findings.push({
        hint: 'prefix-cache',
        phase: 'prefill',
        title: `prefix-cache hit rate fell from ${percent(baseHit)} to ${percent(headHit)} of prompt tokens`,
        status: 'confirmed',
        cause: change ? 'config' : 'unknown',
        evidence: [
          evidence(
            `prefix_cache_hit_tokens / prompt_tokens: ${percent(baseHit)} → ${percent(headHit)}; cached tokens per request ${grouped(baseHitTokens)} → ${grouped(headHitTokens)}`,
            { baseHitRate: baseHit, headHitRate: headHit, baseHitTokens, headHitTokens },
          ),
          ...(change
            ? [evidence(`${change.key}: ${String(change.base)} → ${String(change.head)} in this run`)]
            : setting !== undefined
              ? [evidence(`${PREFIX_CACHE_KEYS[0]} is ${String(setting)} in this run`)]
              : []),
        ],
        nextCheck: change
          ? `was turning ${change.key} to ${String(change.head)} intended?`
          : isOn(setting)
            ? 'prefix caching is on: check that the shared prompt prefix is byte-identical (a changed system prompt or template breaks every hit) and that the cache is not evicted (KV-cache blocks, preemptions)'
            : 'check that prefix caching is on and the shared prompt prefix is byte-identical (a changed system prompt or template breaks every hit)',
        metrics,
      });
    }
  }

  const matched = cost(ctx, 'prefill-per-token');
  if (!matched) {
    steps.push({
      question: 'Prefill time per uncached token at matched prompt length?',
      answer: 'unknown: needs prefill_ms and prompt_tokens',
    });
  } else {
    const slower = matched.changed && matched.change > 0;
    steps.push({
      question: 'Prefill time at matched uncached prompt length?',
      answer: `${signedPercent(matched.change)} (${agreeingBins(matched)}; unmatched ${signedPercent(matched.rawChange)})`,
    });
    if (slower) {
      // More prefill work per request (longer prompts, cache misses) contends for the step budget,
      // so each prefill waits longer at the same length. When this branch already found why the
      // work grew, that finding explains the slowdown: the per-token cost was not measured at the
      // same load, so it is evidence there, not a cause of its own.
      const work = prefillWorkGrowth(ctx.base.tables, ctx.head.tables);
      const contended = work !== undefined && work >= PREFILL_WORK_GROWTH ? work : undefined;
      const explainedBy =
        contended !== undefined
          ? findings.find((f) => f.hint === 'workload-drift' || f.hint === 'prefix-cache')
          : undefined;
      if (explainedBy) explainedBy.evidence.push(contentionEvidence(matched, contended!));
      else findings.push(prefillSlowerFinding(ctx, matched, metrics, contended));
    }
  }

  if (findings.length === 0) {
    findings.push({
      hint: 'prefill-compute',
      phase: 'prefill',
      title: 'prefill takes longer, but neither prompts, prefix cache nor per-token cost explain it',
      status: 'candidate',
      cause: 'unknown',
      evidence: [
        evidence(
          'prompt lengths, prefix-cache hit rate and prefill time at matched prompt length did not change beyond noise',
        ),
      ],
      nextCheck:
        'profile a prefill step (is it compute-bound and near the roofline?), then the attention and GEMM kernels',
      metrics,
    });
  }
  return { steps, findings };
}

function contentionEvidence(matched: LikeForLike, work: number) {
  return evidence(
    `prefill time at matched uncached prompt length ${signedPercent(matched.change)} (${agreeingBins(matched)}), while prefill work per request grew ${signedPercent(work)} (uncached prompt tokens): prefills share their steps with more prefill work`,
    { change: matched.change, agreement: matched.agreement, workGrowth: work },
  );
}

function prefillSlowerFinding(
  ctx: DiagnosisContext,
  matched: LikeForLike,
  metrics: string[],
  contended: number | undefined,
): Finding {
  const rate = ctx.workload.arrivalRate;
  const baseBatch = batchProfile(ctx.base.tables);
  const headBatch = batchProfile(ctx.head.tables);
  const fuller = rate?.changed && rate.change > 0;
  const costEvidence = evidence(
    `prefill time at matched uncached prompt length ${signedPercent(matched.change)} (${agreeingBins(matched)})`,
    { change: matched.change, agreement: matched.agreement },
  );
  if (fuller) {
    return {
      hint: 'traffic-increase',
      phase: 'prefill',
      title: `prefill slowed while arrivals rose ${signedPercent(rate!.change)}: prefills share steps with more work`,
      status: 'likely',
      cause: 'workload',
      evidence: [
        costEvidence,
        evidence(
          `arrival rate ${compact(rate!.baseRate)} → ${compact(rate!.headRate)} req/s${baseBatch && headBatch ? `; running batch mean ${compact(baseBatch.mean)} → ${compact(headBatch.mean)}` : ''}`,
        ),
      ],
      nextCheck: 'compare at the same arrival rate to separate load from code',
      metrics,
    };
  }
  // More prefill work per request with no cause found: the data cannot separate the load from a
  // per-token cost, so the code is a candidate, not a finding.
  return {
    hint: 'prefill-compute',
    phase: 'prefill',
    title: `prefill is ${signedPercent(matched.change)} slower at the same uncached prompt length`,
    status: contended !== undefined ? 'candidate' : 'confirmed',
    cause: contended !== undefined ? 'unknown' : 'code',
    evidence: [
      costEvidence,
      ...(contended !== undefined
        ? [
            evidence(
              `but prefill work per request grew ${signedPercent(contended)} (uncached prompt tokens), so prefills contend for more steps: part of this is load, not per-token cost`,
            ),
          ]
        : []),
    ],
    nextCheck: 'profile a prefill step: is it compute-bound and near the roofline? then the attention and GEMM kernels',
    metrics,
  };
}

function hitsPerRequest(tables: RequestTable[]): number | undefined {
  const hits = concat(tables.map((t) => t.numbers.prefix_cache_hit_tokens));
  return hits ? meanFinite(hits) : undefined;
}

function hitRate(tables: RequestTable[]): number | undefined {
  return ratioOfSums(
    tables,
    (t) => t.numbers.prefix_cache_hit_tokens,
    (t) => t.numbers.prompt_tokens,
  );
}

function isOn(value: string | number | boolean | null | undefined): boolean {
  return value === true || value === 'true' || value === 1;
}
