// Failed requests as a first-class metric: the share of requests sent that failed, from rows with an
// error, or from the counts a tool writes (vLLM's `failed`, requested − completed). Judged on the
// difference in percentage points with Newcombe's hybrid score interval (independent sides), using
// an effective count where failures cluster in time, as they do when a server falls over.

import type { Side } from '../model/run';
import { successMask } from '../metrics/values';
import { effectiveCount, newcombeInterval, wilsonInterval, zForLevel } from '../stats/proportion';

/** Default smallest rise in the failed share that counts: one percentage point. */
export const FAILED_MIN_EFFECT = 0.01;

export interface FailureCounts {
  /** Requests sent (rows × row weight, or the tool's count). */
  requests: number;
  failed: number;
  /** The same as an effective count of independent requests (failures that cluster count less). */
  effectiveRequests: number;
  perRun: number[];
  /** Where the counts came from, for the report: "error field", "the tool's failed count". */
  basis: 'rows' | 'counts';
}

/** The side's failure counts, or undefined when no run says how many requests failed. */
export function failureCounts(side: Side): FailureCounts | undefined {
  let requests = 0;
  let failed = 0;
  let effective = 0;
  const perRun: number[] = [];
  let fromCounts = false;
  let known = 0;
  for (const run of side.runs) {
    const declared = run.workload;
    if (declared?.requests !== undefined && declared.failed !== undefined && declared.requests > 0) {
      requests += declared.requests;
      failed += declared.failed;
      effective += declared.requests;
      perRun.push(declared.failed / declared.requests);
      fromCounts = true;
      known++;
      continue;
    }
    const table = run.requests;
    if (!table || table.length === 0) continue;
    const weight = table.rowWeight ?? 1;
    const ok = successMask(table);
    const indicator = new Uint8Array(ok.length);
    let bad = 0;
    for (let i = 0; i < ok.length; i++)
      if (!ok[i]) {
        indicator[i] = 1;
        bad++;
      }
    requests += table.length * weight;
    failed += bad * weight;
    effective += effectiveCount(indicator) * weight;
    perRun.push(bad / table.length);
    known++;
  }
  if (known === 0 || requests === 0) return undefined;
  return { requests, failed, effectiveRequests: effective, perRun, basis: fromCounts ? 'counts' : 'rows' };
}

/** Newcombe interval on head − base share at `level`, over effective counts (shares kept). */
export function failedDifferenceAt(base: FailureCounts, head: FailureCounts, level: number): [number, number] {
  const z = zForLevel(level);
  const nb = base.effectiveRequests;
  const nh = head.effectiveRequests;
  return newcombeInterval((head.failed / head.requests) * nh, nh, (base.failed / base.requests) * nb, nb, z);
}

export function failedShareAt(side: FailureCounts, level: number): [number, number] {
  const n = side.effectiveRequests;
  return wilsonInterval((side.failed / side.requests) * n, n, zForLevel(level));
}
