// Compares the requested metrics of two sides: a block-bootstrap interval per metric (a score
// interval for the failed share), one family level for all of them (src/compare/family.ts), then the
// labels from those intervals (src/compare/verdict.ts). Deterministic for a given seed: each metric
// draws from its own stream derived from the seed and the metric's key, so adding a metric does not
// move the others.

import { metricOrder, minEffectFor, runNoiseFor, type RequestedMetric, type TriageConfig } from '../config/config';
import { summaryDefaults } from './summary-defaults';
import { sloMet } from '../config/slo';
import { METRICS } from '../metrics/catalog';
import { makeSpec, MEAN, type MetricSpec, type Stat } from '../metrics/metric-spec';
import { metricSeries } from '../metrics/values';
import { basisText, isSummaryBasis, sameBasis, type Basis } from '../metrics/basis';
import { err, ok, type Result } from '../model/result';
import type { Side } from '../model/run';
import { createResampler, type RunSeries, type SideResampler, type Statistic } from '../stats/block-bootstrap';
import { ResamplerCache } from '../stats/resample-cache';
import { createRng, deriveSeed } from '../stats/rng';
import { quantile } from '../stats/quantile';
import { zForLevel } from '../stats/proportion';
import { bootstrapChange } from '../stats/two-sample';
import type { MetricComparison, SideEstimate, SloStatus, Verdict, VerdictReason } from './types';
import { judgeInterval } from './verdict';
import { familyLevel } from './family';
import { failedDifferenceAt, failedShareAt, failureCounts, FAILED_MIN_EFFECT, type FailureCounts } from './failures';
import type { SteadyStarts } from './load';

/** Smallest absolute change in ms one timer reading resolves: below it, timer resolution and jitter rule. */
export const TIMER_FLOOR_MS = 0.5;
/** Values that must lie beyond a percentile for it to be estimated at all. */
const MIN_TAIL_COUNT = 10;
/** With this many repeated runs, resampling runs measures between-run noise; fewer need the allowance. */
export const MEASURED_NOISE_RUNS = 3;
/** Latencies that grow with the length of an overloaded run (a queue that never drains): not judged when both sides are overloaded. */
const QUEUE_BOUND = new Set(['ttft', 'ttft_client', 'e2e', 'queue_wait']);

export interface ComparisonResult {
  metrics: MetricComparison[];
  /** Default metrics the data does not have (not an error: they are listed in the report). */
  notInData: { key: string; reason: string }[];
  /** The level every judged interval is shown at, and how many metrics were judged together. */
  family: { level: number; size: number };
}

export interface CompareContext {
  /** Both sides are overloaded (src/compare/load.ts): latency that grows with the run is shown, not judged. */
  bothOverloaded?: boolean;
  /** Where each run's steady state begins (warm-up left out). */
  steady?: SteadyStarts;
  /** Metrics shown but not judged (not like-for-like, src/diagnose/comparability.ts), with why. */
  withheld?: (spec: MetricSpec) => VerdictReason | undefined;
}

/** A metric with an interval at any level: judged once the family's level is known. */
interface Candidate {
  requested: RequestedMetric;
  basis?: Basis;
  runNoise?: { base: number; head: number };
  /** True: the interval is on the relative change; false: on the difference (base 0, or a share). */
  relative: boolean;
  change: number | null;
  difference: number;
  minEffect: number;
  timerFloor: number;
  count: number;
  /** Runs on the side with fewer. */
  runs: number;
  pValue?: number;
  intervalAt(level: number): [number, number];
  sidesAt(level: number): { base: SideEstimate; head: SideEstimate };
}

