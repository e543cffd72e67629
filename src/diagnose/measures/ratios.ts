// Per-request costs normalised by the work they did (ms per prompt token, per uncached token, per
// output token), and like-for-like comparison of a cost at matched levels of a covariate (running
// batch size, prompt length), so that a shift in load or prompt mix is not read as slower code.

import type { RequestTable } from '../../model/run';
import { successMask } from '../../metrics/values';
import { quantile, quantileSorted, sortedFinite } from '../../stats/quantile';

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
  /** Share of bins whose ratio has the same sign as `change`. */
  agreement: number;
  /** The plain (unmatched) ratio of medians − 1, for contrast. */
  rawChange: number;
}

const MIN_PER_BIN = 10;

/**
 * Compares y between sides within bins of the covariate x (quantile bins of both sides pooled), then
 * combines the per-bin ratios with weights min(n_base, n_head): direct standardisation.
 */
export function matchedRatio(
  baseX: Float64Array,
  baseY: Float64Array,
  headX: Float64Array,
  headY: Float64Array,
  binCount = 5,
): MatchedRatio | undefined {
  const pooledX = new Float64Array(baseX.length + headX.length);
  pooledX.set(baseX);
  pooledX.set(headX, baseX.length);
  const sortedX = sortedFinite(pooledX);
  if (sortedX.length === 0) return undefined;
  const edges: number[] = [];
  for (let k = 1; k < binCount; k++) {
    const edge = quantileSorted(sortedX, k / binCount);
    if (edges.length === 0 || edge > edges[edges.length - 1]) edges.push(edge);
  }
  const binOf = (x: number) => {
    let b = 0;
    while (b < edges.length && x >= edges[b]) b++;
    return b;
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
  let logSum = 0;
  let weightSum = 0;
  for (let g = 0; g < groups; g++) {
    const nb = baseGroups[g].length;
    const nh = headGroups[g].length;
    if (nb < MIN_PER_BIN || nh < MIN_PER_BIN) continue;
    const baseMedian = quantile(baseGroups[g], 0.5);
    const headMedian = quantile(headGroups[g], 0.5);
    bins.push({ low: g === 0 ? sortedX[0] : edges[g - 1], high: g < edges.length ? edges[g] : sortedX[sortedX.length - 1], baseMedian, headMedian, baseCount: nb, headCount: nh });
    if (baseMedian > 0 && headMedian > 0) {
      const w = Math.min(nb, nh);
      logSum += w * Math.log(headMedian / baseMedian);
      weightSum += w;
    }
  }
  if (weightSum === 0) return undefined;
  const change = Math.exp(logSum / weightSum) - 1;
  const agreeing = bins.filter((b) => Math.sign(b.headMedian - b.baseMedian) === Math.sign(change)).length;
  const rawBase = quantile(baseY, 0.5);
  const rawHead = quantile(headY, 0.5);
  return { change, bins, agreement: bins.length ? agreeing / bins.length : 0, rawChange: rawBase > 0 ? rawHead / rawBase - 1 : NaN };
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
