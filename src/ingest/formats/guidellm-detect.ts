// Recognising a GuideLLM benchmark report from the first 16 KiB. GuideLLM writes the report with
// json.dumps(model_dump()) (0.3+, one line) or model_dump_json (0.1, 0.2): either way the markers
// below sit in the first KiB — the report metadata ("guidellm_version", 0.4+), each benchmark's
// "type_": "generative_benchmark" (0.2+), or for 0.1 a list of reports of benchmarks with "mode".

import type { Detection } from './adapter';

const GENERATIVE = /"type_"\s*:\s*"generative_benchmark"/;
const VERSIONED = /"guidellm_version"\s*:/;
const LEGACY = /"benchmarks"\s*:\s*\[\s*\{\s*"benchmarks"\s*:\s*\[/;
const LEGACY_MODE = /"mode"\s*:\s*"(synchronous|asynchronous|throughput)"/;
/** A 0.3+ report whose "args" run past the head: its arguments still name GuideLLM's own options. */
const ARGS_FIRST = /^\{\s*"args"\s*:\s*\{/;
const ARGS_KEYS = [/"profile"\s*:/, /"rate"\s*:/, /"backend(_type)?"\s*:/, /"data"\s*:/];
const YAML_MARKER = /^[\s-]*(type_:\s*generative_benchmark|guidellm_version:)/m;

export type GuidellmHead = 'json' | 'yaml';

export function guidellmHeadOf(head: string): GuidellmHead | { reason: string } {
  const text = head.replace(/^\ufeff/, '').trimStart();
  if (!text.startsWith('{')) {
    if (YAML_MARKER.test(text)) return 'yaml';
    return { reason: 'not a JSON object: a GuideLLM report is one JSON object with a "benchmarks" list' };
  }
  if (GENERATIVE.test(text) || VERSIONED.test(text)) return 'json';
  if (LEGACY.test(text) && LEGACY_MODE.test(text)) return 'json';
  if (ARGS_FIRST.test(text) && ARGS_KEYS.every((key) => key.test(text))) return 'json';
  return {
    reason:
      'no GuideLLM marker: expected "type_": "generative_benchmark" benchmarks, "guidellm_version" metadata, or (0.1) "benchmarks" of benchmarks with a "mode"',
  };
}

export function detectGuidellm(head: string): Detection {
  const kind = guidellmHeadOf(head);
  if (kind === 'json') return { match: true, reason: 'GuideLLM benchmark report', specificity: 3 };
  if (kind === 'yaml')
    return {
      match: true,
      reason: 'GuideLLM report in YAML (read as JSON only; refused with a message)',
      specificity: 3,
    };
  return { match: false, reason: kind.reason };
}
