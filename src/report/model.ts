// The one report model, rendered three ways (markdown, text, JSON). Everything a renderer shows is
// here; renderers only format.

import type { MetricComparison, Verdict } from '../compare/types';
import type { Attribution } from '../diagnose/attribution';
import type { AmdahlItem } from '../diagnose/amdahl';
import type { Caveat } from '../diagnose/caveats';
import type { ConfigChange } from '../diagnose/config-diff';
import type { Finding } from '../diagnose/hints';
import type { TreeWalk } from '../diagnose/tree';
import type { WorkloadComparison } from '../diagnose/workload';
import type { LikeForLike } from '../diagnose/like-for-like';
import type { FloorCheck } from '../diagnose/decode-floor-check';
import type { ServiceMetrics } from '../diagnose/service-metrics';
import type { QualityComparison } from '../model/quality';
import type { ProfileReport } from './profiles';
import type { RunMeta, SourceReport } from '../model/run';
import type { LoadComparison } from '../compare/load';
import type { NotJudged, NotLikeForLike } from '../diagnose/comparability';
import type { WorkloadKey } from '../model/workload-key';
import type { NoiseProvenance } from '../compare/noise-settings';

/** 2: reasons as codes and numbers, one interval level per benchmark, `slos` lists, the failed share, load. */
export const SCHEMA_VERSION = 2;

/** A `/perf accept` of a regression: who, why, for which commit (recorded in the journal entry). */
export interface Acceptance {
  by: string;
  reason: string;
  effort?: string;
  /** The head commit the diagnosis (and so the acceptance) was for. */
  sha: string;
  /** URL of the /perf accept comment. */
  commentUrl?: string;
  at: string;
}

export interface SideSummary {
  label: 'base' | 'head';
  runs: number;
  requests: number;
  failed: number;
  meta: RunMeta;
  /** The workload key the side's runs share (dataset, load, streaming, engine, model, …). */
  key: WorkloadKey;
  sources: SourceReport[];
}

export interface BenchmarkReport {
  name: string;
  verdict: Verdict;
  /** SLO targets the head breaches, as written ("ttft p95 < 800 ms"). */
  sloBreaches: string[];
  base: SideSummary;
  head: SideSummary;
  metrics: MetricComparison[];
  /** Every judged interval is at `level` (1 − R·α/m); `size` metrics were judged together. */
  family: { level: number; size: number };
  /** Offered vs completed rate, trend of the wait, warm-up, per side (src/compare/load.ts). */
  load: LoadComparison;
  /** Metrics computed but not judged (token timing across streaming modes), with their values. */
  notJudged: NotJudged[];
  /** What differs between the sides' workload keys, most consequential first: said before any verdict. */
  notLikeForLike: NotLikeForLike[];
  notInData: { key: string; reason: string }[];
  attributions: Attribution[];
  walks: TreeWalk[];
  findings: Finding[];
  fixes: AmdahlItem[];
  caveats: Caveat[];
  configChanges: ConfigChange[];
  workload: WorkloadComparison;
  /** Costs compared at matched load and request size, whatever the verdicts. */
  likeForLike: LikeForLike[];
  /** Trend charts (Mermaid) from the journal's history, where a trend matters. */
  trends?: string[];
  /** §5 DECODE: the memory-bandwidth floor against the measured step, when it can be computed or was asked for. */
  floor?: FloorCheck;
  /** Goodput under the per-request SLOs, cost per token and request, capacity headroom. */
  service?: ServiceMetrics;
  /** Eval scores and paired generations compared (the quality inputs), when given. */
  quality?: QualityComparison;
}

export interface Outcome {
  fail: boolean;
  /** Why the outcome fails (or would, for the fail-on conditions that are off). */
  reasons: string[];
}

export interface Report {
  schemaVersion: number;
  /** A maintainer's /perf accept for the head commit this report is about. */
  acceptance?: Acceptance;
  tool: { name: 'perf-triage'; version: string };
  settings: { seed: number; resamples: number; level: number; alpha: number; failOn: string[] };
  verdict: Verdict;
  outcome: Outcome;
  benchmarks: BenchmarkReport[];
  /** STEP 3–4 from profiler exports (the profile inputs), when given. */
  profiles?: ProfileReport;
  /** The noise calibrations on the team's runner these comparisons used (src/compare/noise-settings.ts). */
  noise?: NoiseProvenance[];
}
