// The pipeline as one pure function: two sides and a config in, the report model out.
// compare → attribute (regressed and SLO-breaching metrics) → walk the tree → rank fixes → caveats.

import type { FailOn, TriageConfig } from '../config/config';
import { compareSides } from '../compare/compare';
import type { MetricComparison, Verdict } from '../compare/types';
import { attribute, type Attribution } from '../diagnose/attribution';
import { byGainPerEffort, rankFixes, type AmdahlItem } from '../diagnose/amdahl';
import { collectCaveats } from '../diagnose/caveats';
import { diffConfig } from '../diagnose/config-diff';
import { walkTree } from '../diagnose/tree';
import { compareWorkload } from '../diagnose/workload';
import { likeForLike } from '../diagnose/like-for-like';
import { attributeFromHistograms } from '../diagnose/server-attribution';
import { walkServerTree } from '../diagnose/server-tree';
import type { DiagnosisContext, SideData } from '../diagnose/context';
import { specLabel } from '../metrics/metric-spec';
import { successMask } from '../metrics/values';
import { pooledTable, sideTables } from '../model/pool';
import { emptyMeta, type RunMeta, type Side, type WorkloadInfo } from '../model/run';
import { VERSION } from '../version';
import { InputError } from '../ingest/errors';
import { pairBenchmarks } from './groups';
import { SCHEMA_VERSION, type BenchmarkReport, type Outcome, type Report, type SideSummary } from './model';
import type { Acceptance } from './model';
import { decodeFloorCheck } from '../diagnose/decode-floor-check';
import { serviceMetrics, type SideRates } from '../diagnose/service-metrics';
import { profileReport, type ProfileInputs } from './profiles';
import { compareQuality } from '../compare/quality/compare';
import type { QualityComparison, QualityInput } from '../model/quality';
import { withFloorEvidence, withProfileEvidence } from './deep-evidence';
import { analyseLoad, steadyStarts, type LoadComparison } from '../compare/load';
import { labelAgreesWithInterval } from '../compare/verdict';
import { failuresFinding, overloadFinding } from '../diagnose/survivors';
import type { Finding } from '../diagnose/hints';
import { applyComparability, batchingTradeoff, notLikeForLike, withheldReason } from '../diagnose/comparability';
import { commonKey } from '../model/workload-key';
import { breaches, leadRank } from './lead';

/** Called with the name of the phase just finished, for timing it from outside the pure core. */
export type PhaseMarks = (finished: 'statistics' | 'diagnosis') => void;

