// Recognising AIPerf's two exports from the first 16 KiB. AIPerf's summary imitates GenAI-Perf's on
// purpose, so it is told apart by what only AIPerf writes: "schema_version"/"aiperf_version" (schema
// 1.0+), the 0.1.x layout {"records": {"<tag>": {"tag": …, "unit": …, "header": …}}}, or metrics
// GenAI-Perf never had (min_request_timestamp, benchmark_duration, error_request_count).

import { hasStatBlock } from './genai-perf-stats';

const AIPERF_ONLY =
  /"(schema_version|aiperf_version|benchmark_id|min_request_timestamp|max_response_timestamp|benchmark_duration|error_request_count)"\s*:/;
const TAGGED_BLOCK = /"tag"\s*:\s*"[^"]*"\s*,\s*"unit"\s*:/;
const RECORDS_OBJECT = /^\{\s*"records"\s*:\s*[{[]/;

/** Stats block names of AIPerf's summary (any version), for telling it from other tools' JSON. */
export const AIPERF_SUMMARY_METRICS = [
  'request_throughput',
  'request_latency',
  'request_count',
  'time_to_first_token',
  'ttft',
  'inter_token_latency',
  'output_token_throughput',
  'output_sequence_length',
  'input_sequence_length',
  'min_request_timestamp',
  'error_request_count',
];

/** `text` is the head without BOM or leading blanks. */
export function looksLikeAiperfSummary(text: string): boolean {
  if (!text.startsWith('{')) return false;
  if (RECORDS_OBJECT.test(text) && TAGGED_BLOCK.test(text)) return true;
  return AIPERF_ONLY.test(text) && hasStatBlock(text, AIPERF_SUMMARY_METRICS);
}

/**
 * profile_export.jsonl: each line {"metadata": {"x_request_id": …, …}, "metrics": {…}, "error": …}.
 * The metadata object comes first and names AIPerf's request identifiers; a native metadata line
 * ({"metadata": {"benchmark": …}}) has none of them.
 */
export function looksLikeAiperfRecords(text: string): boolean {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n'));
  if (!/^\{\s*"metadata"\s*:\s*\{/.test(firstLine)) return false;
  return /"(x_request_id|x_correlation_id|record_processor_id|request_start_ns|session_num|credit_phase|benchmark_phase)"\s*:/.test(
    firstLine,
  );
}
