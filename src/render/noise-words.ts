// Where a report's between-run noise came from, in words: the calibration on the team's runner (date,
// runs, runner, history pooled in) and the false-alarm rate measured for that setup. Benchmark and
// runner names are the team's text: escaped for the output they go to.

import type { NoiseProvenance } from '../compare/noise-settings';
import { percent } from '../display/numbers';
import type { Report } from '../report/model';
import { markdownText, plainText } from './escape';

/** One sentence per calibration used, as plain text (escape it for markdown). */
export function noiseSentences(report: Report, escape: (text: string) => string = plainText): string[] {
  return (report.noise ?? []).map((n) => noiseSentence(n, escape));
}

function noiseSentence(n: NoiseProvenance, escape: (text: string) => string): string {
  const date = /^\d{4}-\d{2}-\d{2}/.exec(n.calibratedAt)?.[0] ?? 'an unknown date';
  const where = n.runner ? ` on ${escape(n.runner)}` : '';
  const history = n.historyPairs > 0 ? `, refined with ${n.historyPairs} journal steps since` : '';
  const rate =
    n.falseAlarms.comparisons > 0
      ? `; measured false-alarm rate of this setup: ${n.falseAlarms.alarms} of ${n.falseAlarms.comparisons} A/A metric comparisons (${percent(n.falseAlarms.alarms / n.falseAlarms.comparisons)})`
      : '';
  return `${escape(n.benchmark)}: noise band from calibration of ${date}, ${n.runs} runs${where}${history}${rate}`;
}

/** The footer's addition: " · noise band from calibration of …", or nothing. */
export function noiseFooter(report: Report): string {
  const sentences = noiseSentences(report, (text) => markdownText(text, 60));
  return sentences.length ? ` · ${sentences.join(' · ')}` : '';
}
