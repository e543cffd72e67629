// Alerts from the journal (after record mode wrote the merge's entry): a regression merged without
// acceptance, or a step in a key metric that change-point detection finds in the recent history. Each
// alert names the commit range the step is in (the entries before and after it), the metrics that
// moved with their intervals, and the phase that moved; alerts of several benchmarks in one range are
// one alert. Pure: codes and numbers (their shape is src/report/alert.ts); src/render/alert.ts words
// them, src/github/alerts.ts files them.

import type { Direction } from '../metrics/catalog';
import { PHASES, type PhaseId } from '../metrics/catalog';
import { parseMetricSpec } from '../metrics/metric-spec';
import type { BenchmarkReport, Report } from '../report/model';
import type { Alert, AlertMetric, EntryRef, PhaseMove } from '../report/alert';
import { medianRatioInterval } from '../stats/median-ratio';
import { quantile } from '../stats/quantile';
import { detectDrift, metricHistory, type HistoryPoint } from './history';
import type { JournalEntry } from './schema';

/** Metrics watched for steps, with each benchmark's regressed ones. */
export const ALERT_METRICS = ['ttft.p95', 'itl.p99', 'e2e.p95', 'throughput', 'ttft.p50', 'itl.p50'];
/** A change point is news only among this many most recent entries. */
export const ALERT_WITHIN = 20;
/** A step has recovered when the median of this many latest entries is back within the minimum effect of before it. */
export const RECOVERY_ENTRIES = 3;
/**
 * A change point is placed only once this many entries follow it. E-divisive keeps 5 entries on each
 * side of a change, so a step a few merges old is first found at the edge (too early); two more
 * entries put it where it is (measured on the simulated histories of test/github/alerts.test.ts).
 */
export const ALERT_MIN_AFTER = 7;
/** Steps of one benchmark this close (in entries) are one step, placed where the strongest metric puts it. */
export const SAME_STEP_ENTRIES = 3;

export interface AlertInput {
  /** The journal after the record (the history read plus the entries just written). */
  entries: readonly JournalEntry[];
  /** The entries this record wrote. */
  recorded: readonly JournalEntry[];
  /** The merge's report: intervals and the attribution of what regressed. */
  report?: Report;
  minEffect: (key: string) => number;
  /** The confidence for intervals of steps (the configured one). */
  level: number;
  within?: number;
  seed?: number;
}

export function detectAlerts(input: AlertInput): Alert[] {
  const within = input.within ?? ALERT_WITHIN;
  const found: AlertMetric[] = [];
  const diagnoses = new Map<string, Alert['diagnoses'][number]>();
  for (const entry of input.recorded) {
    const benchmark = entry.benchmark;
    const history = byTime(input.entries.filter((e) => e.benchmark === benchmark));
    const at = history.findIndex((e) => e.id === entry.id);
    const previous = at > 0 ? history[at - 1] : undefined;
    const report = input.report?.benchmarks.find((b) => b.name === benchmark);
    if (entry.kind === 'unaccepted-regression') {
      for (const m of entry.metrics) {
        if (m.verdict !== 'regressed' || m.baseline === undefined) continue;
        const compared = report?.metrics.find((x) => x.spec.key === m.key);
        found.push({
          benchmark,
          key: m.key,
          unit: m.unit,
          direction: directionOf(m.key),
          source: 'regression',
          before: m.baseline,
          after: m.value,
          change: m.change ?? m.value / m.baseline - 1,
          ...(compared?.interval && compared.intervalKind === 'relative'
            ? { interval: compared.interval, level: compared.intervalLevel ?? input.level }
            : {}),
          minEffect: compared?.minEffect ?? input.minEffect(m.key),
          step: ref(entry),
          ...(previous ? { from: ref(previous) } : {}),
          ...phaseOf(report, m.key, previous, entry),
        });
      }
      if (entry.diagnosis && entry.diagnosis !== '—')
        diagnoses.set(benchmark, { benchmark, text: entry.diagnosis, hints: entry.hints });
    }
    const keys = new Set([
      ...ALERT_METRICS,
      ...entry.metrics.filter((m) => m.verdict === 'regressed').map((m) => m.key),
    ]);
    for (const key of keys) {
      const points = metricHistory(input.entries, benchmark, key);
      if (points.length < 10) continue;
      const drift = detectDrift(points, { seed: input.seed ?? 0 });
      for (const change of drift.changePoints) {
        if (points.length - change.index > within || points.length - change.index < ALERT_MIN_AFTER) continue;
        const direction = directionOf(key);
        const worse = direction === 'lower-is-better' ? change.shift : -change.shift;
        const minEffect = input.minEffect(key);
        if (!(worse >= minEffect)) continue;
        const into = points[change.index];
        // An accepted step is the team's decision, not news.
        if (into.kind === 'accepted') continue;
        // Nor is a step that has gone away: the latest entries must still hold at least half of it.
        const latest =
          quantile(
            points.slice(-RECOVERY_ENTRIES).map((p) => p.value),
            0.5,
          ) /
            change.before.median -
          1;
        if ((direction === 'lower-is-better' ? latest : -latest) < worse / 2) continue;
        const before = segment(points, drift.changePoints, change, 'before');
        const after = segment(points, drift.changePoints, change, 'after');
        const stepEntry = input.entries.find((e) => e.id === into.id);
        const fromEntry = input.entries.find((e) => e.id === points[change.index - 1]?.id);
        // The step's own entry diagnosed what its comparison could see.
        if (stepEntry && stepEntry.diagnosis && stepEntry.diagnosis !== '—' && !diagnoses.has(benchmark))
          diagnoses.set(benchmark, { benchmark, text: stepEntry.diagnosis, hints: stepEntry.hints });
        found.push({
          benchmark,
          key,
          unit: points.at(-1)!.unit,
          direction,
          source: 'change-point',
          before: change.before.median,
          after: change.after.median,
          change: change.shift,
          interval: medianRatioInterval(
            before.map((p) => p.value),
            after.map((p) => p.value),
            { level: input.level, seed: input.seed ?? 1 },
          ),
          level: input.level,
          pValue: change.pValue,
          minEffect,
          step: stepEntry
            ? ref(stepEntry)
            : { id: into.id, recordedAt: into.recordedAt, ...(into.commit ? { commit: into.commit } : {}) },
          ...(fromEntry ? { from: ref(fromEntry) } : {}),
          ...phaseFromRuns(input.entries, before, after, key),
        });
      }
    }
  }
  return group(placeSteps(dedupe(found), input.entries), diagnoses);
}

