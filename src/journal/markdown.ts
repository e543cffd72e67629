// The markdown journal, rendered from the JSONL (never edited by hand: `perf-triage journal render`
// rewrites it). Per benchmark: trend charts of the key metrics (Mermaid, which GitHub renders), then
// the entries, newest first, in the §8 format.

import { markdownText } from '../render/escape';
import { trendChart } from '../render/mermaid';
import { PHASE_LABELS, type PhaseId } from '../metrics/catalog';
import { entryBlock } from './entry';
import type { JournalEntry } from './schema';

/** Metrics charted when present, in this order. */
const CHARTED = ['ttft.p95', 'ttft.p50', 'itl.p99', 'itl.p50', 'e2e.p95', 'throughput'];
const MAX_CHARTS = 3;

export function renderJournal(entries: readonly JournalEntry[]): string {
  const out = ['# Performance journal', '', 'Written by perf-triage from `journal.jsonl` (the source of truth); regenerate with `perf-triage journal render`.', ''];
  const byBenchmark = new Map<string, JournalEntry[]>();
  for (const e of [...entries].sort((a, b) => a.recordedAt.localeCompare(b.recordedAt))) {
    byBenchmark.set(e.benchmark, [...(byBenchmark.get(e.benchmark) ?? []), e]);
  }
  for (const [benchmark, list] of [...byBenchmark].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`## ${markdownText(benchmark)}`, '');
    for (const chart of charts(benchmark, list)) out.push(chart, '');
    for (const e of [...list].reverse()) out.push(entrySection(e), '');
  }
  if (byBenchmark.size === 0) out.push('No entries yet.', '');
  return out.join('\n');
}

export function charts(benchmark: string, list: readonly JournalEntry[]): string[] {
  const out: string[] = [];
  for (const key of CHARTED) {
    const points = list.flatMap((e) => {
      const m = e.metrics.find((x) => x.key === key);
      return m ? [{ label: e.date, value: m.value, unit: m.unit }] : [];
    });
    if (points.length < 2) continue;
    out.push(trendChart({ title: `${benchmark}: ${key}`, unit: points[0].unit, points: points.map(({ label, value }) => ({ label, value })) }));
    if (out.length >= MAX_CHARTS) break;
  }
  const phases = phaseChart(benchmark, list);
  if (phases) out.push(phases);
  return out;
}

/** The two phases that hold the most time in the latest entry, as two lines over the history. */
function phaseChart(benchmark: string, list: readonly JournalEntry[]): string | undefined {
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
    return [{ label: e.date, value: first, ...(second !== undefined ? { second } : {}) }];
  });
  if (points.length < 2) return undefined;
  const names = top.map((p) => PHASE_LABELS[p as PhaseId] ?? p);
  return trendChart({
    title: `${benchmark}: mean time per phase`,
    unit: 'ms',
    points,
    ...(names.length === 2 ? { seriesNames: [names[0], names[1]] as const } : {}),
  });
}

function entrySection(e: JournalEntry): string {
  const links: string[] = [];
  if (e.pullRequest) links.push(e.pullRequest.url ? `[#${e.pullRequest.number}](${safeUrl(e.pullRequest.url)})` : `#${e.pullRequest.number}`);
  if (e.commit) links.push(`\`${e.commit.slice(0, 7).replace(/[^0-9a-f]/gi, '')}\``);
  if (e.runUrl) links.push(`[run](${safeUrl(e.runUrl)})`);
  const flag = e.kind === 'unaccepted-regression' ? ' ⚠️ regression merged without acceptance' : e.kind === 'accepted' ? ` — accepted by ${markdownText(e.acceptance?.by ?? '?')}` : '';
  const heading = `### ${e.date} · ${e.verdict}${flag}${links.length ? ` · ${links.join(' · ')}` : ''}`;
  return `${heading}\n\n${fenced(entryBlock(e))}`;
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