export function compareSides(
  base: Side,
  head: Side,
  config: TriageConfig,
  context: CompareContext = {},
): ComparisonResult {
  const notInData: ComparisonResult['notInData'] = [];
  const slots: (Candidate | MetricComparison)[] = [];
  // Metrics of one column come one after the other (metricOrder): they share its series and sort.
  const shared: Shared = { cache: new ResamplerCache(), series: new SeriesMemo(context.steady) };
  for (const requested of requestedMetrics(config, base, head)) {
    // The last metric's replicates are drawn (prepare returns numbers): its resamplers are done with.
    shared.cache.nextMetric();
    const p =
      requested.spec.metric.id === 'failed'
        ? prepareFailures(requested, base, head, config)
        : prepare(requested, base, head, config, shared, context);
    if (p.ok) slots.push(p.value);
    else notInData.push({ key: requested.spec.key, reason: p.error });
  }

  const candidates = slots.filter(isCandidate);
  const family = familyLevel(
    candidates.map((c) => ({ beyondAt: (level: number) => isDecided(judgeAt(c, level).verdict) })),
    config.statistics.level,
  );
  const metrics = slots.map((s) => (isCandidate(s) ? finish(s, family.level, config) : s));
  return { metrics, notInData, family: { level: family.level, size: family.size } };
}

/** The named, SLO and default metrics, the tools' own summaries both sides report, and always the failed share. */
function requestedMetrics(config: TriageConfig, base: Side, head: Side): RequestedMetric[] {
  const all = [...config.metrics, ...summaryDefaults(config, base, head)];
  if (!all.some((m) => m.spec.metric.id === 'failed'))
    all.push({ spec: makeSpec(METRICS.failed, MEAN), origin: 'default' });
  return all.sort((a, b) => metricOrder(a.spec) - metricOrder(b.spec));
}

function isCandidate(s: Candidate | MetricComparison): s is Candidate {
  return 'intervalAt' in s;
}

function isDecided(v: Verdict): boolean {
  return v === 'regressed' || v === 'improved';
}

function judgeAt(c: Candidate, level: number): { verdict: Verdict; reason: VerdictReason; interval: [number, number] } {
  const interval = c.intervalAt(level);
  const judged = judgeInterval({
    direction: c.requested.spec.metric.direction,
    interval,
    relative: c.relative,
    point: c.relative ? c.change! : c.difference,
    minEffect: c.minEffect,
    difference: c.difference,
    timerFloor: c.timerFloor,
    ...(c.runNoise
      ? { noise: { count: c.count, runNoise: c.runNoise, level, z: zForLevel(level), runs: c.runs } }
      : {}),
  });
  return { ...judged, interval };
}

function finish(c: Candidate, level: number, config: TriageConfig): MetricComparison {
  const { spec, origin } = c.requested;
  const decided = judgeAt(c, level);
  const alone = judgeAt(c, config.statistics.level);
  const sides = c.sidesAt(level);
  return {
    spec,
    origin,
    verdict: decided.verdict,
    reason: decided.reason,
    basis: c.basis,
    base: sides.base,
    head: sides.head,
    difference: c.difference,
    change: c.change,
    interval: decided.interval,
    intervalKind: c.relative ? 'relative' : 'absolute',
    intervalLevel: level,
    ...(level !== config.statistics.level ? { uncorrected: { interval: alone.interval, verdict: alone.verdict } } : {}),
    ...(c.pValue !== undefined ? { pValue: c.pValue } : {}),
    minEffect: c.minEffect,
    ...(c.runNoise ? { runNoise: c.runNoise } : {}),
    slos: sloStatuses(config, spec, sides.head.value, sides.base.value, sides.head.interval),
  };
}

interface Shared {
  cache: ResamplerCache;
  series: SeriesMemo;
}

/**
 * The last series of each side, by the column it reads: p50 and p95 of a metric get the same
 * arrays (requestColumn builds a new masked array on every call when requests failed).
 */
class SeriesMemo {
  private readonly last = new Map<Side, { key: string; series: SideSeries }>();

  constructor(private readonly steady: SteadyStarts | undefined) {}

