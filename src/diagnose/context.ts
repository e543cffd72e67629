// What every branch of the decision tree can look at: both sides' tables (per run and pooled),
// their metadata, the workload comparison and the configuration diff.

import type { RequestTable, RunMeta } from '../model/run';
import type { PhaseOrRemainder } from '../metrics/catalog';
import type { Evidence, Finding } from './hints';
import type { WorkloadComparison } from './workload';
import type { ConfigChange } from './config-diff';
import type { LikeForLike } from './like-for-like';

export interface SideData {
  tables: RequestTable[];
  pooled: RequestTable;
  meta: RunMeta;
}

export interface DiagnosisContext {
  base: SideData;
  head: SideData;
  workload: WorkloadComparison;
  configChanges: ConfigChange[];
  /** Like-for-like costs (decode step at matched batch, prefill at matched length, per-token costs). */
  costs: LikeForLike[];
}

export function cost(ctx: DiagnosisContext, id: LikeForLike['id']): LikeForLike | undefined {
  return ctx.costs.find((c) => c.id === id);
}

/** One question of the tree and the answer the data gave. */
export interface TreeStep {
  question: string;
  answer: string;
}

export interface BranchResult {
  steps: TreeStep[];
  findings: Finding[];
  /** Where the diagnosis ended when the phase that holds the time is a symptom of another. */
  rootPhase?: PhaseOrRemainder;
}

/** A relative change in a per-unit cost that counts as real (with agreement across bins). */
export const COST_CHANGE = 0.1;
export const BIN_AGREEMENT = 0.75;

export function evidence(text: string, values?: Evidence['values']): Evidence {
  return values ? { text, values } : { text };
}

/** A configuration value of the head, e.g. enable_chunked_prefill, by any of the given names. */
export function configValue(meta: RunMeta, names: readonly string[]): string | number | boolean | null | undefined {
  for (const name of names) if (name in meta.config) return meta.config[name];
  return undefined;
}

/** Engine settings that turn chunked prefill on or off, by the names servers use. */
export const CHUNKED_PREFILL_KEYS = [
  'enable_chunked_prefill',
  'enable-chunked-prefill',
  'chunked_prefill',
  'chunked_prefill_size',
];

/**
 * The head's chunked-prefill setting, and whether it says "off" or "on" (neither when it is not
 * recorded). SGLang's chunked_prefill_size is a token count, -1 for off.
 */
export function chunkedPrefill(meta: RunMeta): {
  value: string | number | boolean | null | undefined;
  off: boolean;
  on: boolean;
} {
  const value = configValue(meta, CHUNKED_PREFILL_KEYS);
  const off = value === false || value === 'false' || value === 0 || value === -1;
  const on = value === true || value === 'true' || (typeof value === 'number' && value > 0);
  return { value, off, on };
}
