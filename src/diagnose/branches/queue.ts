// QUEUE_WAIT dominates → capacity or admission problem (§5). Check the running batch against its
// maximum (low: traffic- or scheduler-limited; high: at capacity), and whether long prefills block.

import { compact, grouped, percent, signedPercent } from '../../display/numbers';
import { capitalise } from '../../display/text';
import { pValueText } from '../phrases';
import { prefillBranch } from './prefill';
import { decodeBranch } from './decode';
import { requestColumn } from '../../metrics/values';
import { meanFinite } from '../../stats/quantile';
import { batchProfile, configuredBatchLimit, shareAtOrAbove } from '../measures/batch';
import { prefillOverlap } from '../measures/overlap';
import { chunkedPrefill, evidence, type BranchResult, type DiagnosisContext } from '../context';
import type { Finding } from '../hints';

const AT_CAP_SHARE = 0.1;
/** Growth of engine time per request beyond which queueing is read as its consequence. */
const SERVICE_GROWTH = 0.1;
const HIGH_UTILISATION = 0.9;

export function queueBranch(ctx: DiagnosisContext, metrics: string[]): BranchResult {
  const steps = [];
  const findings: Finding[] = [];
  const base = batchProfile(ctx.base.tables);
  const head = batchProfile(ctx.head.tables);
  const baseLimit = configuredBatchLimit(ctx.base.meta);
  const headLimit = configuredBatchLimit(ctx.head.meta);

  if (!head) {
    steps.push({
      question: 'Running batch vs its maximum?',
      answer: 'unknown: no batch_size_at_admission in the data',
    });
    findings.push({
      hint: 'capacity',
      phase: 'queue_wait',
      title: 'requests wait for admission; the data cannot tell capacity from scheduling',
      status: 'candidate',
      cause: 'unknown',
      evidence: [evidence('queue wait holds the change, but the artifact has no batch_size_at_admission')],
      nextCheck: 'record batch_size_at_admission (and the engine config) to compare the running batch with its maximum',
      metrics,
    });
    return { steps, findings };
  }

  const batchText =
    `running batch at admission: mean ${compact(head.mean)}, max ${grouped(head.max)}` +
    (base ? ` (baseline mean ${compact(base.mean)}, max ${grouped(base.max)})` : '');
  const batchEvidence = evidence(capitalise(batchText), {
    headMean: head.mean,
    headMax: head.max,
    baseMean: base?.mean ?? null,
    baseMax: base?.max ?? null,
  });
  const limit = headLimit?.value ?? head.max;
  const rate = ctx.workload.arrivalRate;
  let service: ReturnType<typeof serviceTimeGrowth>;
  let rootPhase: BranchResult['rootPhase'];

  if (headLimit && baseLimit && headLimit.value < baseLimit.value) {
    const atCap = shareAtOrAbove(ctx.head.tables, headLimit.value);
    steps.push({
      question: 'Running batch vs its maximum?',
      answer: `at its configured maximum: ${headLimit.key} ${grouped(baseLimit.value)} → ${grouped(headLimit.value)}`,
    });
    findings.push({
      hint: 'capacity',
      phase: 'queue_wait',
      title: `running-batch capacity cut: ${headLimit.key} ${grouped(baseLimit.value)} → ${grouped(headLimit.value)}`,
      status: head.max <= headLimit.value && atCap >= AT_CAP_SHARE ? 'confirmed' : 'likely',
      cause: 'config',
      evidence: [
        batchEvidence,
        evidence(
          `${headLimit.key} is ${grouped(headLimit.value)} in this run, ${grouped(baseLimit.value)} in the baseline; ${percent(atCap)} of requests were admitted with the batch at that cap`,
          { key: headLimit.key, base: baseLimit.value, head: headLimit.value, shareAtCap: atCap },
        ),
      ],
      nextCheck: `is the lower ${headLimit.key} intended? KV-cache use at the cap would tell whether memory allows more`,
      metrics,
    });
  } else if (base && head.max < 0.8 * base.max && shareAtOrAbove(ctx.head.tables, 0.95 * head.max) >= AT_CAP_SHARE) {
    const atCap = shareAtOrAbove(ctx.head.tables, 0.95 * head.max);
    steps.push({
      question: 'Running batch vs its maximum?',
      answer: `capped: never above ${grouped(head.max)} (baseline peaked at ${grouped(base.max)})`,
    });
    findings.push({
      hint: 'capacity',
      phase: 'queue_wait',
      title: `the running batch never exceeded ${grouped(head.max)} (baseline peaked at ${grouped(base.max)})`,
      status: 'confirmed',
      cause: 'unknown',
      evidence: [
        batchEvidence,
        evidence(`${percent(atCap)} of requests were admitted with the batch at its new ceiling`, {
          shareAtCap: atCap,
        }),
      ],
      nextCheck:
        'find what caps the batch: max_num_seqs, KV-cache blocks (num_gpu_blocks, gpu_memory_utilization) or preemption',
      metrics,
    });
  } else if (rate?.changed && rate.change > 0) {
    steps.push({
      question: 'Running batch vs its maximum?',
      answer: `fuller because more requests arrived (${compact(rate.baseRate)} → ${compact(rate.headRate)} req/s)`,
    });
    findings.push({
      hint: 'traffic-increase',
      phase: 'queue_wait',
      title: `more traffic: arrivals rose ${signedPercent(rate.change)} (${compact(rate.baseRate)} → ${compact(rate.headRate)} req/s)`,
      status: 'confirmed',
      cause: 'workload',
      evidence: [
        evidence(
          `arrival rate ${compact(rate.baseRate)} → ${compact(rate.headRate)} req/s (rate-ratio test p ${pValueText(rate.pValue)})`,
          { baseRate: rate.baseRate, headRate: rate.headRate, pValue: rate.pValue },
        ),
        batchEvidence,
      ],
      nextCheck:
        'compare at the same arrival rate before blaming the code; if this load is the new normal, plan capacity for it',
      metrics,
    });
  } else if ((service = serviceTimeGrowth(ctx)) && service.change >= SERVICE_GROWTH) {
    steps.push({
      question: 'Does each request hold its slot longer?',
      answer: `yes: engine time per request (prefill + decode, mean) ${signedPercent(service.change)}, mostly ${service.phase}; the queue is a symptom`,
    });
    const followed = service.phase === 'prefill' ? prefillBranch(ctx, metrics) : decodeBranch(ctx, metrics);
    steps.push(...followed.steps);
    findings.push(...followed.findings);
    rootPhase = followed.rootPhase ?? service.phase;
  } else if (head.p95 >= HIGH_UTILISATION * limit) {
    steps.push({
      question: 'Running batch vs its maximum?',
      answer: `high: p95 ${grouped(head.p95)} of ${grouped(limit)}`,
    });
    findings.push({
      hint: 'capacity',
      phase: 'queue_wait',
      title: `at capacity: the running batch sits at ${grouped(head.p95)} of ${grouped(limit)}`,
      status: 'likely',
      cause: 'unknown',
      evidence: [
        batchEvidence,
        evidence(
          `${headLimit ? `${headLimit.key} = ${grouped(headLimit.value)}` : `observed maximum ${grouped(head.max)}`}; batch p95 ${grouped(head.p95)}`,
        ),
      ],
      nextCheck:
        'each request holds its slot longer or the cap is lower: compare decode time per request and KV-cache use',
      metrics,
    });
  } else {
    steps.push({
      question: 'Running batch vs its maximum?',
      answer: `low: p95 ${grouped(head.p95)} of ${grouped(limit)} while requests queued`,
    });
    findings.push({
      hint: 'scheduler-limited',
      phase: 'queue_wait',
      title: `requests queue while the running batch has room (p95 ${grouped(head.p95)} of ${grouped(limit)})`,
      status: 'likely',
      cause: 'unknown',
      evidence: [batchEvidence],
      nextCheck:
        'look at the scheduler: admission interval, max_num_batched_tokens, KV-cache block availability, preemptions',
      metrics,
    });
  }

  const overlap = prefillOverlap(ctx.head.tables);
  if (overlap) {
    // With chunked prefill on, no prompt holds a step whole: the longest waits overlapping long
    // prefills is then the busy periods both fall in, not one blocking the other.
    const chunked = chunkedPrefill(ctx.head.meta);
    const blocking = !chunked.on && overlap.tailShare >= 0.5 && overlap.tailShare >= 1.5 * overlap.overallShare;
    steps.push({
      question: 'Are long prefills blocking?',
      answer: chunked.on
        ? `no: chunked prefill is on${typeof chunked.value === 'number' ? ` (chunks of ${grouped(chunked.value)} tokens)` : ''}, so no prompt prefills in one piece; ${percent(overlap.tailShare)} of the longest waits overlapped a long prefill (≥ ${compact(overlap.longPrefillMs)} ms), vs ${percent(overlap.overallShare)} of all waits: busy periods they share, not one blocking the other`
        : `${blocking ? 'yes' : 'no'}: ${percent(overlap.tailShare)} of the longest waits overlapped a long prefill (≥ ${compact(overlap.longPrefillMs)} ms), vs ${percent(overlap.overallShare)} of all waits`,
    });
    if (blocking) findings.push(longPrefillFinding(ctx, metrics, overlap));
  }
  return { steps, findings, rootPhase };
}

