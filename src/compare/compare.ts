// Compares the requested metrics of two sides: a block-bootstrap interval per metric, BH across
// metrics, then the verdict rules. Deterministic for a given seed: each metric draws from its own
// stream derived from the seed and the metric's key, so adding a metric does not move the others.

import { metricOrder, minEffectFor, runNoiseFor, type RequestedMetric, type TriageConfig } from '../config/config';
import { summaryDefaults } from './summary-defaults';
import { sloMet } from '../config/slo';
import type { MetricSpec, Stat } from '../metrics/metric-spec';
import { metricSeries } from '../metrics/values';
import type { Side } from '../model/run';
import { createResampler, type RunSeries, type SideResampler, type Statistic } from '../stats/block-bootstrap';
import { ResamplerCache } from '../stats/resample-cache';
import { benjaminiHochberg } from '../stats/multiple-testing';
import { createRng, deriveSeed } from '../stats/rng';
import { quantile } from '../stats/quantile';
import { bootstrapChange, type ChangeEstimate } from '../stats/two-sample';
import { grouped } from '../format/numbers';
import type { MetricComparison, SideEstimate, SloStatus } from './types';
import { decideVerdict } from './verdict';

/** Smallest absolute change in ms worth a verdict: below it, timer resolution and jitter rule. */
const MIN_ABSOLUTE_MS = 0.5;
/** Values that must lie beyond a percentile for it to be estimated at all. */
const MIN_TAIL_COUNT = 10;
/** With this many repeated runs, resampling runs measures between-run noise; fewer need the allowance. */
export const MEASURED_NOISE_RUNS = 3;

function minAbsolute(spec: MetricSpec): number {
  return spec.metric.unit === 'ms' ? MIN_ABSOLUTE_MS : 0;
}

export interface ComparisonResult {
  metrics: MetricComparison[];
  /** Default metrics the data does not have (not an error: they are listed in the report). */
  notInData: { key: string; reason: string }[];
}

interface Prepared {
  requested: RequestedMetric;
  estimate?: ChangeEstimate;
  base?: SideEstimate;
  head?: SideEstimate;
  basis?: string;
  runNoise?: { base: number; head: number };
  early?: MetricComparison;
}

export function compareSides(base: Side, head: Side, config: TriageConfig): ComparisonResult {
  const notInData: ComparisonResult['notInData'] = [];
  const prepared: Prepared[] = [];
  // Metrics of one column come one after the other (metricOrder): they share its series and sort.
  const shared: Shared = { cache: new ResamplerCache(), series: new SeriesMemo() };
  for (const requested of [...config.metrics, ...summaryDefaults(config, base, head)].sort((a, b) => metricOrder(a.spec) - metricOrder(b.spec))) {
    const p = prepare(requested, base, head, config, shared);
    if (p === 'skip') continue;
    if (typeof p === 'object' && 'notInData' in p) {
      notInData.push({ key: requested.spec.key, reason: p.notInData });
      continue;
    }
    prepared.push(p);
  }

  const tested = prepared.filter((p) => p.estimate);
  const adjusted = benjaminiHochberg(tested.map((p) => p.estimate!.pValue));
  const adjustedOf = new Map(tested.map((p, i) => [p, adjusted[i]]));

  const metrics = prepared.map((p) => p.early ?? finish(p, adjustedOf.get(p)!, tested.length, config));
  return { metrics, notInData };
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

  get(side: Side, spec: MetricSpec): SideSeries {
    // Only ITL picks its column by the statistic; every other series is the metric's, whatever the stat.
    const key = `${spec.metric.id}|${spec.metric.id === 'itl' ? spec.stat.label : ''}`;
    const hit = this.last.get(side);
    if (hit?.key === key) return hit.series;
    this.last.delete(side);
    const series = sideSeries(side, spec);
    this.last.set(side, { key, series });
    return series;
  }
}

