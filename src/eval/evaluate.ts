// The engine against ground truth from the simulator: A/A pairs (same configuration, different
// seeds) must give no regressed or improved metric, and each injected regression must be found on
// its expected metric, with the expected phase and hint. Used by `npm run eval` and by a test.

import { buildConfig } from '../config/config';
import { branchPhase } from '../diagnose/tree';
import { ingestNative } from '../ingest/native/native';
import { textSource } from '../ingest/source';
import type { Side } from '../model/run';
import { triage } from '../report/build';
import type { Report } from '../report/model';
import { baseScenario, injectedChanges, injectedRegressions, simulateToJsonl, type Scenario } from '../sim';
import { reasonText } from '../render/verdict-words';
import { labelAgreesWithInterval } from '../compare/verdict';

export interface EvalOptions {
  pairs: number;
  /** First seed of the A/A pairs (base seeds from it, head seeds 4,000 above): fresh seeds test out of sample. */
  aaSeed?: number;
  seedsPerRegression: number;
  requests: number;
  only?: string;
  onProgress?: (line: string) => void;
}

export interface AaResult {
  pair: number;
  verdict: Report['verdict'];
  alarms: { key: string; verdict: string; reason: string }[];
  inconclusive: { key: string; reason: string }[];
  changes: { key: string; change: number }[];
  /** Every metric's label, for the share of unchanged vs inconclusive. */
  labels: { key: string; verdict: string }[];
}

/** A change that is not one metric's regression (src/sim InjectedChange), and whether the report got it right. */
export interface ChangeResult {
  change: string;
  seed: number;
  key: string;
  verdict: string;
  benchmarkVerdict: string;
  reason: string;
  ok: boolean;
  /** What was wrong, when not ok. */
  problems: string[];
}

export interface CaseResult {
  regression: string;
  seed: number;
  key: string;
  verdict: string;
  reason: string;
  expectedPhase: string | null;
  dominantPhase: string | null;
  rootPhase: string | null;
  phaseOk: boolean;
  expectedHint: string;
  hints: string[];
  hintOk: boolean;
}

export interface EvalResult {
  aa: AaResult[];
  cases: CaseResult[];
  changes: ChangeResult[];
  /** Labels that contradicted their interval, over every report the eval made (must be empty). */
  contradictions: string[];
  seconds: number;
}

/** Every metric of a report whose label does not agree with its interval. */
export function contradictions(report: Report, where: string): string[] {
  const out: string[] = [];
  for (const b of report.benchmarks) {
    for (const m of b.metrics) {
      if (!m.interval) continue;
      if (!labelAgreesWithInterval(m.verdict, m.interval, m.minEffect, m.spec.metric.direction)) out.push(`${where}: ${m.spec.key} ${m.verdict} with ${reasonText(m)}`);
    }
  }
  return out;
}

export async function simulatedSide(label: Side['label'], scenario: Scenario): Promise<Side> {
  const run = await ingestNative(textSource(`${label}.jsonl`, simulateToJsonl(scenario)), { maxBadLineRatio: 0.05 });
  return { label, runs: [run] };
}

