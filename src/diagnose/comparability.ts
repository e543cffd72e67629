// Are the two sides the same experiment? Their workload keys (model/workload-key.ts) are compared
// field by field; each difference is a caveat kind the report says before any verdict. Two of them
// change what is judged: token timing (TTFT, ITL, TPOT) means something else without streaming (the
// first "token" is the whole response), so it is not judged across streaming modes; and a load
// change (request rate, concurrency) is a different operating point, not a regression of the code,
// so no metric is called regressed or improved across it unless the team asks (compare-across-load).
// Numbers and codes only: src/render words them.

import type { MetricComparison, VerdictReason } from '../compare/types';
import type { MetricSpec } from '../metrics/metric-spec';
import type { Side } from '../model/run';
import { commonKey, keyDifferences, type KeyDifference, type KeyField } from '../model/workload-key';
import type { LikeForLike } from './like-for-like';

export type NotLikeForLikeKind =
  'load-changed' | 'engine-changed' | 'streaming-changed' | 'model-changed' | 'hardware-changed' | 'dataset-changed';

const KIND_OF: Readonly<Record<KeyField, NotLikeForLikeKind>> = {
  requestRate: 'load-changed',
  concurrency: 'load-changed',
  engine: 'engine-changed',
  engineVersion: 'engine-changed',
  streaming: 'streaming-changed',
  model: 'model-changed',
  hardware: 'hardware-changed',
  dataset: 'dataset-changed',
  inputLength: 'dataset-changed',
  outputLength: 'dataset-changed',
  tenant: 'dataset-changed',
};

/** The order the report says them in: what changes the meaning of the numbers most, first. */
const ORDER: readonly NotLikeForLikeKind[] = [
  'load-changed',
  'streaming-changed',
  'engine-changed',
  'model-changed',
  'hardware-changed',
  'dataset-changed',
];

export interface NotLikeForLike {
  kind: NotLikeForLikeKind;
  differences: KeyDifference[];
  /** load-changed only: the team asked to judge the metrics anyway (compare-across-load). */
  judgedAnyway?: boolean;
}

/** What differs between the sides' workload keys, by kind, most consequential first. */
export function notLikeForLike(base: Side, head: Side): NotLikeForLike[] {
  const differences = keyDifferences(commonKey(base.runs), commonKey(head.runs));
  const out: NotLikeForLike[] = [];
  for (const kind of ORDER) {
    const mine = differences.filter((d) => KIND_OF[d.field] === kind);
    if (mine.length) out.push({ kind, differences: mine });
  }
  return out;
}

/** Why a metric is not judged: its meaning differs between streaming modes. */
export type NotJudgedReason = 'streaming-changed';

export interface NotJudged {
  /** The comparison as computed, for its values; its verdict is not part of the report's. */
  comparison: MetricComparison;
  reason: NotJudgedReason;
}

/** Measured from the response stream; server-side phases (queue wait, prefill) mean the same either way. */
const TOKEN_TIMING = new Set(['ttft', 'ttft_client', 'itl', 'tpot', 'network']);
/** Tools' own token-timing statistics (time_to_second_token, inter_chunk_latency, per-user token rates). */
const TOKEN_TIMING_NAME = /(first|second)_(output_)?token|inter_(token|chunk)|per_user|tpot|itl|ttft/i;

/** A metric whose meaning depends on the responses being streamed. */
export function isTokenTiming(spec: MetricSpec): boolean {
  return spec.metric.custom ? TOKEN_TIMING_NAME.test(spec.metric.id) : TOKEN_TIMING.has(spec.metric.id);
}

/**
 * The hook the comparison calls per metric: a reason to show it without judging it, or undefined.
 * Across streaming modes token timing is not judged; across loads, unless `compareAcrossLoad`, no
 * metric is — a different operating point cannot show what the code did, better, worse or the same.
 */