/**
 * The steps of one benchmark found within SAME_STEP_ENTRIES of each other are one step: each metric of
 * it is placed where the metric that moved furthest beyond its minimum effect puts it (a merge's own
 * regression wins: it was measured there).
 */
function placeSteps(found: AlertMetric[], entries: readonly JournalEntry[]): AlertMetric[] {
  const strength = (m: AlertMetric) =>
    m.source === 'regression' ? Infinity : Math.abs(m.change) / Math.max(m.minEffect, 1e-9);
  const out: AlertMetric[] = [];
  for (const benchmark of new Set(found.map((m) => m.benchmark))) {
    const mine = found.filter((m) => m.benchmark === benchmark).sort((a, b) => strength(b) - strength(a));
    const placed: { at: number; step: EntryRef; from?: EntryRef }[] = [];
    for (const m of mine) {
      const at = entryIndex(entries, benchmark, m.step.id);
      const near = placed.find((p) => Math.abs(p.at - at) <= SAME_STEP_ENTRIES);
      if (near) out.push({ ...m, step: near.step, ...(near.from ? { from: near.from } : {}) });
      else {
        placed.push({ at, step: m.step, ...(m.from ? { from: m.from } : {}) });
        out.push(m);
      }
    }
  }
  return out;
}

/** Has a step recovered: the median of the last RECOVERY_ENTRIES values after it back within the minimum effect of the level before? */
export function recovery(
  entries: readonly JournalEntry[],
  metric: { benchmark: string; key: string; before: number; minEffect: number; stepId: string },
): HistoryPoint | undefined {
  const points = metricHistory(entries, metric.benchmark, metric.key);
  const at = points.findIndex((p) => p.id === metric.stepId);
  if (at < 0) return undefined;
  const after = points.slice(at + 1);
  if (after.length < RECOVERY_ENTRIES) return undefined;
  const last = after.slice(-RECOVERY_ENTRIES);
  const level = quantile(
    last.map((p) => p.value),
    0.5,
  );
  return Math.abs(level / metric.before - 1) <= metric.minEffect ? last[0] : undefined;
}

/** Where an entry sits in its benchmark's history (by time), for matching a step found again a little off. */
export function entryIndex(entries: readonly JournalEntry[], benchmark: string, id: string): number {
  return byTime(entries.filter((e) => e.benchmark === benchmark)).findIndex((e) => e.id === id);
}

export function rangeKey(from: EntryRef | undefined, to: EntryRef): string {
  return `${from ? (from.commit ?? from.id) : 'start'}..${to.commit ?? to.id}`;
}

function ref(e: JournalEntry): EntryRef {
  return {
    id: e.id,
    recordedAt: e.recordedAt,
    ...(e.commit ? { commit: e.commit } : {}),
    ...(e.runUrl ? { runUrl: e.runUrl } : {}),
    ...(e.pullRequest ? { pullRequest: e.pullRequest } : {}),
  };
}

function directionOf(key: string): Direction {
  const spec = parseMetricSpec(key);
  return typeof spec === 'string' ? 'lower-is-better' : spec.metric.direction;
}

