// Choices every renderer shares: the one-line headline and what the diagnosis says in one breath, for
// the metric that leads the report (src/report/lead.ts). Renderers differ only in how they lay these out.

import type { MetricComparison, Verdict } from '../compare/types';
import type { Attribution } from '../diagnose/attribution';
import type { AmdahlItem } from '../diagnose/amdahl';
import { PHASE_LABELS } from '../metrics/catalog';
import { specLabel } from '../metrics/metric-spec';
import { percent, signedPercent, signedWithUnit, withUnit } from '../display/numbers';
import type { BenchmarkReport } from '../report/model';
import { badness, leadMetric, leadUndecided } from '../report/lead';
import { loadPhrase } from '../diagnose/survivors';
import { intervalText, levelText, minEffectText, pointChange, reasonText, summaryOnlyText } from './verdict-words';
import { differenceText } from './like-for-like';

export const VERDICT_ICON: Readonly<Record<Verdict, string>> = {
  regressed: '🔴',
  inconclusive: '🟡',
  improved: '🟢',
  unchanged: '✅',
};

export function attributionFor(b: BenchmarkReport, m: MetricComparison | undefined): Attribution | undefined {
  return m ? b.attributions.find((a) => a.spec.key === m.spec.key) : undefined;
}

/** "p95 TTFT regressed 282 ms → 2,526 ms (+797%)"; an overload on both sides is said first. */
export function headline(b: BenchmarkReport): string {
  const both = b.load.base.overloaded && b.load.head.overloaded;
  return both ? `both sides overloaded, latency percentiles not judged · ${verdictHeadline(b)}` : verdictHeadline(b);
}

