// Recognising LLMPerf output from the first 16 KiB. token_benchmark_ray.py writes two files per run:
// <name>_summary.json, one flat object whose statistics are keys "results_<metric>_<stat>", and
// <name>_individual_responses.json, a JSON list of one object per request ("ttft_s",
// "end_to_end_latency_s", …). Both are written with indent=4, so the first keys are in any head.

import type { Detection } from './adapter';

export type LlmperfFile = 'summary' | 'responses';

const SUMMARY_KEY =
  /"results_(ttft_s|end_to_end_latency_s|inter_token_latency_s)_(quantiles_p\d+|mean|min|max|stddev)"\s*:/;
const TTFT_KEY = /"ttft_s"\s*:/;
const E2E_KEY = /"end_to_end_latency_s"\s*:/;

/** Which LLMPerf file the head is, or why it is none. */
export function llmperfFileOf(head: string): LlmperfFile | { reason: string } {
  const text = head.replace(/^\ufeff/, '').trimStart();
  if (text.startsWith('[')) {
    // A §4 JSON array names first_token_ms/total_ms; only LLMPerf names these two.
    if (TTFT_KEY.test(text) && E2E_KEY.test(text)) return 'responses';
    return {
      reason:
        'a JSON list whose records have no "ttft_s" and "end_to_end_latency_s" (LLMPerf *_individual_responses.json)',
    };
  }
  if (text.startsWith('{')) {
    if (SUMMARY_KEY.test(text)) return 'summary';
    return { reason: 'no key "results_ttft_s_*" or "results_end_to_end_latency_s_*" (LLMPerf *_summary.json)' };
  }
  return {
    reason: 'not JSON: LLMPerf writes a JSON object (*_summary.json) or a JSON list (*_individual_responses.json)',
  };
}

export function detectLlmperf(head: string): Detection {
  const file = llmperfFileOf(head);
  if (file === 'summary') return { match: true, reason: 'LLMPerf summary: "results_ttft_s_*" keys', specificity: 3 };
  if (file === 'responses')
    return {
      match: true,
      reason: 'LLMPerf individual responses: a list of objects with "ttft_s" and "end_to_end_latency_s"',
      specificity: 3,
    };
  return { match: false, reason: file.reason };
}
