// The words of a confirming re-run (src/report/confirm.ts): what the comment and the check say while
// more runs are on their way.

import type { ConfirmDecision } from '../report/confirm';
import { metricLabel } from './calibration';

/** One sentence, plain text (escape it for markdown): what is unsettled and what happens next. */
export function confirmingSentence(d: ConfirmDecision): string {
  const listed = d.metrics
    .slice(0, 4)
    .map(
      (m) => `${metricLabel(m.key)}${m.why === 'near-minimum-effect' ? ' (a regression near the minimum effect)' : ''}`,
    );
  const more = d.metrics.length > 4 ? ` and ${d.metrics.length - 4} more` : '';
  return `confirming before calling it: ${listed.join(', ')}${more} could go either way with one run a side, so the benchmark runs again (attempt ${d.attempt + 1} of ${d.attempts}) and the runs are pooled; this report is updated when it finishes`;
}