function byTime(entries: readonly JournalEntry[]): JournalEntry[] {
  return entries
    .map((e, i) => ({ e, i, t: Date.parse(e.recordedAt) }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.e);
}

/** The points of the stretch before or after a change point (up to the neighbouring change points). */
function segment(
  points: readonly HistoryPoint[],
  changes: readonly { index: number }[],
  change: { index: number },
  side: 'before' | 'after',
): HistoryPoint[] {
  const k = changes.indexOf(change);
  if (side === 'before') return points.slice(k > 0 ? changes[k - 1].index : 0, change.index);
  return points.slice(change.index, k + 1 < changes.length ? changes[k + 1].index : points.length);
}

/** The phase that moved most at the merge: the attribution at the metric's percentile, else the run means. */
function phaseOf(
  report: BenchmarkReport | undefined,
  key: string,
  previous: JournalEntry | undefined,
  entry: JournalEntry,
): { phase?: PhaseMove } {
  const attribution = report?.attributions.find((a) => a.spec.key === key);
  const dominant = attribution?.dominant ? attribution.phases.find((p) => p.phase === attribution.dominant) : undefined;
  if (dominant)
    return { phase: { phase: dominant.phase, before: dominant.baseMean, after: dominant.headMean, basis: 'tail' } };
  if (previous?.phases && entry.phases) return phaseFromMeans([previous.phases], [entry.phases], phasesOf(key));
  return {};
}

function phaseFromRuns(
  entries: readonly JournalEntry[],
  before: readonly HistoryPoint[],
  after: readonly HistoryPoint[],
  key: string,
): { phase?: PhaseMove } {
  const phases = (points: readonly HistoryPoint[]) =>
    points
      .map((p) => entries.find((e) => e.id === p.id)?.phases)
      .filter((x): x is Record<string, number> => x !== undefined);
  return phaseFromMeans(phases(before), phases(after), phasesOf(key));
}

/** The phases a metric is made of (its phase model); token timing is the decode phase's; rates, any. */
function phasesOf(key: string): readonly PhaseId[] {
  const spec = parseMetricSpec(key);
  if (typeof spec === 'string' || spec.metric.level === 'run') return PHASES;
  if (spec.metric.phases.length) return spec.metric.phases;
  return spec.metric.id === 'itl' || spec.metric.id === 'tpot'
    ? ['decode']
    : PHASES.includes(spec.metric.id as PhaseId)
      ? [spec.metric.id as PhaseId]
      : PHASES;
}

/** The phase (of `candidates`) whose median run mean grew the most (in ms) from one stretch to the next. */
function phaseFromMeans(
  before: readonly Record<string, number>[],
  after: readonly Record<string, number>[],
  candidates: readonly PhaseId[] = PHASES,
): { phase?: PhaseMove } {
  if (before.length === 0 || after.length === 0) return {};
  let best: PhaseMove | undefined;
  for (const phase of candidates) {
    const b = before.map((p) => p[phase]).filter((v) => Number.isFinite(v));
    const a = after.map((p) => p[phase]).filter((v) => Number.isFinite(v));
    if (b.length === 0 || a.length === 0) continue;
    const move: PhaseMove = { phase, before: quantile(b, 0.5), after: quantile(a, 0.5), basis: 'run-mean' };
    if (!best || move.after - move.before > best.after - best.before) best = move;
  }
  return best && best.after > best.before ? { phase: best } : {};
}

/** One finding per benchmark, metric and step: the merge's own comparison wins (it has the attribution), with the step's p-value. */
function dedupe(found: AlertMetric[]): AlertMetric[] {
  const out = new Map<string, AlertMetric>();
  for (const m of found) {
    const id = `${m.benchmark}\u0000${m.key}\u0000${m.step.id}`;
    const seen = out.get(id);
    if (!seen) out.set(id, m);
    else if (seen.source === 'change-point' && m.source === 'regression')
      out.set(id, { ...m, ...(seen.pValue !== undefined ? { pValue: seen.pValue } : {}) });
    else if (m.pValue !== undefined && seen.pValue === undefined) out.set(id, { ...seen, pValue: m.pValue });
  }
  return [...out.values()];
}

function group(metrics: AlertMetric[], diagnoses: Map<string, Alert['diagnoses'][number]>): Alert[] {
  const alerts = new Map<string, Alert>();
  for (const m of metrics) {
    const range = rangeKey(m.from, m.step);
    const alert = alerts.get(range) ?? {
      range,
      ...(m.from ? { from: m.from } : {}),
      to: m.step,
      metrics: [],
      diagnoses: [],
    };
    alert.metrics.push(m);
    const diagnosis = diagnoses.get(m.benchmark);
    if (diagnosis && !alert.diagnoses.some((d) => d.benchmark === m.benchmark)) alert.diagnoses.push(diagnosis);
    alerts.set(range, alert);
  }
  return [...alerts.values()];
}
