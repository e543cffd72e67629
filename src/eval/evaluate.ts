// The engine against ground truth from the simulator: A/A pairs (same configuration, different
// seeds) must give no regressed or improved metric, and each injected regression must be found on
// its expected metric, with the expected phase and hint. What is judged is what the report
// concluded: the phase from the attribution or the tree's evidence (never from a metric's name), and
// every hint on the metric (a wrong extra hint is a miss). Every report is also checked against
// itself: no label contradicts its interval, no diagnosis contradicts its own evidence. Used by
// `npm run eval` and by a test.

import { buildConfig } from '../config/config';
import { chunkedPrefill, configValue } from '../diagnose/context';
import type { HintId } from '../config/hints';
import { ingestNative } from '../ingest/native/native';
import { textSource } from '../ingest/source';
import type { Side } from '../model/run';
import { triage } from '../report/triage';
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
  /** The phase that holds the change, from the attribution; null for metrics without a phase model (ITL, TPOT). */
  dominantPhase: string | null;
  /** Where the diagnosis ended, from evidence (see concludedPhase); null when it has none. */
  rootPhase: string | null;
  phaseOk: boolean;
  expectedHint: string;
  /** Every hint the report gives for the metric, whatever its status. */
  hints: string[];
  /** The expected hint is among them (recall). */
  hintFound: boolean;
  /** Found, and no other hint given for the metric (a wrong extra hint is a miss). */
  hintOk: boolean;
}

export interface EvalResult {
  aa: AaResult[];
  cases: CaseResult[];
  changes: ChangeResult[];
  /** Labels that contradicted their interval, over every report the eval made (must be empty). */
  contradictions: string[];
  /** Diagnoses that contradicted their own evidence, over every report the eval made (must be empty). */
  diagnosisContradictions: string[];
  seconds: number;
}

/** Every metric of a report whose label does not agree with its interval. */
export function contradictions(report: Report, where: string): string[] {
  const out: string[] = [];
  for (const b of report.benchmarks) {
    for (const m of b.metrics) {
      if (!m.interval) continue;
      if (!labelAgreesWithInterval(m.verdict, m.interval, m.minEffect, m.spec.metric.direction))
        out.push(`${where}: ${m.spec.key} ${m.verdict} with ${reasonText(m)}`);
    }
  }
  return out;
}

/** Engine settings a next check may ask to turn on, and how our words ask for it. */
const SETTINGS_ASKED_FOR: {
  setting: string;
  on: (meta: Report['benchmarks'][number]['head']['meta']) => boolean;
  asks: RegExp;
}[] = [
  {
    setting: 'chunked prefill',
    on: (meta) => chunkedPrefill(meta).on,
    asks: /\benable (--enable-)?chunked[ -_]prefill\b/i,
  },
  {
    setting: 'prefix caching',
    on: (meta) =>
      [true, 'true', 1].includes(
        configValue(meta, ['enable_prefix_caching', 'enable-prefix-caching', 'prefix_caching']) as never,
      ),
    asks: /\b(enable prefix caching|check that prefix caching is on)\b/i,
  },
];

/** Expected hints of injected changes where the server did not change, only what it was sent. */
const WORKLOAD_HINTS: readonly string[] = ['workload-drift', 'traffic-increase'];

/** Hints whose fix is a change to the serving code (a kernel, the tokenizer, the detokenizer). */
const CODE_HINTS: readonly HintId[] = ['prefill-compute', 'decode-overhead', 'tokenizer', 'detokenize-per-token'];

/**
 * Every finding of a report that contradicts the report's own evidence: a next check that asks for
 * a setting the head already has on; a cause confirmed in the code while the report shows the
 * workload changed too (such a comparison is not clean); a per-token cost found slower (a code
 * hint, confirmed or likely) whose like-for-like comparison in the same report did not change.
 */
export function diagnosisContradictions(report: Report, where: string): string[] {
  const out: string[] = [];
  for (const b of report.benchmarks) {
    for (const f of b.findings) {
      for (const s of SETTINGS_ASKED_FOR)
        if (s.on(b.head.meta) && s.asks.test(f.nextCheck))
          out.push(`${where}: ${f.hint} asks to enable ${s.setting}, which is on in this run ("${f.nextCheck}")`);
      if (f.cause === 'code' && f.status === 'confirmed' && b.workload.changed)
        out.push(`${where}: ${f.hint} confirmed as the code's although the workload changed`);
      const cost =
        f.hint === 'prefill-compute'
          ? 'prefill-per-token'
          : f.hint === 'decode-overhead'
            ? 'decode-step'
            : f.hint === 'tokenizer'
              ? 'tokenize-per-token'
              : f.hint === 'detokenize-per-token'
                ? 'detokenize-per-token'
                : undefined;
      const measured = cost ? b.likeForLike.find((c) => c.id === cost) : undefined;
      if (measured && f.status !== 'candidate' && !(measured.changed && measured.change > 0))
        out.push(
          `${where}: ${f.hint} ${f.status} while ${cost} at matched size changed ${(measured.change * 100).toFixed(1)}%${measured.changed ? '' : ' (not beyond noise)'}`,
        );
    }
  }
  return out;
}

