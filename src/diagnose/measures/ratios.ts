// Per-request costs normalised by the work they did (ms per prompt token, per uncached token, per
// output token), and like-for-like comparison of a cost at matched levels of a covariate (running
// batch size, prompt length), so that a shift in load or prompt mix is not read as slower code.

import type { RequestTable } from '../../model/run';
import { successMask } from '../../metrics/values';
import { meanFinite, quantile, quantileSorted, sortedFinite, type SortedSample } from '../../stats/quantile';

/** cost[i] / work[i] where both are finite and work > 0; NaN elsewhere (and on failed requests). */
export function perUnit(table: RequestTable, cost: Float64Array | undefined, work: Float64Array | undefined): Float64Array | undefined {
  if (!cost || !work) return undefined;
  const ok = successMask(table);
  const out = new Float64Array(table.length);
  for (let i = 0; i < out.length; i++) out[i] = ok[i] && work[i] > 0 && Number.isFinite(cost[i]) ? cost[i] / work[i] : NaN;
  return out;
}

/** Uncached prompt tokens: prompt_tokens − prefix_cache_hit_tokens (all of them when hits are absent). */
export function uncachedTokens(table: RequestTable): Float64Array | undefined {
  const prompt = table.numbers.prompt_tokens;
  if (!prompt) return undefined;
  const hits = table.numbers.prefix_cache_hit_tokens;
  const out = new Float64Array(table.length);
  for (let i = 0; i < out.length; i++) out[i] = prompt[i] - (hits && Number.isFinite(hits[i]) ? hits[i] : 0);
  return out;
}

/** The columns that exist, one after the other; undefined when none does. */
export function concatPresent(columns: (Float64Array | undefined)[]): Float64Array | undefined {
  const present = columns.filter((c): c is Float64Array => c !== undefined);
  return present.length ? concat(present) : undefined;
}

/** The columns one after the other, or undefined when any is missing. */
export function concat(columns: (Float64Array | undefined)[]): Float64Array | undefined {
  if (columns.some((c) => !c)) return undefined;
  const out = new Float64Array(columns.reduce((s, c) => s + c!.length, 0));
  let offset = 0;
  for (const c of columns) {
    out.set(c!, offset);
    offset += c!.length;
  }
  return out;
}

export interface MatchedBin {
  /** Covariate range [low, high). */
  low: number;
  high: number;
  baseMedian: number;
  headMedian: number;
  baseCount: number;
  headCount: number;
}

export interface MatchedRatio {
  /** Weighted geometric mean of head/base medians over the bins, minus 1. */
  change: number;
  bins: MatchedBin[];
  /** Share of the strata (weighted as in `change`) whose ratio has the sign of `change`. */
  agreement: number;
  /** The plain (unmatched) ratio of medians − 1, for contrast. */
  rawChange: number;
}

const MIN_PER_BIN = 10;
/** A covariate with at most this many distinct values (batch sizes) is matched value by value. */
const MAX_EXACT_STRATA = 64;
const QUANTILE_BINS = 8;

/**
 * Compares y between sides within strata of the covariate x, then combines the per-stratum ratios
 * of medians with weights min(n_base, n_head): direct standardisation. Integer covariates with few
 * values (batch sizes) are matched exactly; others by quantile bins of both sides pooled. Strata
 * with fewer than 10 requests on a side are left out.
 */