export function triageBenchmark(
  base: Side,
  head: Side,
  config: TriageConfig,
  quality?: QualityComparison,
  phases?: PhaseMarks,
): BenchmarkReport {
  // Before any verdict: are the sides the same experiment (diagnose/comparability.ts), and is either
  // overloaded or warming up (compare/load.ts)? Both change what the comparison can judge.
  const differences = notLikeForLike(base, head).map((d) =>
    d.kind === 'load-changed' && config.compareAcrossLoad ? { ...d, judgedAnyway: true } : d,
  );
  const load = analyseLoad(base, head);
  const compared = compareSides(base, head, config, {
    bothOverloaded: load.base.overloaded && load.head.overloaded,
    steady: steadyStarts(load, base, head),
    withheld: withheldReason(differences, config.compareAcrossLoad),
  });
  phases?.('statistics');
  const { notInData, family } = compared;
  const baseData = sideData(base);
  const headData = sideData(head);
  const workload = compareWorkload(
    baseData?.tables ?? [],
    headData?.tables ?? [],
    declaredWorkload(base),
    declaredWorkload(head),
  );
  const configChanges = diffConfig(baseData?.meta ?? mergedMeta(base), headData?.meta ?? mergedMeta(head));

  const costs = baseData && headData ? likeForLike(baseData, headData) : [];
  // Token timing withheld across streaming modes is listed apart; the batching trade-off is read off
  // the raw changes.
  const { metrics, notJudged } = applyComparability(compared.metrics);
  const tradeoff = batchingTradeoff(compared.metrics, differences, runningBatch(workload), costs);
  const attributions: Attribution[] = [];
  const regressed: { comparison: MetricComparison; attribution: Attribution | null }[] = [];
  if (baseData && headData) {
    for (const m of metrics) {
      const breached = breaches(m);
      if (m.spec.metric.id === 'failed') continue;
      if (m.verdict !== 'regressed' && !breached) continue;
      const attribution = attribute(m.spec, baseData.pooled, headData.pooled);
      if (attribution) attributions.push(attribution);
      if (m.verdict === 'regressed') regressed.push({ comparison: m, attribution });
    }
  } else {
    // No per-request phases on a side: the server's histograms (a metrics scrape) may still split the mean.
    for (const m of metrics) {
      if (m.spec.metric.id === 'failed') continue;
      if (m.verdict !== 'regressed' && !breaches(m)) continue;
      const attribution = attributeFromHistograms(m.spec, base, head);
      if (attribution) attributions.push(attribution);
      if (m.verdict === 'regressed') regressed.push({ comparison: m, attribution });
    }
  }

  let walks: BenchmarkReport['walks'] = [];
  let findings: BenchmarkReport['findings'] = [];
  const fixes: AmdahlItem[] = [];
  // The metric that leads the report also leads the tree walk that it shares with others.
  regressed.sort((a, b) => leadRank(a.comparison) - leadRank(b.comparison));
  // Failures or an overload change the population the latencies describe: they are the diagnosis,
  // and no phase is blamed for a latency change they explain.
  const latencyKeys = metrics
    .filter((m) => m.spec.metric.id !== 'failed' && (m.verdict === 'regressed' || breaches(m)))
    .map((m) => m.spec.key);
  const population = [
    failuresFinding(
      metrics.find((m) => m.spec.metric.id === 'failed'),
      head,
      latencyKeys,
    ),
    overloadFinding(load, latencyKeys),
  ].filter((f): f is Finding => !!f);
  if (population.length) {
    findings = population;
  } else if (baseData && headData && regressed.length) {
    const ctx: DiagnosisContext = { base: baseData, head: headData, workload, configChanges, costs };
    ({ walks, findings } = walkTree(regressed, ctx));
    for (const { comparison, attribution } of regressed) {
      if (!attribution) continue;
      const slo = config.slos.find((s) => s.spec.key === comparison.spec.key);
      fixes.push(...rankFixes(attribution, headData.pooled, findings, walks, slo, config.effort));
    }
    fixes.sort(byGainPerEffort);
  } else if (regressed.some((r) => r.attribution)) {
    const withAttribution = regressed.filter(
      (r): r is { comparison: MetricComparison; attribution: Attribution } => r.attribution !== null,
    );
    ({ walks, findings } = walkServerTree({ regressed: withAttribution, base, head, configChanges, workload }));
    for (const { comparison, attribution } of withAttribution) {
      fixes.push(
        ...rankFixes(
          attribution,
          undefined,
          findings,
          walks,
          config.slos.find((s) => s.spec.key === comparison.spec.key),
          config.effort,
        ),
      );
    }
    fixes.sort(byGainPerEffort);
  }

  const caveats = collectCaveats({
    base,
    head,
    metrics,
    attributions,
    workload,
    configChanges,
    likeForLike: costs,
    load,
    notLikeForLike: differences,
    ...(tradeoff ? { tradeoff } : {}),
    ...(quality ? { quality } : {}),
  });
  const floor = decodeFloorCheck(config.decodeFloor, baseData, headData);
  const service = serviceMetrics(base, head, {
    slos: config.slos,
    level: config.statistics.level,
    rates: measuredRatesOf(metrics),
    ...(config.cost ? { cost: config.cost } : {}),
  });
  if (floor?.ok) findings = withFloorEvidence(findings, floor);
  else if (floor) caveats.push({ kind: 'decode-floor', message: floor.message });
  const name = config.benchmark ?? mergedMeta(head).benchmark ?? mergedMeta(base).benchmark ?? 'benchmark';
  const report: BenchmarkReport = {
    name,
    verdict: benchmarkVerdict(metrics, load),
    sloBreaches: metrics.flatMap((m) => m.slos.filter((s) => s.headMet === false).map((s) => s.slo.text)),
    base: summarise(base),
    head: summarise(head),
    metrics,
    family,
    load,
    notJudged,
    notLikeForLike: differences,
    notInData,
    attributions,
    walks,
    findings,
    fixes: dedupeFixes(fixes),
    caveats,
    configChanges,
    workload,
    likeForLike: costs,
    ...(floor ? { floor } : {}),
    service,
    ...(quality ? { quality } : {}),
  };
  phases?.('diagnosis');
  return report;
}

