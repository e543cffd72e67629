// The words for a verdict's reason (src/compare/types.ts VerdictReason): what the interval shows, and
// for an undecided metric, which case it is and what would decide. Every renderer and the JSON say
// the same sentence.

import type { MetricComparison, MoreData } from '../compare/types';
import { compact, grouped, percent, signedPercent, signedWithUnit, withUnit } from '../display/numbers';
import { differenceText } from './like-for-like';

/** "+15% (+3.0% … +27%)", or the difference in the metric's unit when there is no relative change. */
export function intervalText(m: MetricComparison, interval: [number, number] | undefined = m.interval): string {
  if (!interval || m.difference === undefined) return '';
  if (m.intervalKind === 'relative' && m.change !== null && m.change !== undefined) {
    return `${signedPercent(m.change)} (${signedPercent(interval[0])} … ${signedPercent(interval[1])})`;
  }
  const unit = m.spec.metric.unit;
  return `${signedWithUnit(m.difference, unit)} (${signedWithUnit(interval[0], unit)} … ${signedWithUnit(interval[1], unit)})`;
}

/** The minimum effect as a reader knows it: "10%", "1.0 pp", "0.5 ms". */
export function minEffectText(m: MetricComparison): string {
  if (m.intervalKind === 'absolute') return signedWithUnit(m.minEffect, m.spec.metric.unit).slice(1);
  return percent(m.minEffect);
}

/** "the change is near the minimum effect" / "about 3× the requests" / "3 or more runs per side". */
export function moreDataText(more: MoreData): string {
  const runs = more.runs >= 3 ? 'more runs per side' : '3 or more runs per side';
  if (more.runsNeeded)
    return `${runs} would decide (they measure the run-to-run noise that ${more.runs === 1 ? 'one run' : `${more.runs} runs`} per side can only assume)`;
  if (more.requestsFactor !== null)
    return `about ${more.requestsFactor < 10 ? compact(Math.max(1.1, more.requestsFactor)) : grouped(more.requestsFactor)}× the requests per side, or ${runs}, would decide`;
  return `more requests or ${runs} would decide`;
}

/** The metrics judged together and the configured (family) confidence. */
export interface FamilyInfo {
  size: number;
  confidence: number;
}

function correctionText(m: MetricComparison, family: FamilyInfo): string {
  if (!m.uncorrected || m.uncorrected.verdict === m.verdict || !m.intervalLevel) return '';
  return ` (${m.uncorrected.verdict} at ${levelText(family.confidence)} for this metric alone; the interval is ${levelText(m.intervalLevel)} because ${family.size} metrics are judged together)`;
}

export function levelText(level: number): string {
  const pct = level * 100;
  return `${Number(pct.toFixed(pct >= 99 ? 2 : 1))}%`;
}

/** Advice for getting decidable data out of the tool that wrote the summaries. */
function perRequestAdvice(formats: readonly string[]): string {
  const advice: string[] = [];
  const has = (re: RegExp) => formats.some((f) => re.test(f));
  // Plain words, no code spans: the sentence goes through the renderers' escaping like any other.
  if (has(/^vLLM/i)) advice.push('"vllm bench serve --save-result --save-detailed" (every request and token gap)');
  if (has(/^SGLang/i)) advice.push('"python -m sglang.bench_serving --output-details" (every request)');
  if (has(/AIPerf/i)) advice.push("AIPerf's per-request profile_export.jsonl");
  if (has(/GenAI-Perf/i)) advice.push("GenAI-Perf's per-request profile_export.json");
  if (has(/LLMPerf/i)) advice.push("LLMPerf's individual responses file");
  if (has(/GuideLLM/i)) advice.push("GuideLLM's benchmark JSON with its requests");
  const tail =
    "3 or more runs per side, or a noise band for the metric (the run-noise input, or the journal's history)";
  return advice.length ? `per-request output — ${advice.join(', ')} — or ${tail}` : tail;
}