function verdictHeadline(b: BenchmarkReport): string {
  const lead = leadMetric(b);
  const counted = b.metrics.filter((m) => m.base).length;
  const breach = b.sloBreaches.length ? ` · SLO ${b.sloBreaches.map((s) => `\`${s}\``).join(', ')} breached` : '';
  const headOverloaded = b.load.head.overloaded && !b.load.base.overloaded;
  switch (b.verdict) {
    case 'regressed': {
      const regressed = b.metrics.filter((x) => x.verdict === 'regressed');
      if (headOverloaded) {
        const run = b.load.head.runs.find((r) => r.overloaded)!;
        return `the head is overloaded: ${loadPhrase(run)}${regressed.length ? ` (and ${regressed.length} metric${regressed.length > 1 ? 's' : ''} regressed)` : ''}${breach}`;
      }
      const m = lead!;
      const others = regressed.filter((x) => x !== m).length;
      return `${specLabel(m.spec)} regressed ${valueChange(m)}${others ? ` (and ${others} more metric${others > 1 ? 's' : ''})` : ''}${breach}`;
    }
    case 'inconclusive': {
      const undecided = b.metrics.filter((m) => m.verdict === 'inconclusive');
      const otherLoad = undecided.filter((m) => m.reason.code === 'operating-point');
      if (otherLoad.length && otherLoad.length === undecided.length && otherLoad[0].reason.code === 'operating-point') {
        return `${otherLoad.length} metric${otherLoad.length === 1 ? '' : 's'} shown, not judged: a different operating point (${otherLoad[0].reason.changes.map((c) => differenceText(c)).join(', ')})${breach}`;
      }
      const better = b.metrics.filter((x) => x.verdict === 'improved').sort((x, y) => badness(x) - badness(y));
      if (
        better.length &&
        !undecided.some((x) => x.reason.code === 'direction-known' && x.reason.direction === 'worse')
      ) {
        // An improvement is news even when other metrics stay undecided (nothing regressed).
        return `${specLabel(better[0].spec)} improved ${valueChange(better[0])}${better.length > 1 ? ` (and ${better.length - 1} more)` : ''} · no regression found; ${undecided.length} metric${undecided.length === 1 ? '' : 's'} undecided${breach}`;
      }
      const m = lead && lead.verdict === 'inconclusive' ? lead : leadUndecided(b);
      const more =
        m && undecided.length > 1
          ? ` (${undecided.length - 1} more metric${undecided.length > 2 ? 's' : ''} undecided)`
          : '';
      if (m?.reason.code === 'summary-only')
        return `${specLabel(m.spec)} ${valueChange(m)}: not decidable from summaries${more}${breach}`;
      if (m?.reason.code === 'direction-known')
        return `${specLabel(m.spec)} likely ${m.reason.direction}: ${intervalText(m)}, but it could be within the ${minEffectText(m)} minimum effect${more}${breach}`;
      if (m?.reason.code === 'too-noisy')
        return `no regression found; ${specLabel(m.spec)} too noisy to rule out a ${minEffectText(m)} change${more}${breach}`;
      const names =
        undecided.length <= 4 ? undecided.map((x) => specLabel(x.spec)).join(', ') : `${undecided.length} metrics`;
      return `inconclusive: the data cannot decide ${names}${breach}`;
    }
    case 'improved': {
      const better = b.metrics.filter((m) => m.verdict === 'improved');
      const m = lead ?? better[0];
      return `${specLabel(m.spec)} improved ${valueChange(m)}${better.length > 1 ? ` (and ${better.length - 1} more)` : ''}; no regression${breach}`;
    }
    case 'unchanged':
      return `unchanged: ${counted} metric${counted === 1 ? '' : 's'} within their minimum effects${breach || (b.metrics.some((m) => m.slos.length) ? ' · SLOs met' : '')}`;
  }
}

export function valueChange(m: MetricComparison): string {
  if (!m.base || !m.head) return '';
  const unit = m.spec.metric.unit;
  const change =
    m.change !== null && m.change !== undefined ? signedPercent(m.change) : signedWithUnit(m.difference ?? 0, unit);
  return `${withUnit(m.base.value, unit)} → ${withUnit(m.head.value, unit)} (${change})`;
}

/** "queue wait (+3,140 ms in the slowest 5% of requests)". */
export function whereTheTimeWent(a: Attribution): string | undefined {
  if (!a.dominant) return undefined;
  const share = a.phases.find((p) => p.phase === a.dominant)!;
  if (a.source === 'server-histograms')
    return `${PHASE_LABELS[a.dominant]} (${signedWithUnit(share.delta, 'ms')} in the server's mean ${a.spec.metric.label}, from the metrics scrape)`;
  const where =
    a.tail === 'all requests'
      ? `across all requests' ${a.spec.metric.label}`
      : `in the ${a.tail} by ${a.spec.metric.label}`;
  return `${PHASE_LABELS[a.dominant]} (${signedWithUnit(share.delta, 'ms')} ${where})`;
}

export function leadFix(b: BenchmarkReport, lead: MetricComparison | undefined): AmdahlItem | undefined {
  return b.fixes.find((f) => !lead || f.metric === lead.spec.key);
}

/** "queue wait back to baseline caps TTFT p95 at 728 ms (Amdahl ceiling −80%)". */
export function ceilingSentence(fix: AmdahlItem, lead: MetricComparison): string {
  if (!Number.isFinite(fix.projected))
    return `${PHASE_LABELS[fix.phase]} back to baseline would cut the mean ${lead.spec.metric.label} by up to ${percent(fix.ceiling)} (Amdahl ceiling)`;
  return `${PHASE_LABELS[fix.phase]} back to baseline would cap ${specLabel(lead.spec)} at ${withUnit(fix.projected, lead.spec.metric.unit)} (Amdahl ceiling ${signedPercent(-fix.ceiling)})${sloTail(fix)}`;
}

function sloTail(fix: AmdahlItem): string {
  return fix.sloReachable === true ? ', inside the SLO' : fix.sloReachable === false ? ', still outside the SLO' : '';
}

export function fixSentence(fix: AmdahlItem, lead: MetricComparison): string {
  if (!Number.isFinite(fix.projected))
    return `${fix.fix} cuts the mean ${lead.spec.metric.label} by up to ${percent(fix.ceiling)} (Amdahl ceiling; no per-request data to project ${specLabel(lead.spec)})`;
  const label = specLabel(lead.spec);
  return `${fix.fix} caps ${label} at ${withUnit(fix.projected, lead.spec.metric.unit)} (Amdahl ceiling ${signedPercent(-fix.ceiling)})${sloTail(fix)}`;
}

