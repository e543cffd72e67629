// Did the workload change between the sides? Prompt and output length distributions (two-sample
// KS), arrival rate and concurrency. A regression that the workload explains must be reported as
// such, not as slower code (§9: "benchmarking with an unrealistic workload", "changing multiple things").

import type { RequestTable, WorkloadInfo } from '../model/run';
import { successMask } from '../metrics/values';
import { errorFunction } from 'simple-statistics';
import { ksTwoSample, ksTwoSampleCounted, type KsResult } from '../stats/ks-test';
import { countedQuantiles } from '../stats/counted-quantiles';
import { concatPresent } from './measures/ratios';
import { quantileSorted, sortedFinite } from '../stats/quantile';

export interface DistributionShift {
  field: 'prompt_tokens' | 'output_tokens';
  baseMedian: number;
  headMedian: number;
  baseP95: number;
  headP95: number;
  ks: number;
  pValue: number;
  /** Significant (KS p < 0.01) and large enough to matter: KS distance ≥ 0.1 and the median or p95 moved ≥ 5%. */
  changed: boolean;
}

export interface RateShift {
  baseRate: number;
  headRate: number;
  /** head/base − 1. */
  change: number;
  pValue: number;
  changed: boolean;
}

export interface WorkloadComparison {
  prompt?: DistributionShift;
  output?: DistributionShift;
  arrivalRate?: RateShift;
  /** Mean requests in flight (Little's law: Σ latency / elapsed). */
  baseConcurrency?: number;
  headConcurrency?: number;
  baseRequests: number;
  headRequests: number;
  /** What the tools said about the load they generated, where the sides differ. */
  declared: DeclaredShift[];
  changed: boolean;
}

export interface DeclaredShift {
  key: 'concurrency' | 'requestRate' | 'inputTokensMean' | 'outputTokensMean';
  base: number;
  head: number;
}

const SIGNIFICANCE = 0.01;
const MIN_KS = 0.1;
const MIN_MEDIAN_SHIFT = 0.1;
const MIN_SHIFT = 0.05;
const MIN_RATE_SHIFT = 0.1;

export function compareWorkload(
  base: RequestTable[],
  head: RequestTable[],
  baseInfo: WorkloadInfo[] = [],
  headInfo: WorkloadInfo[] = [],
): WorkloadComparison {
  const prompt = distributionShift('prompt_tokens', base, head);
  const output = distributionShift('output_tokens', base, head);
  const arrivalRate = rateShift(base, head);
  const declared = declaredShifts(baseInfo, headInfo);
  const out: WorkloadComparison = {
    prompt,
    output,
    arrivalRate,
    baseConcurrency: concurrency(base),
    headConcurrency: concurrency(head),
    baseRequests: base.reduce((s, t) => s + t.length, 0),
    headRequests: head.reduce((s, t) => s + t.length, 0),
    declared,
    changed: Boolean(prompt?.changed || output?.changed || arrivalRate?.changed || declared.length),
  };
  return out;
}

/** Settings a tool reports (concurrency, request rate) must match; token means within 10%. */
function declaredShifts(base: WorkloadInfo[], head: WorkloadInfo[]): DeclaredShift[] {
  const out: DeclaredShift[] = [];
  const keys: [DeclaredShift['key'], number][] = [
    ['concurrency', 0],
    ['requestRate', 0],
    ['inputTokensMean', MIN_MEDIAN_SHIFT],
    ['outputTokensMean', MIN_MEDIAN_SHIFT],
  ];
  for (const [key, tolerance] of keys) {
    const b = meanOf(base.map((w) => w[key]));
    const h = meanOf(head.map((w) => w[key]));
    if (b === undefined || h === undefined) continue;
    const same = b === h || (Number.isFinite(b) && Number.isFinite(h) && Math.abs(h - b) <= tolerance * Math.abs(b));
    if (!same) out.push({ key, base: b, head: h });
  }
  return out;
}

function meanOf(values: (number | undefined)[]): number | undefined {
  const present = values.filter((v): v is number => v !== undefined && !Number.isNaN(v));
  if (present.length === 0) return undefined;
  if (present.some((v) => !Number.isFinite(v))) return present.every((v) => v === present[0]) ? present[0] : NaN;
  return present.reduce((s, v) => s + v, 0) / present.length;
}