export async function evaluate(options: EvalOptions): Promise<EvalResult> {
  const started = Date.now();
  const config = buildConfig({});
  const aa: AaResult[] = [];
  const contradicted: string[] = [];
  const firstSeed = options.aaSeed ?? 1000;
  for (let p = 0; p < options.pairs && !options.only; p++) {
    const report = triage(await simulatedSide('base', baseScenario(firstSeed + p, options.requests)), await simulatedSide('head', baseScenario(firstSeed + 4000 + p, options.requests)), config);
    contradicted.push(...contradictions(report, `A/A pair ${p}`));
    const metrics = report.benchmarks[0].metrics;
    aa.push({
      labels: metrics.map((m) => ({ key: m.spec.key, verdict: m.verdict })),
      pair: p,
      verdict: report.verdict,
      alarms: metrics.filter((m) => m.verdict === 'regressed' || m.verdict === 'improved').map((m) => ({ key: m.spec.key, verdict: m.verdict, reason: reasonText(m) })),
      inconclusive: metrics.filter((m) => m.verdict === 'inconclusive').map((m) => ({ key: m.spec.key, reason: reasonText(m) })),
      changes: metrics.flatMap((m) => (m.change != null ? [{ key: m.spec.key, change: m.change }] : [])),
    });
    options.onProgress?.(`A/A pair ${p}: ${report.verdict}`);
  }

  const cases: CaseResult[] = [];
  for (const regression of injectedRegressions()) {
    if (options.only && regression.id !== options.only) continue;
    const { metric, stat, phase, hint } = regression.expect;
    const key = metric === 'throughput' ? 'throughput' : `${metric}.${stat}`;
    // The expected metric is judged alongside the default set, as a team naming it would.
    const cfg = buildConfig({ metrics: [...config.metrics.map((m) => m.spec.key.replace('.', ' ')), key.replace('.', ' ')] });
    for (let s = 0; s < options.seedsPerRegression; s++) {
      const base = baseScenario(200 + s, options.requests);
      const report = triage(await simulatedSide('base', base), await simulatedSide('head', regression.apply(base)), cfg);
      contradicted.push(...contradictions(report, `${regression.id} seed ${200 + s}`));
      const b = report.benchmarks[0];
      const m = b.metrics.find((x) => x.spec.key === key);
      const attribution = b.attributions.find((a) => a.spec.key === key) ?? null;
      const walk = b.walks.find((w) => w.metrics.includes(key));
      const dominant = m && m.verdict === 'regressed' ? branchPhase(m, attribution) : null;
      const root = walk?.rootPhase ?? dominant;
      const hints = b.findings.filter((f) => f.metrics.includes(key)).map((f) => f.hint);
      cases.push({
        regression: regression.id,
        seed: 200 + s,
        key,
        verdict: m?.verdict ?? 'missing',
        reason: m ? reasonText(m) : '',
        expectedPhase: phase,
        dominantPhase: dominant,
        rootPhase: root,
        // Right when the phase that holds the change, or the one the diagnosis traced it to, is the injected one.
        phaseOk: m?.verdict === 'regressed' && (phase === null || dominant === phase || root === phase),
        expectedHint: hint,
        hints,
        hintOk: m?.verdict === 'regressed' && hints.includes(hint as never),
      });
      options.onProgress?.(`${regression.id} seed ${200 + s}: ${m?.verdict}`);
    }
  }

  const changes: ChangeResult[] = [];
  for (const change of injectedChanges()) {
    if (options.only && change.id !== options.only) continue;
    const { metric, stat, verdicts, benchmark, hint, notJudged } = change.expect;
    const key = metric === 'throughput' || metric === 'failed' ? metric : `${metric}.${stat}`;
    for (let s = 0; s < options.seedsPerRegression; s++) {
      const plain = baseScenario(200 + s, options.requests);
      const base = change.base ? change.base(plain) : plain;
      const report = triage(await simulatedSide('base', base), await simulatedSide('head', change.apply(plain)), config);
      contradicted.push(...contradictions(report, `${change.id} seed ${200 + s}`));
      const b = report.benchmarks[0];
      const m = b.metrics.find((x) => x.spec.key === key);
      const problems: string[] = [];
      if (!m) problems.push(`${key} missing`);
      else if (!verdicts.includes(m.verdict)) problems.push(`${key} ${m.verdict}, expected ${verdicts.join(' or ')}`);
      if (benchmark && !benchmark.includes(b.verdict)) problems.push(`benchmark ${b.verdict}, expected ${benchmark.join(' or ')}`);
      if (hint && !b.findings.some((f) => f.hint === hint)) problems.push(`no ${hint} finding (hints: ${b.findings.map((f) => f.hint).join(', ') || 'none'})`);
      for (const k of notJudged ?? []) {
        const x = b.metrics.find((y) => y.spec.key === k);
        if (x && x.reason.code !== 'not-judged-overloaded') problems.push(`${k} judged (${x.verdict}) although both sides are overloaded`);
      }
      changes.push({ change: change.id, seed: 200 + s, key, verdict: m?.verdict ?? 'missing', benchmarkVerdict: b.verdict, reason: m ? reasonText(m) : '', ok: problems.length === 0, problems });
      options.onProgress?.(`${change.id} seed ${200 + s}: ${m?.verdict}`);
    }
  }
  return { aa, cases, changes, contradictions: contradicted, seconds: (Date.now() - started) / 1000 };
}
