// A noise calibration (src/compare/calibrate.ts) in words: the terminal's text and the job summary's
// markdown. Benchmark and runner names come from artifacts and inputs: escaped like any artifact text.

import type { Calibration, CalibrationSkip, MetricCalibration, PairTally } from '../compare/calibrate';
import { grouped, percent } from '../display/numbers';
import { parseMetricSpec, specLabel } from '../metrics/metric-spec';
import { markdownText, plainText } from './escape';
import { levelText } from './verdict-words';

export interface CalibrationContext {
  runner?: string;
  /** Where the noise file was written, when it was. */
  written?: string;
  confidence: number;
}

/** "TTFT p95" for "ttft.p95" (the key itself when it is not a metric we know). */
export function metricLabel(key: string): string {
  const spec = parseMetricSpec(key);
  return typeof spec === 'string' ? key : specLabel(spec);
}

export function calibrationText(c: Calibration, context: CalibrationContext): string {
  const lines = [
    `perf-triage calibrate · ${plainText(c.benchmark)}: ${c.runs} runs${context.runner ? ` on ${plainText(context.runner)}` : ''} (${requestsText(c)})`,
  ];
  lines.push(
    `Intervals at ${levelText(c.level)} (${c.familySize} metrics judged together at ${levelText(context.confidence)}); one run a side.`,
  );
  lines.push('');
  const rows = [
    ['metric', 'between runs', 'within a run', 'allowance', 'resolution', 'detects (80%)', 'min effect'],
    ...c.metrics.map(metricRow),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  for (const row of rows)
    lines.push(
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
  lines.push('', ...notes(c).map((n) => `- ${plainText(n, 400)}`));
  lines.push('', pairsSentence(c));
  if (context.written)
    lines.push(
      `Noise file: ${plainText(context.written, 300)} (comparisons of this benchmark read it from the journal; commit it)`,
    );
  return `${lines.join('\n')}\n`;
}

export function calibrationMarkdown(c: Calibration, context: CalibrationContext): string {
  const lines = [`### perf-triage calibrate · ${markdownText(c.benchmark)}`, ''];
  lines.push(
    `${c.runs} runs${context.runner ? ` on ${markdownText(context.runner)}` : ''} (${requestsText(c)}); intervals at ${levelText(c.level)} (${c.familySize} metrics judged together at ${levelText(context.confidence)}), one run a side.`,
    '',
  );
  lines.push(
    '| metric | between runs | within a run | allowance | resolution | detects (80%) | min effect |',
    '|---|---:|---:|---:|---:|---:|---:|',
  );
  for (const row of c.metrics.map(metricRow)) lines.push(`| ${row.map((cell) => markdownText(cell)).join(' | ')} |`);
  const said = notes(c);
  if (said.length) lines.push('', ...said.map((n) => `- ${markdownText(n, 400)}`));
  lines.push('', markdownText(pairsSentence(c), 600));
  if (context.written) lines.push('', `Noise file: \`${markdownText(context.written, 300).replace(/`/g, '')}\``);
  return `${lines.join('\n')}\n`;
}

function requestsText(c: Calibration): string {
  const low = Math.min(...c.requests);
  const high = Math.max(...c.requests);
  return low === high ? `${grouped(low)} requests each` : `${grouped(low)} to ${grouped(high)} requests`;
}

function metricRow(m: MetricCalibration): string[] {
  return [
    metricLabel(m.key),
    `σ ${percent(m.sigmaBetween)}`,
    `σ ${percent(m.sigmaWithin)}`,
    percent(m.allowance),
    `±${percent(m.resolution)}`,
    `+${percent(m.detectable)}`,
    percent(m.minEffect),
  ];
}

/** What a reader should take from the numbers: every sentence carries its numbers. */
function notes(c: Calibration): string[] {
  const out: string[] = [];
  for (const m of c.metrics) {
    const label = metricLabel(m.key);
    if (m.runsToPrevious === null) {
      out.push(
        `${label}: this runner moves it more between runs (σ ${percent(m.sigmaBetween)}) than the settings before allowed a side (σ ${percent(m.previousSide)}); comparisons on it are now as wide as it is noisy`,
      );
    } else if (m.runsToPrevious !== undefined) {
      out.push(
        `${label}: ${c.runs} runs give a side σ ${percent(m.side)} (σ ${percent(m.sigmaBetween)} widened ×${m.inflation.toFixed(2)} for so few runs), wider than the σ ${percent(m.previousSide)} before; about ${m.runsToPrevious} runs would narrow it to that, ${m.runsToPrevious - c.runs} more`,
      );
    }
    if (m.scale < 1)
      out.push(
        `${label}: whole runs spread less (σ ${percent(m.sigmaBetween)}) than the bootstrap within a run assumes (σ ${percent(m.sigmaWithin)}); its intervals are narrowed to what the runs show`,
      );
  }
  const blocked = c.metrics.filter((m) => m.resolution >= m.minEffect);
  if (blocked.length) {
    const names =
      blocked.length === c.metrics.length ? 'any metric' : blocked.map((m) => metricLabel(m.key)).join(', ');
    out.push(
      `unchanged cannot be shown with one run a side for ${names}: the resolution is wider than the minimum effect; a larger minimum effect, longer runs, or 3 or more runs a side would show it`,
    );
  }
  for (const s of c.skipped) out.push(`${metricLabel(s.key)}: ${skipText(s.reason)}`);
  return out;
}

function skipText(reason: CalibrationSkip): string {
  switch (reason.code) {
    case 'share':
      return 'a share of requests has its own interval and takes no allowance';
    case 'not-positive':
      return 'a run measured 0: no relative spread to calibrate';
    case 'not-judged':
      return `not judged in these runs (${reason.verdict}): no noise measured`;
  }
}

function pairsSentence(c: Calibration): string {
  return `Every A/A pair of these runs (${c.before.pairs}), judged as a pull request would be: with the settings before, ${tallyText(c.before)}; calibrated (each pair with the noise of the other runs only), ${tallyText(c.after)}.`;
}

export function tallyText(t: Pick<PairTally, 'alarms' | 'unchanged' | 'inconclusive' | 'comparisons'>): string {
  return `${t.alarms} false alarm${t.alarms === 1 ? '' : 's'}, ${t.unchanged} unchanged and ${t.inconclusive} inconclusive of ${t.comparisons} metric comparisons`;
}
