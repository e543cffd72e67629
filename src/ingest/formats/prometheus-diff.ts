// The traffic of one benchmark from two scrapes of a long-running server: counters and histogram
// buckets of `after` minus those of `before`; gauges (running, waiting, KV-cache usage) are
// readings at a moment, so they come from `after`. Anything that went down means the server
// restarted between the scrapes and the difference is meaningless: that is an InputError.

import type { Histogram, Run, ServerStats } from '../../model/run';
import { subtractHistograms } from '../../stats/histogram';
import { InputError } from '../errors';
import { PROMETHEUS_FORMAT, runFromFacts } from './prometheus';
import { tokensFromExtra, type TokenTotals } from './prometheus-vllm';

const COUNTERS = [
  'prefixCacheHits',
  'prefixCacheQueries',
  'preemptions',
] as const satisfies readonly (keyof ServerStats)[];
const GAUGES = ['running', 'waiting', 'kvCacheUsage'] as const satisfies readonly (keyof ServerStats)[];

export function diffScrapes(before: Run, after: Run): Run {
  const file = after.sources[0]?.file ?? 'after';
  const beforeFile = before.sources[0]?.file ?? 'before';
  for (const [run, name] of [
    [before, beforeFile],
    [after, file],
  ] as const) {
    if (run.role !== 'server-metrics' || run.sources[0]?.format !== PROMETHEUS_FORMAT) {
      throw new InputError(
        name,
        `diffScrapes: expected a run read from a Prometheus scrape, got ${run.sources[0]?.format ?? 'a run without sources'}`,
      );
    }
  }
  const startBefore = extraNumber(before, 'process_start_time_seconds');
  const startAfter = extraNumber(after, 'process_start_time_seconds');
  if (startBefore !== undefined && startAfter !== undefined && startBefore !== startAfter) {
    throw new InputError(
      file,
      `Prometheus scrape: the server restarted between the scrapes (process_start_time_seconds ${startBefore} in ${beforeFile}, ${startAfter} here): its counters started again from zero`,
    );
  }
  const warnings: string[] = [`difference of two scrapes: ${beforeFile} subtracted; gauges are this scrape's readings`];
  const reset = (what: string, detail: string) =>
    new InputError(
      file,
      `Prometheus scrape: ${what} went down since ${beforeFile} (${detail}): the counters were reset (server restarted?), so the scrapes cannot be subtracted`,
    );

  const histograms: Histogram[] = [];
  for (const h of after.histograms ?? []) {
    const earlier = before.histograms?.find((b) => b.metric === h.metric);
    if (!earlier) {
      warnings.push(`${h.source}: not in ${beforeFile}; taken as zero there`);
      histograms.push(h);
      continue;
    }
    try {
      histograms.push(subtractHistograms(h, earlier));
    } catch (error) {
      if (error instanceof RangeError) throw new InputError(file, `Prometheus scrape: ${error.message}`);
      throw error;
    }
  }
  for (const b of before.histograms ?? []) {
    if (!after.histograms?.some((h) => h.metric === b.metric))
      warnings.push(`${b.source}: in ${beforeFile} but not in this scrape; left out`);
  }

  const server: ServerStats = {};
  for (const key of COUNTERS) {
    const a = after.server?.[key];
    if (a === undefined) continue;
    const b = before.server?.[key] ?? 0;
    if (a < b) throw reset(key, `${b} → ${a}`);
    server[key] = a - b;
  }
  for (const key of GAUGES) {
    const a = after.server?.[key];
    if (a !== undefined) server[key] = a;
  }

  const requests = counterDifference(
    after.workload?.requests,
    before.workload?.requests,
    'vllm:request_success_total',
    reset,
  );
  const failed = counterDifference(
    after.workload?.failed,
    before.workload?.failed,
    'failed requests (finished_reason abort/error)',
    reset,
  );
  const tokens = tokenDifference(tokensFromExtra(after.meta.extra), tokensFromExtra(before.meta.extra), reset);

  const meta = { ...after.meta, config: { ...after.meta.config }, extra: { ...after.meta.extra } };
  const run = runFromFacts(
    { histograms, server, requests, failed, tokens, meta, warnings: [] },
    { ...after.sources[0], warnings: [...warnings, ...after.sources[0].warnings] },
  );
  run.sources = [before.sources[0], ...run.sources];
  const t0 = extraNumber(before, 'scrape_timestamp_ms');
  const t1 = extraNumber(after, 'scrape_timestamp_ms');
  if (t0 !== undefined && t1 !== undefined && t1 > t0)
    run.workload = { ...run.workload, durationSeconds: (t1 - t0) / 1000 };
  return run;
}

function counterDifference(
  a: number | undefined,
  b: number | undefined,
  what: string,
  reset: (what: string, detail: string) => InputError,
): number | undefined {
  if (a === undefined) return undefined;
  if (a < (b ?? 0)) throw reset(what, `${b} → ${a}`);
  return a - (b ?? 0);
}

function tokenDifference(
  after: TokenTotals,
  before: TokenTotals,
  reset: (what: string, detail: string) => InputError,
): TokenTotals {
  const out: TokenTotals = {};
  for (const key of ['promptSum', 'promptCount', 'generationSum', 'generationCount'] as const) {
    const value = counterDifference(after[key], before[key], `token total ${key}`, reset);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function extraNumber(run: Run, key: string): number | undefined {
  const text = Object.hasOwn(run.meta.extra, key) ? run.meta.extra[key] : undefined;
  const value = text === undefined ? NaN : Number(text);
  return Number.isFinite(value) ? value : undefined;
}
