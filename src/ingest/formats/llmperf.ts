// LLMPerf (ray-project/llmperf, token_benchmark_ray.py --results-dir): the summary file gives the
// tool's own statistics (one 'summary' run), the individual-responses file gives one row per request
// (one 'requests' run); given together for one run they merge by role.

import type { ArtifactAdapter } from './adapter';
import { detectLlmperf } from './llmperf-detect';
import { readLlmperfResponses } from './llmperf-responses';
import { readLlmperfSummary } from './llmperf-summary';

export const llmperfAdapter: ArtifactAdapter = {
  id: 'llmperf',
  label: 'LLMPerf results (summary or individual responses)',
  writtenBy: 'llmperf token_benchmark_ray.py --results-dir: <name>_summary.json and <name>_individual_responses.json',
  detect: (head) => detectLlmperf(head),
  // A list is the responses file, anything else is read as a summary (and refused there if it is not).
  read: async (source, options) => [
    startsAsList(source.head) ? await readLlmperfResponses(source, options) : await readLlmperfSummary(source),
  ],
};

function startsAsList(head: string): boolean {
  return head
    .replace(/^\ufeff/, '')
    .trimStart()
    .startsWith('[');
}
