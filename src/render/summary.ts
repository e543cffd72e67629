// Choices every renderer shares: which metric leads the report, the one-line headline, what the
// diagnosis says in one breath. Renderers differ only in how they lay these out.

import type { MetricComparison, Verdict } from '../compare/types';
import type { Attribution } from '../diagnose/attribution';
import type { AmdahlItem } from '../diagnose/amdahl';
import type { Finding } from '../diagnose/hints';
import { METRICS, PHASE_LABELS } from '../metrics/catalog';
import { specLabel } from '../metrics/metric-spec';
import { percent, signedPercent, signedWithUnit, withUnit } from '../format/numbers';
import type { BenchmarkReport } from '../report/model';

export const VERDICT_ICON: Readonly<Record<Verdict, string>> = {
  regressed: '🔴',
  inconclusive: '🟡',
  improved: '🟢',
  unchanged: '✅',
};

/**
 * The metric the headline speaks of: a regressed metric with a breached SLO, then any regressed
 * metric with an SLO, then the largest regression, then a breached SLO, then an inconclusive one.
 * Among the regressions of one rank, the one the decisive finding explains leads: a headline's
 * diagnosis belongs to its metric.
 */
export function leadMetric(b: BenchmarkReport): MetricComparison | undefined {
  const regressed = b.metrics.filter((m) => m.verdict === 'regressed');
  const byChange = (list: MetricComparison[]) => explainedFirst(b, [...list].sort((x, y) => badness(y) - badness(x)));
  return (
    byChange(regressed.filter((m) => m.slo?.headMet === false)) ??
    byChange(regressed.filter((m) => m.slo)) ??
    byChange(regressed) ??
    b.metrics.find((m) => m.slo?.headMet === false) ??
    b.metrics.find((m) => m.verdict === 'inconclusive' && m.origin !== 'default') ??
    b.metrics.find((m) => m.verdict === 'improved')
  );
}

const STATUS_RANK = { confirmed: 0, likely: 1, candidate: 2 } as const;

/** The first metric whose best finding is the best of the list's (by status), else the first. */
function explainedFirst(b: BenchmarkReport, ranked: MetricComparison[]): MetricComparison | undefined {
  let lead: MetricComparison | undefined;
  let best = Infinity;
  for (const m of ranked) {
    const status = Math.min(...findingsFor(b, m).map((f) => STATUS_RANK[f.status]));
    if (status < best) {
      best = status;
      lead = m;
    }
  }
  return lead ?? ranked[0];
}

/**
 * Findings that explain a metric: on its walk, and in a phase the metric contains (no decode cause
 * for a TTFT, no queue cause for an ITL). The remainder belongs to every metric with phases.
 */
export function findingsFor(b: BenchmarkReport, m: MetricComparison): Finding[] {
  const id = m.spec.metric.id;
  const phases: readonly string[] | undefined = m.spec.metric.custom
    ? undefined
    : id === 'itl' || id === 'tpot'
      ? ['decode']
      : id === 'ttft' || id === 'ttft_client'
        ? [...METRICS[id].phases, 'remainder']
        : undefined;
  return b.findings.filter((f) => f.metrics.includes(m.spec.key) && (!phases || (f.phase !== null && phases.includes(f.phase))));
}

function badness(m: MetricComparison): number {
  const sign = m.spec.metric.direction === 'lower-is-better' ? 1 : -1;
  return sign * (m.change ?? 0);
}

export function attributionFor(b: BenchmarkReport, m: MetricComparison | undefined): Attribution | undefined {
  return m ? b.attributions.find((a) => a.spec.key === m.spec.key) : undefined;
}