function prepare(
  requested: RequestedMetric,
  base: Side,
  head: Side,
  config: TriageConfig,
  shared: Shared,
): Prepared | { notInData: string } | 'skip' {
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
  const missing = !baseSeries.ok ? baseSeries : !headSeries.ok ? headSeries : undefined;
  if (missing && !missing.ok) {
    const side = !baseSeries.ok ? 'baseline' : 'head';
    if (requested.origin === 'default') return { notInData: `${side}: ${missing.reason}` };
    return undecided(requested, config, `cannot be computed: the ${side} ${missing.reason.replace(/^the data /, '')}; an artifact with per-request ${spec.metric.id} values would decide`);
  }
  if (!baseSeries.ok || !headSeries.ok) return 'skip';

  if (!baseSeries.summary) {
    const needed = minimumCount(spec, headSeries.statistic);
    const baseCount = count(baseSeries.runs);
    const headCount = count(headSeries.runs);
    if (baseCount < needed || headCount < needed) {
      return undecided(
        requested,
        config,
        `${spec.stat.label === 'mean' ? 'the mean' : spec.stat.label} needs at least ${grouped(needed)} values per side to be estimated (baseline has ${grouped(baseCount)}, head ${grouped(headCount)}); ${needed > Math.max(baseCount, headCount) ? 'more requests' : 'more requests on the smaller side'} would decide`,
        headSeries.basis,
      );
    }
  }

  if (baseSeries.basis !== headSeries.basis && !(baseSeries.summary && headSeries.summary)) {
    return undecided(requested, config, `the sides measure it differently (baseline: ${baseSeries.basis ?? 'per request'}; head: ${headSeries.basis ?? 'per request'}); artifacts of the same kind would decide`);
  }

  // Between-run noise: measured by resampling runs when each side has enough of them; otherwise the
  // allowance (for summaries, only a band the team set, since one summary shows no spread at all).
  const explicitNoise = config.statistics.runNoise[spec.key];
  const noiseFor = (series: PresentSeries): number | undefined => {
    if (series.runs.length >= MEASURED_NOISE_RUNS) return 0;
    if (series.summary) return explicitNoise;
    return runNoiseFor(config, spec);
  };
  const baseNoise = noiseFor(baseSeries);
  const headNoise = noiseFor(headSeries);
  const statistic = headSeries.statistic ?? toStatistic(spec);
  const blockLength = baseSeries.summary ? 1 : undefined;
  const baseResampler = createResampler(baseSeries.runs, statistic, blockLength, shared.cache);
  const headResampler = createResampler(headSeries.runs, statistic, blockLength, shared.cache);
  if (baseNoise === undefined || headNoise === undefined) {
    return summaryOnly(requested, config, baseResampler, headResampler, baseSeries, headSeries);
  }
  const rng = createRng(deriveSeed(config.statistics.seed, spec.key));
  const minEffect = minEffectFor(config, spec);
  const estimate = bootstrapChange(baseResampler, headResampler, {
    resamples: config.statistics.resamples,
    level: config.statistics.level,
    rng,
    baseNoise,
    headNoise,
    relativeMargin: minEffect,
    absoluteMargin: minAbsolute(spec),
  });
  return {
    requested,
    estimate,
    runNoise: { base: baseNoise, head: headNoise },
    basis: headSeries.basis,
    base: sideEstimate(baseResampler, estimate.baseInterval, baseSeries.runs, statistic),
    head: sideEstimate(headResampler, estimate.headInterval, headSeries.runs, statistic),
  };
}

/**
 * One summary per side and no noise band: the values and the change are shown, the verdict is
 * inconclusive, and the reason says what would decide.
 */
function runsPhrase(base: number, head: number): string {
  if (base === head) return `${base} run${base === 1 ? '' : 's'} per side`;
  return `${base} run${base === 1 ? '' : 's'} on the baseline and ${head} on the head`;
}

function summaryOnly(requested: RequestedMetric, config: TriageConfig, base: SideResampler, head: SideResampler, baseSeries: PresentSeries, headSeries: PresentSeries): Prepared {
  const p = undecided(
    requested,
    config,
    `only the tools' summaries to compare, ${runsPhrase(baseSeries.runs.length, headSeries.runs.length)}, which shows no run-to-run spread; 3 or more runs per side, or a noise band for the metric (the run-noise input, or the journal's), would decide`,
    headSeries.basis,
  );
  const side = (r: SideResampler, series: PresentSeries): SideEstimate => ({
    value: r.point,
    interval: [r.point, r.point],
    count: r.size,
    perRun: series.runs.map((run) => run.values[0]),
    blockLengths: [],
  });
  const early = p.early!;
  early.base = side(base, baseSeries);
  early.head = side(head, headSeries);
  early.difference = head.point - base.point;
  early.change = base.point !== 0 ? head.point / base.point - 1 : null;
  return p;
}

