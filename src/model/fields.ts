// The native per-request telemetry fields (methodology §4), plus the optional client-side ones.
// Every numeric field is stored as one column (Float64Array, or for counts a narrower array when that
// holds every value exactly: model/columns.ts NumberColumn); a missing value is NaN.

export const DURATION_FIELDS = [
  'tokenize_ms',
  'queue_wait_ms',
  'prefill_ms',
  'first_token_ms',
  'decode_ms',
  'itl_p50_ms',
  'itl_p99_ms',
  'detokenize_ms',
  'total_ms',
  'client_first_token_ms',
  'network_ms',
] as const;

export const COUNT_FIELDS = [
  'prompt_tokens',
  'output_tokens',
  'batch_size_at_admission',
  'kv_blocks_used',
  'prefix_cache_hit_tokens',
] as const;

export type DurationField = (typeof DURATION_FIELDS)[number];
export type CountField = (typeof COUNT_FIELDS)[number];
/** arrival_ts is stored as seconds since the Unix epoch (or since any origin the tool used). */
export type NumericField = DurationField | CountField | 'arrival_ts';
export const NUMERIC_FIELDS: readonly NumericField[] = ['arrival_ts', ...DURATION_FIELDS, ...COUNT_FIELDS];

/** Text fields of §4 kept as dictionary-encoded columns. `error` marks a failed request. */
export const TEXT_FIELDS = ['request_id', 'model_version', 'tenant', 'error'] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/**
 * Required on every successful request: the two headline latencies. Everything else is optional,
 * and what is missing only limits which metrics and diagnoses the data supports.
 */
export const REQUIRED_FIELDS: readonly NumericField[] = ['first_token_ms', 'total_ms'];

const numericSet = new Set<string>(NUMERIC_FIELDS);
const textSet = new Set<string>(TEXT_FIELDS);

export function isNumericField(name: string): name is NumericField {
  return numericSet.has(name);
}

export function isTextField(name: string): name is TextField {
  return textSet.has(name);
}

export function isCountField(name: string): name is CountField {
  return (COUNT_FIELDS as readonly string[]).includes(name);
}