/**
 * The phase a report concluded for a metric, from evidence only. A metric with a phase model has an
 * attribution, and its walk starts in the dominant phase: the walk's root phase is a conclusion. A
 * metric without one (ITL, TPOT) starts in decode by name, which proves nothing: its phase is a root
 * the walk moved to on evidence, or else the phase of a finding the data supports (confirmed or
 * likely) for that metric.
 */
export function concludedPhase(b: Report['benchmarks'][number], key: string): string | null {
  const walk = b.walks.find((w) => w.metrics.includes(key));
  if (!walk) return null;
  const attributed = b.attributions.some((a) => a.spec.key === key && a.dominant === walk.phase);
  if (attributed || walk.rootPhase !== walk.phase) return walk.rootPhase;
  return b.findings.find((f) => f.metrics.includes(key) && f.status !== 'candidate')?.phase ?? null;
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
  const selfContradicted: string[] = [];
  const check = (report: Report, where: string) => {
    contradicted.push(...contradictions(report, where));
    selfContradicted.push(...diagnosisContradictions(report, where));
  };
  const firstSeed = options.aaSeed ?? 1000;
  for (let p = 0; p < options.pairs && !options.only; p++) {
    const report = triage(
      await simulatedSide('base', baseScenario(firstSeed + p, options.requests)),
      await simulatedSide('head', baseScenario(firstSeed + 4000 + p, options.requests)),
      config,
    );
    check(report, `A/A pair ${p}`);
    const metrics = report.benchmarks[0].metrics;
    aa.push({
      labels: metrics.map((m) => ({ key: m.spec.key, verdict: m.verdict })),
      pair: p,
      verdict: report.verdict,
      alarms: metrics
        .filter((m) => m.verdict === 'regressed' || m.verdict === 'improved')
        .map((m) => ({ key: m.spec.key, verdict: m.verdict, reason: reasonText(m) })),
      inconclusive: metrics
        .filter((m) => m.verdict === 'inconclusive')
        .map((m) => ({ key: m.spec.key, reason: reasonText(m) })),
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
    const cfg = buildConfig({
      metrics: [...config.metrics.map((m) => m.spec.key.replace('.', ' ')), key.replace('.', ' ')],
    });
    for (let s = 0; s < options.seedsPerRegression; s++) {
      const base = baseScenario(200 + s, options.requests);
      const report = triage(
        await simulatedSide('base', base),
        await simulatedSide('head', regression.apply(base)),
        cfg,
      );
      const where = `${regression.id} seed ${200 + s}`;
      check(report, where);
      const b = report.benchmarks[0];
      const m = b.metrics.find((x) => x.spec.key === key);
      const regressed = m?.verdict === 'regressed';
      const dominant = b.attributions.find((a) => a.spec.key === key)?.dominant ?? null;
      const root = concludedPhase(b, key);
      const hints = b.findings.filter((f) => f.metrics.includes(key)).map((f) => f.hint);
      const hintFound = regressed && hints.includes(hint as never);
      // The server did not change: a finding that blames the code, beyond a candidate, is wrong.
      if (WORKLOAD_HINTS.includes(hint)) {
        for (const f of b.findings)
          if (f.status !== 'candidate' && (f.cause === 'code' || CODE_HINTS.includes(f.hint)))
            selfContradicted.push(
              `${where}: ${f.hint} ${f.status} (cause ${f.cause}) in a change of the workload only`,
            );
      }
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
        phaseOk: regressed && (phase === null || dominant === phase || root === phase),
        expectedHint: hint,
        hints,
        hintFound,
        hintOk: hintFound && hints.every((h) => h === hint),
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
      const report = triage(
        await simulatedSide('base', base),
        await simulatedSide('head', change.apply(plain)),
        config,
      );
      check(report, `${change.id} seed ${200 + s}`);
      const b = report.benchmarks[0];
      const m = b.metrics.find((x) => x.spec.key === key);
      const problems: string[] = [];
      if (!m) problems.push(`${key} missing`);
      else if (!verdicts.includes(m.verdict)) problems.push(`${key} ${m.verdict}, expected ${verdicts.join(' or ')}`);
      if (benchmark && !benchmark.includes(b.verdict))
        problems.push(`benchmark ${b.verdict}, expected ${benchmark.join(' or ')}`);
      if (hint && !b.findings.some((f) => f.hint === hint))
        problems.push(`no ${hint} finding (hints: ${b.findings.map((f) => f.hint).join(', ') || 'none'})`);
      for (const k of notJudged ?? []) {
        const x = b.metrics.find((y) => y.spec.key === k);
        if (x && x.reason.code !== 'not-judged-overloaded')
          problems.push(`${k} judged (${x.verdict}) although both sides are overloaded`);
      }
      changes.push({
        change: change.id,
        seed: 200 + s,
        key,
        verdict: m?.verdict ?? 'missing',
        benchmarkVerdict: b.verdict,
        reason: m ? reasonText(m) : '',
        ok: problems.length === 0,
        problems,
      });
      options.onProgress?.(`${change.id} seed ${200 + s}: ${m?.verdict}`);
    }
  }
  return {
    aa,
    cases,
    changes,
    contradictions: contradicted,
    diagnosisContradictions: selfContradicted,
    seconds: (Date.now() - started) / 1000,
  };
}
