// Per-request costs normalised by the work they did (ms per prompt token, per uncached token, per
// output token), and like-for-like comparison of a cost at matched levels of a covariate (running
// batch size, prompt length), so that a shift in load or prompt mix is not read as slower code.

import type { NumberColumn } from '../../model/columns';
import type { RequestTable } from '../../model/run';
import { successMask, tpotAt } from '../../metrics/values';
import {
  quantile,
  quantileOfComputed,
  quantileSorted,
  quantilesOfComputed,
  selectScratchOf,
  sortedFinite,
} from '../../stats/quantile';
import { selectQuantile } from '../../stats/select';
import { countedQuantiles } from '../../stats/counted-quantiles';

/**
 * cost[i] / work[i] where both are finite and work > 0; NaN elsewhere (and on failed requests).
 * `into`: an array to write it over when long enough (a caller's spare), instead of a new one.
 */
export function perUnit(
  table: RequestTable,
  cost: NumberColumn | undefined,
  work: NumberColumn | undefined,
  into?: Float64Array,
): Float64Array | undefined {
  if (!cost || !work) return undefined;
  const ok = successMask(table);
  const out = rowsOf(table, into);
  for (let i = 0; i < out.length; i++)
    out[i] = ok[i] && work[i] > 0 && Number.isFinite(cost[i]) ? cost[i] / work[i] : NaN;
  return out;
}

/**
 * Time per output token after the first (requestColumn's tpot, NaN on failed requests): decode_ms /
 * (output_tokens − 1) where output_tokens ≥ 2; `into` as in perUnit. Undefined without both columns.
 */
export function timePerOutputToken(table: RequestTable, into?: Float64Array): Float64Array | undefined {
  const decode = table.numbers.decode_ms;
  const tokens = table.numbers.output_tokens;
  if (!decode || !tokens) return undefined;
  const ok = successMask(table);
  const out = rowsOf(table, into);
  for (let i = 0; i < out.length; i++) out[i] = ok[i] ? tpotAt(decode, tokens, i) : NaN;
  return out;
}

/**
 * quantile(concat(tables.map((t) => perUnit(t, cost(t), work(t)))), q) without making that column;
 * undefined when a table lacks either column.
 */
export function perUnitQuantile(
  tables: RequestTable[],
  cost: (t: RequestTable) => NumberColumn | undefined,
  work: (t: RequestTable) => NumberColumn | undefined,
  q: number,
): number | undefined {
  if (tables.some((t) => !cost(t) || !work(t))) return undefined;
  const length = tables.reduce((sum, t) => sum + t.length, 0);
  const fill = (out: Float64Array) => {
    let k = 0;
    for (const t of tables) {
      const c = cost(t)!;
      const w = work(t)!;
      const ok = successMask(t);
      for (let i = 0; i < t.length; i++) {
        if (!ok[i] || !(w[i] > 0) || !Number.isFinite(c[i])) continue;
        const v = c[i] / w[i];
        if (Number.isFinite(v)) out[k++] = v;
      }
    }
    return k;
  };
  return quantileOfComputed(length, fill, q);
}

/** Uncached prompt tokens: prompt_tokens − prefix_cache_hit_tokens (all of them when hits are absent); `into` as in perUnit. */
export function uncachedTokens(table: RequestTable, into?: Float64Array): Float64Array | undefined {
  const prompt = table.numbers.prompt_tokens;
  if (!prompt) return undefined;
  const hits = table.numbers.prefix_cache_hit_tokens;
  const out = rowsOf(table, into);
  for (let i = 0; i < out.length; i++) out[i] = prompt[i] - (hits && Number.isFinite(hits[i]) ? hits[i] : 0);
  return out;
}

/** An array of one value per row of `table`: the start of `into` when it is long enough, else a new one. */
function rowsOf(table: RequestTable, into: Float64Array | undefined): Float64Array {
  return into && into.length >= table.length ? into.subarray(0, table.length) : new Float64Array(table.length);
}

/** The columns that exist, one after the other; undefined when none does. */
export function concatPresent(columns: (Float64Array | undefined)[]): Float64Array | undefined;
export function concatPresent(columns: (NumberColumn | undefined)[]): NumberColumn | undefined;
export function concatPresent(columns: (NumberColumn | undefined)[]): NumberColumn | undefined {
  const present = columns.filter((c): c is NumberColumn => c !== undefined);
  return present.length ? concat(present) : undefined;
}

/**
 * The columns one after the other, or undefined when any is missing. A single column is returned
 * as it is, not copied: callers read the result, never write to it.
 */
