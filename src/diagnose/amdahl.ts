// The estimation habit (§7): before any work, the ceiling of each fix. Speeding up a part that
// takes share p of the time by s gives at most 1 / ((1 − p) + p / s). Here p is the phase's share
// of the head's time at the metric's percentile (its tail), and s the speedup that would bring the
// phase back to the baseline. Whether the SLO becomes reachable is checked on the requests
// themselves: every request's phase divided by s, the percentile recomputed.

import type { Slo } from '../config/slo';
import { sloMet } from '../config/slo';
import { PHASE_LABELS, type PhaseOrRemainder } from '../metrics/catalog';
import { requestColumn, phaseColumn } from '../metrics/values';
import type { RequestTable } from '../model/run';
import { quantileOfComputed } from '../stats/quantile';
import type { Attribution } from './attribution';
import { HINT_EFFORT, type HintId } from '../config/hints';
import type { Finding } from './hints';
import { amdahl } from './amdahl-law';
import { parseEffort } from '../config/effort-hours';
import type { TreeWalk } from './tree';

export interface AmdahlItem {
  metric: string;
  phase: PhaseOrRemainder;
  fix: string;
  hint: Finding['hint'] | null;
  /** Share of the head's time in the tail (p). */
  share: number;
  /** Speedup of the phase (s); Infinity when the baseline spent no time there. */
  speedup: number;
  /** 1 / ((1 − p) + p / s). */
  gain: number;
  /** 1 − 1/gain: the most the metric can fall. */
  ceiling: number;
  /** The metric's statistic if every request's phase were s× faster. */
  projected: number;
  /** Whether that projection meets the SLO on this metric (null without an SLO). */
  sloReachable: boolean | null;
  effort: string;
  /** The effort in working hours (8 a day), null when it is not an effort ("n/a (workload)"). */
  effortHours: number | null;
  /** (gain − 1) per hour of effort: what the fixes are ranked by (§7), null without an effort. */
  gainPerHour: number | null;
}

export { amdahl };

/** Phases that account for less of the change than this are not worth a line. */
const MIN_SHARE_OF_CHANGE = 0.05;

export function rankFixes(
  attribution: Attribution,
  head: RequestTable | undefined,
  findings: readonly Finding[],
  walks: readonly TreeWalk[],
  slo: Slo | undefined,
  effortOverrides: Readonly<Partial<Record<HintId, string>>> = {},
): AmdahlItem[] {
  const metricId = attribution.spec.metric.level === 'run' ? 'e2e' : attribution.spec.metric.id;
  // Without per-request data (server histograms only) the ceiling stands, the projection cannot be made.
  const metricValues = head ? requestColumn(head, metricId) : null;
  const items: AmdahlItem[] = [];
  for (const share of attribution.phases) {
    if (share.phase === 'remainder' && share.delta <= 0) continue;
    if (!(share.delta > 0) || share.shareOfChange < MIN_SHARE_OF_CHANGE) continue;
    if (!(share.headMean > 0)) continue;
    const speedup = share.baseMean > 0 ? share.headMean / share.baseMean : Infinity;
    const p = Math.min(1, Math.max(0, share.shareOfHead));
    const gain = amdahl(p, speedup);
    const finding = findingFor(share.phase, attribution.spec.key, findings, walks);
    const column = !head
      ? undefined
      : share.phase === 'remainder'
        ? remainderColumn(head, metricValues, attribution)
        : phaseColumn(head, share.phase);
    const projected = metricValues && column ? project(metricValues, column, speedup, attribution.q) : NaN;
    items.push({
      metric: attribution.spec.key,
      phase: share.phase,
      fix: fixLabel(share.phase, finding),
      hint: finding?.hint ?? null,
      share: p,
      speedup,
      gain,
      ceiling: 1 - 1 / gain,
      projected,
      sloReachable: slo && Number.isFinite(projected) ? sloMet(slo, projected) : null,
      ...effortOf(finding?.hint, gain, effortOverrides),
    });
  }
  return items.sort(byGainPerEffort);
}

function effortOf(hint: HintId | undefined, gain: number, overrides: Readonly<Partial<Record<HintId, string>>>) {
  const effort = hint ? (overrides[hint] ?? HINT_EFFORT[hint]) : 'unknown';
  const hours = parseEffort(effort) ?? null;
  return { effort, effortHours: hours, gainPerHour: hours && Number.isFinite(gain) ? (gain - 1) / hours : null };
}

