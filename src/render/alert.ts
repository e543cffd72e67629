// An alert (src/journal/alerts.ts) in words: the GitHub issue's title and body, the comments when it
// recovers or is accepted, and the Slack-compatible webhook text. Benchmark names, diagnoses, commit
// messages, pull request titles and logins are untrusted text: escaped for where they go.

import type { Alert, AlertMetric, EntryRef } from '../report/alert';
import { PHASE_LABELS } from '../metrics/catalog';
import { compact, percent, signedPercent, withUnit } from '../display/numbers';
import { codeText, linkTarget, markdownText, plainText, slackText } from './escape';
import { metricLabel } from './calibration';
import { levelText } from './verdict-words';

export interface AlertCommit {
  sha: string;
  /** The first line of the commit message. */
  message: string;
  pulls: { number: number; title: string; url?: string; author?: string }[];
}

export interface AlertDetails {
  /** The commits of the range, oldest first (as GitHub compares them); empty when unknown. */
  commits: AlertCommit[];
  /** More commits than listed. */
  moreCommits?: number;
  compareUrl?: string;
  /** The bisect workflow's file, to say how to find the commit. */
  bisectWorkflow?: string;
}

const short = (sha: string | undefined) => (sha ? sha.replace(/[^0-9a-f]/gi, '').slice(0, 7) : '');

/** "TTFT p95 +18% in llama-8b-serving between abc1234 and def5678" (plain text: an issue title). */
export function alertTitle(alert: Alert): string {
  const lead = leadMetric(alert);
  const others = new Set(alert.metrics.map((m) => `${m.benchmark}\u0000${m.key}`)).size - 1;
  const more = others > 0 ? ` (+${others} more)` : '';
  return plainText(
    `perf-triage: ${metricLabel(lead.key)} ${signedPercent(lead.change)} in ${lead.benchmark}${more} ${rangeWords(alert, short)}`,
    240,
  );
}

function rangeWords(alert: Alert, sha: (s: string | undefined) => string): string {
  const to = sha(alert.to.commit) || 'the latest entry';
  return alert.from ? `between ${sha(alert.from.commit) || 'the entry before'} and ${to}` : `at ${to}`;
}

/** The metric the title leads with: the largest relative move. */
function leadMetric(alert: Alert): AlertMetric {
  return [...alert.metrics].sort((a, b) => Math.abs(b.change) - Math.abs(a.change))[0];
}

export function alertBody(alert: Alert, details: AlertDetails): string {
  const lines: string[] = [];
  const from = alert.from?.commit ? `\`${short(alert.from.commit)}\`` : 'the entry before';
  const to = alert.to.commit ? `\`${short(alert.to.commit)}\`` : 'the latest entry';
  lines.push(`### 🔴 perf-triage: performance moved between ${from} and ${to}`, '');
  lines.push(
    '| benchmark | metric | before | after | change | interval | found by |',
    '|---|---|---:|---:|---:|---|---|',
  );
  for (const m of alert.metrics) {
    lines.push(
      `| ${markdownText(m.benchmark, 80)} | ${markdownText(metricLabel(m.key))} | ${valueCell(m.before, m.unit)} | ${valueCell(m.after, m.unit)} | ${signedPercent(m.change)} | ${intervalCell(m)} | ${foundBy(m)} |`,
    );
  }
  const phases = alert.metrics.filter((m) => m.phase);
  if (phases.length) {
    lines.push('', '**The phase that moved**');
    for (const m of phases)
      lines.push(`- ${markdownText(m.benchmark, 80)} ${markdownText(metricLabel(m.key))}: ${phaseText(m)}`);
  }
  if (alert.diagnoses.length) {
    lines.push('', '**Diagnosis** (the §5 walk of the entry the step is in)');
    for (const d of alert.diagnoses) lines.push(`- ${markdownText(d.benchmark, 80)}: ${markdownText(d.text, 400)}`);
  }
  lines.push(
    '',
    `**Commit range** ${from} … ${to}${details.commits.length ? ` (${details.commits.length + (details.moreCommits ?? 0)} commit${details.commits.length + (details.moreCommits ?? 0) === 1 ? '' : 's'})` : ''}${compareLink(details)}`,
  );
  for (const c of details.commits) lines.push(`- ${commitLine(c)}`);
  if (details.moreCommits) lines.push(`- … and ${details.moreCommits} more`);
  const runs = [runLink('the run before', alert.from), runLink('the run after', alert.to)].filter((x) => x !== '');
  if (runs.length) lines.push('', `**Runs** ${runs.join(' · ')}`);
  lines.push('', '**Next**');
  if (alert.from?.commit && alert.to.commit && details.commits.length > 1) {
    const workflow = details.bisectWorkflow ? ` with \`${codeText(details.bisectWorkflow, 80)}\`` : '';
    lines.push(
      `- Find the commit: run perf-triage's bisect (\`mode: bisect\`) with \`bisect-good: ${short(alert.from.commit)}\` and \`bisect-bad: ${short(alert.to.commit)}\`: it measures the commits between${workflow} and posts the tested commits here.`,
    );
  }
  lines.push(
    '- Meant to be? A maintainer comments `/perf accept <reason>` here: the alert closes as accepted.',
    '- When later entries are back within the minimum effect of before, the alert says so and closes.',
  );
  return `${lines.join('\n')}\n`;
}