export function concat(columns: (Float64Array | undefined)[]): Float64Array | undefined;
export function concat(columns: (NumberColumn | undefined)[]): NumberColumn | undefined;
export function concat(columns: (NumberColumn | undefined)[]): NumberColumn | undefined {
  if (columns.some((c) => !c)) return undefined;
  if (columns.length === 1) return columns[0];
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
const SMALL_INTEGERS = 4096;

/**
 * Compares y between sides within strata of the covariate x, then combines the per-stratum ratios
 * of medians with weights min(n_base, n_head): direct standardisation. Integer covariates with few
 * values (batch sizes) are matched exactly; others by quantile bins of both sides pooled. Strata
 * with fewer than 10 requests on a side are left out.
 */
export function matchedRatio(
  baseX: NumberColumn,
  baseY: NumberColumn,
  headX: NumberColumn,
  headY: NumberColumn,
  scratch: MatchScratch = {},
): MatchedRatio | undefined {
  const strata = strataOf(baseX, headX);
  if (!strata) return undefined;
  const { edges, min, max } = strata;
  const groups = edges.length + 1;
  const baseGroups = groupByStratum(baseX, baseY, edges, scratch, 'base');
  const headGroups = groupByStratum(headX, headY, edges, scratch, 'head');

  const bins: MatchedBin[] = [];
  const weights: number[] = [];
  let logSum = 0;
  let weightSum = 0;
  for (let g = 0; g < groups; g++) {
    const nb = baseGroups.start[g + 1] - baseGroups.start[g];
    const nh = headGroups.start[g + 1] - headGroups.start[g];
    if (nb < MIN_PER_BIN || nh < MIN_PER_BIN) continue;
    const baseMedian = selectQuantile(baseGroups.values.subarray(baseGroups.start[g], baseGroups.start[g + 1]), 0.5);
    const headMedian = selectQuantile(headGroups.values.subarray(headGroups.start[g], headGroups.start[g + 1]), 0.5);
    bins.push({
      low: g === 0 ? min : edges[g - 1],
      high: g < edges.length ? edges[g] : max,
      baseMedian,
      headMedian,
      baseCount: nb,
      headCount: nh,
    });
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
  // The unmatched medians; from the grouped values when they hold every y (the strata are done with
  // them). The head's first: its grouped values are in quantile()'s array, which quantile(baseY) reuses.
  const rawHead = headGroups.allY ? selectQuantile(headGroups.values, 0.5) : quantile(headY, 0.5);
  const rawBase = baseGroups.allY ? selectQuantile(baseGroups.values, 0.5) : quantile(baseY, 0.5);
  return {
    change,
    bins,
    agreement: total ? agreeing / total : 0,
    rawChange: rawBase > 0 ? rawHead / rawBase - 1 : NaN,
  };
}

/**
 * Upper-exclusive edges between strata of the pooled covariate, and its smallest and largest value
 * (as the sorted pool has them, signed zeros included); undefined without a finite value. Exact
 * strata need only the distinct values, quantile bins seven selected quantiles: no sort.
 */
function strataOf(baseX: NumberColumn, headX: NumberColumn): { edges: number[]; min: number; max: number } | undefined {
  const distinct = new Set<number>();
  const small = new Uint8Array(SMALL_INTEGERS);
  let smallCount = 0;
  let integers = true;
  // Integers with at most MAX_EXACT_STRATA distinct values so far.
  let exact = true;
  let count = 0;
  let min = Infinity;
  let max = -Infinity;
  let negativeZero = false;
  let positiveZero = false;
  for (const xs of [baseX, headX]) {
    for (let i = 0; i < xs.length; i++) {
      const v = xs[i];
      if (!Number.isFinite(v)) continue;
      count++;
      if (v < min) min = v;
      if (v > max) max = v;
      if (v === 0) {
        if (Object.is(v, -0)) negativeZero = true;
        else positiveZero = true;
      }
      if (!integers) continue;
      if (!Number.isInteger(v)) {
        integers = exact = false;
        continue;
      }
      if (!exact) continue;
      // Small counts (batch sizes) are checked in a bitmap; a Set only holds what else there is.
      if (v >= 0 && v < SMALL_INTEGERS) {
        if (small[v] === 0) {
          small[v] = 1;
          smallCount++;
        }
      } else distinct.add(v);
      if (smallCount + distinct.size > MAX_EXACT_STRATA) exact = false;
    }
  }
  if (count === 0) return undefined;
  // The sorted pool starts its zeros with the -0s and ends them with the +0s.
  const zeroFirst = negativeZero ? -0 : 0;
  if (min === 0) min = zeroFirst;
  if (max === 0) max = positiveZero ? 0 : -0;
  if (exact) {
    for (let v = 0; v < SMALL_INTEGERS; v++) if (small[v] === 1) distinct.add(v);
    const values = [...distinct].map((v) => (v === 0 ? zeroFirst : v)).sort((a, b) => a - b);
    return { edges: values.slice(1), min, max };
  }
  const qs = Array.from({ length: QUANTILE_BINS - 1 }, (_, k) => (k + 1) / QUANTILE_BINS);
  // Counts (prompt lengths) are counted, no copy and no sort; other values are selected from a copy.
  const counted = integers && !negativeZero ? countedQuantiles([baseX, headX], qs) : undefined;
  let quantiles: number[];
  if (counted) quantiles = counted;
  else {
    // The finite values of both sides, base first, in their order.
    const pool = (out: Float64Array) => {
      let j = 0;
      for (const xs of [baseX, headX]) for (let i = 0; i < xs.length; i++) if (Number.isFinite(xs[i])) out[j++] = xs[i];
      return j;
    };
    if (integers) {
      const pooled = new Float64Array(count);
      pool(pooled);
      const sorted = sortedFinite(pooled);
      quantiles = qs.map((q) => quantileSorted(sorted, q));
    } else quantiles = quantilesOfComputed(count, pool, qs);
  }
  const edges: number[] = [];
  for (const edge of quantiles) if (edges.length === 0 || edge > edges[edges.length - 1]) edges.push(edge);
  return { edges, min, max };
}

/**
 * Arrays kept by the caller across several comparisons of the same sides (like-for-like compares
 * four costs), grown when too short: where the base's grouped values are laid out, and the stratum
 * of each row of one side at a time. The head's grouped values (the larger side, in a comparison of
 * a run with a longer one) go in the array quantile() selects in (selectScratchOf): the diagnosis
 * needs one of a column's size for its quantiles anyway, and a third such array was what set the
 * peak memory at a million rows.
 */
export interface MatchScratch {
  base?: Float64Array;
  /** The stratum of each row (0: left out, else g + 1). */
  strata?: Uint8Array;
}

/**
 * The y of each request with finite x and y, grouped by stratum (values[start[g] .. start[g+1]) is
 * stratum g), by a counting sort on the stratum: typed arrays instead of a growing list per stratum,
 * laid out in a scratch array (MatchScratch). `allY`: every finite y is there (no finite y lacks its x),
 * so `values` is also the y sample whole.
 */
function groupByStratum(
  x: NumberColumn,
  y: NumberColumn,
  edges: readonly number[],
  scratch: MatchScratch,
  side: 'base' | 'head',
): { values: Float64Array; start: Uint32Array; allY: boolean } {
  const groups = edges.length + 1;
  if (!scratch.strata || scratch.strata.length < x.length) scratch.strata = new Uint8Array(x.length);
  const stratum = scratch.strata.subarray(0, x.length).fill(0);
  const start = new Uint32Array(groups + 1);
  // Small counts (batch sizes, token counts) look their stratum up; other values search the edges.
  const known = new Uint8Array(SMALL_INTEGERS);
  for (let v = 0; v < SMALL_INTEGERS; v++) known[v] = stratumOf(edges, v);
  let finiteY = 0;
  for (let i = 0; i < x.length; i++) {
    if (!Number.isFinite(y[i])) continue;
    finiteY++;
    const v = x[i];
    if (!Number.isFinite(v)) continue;
    const small = v | 0;
    const g = small === v && small >= 0 && small < SMALL_INTEGERS ? known[small] : stratumOf(edges, v);
    stratum[i] = g + 1;
    start[g + 1]++;
  }
  for (let g = 0; g < groups; g++) start[g + 1] += start[g];
  let into: Float64Array;
  if (side === 'head') into = selectScratchOf(start[groups]);
  else {
    if (!scratch.base || scratch.base.length < start[groups])
      scratch.base = new Float64Array(Math.max(start[groups], x.length));
    into = scratch.base;
  }
  const values = into.subarray(0, start[groups]);
  const at = start.slice(0, groups);
  for (let i = 0; i < x.length; i++) if (stratum[i] !== 0) values[at[stratum[i] - 1]++] = y[i];
  return { values, start, allY: y.length === x.length && finiteY === start[groups] };
}

/** Index of the stratum holding x: the number of edges ≤ x. */
function stratumOf(edges: readonly number[], x: number): number {
  let lo = 0;
  let hi = edges.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x >= edges[mid]) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Σ a / Σ b over successful requests where both are finite. */
export function ratioOfSums(
  tables: RequestTable[],
  a: (t: RequestTable) => NumberColumn | undefined,
  b: (t: RequestTable) => NumberColumn | undefined,
): number | undefined {
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
  const baseMean = meanUncachedTokens(base);
  const headMean = meanUncachedTokens(head);
  if (baseMean === undefined || headMean === undefined) return undefined;
  return baseMean > 0 ? headMean / baseMean - 1 : undefined;
}

/**
 * meanFinite of the tables' uncachedTokens one after the other (the same sum in the same order),
 * without making the columns; undefined when a table lacks prompt_tokens.
 */
function meanUncachedTokens(tables: RequestTable[]): number | undefined {
  let sum = 0;
  let count = 0;
  for (const table of tables) {
    const prompt = table.numbers.prompt_tokens;
    if (!prompt) return undefined;
    const hits = table.numbers.prefix_cache_hit_tokens;
    for (let i = 0; i < table.length; i++) {
      const v = prompt[i] - (hits && Number.isFinite(hits[i]) ? hits[i] : 0);
      if (Number.isFinite(v)) {
        sum += v;
        count++;
      }
    }
  }
  return count === 0 ? NaN : sum / count;
}