  get(side: Side, spec: MetricSpec): SideSeries {
    // Only ITL picks its column by the statistic; every other series is the metric's, whatever the stat.
    const key = `${spec.metric.id}|${spec.metric.id === 'itl' ? spec.stat.label : ''}`;
    const hit = this.last.get(side);
    if (hit?.key === key) return hit.series;
    this.last.delete(side);
    const series = sideSeries(side, spec, this.steady);
    this.last.set(side, { key, series });
    return series;
  }
}

/** A metric to judge or already decided, or (a default metric only) why the data does not have it. */
type Prepared = Result<Candidate | MetricComparison>;

function prepare(
  requested: RequestedMetric,
  base: Side,
  head: Side,
  config: TriageConfig,
  shared: Shared,
  context: CompareContext,
): Prepared {
  const { spec } = requested;
  let baseSeries = shared.series.get(base, spec);
  let headSeries = shared.series.get(head, spec);
  if (!baseSeries.ok || !headSeries.ok) {
    // Without per-request values on both sides, the tools' own summaries may still compare.
    const baseSummary = summarySeries(base, spec);
    const headSummary = summarySeries(head, spec);
    if (baseSummary.ok && headSummary.ok) {
      baseSeries = baseSummary;
      headSeries = headSummary;
    }
  }
  if (!baseSeries.ok) return notComputable(requested, config, 'base', baseSeries.error);
  if (!headSeries.ok) return notComputable(requested, config, 'head', headSeries.error);
  return ok(judgeable(requested, baseSeries.value, headSeries.value, base, head, config, shared, context));
}

/** A side without the series: not in the data (a default metric), or undecided (a metric the team named). */
function notComputable(
  requested: RequestedMetric,
  config: TriageConfig,
  side: 'base' | 'head',
  missing: string,
): Prepared {
  if (requested.origin === 'default') return err(`${side === 'base' ? 'baseline' : 'head'}: ${missing}`);
  return ok(undecided(requested, config, { code: 'not-computable', side, missing: missing.replace(/^the data /, '') }));
}

