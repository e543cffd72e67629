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
import { baseScenario, injectedRegressions, simulateToJsonl, type Scenario } from '../sim';

export interface EvalOptions {
  pairs: number;
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
  seconds: number;
}

export async function simulatedSide(label: Side['label'], scenario: Scenario): Promise<Side> {
  const run = await ingestNative(textSource(`${label}.jsonl`, simulateToJsonl(scenario)), { maxBadLineRatio: 0.05 });
  return { label, runs: [run] };
}

export async function evaluate(options: EvalOptions): Promise<EvalResult> {
  const started = Date.now();
  const config = buildConfig({});
  const aa: AaResult[] = [];
  for (let p = 0; p < options.pairs && !options.only; p++) {
    const report = triage(await simulatedSide('base', baseScenario(1000 + p, options.requests)), await simulatedSide('head', baseScenario(5000 + p, options.requests)), config);
    const metrics = report.benchmarks[0].metrics;
    aa.push({
      pair: p,
      verdict: report.verdict,
      alarms: metrics.filter((m) => m.verdict === 'regressed' || m.verdict === 'improved').map((m) => ({ key: m.spec.key, verdict: m.verdict, reason: m.reason })),
      inconclusive: metrics.filter((m) => m.verdict === 'inconclusive').map((m) => ({ key: m.spec.key, reason: m.reason })),
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
        reason: m?.reason ?? '',
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
  return { aa, cases, seconds: (Date.now() - started) / 1000 };
}
