// Guards (§9) and honesty notes: what limits the verdict, said plainly next to it.

import { compact, grouped, percent, signedPercent } from '../display/numbers';
import { listJoin } from '../display/text';
import { isSummaryBasis } from '../metrics/basis';
import { specLabel } from '../metrics/metric-spec';
import { successMask } from '../metrics/values';
import type { Side } from '../model/run';
import type { MetricComparison } from '../compare/types';
import { MEASURED_NOISE_RUNS } from '../compare/compare';
import type { Attribution } from './attribution';
import type { ConfigChange } from './config-diff';
import { describeValue } from './config-diff';
import type { WorkloadComparison } from './workload';
import type { LikeForLike } from './like-for-like';
import { agreeingBins } from './phrases';
import { caveat as qualityCaveat } from '../compare/quality/compare';
import type { QualityComparison } from '../model/quality';
import type { LoadComparison } from '../compare/load';
import { loadPhrase } from './survivors';
import { describeField, type KeyDifference } from '../model/workload-key';
import type { BatchingTradeoff, NotLikeForLike, NotLikeForLikeKind } from './comparability';

export type CaveatKind =
  | NotLikeForLikeKind
  | 'batching-tradeoff'
  | 'benchmark-missing'
  | 'single-run'
  | 'skipped-lines'
  | 'input-warning'
  | 'workload-drift'
  | 'config-confounded'
  | 'p50-vs-tail'
  | 'few-samples'
  | 'error-rate'
  | 'missing-phases'
  | 'hidden-slowdown'
  | 'summary-only'
  | 'benchmark-names'
  | 'no-phases'
  | 'baseline-drift'
  | 'decode-floor'
  | 'quality-not-measured'
  | 'quality-changed'
  | 'quality-unverified'
  | 'overloaded'
  | 'warm-up'
  /** More runs are on their way before a verdict is called (src/action/confirm.ts). */
  | 'confirming';

export interface Caveat {
  kind: CaveatKind;
  /** The words; for the kinds below that carry data, a plain listing that src/render words in full. */
  message: string;
  /** The not-like-for-like kinds: what differs between the sides' workload keys. */
  differences?: KeyDifference[];
  /** load-changed: judged anyway, as the team asked (compare-across-load). */
  judgedAnyway?: boolean;
  /** batching-tradeoff: the changes that make it one. */
  tradeoff?: BatchingTradeoff;
  /** benchmark-missing: the benchmark on one side only. */
  missing?: { side: 'base' | 'head'; name: string };
}

export interface CaveatInput {
  base: Side;
  head: Side;
  metrics: MetricComparison[];
  attributions: Attribution[];
  workload: WorkloadComparison;
  configChanges: ConfigChange[];
  likeForLike: LikeForLike[];
  /** Quality files compared (the quality inputs), when given. */
  quality?: QualityComparison;
  /** Offered vs completed, trends and warm-up per side. */
  load?: LoadComparison;
  /** What differs between the sides' workload keys: said first. */
  notLikeForLike?: NotLikeForLike[];
  tradeoff?: BatchingTradeoff;
}