/** "p95 TTFT regressed 282 ms → 2,526 ms (+797%)". */
export function headline(b: BenchmarkReport): string {
  const lead = leadMetric(b);
  const counted = b.metrics.filter((m) => m.base).length;
  const breach = b.sloBreaches.length ? ` · SLO ${b.sloBreaches.map((s) => `\`${s}\``).join(', ')} breached` : '';
  switch (b.verdict) {
    case 'regressed': {
      const m = lead!;
      const others = b.metrics.filter((x) => x.verdict === 'regressed' && x !== m).length;
      return `${specLabel(m.spec)} regressed ${valueChange(m)}${others ? ` (and ${others} more metric${others > 1 ? 's' : ''})` : ''}${breach}`;
    }
    case 'inconclusive': {
      const undecided = b.metrics.filter((m) => m.verdict === 'inconclusive');
      const names = undecided.length <= 4 ? undecided.map((m) => specLabel(m.spec)).join(', ') : `${undecided.length} metrics`;
      return `inconclusive: the data cannot decide ${names}${breach}`;
    }
    case 'improved': {
      const better = b.metrics.filter((m) => m.verdict === 'improved');
      const m = lead ?? better[0];
      return `${specLabel(m.spec)} improved ${valueChange(m)}${better.length > 1 ? ` (and ${better.length - 1} more)` : ''}; no regression${breach}`;
    }
    case 'unchanged':
      return `no regression in ${counted} metric${counted === 1 ? '' : 's'}${breach || (b.metrics.some((m) => m.slo) ? ' · SLOs met' : '')}`;
  }
}

export function valueChange(m: MetricComparison): string {
  if (!m.base || !m.head) return '';
  const unit = m.spec.metric.unit;
  const change = m.change !== null && m.change !== undefined ? signedPercent(m.change) : signedWithUnit(m.difference ?? 0, unit);
  return `${withUnit(m.base.value, unit)} → ${withUnit(m.head.value, unit)} (${change})`;
}

/** "queue wait (+3,140 ms in the slowest 5% of requests)". */
export function whereTheTimeWent(a: Attribution): string | undefined {
  if (!a.dominant) return undefined;
  const share = a.phases.find((p) => p.phase === a.dominant)!;
  if (a.source === 'server-histograms') return `${PHASE_LABELS[a.dominant]} (${signedWithUnit(share.delta, 'ms')} in the server's mean ${a.spec.metric.label}, from the metrics scrape)`;
  return `${PHASE_LABELS[a.dominant]} (${signedWithUnit(share.delta, 'ms')} in the ${a.tail} by ${a.spec.metric.label})`;
}

/**
 * The finding that explains the lead metric best: confirmed over likely over candidate. Only the
 * lead's own findings: a cause found on another metric (a decode cause next to a TTFT headline) is
 * not this metric's "why".
 */
export function leadFinding(b: BenchmarkReport, lead: MetricComparison | undefined): Finding | undefined {
  const relevant = lead ? findingsFor(b, lead) : b.findings;
  return [...relevant].sort((x, y) => STATUS_RANK[x.status] - STATUS_RANK[y.status])[0];
}

export function leadFix(b: BenchmarkReport, lead: MetricComparison | undefined): AmdahlItem | undefined {
  return b.fixes.find((f) => !lead || f.metric === lead.spec.key);
}

/** "queue wait back to baseline caps TTFT p95 at 728 ms (Amdahl ceiling −80%)". */
export function ceilingSentence(fix: AmdahlItem, lead: MetricComparison): string {
  if (!Number.isFinite(fix.projected)) return `${PHASE_LABELS[fix.phase]} back to baseline would cut the mean ${lead.spec.metric.label} by up to ${percent(fix.ceiling)} (Amdahl ceiling)`;
  return `${PHASE_LABELS[fix.phase]} back to baseline would cap ${specLabel(lead.spec)} at ${withUnit(fix.projected, lead.spec.metric.unit)} (Amdahl ceiling ${signedPercent(-fix.ceiling)})${sloTail(fix)}`;
}

function sloTail(fix: AmdahlItem): string {
  return fix.sloReachable === true ? ', inside the SLO' : fix.sloReachable === false ? ', still outside the SLO' : '';
}

export function fixSentence(fix: AmdahlItem, lead: MetricComparison): string {
  if (!Number.isFinite(fix.projected)) return `${fix.fix} cuts the mean ${lead.spec.metric.label} by up to ${percent(fix.ceiling)} (Amdahl ceiling; no per-request data to project ${specLabel(lead.spec)})`;
  const label = specLabel(lead.spec);
  return `${fix.fix} caps ${label} at ${withUnit(fix.projected, lead.spec.metric.unit)} (Amdahl ceiling ${signedPercent(-fix.ceiling)})${sloTail(fix)}`;
}

/** "+797% (+610% … +1,020%)", or an absolute change when the baseline is zero. */
export function changeText(m: MetricComparison): string {
  if (m.difference === undefined) return '—';
  if (!m.interval) return m.change !== null && m.change !== undefined ? `${signedPercent(m.change)} (no interval)` : signedWithUnit(m.difference, m.spec.metric.unit);
  if (m.intervalKind === 'relative' && m.change !== null && m.change !== undefined) {
    return `${signedPercent(m.change)} (${signedPercent(m.interval[0])} … ${signedPercent(m.interval[1])})`;
  }
  const unit = m.spec.metric.unit;
  return `${signedWithUnit(m.difference, unit)} (${signedWithUnit(m.interval[0], unit)} … ${signedWithUnit(m.interval[1], unit)})`;
}

/** Inconclusive metrics grouped by their reason, so a reason shared by many is said once. */
export function undecidedGroups(b: BenchmarkReport): { labels: string[]; reason: string }[] {
  const groups = new Map<string, string[]>();
  for (const m of b.metrics) {
    if (m.verdict !== 'inconclusive') continue;
    const list = groups.get(m.reason) ?? [];
    list.push(specLabel(m.spec));
    groups.set(m.reason, list);
  }
  return [...groups].map(([reason, labels]) => ({ labels, reason }));
}
