// What a vLLM /metrics scrape says about a run: its latency histograms (in ms), server counters and
// gauges, and the load it served. Metric names follow vllm/v1/metrics/loggers.py (checked up to
// 0.25.1, whose real scrape is in the tests) and the older vllm/engine/metrics.py (V0): newer names
// are preferred, the older ones are read when the newer are absent.
//
//   vllm:request_queue_time_seconds            → queue_wait   (histogram)
//   vllm:request_prefill_time_seconds          → prefill
//   vllm:request_decode_time_seconds           → decode
//   vllm:time_to_first_token_seconds           → ttft
//   vllm:inter_token_latency_seconds           → itl (V0 and early V1: time_per_output_token_seconds)
//   vllm:request_time_per_output_token_seconds → tpot
//   vllm:e2e_request_latency_seconds           → e2e
//   vllm:prefix_cache_{hits,queries}_total     → server (≤ 0.9: gpu_prefix_cache_*; tokens, early V1 blocks)
//   vllm:num_preemptions_total                 → server.preemptions
//   vllm:num_requests_{running,waiting}        → server (gauges at the scrape)
//   vllm:kv_cache_usage_perc                   → server.kvCacheUsage (older: gpu_cache_usage_perc)
//   vllm:request_success_total{finished_reason} → workload.requests (all reasons), .failed (abort, error)
//   vllm:request_{prompt,generation}_tokens    → workload token means (finished requests)
//   vllm:cache_config_info labels              → meta.config
//
// Several label sets of one metric (engines, models) are added up, as `sum without(engine,
// model_name)` would; the KV-cache usage, a fraction, is averaged instead.

import type { SummaryMetricId } from '../../metrics/catalog';
import {
  emptyMeta,
  type ConfigValue,
  type Histogram,
  type RunMeta,
  type ServerStats,
  type WorkloadInfo,
} from '../../model/run';
import type { IssueLog } from '../errors';
import { parseValue, seriesKey, type Exposition, type Sample } from './prometheus-text';

export const VLLM_PREFIX = 'vllm:';

const LATENCY_HISTOGRAMS: readonly { metric: SummaryMetricId; names: readonly string[] }[] = [
  { metric: 'queue_wait', names: ['request_queue_time_seconds'] },
  { metric: 'prefill', names: ['request_prefill_time_seconds'] },
  { metric: 'decode', names: ['request_decode_time_seconds'] },
  { metric: 'ttft', names: ['time_to_first_token_seconds'] },
  { metric: 'itl', names: ['inter_token_latency_seconds', 'time_per_output_token_seconds'] },
  { metric: 'tpot', names: ['request_time_per_output_token_seconds'] },
  { metric: 'e2e', names: ['e2e_request_latency_seconds'] },
];

// prometheus_client always exposes counters with _total; the bare names cover other exporters.
const PREFIX_HITS = [
  'prefix_cache_hits_total',
  'prefix_cache_hits',
  'gpu_prefix_cache_hits_total',
  'gpu_prefix_cache_hits',
];
const PREFIX_QUERIES = [
  'prefix_cache_queries_total',
  'prefix_cache_queries',
  'gpu_prefix_cache_queries_total',
  'gpu_prefix_cache_queries',
];
const PREEMPTIONS = ['num_preemptions_total', 'num_preemptions'];
const REQUEST_SUCCESS = ['request_success_total', 'request_success'];
const FAILED_REASONS = new Set(['abort', 'error']);
const MAX_CONFIG_KEYS = 60;

/** Token totals of finished requests, kept so two scrapes can be subtracted. */
export interface TokenTotals {
  promptSum?: number;
  promptCount?: number;
  generationSum?: number;
  generationCount?: number;
}

export interface ScrapeFacts {
  histograms: Histogram[];
  server: ServerStats;
  requests?: number;
  failed?: number;
  tokens: TokenTotals;
  meta: RunMeta;
  warnings: string[];
}