function longPrefillFinding(
  ctx: DiagnosisContext,
  metrics: string[],
  overlap: NonNullable<ReturnType<typeof prefillOverlap>>,
): Finding {
  const { value: chunked, off } = chunkedPrefill(ctx.head.meta);
  return {
    hint: 'long-prefill-blocking',
    phase: 'queue_wait',
    title: 'long prefills block admission',
    status: off ? 'confirmed' : 'likely',
    cause: off ? 'config' : 'unknown',
    evidence: [
      evidence(
        `${percent(overlap.tailShare)} of the slowest-waiting requests waited while a long prefill (≥ ${compact(overlap.longPrefillMs)} ms) ran, vs ${percent(overlap.overallShare)} of all waiting requests`,
        { tailShare: overlap.tailShare, overallShare: overlap.overallShare },
      ),
      ...(chunked !== undefined ? [evidence(`chunked prefill setting in this run: ${String(chunked)}`)] : []),
    ],
    nextCheck:
      'enable chunked prefill (--enable-chunked-prefill, a max_num_batched_tokens budget) and re-measure ITL p99 and TTFT p95',
    metrics,
  };
}

/**
 * Mean prefill + decode per successful request, head vs base: when requests hold their slots longer,
 * the same traffic queues more, and the cause is in the phase that grew.
 */
function serviceTimeGrowth(ctx: DiagnosisContext): { change: number; phase: 'prefill' | 'decode' } | undefined {
  const mean = (side: DiagnosisContext['base'], phase: 'prefill' | 'decode') => {
    const column = requestColumn(side.pooled, phase);
    return column ? meanFinite(column) : NaN;
  };
  const bp = mean(ctx.base, 'prefill');
  const bd = mean(ctx.base, 'decode');
  const hp = mean(ctx.head, 'prefill');
  const hd = mean(ctx.head, 'decode');
  const base = (Number.isFinite(bp) ? bp : 0) + (Number.isFinite(bd) ? bd : 0);
  const head = (Number.isFinite(hp) ? hp : 0) + (Number.isFinite(hd) ? hd : 0);
  if (!(base > 0)) return undefined;
  const prefillDelta = Number.isFinite(hp) && Number.isFinite(bp) ? hp - bp : 0;
  const decodeDelta = Number.isFinite(hd) && Number.isFinite(bd) ? hd - bd : 0;
  return { change: head / base - 1, phase: prefillDelta >= decodeDelta ? 'prefill' : 'decode' };
}
