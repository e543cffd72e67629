// The running batch: how full the engine ran, against its observed or configured maximum (§5,
// QUEUE_WAIT: "average running batch size vs the maximum").

import type { RequestTable, RunMeta } from '../../model/run';
import { meanFinite, quantileSorted, sortedFinite } from '../../stats/quantile';
import { concatPresent } from './ratios';
import { countedQuantiles } from '../../stats/counted-quantiles';
import type { NumberColumn } from '../../model/columns';

export interface BatchProfile {
  mean: number;
  p50: number;
  p95: number;
  max: number;
  count: number;
}

/** Profiles of one table's batch column: the tree's branches, the floor and headroom ask for the same. */
const profiled = new WeakMap<NumberColumn, BatchProfile | undefined>();

export function batchProfile(tables: RequestTable[]): BatchProfile | undefined {
  const all = concatPresent(tables.map((t) => t.numbers.batch_size_at_admission));
  if (!all) return undefined;
  // One table's column is `all` itself (concat does not copy it): its profile is kept.
  if (tables.length === 1 && profiled.has(all)) return profiled.get(all);
  const profile = profileOf(all);
  if (tables.length === 1) profiled.set(all, profile);
  return profile;
}

function profileOf(all: NumberColumn): BatchProfile | undefined {
  // Batch sizes are whole numbers: counted, not copied and sorted. The sum of whole numbers below
  // 2^53 is exact in any order, so the mean is the one the sorted values give.
  const counted = countedQuantiles([all], [0.5, 0.95, 0, 1]);
  if (counted) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < all.length; i++) {
      const v = all[i];
      if (!Number.isFinite(v)) continue;
      sum += v;
      count++;
    }
    if (count === 0) return undefined;
    if (Math.max(Math.abs(counted[2]), Math.abs(counted[3])) * count < 2 ** 53)
      return { mean: sum / count, p50: counted[0], p95: counted[1], max: counted[3], count };
  }
  const sorted = sortedFinite(all);
  if (sorted.length === 0) return undefined;
  return {
    mean: meanFinite(sorted),
    p50: quantileSorted(sorted, 0.5),
    p95: quantileSorted(sorted, 0.95),
    max: sorted[sorted.length - 1],
    count: sorted.length,
  };
}

/** Engine settings that cap the running batch, by the names vLLM, SGLang and TGI use. */
export const BATCH_LIMIT_KEYS = ['max_num_seqs', 'max-num-seqs', 'max_running_requests', 'max_batch_size'];

export function configuredBatchLimit(meta: RunMeta): { key: string; value: number } | undefined {
  for (const key of BATCH_LIMIT_KEYS) {
    const raw = meta.config[key] ?? meta.config[`engine.${key}`];
    const value = typeof raw === 'string' ? Number(raw) : raw;
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) return { key, value };
  }
  return undefined;
}

/** Share of requests admitted with the batch at or above `level`. */
export function shareAtOrAbove(tables: RequestTable[], level: number): number {
  let hit = 0;
  let n = 0;
  for (const t of tables) {
    const c = t.numbers.batch_size_at_admission;
    if (!c) continue;
    for (let i = 0; i < c.length; i++) {
      if (!Number.isFinite(c[i])) continue;
      n++;
      if (c[i] >= level) hit++;
    }
  }
  return n ? hit / n : NaN;
}
