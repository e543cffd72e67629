// The markdown journal, rendered from the JSONL (never edited by hand: `perf-triage journal render`
// rewrites it). JOURNAL.md shows the newest segment's entries; each full segment has a page of its
// own (journal/NNNN.md), linked from JOURNAL.md. Per benchmark: trend charts (Mermaid, which GitHub
// draws), then a table of the entries, newest first, with the §8 fields — DATE, SYMPTOM, WORKLOAD,
// BASELINE, DIAGNOSIS, CHANGE, RESULT, QUALITY, EFFORT — and the PR, commit and run. Lines of the
// JSONL that could not be read are listed with their text, never left out silently.

import { markdownText, codeText } from '../render/escape';
import { PHASE_LABELS, type PhaseId } from '../metrics/catalog';
import { parseMetricSpec, specLabel } from '../metrics/metric-spec';
import { changeChart, phaseChart } from './charts';
import { metricHistory, noiseBand } from './history';
import { describeUnread, type UnreadLine } from './jsonl';
import type { JournalEntry } from './schema';

/** Metrics charted when present, in this order, at most MAX_CHARTS of them. */
const CHARTED = ['ttft.p95', 'itl.p99', 'throughput', 'e2e.p95', 'ttft.p50', 'itl.p50'];
const MAX_CHARTS = 3;
/** Characters per line in a table cell before it wraps (GitHub sizes table columns to their longest line). */
const CELL_WIDTH = 26;
const MAX_RAW = 400;

export interface SegmentLink {
  href: string;
  lines: number;
  from?: string;
  to?: string;
}

export interface RenderOptions {
  /** Entries the charts reach back over (default: the entries shown). */
  history?: readonly JournalEntry[];
  /** Lines of the rendered file that could not be read: listed, with their text. */
  unread?: readonly UnreadLine[];
  /** Pages of full segments, oldest first: linked. */
  segments?: readonly SegmentLink[];
  title?: string;
  /** Said under the title: where the entries come from. */
  intro?: string;
}

export function renderJournal(entries: readonly JournalEntry[], options: RenderOptions = {}): string {
  const out = [
    `# ${options.title ?? 'Performance journal'}`,
    '',
    options.intro ??
      'Written by perf-triage from `journal.jsonl` (the source of truth); regenerate with `perf-triage journal render`.',
    '',
  ];
  const segments = options.segments ?? [];
  if (segments.length) {
    const links = [...segments]
      .reverse()
      .map((s) => `[${s.from && s.to ? `${s.from} – ${s.to}` : s.href.replace(/^.*\//, '')}](${s.href}) (${s.lines})`);
    out.push(`Older entries, newest first: ${links.join(' · ')}.`, '');
  }
  const byBenchmark = groupByBenchmark(entries);
  const history = groupByBenchmark(options.history ?? entries);
  if (byBenchmark.size)
    out.push(
      'Charts: per cent change from the first entry shown; grey lines: the run-to-run noise band (95%) the journal measured.',
      '',
    );
  for (const [benchmark, list] of [...byBenchmark].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`## ${markdownText(benchmark)}`, '');
    for (const chart of charts(benchmark, history.get(benchmark) ?? list)) out.push(chart, '');
    out.push(entryTable(list), '');
  }
  if (byBenchmark.size === 0) out.push('No entries yet.', '');
  const unread = options.unread ?? [];
  if (unread.length) {
    out.push(
      `## ⚠️ ${unread.length} ${unread.length === 1 ? 'line' : 'lines'} not shown`,
      '',
      'Kept in the file as written; fix or remove them by hand (or update perf-triage for a newer schema).',
      '',
    );
    for (const issue of unread)
      out.push(
        `- ${markdownText(describeUnread(issue), 300)}`,
        '',
        indent(fenced(issue.raw.length > MAX_RAW ? `${issue.raw.slice(0, MAX_RAW)}…` : issue.raw)),
        '',
      );
  }
  return out.join('\n');
}

