// The words for what the comparison is not: the sides' workload keys differ (load, streaming,
// engine, model, hardware, dataset), metrics not judged across streaming modes, the batching
// trade-off, a benchmark on one side only. Every renderer says these first; the data comes from
// diagnose/comparability.ts and the caveats, the sentences from here.

import type { Caveat } from '../diagnose/caveats';
import type { NotLikeForLike } from '../diagnose/comparability';
import type { KeyDifference, KeyValue } from '../model/workload-key';
import { compact, grouped, signedPercent, withUnit } from '../display/numbers';
import { specLabel } from '../metrics/metric-spec';
import { METRICS } from '../metrics/catalog';
import type { BenchmarkReport, Report } from '../report/model';

const FIELD_NAMES: Readonly<Record<KeyDifference['field'], string>> = {
  dataset: 'dataset',
  inputLength: 'input length',
  outputLength: 'output length',
  requestRate: 'request rate',
  concurrency: 'concurrency',
  streaming: 'streaming',
  engine: 'engine',
  engineVersion: 'engine version',
  model: 'model',
  hardware: 'hardware',
  tenant: 'tenant',
};

function value(d: KeyDifference, v: KeyValue): string {
  if (d.field === 'streaming') return v === true ? 'streaming' : 'non-streaming';
  if (d.field === 'requestRate') return typeof v === 'number' && !Number.isFinite(v) ? 'max rate' : `${v} req/s`;
  if (d.field === 'inputLength' || d.field === 'outputLength') return `${v} tokens`;
  return String(v);
}

/** "concurrency 2 → 16", "streaming → non-streaming", "engine vllm → sglang" ("vllm → sglang" when `bare`). */
export function differenceText(d: KeyDifference, bare = false): string {
  if (bare || d.field === 'streaming' || d.field === 'requestRate') return `${value(d, d.base)} → ${value(d, d.head)}`;
  return `${FIELD_NAMES[d.field]} ${value(d, d.base)} → ${value(d, d.head)}`;
}

/** Fields the sentence of their kind already names, so their values stand alone there. */
const NAMED_BY_SENTENCE = new Set<KeyDifference['field']>(['engine', 'model', 'hardware']);

/** Every difference in one short list, for headlines: "concurrency 2 → 16; engine vllm → sglang". */
export function notLikeForLikeShort(list: readonly NotLikeForLike[]): string | undefined {
  if (list.length === 0) return undefined;
  return list.flatMap((d) => d.differences.map((x) => differenceText(x))).join('; ');
}

/** The full sentence for one kind of difference. */
export function notLikeForLikeSentence(d: Pick<NotLikeForLike, 'kind' | 'differences' | 'judgedAnyway'>): string {
  const what = d.differences.map((x) => differenceText(x, NAMED_BY_SENTENCE.has(x.field))).join(', ');
  switch (d.kind) {
    case 'load-changed':
      return d.judgedAnyway
        ? `the load changed (${what}): a different operating point; the metrics are judged anyway, as asked (compare-across-load), so a change may be the load's, not the code's`
        : `the load changed (${what}): a different operating point, not a regression of the code; the metrics are shown but not judged — compare at the same load, or set compare-across-load to judge them anyway`;
    case 'streaming-changed':
      return `the streaming mode changed (${what}): without streaming the first token arrives with the whole response, so TTFT, ITL and TPOT mean something else on each side and are not judged`;
    case 'engine-changed':
      return `the serving engine changed (${what}): differences are the engines', not this code's alone`;
    case 'model-changed':
      return `the model changed (${what}): differences may be the model's, not the code's`;
    case 'hardware-changed':
      return `the hardware changed (${what}): differences may be the hardware's, not the code's`;
    case 'dataset-changed':
      return `the prompts changed (${what}): differences may be the workload's, not the code's`;
  }
}

/** A caveat in words: the data-carrying kinds are worded here, the others carry their own message. */
export function caveatText(c: Caveat): string {
  if (c.differences && isNotLikeForLike(c.kind))
    return notLikeForLikeSentence({
      kind: c.kind,
      differences: c.differences,
      ...(c.judgedAnyway ? { judgedAnyway: true } : {}),
    });
  if (c.kind === 'batching-tradeoff' && c.tradeoff) {
    const t = c.tradeoff;
    const batch =
      t.batch.source === 'declared concurrency'
        ? `concurrency ${grouped(t.batch.base)} → ${grouped(t.batch.head)}`
        : `mean requests in flight ${compact(t.batch.base)} → ${compact(t.batch.head)}`;
    const matched = t.matchedStep
      ? `; at a matched running batch the decode step changed ${signedPercent(t.matchedStep.change)}${t.matchedStep.changed ? ", which is the code's own share" : ', so the code itself did not slow'}`
      : '; compare latency at matched load (the same concurrency or rate) to see what the code itself did';
    return `throughput ${signedPercent(t.throughputChange)} with ${keyName(t.tokenMetric)} ${signedPercent(t.tokenChange)} as the batch grew (${batch}): the batching trade-off — more requests share each decode step, so the server makes more tokens per second while each request waits longer for each token${matched}`;
  }
  if (c.kind === 'benchmark-missing' && c.missing) {
    return c.missing.side === 'base'
      ? `"${c.missing.name}" stopped reporting: it is in the baseline but not in this PR's results`
      : `"${c.missing.name}" is new: only in this PR's results, nothing to compare it with`;
  }
  return c.message;
}

/** "itl.p50" → "ITL p50". */
function keyName(key: string): string {
  const [id, stat] = key.split('.');
  const metric = Object.hasOwn(METRICS, id) ? METRICS[id as keyof typeof METRICS].label : id;
  return stat ? `${metric} ${stat}` : metric;
}

/** The caveats said with the not-like-for-like block at the top: the batching trade-off. */
export function topCaveats(b: BenchmarkReport): Caveat[] {
  return b.caveats.filter((c) => c.kind === 'batching-tradeoff');
}

function isNotLikeForLike(kind: Caveat['kind']): kind is NotLikeForLike['kind'] {
  return [
    'load-changed',
    'engine-changed',
    'streaming-changed',
    'model-changed',
    'hardware-changed',
    'dataset-changed',
  ].includes(kind);
}

/** "TTFT p50 173 ms → 4,356 ms (+2,418%)" for each metric not judged. */
export function notJudgedItems(b: BenchmarkReport): string[] {
  return b.notJudged.map(({ comparison: m }) => {
    const unit = m.spec.metric.unit;
    const values =
      m.base && m.head
        ? `${withUnit(m.base.value, unit)} → ${withUnit(m.head.value, unit)}`
        : 'not measured on both sides';
    const change = m.change !== null && m.change !== undefined ? ` (${signedPercent(m.change)})` : '';
    return `${specLabel(m.spec)} ${values}${change}`;
  });
}

/** The benchmark-missing caveats of the whole report (the pairing puts them on the first benchmark). */
export function missingBenchmarks(report: Report): Caveat[] {
  return report.benchmarks.flatMap((b) => b.caveats.filter((c) => c.kind === 'benchmark-missing'));
}
