// The reading both the vLLM and the SGLang adapter do (SGLang's bench_serving is adapted from
// vLLM's benchmark_serving.py and writes the same keys for the same things): one Run per result
// object with its summaries, per-request rows, workload and source report; the adapters supply
// their names and their metadata mapping. Metadata is written with caps and without "__proto__".

import {
  emptyMeta,
  type ConfigValue,
  type Run,
  type RunMeta,
  type SummaryValue,
  type WorkloadInfo,
} from '../../model/run';
import type { SummaryMetricId } from '../../metrics/catalog';
import type { TextSource } from '../source';
import type { IngestOptions } from './adapter';
import { MAX_DOCUMENT_BYTES, own } from './document';
import { SummaryCollector, finiteNumber } from './values';
import { forEachResultObject, type ResultPlace } from './vllm-document';
import { readPerRequestArrays, type PerRequestResult } from './vllm-requests';
import { addLatencyStats, addThroughputs, type ThroughputKey } from './vllm-summaries';

const MAX_META_KEYS = 64;
const MAX_TEXT = 200;

/** What differs between the vLLM and SGLang readers. */
export interface ServingToolSpec {
  /** The adapter id, written in each run's source report. */
  id: string;
  /** Named in messages: "vLLM result". */
  format: string;
  /** The tool's latency names → catalog ids ("e2el" → "e2e"). */
  metricIds: Readonly<Record<string, SummaryMetricId>>;
  throughputs: readonly ThroughputKey[];
  meta(
    result: Record<string, unknown>,
    workload: WorkloadInfo,
    place: ResultPlace,
  ): { meta: RunMeta; warnings: string[] };
  repeat?(result: Record<string, unknown>, file: string): string | undefined;
  /** The version of the tool that wrote the result, where it says. */
  toolVersion?(result: Record<string, unknown>): string | undefined;
}

/** Every run of a result file: one per result object (the whole file, a JSONL line, a list element). */
export async function readServingResults(
  source: TextSource,
  options: IngestOptions,
  spec: ServingToolSpec,
  maxBytes = MAX_DOCUMENT_BYTES,
): Promise<Run[]> {
  const runs: Run[] = [];
  const report = await forEachResultObject(
    source,
    spec.format,
    options,
    (result, place) => runs.push(servingRun(result, source.name, place, options, spec)),
    maxBytes,
  );
  for (const run of runs) run.sources[0].warnings.push(...report.skipped.map((s) => `${s}: skipped`));
  return runs;
}

function servingRun(
  result: Record<string, unknown>,
  file: string,
  place: ResultPlace,
  options: IngestOptions,
  spec: ServingToolSpec,
): Run {
  const collector = new SummaryCollector();
  const completed = finiteNumber(own(result, 'completed'));
  const warnings: string[] = [];
  if (completed === 0) {
    // With no successful request the tools write 0 (or NaN) for every latency statistic.
    warnings.push(
      'every request failed (completed 0): the latency statistics, which the tool writes as 0 or NaN, were left out',
    );
  } else {
    addLatencyStats(
      result,
      spec.metricIds,
      collector,
      completed !== undefined && !Number.isNaN(completed) ? completed : undefined,
    );
  }
  addThroughputs(result, spec.throughputs, collector);
  const perRequest = readPerRequestArrays(result, file, spec.format, place, options);
  const workload = servingWorkload(result, perRequest?.failed, warnings);
  const meta = spec.meta(result, workload, place);
  const repeat = spec.repeat?.(result, file);
  if (repeat === 'warmup') warnings.push('a warm-up run of a sweep (run_number -1)');
  return assembleRun({
    file,
    format: spec.id,
    meta: meta.meta,
    summaries: collector.values,
    perRequest,
    workload,
    ...(repeat !== undefined ? { repeat } : {}),
    ...(spec.toolVersion?.(result) ? { toolVersion: spec.toolVersion(result) } : {}),
    warnings: [...warnings, ...collector.warnings, ...meta.warnings],
  });
}

/** A finite number ≥ 0 from a number or numeric string, else undefined. */
function nonNegative(value: unknown): number | undefined {
  const n = finiteNumber(value);
  return n !== undefined && !Number.isNaN(n) && n >= 0 ? n : undefined;
}

