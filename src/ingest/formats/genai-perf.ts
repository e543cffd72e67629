// NVIDIA GenAI-Perf: its summary (profile_export_genai_perf.json, one stats block per metric) and the
// per-request profile_export.json perf_analyzer writes for it ({"experiments": [...]}). See
// genai-perf-summary.ts and genai-perf-raw.ts for the fields followed and how they map.

import type { Run } from '../../model/run';
import { InputError } from '../errors';
import type { TextSource } from '../source';
import type { ArtifactAdapter, Detection, IngestOptions } from './adapter';
import { asObject, MAX_DOCUMENT_BYTES, parseDocument, readDocument } from './document';
import { looksLikeAiperfSummary } from './aiperf-detect';
import { rawRuns, RAW_FORMAT } from './genai-perf-raw';
import { hasStatBlock } from './genai-perf-stats';
import { summaryRun, SUMMARY_FORMAT } from './genai-perf-summary';

/** Metric names GenAI-Perf has written as stats blocks, any of which identifies the summary. */
const SUMMARY_METRICS = [
  'request_throughput',
  'request_latency',
  'time_to_first_token',
  'inter_token_latency',
  'output_token_throughput',
  'output_token_throughput_per_request',
  'output_sequence_length',
  'input_sequence_length',
  'num_output_token',
  'num_input_token',
];

type Kind = 'summary' | 'raw';

function classify(head: string): Kind | { reason: string } {
  const text = head.replace(/^\ufeff/, '').trimStart();
  if (!text.startsWith('{'))
    return {
      reason:
        'not a JSON object: GenAI-Perf writes profile_export_genai_perf.json and profile_export.json as one object',
    };
  if (/^\{\s*"experiments"\s*:\s*\[/.test(text) && /"(experiment|requests|response_timestamps)"\s*:/.test(text))
    return 'raw';
  if (looksLikeAiperfSummary(text))
    return {
      reason: 'an AIPerf export ("schema_version", "aiperf_version", or "records" of tagged blocks), not GenAI-Perf',
    };
  if (hasStatBlock(text, SUMMARY_METRICS)) return 'summary';
  return {
    reason:
      'no GenAI-Perf stats block such as "request_latency": {"unit": "ms", "avg": …} and no per-request "experiments" list',
  };
}

export const genaiPerfAdapter: ArtifactAdapter = {
  id: 'genai-perf',
  label: 'NVIDIA GenAI-Perf export',
  writtenBy: 'genai-perf profile (artifacts/…/profile_export_genai_perf.json; per request: profile_export.json)',
  detect(head: string): Detection {
    const kind = classify(head);
    if (kind === 'raw')
      return {
        match: true,
        reason: 'GenAI-Perf per-request profile export ("experiments" of perf_analyzer requests)',
        specificity: 3,
      };
    if (kind === 'summary')
      return { match: true, reason: 'GenAI-Perf summary (stats blocks with "unit" and "avg")', specificity: 2 };
    return { match: false, reason: kind.reason };
  },
  expects:
    'stats blocks such as "request_latency": {"unit": "ms", "avg": …} (profile_export_genai_perf.json) or perf_analyzer "experiments" with requests (profile_export.json)',
  read: (source, options) => readGenaiPerf(source, options),
};

/** Reads either GenAI-Perf file; `maxBytes` caps the document before it is parsed. */
export async function readGenaiPerf(
  source: TextSource,
  options: IngestOptions,
  maxBytes = MAX_DOCUMENT_BYTES,
): Promise<Run[]> {
  const guess = classify(source.head);
  const label = guess === 'raw' ? RAW_FORMAT : SUMMARY_FORMAT;
  const text = await readDocument(source, label, maxBytes);
  const doc = asObject(parseDocument(text, source, label));
  if (!doc)
    throw new InputError(
      source.name,
      `${label}: expected a JSON object, got ${text.trimStart().slice(0, 1) === '[' ? 'a list' : 'another JSON value'}`,
    );
  if (Object.hasOwn(doc, 'experiments')) return rawRuns(doc, source.name, 'genai-perf', options);
  return [summaryRun(doc, source.name, 'genai-perf')];
}