/** Both sides have a series: an interval to judge, or the reason it is shown and not judged. */
function judgeable(
  requested: RequestedMetric,
  baseSeries: PresentSeries,
  headSeries: PresentSeries,
  base: Side,
  head: Side,
  config: TriageConfig,
  shared: Shared,
  context: CompareContext,
): Candidate | MetricComparison {
  const { spec } = requested;

  if (!isSummaryBasis(baseSeries.basis)) {
    const needed = minimumCount(spec, headSeries.statistic);
    const baseCount = count(baseSeries.runs);
    const headCount = count(headSeries.runs);
    if (baseCount < needed || headCount < needed) {
      return undecided(
        requested,
        config,
        { code: 'too-few-values', needed, base: baseCount, head: headCount },
        headSeries.basis,
      );
    }
  }

  if (
    !sameBasis(baseSeries.basis, headSeries.basis) &&
    !(isSummaryBasis(baseSeries.basis) && isSummaryBasis(headSeries.basis))
  ) {
    return undecided(requested, config, {
      code: 'different-basis',
      base: basisText(baseSeries.basis),
      head: basisText(headSeries.basis),
    });
  }

  // Between-run noise: measured by resampling runs when each side has enough of them; otherwise the
  // allowance (for summaries, only a band the team set, since one summary shows no spread at all).
  const explicitNoise = config.statistics.runNoise[spec.key];
  const noiseFor = (series: PresentSeries): number | undefined => {
    if (series.runs.length >= MEASURED_NOISE_RUNS) return 0;
    if (isSummaryBasis(series.basis)) return explicitNoise;
    return runNoiseFor(config, spec);
  };
  const baseNoise = noiseFor(baseSeries);
  const headNoise = noiseFor(headSeries);
  // A calibration's measured spread narrows the bootstrap of a side it describes: one run of data per request.
  const scaleFor = (series: PresentSeries): number =>
    series.runs.length >= MEASURED_NOISE_RUNS || isSummaryBasis(series.basis)
      ? 1
      : (config.statistics.bootstrapScale?.[spec.key] ?? 1);
  const statistic = headSeries.statistic ?? toStatistic(spec);
  const blockLength = isSummaryBasis(baseSeries.basis) ? 1 : undefined;
  const baseResampler = createResampler(baseSeries.runs, statistic, blockLength, shared.cache);
  const headResampler = createResampler(headSeries.runs, statistic, blockLength, shared.cache);
  const withheld = context.withheld?.(spec);
  if (withheld) return pointOnly(requested, config, withheld, baseResampler, headResampler, baseSeries, headSeries);
  if (context.bothOverloaded && QUEUE_BOUND.has(spec.metric.id) && !isSummaryBasis(headSeries.basis)) {
    return pointOnly(
      requested,
      config,
      { code: 'not-judged-overloaded' },
      baseResampler,
      headResampler,
      baseSeries,
      headSeries,
    );
  }
  if (baseNoise === undefined || headNoise === undefined) {
    const formats = [...new Set([...base.runs, ...head.runs].flatMap((r) => r.sources.map((s) => s.format)))];
    return pointOnly(
      requested,
      config,
      { code: 'summary-only', baseRuns: baseSeries.runs.length, headRuns: headSeries.runs.length, formats },
      baseResampler,
      headResampler,
      baseSeries,
      headSeries,
    );
  }
  const rng = createRng(deriveSeed(config.statistics.seed, spec.key));
  const minEffect = minEffectFor(config, spec);
  const estimate = bootstrapChange(baseResampler, headResampler, {
    resamples: config.statistics.resamples,
    level: config.statistics.level,
    rng,
    baseNoise,
    headNoise,
    baseScale: scaleFor(baseSeries),
    headScale: scaleFor(headSeries),
    relativeMargin: minEffect,
    absoluteMargin: timerFloor(spec),
  });
  const relative = estimate.relative !== null;
  // What the report needs of each side, taken now: the candidate outlives this metric (the family
  // level is set once all are compared), its resamplers and their sorted values need not.
  const baseSide = sideFacts(baseResampler, baseSeries.runs, statistic);
  const headSide = sideFacts(headResampler, headSeries.runs, statistic);
  return {
    requested,
    basis: headSeries.basis,
    runNoise: { base: baseNoise, head: headNoise },
    relative,
    change: estimate.relative,
    difference: estimate.difference,
    // With a zero base the interval is on the difference, where only the timer floor can be the margin.
    minEffect: relative ? minEffect : timerFloor(spec),
    timerFloor: timerFloor(spec),
    count: Math.min(baseResampler.size, headResampler.size),
    runs: Math.min(baseSeries.runs.length, headSeries.runs.length),
    pValue: estimate.pValue,
    intervalAt: (level) => estimate.intervalAt(level),
    sidesAt: (level) => ({
      base: sideEstimate(baseSide, estimate.sideIntervalAt('base', level)),
      head: sideEstimate(headSide, estimate.sideIntervalAt('head', level)),
    }),
  };
}

/**
 * The failed share: judged whenever both sides say how many requests failed (rows with an error, or
 * the tool's counts); never a silent skip when one side cannot say.
 */
