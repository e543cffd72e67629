import type { RequestedMetric } from '../config/config';
import type { Slo } from '../config/slo';
import type { Basis } from '../metrics/basis';
import type { MetricSpec } from '../metrics/metric-spec';
import type { KeyDifference } from '../model/workload-key';

export type Verdict = 'regressed' | 'improved' | 'unchanged' | 'inconclusive';

/** What more data would decide an undecided interval (src/compare/verdict.ts `moreData`). */
export interface MoreData {
  /** About this many times the requests per side would narrow the interval enough; null when unknown or when runs are needed. */
  requestsFactor: number | null;
  /** The between-run noise allowance alone is wider than what deciding needs: repeated runs (3+ a side) would. */
  runsNeeded: boolean;
  /** Runs on the side with fewer: with 3 or more, the noise is measured and more runs narrow it. */
  runs: number;
}

/**
 * Why a metric got its verdict, as a code and its numbers; src/render/verdict-words.ts words it.
 * The first three come from the interval; the rest say why there is no interval to decide on.
 */
export type VerdictReason =
  | { code: 'beyond-min-effect'; direction: 'worse' | 'better' }
  | { code: 'within-min-effect' }
  /** The interval is on one side of zero but reaches inside ± the minimum effect: direction known, size not. */
  | ({ code: 'direction-known'; direction: 'worse' | 'better' } & MoreData)
  /** The interval holds zero and reaches beyond the minimum effect. */
  | ({ code: 'too-noisy' } & MoreData)
  /** Beyond the minimum effect, but by less than one timer reading resolves. */
  | { code: 'below-timer-floor'; direction: 'worse' | 'better'; floor: number }
  | { code: 'not-computable'; side: 'base' | 'head'; missing: string }
  | { code: 'too-few-values'; needed: number; base: number; head: number }
  | { code: 'different-basis'; base: string; head: string }
  /** Tools' run-level summaries only, and no noise band: the point change is shown, not judged. */
  | { code: 'summary-only'; baseRuns: number; headRuns: number; formats: string[] }
  /** Both sides overloaded: a latency percentile then depends on how long the run lasted. */
  | { code: 'not-judged-overloaded' }
  /** Token timing across streaming modes: without streaming the first token is the whole response. */
  | { code: 'not-judged-streaming' }
  /** The load differs (request rate, concurrency): a different operating point, not a measure of the code. */
  | { code: 'operating-point'; changes: KeyDifference[] };

export interface SideEstimate {
  /** The statistic over all runs of the side pooled. */
  value: number;
  /** Its bootstrap interval on this side alone. */
  interval: [number, number];
  /** How many values it was computed from (requests, or token gaps for pooled ITL). */
  count: number;
  /** The statistic in each repeated run, when the side has more than one. */
  perRun: number[];
  blockLengths: number[];
}

export interface SloStatus {
  slo: Slo;
  /** null when the statistic could not be computed on that side. */
  baseMet: boolean | null;
  headMet: boolean | null;
  /** The head's interval straddles the threshold: the status could flip on a rerun. */
  marginal: boolean;
}

export interface MetricComparison {
  spec: MetricSpec;
  origin: RequestedMetric['origin'];
  verdict: Verdict;
  /** Why this verdict, as data (src/render/verdict-words.ts words it). */
  reason: VerdictReason;
  /** How the series was derived, when there is a choice (src/metrics/basis.ts); absent: per-request values. */
  basis?: Basis;
  base?: SideEstimate;
  head?: SideEstimate;
  /** head − base, in the metric's unit. */
  difference?: number;
  /** head / base − 1 (null when base is 0). */
  change?: number | null;
  /** Interval on `change` (or on the difference when the base is 0), at `intervalLevel`: the one the verdict used. */
  interval?: [number, number];
  intervalKind?: 'relative' | 'absolute';
  /** Confidence level of `interval`: the family's level, 1 − R·α/m (docs/statistics.md). */
  intervalLevel?: number;
  /** The interval and verdict at the configured level alone, before correcting for the other metrics. */
  uncorrected?: { interval: [number, number]; verdict: Verdict };
  /** p-value for "the change is within ± the minimum effect". */
  pValue?: number;
  /** Benjamini–Hochberg adjusted across the metrics of this comparison. */
  pAdjusted?: number;
  minEffect: number;
  /** Between-run noise allowance added to each side (0 where repeats measured it). */
  runNoise?: { base: number; head: number };
  /** Every SLO line on this metric, in the order written. */
  slos: SloStatus[];
}