function distributionShift(
  field: 'prompt_tokens' | 'output_tokens',
  base: RequestTable[],
  head: RequestTable[],
): DistributionShift | undefined {
  const b = concatPresent(base.map((t) => t.numbers[field]));
  const h = concatPresent(head.map((t) => t.numbers[field]));
  if (!b || !h) return undefined;
  // Token counts are whole numbers: counted, not copied and sorted (the same numbers either way).
  const counted = ksTwoSampleCounted(b, h);
  let ks: KsResult;
  let baseQuantiles: number[];
  let headQuantiles: number[];
  if (counted) {
    if (counted.n1 < 20 || counted.n2 < 20) return undefined;
    ks = counted;
    baseQuantiles = countedQuantiles([b], [0.5, 0.95])!;
    headQuantiles = countedQuantiles([h], [0.5, 0.95])!;
  } else {
    const sb = sortedFinite(b);
    const sh = sortedFinite(h);
    if (sb.length < 20 || sh.length < 20) return undefined;
    ks = ksTwoSample(sb, sh);
    baseQuantiles = [quantileSorted(sb, 0.5), quantileSorted(sb, 0.95)];
    headQuantiles = [quantileSorted(sh, 0.5), quantileSorted(sh, 0.95)];
  }
  const [baseMedian, baseP95] = baseQuantiles;
  const [headMedian, headP95] = headQuantiles;
  // Token counts can be tightly spread (a fixed max_tokens): KS then flags a 3% shift; it must also move the bulk or the tail.
  const shift = Math.max(relativeShift(baseMedian, headMedian), relativeShift(baseP95, headP95));
  return {
    field,
    baseMedian,
    headMedian,
    baseP95,
    headP95,
    ks: ks.statistic,
    pValue: ks.pValue,
    changed: ks.pValue < SIGNIFICANCE && ks.statistic >= MIN_KS && shift >= MIN_SHIFT,
  };
}

/** Arrivals per second over each run's span, pooled over runs. */
function relativeShift(base: number, head: number): number {
  if (base > 0) return Math.abs(head / base - 1);
  return head > 0 ? 1 : 0;
}

function arrivalCounts(tables: RequestTable[]): { count: number; seconds: number } | undefined {
  let count = 0;
  let seconds = 0;
  for (const t of tables) {
    const a = t.numbers.arrival_ts;
    if (!a || t.length < 2 || !t.orderedByArrival) return undefined;
    count += t.length - 1;
    seconds += a[t.length - 1] - a[0];
  }
  return seconds > 0 ? { count, seconds } : undefined;
}

/**
 * Rate ratio test on Poisson counts (log rate ratio, standard error √(1/n₁ + 1/n₂)). Bursty
 * arrivals are overdispersed, so this is taken together with a 10% minimum shift.
 */
function rateShift(base: RequestTable[], head: RequestTable[]): RateShift | undefined {
  const b = arrivalCounts(base);
  const h = arrivalCounts(head);
  if (!b || !h) return undefined;
  const baseRate = b.count / b.seconds;
  const headRate = h.count / h.seconds;
  const z = Math.log(headRate / baseRate) / Math.sqrt(1 / b.count + 1 / h.count);
  const pValue = 2 * (1 - normalCdf(Math.abs(z)));
  const change = headRate / baseRate - 1;
  return { baseRate, headRate, change, pValue, changed: pValue < SIGNIFICANCE && Math.abs(change) >= MIN_RATE_SHIFT };
}

function concurrency(tables: RequestTable[]): number | undefined {
  let busy = 0;
  let seconds = 0;
  for (const t of tables) {
    const a = t.numbers.arrival_ts;
    const total = t.numbers.total_ms;
    if (!a || !total || t.length < 2 || !t.orderedByArrival) return undefined;
    const ok = successMask(t);
    let end = -Infinity;
    for (let i = 0; i < t.length; i++) {
      if (!ok[i] || !Number.isFinite(total[i])) continue;
      busy += total[i] / 1000;
      end = Math.max(end, a[i] + total[i] / 1000);
    }
    seconds += end - a[0];
  }
  return seconds > 0 ? busy / seconds : undefined;
}

/** Standard normal CDF. */
export function normalCdf(x: number): number {
  return 0.5 * (1 + errorFunction(x / Math.SQRT2));
}
