// Confirm before crying wolf: on a pull request, a verdict more runs could change — an inconclusive
// metric that more data would decide, or a regression whose interval reaches within a margin of the
// minimum effect — is a reason to re-run the benchmark (a bounded number of attempts) and pool the
// runs, so that 3 or more a side measure the between-run noise instead of assuming it. Pure: the
// re-run is src/action/confirm.ts.

import type { MetricComparison } from '../compare/types';
import type { Report } from './model';
import { worseSign } from '../compare/verdict';

export interface ConfirmSettings {
  /** Attempts of the benchmark run at most (1: never re-run). */
  attempts: number;
  /** A regression is confirmed when its interval's near end lies within this share of the minimum effect beyond it (0.5: within 1.5×). */
  margin: number;
}

export type ConfirmWhy = 'inconclusive' | 'near-minimum-effect';

export interface ConfirmDecision {
  rerun: boolean;
  /** The metrics more runs could decide, and why. */
  metrics: { benchmark: string; key: string; why: ConfirmWhy }[];
  attempt: number;
  attempts: number;
}

/** Reasons more runs of both sides can settle; the rest (a missing field, too few values for a percentile, another load) they cannot. */
const MORE_RUNS_HELP = new Set(['too-noisy', 'direction-known', 'summary-only']);

export function confirmation(report: Report, attempt: number, settings: ConfirmSettings): ConfirmDecision {
  const metrics: ConfirmDecision['metrics'] = [];
  for (const b of report.benchmarks) {
    for (const m of b.metrics) {
      const why = unsettled(m, settings.margin);
      if (why) metrics.push({ benchmark: b.name, key: m.spec.key, why });
    }
  }
  return {
    rerun: metrics.length > 0 && attempt < settings.attempts && !report.acceptance,
    metrics,
    attempt,
    attempts: settings.attempts,
  };
}

function unsettled(m: MetricComparison, margin: number): ConfirmWhy | undefined {
  // A default metric the data cannot compute is not the team's question.
  if (m.verdict === 'inconclusive')
    return MORE_RUNS_HELP.has(m.reason.code) && (m.origin !== 'default' || m.base) ? 'inconclusive' : undefined;
  if (m.verdict !== 'regressed' || !m.interval || m.intervalKind !== 'relative') return undefined;
  const sign = worseSign(m.spec.metric.direction);
  const near = Math.min(sign * m.interval[0], sign * m.interval[1]);
  return near < m.minEffect * (1 + margin) ? 'near-minimum-effect' : undefined;
}
