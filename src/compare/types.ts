import type { RequestedMetric } from '../config/config';
import type { Slo } from '../config/slo';
import type { MetricSpec } from '../metrics/metric-spec';

export type Verdict = 'regressed' | 'improved' | 'unchanged' | 'inconclusive';

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
  /** One sentence on why this verdict, with the numbers. */
  reason: string;
  /** Where the series came from, e.g. "per-request itl_p99_ms". */
  basis?: string;
  base?: SideEstimate;
  head?: SideEstimate;
  /** head − base, in the metric's unit. */
  difference?: number;
  /** head / base − 1 (null when base is 0). */
  change?: number | null;
  /** Interval on `change` (or on the difference when the base is 0). */
  interval?: [number, number];
  intervalKind?: 'relative' | 'absolute';
  /** p-value for "the change is within ± the minimum effect". */
  pValue?: number;
  /** Benjamini–Hochberg adjusted across the metrics of this comparison. */
  pAdjusted?: number;
  minEffect: number;
  /** Between-run noise allowance added to each side (0 where repeats measured it). */
  runNoise?: { base: number; head: number };
  slo?: SloStatus;
}