export function matchedRatio(baseX: Float64Array, baseY: Float64Array, headX: Float64Array, headY: Float64Array): MatchedRatio | undefined {
  const pooledX = new Float64Array(baseX.length + headX.length);
  pooledX.set(baseX);
  pooledX.set(headX, baseX.length);
  const sortedX = sortedFinite(pooledX);
  if (sortedX.length === 0) return undefined;
  const edges = strataEdges(sortedX);
  const binOf = (x: number) => {
    let lo = 0;
    let hi = edges.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (x >= edges[mid]) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const groups = edges.length + 1;
  const baseGroups: number[][] = Array.from({ length: groups }, () => []);
  const headGroups: number[][] = Array.from({ length: groups }, () => []);
  const fill = (x: Float64Array, y: Float64Array, into: number[][]) => {
    for (let i = 0; i < x.length; i++) if (Number.isFinite(x[i]) && Number.isFinite(y[i])) into[binOf(x[i])].push(y[i]);
  };
  fill(baseX, baseY, baseGroups);
  fill(headX, headY, headGroups);

  const bins: MatchedBin[] = [];
  const weights: number[] = [];
  let logSum = 0;
  let weightSum = 0;
  for (let g = 0; g < groups; g++) {
    const nb = baseGroups[g].length;
    const nh = headGroups[g].length;
    if (nb < MIN_PER_BIN || nh < MIN_PER_BIN) continue;
    const baseMedian = quantile(baseGroups[g], 0.5);
    const headMedian = quantile(headGroups[g], 0.5);
    bins.push({ low: g === 0 ? sortedX[0] : edges[g - 1], high: g < edges.length ? edges[g] : sortedX[sortedX.length - 1], baseMedian, headMedian, baseCount: nb, headCount: nh });
    const w = Math.min(nb, nh);
    weights.push(w);
    if (baseMedian > 0 && headMedian > 0) {
      logSum += w * Math.log(headMedian / baseMedian);
      weightSum += w;
    }
  }
  if (weightSum === 0) return undefined;
  const change = Math.exp(logSum / weightSum) - 1;
  // Agreement weighs strata like the estimate does, so a few thin strata cannot outvote the bulk.
  let agreeing = 0;
  let total = 0;
  bins.forEach((b, k) => {
    total += weights[k];
    if (Math.sign(b.headMedian - b.baseMedian) === Math.sign(change)) agreeing += weights[k];
  });
  const rawBase = quantile(baseY, 0.5);
  const rawHead = quantile(headY, 0.5);
  return { change, bins, agreement: total ? agreeing / total : 0, rawChange: rawBase > 0 ? rawHead / rawBase - 1 : NaN };
}

/** Upper-exclusive edges between strata. */
function strataEdges(sortedX: SortedSample): number[] {
  const distinct: number[] = [];
  let integers = true;
  for (let i = 0; i < sortedX.length; i++) {
    const v = sortedX[i];
    if (!Number.isInteger(v)) integers = false;
    if (i === 0 || v !== sortedX[i - 1]) {
      distinct.push(v);
      if (distinct.length > MAX_EXACT_STRATA) break;
    }
  }
  if (integers && distinct.length <= MAX_EXACT_STRATA) return distinct.slice(1);
  const edges: number[] = [];
  for (let k = 1; k < QUANTILE_BINS; k++) {
    const edge = quantileSorted(sortedX, k / QUANTILE_BINS);
    if (edges.length === 0 || edge > edges[edges.length - 1]) edges.push(edge);
  }
  return edges;
}

/** Σ a / Σ b over successful requests where both are finite. */
export function ratioOfSums(tables: RequestTable[], a: (t: RequestTable) => Float64Array | undefined, b: (t: RequestTable) => Float64Array | undefined): number | undefined {
  let num = 0;
  let den = 0;
  let any = false;
  for (const t of tables) {
    const x = a(t);
    const y = b(t);
    if (!x || !y) return undefined;
    const ok = successMask(t);
    for (let i = 0; i < t.length; i++) {
      if (!ok[i] || !Number.isFinite(x[i]) || !Number.isFinite(y[i])) continue;
      num += x[i];
      den += y[i];
      any = true;
    }
  }
  return any && den > 0 ? num / den : undefined;
}

/** Growth of prefill work per request beyond which per-step costs are read as contention. */
export const PREFILL_WORK_GROWTH = 0.1;

/** Mean uncached prompt tokens per request, head / base − 1: more prefill work contends for steps. */
export function prefillWorkGrowth(base: RequestTable[], head: RequestTable[]): number | undefined {
  const b = concat(base.map(uncachedTokens));
  const h = concat(head.map(uncachedTokens));
  if (!b || !h) return undefined;
  const baseMean = meanFinite(b);
  return baseMean > 0 ? meanFinite(h) / baseMean - 1 : undefined;
}