/** The page of a full segment: its entries, charts over them, and a link back. */
export function renderSegmentPage(
  entries: readonly JournalEntry[],
  unread: readonly UnreadLine[],
  segment: { number: number; info: { file: string; lines: number; from?: string; to?: string } },
): string {
  const span = segment.info.from && segment.info.to ? ` (${segment.info.from} – ${segment.info.to})` : '';
  return renderJournal(entries, {
    title: `Performance journal, segment ${segment.number}${span}`,
    intro: `Written once by perf-triage from \`${segment.info.file}\` (${segment.info.lines} lines) when it filled up; newer entries are in [JOURNAL.md](../JOURNAL.md).`,
    unread,
  });
}

function groupByBenchmark(entries: readonly JournalEntry[]): Map<string, JournalEntry[]> {
  const out = new Map<string, JournalEntry[]>();
  for (const e of sortedByTime(entries)) out.set(e.benchmark, [...(out.get(e.benchmark) ?? []), e]);
  return out;
}

/** Oldest first by recordedAt; entries at the same time keep their order (an unparsable time sorts first). */
export function sortedByTime(entries: readonly JournalEntry[]): JournalEntry[] {
  return entries
    .map((e, i) => ({ e, i, t: Date.parse(e.recordedAt) }))
    .sort((a, b) => (Number.isFinite(a.t) ? a.t : 0) - (Number.isFinite(b.t) ? b.t : 0) || a.i - b.i)
    .map(({ e }) => e);
}

export function charts(benchmark: string, list: readonly JournalEntry[]): string[] {
  const out: string[] = [];
  for (const key of CHARTED) {
    const history = metricHistory(list, benchmark, key);
    if (history.length < 2) continue;
    const spec = parseMetricSpec(key);
    const label = typeof spec === 'string' ? key : specLabel(spec);
    const band = noiseBand(history);
    const chart = changeChart(
      label,
      history.at(-1)!.unit,
      history.map((p) => ({ date: p.recordedAt.slice(0, 10), value: p.value })),
      band?.sigma,
    );
    if (chart) out.push(chart);
    if (out.length >= MAX_CHARTS) break;
  }
  const phases = phasesChart(list);
  if (phases) out.push(phases);
  return out;
}

/** The two phases that hold the most time in the latest entry, over the history. */
function phasesChart(list: readonly JournalEntry[]): string | undefined {
  const withPhases = list.filter((e) => e.phases && typeof e.phases === 'object');
  if (withPhases.length < 2) return undefined;
  const latest = withPhases[withPhases.length - 1].phases!;
  const top = Object.entries(latest)
    .filter(([, v]) => Number.isFinite(v))
    .sort(([, a], [, b]) => b - a)
    .slice(0, 2)
    .map(([phase]) => phase);
  if (top.length === 0) return undefined;
  const points = withPhases.flatMap((e) => {
    const first = e.phases![top[0]];
    if (!Number.isFinite(first)) return [];
    const second = top[1] !== undefined ? e.phases![top[1]] : undefined;
    return [{ date: e.date, first, ...(second !== undefined ? { second } : {}) }];
  });
  const names = top.map((p) => PHASE_LABELS[p as PhaseId] ?? p);
  return phaseChart('Mean time per phase', [names[0], names[1]], points) || undefined;
}

const VERDICT_MARK: Record<string, string> = {
  regressed: '🔴',
  improved: '🟢',
  unchanged: '⚪',
  inconclusive: '🟡',
  'first baseline': '🔵',
};

/**
 * The entries, newest first, in two tables: what happened (DATE, SYMPTOM, DIAGNOSIS, CHANGE, RESULT,
 * EFFORT, with the verdict and links), and, collapsed, what it ran on (WORKLOAD, BASELINE, QUALITY):
 * long lines that change rarely, which would squeeze every column into a word per line.
 */