export function withheldReason(
  differences: readonly NotLikeForLike[],
  compareAcrossLoad: boolean,
): (spec: MetricSpec) => VerdictReason | undefined {
  const streaming = differences.some((d) => d.kind === 'streaming-changed');
  const load = differences.find((d) => d.kind === 'load-changed');
  return (spec) => {
    if (streaming && isTokenTiming(spec)) return { code: 'not-judged-streaming' };
    if (load && !compareAcrossLoad) return { code: 'operating-point', changes: load.differences };
    return undefined;
  };
}

export interface Judgement {
  /** The metrics the verdict rests on (those shown but not judged across a load change among them, inconclusive). */
  metrics: MetricComparison[];
  notJudged: NotJudged[];
}

/** Token timing withheld across streaming modes leaves the judged set, kept with its values. */
export function applyComparability(metrics: MetricComparison[]): Judgement {
  const notJudged: NotJudged[] = [];
  const judged: MetricComparison[] = [];
  for (const m of metrics) {
    if (m.reason.code === 'not-judged-streaming') notJudged.push({ comparison: m, reason: 'streaming-changed' });
    else judged.push(m);
  }
  return { metrics: judged, notJudged };
}

/**
 * Throughput up together with per-token latency and a larger running batch: the batching trade-off
 * (more requests share each decode step), not slower code. `matchedStep` is the decode step compared
 * at a matched running batch, where the data allows.
 */
export interface BatchingTradeoff {
  throughputChange: number;
  tokenMetric: string;
  tokenChange: number;
  batch: { base: number; head: number; source: 'declared concurrency' | 'running batch' };
  matchedStep?: { change: number; changed: boolean };
}

const TRADEOFF_CHANGE = 0.05;
const BATCH_CHANGE = 0.1;

export function batchingTradeoff(
  metrics: MetricComparison[],
  differences: NotLikeForLike[],
  batch: { base: number; head: number } | undefined,
  costs: LikeForLike[],
): BatchingTradeoff | undefined {
  const rate = (m: MetricComparison | undefined) =>
    m?.change !== null && m?.change !== undefined && Number.isFinite(m.change) ? m.change : undefined;
  const throughput = rate(metrics.find((m) => m.spec.metric.id === 'throughput'));
  if (throughput === undefined || throughput < TRADEOFF_CHANGE) return undefined;
  // The typical request's per-token time (the median, else the mean), not a tail that other causes move.
  const perToken = metrics.filter(
    (m) => (m.spec.metric.id === 'itl' || m.spec.metric.id === 'tpot') && (rate(m) ?? 0) >= TRADEOFF_CHANGE,
  );
  const typical = (m: MetricComparison) =>
    m.spec.stat.kind === 'mean' ? 1 : Math.abs(m.spec.stat.q - 0.5) < 1e-9 ? 0 : 2 + m.spec.stat.q;
  const token = perToken.sort((a, b) => typical(a) - typical(b) || (a.spec.metric.id === 'itl' ? -1 : 1))[0];
  if (!token) return undefined;
  const declared = differences
    .find((d) => d.kind === 'load-changed')
    ?.differences.find((c) => c.field === 'concurrency');
  const size =
    declared &&
    typeof declared.base === 'number' &&
    typeof declared.head === 'number' &&
    Number.isFinite(declared.base) &&
    Number.isFinite(declared.head)
      ? { base: declared.base, head: declared.head, source: 'declared concurrency' as const }
      : batch
        ? { ...batch, source: 'running batch' as const }
        : undefined;
  if (!size || !(size.base > 0) || size.head < size.base * (1 + BATCH_CHANGE)) return undefined;
  const step = costs.find((c) => c.id === 'decode-step');
  return {
    throughputChange: throughput,
    tokenMetric: token.spec.key,
    tokenChange: token.change!,
    batch: size,
    ...(step ? { matchedStep: { change: step.change, changed: step.changed } } : {}),
  };
}
