// Goodput: the share of requests sent that met every per-request SLO target (failed requests are
// not good), and, as DistServe and vLLM's benchmark define it, good requests per second.

import type { Verdict } from '../../compare/types';
import { sloMet, type Slo } from '../../config/slo';
import { successMask } from '../../metrics/values';
import { grouped } from '../../display/numbers';
import type { RequestTable } from '../../model/run';
import { goodputCriteria, requestValues, type Criterion, type ExcludedSlo } from './criteria';
import { effectiveCount, newcombeInterval, zForLevel, type Interval } from '../../stats/proportion';

export interface CriterionShare {
  /** The target as written: "ttft p95 < 800 ms". */
  slo: string;
  basis: string;
  /** Share of all requests sent that met this target alone. */
  share: number;
  /** For a percentile target, the share it asks for (0.95 for p95): met on the run when share ≥ target. */
  target?: number;
}

export interface SideGoodput {
  /** Requests sent (rows × rowWeight), failed ones included. */
  requests: number;
  good: number;
  failed: number;
  /** Succeeded, but a value a target needs was missing: counted as not good. */
  unmeasured: number;
  /** good / requests. */
  share: number;
  /** Rows behind the share, and what they are worth once misses that cluster in time are allowed for. */
  rows: number;
  effectiveRows: number;
  /** Good requests per second over the run's span (first arrival to last completion); absent without arrival_ts. */
  goodPerSecond?: number;
  durationSeconds?: number;
  criteria: CriterionShare[];
}

export interface GoodputComparison {
  ok: true;
  /** The per-request targets applied, e.g. ["ttft p95 < 800 ms", "itl p99 < 50 ms"]. */
  criteria: string[];
  /** Targets left out (run-level ones such as throughput, or data a side lacks), with why. */
  excluded: ExcludedSlo[];
  base: SideGoodput;
  head: SideGoodput;
  /** head − base share, in share units (0.02 = 2 percentage points). */
  difference: number;
  /** Newcombe hybrid score interval on `difference`. */
  interval: Interval;
  level: number;
  /** head / base − 1 of good requests per second, when both sides have a rate. */
  rateChange?: number;
  /** Smallest change in share that counts, in share units. */
  minEffect: number;
  verdict: Verdict;
  reason: string;
  notes: string[];
}

export type GoodputResult = GoodputComparison | { ok: false; reason: string; excluded: ExcludedSlo[] };

export interface GoodputOptions {
  /** Confidence level of the interval (0.95). */
  level?: number;
  /** Minimum change in share that counts (0.02: two percentage points). */
  minEffect?: number;
}

export const GOODPUT_MIN_EFFECT = 0.02;

/** Goodput of each side under the SLOs that judge single requests, and whether it changed. */
export function compareGoodput(
  base: readonly RequestTable[],
  head: readonly RequestTable[],
  slos: readonly Slo[],
  options: GoodputOptions = {},
): GoodputResult {
  const level = options.level ?? 0.95;
  const minEffect = options.minEffect ?? GOODPUT_MIN_EFFECT;
  if (base.length === 0 || head.length === 0)
    return { ok: false, reason: `the ${base.length === 0 ? 'base' : 'head'} has no per-request data`, excluded: [] };
  const labelled = [
    ...base.map((table) => ({ side: 'base', table })),
    ...head.map((table) => ({ side: 'head', table })),
  ];
  const { criteria, excluded } = goodputCriteria(slos, labelled);
  if (criteria.length === 0) {
    const reason =
      slos.length === 0
        ? 'no SLO targets were given'
        : `no per-request SLO target to judge requests by (${excluded.map((e) => `${e.slo}: ${e.reason}`).join('; ')})`;
    return { ok: false, reason, excluded };
  }
  const b = sideGoodput(base, criteria);
  const h = sideGoodput(head, criteria);
  if (b.requests === 0 || h.requests === 0)
    return { ok: false, reason: `the ${b.requests === 0 ? 'base' : 'head'} has no requests`, excluded };

  const difference = h.share - b.share;
  const z = zForLevel(level);
  // On rows, not on the requests sampled rows stand for: the sample is all the information there is.
  const interval = newcombeInterval(
    h.share * h.effectiveRows,
    h.effectiveRows,
    b.share * b.effectiveRows,
    b.effectiveRows,
    z,
  );
  const { verdict, reason } = goodputVerdict(difference, interval, minEffect);
  const notes = criteriaNotes(criteria);
  if (b.effectiveRows < b.rows || h.effectiveRows < h.rows) {
    notes.push(
      `goodput's interval is wider than its request counts suggest: requests that miss a target come in bursts, so it counts ${grouped(Math.round(h.effectiveRows))} of this PR's ${grouped(h.rows)} requests and ${grouped(Math.round(b.effectiveRows))} of the baseline's ${grouped(b.rows)} as independent`,
    );
  }
  return {
    ok: true,
    criteria: criteria.map((c) => c.slo.text),
    excluded,
    base: b,
    head: h,
    difference,
    interval,
    level,
    ...(b.goodPerSecond && h.goodPerSecond !== undefined ? { rateChange: h.goodPerSecond / b.goodPerSecond - 1 } : {}),
    minEffect,
    verdict,
    reason,
    notes,
  };
}

