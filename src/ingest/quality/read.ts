// Any quality file perf-triage reads, recognised from its first KiB: lm-eval results, perf-triage's
// scores JSON, or per-request generations. The error for anything else lists what was looked for.

import { InputError } from '../errors';
import { parseDocument, readDocument } from '../formats/document';
import type { TextSource } from '../source';
import { detectQuality } from './detect';
import { readGenerations } from './generations';
import { lmEvalScores } from './lm-eval';
import { scoresFromJson } from './scores-json';
import type { QualityInput } from '../../model/quality';

/** Score files are small summaries; a larger one is a mistake (per-request data belongs in generations). */
const MAX_SCORES_BYTES = 64 * 1024 * 1024;

export async function readQuality(source: TextSource): Promise<QualityInput> {
  const format = detectQuality(source.head);
  if (typeof format !== 'string')
    throw new InputError(source.name, `not a quality file perf-triage reads: ${format.error}`);
  switch (format) {
    case 'generations':
      return readGenerations(source);
    case 'lm-eval':
      return lmEvalScores(
        parseDocument(await readDocument(source, 'lm-eval results', MAX_SCORES_BYTES), source, 'lm-eval results'),
        source.name,
      );
    case 'perf-triage-scores':
      return scoresFromJson(
        parseDocument(await readDocument(source, 'perf-triage scores', MAX_SCORES_BYTES), source, 'perf-triage scores'),
        source.name,
      );
  }
}
