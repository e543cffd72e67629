// DECODE (ITL) dominates (§5). Compare the decode step time at a matched running batch, so a fuller
// engine is not mistaken for a slower kernel; then ITL p99 vs p50 within requests (stalls from
// prefills that share the step), then what grew: the batch, the contexts, the traffic.

import { compact, signedPercent } from '../../display/numbers';
import type { RequestTable } from '../../model/run';
import { quantile } from '../../stats/quantile';
import { batchProfile } from '../measures/batch';
import { concat, perUnitQuantile, prefillWorkGrowth, PREFILL_WORK_GROWTH } from '../measures/ratios';
import type { LikeForLike } from '../like-for-like';
import { prefillBranch } from './prefill';
import { chunkedPrefill, cost, evidence, type BranchResult, type DiagnosisContext, type TreeStep } from '../context';
import type { Finding } from '../hints';
import { agreeingBins } from '../phrases';

const STALL_GROWTH = 0.25;
const BATCH_GROWTH = 0.15;
const CONTEXT_GROWTH = 0.15;

export function decodeBranch(ctx: DiagnosisContext, metrics: string[]): BranchResult {
  const steps: TreeStep[] = [];
  const findings: Finding[] = [];

  const matched = cost(ctx, 'decode-step');
  const stall = stallRatio(ctx);
  const baseBatch = batchProfile(ctx.base.tables);
  const headBatch = batchProfile(ctx.head.tables);

  if (matched) {
    steps.push({
      question: 'Decode step time at matched running batch?',
      answer: `${signedPercent(matched.change)} (${agreeingBins(matched)}; unmatched ${signedPercent(matched.rawChange)})`,
    });
  } else {
    steps.push({
      question: 'Decode step time at matched running batch?',
      answer: 'unknown: needs decode_ms, output_tokens (or itl_p50_ms) and batch_size_at_admission',
    });
  }
  if (stall) {
    steps.push({
      question: 'ITL p99 vs p50 within a request?',
      answer: `median ratio ${compact(stall.base)} → ${compact(stall.head)}`,
    });
  }

  const rate = ctx.workload.arrivalRate;
  const slowerStep = matched !== undefined && matched.changed && matched.change > 0;
  if (rate?.changed && rate.change > 0) {
    // More traffic fills the batch; a step that is also slower at matched batch is then confounded.
    steps.push({
      question: 'Did the traffic change?',
      answer: `yes: arrivals ${compact(rate.baseRate)} → ${compact(rate.headRate)} req/s (${signedPercent(rate.change)})`,
    });
    findings.push({
      hint: 'traffic-increase',
      phase: 'decode',
      title: `decode slowed because more requests share each step (arrivals ${signedPercent(rate.change)})`,
      status: 'likely',
      cause: 'workload',
      evidence: [
        evidence(`arrival rate ${compact(rate.baseRate)} → ${compact(rate.headRate)} req/s`, {
          baseRate: rate.baseRate,
          headRate: rate.headRate,
        }),
        ...(baseBatch && headBatch
          ? [evidence(`running batch mean ${compact(baseBatch.mean)} → ${compact(headBatch.mean)}`)]
          : []),
      ],
      nextCheck: 'compare at the same arrival rate before blaming the code',
      metrics,
    });
    if (slowerStep) findings.push(decodeOverhead(matched!, baseBatch, headBatch, metrics, 'likely'));
    return { steps, findings };
  }

  const prefillLoad = slowerStep ? prefillWorkGrowth(ctx.base.tables, ctx.head.tables) : undefined;
  if (prefillLoad !== undefined && prefillLoad >= PREFILL_WORK_GROWTH) {
    // With chunked prefill, prefill chunks ride in the same steps as decode: more prefill work makes
    // every step slower at the same batch, and the cause is whatever made prefill grow.
    steps.push({
      question: 'Do decode steps carry more prefill work?',
      answer: `yes: uncached prompt tokens per request ${signedPercent(prefillLoad)}; prefill shares the steps with decode`,
    });
    const followed = prefillBranch(ctx, metrics);
    steps.push(...followed.steps);
    findings.push(...followed.findings);
    return { steps, findings, rootPhase: 'prefill' };
  }

  if (slowerStep) {
    findings.push(decodeOverhead(matched!, baseBatch, headBatch, metrics, 'confirmed'));
    return { steps, findings };
  }

  if (stall && stall.head >= (1 + STALL_GROWTH) * stall.base) {
    const { value: chunked, off, on } = chunkedPrefill(ctx.head.meta);
    findings.push({
      hint: 'long-prefill-blocking',
      phase: 'decode',
      title: 'decode stalls: the slowest token gaps grew while the typical step did not',
      // With chunked prefill on, no prompt stalls a step whole: prefill chunks still share steps with
      // decode, but which prefill work grew, the data cannot tell.
      status: off ? 'confirmed' : on ? 'candidate' : 'likely',
      cause: off ? 'config' : 'unknown',
      evidence: [
        evidence(
          `within a request, ITL p99 / p50 (median over requests) ${compact(stall.base)} → ${compact(stall.head)}`,
          { base: stall.base, head: stall.head },
        ),
        ...(matched
          ? [evidence(`step time at matched batch ${signedPercent(matched.change)}: the typical step is unchanged`)]
          : []),
        ...(chunked !== undefined ? [evidence(`chunked prefill setting in this run: ${String(chunked)}`)] : []),
      ],
      nextCheck: on
        ? 'chunked prefill is already on: find what put more prefill tokens into the slow steps (bursts of admissions, slower prefill per token, a larger max_num_batched_tokens); a smaller per-step budget or long_prefill_token_threshold bounds the stall'
        : 'enable chunked prefill (a max_num_batched_tokens budget) so long prompts stop stalling decode steps',
      metrics,
    });
    return { steps, findings };
  }

  if (baseBatch && headBatch && headBatch.mean >= (1 + BATCH_GROWTH) * baseBatch.mean) {
    steps.push({
      question: 'Did the running batch grow?',
      answer: `yes: mean ${compact(baseBatch.mean)} → ${compact(headBatch.mean)}`,
    });
    findings.push({
      hint: 'memory-bound-decode',
      phase: 'decode',
      title: `decode slowed because more sequences share each step (batch ${compact(baseBatch.mean)} → ${compact(headBatch.mean)})`,
      status: 'likely',
      cause: 'unknown',
      evidence: [
        evidence(`running batch mean ${compact(baseBatch.mean)} → ${compact(headBatch.mean)} at the same arrival rate`),
        ...(matched
          ? [
              evidence(
                `step time at matched batch ${signedPercent(matched.change)}: each step is no slower for its size`,
              ),
            ]
          : []),
      ],
      nextCheck:
        'find why more sequences run at once (longer outputs, slower completions, a higher cap); each step reads more KV cache',
      metrics,
    });
    return { steps, findings };
  }

  const context = contextGrowth(ctx);
  if (context !== undefined && context >= CONTEXT_GROWTH) {
    const output = ctx.workload.output;
    const drift = ctx.workload.prompt?.changed || output?.changed;
    steps.push({
      question: 'Did each step read more KV cache?',
      answer: `yes: KV blocks per request ${signedPercent(context)}`,
    });
    findings.push({
      hint: drift ? 'workload-drift' : 'memory-bound-decode',
      phase: 'decode',
      title: `each decode step reads more KV cache: KV blocks per request ${signedPercent(context)}`,
      status: 'likely',
      cause: drift ? 'workload' : 'unknown',
      evidence: [evidence(`median kv_blocks_used ${signedPercent(context)}`)],
      nextCheck: drift
        ? 'rerun on the same prompt and output lengths'
        : 'decode is memory-bound: fewer bytes per step (quantized KV, shorter contexts) is the lever',
      metrics,
    });
    return { steps, findings };
  }

  findings.push({
    hint: 'decode-overhead',
    phase: 'decode',
    title: 'decode takes longer, but neither batch, contexts nor the matched step time explain it',
    status: 'candidate',
    cause: 'unknown',
    evidence: [
      evidence(
        matched
          ? `step time at matched batch ${signedPercent(matched.change)} (${agreeingBins(matched)})`
          : 'the data lacks the fields to match decode steps by batch size',
      ),
    ],
    nextCheck: 'record batch_size_at_admission and output_tokens, or profile a decode step',
    metrics,
  });
  return { steps, findings };
}

