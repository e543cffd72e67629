// NVIDIA AIPerf (ai-dynamo/aiperf), GenAI-Perf's successor: the summary profile_export_aiperf.json
// and the per-request profile_export.jsonl. See aiperf-summary.ts and aiperf-records.ts for the
// fields followed and how they map.

import type { Run } from '../../model/run';
import { InputError } from '../errors';
import type { TextSource } from '../source';
import type { ArtifactAdapter, Detection, IngestOptions } from './adapter';
import { looksLikeAiperfRecords, looksLikeAiperfSummary } from './aiperf-detect';
import { readAiperfRecords } from './aiperf-records';
import { aiperfSummaryRun, AIPERF_SUMMARY_FORMAT } from './aiperf-summary';
import { asObject, MAX_DOCUMENT_BYTES, parseDocument, readDocument } from './document';

type Kind = 'summary' | 'records';

function classify(head: string): Kind | { reason: string } {
  const text = head.replace(/^\ufeff/, '').trimStart();
  if (looksLikeAiperfRecords(text)) return 'records';
  if (looksLikeAiperfSummary(text)) return 'summary';
  if (/^\{\s*"metadata"\s*:/.test(text))
    return {
      reason:
        'a "metadata" line without AIPerf request ids (x_request_id, request_start_ns, …): not profile_export.jsonl',
    };
  return {
    reason:
      'no AIPerf marker: expected profile_export_aiperf.json ("schema_version" or "records" with stats blocks {"unit", "avg", …}) or profile_export.jsonl lines {"metadata": {"x_request_id": …}, "metrics": {…}}',
  };
}

export const aiperfAdapter: ArtifactAdapter = {
  id: 'aiperf',
  label: 'NVIDIA AIPerf export',
  writtenBy: 'aiperf profile (artifacts/…/profile_export_aiperf.json; per request: profile_export.jsonl)',
  detect(head: string): Detection {
    const kind = classify(head);
    // Only AIPerf writes its version, schema_version, request ids or tagged "records": the most specific mark.
    if (kind === 'records')
      return { match: true, reason: 'AIPerf per-request records (profile_export.jsonl)', specificity: 3 };
    if (kind === 'summary')
      return { match: true, reason: 'AIPerf summary (profile_export_aiperf.json)', specificity: 3 };
    return { match: false, reason: kind.reason };
  },
  expects:
    'metric blocks such as "request_latency": {"unit": "ms", "avg": …} (profile_export_aiperf.json) or per-request records {"metadata", "metrics"} (profile_export.jsonl)',
  read: (source, options) => readAiperf(source, options),
};

/** Reads either AIPerf file; `maxBytes` caps the summary document before it is parsed. */
export async function readAiperf(
  source: TextSource,
  options: IngestOptions,
  maxBytes = MAX_DOCUMENT_BYTES,
): Promise<Run[]> {
  const text = source.head.replace(/^\ufeff/, '').trimStart();
  // Forced (--input-format aiperf) on a head that is neither: a "metadata" line, or one JSON object
  // per line, is read as records.
  const kind = classify(source.head);
  const lineObjects = /^\{\s*"metadata"\s*:/.test(text) || /^\{[^\n]*\}[ \t\r]*\n\s*\{/.test(text);
  if (kind === 'records' || (typeof kind === 'object' && lineObjects))
    return readAiperfRecords(source, options, 'aiperf');
  const body = await readDocument(source, AIPERF_SUMMARY_FORMAT, maxBytes);
  const doc = asObject(parseDocument(body, source, AIPERF_SUMMARY_FORMAT));
  if (!doc) throw new InputError(source.name, `${AIPERF_SUMMARY_FORMAT}: expected a JSON object of metric blocks`);
  return [aiperfSummaryRun(doc, source.name, 'aiperf')];
}
