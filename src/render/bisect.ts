// A bisect (src/action/bisect-mode.ts) in words, for the alert issue and the job summary: the commit
// found (or why none was), the table of commits measured with their intervals against each end, and
// the culprit's phase diagnosis. Commit messages, PR titles, logins and artifact text are escaped.

import type { MetricComparison } from '../compare/types';
import type { BenchmarkReport } from '../report/model';
import { percent } from '../display/numbers';
import { linkTarget, markdownText } from './escape';
import { metricLabel } from './calibration';
import { valueCell } from './alert';
import { attributionFor, headline, whereTheTimeWent } from './summary';
import { leadFinding, leadMetric } from '../report/lead';
import { intervalText } from './verdict-words';

export type BisectResult = 'found' | 'too-close-to-call' | 'refused' | 'budget' | 'timeout' | 'failed';

export interface BisectCommit {
  sha: string;
  message?: string;
  pulls?: { number: number; title: string; url?: string; author?: string }[];
}

export interface BisectRow extends BisectCommit {
  role: 'good end' | 'bad end' | 'measured';
  runs: number;
  value?: number;
  vsGood?: MetricComparison;
  vsBad?: MetricComparison;
  verdict: 'good' | 'bad' | 'unclear' | 'not measured';
  runUrls: string[];
}

export interface BisectOutcome {
  result: BisectResult;
  key?: string;
  unit?: string;
  /** The ends compared on the metric followed. */
  step?: MetricComparison;
  good: string;
  bad: string;
  /** Commits after the good end up to the bad one (the candidates). */
  candidates: number;
  /** The range left when no single commit was found. */
  open?: { good: string; bad: string; commits: number };
  culprit?: BisectCommit & { diagnosis?: BenchmarkReport };
  rows: BisectRow[];
  dispatches: number;
  maxRuns: number;
  minutes: number;
  /** Why it stopped, in our words with the numbers (plain text; escaped here). */
  reason?: string;
  /** The smallest change this runner's calibration detects on the metric, when known. */
  detectable?: number;
}

const short = (sha: string) => sha.replace(/[^0-9a-f]/gi, '').slice(0, 7);

export function bisectMarkdown(o: BisectOutcome): string {
  const lines: string[] = [];
  const label = o.key ? markdownText(metricLabel(o.key)) : 'the metric';
  lines.push(`### 🔎 perf-triage bisect: ${titleOf(o)}`, '');
  const step = o.step
    ? `${label} between \`${short(o.good)}\` and \`${short(o.bad)}\`: ${markdownText(stepText(o.step))}`
    : `\`${short(o.good)}\` … \`${short(o.bad)}\``;
  lines.push(
    `${step}. ${o.candidates} commit${o.candidates === 1 ? '' : 's'} in the range; ${o.dispatches} run${o.dispatches === 1 ? '' : 's'} dispatched of ${o.maxRuns} allowed, ${o.minutes.toFixed(0)} min.`,
  );
  if (o.reason) lines.push('', markdownText(o.reason, 600));
  if (o.result === 'too-close-to-call' && o.detectable !== undefined)
    lines.push(
      '',
      `This runner's calibration detects about ${percent(o.detectable)} on ${label} with one run a side (docs/statistics.md).`,
    );
  if (o.open)
    lines.push(
      '',
      `Narrowed to \`${short(o.open.good)}\` … \`${short(o.open.bad)}\` (${o.open.commits} commit${o.open.commits === 1 ? '' : 's'}).`,
    );
  if (o.culprit) {
    const c = o.culprit;
    lines.push(
      '',
      `**First bad commit** \`${short(c.sha)}\`${c.message ? ` ${markdownText(c.message, 100)}` : ''}${pullsText(c.pulls)}`,
    );
    const b = c.diagnosis;
    if (b) {
      const lead = leadMetric(b);
      const attribution = attributionFor(b, lead);
      const where = attribution ? whereTheTimeWent(attribution) : undefined;
      const finding = leadFinding(b, lead);
      lines.push(`- against the commit before it: ${markdownText(headline(b), 300)}`);
      if (where) lines.push(`- where the time went: ${markdownText(where, 200)}`);
      if (finding) lines.push(`- diagnosis: ${markdownText(finding.title, 300)} (${finding.hint}, ${finding.status})`);
    }
  }
  if (o.rows.length) {
    lines.push(
      '',
      `| commit | pull request | runs | ${label} | vs good end | vs bad end | verdict |`,
      '|---|---|---:|---:|---|---|---|',
    );
    for (const r of o.rows) {
      const runs = r.runUrls
        .map((u) => linkTarget(u))
        .filter((u): u is string => u !== undefined)
        .map((u, i) => `[${i + 1}](${u})`);
      lines.push(
        `| \`${short(r.sha)}\` ${r.role === 'measured' ? '' : `(${r.role})`} | ${pullsCell(r.pulls)} | ${r.runs}${runs.length ? ` (${runs.join(' ')})` : ''} | ${r.value !== undefined && o.unit ? valueCell(r.value, o.unit) : '—'} | ${vsText(r.vsGood)} | ${vsText(r.vsBad)} | ${r.verdict} |`,
      );
    }
  }
  return `${lines.join('\n')}\n`;
}

function titleOf(o: BisectOutcome): string {
  switch (o.result) {
    case 'found':
      return `\`${short(o.culprit!.sha)}\` is the first bad commit`;
    case 'too-close-to-call':
      return 'too close to call';
    case 'refused':
      return 'refused';
    case 'budget':
      return 'stopped at its run budget';
    case 'timeout':
      return 'stopped at its time limit';
    case 'failed':
      return 'a run failed';
  }
}

function stepText(m: MetricComparison): string {
  return `${m.verdict} ${intervalText(m)}`;
}

function vsText(m: MetricComparison | undefined): string {
  return m ? markdownText(stepText(m), 120) : '—';
}

function pullsText(pulls: BisectCommit['pulls']): string {
  return pulls?.length ? ` — ${pullsCell(pulls)}` : '';
}

function pullsCell(pulls: BisectCommit['pulls']): string {
  if (!pulls?.length) return '';
  return pulls
    .map((p) => {
      const url = linkTarget(p.url);
      return `${url ? `[PR ${p.number}](${url})` : `PR ${p.number}`} ${markdownText(p.title, 80)}${p.author ? ` by ${markdownText(p.author, 40)}` : ''}`;
    })
    .join('; ');
}