/** Reads the vLLM metrics out of a parsed scrape; bad values become issues or warnings. */
export function vllmFacts(expo: Exposition, file: string, issues: IssueLog): ScrapeFacts {
  const byName = new Map<string, Sample[]>();
  for (const s of expo.samples) {
    let list = byName.get(s.name);
    if (!list) byName.set(s.name, (list = []));
    list.push(s);
  }
  const reader = new Reader(byName, file, issues);
  const warnings = reader.warnings;

  const histograms: Histogram[] = [];
  for (const { metric, names } of LATENCY_HISTOGRAMS) {
    const name = names.map((n) => VLLM_PREFIX + n).find((n) => byName.has(`${n}_bucket`) || byName.has(`${n}_count`));
    if (!name) continue;
    const h = reader.histogram(name, metric);
    if (h) histograms.push(h);
  }

  const server: ServerStats = {};
  const set = <K extends keyof ServerStats>(key: K, value: number | undefined) => {
    if (value !== undefined) server[key] = value;
  };
  set('prefixCacheHits', reader.sum(PREFIX_HITS));
  set('prefixCacheQueries', reader.sum(PREFIX_QUERIES));
  set('preemptions', reader.sum(PREEMPTIONS));
  set('running', reader.sum(['num_requests_running']));
  set('waiting', reader.sum(['num_requests_waiting']));
  set('kvCacheUsage', reader.fraction(['kv_cache_usage_perc', 'gpu_cache_usage_perc']));

  const success = reader.sum(REQUEST_SUCCESS);
  const failed =
    success === undefined
      ? undefined
      : reader.sum(REQUEST_SUCCESS, (labels) => FAILED_REASONS.has(labels.get('finished_reason') ?? ''));

  const tokens: TokenTotals = {};
  const prompt = reader.sumAndCount(`${VLLM_PREFIX}request_prompt_tokens`);
  const generation = reader.sumAndCount(`${VLLM_PREFIX}request_generation_tokens`);
  if (prompt) [tokens.promptSum, tokens.promptCount] = [prompt.sum, prompt.count];
  if (generation) [tokens.generationSum, tokens.generationCount] = [generation.sum, generation.count];
  // Without the per-request histograms, the token counters over the finished requests are the next
  // best: slightly high while requests are in flight (their prompt tokens are already counted).
  if (!prompt && success !== undefined) {
    const total = reader.sum(['prompt_tokens_total', 'prompt_tokens']);
    if (total !== undefined) [tokens.promptSum, tokens.promptCount] = [total, success];
  }
  if (!generation && success !== undefined) {
    const total = reader.sum(['generation_tokens_total', 'generation_tokens']);
    if (total !== undefined) [tokens.generationSum, tokens.generationCount] = [total, success];
  }

  const meta = scrapeMeta(expo, byName, warnings);
  return { histograms, server, requests: success, failed, tokens, meta, warnings };
}

/** Token means of the finished requests, and the request counts, as the run's workload. */
export function workloadOf(facts: Pick<ScrapeFacts, 'requests' | 'failed' | 'tokens'>): WorkloadInfo | undefined {
  const w: WorkloadInfo = {};
  if (facts.requests !== undefined) w.requests = facts.requests;
  if (facts.failed !== undefined) w.failed = facts.failed;
  const { promptSum, promptCount, generationSum, generationCount } = facts.tokens;
  if (promptSum !== undefined && promptCount) w.inputTokensMean = promptSum / promptCount;
  if (generationSum !== undefined && generationCount) w.outputTokensMean = generationSum / generationCount;
  return Object.keys(w).length > 0 ? w : undefined;
}

function scrapeMeta(expo: Exposition, byName: Map<string, Sample[]>, warnings: string[]): RunMeta {
  const meta = emptyMeta();
  const models = new Set<string>();
  const engines = new Set<string>();
  let latest: number | undefined;
  for (const s of expo.samples) {
    const model = s.labels.get('model_name');
    if (model !== undefined && s.name.startsWith(VLLM_PREFIX)) models.add(model);
    const engine = s.labels.get('engine');
    if (engine !== undefined && s.name.startsWith(VLLM_PREFIX)) engines.add(engine);
    if (s.timestamp !== undefined && Number.isFinite(s.timestamp)) latest = Math.max(latest ?? -Infinity, s.timestamp);
  }
  if (models.size === 1) {
    const [model] = models;
    meta.model = model;
    meta.benchmark = model;
  } else if (models.size > 1) {
    const names = [...models].sort().slice(0, 5).join(', ');
    warnings.push(
      `the scrape holds ${models.size} models (${names}): their histograms and counters are added together; scrape one model per server, or compare per model`,
    );
    meta.extra.model_names = names;
  }
  if (engines.size > 1) meta.extra.engines = [...engines].sort().join(',');
  if (latest !== undefined) meta.extra.scrape_timestamp_ms = String(latest);
  const start = byName.get('process_start_time_seconds')?.[0];
  if (start && Number.isFinite(start.value)) meta.extra.process_start_time_seconds = String(start.value);
  const cacheConfig = byName.get(`${VLLM_PREFIX}cache_config_info`)?.[0];
  if (cacheConfig) Object.assign(meta.config, configFromLabels(cacheConfig.labels));
  return meta;
}

