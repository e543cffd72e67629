// perf-triage's own baseline digest (.perf-triage/baselines/<benchmark>.json, written when a result
// is recorded in the journal): a baseline file like any other, so `perf-triage compare` and the
// action's `baseline:` input take it by path.

import { parseDigest } from '../digest/digest-parse';
import { BASELINE_SCHEMA, sideFromDigest } from '../digest/digest';
import type { ArtifactAdapter } from './adapter';
import { readDocument } from './document';

export const baselineDigestAdapter: ArtifactAdapter = {
  id: 'perf-triage-baseline',
  label: 'perf-triage baseline digest',
  writtenBy: 'perf-triage when it records a result in the journal (docs/journal.md)',
  detect: (head) =>
    /^\s*\{\s*"schema"\s*:\s*"perf-triage\/baseline@\d+"/.test(head.replace(/^\ufeff/, ''))
      ? { match: true, reason: `"schema": "${BASELINE_SCHEMA}"`, specificity: 3 }
      : { match: false, reason: `no "schema": "${BASELINE_SCHEMA}" first` },
  read: async (source) => {
    const text = await readDocument(source, 'baseline digest');
    return sideFromDigest(parseDigest(text.replace(/^\ufeff/, ''), source.name), source.name).runs;
  },
};
