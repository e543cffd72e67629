// Which metric leads a benchmark's report, decided once for every reader: the tree walk (triage.ts),
// the renderers' headline and the journal entry all take it from here.

import type { MetricComparison } from '../compare/types';
import type { Finding } from '../diagnose/hints';
import { METRICS } from '../metrics/catalog';
import type { BenchmarkReport } from './model';

/**
 * The metric the headline speaks of: more failed requests, then a regressed metric with a breached
 * SLO, then any regressed metric with an SLO, then the largest regression, then a breached SLO, then
 * the undecided metric that matters most, then an improvement. Among the regressions of one rank,
 * the one the decisive finding explains leads: a headline's diagnosis belongs to its metric.
 */
export function leadMetric(b: BenchmarkReport): MetricComparison | undefined {
  const regressed = b.metrics.filter((m) => m.verdict === 'regressed');
  const byChange = (list: MetricComparison[]) =>
    explainedFirst(
      b,
      [...list].sort((x, y) => badness(y) - badness(x)),
    );
  return (
    regressed.find((m) => m.spec.metric.id === 'failed') ??
    byChange(regressed.filter(breaches)) ??
    byChange(regressed.filter((m) => m.slos.length)) ??
    byChange(regressed) ??
    b.metrics.find(breaches) ??
    leadUndecided(b) ??
    b.metrics.find((m) => m.verdict === 'improved')
  );
}

export function breaches(m: MetricComparison): boolean {
  return m.slos.some((s) => s.headMet === false);
}

/**
 * The undecided metric a reader most needs to hear about: a large change seen only in summaries,
 * then one likely worse, then one too noisy to rule out a change (SLO and named metrics first).
 */
export function leadUndecided(b: BenchmarkReport): MetricComparison | undefined {
  const undecided = b.metrics.filter((m) => m.verdict === 'inconclusive');
  const named = (m: MetricComparison) => (m.origin === 'default' ? 1 : 0);
  const order = (list: MetricComparison[]) => [...list].sort((x, y) => named(x) - named(y) || badness(y) - badness(x));
  const summaryBeyond = undecided.filter((m) => m.reason.code === 'summary-only' && badness(m) > m.minEffect);
  return (
    order(summaryBeyond)[0] ??
    order(undecided.filter((m) => m.reason.code === 'direction-known' && m.reason.direction === 'worse'))[0] ??
    order(undecided.filter((m) => m.reason.code === 'too-noisy'))[0] ??
    order(undecided.filter((m) => m.origin !== 'default'))[0]
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
  return b.findings.filter(
    (f) => f.metrics.includes(m.spec.key) && (!phases || (f.phase !== null && phases.includes(f.phase))),
  );
}

export function badness(m: MetricComparison): number {
  const sign = m.spec.metric.direction === 'lower-is-better' ? 1 : -1;
  return sign * (m.change ?? 0);
}

/** SLO-breaching metrics first, then metrics with an SLO, then the largest change. */
export function leadRank(m: MetricComparison): number {
  const breached = breaches(m) ? 0 : 1;
  const slo = m.slos.length ? 0 : 1;
  const size = Math.abs(m.change ?? 0);
  return breached * 4 + slo * 2 - Math.min(1, size / 100);
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