/** The throughputs the comparison measured, so the cost agrees with the metrics table. */
function measuredRatesOf(metrics: MetricComparison[]): { base: SideRates; head: SideRates } {
  const value = (key: string, side: 'base' | 'head') => metrics.find((m) => m.spec.key === key)?.[side]?.value;
  const side = (s: 'base' | 'head'): SideRates => {
    const tokens = value('throughput', s);
    const requests = value('request_throughput', s);
    return {
      ...(tokens !== undefined ? { outputTokensPerSecond: tokens } : {}),
      ...(requests !== undefined ? { requestsPerSecond: requests } : {}),
    };
  };
  return { base: side('base'), head: side('head') };
}

export function buildReport(benchmarks: BenchmarkReport[], config: TriageConfig): Report {
  for (const b of benchmarks) assertLabelsAgree(b);
  const verdict = worst(benchmarks.map((b) => b.verdict));
  return {
    schemaVersion: SCHEMA_VERSION,
    tool: { name: 'perf-triage', version: VERSION },
    settings: {
      seed: config.statistics.seed,
      resamples: config.statistics.resamples,
      level: config.statistics.level,
      alpha: config.statistics.alpha,
      failOn: [...config.failOn],
    },
    verdict,
    outcome: decideOutcome(benchmarks, verdict, config.failOn),
    benchmarks,
  };
}

/** Inputs beside the two sides' runs: profiles, quality inputs, and a listener for timing. */
export interface TriageExtras {
  profiles?: ProfileInputs;
  /** Told when each benchmark's statistics and then its diagnosis are done (scripts/bench-phases.ts times them). */
  phases?: PhaseMarks;
  /** Eval scores or paired generations of each side (the quality inputs). */
  quality?: { base: QualityInput[]; head: QualityInput[] };
}

/**
 * The whole pipeline: runs grouped by benchmark and paired between the sides, one benchmark report
 * per pair. A benchmark on one side only is not compared and says so (a benchmark-missing caveat,
 * listed first); no benchmark on both sides is an error, never an empty report.
 */
export function triage(base: Side, head: Side, config: TriageConfig, extras: TriageExtras = {}): Report {
  const pairing = pairBenchmarks(base, head);
  if (pairing.pairs.length === 0) {
    throw new InputError(
      'results',
      `no benchmark is on both sides: the baseline has ${names(pairing, 'base')}, the head ${names(pairing, 'head')}`,
    );
  }
  const quality = extras.quality ? compareQuality(extras.quality.base, extras.quality.head) : undefined;
  const reports = pairing.pairs.map((p) => {
    const report = triageBenchmark(
      p.base,
      p.head,
      pairing.pairs.length > 1 ? { ...config, benchmark: p.name } : config,
      quality,
      extras.phases,
    );
    for (const note of pairing.notes) report.caveats.push({ kind: 'benchmark-names', message: note });
    return report;
  });
  // A benchmark on one side only is news (it stopped, or started, reporting): listed first.
  reports[0].caveats.unshift(
    ...pairing.unmatched.map((u) => ({
      kind: 'benchmark-missing' as const,
      message: `"${u.name}" is only in the ${u.side === 'base' ? 'baseline' : 'head'}: not compared`,
      missing: u,
    })),
  );
  if (reports.every((r) => r.metrics.length === 0 && r.notJudged.length === 0)) throw nothingComparable(reports);
  const report = buildReport(reports, config);
  const profiles = extras.profiles ? profileReport(extras.profiles) : undefined;
  return profiles ? withProfileEvidence({ ...report, profiles }) : report;
}