/** A request rate: a positive number, or Infinity for "inf" / bare Infinity ("send all at once"). */
function requestRate(value: unknown): number | undefined {
  if (value === Infinity) return Infinity;
  if (typeof value === 'string' && /^\s*\+?(inf|infinity)\s*$/i.test(value)) return Infinity;
  const n = nonNegative(value);
  return n !== undefined && n > 0 ? n : undefined;
}

/**
 * What the result says about the load and the experiment: requests sent (completed + failed when the
 * failures are known, else --num-prompts, else the completed ones), failures — the tool's count, the
 * per-request errors, or, when the tool wrote neither, --num-prompts − completed (derived, and said
 * so) — the --max-concurrency cap, the --request-rate, the duration, mean tokens per successful
 * request (the tools total the tokens of successful requests only; one SGLang refactor names the
 * totals total_input / total_output), and the workload key: dataset, length settings, the client
 * backend as the engine it names.
 */
function servingWorkload(
  result: Record<string, unknown>,
  failedFromRows: number | undefined,
  warnings: string[],
): WorkloadInfo {
  const completed = nonNegative(own(result, 'completed'));
  const written = nonNegative(own(result, 'failed'));
  const prompts = nonNegative(own(result, 'num_prompts'));
  const out: WorkloadInfo = {};
  let failed = written ?? failedFromRows;
  if (written !== undefined) out.failedFrom = 'tool';
  else if (failedFromRows !== undefined) out.failedFrom = 'rows';
  else if (prompts !== undefined && completed !== undefined && prompts > completed) {
    failed = prompts - completed;
    out.failedFrom = 'derived';
    warnings.push(
      `no failure count in the file: ${failed} failed = ${prompts} requested (num_prompts) − ${completed} completed`,
    );
  }
  if (completed !== undefined && failed !== undefined) out.requests = completed + failed;
  else if (prompts !== undefined) out.requests = prompts;
  else if (completed !== undefined) out.requests = completed;
  if (failed !== undefined) out.failed = failed;
  if (
    prompts !== undefined &&
    completed !== undefined &&
    failed !== undefined &&
    out.failedFrom !== 'derived' &&
    prompts > completed + failed
  ) {
    out.missing = prompts - completed - failed;
    warnings.push(
      `${out.missing} of the ${prompts} requested prompts (num_prompts) are neither completed (${completed}) nor failed (${failed}): the dataset may have had fewer usable prompts, or requests were lost`,
    );
  }
  const concurrency = nonNegative(own(result, 'max_concurrency'));
  if (concurrency !== undefined && concurrency > 0) out.concurrency = concurrency;
  const rate = requestRate(own(result, 'request_rate'));
  if (rate !== undefined) out.requestRate = rate;
  const duration = nonNegative(own(result, 'duration'));
  if (duration !== undefined) out.durationSeconds = duration;
  // A request count is whole: a fraction (or a denormal) is not one, and would divide to Infinity.
  if (completed !== undefined && completed >= 1) {
    const input = nonNegative(own(result, 'total_input_tokens') ?? own(result, 'total_input'));
    const output = nonNegative(own(result, 'total_output_tokens') ?? own(result, 'total_output'));
    if (input !== undefined) out.inputTokensMean = input / completed;
    if (output !== undefined) out.outputTokensMean = output / completed;
  }
  Object.assign(out, datasetKey(result));
  const engine = engineOfBackend(own(result, 'backend') ?? own(result, 'endpoint_type'));
  if (engine) out.engine = engine;
  return out;
}

/**
 * The dataset and its length settings (SGLang writes them; vLLM's sweep and --metadata may): the
 * random_* lengths count only for the random datasets, sharegpt_output_len only for ShareGPT.
 */
function datasetKey(result: Record<string, unknown>): Pick<WorkloadInfo, 'dataset' | 'inputLength' | 'outputLength'> {
  const out: Pick<WorkloadInfo, 'dataset' | 'inputLength' | 'outputLength'> = {};
  const name = own(result, 'dataset_name');
  const dataset = typeof name === 'string' && name.trim() ? name.trim().slice(0, MAX_TEXT) : undefined;
  if (dataset) out.dataset = dataset;
  if (!dataset || /random/i.test(dataset)) {
    const input = nonNegative(own(result, 'random_input_len'));
    const output = nonNegative(own(result, 'random_output_len'));
    if (input !== undefined && input > 0) out.inputLength = input;
    if (output !== undefined && output > 0) out.outputLength = output;
  } else if (/sharegpt/i.test(dataset)) {
    const output = nonNegative(own(result, 'sharegpt_output_len'));
    if (output !== undefined && output > 0) out.outputLength = output;
  }
  return out;
}