function prepareFailures(requested: RequestedMetric, base: Side, head: Side, config: TriageConfig): Prepared {
  const b = failureCounts(base);
  const h = failureCounts(head);
  if (!b || !h) {
    const side = !b ? 'base' : 'head';
    if (requested.origin === 'default')
      return err(`${side === 'base' ? 'baseline' : 'head'}: the data does not say how many requests failed`);
    return ok(undecided(requested, config, { code: 'not-computable', side, missing: 'a count of failed requests' }));
  }
  const share = (c: FailureCounts) => c.failed / c.requests;
  const side = (c: FailureCounts, level: number): SideEstimate => ({
    value: share(c),
    interval: failedShareAt(c, level),
    count: c.requests,
    perRun: c.perRun,
    blockLengths: [],
  });
  return ok({
    requested,
    basis: { kind: b.basis === 'counts' || h.basis === 'counts' ? 'failure-counts' : 'failure-rows' },
    relative: false,
    change: null,
    difference: share(h) - share(b),
    minEffect: config.statistics.minEffect[requested.spec.key] ?? FAILED_MIN_EFFECT,
    timerFloor: 0,
    count: Math.min(b.requests, h.requests),
    runs: Math.min(b.perRun.length, h.perRun.length),
    intervalAt: (level) => failedDifferenceAt(b, h, level),
    sidesAt: (level) => ({ base: side(b, level), head: side(h, level) }),
  });
}

/**
 * A metric shown but not judged (only the tools' summaries and no noise band; both sides overloaded):
 * the values, the change and the SLOs on the head's value, with the reason.
 */
function pointOnly(
  requested: RequestedMetric,
  config: TriageConfig,
  reason: VerdictReason,
  base: SideResampler,
  head: SideResampler,
  baseSeries: PresentSeries,
  headSeries: PresentSeries,
): MetricComparison {
  const side = (r: SideResampler, series: PresentSeries): SideEstimate => ({
    value: r.point,
    interval: [r.point, r.point],
    count: r.size,
    perRun: series.runs.map((run) =>
      isSummaryBasis(series.basis)
        ? run.values[0]
        : pointStatistic(run, headSeries.statistic ?? toStatistic(requested.spec)),
    ),
    blockLengths: [],
  });
  const early = undecided(requested, config, reason, headSeries.basis);
  early.base = side(base, baseSeries);
  early.head = side(head, headSeries);
  early.difference = head.point - base.point;
  early.change = base.point !== 0 ? head.point / base.point - 1 : null;
  early.slos = sloStatuses(config, requested.spec, head.point, base.point, null);
  return early;
}

/** Every SLO written on the metric; `headInterval` null when there is none (marginal unknown). */
function sloStatuses(
  config: TriageConfig,
  spec: MetricSpec,
  head: number | null,
  base: number | null,
  headInterval: [number, number] | null,
): SloStatus[] {
  return config.slos
    .filter((s) => s.spec.key === spec.key)
    .map((slo) => ({
      slo,
      baseMet: base === null || !Number.isFinite(base) ? null : sloMet(slo, base),
      headMet: head === null || !Number.isFinite(head) ? null : sloMet(slo, head),
      marginal: headInterval !== null && sloMet(slo, headInterval[0]) !== sloMet(slo, headInterval[1]),
    }));
}

/** A metric the data cannot decide before any resampling, with the reason. */
function undecided(
  requested: RequestedMetric,
  config: TriageConfig,
  reason: VerdictReason,
  basis?: Basis,
): MetricComparison {
  const { spec } = requested;
  return {
    spec,
    origin: requested.origin,
    verdict: 'inconclusive',
    reason,
    minEffect: minEffectFor(config, spec),
    ...(basis !== undefined ? { basis } : {}),
    slos: sloStatuses(config, spec, null, null, null),
  };
}

/** A single timer reading at a percentile gets the floor; means over many tokens or requests, rates and shares do not. */
export function timerFloor(spec: MetricSpec): number {
  if (spec.metric.unit !== 'ms' || spec.metric.custom || spec.metric.level !== 'request') return 0;
  if (spec.stat.kind === 'mean' || spec.metric.id === 'tpot') return 0;
  return TIMER_FLOOR_MS;
}

interface PresentSeries {
  runs: RunSeries[];
  basis?: Basis;
  statistic?: Statistic;
}
type SideSeries = Result<PresentSeries>;