function entryTable(list: readonly JournalEntry[]): string {
  const newest = [...list].reverse();
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  const main = newest.map((e) =>
    row([
      dateCell(e),
      verdictCell(e),
      cell(e.symptom),
      cell(e.diagnosis),
      cell(e.change),
      cell(compactResult(e.result)),
      cell(e.effort, 14),
    ]),
  );
  const context = newest.map((e) =>
    row([markdownText(e.date, 30), cell(e.workload, 60), cell(e.baseline, 60), cell(e.quality, 30)]),
  );
  return [
    '| Date | Verdict | Symptom | Diagnosis | Change | Result | Effort |',
    '|---|---|---|---|---|---|---|',
    ...main,
    '',
    `<details><summary>Workload, baseline and quality of these ${newest.length} ${newest.length === 1 ? 'entry' : 'entries'}</summary>`,
    '',
    '| Date | Workload | Baseline | Quality |',
    '|---|---|---|---|',
    ...context,
    '',
    '</details>',
  ].join('\n');
}

function dateCell(e: JournalEntry): string {
  const links: string[] = [];
  if (e.pullRequest)
    links.push(
      e.pullRequest.url
        ? `[#${e.pullRequest.number}](${safeUrl(e.pullRequest.url)})`
        : `#${Number(e.pullRequest.number)}`,
    );
  if (e.commit) links.push(`\`${codeText(e.commit.slice(0, 7).replace(/[^0-9a-f]/gi, ''))}\``);
  if (e.runUrl) links.push(`[run](${safeUrl(e.runUrl)})`);
  return `${markdownText(e.date, 30).replace(/-/g, '\u2011')}${links.length ? `<br>${links.join(' ')}` : ''}`;
}

function verdictCell(e: JournalEntry): string {
  const mark = VERDICT_MARK[e.verdict] ?? '';
  const verdict = `${mark ? `${mark} ` : ''}${markdownText(e.verdict, 40)}`;
  if (e.kind === 'unaccepted-regression') return `${verdict}<br>⚠️ **merged without acceptance**`;
  if (e.kind === 'accepted' && e.acceptance)
    return `${verdict}<br>✅ accepted by ${markdownText(e.acceptance.by, 40)}:<br>${wrap(markdownText(e.acceptance.reason, 200))}`;
  return verdict;
}

/** A table cell: escaped, on one row, wrapped with <br> at separators so columns stay narrow. */
function cell(text: unknown, width = CELL_WIDTH): string {
  const value = typeof text === 'string' && text.trim() !== '' ? text : '—';
  return wrap(markdownText(value.replace(/[\r\n]+/g, ' '), 400), width);
}

function wrap(text: string, width = CELL_WIDTH): string {
  const parts = text.split(/(?<=[;,]) +| (?=→)/);
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + part.length + 1 <= width) lines[lines.length - 1] = `${last} ${part}`;
    else lines.push(part);
  }
  return lines.join('<br>');
}

/** "E2E p50 unchanged; ITL p99 unchanged; TTFT p95 +12%" → "TTFT p95 +12%; unchanged: E2E p50, ITL p99". */
function compactResult(text: string): string {
  if (typeof text !== 'string') return text;
  const parts = text.split('; ');
  const unchanged = parts.filter((p) => / unchanged$/.test(p)).map((p) => p.replace(/ unchanged$/, ''));
  if (unchanged.length < 2) return text;
  return [...parts.filter((p) => !/ unchanged$/.test(p)), `unchanged: ${unchanged.join(', ')}`].join('; ');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');
}

/** A code fence longer than any backtick run inside, so artifact text cannot close it. */
export function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}

/** Links we write ourselves (GitHub URLs); anything else is shown as text. */
function safeUrl(url: string): string {
  return /^https:\/\/[A-Za-z0-9.-]+\/[A-Za-z0-9._~:/?#@!$&'*+,;=%-]*$/.test(url) && !/[()]/.test(url) ? url : '#';
}