/**
 * The engine a client backend names: "sglang" (and its -oai variants) hit an SGLang server, "vllm" a
 * vLLM one, "tgi", "lmdeploy", "tensorrt-llm"… theirs; "openai" and "openai-chat" speak a protocol
 * any engine serves, so they name none.
 */
export function engineOfBackend(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim().toLowerCase();
  if (name === '' || /^openai/.test(name)) return undefined;
  const base = name.replace(/-(oai|oai-chat|chat|native)$/, '');
  if (base === 'trt' || base === 'tensorrt-llm' || base === 'trtllm') return 'tensorrt-llm';
  return base.slice(0, MAX_TEXT);
}

/** A short description of the load for meta.workload: "request rate inf/s, max concurrency 2". */
export function describeLoad(workload: WorkloadInfo, more: string[] = []): string | undefined {
  const parts = [...more];
  if (workload.requestRate !== undefined)
    parts.push(`request rate ${workload.requestRate === Infinity ? 'inf' : workload.requestRate}/s`);
  if (workload.concurrency !== undefined) parts.push(`max concurrency ${workload.concurrency}`);
  if (workload.requests !== undefined) parts.push(`${workload.requests} requests`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/** A metadata value as config or text: strings (capped), finite numbers, booleans; "inf" for ±Infinity. */
function scalar(value: unknown): ConfigValue | undefined {
  if (typeof value === 'string') return value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT)}…` : value;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (Number.isFinite(value)) return value;
    return Number.isNaN(value) ? undefined : value > 0 ? 'inf' : '-inf';
  }
  return undefined;
}

/** Writes metadata with a cap on the number of keys; "__proto__" is never a setting and is skipped. */
export class MetaWriter {
  readonly meta: RunMeta = emptyMeta();
  private readonly dropped: string[] = [];

  config(key: string, value: unknown): void {
    const v = scalar(value);
    if (v === undefined || key === '__proto__') return;
    if (Object.keys(this.meta.config).length >= MAX_META_KEYS && !Object.hasOwn(this.meta.config, key)) {
      this.dropped.push(key);
      return;
    }
    this.meta.config[key] = v;
  }

  extra(key: string, value: unknown): void {
    const v = scalar(value);
    if (v === undefined || v === null || key === '__proto__') return;
    if (Object.keys(this.meta.extra).length >= MAX_META_KEYS && !Object.hasOwn(this.meta.extra, key)) {
      this.dropped.push(key);
      return;
    }
    this.meta.extra[key] = String(v);
  }

  text(value: unknown): string | undefined {
    const v = scalar(value);
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined;
  }

  warnings(): string[] {
    if (this.dropped.length === 0) return [];
    return [
      `${this.dropped.length} metadata key(s) beyond the first ${MAX_META_KEYS} were not kept: ${this.dropped.slice(0, 5).join(', ')}`,
    ];
  }
}

interface RunParts {
  file: string;
  format: string;
  meta: RunMeta;
  summaries: SummaryValue[];
  perRequest: PerRequestResult | undefined;
  workload: WorkloadInfo;
  repeat?: string;
  toolVersion?: string;
  warnings: string[];
}

/**
 * The Run with its source report. Records are the requests of the per-request arrays when the file
 * has them, else the one result object.
 */
function assembleRun(parts: RunParts): Run {
  const { perRequest } = parts;
  const table = perRequest?.table;
  const rows = perRequest && perRequest.recordsRead > 0;
  const run: Run = {
    meta: parts.meta,
    summaries: parts.summaries,
    sources: [
      {
        file: parts.file,
        format: parts.format,
        ...(parts.toolVersion ? { toolVersion: parts.toolVersion } : {}),
        recordsRead: rows ? perRequest.recordsRead : 1,
        recordsKept: rows ? (table?.length ?? 0) : 1,
        skipped: perRequest?.skipped ?? 0,
        issues: perRequest?.issues ?? [],
        warnings: [...parts.warnings, ...(perRequest?.warnings ?? [])],
      },
    ],
    workload: parts.workload,
    role: table ? 'requests' : 'summary',
  };
  if (table) run.requests = table;
  if (parts.repeat !== undefined) run.repeat = parts.repeat;
  return run;
}