/** Engine settings from an info metric's labels: "True"/"False" as booleans, numbers as numbers. */
function configFromLabels(labels: Map<string, string>): Record<string, ConfigValue> {
  const out: Record<string, ConfigValue> = {};
  let n = 0;
  for (const [key, raw] of [...labels].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (key === 'engine' || key === 'model_name' || key.startsWith('_') || raw === 'None' || raw === '') continue;
    if (n++ >= MAX_CONFIG_KEYS) break;
    const number = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(raw) ? Number(raw) : NaN;
    out[key] = raw === 'True' ? true : raw === 'False' ? false : Number.isFinite(number) ? number : raw.slice(0, 200);
  }
  return out;
}

/** Reads named metrics, summing series and reporting values that cannot be used. */
class Reader {
  readonly warnings: string[] = [];

  constructor(
    private readonly byName: Map<string, Sample[]>,
    private readonly file: string,
    private readonly issues: IssueLog,
  ) {}

  /** The first of `names` (without prefix) present, summed over its series (or those `filter` keeps). */
  sum(names: readonly string[], filter?: (labels: Map<string, string>) => boolean): number | undefined {
    const found = this.first(names);
    if (!found) return undefined;
    let total = 0;
    for (const s of found.samples) {
      if (filter && !filter(s.labels)) continue;
      if (!this.usable(s)) return undefined;
      total += s.value;
    }
    return this.finiteTotal(found.name, total);
  }

  /** A 0..1 gauge averaged over its series (engines). */
  fraction(names: readonly string[]): number | undefined {
    const found = this.first(names);
    if (!found) return undefined;
    let total = 0;
    for (const s of found.samples) {
      if (!this.usable(s)) return undefined;
      if (s.value > 1) {
        this.warnings.push(`${s.name} is ${s.value}, above 1 (it is a fraction of the KV cache): left out`);
        return undefined;
      }
      total += s.value;
    }
    return total / found.samples.length;
  }

  /** `_sum` and `_count` of a histogram, summed over series. */
  sumAndCount(base: string): { sum: number; count: number } | undefined {
    const sums = this.byName.get(`${base}_sum`);
    const counts = this.byName.get(`${base}_count`);
    if (!sums || !counts) return undefined;
    let sum = 0;
    let count = 0;
    for (const s of sums) {
      if (!this.usable(s)) return undefined;
      sum += s.value;
    }
    for (const s of counts) {
      if (!this.usable(s)) return undefined;
      count += s.value;
    }
    return this.finiteTotal(base, sum) === undefined || this.finiteTotal(base, count) === undefined
      ? undefined
      : { sum, count };
  }

