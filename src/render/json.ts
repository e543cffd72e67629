// The JSON report: versioned (schemaVersion), documented in docs/report-json.md. Field names are a
// contract with users' scripts: add fields freely, rename or remove only with a new schemaVersion.

import type { MetricComparison } from '../compare/types';
import { basisText } from '../metrics/basis';
import type { BenchmarkReport, Report } from '../report/model';
import { branchPhase } from '../diagnose/tree';
import { reasonText } from './verdict-words';
import { caveatText, notLikeForLikeSentence } from './like-for-like';

export function reportToJson(report: Report): unknown {
  return {
    schemaVersion: report.schemaVersion,
    tool: report.tool,
    settings: report.settings,
    verdict: report.verdict,
    outcome: report.outcome,
    acceptance: report.acceptance ?? null,
    benchmarks: report.benchmarks.map((b) => benchmarkJson(b, report.settings.level)),
    profiles: report.profiles ?? null,
    noise: report.noise ?? null,
  };
}

export function renderJson(report: Report): string {
  return (
    JSON.stringify(
      reportToJson(report),
      (_key, value) => (typeof value === 'number' && !Number.isFinite(value) ? null : value),
      2,
    ) + '\n'
  );
}

function benchmarkJson(b: BenchmarkReport, confidence: number) {
  return {
    name: b.name,
    // Said first: what differs between the sides' workloads, before any verdict.
    notLikeForLike: b.notLikeForLike.map((d) => ({ ...d, sentence: notLikeForLikeSentence(d) })),
    verdict: b.verdict,
    sloBreaches: b.sloBreaches,
    base: side(b.base),
    head: side(b.head),
    intervalLevel: b.family.level,
    metricsJudged: b.family.size,
    load: b.load,
    metrics: b.metrics.map((m) => metricJson(m, b, confidence)),
    notJudged: b.notJudged.map((n) => ({
      ...metricJson(n.comparison, b, confidence),
      verdict: null,
      notJudged: n.reason,
    })),
    notInData: b.notInData,
    attributions: b.attributions.map((a) => ({
      metric: a.spec.metric.id,
      stat: a.spec.stat.label,
      tail: a.tail,
      quantile: a.q,
      base: a.base,
      head: a.head,
      dominantPhase: a.dominant,
      missingPhases: a.missingPhases,
      phases: a.phases,
    })),
    diagnosis: { walks: b.walks, findings: b.findings },
    fixes: b.fixes.map((f) => ({ ...f, speedup: Number.isFinite(f.speedup) ? f.speedup : 'Infinity' })),
    caveats: b.caveats.map((c) => ({ ...c, message: caveatText(c) })),
    trends: b.trends ?? [],
    decodeFloor: b.floor ?? null,
    service: b.service ?? null,
    quality: b.quality ?? null,
    configChanges: b.configChanges,
    workload: b.workload,
    likeForLike: b.likeForLike,
  };
}

function side(s: BenchmarkReport['base']) {
  return {
    runs: s.runs,
    requests: s.requests,
    failed: s.failed,
    meta: s.meta,
    key: s.key,
    sources: s.sources.map((src) => ({ ...src, issues: src.issues.slice(0, 20) })),
  };
}

function metricJson(m: MetricComparison, b: BenchmarkReport, confidence: number) {
  const attribution = b.attributions.find((a) => a.spec.key === m.spec.key) ?? null;
  const phase = m.verdict === 'regressed' ? branchPhase(m, attribution) : (attribution?.dominant ?? null);
  const walk = b.walks.find((w) => w.metrics.includes(m.spec.key));
  return {
    metric: m.spec.metric.id,
    stat: m.spec.stat.label,
    key: m.spec.key,
    unit: m.spec.metric.unit,
    direction: m.spec.metric.direction,
    origin: m.origin,
    verdict: m.verdict,
    reason: reasonText(m, { size: b.family.size, confidence }),
    reasonCode: m.reason.code,
    reasonData: m.reason,
    basis: m.basis ? basisText(m.basis) : null,
    base: m.base?.value ?? null,
    head: m.head?.value ?? null,
    baseDetail: m.base ?? null,
    headDetail: m.head ?? null,
    change: m.change ?? null,
    difference: m.difference ?? null,
    interval: m.interval
      ? { lower: m.interval[0], upper: m.interval[1], level: m.intervalLevel ?? confidence, kind: m.intervalKind }
      : null,
    uncorrected: m.uncorrected
      ? {
          lower: m.uncorrected.interval[0],
          upper: m.uncorrected.interval[1],
          level: confidence,
          verdict: m.uncorrected.verdict,
        }
      : null,
    pValue: m.pValue ?? null,
    minEffect: m.minEffect,
    runNoise: m.runNoise ?? null,
    slos: m.slos.map((s) => ({
      target: s.slo.text,
      comparator: s.slo.comparator,
      threshold: s.slo.threshold,
      baseMet: s.baseMet,
      headMet: s.headMet,
      marginal: s.marginal,
    })),
    dominantPhase: phase,
    rootPhase: walk?.rootPhase ?? null,
    hints: b.findings.filter((f) => f.metrics.includes(m.spec.key)).map((f) => f.hint),
  };
}