function sideSeries(side: Side, spec: MetricSpec, steady: SteadyStarts | undefined): SideSeries {
  const runs: RunSeries[] = [];
  let basis: Basis | undefined;
  let statistic: Statistic | undefined;
  let reason = 'the data has no per-request records';
  for (const run of side.runs) {
    if (!run.requests) continue;
    const series = metricSeries(run.requests, spec, steady?.get(run.requests));
    if (!series.ok) {
      reason = series.error;
      continue;
    }
    const s = series.value;
    if (runs.length && !sameBasis(s.basis, basis))
      return err(`its runs measure ${spec.metric.id} differently (${basisText(basis)} vs ${basisText(s.basis)})`);
    basis = s.basis;
    statistic = s.statistic;
    runs.push({ values: s.values, denominators: s.denominators });
  }
  if (runs.length === 0) return err(reason);
  return ok({ runs, basis, statistic });
}

/**
 * The tools' own run-level numbers for the spec (vLLM's p99_ttft_ms, a benchmark's value): one value
 * per run that reports it.
 */
function summarySeries(side: Side, spec: MetricSpec): SideSeries {
  const stats = spec.metric.level === 'run' ? ['mean', 'value'] : [spec.stat.label];
  const runs: RunSeries[] = [];
  const fields = new Set<string>();
  for (const run of side.runs) {
    const found = run.summaries.find((s) => s.metric === spec.metric.id && stats.includes(s.stat));
    if (!found) continue;
    runs.push({ values: Float64Array.of(found.value) });
    fields.add(found.field ?? `${found.metric} ${found.stat}`);
  }
  if (runs.length === 0) return err(`the data has no ${spec.key} summary`);
  return ok({ runs, basis: { kind: 'summary', fields: [...fields] }, statistic: { kind: 'mean' } });
}

function count(runs: RunSeries[]): number {
  return runs.reduce((sum, r) => sum + r.values.length, 0);
}

function minimumCount(spec: MetricSpec, statistic: Statistic | undefined): number {
  if (statistic && statistic.kind !== 'quantile') return 20;
  if (spec.metric.level === 'run' || spec.stat.kind === 'mean') return 20;
  const q = statistic?.kind === 'quantile' ? statistic.q : spec.stat.q;
  return Math.ceil(MIN_TAIL_COUNT / Math.min(q, 1 - q) - 1e-9);
}

function toStatistic(spec: MetricSpec): Statistic {
  if (spec.metric.level === 'run') return { kind: 'ratio' };
  return statisticOf(spec.stat);
}

export function statisticOf(stat: Stat): Statistic {
  return stat.kind === 'mean' ? { kind: 'mean' } : { kind: 'quantile', q: stat.q };
}

/** The statistic on one run, directly (no resampler: its checkpoints would be wasted memory). */
function pointStatistic(run: RunSeries, statistic: Statistic): number {
  if (statistic.kind === 'quantile') return quantile(run.values, statistic.q);
  let num = 0;
  let den = 0;
  for (let i = 0; i < run.values.length; i++) {
    num += run.values[i];
    den += statistic.kind === 'mean' ? 1 : run.denominators![i];
  }
  return den === 0 ? NaN : num / den;
}

/** A side's estimate without its interval: the point, the count, each run's own value, the block lengths. */
type SideFacts = Omit<SideEstimate, 'interval'>;

function sideFacts(resampler: SideResampler, runs: RunSeries[], statistic: Statistic): SideFacts {
  const perRun = runs.length > 1 ? runs.map((r) => pointStatistic(r, statistic)) : [resampler.point];
  return { value: resampler.point, count: resampler.size, perRun, blockLengths: [...resampler.blockLengths] };
}

function sideEstimate(facts: SideFacts, interval: [number, number]): SideEstimate {
  return {
    value: facts.value,
    interval,
    count: facts.count,
    perRun: [...facts.perRun],
    blockLengths: [...facts.blockLengths],
  };
}
