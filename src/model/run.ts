import type { NumberColumn, TextColumn } from './columns';
import type { CountField, DurationField, NumericField, TextField } from './fields';

export type ConfigValue = string | number | boolean | null;

/** What travels with a run: who produced it and under which conditions. All optional. */
export interface RunMeta {
  benchmark?: string;
  commit?: string;
  /** Engine configuration, e.g. { max_num_seqs: 64, enable_chunked_prefill: true }. */
  config: Record<string, ConfigValue>;
  hardware?: string;
  model?: string;
  /** Free-form description of the workload, e.g. "ShareGPT, 4 req/s". */
  workload?: string;
  /** Any other metadata keys, kept verbatim (as strings) for the report. */
  extra: Record<string, string>;
}

export function emptyMeta(): RunMeta {
  return { config: {}, extra: {} };
}

/**
 * The numeric columns by field: durations and arrival_ts as Float64Array; counts as a NumberColumn,
 * a Uint16Array or Float32Array when that holds every count exactly: the same numbers in a quarter or
 * half of the memory (model/columns.ts).
 */
export type NumericColumns = { [F in DurationField | 'arrival_ts']?: Float64Array } & {
  [F in CountField]?: NumberColumn;
};

/** A column of any numeric field. */
export type AnyNumericColumn = NumericColumns[NumericField];

/**
 * Per-request telemetry as typed columns, sorted by arrival (file order when arrival_ts is absent).
 * Failed requests (non-empty `error`) are kept as rows; metric code skips them.
 */
export interface RequestTable {
  readonly length: number;
  readonly numbers: NumericColumns;
  readonly text: Partial<Record<TextField, TextColumn>>;
  /** Unknown numeric fields, kept as extra dimensions. */
  readonly extraNumbers: ReadonlyMap<string, Float64Array>;
  /** Unknown text (or boolean, or nested JSON) fields, kept as extra dimensions. */
  readonly extraText: ReadonlyMap<string, TextColumn>;
  /** 1-based line (or record) number in the source file, for messages that point at a row. */
  readonly sourceLine: Uint32Array;
  /** Whether rows were ordered by arrival_ts (true) or left in file order (false: no arrival_ts). */
  readonly orderedByArrival: boolean;
  /**
   * How many requests each row stands for: 1, or more when the rows are an evenly spaced sample of
   * a larger run (a baseline digest). Rates count requests and tokens, so they scale by it.
   */
  readonly rowWeight?: number;
  /**
   * Every inter-token gap of every request, when the artifact has them (e.g. vLLM --save-detailed):
   * gaps of row i are values[offsets[i] .. offsets[i+1]). Absent for native §4 telemetry.
   */
  readonly tokenGaps?: { readonly offsets: Uint32Array; readonly values: Float64Array };
}

/**
 * A run-level statistic a tool reported, for artifacts without per-request data (or alongside it).
 * `metric` is a catalog id (ttft, tpot, itl, e2e, throughput, request_throughput, a phase) or, for
 * benchmarks that are not LLM serving, any name (then `unit` and `direction` say how to read it).
 * Values are in the catalog's unit (ms, tok/s, req/s).
 */
export interface SummaryValue {
  metric: string;
  /** 'mean', 'p50', 'p90', 'p99', 'p99.9', … as metric specs write them; 'mean' for rates. */
  stat: string;
  value: number;
  /** Requests (or token gaps) it summarises, when the tool says. */
  count?: number;
  /** For metrics outside the catalog. */
  unit?: string;
  direction?: 'lower-is-better' | 'higher-is-better';
  /** Where it came from, for the report: "mean_ttft_ms". */
  field?: string;
}

/**
 * A latency histogram as a server exports it (Prometheus): cumulative counts at upper bounds `le`
 * (ms, ascending, the last one +Infinity), with the sum (ms) and count of observations.
 */
export interface Histogram {
  /** Catalog id: ttft, itl, e2e, queue_wait, prefill, decode, … */
  metric: string;
  buckets: { le: number; count: number }[];
  sum: number;
  count: number;
  /** The exporter's metric name, for the report. */
  source: string;
}

/** Server-side counters and gauges over the run (from a metrics scrape). */
export interface ServerStats {
  prefixCacheHits?: number;
  prefixCacheQueries?: number;
  preemptions?: number;
  /** Requests running / waiting at the scrape (gauges). */
  running?: number;
  waiting?: number;
  /** KV-cache usage at the scrape, 0..1. */
  kvCacheUsage?: number;
}

/**
 * What the tool says about the load it generated and the experiment it ran, for comparing workloads
 * between sides. The settings (dataset, length settings, rate, concurrency, streaming, engine) are
 * part of the run's workload key (workload-key.ts): only runs with equal keys are repeats.
 */
export interface WorkloadInfo {
  /** Requests sent: completed + failed where both are known, else the number asked for. */
  requests?: number;
  failed?: number;
  /** Where `failed` came from: the tool's own count, per-request errors, or requested − completed. */
  failedFrom?: 'tool' | 'rows' | 'derived';
  /** Prompts asked for that neither completed nor failed, as the tool counts them (requested − completed − failed). */
  missing?: number;
  concurrency?: number;
  /** Requests per second asked for (Infinity for "as fast as possible"). */
  requestRate?: number;
  durationSeconds?: number;
  inputTokensMean?: number;
  outputTokensMean?: number;
  /** The prompts' source as the tool names it: "random", "sharegpt", a dataset file. */
  dataset?: string;
  /** Prompt and output length settings given to the tool (tokens), not the measured means. */
  inputLength?: number;
  outputLength?: number;
  /** Responses streamed (true) or returned whole (false). */
  streaming?: boolean;
  /** The serving engine, or the client backend that names it ("vllm", "sglang", "tensorrtllm"), and its version. */
  engine?: string;
  engineVersion?: string;
  /** The tenant or traffic class the run stands for, where the artifact declares one. */
  tenant?: string;
}

/** What a file contributes to a run; files of different roles for one run are merged. */
export type RunRole = 'requests' | 'summary' | 'server-metrics' | 'traces';

/** Something in the input that was skipped or looks wrong, with where it is. */
export interface IngestIssue {
  file: string;
  line: number;
  field?: string;
  message: string;
}

export interface SourceReport {
  file: string;
  format: string;
  /** The version of the tool that wrote the file, where the file says ("aiperf 0.10.0"). */
  toolVersion?: string;
  recordsRead: number;
  recordsKept: number;
  /** Lines or records skipped, with the first few issues (the count is always exact). */
  skipped: number;
  issues: IngestIssue[];
  /** Non-fatal observations, e.g. "12 requests whose phases sum past first_token_ms". */
  warnings: string[];
}

/** One benchmark's measurements on one side (base or head) from one execution. */
export interface Run {
  meta: RunMeta;
  requests?: RequestTable;
  summaries: SummaryValue[];
  sources: SourceReport[];
  histograms?: Histogram[];
  server?: ServerStats;
  workload?: WorkloadInfo;
  /** What the file that made this run carried (per-request records by default). */
  role?: RunRole;
  /** A repeat label from the artifact ("run=1"), used to pair files of one repeat. */
  repeat?: string;
}

/** One side of a comparison: one or more repeated runs of the same benchmark. */
export interface Side {
  label: 'base' | 'head';
  runs: Run[];
}
