import type { TextColumn } from './columns';
import type { NumericField, TextField } from './fields';

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
 * Per-request telemetry as typed columns, sorted by arrival (file order when arrival_ts is absent).
 * Failed requests (non-empty `error`) are kept as rows; metric code skips them.
 */
export interface RequestTable {
  readonly length: number;
  readonly numbers: Partial<Record<NumericField, Float64Array>>;
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
   * Every inter-token gap of every request, when the artifact has them (e.g. vLLM --save-detailed):
   * gaps of row i are values[offsets[i] .. offsets[i+1]). Absent for native §4 telemetry.
   */
  readonly tokenGaps?: { readonly offsets: Uint32Array; readonly values: Float64Array };
}

/** A run-level number a tool reported (for artifacts without per-request data). */
export interface SummaryValue {
  metric: string;
  stat: string;
  value: number;
}

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
}

/** One side of a comparison: one or more repeated runs of the same benchmark. */
export interface Side {
  label: 'base' | 'head';
  runs: Run[];
}