/** One sentence: why this verdict, with the numbers. */
export function reasonText(
  m: MetricComparison,
  family: FamilyInfo = { size: 1, confidence: m.intervalLevel ?? 0.95 },
): string {
  const r = m.reason;
  const shown = intervalText(m);
  const me = minEffectText(m);
  switch (r.code) {
    case 'beyond-min-effect':
      return `${shown}: ${r.direction} by more than the ${me} minimum effect, with confidence`;
    case 'within-min-effect':
      return `${shown}: inside ±${me}, so no change that matters`;
    case 'direction-known': {
      const near = nearerBound(m);
      return `likely ${r.direction}: ${shown}, but the change could be as small as ${near}, inside the ${me} minimum effect${correctionText(m, family)}; ${moreDataText(r)}`;
    }
    case 'too-noisy':
      return `too noisy to rule out a ${me} change either way: ${shown}${correctionText(m, family)}; ${moreDataText(r)}`;
    case 'below-timer-floor':
      return `${shown}, but only ${signedWithUnit(m.difference ?? 0, m.spec.metric.unit)}: under the ${withUnit(r.floor, m.spec.metric.unit)} a single timer reading resolves`;
    case 'not-computable':
      return `cannot be computed: the ${r.side === 'base' ? 'baseline' : 'head'} ${r.missing.startsWith('has ') || r.missing.startsWith('no ') ? r.missing : `lacks ${r.missing}`}; an artifact with per-request ${m.spec.metric.id} values would decide`;
    case 'too-few-values':
      return `${m.spec.stat.kind === 'mean' || m.spec.metric.level === 'run' ? 'the statistic' : m.spec.stat.label} needs at least ${grouped(r.needed)} values per side to be estimated (baseline has ${grouped(r.base)}, head ${grouped(r.head)}); ${r.needed > Math.max(r.base, r.head) ? 'more requests' : 'more requests on the smaller side'} would decide`;
    case 'different-basis':
      return `the sides measure it differently (baseline: ${r.base}; head: ${r.head}); artifacts of the same kind would decide`;
    case 'summary-only':
      return `not decidable from summaries: ${pointChange(m)} (${summaryOnlyText(r)}`;
    case 'not-judged-overloaded':
      return 'shown, not judged: both sides are overloaded, so this latency grows with how long the run lasted; throughput and per-token metrics decide';
    case 'not-judged-streaming':
      return 'shown, not judged: the streaming mode differs between the sides, and without streaming the first token arrives with the whole response';
    case 'operating-point':
      return `a different operating point (${r.changes.map((c) => differenceText(c)).join(', ')}), not a measure of the code: compare at the same load, or set compare-across-load to judge it anyway`;
  }
}

/**
 * What follows a summary-only metric's point change, inside the parenthesis reasonText opens (and
 * closing it): "only the tools' run-level summaries, 1 run per side, which show no run-to-run spread); … would decide".
 */
export function summaryOnlyText(r: Extract<MetricComparison['reason'], { code: 'summary-only' }>): string {
  const runs =
    r.baseRuns === r.headRuns
      ? `${r.baseRuns} run${r.baseRuns === 1 ? '' : 's'} per side`
      : `${r.baseRuns} run${r.baseRuns === 1 ? '' : 's'} on the baseline and ${r.headRuns} on the head`;
  return `only the tools' run-level summaries, ${runs}, which show no run-to-run spread); ${perRequestAdvice(r.formats)} would decide`;
}

/** The point change without an interval: "+916%", or "+1.2 pp". */
export function pointChange(m: MetricComparison): string {
  return m.change !== null && m.change !== undefined
    ? signedPercent(m.change)
    : signedWithUnit(m.difference ?? 0, m.spec.metric.unit);
}

/** The interval's bound nearer zero (the interval lies on one side of it): "+3.0%". */
function nearerBound(m: MetricComparison): string {
  const [a, b] = m.interval!;
  const value = Math.abs(a) < Math.abs(b) ? a : b;
  return m.intervalKind === 'relative' ? signedPercent(value) : signedWithUnit(value, m.spec.metric.unit);
}

/** Short words for a verdict cell: "likely worse", "too noisy", "not judged". */
export function verdictQualifier(m: MetricComparison): string | undefined {
  const r = m.reason;
  switch (r.code) {
    case 'direction-known':
      return `likely ${r.direction}`;
    case 'too-noisy':
      return 'too noisy';
    case 'not-judged-overloaded':
    case 'not-judged-streaming':
      return 'not judged';
    case 'operating-point':
      return 'other load';
    case 'summary-only':
      return 'summaries only';
    default:
      return undefined;
  }
}