/** Goodput of one side's runs (pooled) under criteria already chosen. */
export function sideGoodput(tables: readonly RequestTable[], criteria: readonly Criterion[]): SideGoodput {
  let requests = 0;
  let good = 0;
  let failed = 0;
  let unmeasured = 0;
  let rows = 0;
  let effectiveRows = 0;
  let seconds = 0;
  let timed = true;
  const met = new Float64Array(criteria.length);
  for (const table of tables) {
    // Each row stands for rowWeight requests of a sampled run: counts scale, the share does not.
    const weight = table.rowWeight ?? 1;
    const ok = successMask(table);
    const columns = criteria.map((c) => requestValues(table, c.slo));
    const indicator = new Uint8Array(table.length);
    for (let i = 0; i < table.length; i++) {
      if (!ok[i]) {
        failed += weight;
        continue;
      }
      let all = true;
      let missing = false;
      columns.forEach((column, k) => {
        const value = column.ok ? column.value.values[i] : NaN;
        if (Number.isNaN(value)) missing = true;
        else if (sloMet(criteria[k].slo, value)) met[k] += weight;
        else all = false;
      });
      if (missing) unmeasured += weight;
      else if (all) {
        good += weight;
        indicator[i] = 1;
      }
    }
    requests += weight * table.length;
    rows += table.length;
    // Clustering is read in arrival order; without it, rows are taken as independent.
    effectiveRows += table.orderedByArrival ? effectiveCount(indicator) : table.length;
    const span = runSeconds(table);
    if (span === undefined) timed = false;
    else seconds += span;
  }
  return {
    requests,
    good,
    failed,
    unmeasured,
    share: requests ? good / requests : 0,
    rows,
    effectiveRows,
    ...(timed && seconds > 0 ? { goodPerSecond: good / seconds, durationSeconds: seconds } : {}),
    criteria: criteria.map((c, k) => ({
      slo: c.slo.text,
      basis: c.basis,
      share: requests ? met[k] / requests : 0,
      ...(c.slo.spec.stat.kind === 'percentile' ? { target: c.slo.spec.stat.q } : {}),
    })),
  };
}

/**
 * First arrival to last completion, in seconds: every request sent, good or not, is counted over
 * the whole time the run took (vLLM's request_goodput is over its whole benchmark duration too).
 */
function runSeconds(table: RequestTable): number | undefined {
  const arrival = table.numbers.arrival_ts;
  const total = table.numbers.total_ms;
  if (!arrival || !total || !table.orderedByArrival || table.length === 0) return undefined;
  let last = -Infinity;
  for (let i = 0; i < table.length; i++)
    last = Math.max(last, arrival[i] + (Number.isFinite(total[i]) ? total[i] / 1000 : 0));
  return last - arrival[0];
}

/**
 * Beyond the minimum effect with confidence → regressed / improved; the whole interval within
 * ± the minimum effect → unchanged; an interval that reaches across either bound → inconclusive.
 */
export function goodputVerdict(
  difference: number,
  interval: Interval,
  minEffect: number,
): { verdict: Verdict; reason: string } {
  const shown = `${points(difference)} (${points(interval[0])} … ${points(interval[1])})`;
  const floor = `the ${points(minEffect).slice(1)} minimum effect`;
  if (interval[1] < -minEffect)
    return { verdict: 'regressed', reason: `goodput ${shown}: a drop beyond ${floor} with confidence` };
  if (interval[0] > minEffect)
    return { verdict: 'improved', reason: `goodput ${shown}: a rise beyond ${floor} with confidence` };
  if (interval[0] >= -minEffect && interval[1] <= minEffect)
    return { verdict: 'unchanged', reason: `goodput ${shown}: within ${floor}` };
  return {
    verdict: 'inconclusive',
    reason: `goodput ${shown}: the interval reaches past ${floor}; more requests or repeated runs would decide`,
  };
}

/** A share difference in percentage points: "+1.5 pp", "−12 pp", "+2 pp". */
export function points(share: number): string {
  const v = share * 100;
  // Decimals follow the value as printed (9.9999 reads "10"), and a trailing ".0" is dropped.
  const text = Number(Math.abs(v).toFixed(1)) >= 10 ? Math.abs(v).toFixed(0) : String(Number(Math.abs(v).toFixed(1)));
  if (Number(text) === 0) return '0 pp';
  return `${v > 0 ? '+' : '−'}${text} pp`;
}

/** Several targets read from the same per-request value: only the strictest can bind. */
function criteriaNotes(criteria: readonly Criterion[]): string[] {
  const byValue = new Map<string, Criterion[]>();
  for (const c of criteria) byValue.set(c.basis, [...(byValue.get(c.basis) ?? []), c]);
  const notes: string[] = [];
  for (const [basis, list] of byValue) {
    if (list.length > 1)
      notes.push(
        `${list.map((c) => c.slo.text).join(', ')} all judge ${basis}: per request the strictest threshold decides`,
      );
  }
  return notes;
}
