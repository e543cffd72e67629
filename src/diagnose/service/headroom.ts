// Capacity headroom (§5, QUEUE_WAIT: "average running batch size vs the maximum"): how full the
// engine ran against its configured cap, and how much KV cache was in use. Every number comes from
// the data or the engine config; a missing one is named, never filled in.

import { err, ok, type Result } from '../../model/result';
import type { Run } from '../../model/run';
import { percent } from '../../display/numbers';
import { quantile } from '../../stats/quantile';
import { BATCH_LIMIT_KEYS, batchProfile, configuredBatchLimit } from '../measures/batch';
import { decodeConcurrency } from '../measures/concurrency';

export interface RunningBatch {
  mean: number;
  max: number;
  /** batch_size_at_admission (the engine's own count), decode concurrency from request timings, or the server's gauge at the scrape. */
  source: 'batch_size_at_admission' | 'decode-concurrency' | 'server-gauge';
  /** Requests (or scrapes) it was read from. */
  count: number;
}

export interface SideHeadroom {
  batch?: RunningBatch;
  /** The engine's cap on the running batch, from the run's config. */
  limit?: { key: string; value: number };
  /** 1 − mean / limit. */
  batchHeadroom?: number;
  /** Share of KV cache in use at the scrape (0..1), averaged over runs that report it. */
  kvCacheUsage?: number;
  kvHeadroom?: number;
  /** "running batch 18.2 mean (max 24) of max_num_seqs 24: 24% headroom; KV cache 91% used". */
  sentence: string;
  /** Inputs that were missing, so the numbers they would give are absent. */
  missing: string[];
}

const SOURCE_TEXT: Record<RunningBatch['source'], string> = {
  batch_size_at_admission: 'at admission',
  'decode-concurrency': 'estimated from request timings',
  'server-gauge': 'from the server gauge at the scrape',
};

export function sideHeadroom(runs: readonly Run[]): SideHeadroom {
  const missing: string[] = [];
  const batch = runningBatch(runs);
  if (!batch)
    missing.push(
      'running batch (no batch_size_at_admission, no arrival_ts/first_token_ms/decode_ms to estimate it, no server gauge)',
    );
  const found = batchLimit(runs);
  const limit = found.ok ? found.value : undefined;
  if (!found.ok) missing.push(`batch limit (${found.error})`);
  const batchHeadroom = batch && limit ? 1 - batch.mean / limit.value : undefined;
  const kv = runs.map((r) => r.server?.kvCacheUsage).filter((v): v is number => v !== undefined && Number.isFinite(v));
  const kvCacheUsage = kv.length ? kv.reduce((s, v) => s + v, 0) / kv.length : undefined;
  if (kvCacheUsage === undefined) missing.push('KV-cache usage (no server metrics scrape with it)');

  const parts: string[] = [];
  if (batch) {
    const of = limit ? ` of ${limit.key} ${fmt(limit.value)}` : '';
    const room =
      batchHeadroom !== undefined
        ? `${percent(batchHeadroom)} headroom`
        : `headroom unknown (${found.ok ? '' : found.error})`;
    parts.push(
      `running batch ${fmt(batch.mean)} mean (max ${fmt(batch.max)})${of}: ${room} (batch ${SOURCE_TEXT[batch.source]})`,
    );
  } else {
    parts.push(`running batch unknown${limit ? ` (${limit.key} ${fmt(limit.value)})` : ''}`);
  }
  parts.push(
    kvCacheUsage !== undefined
      ? `KV cache ${percent(kvCacheUsage)} used${kv.length < runs.length ? ` (${kv.length} of ${runs.length} runs scraped)` : ''}`
      : 'KV cache use unknown',
  );
  return {
    ...(batch ? { batch } : {}),
    ...(limit ? { limit } : {}),
    ...(batchHeadroom !== undefined ? { batchHeadroom } : {}),
    ...(kvCacheUsage !== undefined ? { kvCacheUsage, kvHeadroom: 1 - kvCacheUsage } : {}),
    sentence: parts.join('; '),
    missing,
  };
}

/**
 * The engine's count at admission when the data has it (what the queue branch compares with the
 * cap); else the mean number of requests decoding alongside each one, from its timings (the
 * like-for-like estimate, which allows for sampled tables' rowWeight); else the server's running gauge, one reading per scrape.
 */
function runningBatch(runs: readonly Run[]): RunningBatch | undefined {
  const tables = runs.flatMap((r) => (r.requests ? [r.requests] : []));
  const admitted = batchProfile(tables);
  if (admitted)
    return { mean: admitted.mean, max: admitted.max, source: 'batch_size_at_admission', count: admitted.count };
  const estimated: number[] = [];
  for (const t of tables) {
    const c = decodeConcurrency(t);
    if (!c) continue;
    for (let i = 0; i < c.length; i++) if (Number.isFinite(c[i])) estimated.push(c[i]);
  }
  if (estimated.length) {
    return {
      mean: estimated.reduce((s, v) => s + v, 0) / estimated.length,
      max: quantile(estimated, 1),
      source: 'decode-concurrency',
      count: estimated.length,
    };
  }
  const gauges = runs.map((r) => r.server?.running).filter((v): v is number => v !== undefined && Number.isFinite(v));
  if (gauges.length)
    return {
      mean: gauges.reduce((s, v) => s + v, 0) / gauges.length,
      max: Math.max(...gauges),
      source: 'server-gauge',
      count: gauges.length,
    };
  return undefined;
}

/** The cap every run was configured with, or why there is none to use. */
/** The engine's batch limit, the same in every repeat; or why there is none. */
function batchLimit(runs: readonly Run[]): Result<{ key: string; value: number }> {
  const limits = runs.map((r) => configuredBatchLimit(r.meta));
  if (limits.length === 0 || limits.some((l) => !l))
    return err(`no ${BATCH_LIMIT_KEYS.join(', ')} in the engine config`);
  const values = new Set(limits.map((l) => l!.value));
  if (values.size > 1) return err(`repeats disagree: ${limits[0]!.key} ${[...values].join(', ')}`);
  return ok(limits[0]!);
}

/** 18.2, 24, 0.75: one decimal at most, whole numbers as they are. */
function fmt(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