/** Nothing could be compared at all: an error that says what each side held and why. */
function nothingComparable(reports: BenchmarkReport[]): InputError {
  const read = (s: SideSummary) =>
    s.sources.length
      ? s.sources
          .map((f) => `${f.file} (${f.format}, ${f.recordsKept} record${f.recordsKept === 1 ? '' : 's'})`)
          .join(', ')
      : 'no usable file';
  const r = reports[0];
  const byReason = new Map<string, string[]>();
  for (const n of r.notInData) byReason.set(n.reason, [...(byReason.get(n.reason) ?? []), n.key]);
  const why = byReason.size
    ? [...byReason].map(([reason, keys]) => `${keys.join(', ')}: ${reason}`).join('; ')
    : "no metric is in both sides' data";
  return new InputError(
    'results',
    `nothing could be compared: no metric is measured on both sides (baseline: ${read(r.base)}; head: ${read(r.head)}). ${why}. Give both sides the benchmark tool's results (per-request output, or the same tool's summaries); a metrics scrape adds server phases to them, it does not replace them`,
  );
}

function names(pairing: ReturnType<typeof pairBenchmarks>, side: 'base' | 'head'): string {
  const list = pairing.unmatched.filter((u) => u.side === side).map((u) => `"${u.name}"`);
  return list.length ? list.join(', ') : 'none';
}

/**
 * The invariant every report keeps: a label is what its interval shows (src/compare/verdict.ts).
 * It holds by construction; checking it here makes every report the tests and the eval build a test
 * of it, and a violation an error rather than a wrong verdict.
 */
function assertLabelsAgree(b: BenchmarkReport): void {
  for (const m of b.metrics) {
    if (m.interval && !labelAgreesWithInterval(m.verdict, m.interval, m.minEffect, m.spec.metric.direction)) {
      throw new Error(
        `internal error: ${b.name} ${m.spec.key} labelled ${m.verdict} with interval ${m.interval.join(' … ')} and minimum effect ${m.minEffect}`,
      );
    }
  }
}

const SEVERITY: Readonly<Record<Verdict, number>> = { unchanged: 0, improved: 1, inconclusive: 2, regressed: 3 };

function worst(verdicts: Verdict[]): Verdict {
  return verdicts.reduce<Verdict>((a, b) => (SEVERITY[b] > SEVERITY[a] ? b : a), 'unchanged');
}

/**
 * Regressed if any metric regressed or only the head is overloaded (it cannot carry the baseline's
 * load); inconclusive if any metric could not be decided (except a default metric that only lacked
 * requests for its percentile: it is listed, but the team did not ask for it), or nothing was;
 * improved if any improved; else unchanged.
 */
export function benchmarkVerdict(metrics: MetricComparison[], load?: LoadComparison): Verdict {
  if (load && load.head.overloaded && !load.base.overloaded) return 'regressed';
  const counted = metrics.filter((m) => !(m.origin === 'default' && m.verdict === 'inconclusive' && !m.base));
  if (counted.length === 0) return 'inconclusive';
  return worst(counted.map((m) => m.verdict));
}