/** A value in its unit; a unit the catalog does not know came from an artifact and is escaped. */
export function valueCell(value: number, unit: string): string {
  return KNOWN_UNITS.has(unit) ? withUnit(value, unit) : `${compact(value)} ${markdownText(unit, 30)}`;
}

const KNOWN_UNITS = new Set(['ms', 'share', 'tok/s', 'req/s']);

function intervalCell(m: AlertMetric): string {
  if (!m.interval) return '—';
  return `${signedPercent(m.interval[0])} … ${signedPercent(m.interval[1])}${m.level ? ` (${levelText(m.level)})` : ''}`;
}

function foundBy(m: AlertMetric): string {
  const p =
    m.pValue !== undefined ? `step in the journal, p ${m.pValue < 0.001 ? '< 0.001' : `= ${m.pValue.toFixed(3)}`}` : '';
  if (m.source === 'regression') return p ? `merged without acceptance; ${p}` : 'merged without acceptance';
  return p || 'step in the journal';
}

function phaseText(m: AlertMetric): string {
  const p = m.phase!;
  const where = p.basis === 'tail' ? 'mean over the requests at that percentile' : "median of the runs' means";
  return `${PHASE_LABELS[p.phase]} ${withUnit(p.before, 'ms')} → ${withUnit(p.after, 'ms')} (${where})`;
}

function compareLink(details: AlertDetails): string {
  const url = linkTarget(details.compareUrl);
  return url ? ` · [compare](${url})` : '';
}

function commitLine(c: AlertCommit): string {
  const pulls = c.pulls.map((p) => {
    const url = linkTarget(p.url);
    const by = p.author ? ` by ${markdownText(p.author, 40)}` : '';
    return `${url ? `[PR ${p.number}](${url})` : `PR ${p.number}`} ${markdownText(p.title, 100)}${by}`;
  });
  return `\`${short(c.sha)}\` ${markdownText(c.message, 100)}${pulls.length ? ` — ${pulls.join('; ')}` : ''}`;
}

function runLink(label: 'the run before' | 'the run after', entry: EntryRef | undefined): string {
  const url = linkTarget(entry?.runUrl);
  return url ? `[${label}](${url})` : '';
}

/** The comment when more metrics are found moving in an alert's step (a later record, another benchmark). */
export function alertAddedComment(alert: Alert): string {
  const lines = [
    'Also moved in this step:',
    '',
    '| benchmark | metric | before | after | change | interval | found by |',
    '|---|---|---:|---:|---:|---|---|',
  ];
  for (const m of alert.metrics) {
    lines.push(
      `| ${markdownText(m.benchmark, 80)} | ${markdownText(metricLabel(m.key))} | ${valueCell(m.before, m.unit)} | ${valueCell(m.after, m.unit)} | ${signedPercent(m.change)} | ${intervalCell(m)} | ${foundBy(m)} |`,
    );
  }
  for (const m of alert.metrics.filter((x) => x.phase))
    lines.push('', `${markdownText(m.benchmark, 80)} ${markdownText(metricLabel(m.key))}: ${phaseText(m)}`);
  return lines.join('\n');
}

/** The comment when every metric of an alert is back. */
export function recoveredComment(
  recovered: {
    benchmark: string;
    key: string;
    unit: string;
    before: number;
    value: number;
    minEffect: number;
    at: EntryRef;
  }[],
): string {
  const lines = [
    '✅ **Recovered**: the median of the last entries is back within the minimum effect of before the step.',
    '',
  ];
  for (const r of recovered) {
    const at = r.at.commit ? ` from \`${short(r.at.commit)}\`` : '';
    lines.push(
      `- ${markdownText(r.benchmark, 80)} ${markdownText(metricLabel(r.key))}: ${valueCell(r.value, r.unit)}${at}, before the step ${valueCell(r.before, r.unit)} (± ${percent(r.minEffect)})`,
    );
  }
  return lines.join('\n');
}

/** The answer to `/perf accept` on an alert issue. */
export function acceptedAlertComment(by: string, reason: string): string {
  return `✅ Accepted by ${markdownText(by, 60)}: ${markdownText(reason, 500)}. Closing this alert; the journal keeps the step, and later steps open new alerts.`;
}

/** The Slack-compatible webhook body: {"text": …} with mrkdwn, every untrusted part escaped. */
export function webhookPayload(alert: Alert, issue: { number: number; url?: string }): { text: string } {
  const lead = leadMetric(alert);
  const url = linkTarget(issue.url);
  const link = url ? `<${url}|issue ${issue.number}>` : `issue ${issue.number}`;
  const lines = [
    `:rotating_light: perf-triage: ${slackText(metricLabel(lead.key))} ${signedPercent(lead.change)} in ${slackText(lead.benchmark, 80)} ${slackText(rangeWords(alert, short))} (${link})`,
  ];
  for (const m of alert.metrics) {
    lines.push(
      `• ${slackText(m.benchmark, 80)} ${slackText(metricLabel(m.key))}: ${KNOWN_UNITS.has(m.unit) ? withUnit(m.before, m.unit) : slackText(withUnit(m.before, m.unit))} → ${KNOWN_UNITS.has(m.unit) ? withUnit(m.after, m.unit) : slackText(withUnit(m.after, m.unit))} (${signedPercent(m.change)})${m.phase ? `, ${PHASE_LABELS[m.phase.phase]} ${withUnit(m.phase.before, 'ms')} → ${withUnit(m.phase.after, 'ms')}` : ''}`,
    );
  }
  return { text: lines.join('\n') };
}