function finish(p: Prepared, pAdjusted: number, family: number, config: TriageConfig): MetricComparison {
  const { spec, origin } = p.requested;
  const e = p.estimate!;
  const minEffect = minEffectFor(config, spec);
  const relative = e.relative !== null && e.relativeInterval !== null;
  const interval = relative ? e.relativeInterval! : e.differenceInterval;
  const { verdict, reason } = decideVerdict({
    direction: spec.metric.direction,
    change: relative ? e.relative : null,
    difference: e.difference,
    interval,
    pValue: e.pValue,
    pValueZero: e.pValueZero,
    pAdjusted,
    alpha: config.statistics.alpha,
    minEffect,
    minAbsolute: minAbsolute(spec),
    unit: spec.metric.unit,
    family,
  });
  return {
    spec,
    origin,
    verdict,
    reason,
    basis: p.basis,
    base: p.base,
    head: p.head,
    difference: e.difference,
    change: relative ? e.relative : null,
    interval,
    intervalKind: relative ? 'relative' : 'absolute',
    pValue: e.pValue,
    pAdjusted,
    minEffect,
    runNoise: p.runNoise,
    slo: sloStatus(config, spec, p.base!, p.head!),
  };
}

function sloStatus(config: TriageConfig, spec: MetricSpec, base: SideEstimate, head: SideEstimate): SloStatus | undefined {
  const slo = config.slos.find((s) => s.spec.key === spec.key);
  if (!slo) return undefined;
  const headMet = sloMet(slo, head.value);
  const marginal = sloMet(slo, head.interval[0]) !== sloMet(slo, head.interval[1]);
  return { slo, baseMet: sloMet(slo, base.value), headMet, marginal };
}

/** A metric the data cannot decide before any resampling, with the reason and what would decide. */
function undecided(requested: RequestedMetric, config: TriageConfig, reason: string, basis?: string): Prepared {
  const { spec } = requested;
  return {
    requested,
    basis,
    early: { spec, origin: requested.origin, verdict: 'inconclusive', reason, minEffect: minEffectFor(config, spec), basis, slo: unmeasuredSlo(config, spec) },
  };
}

/** The SLO on a metric that could not be computed: its status is unknown, not met. */
function unmeasuredSlo(config: TriageConfig, spec: MetricSpec): SloStatus | undefined {
  const slo = config.slos.find((s) => s.spec.key === spec.key);
  return slo ? { slo, baseMet: null, headMet: null, marginal: false } : undefined;
}

type PresentSeries = { ok: true; runs: RunSeries[]; basis?: string; statistic?: Statistic; summary?: boolean };
type SideSeries = PresentSeries | { ok: false; reason: string };

function sideSeries(side: Side, spec: MetricSpec): SideSeries {
  const runs: RunSeries[] = [];
  let basis: string | undefined;
  let statistic: Statistic | undefined;
  let reason = 'the data has no per-request records';
  for (const run of side.runs) {
    if (!run.requests) continue;
    const series = metricSeries(run.requests, spec);
    if (!series.ok) {
      reason = series.reason;
      continue;
    }
    if (runs.length && series.basis !== basis) {
      reason = `its runs measure ${spec.metric.id} differently (${basis ?? 'per request'} vs ${series.basis ?? 'per request'})`;
      return { ok: false, reason };
    }
    basis = series.basis;
    statistic = series.statistic;
    runs.push({ values: series.values, denominators: series.denominators });
  }
  if (runs.length === 0) return { ok: false, reason };
  return { ok: true, runs, basis, statistic };
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
  if (runs.length === 0) return { ok: false, reason: `the data has no ${spec.key} summary` };
  return { ok: true, runs, basis: `summary: ${[...fields].join(', ')}`, statistic: { kind: 'mean' }, summary: true };
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

function sideEstimate(resampler: SideResampler, interval: [number, number], runs: RunSeries[], statistic: Statistic): SideEstimate {
  const perRun = runs.length > 1 ? runs.map((r) => pointStatistic(r, statistic)) : [resampler.point];
  return { value: resampler.point, interval, count: resampler.size, perRun, blockLengths: [...resampler.blockLengths] };
}