export function collectCaveats(input: CaveatInput): Caveat[] {
  const out: Caveat[] = [];
  const { base, head, metrics, workload, configChanges } = input;

  // Not like-for-like comes before everything else: it changes what every number below means.
  for (const d of input.notLikeForLike ?? [])
    out.push({
      kind: d.kind,
      message: listDifferences(d.differences),
      differences: d.differences,
      ...(d.judgedAnyway ? { judgedAnyway: true } : {}),
    });
  if (input.tradeoff) {
    const t = input.tradeoff;
    out.push({
      kind: 'batching-tradeoff',
      message: `throughput ${signedPercent(t.throughputChange)}, ${t.tokenMetric} ${signedPercent(t.tokenChange)}, batch ${compact(t.batch.base)} → ${compact(t.batch.head)}`,
      tradeoff: t,
    });
  }

  const fewRuns = Math.min(base.runs.length, head.runs.length);
  const measured = metrics.filter(
    (m) => m.base?.blockLengths.length && m.head?.blockLengths.length && !isSummaryBasis(m.basis),
  );
  if (fewRuns < MEASURED_NOISE_RUNS && measured.length) {
    const lengths = measured.flatMap((m) => [...m.base!.blockLengths, ...m.head!.blockLengths]);
    const noise = [...new Set(measured.map((m) => Math.max(m.runNoise?.base ?? 0, m.runNoise?.head ?? 0)))].sort(
      (a, b) => a - b,
    );
    out.push({
      kind: 'single-run',
      message: `${fewRuns === 1 ? 'one run' : `${fewRuns} runs`} per side: intervals come from resampling blocks of consecutive requests within each run (${Math.min(...lengths)}–${Math.max(...lengths)} requests per block), which keeps queueing bursts together, plus an allowance for between-run noise of ${noise.map(percent).join(' to ')} per side; 3 or more runs per side would measure that noise instead`,
    });
  }

  for (const side of [base, head]) {
    for (const run of side.runs) {
      for (const source of run.sources) {
        if (source.skipped > 0) {
          const first = source.issues[0];
          out.push({
            kind: 'skipped-lines',
            message: `${source.file}: ${grouped(source.skipped)} of ${grouped(source.recordsRead)} records skipped (${side.label})${first ? `; first: line ${first.line}${first.field ? `, field ${first.field}` : ''}: ${first.message}` : ''}`,
          });
        }
        for (const warning of source.warnings)
          out.push({ kind: 'input-warning', message: `${source.file}: ${warning}` });
      }
    }
  }

  const summaries = metrics.filter((m) => isSummaryBasis(m.basis));
  if (summaries.length) {
    out.push({
      kind: 'summary-only',
      message: `${summaries.length} metric${summaries.length === 1 ? '' : 's'} compared from the tools' run-level summaries (no per-request data): no phase decomposition, and intervals only from repeated runs or a noise band`,
    });
  }

  const drift: string[] = [];
  for (const shift of [workload.prompt, workload.output]) {
    if (shift?.changed)
      drift.push(
        `${shift.field === 'prompt_tokens' ? 'prompt' : 'output'} length median ${grouped(shift.baseMedian)} → ${grouped(shift.headMedian)} tokens (KS D = ${shift.ks.toFixed(2)})`,
      );
  }
  const names = {
    concurrency: 'concurrency',
    requestRate: 'request rate',
    inputTokensMean: 'mean input tokens',
    outputTokensMean: 'mean output tokens',
  } as const;
  // A declared load change is said first, as load-changed; the drift lists the rest.
  const loadSaid = (input.notLikeForLike ?? []).some((d) => d.kind === 'load-changed');
  for (const d of workload.declared) {
    if (loadSaid && (d.key === 'concurrency' || d.key === 'requestRate')) continue;
    drift.push(`${names[d.key]} ${compact(d.base)} → ${compact(d.head)} (as the tool reports it)`);
  }
  if (workload.arrivalRate?.changed) {
    drift.push(
      `arrival rate ${compact(workload.arrivalRate.baseRate)} → ${compact(workload.arrivalRate.headRate)} req/s (${signedPercent(workload.arrivalRate.change)})`,
    );
  }
  if (drift.length) {
    out.push({
      kind: 'workload-drift',
      message: `the workload differs between the sides: ${listJoin(drift)}; changes in latency may come from the workload, not the code`,
    });
  }

  if (configChanges.length > 1) {
    const shown = configChanges.slice(0, 6).map((c) => `${c.key} ${describeValue(c.base)} → ${describeValue(c.head)}`);
    out.push({
      kind: 'config-confounded',
      message: `${configChanges.length} configuration keys changed at once (${listJoin(shown)}${configChanges.length > 6 ? ', …' : ''}): any change cannot be pinned on one of them`,
    });
  }

  const p50Improved = metrics.filter(
    (m) => m.verdict === 'improved' && m.spec.stat.kind === 'percentile' && m.spec.stat.q <= 0.5,
  );
  const tailRegressed = metrics.filter(
    (m) => m.verdict === 'regressed' && m.slos.length && m.spec.stat.kind === 'percentile' && m.spec.stat.q > 0.5,
  );
  for (const tail of tailRegressed) {
    const median = p50Improved.find((m) => m.spec.metric.id === tail.spec.metric.id);
    if (median) {
      out.push({
        kind: 'p50-vs-tail',
        message: `${specLabel(median.spec)} improved while ${specLabel(tail.spec)}, the SLO's percentile, regressed: the median is not the target, and the tail has different causes`,
      });
    }
  }

  const few = metrics.filter((m) => m.reason.code === 'too-few-values');
  const first = few[0]?.reason;
  if (first?.code === 'too-few-values') {
    out.push({
      kind: 'few-samples',
      message: `too few requests for ${listJoin(few.map((m) => specLabel(m.spec)))}: ${specLabel(few[0].spec)} needs at least ${grouped(first.needed)} values per side (baseline has ${grouped(first.base)}, head ${grouped(first.head)})`,
    });
  }

  const load = input.load;
  if (load?.base.overloaded && load.head.overloaded) {
    out.push({
      kind: 'overloaded',
      message: `both sides are overloaded (baseline: ${loadPhrase(load.base.runs.find((r) => r.overloaded)!)}; head: ${loadPhrase(load.head.runs.find((r) => r.overloaded)!)}): latency that grows with the length of the run (TTFT, E2E, queue wait) is shown but not judged, and throughput and per-token metrics decide; compare at a load both sides can carry to judge latency`,
    });
  } else if (load?.base.overloaded) {
    out.push({
      kind: 'overloaded',
      message: `the baseline is overloaded (${loadPhrase(load.base.runs.find((r) => r.overloaded)!)}) and the head is not: its latency grew with the run, so the head's lower latency is partly the queue the baseline could not drain`,
    });
  }
  const trimmed = (side: 'base' | 'head') => load?.[side].runs.reduce((sum, r) => sum + r.warmup.rows, 0) ?? 0;
  if (trimmed('base') || trimmed('head')) {
    // The series MSER-5 read on the runs it trimmed (a run reads its queue wait, else its TTFT): the
    // sides may read different ones, and a side may have no run with per-request data.
    const series = [...load!.base.runs, ...load!.head.runs]
      .filter((r) => r.warmup.rows > 0)
      .map((r) => (r.series === 'ttft' ? 'TTFT' : 'queue wait'));
    out.push({
      kind: 'warm-up',
      message: `warm-up left out of latency and rates (MSER-5 on the ${listJoin([...new Set(series)])}): the first ${grouped(trimmed('base'))} requests of the baseline and ${grouped(trimmed('head'))} of the head; failed requests are counted over the whole run`,
    });
  }

  const baseErrors = errorShare(base);
  const headErrors = errorShare(head);
  const failuresJudged = metrics.some((m) => m.spec.metric.id === 'failed' && m.base);
  if (!failuresJudged && headErrors && headErrors.failed > 0 && (!baseErrors || headErrors.share > baseErrors.share)) {
    out.push({
      kind: 'error-rate',
      message: `${grouped(headErrors.failed)} requests failed in this run (${percent(headErrors.share)}, baseline ${baseErrors ? percent(baseErrors.share) : 'unknown'}); failed requests are left out of latency metrics, which can hide a problem`,
    });
  }

  for (const cost of input.likeForLike) {
    if (!cost.changed || cost.change <= 0) continue;
    const family = metrics.filter(
      (m) => m.spec.metric.id === cost.metric || (cost.metric === 'ttft' && m.spec.metric.id === 'ttft_client'),
    );
    if (family.length === 0 || family.some((m) => m.verdict === 'regressed')) continue;
    out.push({
      kind: 'hidden-slowdown',
      message: `${cost.label} ${signedPercent(cost.change)} (${agreeingBins(cost)}; unmatched ${signedPercent(cost.rawChange)}) while no ${cost.metric.toUpperCase()} metric regressed: a lighter load or easier workload may be hiding slower code`,
    });
  }

  const undiagnosed = metrics.filter(
    (m) =>
      m.verdict === 'regressed' &&
      !m.spec.metric.custom &&
      !['itl', 'tpot'].includes(m.spec.metric.id) &&
      !input.attributions.some((a) => a.spec.key === m.spec.key),
  );
  if (undiagnosed.length) {
    out.push({
      kind: 'no-phases',
      message: `no phase decomposition for ${listJoin(undiagnosed.map((m) => specLabel(m.spec)))}: the data has no per-request phase timings (queue_wait_ms, prefill_ms, …); server-side telemetry or a metrics scrape of the same run would show where the time went`,
    });
  }

  const missing = [...new Set(input.attributions.flatMap((a) => a.missingPhases))];
  if (missing.length) {
    out.push({
      kind: 'missing-phases',
      message: `no ${listJoin(missing.map((p) => `${p}_ms`))} on one side or both: that time sits in the remainder`,
    });
  }

  const qualityGiven = input.quality && (input.quality.scores || input.quality.generations);
  if (qualityGiven) {
    const guard = qualityCaveat(input.quality!);
    if (guard) out.push(guard);
  } else if (!hasQuality(base) || !hasQuality(head)) {
    out.push({
      kind: 'quality-not-measured',
      message:
        'output quality was not measured in these runs: an optimization that trades accuracy would not show here (give eval scores or paired generations with the quality inputs)',
    });
  }
  return out;
}

function errorShare(side: Side): { failed: number; share: number } | undefined {
  let failed = 0;
  let total = 0;
  for (const run of side.runs) {
    if (!run.requests) continue;
    const ok = successMask(run.requests);
    for (let i = 0; i < ok.length; i++) if (!ok[i]) failed++;
    total += ok.length;
  }
  return total ? { failed, share: failed / total } : undefined;
}

/** Quality measures arrive as summaries named quality.* (issue-level support comes with adapters). */
function hasQuality(side: Side): boolean {
  return side.runs.some((r) => r.summaries.some((s) => s.metric.startsWith('quality')));
}

/** "concurrency 2 → 16, engine vllm → sglang": the fallback text of a not-like-for-like caveat. */
export function listDifferences(differences: KeyDifference[]): string {
  return differences
    .map(
      (d) =>
        // "engine version" before "engine": the first alternative that matches wins.
        `${describeField(d.field, d.base)} → ${describeField(d.field, d.head).replace(/^(concurrency|dataset|engine version|engine|model|hardware|tenant|input|output) /, '')}`,
    )
    .join(', ');
}
