// Which quality format a file starts like, from its first KiB: an lm-evaluation-harness results
// file, perf-triage's own scores JSON, or per-request generations (JSONL or a JSON list).

import { asObject, own } from '../formats/document';
import { ID_FIELDS, TEXT_FIELDS } from './fields';
import type { QualityFormat } from '../../model/quality';

const ID_KEY = new RegExp(`"(?:${ID_FIELDS.join('|')})"\\s*:`);
const OUTPUT_KEY = new RegExp(`"(?:${TEXT_FIELDS.join('|')}|output_sha256|output_hash|choices|response|error)"\\s*:`);
const LM_EVAL_COMPANION =
  /"[^"\\]*_stderr(?:,[^"\\]*)?"\s*:|"(?:versions|n-samples|n-shot|higher_is_better|lm_eval_version|configs)"\s*:/;

export function detectQuality(head: string): QualityFormat | { error: string } {
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (text.startsWith('[')) {
    return ID_KEY.test(text) && OUTPUT_KEY.test(text)
      ? 'generations'
      : {
          error:
            'a JSON list whose first objects have no id field (custom_id, prompt_id, request_id, id) and output field',
        };
  }
  if (!text.startsWith('{'))
    return { error: 'not JSON: expected an lm-eval results file, a {"scores": …} file or generations (JSONL)' };

  // A one-line document (lm-eval before 0.4 wrote one line) or the first JSONL record.
  const first = parseObject(text.slice(0, text.indexOf('\n') === -1 ? text.length : text.indexOf('\n')));
  if (first) return classify(first);

  if (/"results"\s*:\s*\{/.test(text) && LM_EVAL_COMPANION.test(text)) return 'lm-eval';
  if (/"scores"\s*:\s*\{/.test(text)) return 'perf-triage-scores';
  // A first JSONL line longer than the head: judge by the keys seen so far.
  if (/^\{\s*"/.test(text) && ID_KEY.test(text) && OUTPUT_KEY.test(text)) return 'generations';
  return {
    error: 'JSON without "results" (lm-eval), "scores" (perf-triage scores) or an id with an output (generations)',
  };
}

function classify(o: Record<string, unknown>): QualityFormat | { error: string } {
  if (asObject(own(o, 'results'))) return 'lm-eval';
  if (asObject(own(o, 'scores'))) return 'perf-triage-scores';
  if (ID_FIELDS.some((f) => own(o, f) !== undefined)) {
    if (
      own(o, 'method') !== undefined &&
      own(o, 'url') !== undefined &&
      own(o, 'body') !== undefined &&
      own(o, 'response') === undefined
    ) {
      return {
        error:
          'an OpenAI Batch input file (custom_id, method, url, body): compare the output files, whose lines carry "response"',
      };
    }
    return 'generations';
  }
  return {
    error: 'a JSON object without "results" (lm-eval), "scores" (perf-triage scores) or an id field (generations)',
  };
}

function parseObject(line: string): Record<string, unknown> | undefined {
  try {
    return asObject(JSON.parse(line));
  } catch {
    return undefined;
  }
}
