// Overload and non-stationarity, found before any verdict (docs/statistics.md, "Load"). From each
// run's requests in arrival order:
// - warm-up: MSER-5 on the queue wait (TTFT when queue wait is not recorded) says where the steady
//   state begins; rows before it are left out of latency metrics and rates (failures still count);
// - offered vs completed: requests arriving per second vs requests completing per second over the
//   same arrival window (a server that keeps up completes nearly all it was offered);
// - a trend: Mann–Kendall on block medians of queue wait (or TTFT) across the run, with how much the
//   last fifth exceeds the first;
// - the share of requests admitted with the running batch at its configured cap (max_num_seqs).
// A run is overloaded when its wait grows through the run (a strong, significant trend, at least
// doubling and by ≥ 100 ms) and either it completes clearly less than it was offered or the wait
// never settles (no steady state). Then its latency percentiles depend on how long the run lasted.

import type { RequestTable, Run, Side } from '../model/run';
import { successMask, type SteadyStart } from '../metrics/values';
import { mser5 } from '../stats/mser';
import { mannKendall } from '../stats/mann-kendall';
import { quantile } from '../stats/quantile';

/** Completed / offered below this: the server did not keep up with its arrivals. */
export const KEEP_UP_RATIO = 0.9;
const TREND_Z = 3;
const TREND_TAU = 0.4;
const TREND_GROWTH = 2;
const TREND_MIN_MS = 100;
/** Trend blocks: about 20 requests each, 10 to 100 blocks. */
const MIN_BLOCKS = 10;
const MAX_BLOCKS = 100;
/** Warm-up longer than this share of the run is not trimmed: a minimum that far in is a burst ending, not a warm-up. */
const MAX_WARMUP_SHARE = 0.1;

export interface RunLoad {
  requests: number;
  /** Requests arriving per second, first to last arrival. */
  offeredRate?: number;
  /** Requests completing per second over the same window. */
  completedRate?: number;
  /** The series the trend and warm-up were read from. */
  series?: 'queue_wait' | 'ttft';
  trend?: { tau: number; z: number; firstMs: number; lastMs: number };
  /** Share of requests admitted with the running batch at the configured cap. */
  atCap?: { share: number; cap: number };
  /** Warm-up rows trimmed (MSER-5), and where the steady state starts. */
  warmup: { rows: number; steady?: SteadyStart };
  /** MSER found no steady state within the first half. */
  unsettled: boolean;
  overloaded: boolean;
}

export interface SideLoad {
  runs: RunLoad[];
  /** Most runs with per-request data are overloaded. */
  overloaded: boolean;
}

export interface LoadComparison {
  base: SideLoad;
  head: SideLoad;
}

/** The steady state each run's table starts at, for the comparison (by table). */
export type SteadyStarts = ReadonlyMap<RequestTable, SteadyStart>;

export function analyseLoad(base: Side, head: Side): LoadComparison {
  return { base: sideLoad(base), head: sideLoad(head) };
}

export function steadyStarts(load: LoadComparison, base: Side, head: Side): SteadyStarts {
  const out = new Map<RequestTable, SteadyStart>();
  for (const [side, sideLoad] of [[base, load.base] as const, [head, load.head] as const]) {
    const tables = side.runs.filter((r) => r.requests).map((r) => r.requests!);
    sideLoad.runs.forEach((r, i) => {
      if (r.warmup.steady && tables[i]) out.set(tables[i], r.warmup.steady);
    });
  }
  return out;
}

function sideLoad(side: Side): SideLoad {
  const runs = side.runs.filter((r) => r.requests).map((r) => runLoad(r));
  const overloaded = runs.filter((r) => r.overloaded).length;
  return { runs, overloaded: runs.length > 0 && overloaded * 2 > runs.length };
}

export function runLoad(run: Run): RunLoad {
  const table = run.requests!;
  const n = table.length;
  const none: RunLoad = { requests: n, warmup: { rows: 0 }, unsettled: false, overloaded: false };
  const arrival = table.numbers.arrival_ts;
  if (!arrival || !table.orderedByArrival || n < 2) return none;
  const out: RunLoad = { ...none };

  const ok = successMask(table);
  const column = table.numbers.queue_wait_ms ?? table.numbers.first_token_ms;
  if (column) {
    out.series = table.numbers.queue_wait_ms ? 'queue_wait' : 'ttft';
    // The successful requests with a value, in arrival order: their rows and values, in typed arrays
    // (the column itself, row for row, when every request has one).
    let count = 0;
    for (let i = 0; i < n; i++) if (ok[i] && Number.isFinite(column[i])) count++;
    const rows = count < n ? new Int32Array(count) : undefined;
    const values = count < n ? new Float64Array(count) : column;
    if (rows) {
      for (let i = 0, j = 0; i < n; i++) {
        if (ok[i] && Number.isFinite(column[i])) {
          rows[j] = i;
          values[j++] = column[i];
        }
      }
    }
    const m = mser5(values);
    out.unsettled = m.unsettled;
    if (!m.unsettled && m.truncate > 0 && m.truncate <= MAX_WARMUP_SHARE * values.length) {
      const row = rows ? rows[m.truncate] : m.truncate;
      out.warmup = { rows: row, steady: { row, ts: arrival[row] } };
    }
    const trend = blockTrend(values);
    if (trend) out.trend = trend;
  }

  const span = arrival[n - 1] - arrival[0];
  const total = table.numbers.total_ms;
  if (span > 0) {
    out.offeredRate = (n - 1) / span;
    if (total) {
      let done = 0;
      for (let i = 0; i < n; i++)
        if (Number.isFinite(total[i]) && arrival[i] + total[i] / 1000 <= arrival[n - 1]) done++;
      out.completedRate = done / span;
    }
  }

  const cap = run.meta.config.max_num_seqs;
  const batch = table.numbers.batch_size_at_admission;
  if (typeof cap === 'number' && cap > 0 && batch) {
    let at = 0;
    let counted = 0;
    for (let i = 0; i < n; i++) {
      if (!Number.isFinite(batch[i])) continue;
      counted++;
      if (batch[i] >= cap) at++;
    }
    if (counted) out.atCap = { share: at / counted, cap };
  }

  const t = out.trend;
  const grows =
    !!t &&
    t.z > TREND_Z &&
    t.tau > TREND_TAU &&
    t.lastMs >= TREND_GROWTH * t.firstMs &&
    t.lastMs - t.firstMs >= TREND_MIN_MS;
  const fallsBehind =
    out.offeredRate !== undefined &&
    out.completedRate !== undefined &&
    out.completedRate < KEEP_UP_RATIO * out.offeredRate;
  out.overloaded = grows && (fallsBehind || out.unsettled);
  return out;
}

/** Mann–Kendall over block medians, and the median of the first and last fifth of the blocks. */
function blockTrend(values: Float64Array): RunLoad['trend'] | undefined {
  const blocks = Math.min(MAX_BLOCKS, Math.floor(values.length / 20));
  if (blocks < MIN_BLOCKS) return undefined;
  const medians = new Float64Array(blocks);
  for (let b = 0; b < blocks; b++) {
    const from = Math.floor((b * values.length) / blocks);
    const to = Math.floor(((b + 1) * values.length) / blocks);
    medians[b] = quantile(values.subarray(from, to), 0.5);
  }
  const fifth = Math.max(1, Math.floor(blocks / 5));
  const { tau, z } = mannKendall(medians);
  return {
    tau,
    z,
    firstMs: quantile(medians.subarray(0, fifth), 0.5),
    lastMs: quantile(medians.subarray(blocks - fifth), 0.5),
  };
}
