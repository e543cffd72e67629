// A journal entry from a benchmark report, in the §8 format: DATE, SYMPTOM, WORKLOAD, BASELINE,
// DIAGNOSIS, CHANGE, RESULT, QUALITY, EFFORT — the lines a team reads in six months.

import type { MetricComparison } from '../compare/types';
import { compact, grouped, signedPercent, signedWithUnit, withUnit } from '../display/numbers';
import { specLabel } from '../metrics/metric-spec';
import type { Acceptance, BenchmarkReport } from '../report/model';
import { leadFinding, leadMetric } from '../report/lead';
import { qualityLine } from '../compare/quality/compare';
import { JOURNAL_SCHEMA, type EntryKind, type JournalEntry, type MetricRecord } from './schema';

export interface EntryContext {
  id: string;
  kind: EntryKind;
  recordedAt: string;
  commit?: string;
  pullRequest?: { number: number; title?: string; url?: string };
  runUrl?: string;
  acceptance?: Acceptance;
  /** Mean milliseconds per phase of the recorded run (phaseMeans; undefined without per-request data). */
  phases?: Record<string, number> | undefined;
}

export function entryFromReport(b: BenchmarkReport, context: EntryContext): JournalEntry {
  const lead = leadMetric(b);
  const finding = leadFinding(b, lead);
  const kind: EntryKind =
    context.kind === 'recorded' && b.verdict === 'regressed'
      ? context.acceptance
        ? 'accepted'
        : 'unaccepted-regression'
      : context.kind;
  return {
    schema: JOURNAL_SCHEMA,
    id: context.id,
    kind,
    benchmark: b.name,
    recordedAt: context.recordedAt,
    ...(context.commit ? { commit: context.commit } : {}),
    ...(context.pullRequest ? { pullRequest: context.pullRequest } : {}),
    ...(context.runUrl ? { runUrl: context.runUrl } : {}),
    date: context.recordedAt.slice(0, 10),
    symptom: symptom(b, lead),
    workload: workloadLine(b),
    baseline: baselineLine(b),
    diagnosis: finding
      ? `${finding.title} (${finding.hint}, ${finding.status}${finding.cause !== 'unknown' ? `, ${finding.cause}` : ''})`
      : b.verdict === 'regressed'
        ? 'not diagnosed: no phase data'
        : '—',
    change: changeLine(b, context),
    result: resultLine(b),
    quality:
      b.quality && (b.quality.scores || b.quality.generations)
        ? qualityLine(b.quality)
        : b.caveats.some((c) => c.kind === 'quality-not-measured')
          ? 'not measured'
          : 'measured (see report)',
    effort: context.acceptance?.effort ?? '—',
    verdict: b.verdict,
    metrics: b.metrics.filter((m) => m.head).map(metricRecord),
    ...(context.acceptance ? { acceptance: context.acceptance } : {}),
    ...(context.phases ? { phases: context.phases } : {}),
    hints: [...new Set(b.findings.map((f) => f.hint))],
    config: b.head.meta.config,
  };
}

/** A benchmark's first entry: compared with itself, so its verdict says what it is. */
export function asFirstBaseline(entry: JournalEntry): JournalEntry {
  return { ...entry, verdict: 'first baseline', symptom: 'first recorded baseline', result: '—' };
}

function metricRecord(m: MetricComparison): MetricRecord {
  return {
    key: m.spec.key,
    unit: m.spec.metric.unit,
    value: m.head!.value,
    ...(m.base ? { baseline: m.base.value } : {}),
    ...(m.change !== undefined ? { change: m.change } : {}),
    verdict: m.verdict,
  };
}

function symptom(b: BenchmarkReport, lead: MetricComparison | undefined): string {
  if (!lead?.head) return b.verdict === 'unchanged' ? 'no regression' : b.verdict;
  const value = `${specLabel(lead.spec)} ${withUnit(lead.head.value, lead.spec.metric.unit)}`;
  const slo = lead.slos[0];
  const target = slo ? `, target ${slo.slo.comparator} ${withUnit(slo.slo.threshold, lead.spec.metric.unit)}` : '';
  return `${value}${target}${lead.verdict === 'regressed' ? ` (${signedPercent(lead.change ?? 0)})` : ''}`;
}

function workloadLine(b: BenchmarkReport): string {
  const w = b.workload;
  const parts: string[] = [];
  if (w.prompt) parts.push(`${grouped(w.prompt.headMedian)} median prompt tokens`);
  if (w.output) parts.push(`${grouped(w.output.headMedian)} output`);
  if (w.arrivalRate) parts.push(`${compact(w.arrivalRate.headRate)} req/s`);
  parts.push(`${grouped(b.head.requests || w.headRequests)} requests`);
  if (b.head.meta.workload) parts.push(b.head.meta.workload);
  return parts.join(', ');
}

/** The previous baseline's key numbers: TTFT p50/p95 and the phase that matters most. */
function baselineLine(b: BenchmarkReport): string {
  const shown = b.metrics
    .filter(
      (m) => m.base && (m.spec.metric.id === 'ttft' || m.spec.metric.id === 'itl' || m.spec.metric.id === 'throughput'),
    )
    .slice(0, 4);
  if (shown.length === 0) return '—';
  return shown.map((m) => `${specLabel(m.spec)} ${withUnit(m.base!.value, m.spec.metric.unit)}`).join(', ');
}

function changeLine(b: BenchmarkReport, context: EntryContext): string {
  const parts: string[] = [];
  if (context.pullRequest)
    parts.push(`#${context.pullRequest.number}${context.pullRequest.title ? ` "${context.pullRequest.title}"` : ''}`);
  if (context.commit) parts.push(`(${context.commit.slice(0, 7)})`);
  const config = b.configChanges
    .slice(0, 4)
    .map((c) => `${c.key} ${String(c.base ?? '(unset)')} → ${String(c.head ?? '(unset)')}`);
  if (config.length) parts.push(`config: ${config.join(', ')}`);
  return parts.join(' ') || '—';
}

/** "TTFT p95 +1,190%; failed requests unchanged; 6 undecided": decided metrics first, then how many could not be. */
function resultLine(b: BenchmarkReport): string {
  const parts = b.metrics
    .filter((m) => m.head && m.verdict !== 'inconclusive')
    .slice(0, 5)
    .map(
      (m) =>
        `${specLabel(m.spec)} ${m.verdict === 'unchanged' ? 'unchanged' : m.change !== null && m.change !== undefined ? signedPercent(m.change) : signedWithUnit(m.difference ?? 0, m.spec.metric.unit)}`,
    );
  const undecided = b.metrics.filter((m) => m.verdict === 'inconclusive').length;
  if (undecided) parts.push(`${undecided} undecided`);
  return parts.join('; ') || b.verdict;
}

/** The §8 block as the markdown journal and the PR comment show it. */
export function entryBlock(e: JournalEntry): string {
  const lines: [string, string][] = [
    ['DATE', e.date],
    ['SYMPTOM', e.symptom],
    ['WORKLOAD', e.workload],
    ['BASELINE', e.baseline],
    ['DIAGNOSIS', e.diagnosis],
    ['CHANGE', e.change],
    ['RESULT', e.result],
    ['QUALITY', e.quality],
    ['EFFORT', e.effort],
  ];
  if (e.acceptance) lines.push(['ACCEPTED', `by ${e.acceptance.by}: ${e.acceptance.reason}`]);
  return lines.map(([k, v]) => `${k.padEnd(10)} ${v.replace(/[\r\n]+/g, ' ')}`).join('\n');
}