function decideOutcome(benchmarks: BenchmarkReport[], verdict: Verdict, failOn: ReadonlySet<FailOn>): Outcome {
  const reasons: string[] = [];
  let fail = false;
  const named = (b: BenchmarkReport, items: string[]) =>
    benchmarks.length > 1 ? `${items.join(', ')} (${b.name})` : items.join(', ');
  const regressed = benchmarks
    .map((b) => ({
      b,
      items: [
        ...(b.load.head.overloaded && !b.load.base.overloaded
          ? ['the head is overloaded (it cannot carry the load the baseline carried)']
          : []),
        ...b.metrics.filter((m) => m.verdict === 'regressed').map((m) => specLabel(m.spec)),
      ],
    }))
    .filter((x) => x.items.length)
    .map((x) => named(x.b, x.items));
  const breaches = benchmarks.filter((b) => b.sloBreaches.length).map((b) => named(b, b.sloBreaches));
  if (regressed.length) {
    reasons.push(`regressed: ${regressed.join('; ')}`);
    if (failOn.has('regression')) fail = true;
  }
  if (breaches.length) {
    reasons.push(`SLO breached: ${breaches.join('; ')}`);
    if (failOn.has('slo')) fail = true;
  }
  if (verdict === 'inconclusive') {
    reasons.push(
      benchmarks.some((b) => b.metrics.some((m) => m.verdict !== 'inconclusive'))
        ? 'inconclusive: the data could not decide every metric'
        : 'inconclusive: the data could not decide any metric',
    );
    if (failOn.has('inconclusive')) fail = true;
  }
  const qualityChanged = benchmarks.flatMap((b) =>
    b.caveats.filter((c) => c.kind === 'quality-changed').map((c) => named(b, [c.message])),
  );
  if (qualityChanged.length) {
    reasons.push(`quality changed: ${qualityChanged[0]}`);
    if (failOn.has('quality')) fail = true;
  }
  return { fail, reasons };
}

/** Mean requests in flight per side (Little's law over the timings), as the running batch's size. */
function runningBatch(workload: ReturnType<typeof compareWorkload>): { base: number; head: number } | undefined {
  const { baseConcurrency: base, headConcurrency: head } = workload;
  return base !== undefined && head !== undefined && Number.isFinite(base) && Number.isFinite(head)
    ? { base, head }
    : undefined;
}

function declaredWorkload(side: Side): WorkloadInfo[] {
  return side.runs.flatMap((r) => (r.workload ? [r.workload] : []));
}

function sideData(side: Side): SideData | undefined {
  const tables = sideTables(side);
  const pooled = pooledTable(side);
  if (!pooled || tables.length === 0) return undefined;
  return { tables, pooled, meta: mergedMeta(side) };
}

/** The first run's metadata, with engine config keys that differ between repeats left out. */
function mergedMeta(side: Side): RunMeta {
  const first = side.runs[0]?.meta ?? emptyMeta();
  if (side.runs.length <= 1) return first;
  const config = { ...first.config };
  for (const run of side.runs.slice(1)) {
    for (const key of Object.keys(config)) if (run.meta.config[key] !== config[key]) delete config[key];
  }
  return { ...first, config };
}

function summarise(side: Side): SideSummary {
  let requests = 0;
  let failed = 0;
  for (const run of side.runs) {
    if (!run.requests) continue;
    requests += run.requests.length;
    const ok = successMask(run.requests);
    for (let i = 0; i < ok.length; i++) if (!ok[i]) failed++;
  }
  return {
    label: side.label,
    runs: side.runs.length,
    requests,
    failed,
    meta: mergedMeta(side),
    key: commonKey(side.runs),
    sources: side.runs.flatMap((r) => r.sources),
  };
}

/** The same phase fix can come from several metrics; keep the best line per (phase, fix). */
function dedupeFixes(fixes: AmdahlItem[]): AmdahlItem[] {
  const seen = new Set<string>();
  return fixes.filter((f) => {
    const key = `${f.metric}|${f.phase}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A maintainer accepted this commit's regression: the outcome passes, and says why. */
export function applyAcceptance(report: Report, acceptance: Acceptance): Report {
  return {
    ...report,
    acceptance,
    outcome: {
      fail: false,
      reasons: [
        ...report.outcome.reasons,
        `accepted by ${acceptance.by} for ${acceptance.sha.slice(0, 7)}: ${acceptance.reason}`,
      ],
    },
  };
}