/** "+797% (+610% … +1,020%)", or an absolute change when the baseline is zero or the metric is a share. */
export function changeText(m: MetricComparison): string {
  if (m.difference === undefined) return '—';
  if (!m.interval)
    return m.change !== null && m.change !== undefined
      ? `${signedPercent(m.change)} (no interval)`
      : signedWithUnit(m.difference, m.spec.metric.unit);
  return intervalText(m);
}

/**
 * Inconclusive metrics with their reasons. Metrics too noisy to decide share one sentence (their
 * intervals are in the table); the rest keep their own, and a sentence shared by several is said once.
 */
export function undecidedGroups(b: BenchmarkReport, confidence: number): { labels: string[]; reason: string }[] {
  const groups = new Map<string, { labels: string[]; reason: string }>();
  const add = (key: string, label: string, reason: () => string) => {
    const g = groups.get(key) ?? { labels: [], reason: reason() };
    g.labels.push(label);
    groups.set(key, g);
  };
  const family = { size: b.family.size, confidence };
  const noisy = b.metrics.filter((m) => m.verdict === 'inconclusive' && m.reason.code === 'too-noisy');
  for (const m of b.metrics) {
    if (m.verdict !== 'inconclusive') continue;
    const r = m.reason;
    if (r.code === 'too-noisy' && !m.uncorrected?.verdict.match(/regressed|improved|unchanged/)) {
      const kind = r.runsNeeded ? 'runs' : 'requests';
      add(`too-noisy|${kind}`, specLabel(m.spec), () =>
        noisySentence(noisy.filter((x) => x.reason.code === 'too-noisy' && x.reason.runsNeeded === r.runsNeeded)),
      );
      continue;
    }
    if (r.code === 'summary-only') {
      add(
        `summary-only|${r.formats.join(',')}|${r.baseRuns}|${r.headRuns}`,
        `${specLabel(m.spec)} ${pointChange(m)}`,
        () => `not decidable from summaries (${summaryOnlyText(r)}`,
      );
      continue;
    }
    const text = reasonText(m, family);
    add(text, specLabel(m.spec), () => text);
  }
  return [...groups.values()];
}

function noisySentence(metrics: MetricComparison[]): string {
  const effects = [...new Set(metrics.map((m) => minEffectText(m)))];
  const runs = metrics.every((m) => m.reason.code === 'too-noisy' && m.reason.runsNeeded);
  const factors = metrics
    .map((m) => (m.reason.code === 'too-noisy' ? m.reason.requestsFactor : null))
    .filter((f): f is number => f !== null);
  const fewest = Math.min(...metrics.map((m) => (m.reason.code === 'too-noisy' ? m.reason.runs : 1)));
  const more = fewest >= 3 ? 'more runs per side' : '3 or more runs per side';
  const what = runs
    ? `${more} would decide: they measure the run-to-run noise that ${fewest === 1 ? 'one run' : `${fewest} runs`} per side can only assume, and that allowance alone is wider than the minimum effect`
    : factors.length
      ? `about ${compactFactor(Math.min(...factors))}${factors.length > 1 && Math.max(...factors) > Math.min(...factors) * 1.05 ? `–${compactFactor(Math.max(...factors))}` : ''}× the requests per side, or ${more}, would decide`
      : `more requests or ${more} would decide`;
  return `too noisy to rule out a change of ${effects.join(' or ')} either way (each interval reaches past its minimum effect on both sides of zero); ${what}`;
}

function compactFactor(f: number): string {
  return f < 10 ? String(Number(Math.max(1.1, f).toPrecision(2))) : String(Math.round(f));
}

/** "change (98.9% interval)": the level the labels were decided at (the note under the table says why). */
export function changeHeader(b: BenchmarkReport, confidence: number): string {
  return `change (${levelText(b.family.size ? b.family.level : confidence)} interval)`;
}