function stallRatio(ctx: DiagnosisContext): { base: number; head: number } | undefined {
  // The median p99/p50 gap ratio of a side's requests, without a column of the ratios per request.
  const ratio = (tables: RequestTable[]) =>
    perUnitQuantile(
      tables,
      (t) => t.numbers.itl_p99_ms,
      (t) => t.numbers.itl_p50_ms,
      0.5,
    );
  const base = ratio(ctx.base.tables);
  const head = ratio(ctx.head.tables);
  if (base === undefined || head === undefined) return undefined;
  return Number.isFinite(base) && Number.isFinite(head) ? { base, head } : undefined;
}

function contextGrowth(ctx: DiagnosisContext): number | undefined {
  const b = concat(ctx.base.tables.map((t) => t.numbers.kv_blocks_used));
  const h = concat(ctx.head.tables.map((t) => t.numbers.kv_blocks_used));
  if (!b || !h) return undefined;
  const base = quantile(b, 0.5);
  const head = quantile(h, 0.5);
  return base > 0 ? head / base - 1 : undefined;
}

function decodeOverhead(
  matched: LikeForLike,
  baseBatch: ReturnType<typeof batchProfile>,
  headBatch: ReturnType<typeof batchProfile>,
  metrics: string[],
  status: 'confirmed' | 'likely',
): Finding {
  return {
    hint: 'decode-overhead',
    phase: 'decode',
    title: `each decode step is ${signedPercent(matched.change)} slower at the same running batch`,
    status,
    cause: status === 'confirmed' ? 'code' : 'unknown',
    evidence: [
      evidence(
        `time per output token at matched batch size ${signedPercent(matched.change)} (${agreeingBins(matched)}); unmatched ${signedPercent(matched.rawChange)}`,
        { change: matched.change, rawChange: matched.rawChange, agreement: matched.agreement },
      ),
      ...(baseBatch && headBatch
        ? [
            evidence(
              `running batch mean ${compact(baseBatch.mean)} → ${compact(headBatch.mean)}${status === 'confirmed' ? ': the load did not cause it' : ''}`,
            ),
          ]
        : []),
    ],
    nextCheck:
      'compute the memory-bandwidth floor (bytes per step / bandwidth) and profile a decode step: kernel time vs launch gaps',
    metrics,
  };
}