  /** A latency histogram in seconds, its series added up, in ms. Undefined (with a warning) if unusable. */
  histogram(base: string, metric: string): Histogram | undefined {
    const series = new Map<string, { buckets: Map<number, number>; sum?: number; count?: number }>();
    const get = (s: Sample) => {
      const key = seriesKey(base, s.labels, 'le');
      let entry = series.get(key);
      if (!entry) series.set(key, (entry = { buckets: new Map() }));
      return entry;
    };
    let broken = false;
    for (const s of this.byName.get(`${base}_bucket`) ?? []) {
      const le = parseValue(s.labels.get('le') ?? '');
      // A bound must be a number whose ms value is finite too; +Inf is the last bucket.
      if (le === undefined || Number.isNaN(le) || (le !== Infinity && !Number.isFinite(le * 1000))) {
        this.issue(s, `${s.name}: the le label ${JSON.stringify(s.labels.get('le') ?? null)} is not a bucket bound`);
        broken = true;
      } else if (!this.usable(s)) broken = true;
      else get(s).buckets.set(le, s.value);
    }
    for (const s of this.byName.get(`${base}_sum`) ?? []) {
      if (!this.usable(s)) broken = true;
      else get(s).sum = s.value;
    }
    for (const s of this.byName.get(`${base}_count`) ?? []) {
      if (!this.usable(s)) broken = true;
      else get(s).count = s.value;
    }
    if (broken) {
      this.warnings.push(`${base}: left out, some of its lines are unusable (see issues)`);
      return undefined;
    }

    let common: Set<number> | undefined;
    let sum = 0;
    let count = 0;
    let torn = false;
    let mixedBounds = false;
    for (const entry of series.values()) {
      if (entry.sum === undefined || (entry.count === undefined && !entry.buckets.has(Infinity))) {
        this.warnings.push(
          `${base}: a series without _sum, or without both _count and the +Inf bucket: histogram left out`,
        );
        return undefined;
      }
      if (!entry.buckets.has(Infinity)) entry.buckets.set(Infinity, entry.count!);
      if (entry.count !== undefined && entry.buckets.get(Infinity) !== entry.count) torn = true;
      sum += entry.sum;
      count += entry.count ?? entry.buckets.get(Infinity)!;
      const bounds = new Set(entry.buckets.keys());
      if (common && (common.size !== bounds.size || [...common].some((b) => !bounds.has(b)))) mixedBounds = true;
      common = common ? new Set([...common].filter((b) => bounds.has(b))) : bounds;
    }
    if (torn)
      this.warnings.push(
        `${base}: the +Inf bucket differs from _count (a scrape taken mid-update?); the mean uses _sum / _count`,
      );
    if (mixedBounds)
      this.warnings.push(`${base}: its series have different bucket bounds; only the bounds they share are kept`);
    if (!common || this.finiteTotal(base, sum * 1000) === undefined || this.finiteTotal(base, count) === undefined)
      return undefined;
    const bounds = [...common].sort((a, b) => a - b);
    const buckets = bounds.map((le) => {
      let c = 0;
      for (const entry of series.values()) c += entry.buckets.get(le)!;
      if (!Number.isFinite(c)) broken = true;
      return { le: le === Infinity ? Infinity : Number((le * 1000).toPrecision(15)), count: c };
    });
    if (broken) {
      this.warnings.push(`${base}: bucket counts add up past the largest number; left out`);
      return undefined;
    }
    if (buckets.some((b, i) => i > 0 && b.count < buckets[i - 1].count)) {
      this.warnings.push(
        `${base}: cumulative bucket counts decrease somewhere (a torn scrape?); quantiles flatten the decrease as Prometheus does`,
      );
    }
    return { metric, buckets, sum: sum * 1000, count, source: base };
  }

  /** A total that overflowed (values near 1e308 added up) is no total. */
  private finiteTotal(name: string, total: number): number | undefined {
    if (Number.isFinite(total)) return total;
    this.warnings.push(`${name}: its series add up past the largest number; left out`);
    return undefined;
  }

  private first(names: readonly string[]): { name: string; samples: Sample[] } | undefined {
    for (const n of names) {
      const samples = this.byName.get(VLLM_PREFIX + n);
      if (samples) return { name: VLLM_PREFIX + n, samples };
    }
    return undefined;
  }

  /** A counter, gauge or bucket value must be a finite number ≥ 0. */
  private usable(s: Sample): boolean {
    if (Number.isFinite(s.value) && s.value >= 0) return true;
    this.issue(s, `${s.name}: expected a finite number ≥ 0, got ${s.value}`);
    return false;
  }

  private issue(s: Sample, message: string): void {
    this.issues.add({ file: this.file, line: s.line, message });
  }
}

// Token totals travel in meta.extra (as text, like any other metadata) so that diffScrapes can
// subtract two scrapes' totals; the workload only holds their means.
const TOKEN_KEYS = {
  promptSum: 'vllm.request_prompt_tokens_sum',
  promptCount: 'vllm.request_prompt_tokens_count',
  generationSum: 'vllm.request_generation_tokens_sum',
  generationCount: 'vllm.request_generation_tokens_count',
} as const satisfies Record<keyof TokenTotals, string>;

export function tokensToExtra(tokens: TokenTotals, extra: Record<string, string>): void {
  for (const [field, key] of Object.entries(TOKEN_KEYS) as [keyof TokenTotals, string][]) {
    const value = tokens[field];
    if (value !== undefined) extra[key] = String(value);
  }
}

export function tokensFromExtra(extra: Record<string, string>): TokenTotals {
  const out: TokenTotals = {};
  for (const [field, key] of Object.entries(TOKEN_KEYS) as [keyof TokenTotals, string][]) {
    const text = Object.hasOwn(extra, key) ? extra[key] : undefined;
    const value = text === undefined ? NaN : Number(text);
    if (Number.isFinite(value) && value >= 0) out[field] = value;
  }
  return out;
}