/**
 * §7: do first what gains most per hour of work; fixes without an effort (workload changes, unknown
 * fixes) after those with one, by gain.
 */
export function byGainPerEffort(a: AmdahlItem, b: AmdahlItem): number {
  if (a.gainPerHour !== null && b.gainPerHour !== null) return b.gainPerHour - a.gainPerHour || b.gain - a.gain;
  if (a.gainPerHour !== null) return -1;
  if (b.gainPerHour !== null) return 1;
  return b.gain - a.gain;
}

/**
 * The finding that says how to fix time in `phase`: among the findings about that phase and those of
 * the walk that started there (queue wait can be the symptom of a prefill problem), the best
 * established one; a finding about the phase itself wins a tie.
 */
function findingFor(
  phase: PhaseOrRemainder,
  metric: string,
  findings: readonly Finding[],
  walks: readonly TreeWalk[],
): Finding | undefined {
  const walk =
    walks.find((w) => w.phase === phase && w.metrics.includes(metric)) ?? walks.find((w) => w.phase === phase);
  const direct = findings.filter((f) => f.phase === phase);
  const viaWalk = walk
    ? findings.filter((f) => walk.hints.includes(f.hint) && f.metrics.some((m) => walk.metrics.includes(m)))
    : [];
  const rank = { confirmed: 0, likely: 1, candidate: 2 } as const;
  const score = (f: Finding) => rank[f.status] * 2 + (direct.includes(f) ? 0 : 1);
  return [...new Set([...direct, ...viaWalk])].sort((a, b) => score(a) - score(b))[0];
}

function fixLabel(phase: PhaseOrRemainder, finding: Finding | undefined): string {
  const what = `${PHASE_LABELS[phase]} back to baseline`;
  if (!finding) return `bring ${what}`;
  const verbs: Partial<Record<Finding['hint'], string>> = {
    capacity: 'restore running-batch capacity',
    'scheduler-limited': 'fix admission so the batch fills',
    'long-prefill-blocking': 'stop long prefills blocking (chunked prefill)',
    'prefix-cache': 'restore prefix-cache hits',
    'prefill-compute': 'make prefill as fast per token as before',
    'decode-overhead': 'make the decode step as fast as before',
    'memory-bound-decode': 'read less KV cache per decode step',
    tokenizer: 'make tokenization as fast as before',
    'detokenize-per-token': 'detokenize incrementally again',
    'buffering-proxy': 'stop the proxy buffering the first chunk',
    'measurement-gap': 'find and remove the unattributed time',
    'traffic-increase': 'serve the higher traffic with more capacity',
    'workload-drift': 'nothing to fix in code: the workload changed',
  };
  return `${verbs[finding.hint] ?? 'fix'} (${what})`;
}

/** The q-quantile (or mean) of the metric with this phase divided by `speedup` on every request. */
function project(metric: Float64Array, column: Float64Array, speedup: number, q: number): number {
  const keep = speedup === Infinity ? 0 : 1 / speedup;
  const projected = (i: number) => {
    const part = Number.isFinite(column[i]) ? column[i] : 0;
    return metric[i] - part + part * keep;
  };
  if (q === 0) {
    let sum = 0;
    let n = 0;
    for (let i = 0; i < metric.length; i++) {
      const v = projected(i);
      if (Number.isFinite(v)) {
        sum += v;
        n++;
      }
    }
    return n ? sum / n : NaN;
  }
  // The finite projected values in request order, as quantile() of the projected column has them.
  return quantileOfComputed(
    metric.length,
    (out) => {
      let n = 0;
      for (let i = 0; i < metric.length; i++) {
        const v = projected(i);
        if (Number.isFinite(v)) out[n++] = v;
      }
      return n;
    },
    q,
  );
}

/** Per request: the metric minus every phase of the model the data has. */
function remainderColumn(
  head: RequestTable,
  metric: Float64Array | null,
  attribution: Attribution,
): Float64Array | undefined {
  if (!metric) return undefined;
  const out = Float64Array.from(metric);
  for (const share of attribution.phases) {
    if (share.phase === 'remainder') continue;
    const column = phaseColumn(head, share.phase);
    if (!column) continue;
    for (let i = 0; i < out.length; i++) if (Number.isFinite(column[i])) out[i] -= column[i];
  }
  return out;
}
