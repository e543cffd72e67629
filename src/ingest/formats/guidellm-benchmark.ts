// One GuideLLM generative benchmark (0.2 and later) as one Run. A report holds one benchmark per
// load point (a sweep: synchronous, throughput, then constant rates in between); each is its own
// run, labelled by its strategy ("constant@4.00") in meta.benchmark and `repeat`, with the strategy
// and rate in meta.config, so runs of two reports can be matched by load point rather than pooled.
//
// Shapes followed (vllm-project/guidellm source):
//   0.2   benchmark/benchmark.py GenerativeBenchmark: args.strategy, request_totals, worker
//         .backend_model, request_loader.data, start_time/end_time/duration, metrics, requests
//   0.3.0 benchmark/objects.py: scheduler.strategy, benchmarker.{profile, backend, requests}
//   0.4+  benchmark/schemas/generative/benchmark.py: config.{strategy, profile, backend, requests},
//         scheduler_metrics.measure_start_time/measure_end_time, metrics.request_totals

import { emptyMeta, type Run, type RunMeta, type WorkloadInfo } from '../../model/run';
import { InputError } from '../errors';
import type { IngestOptions } from './adapter';
import { asObject, own } from './document';
import { readMetrics, type GenerativeShape } from './guidellm-metrics';
import { addGeneratedRequests, type MeasureWindow, type RequestCounts } from './guidellm-requests';
import { describeStrategy, type StrategyInfo } from './guidellm-strategy';
import { finishTable, FORMAT } from './guidellm-table';
import { finiteNumber } from './values';
import { RequestTableBuilder } from '../request-table';

const MAX_TEXT = 200;

export interface ReportContext {
  file: string;
  options: IngestOptions;
  /** metadata.guidellm_version (0.4+). */
  version?: string;
  /** The report's top-level "args" (0.4+): the command line, shared by every benchmark. */
  args?: Record<string, unknown>;
  /** Request records are numbered through the whole file, so a message points at one. */
  nextRecord: number;
}

const SHAPE_NAMES: Readonly<Record<GenerativeShape, string>> = {
  args: 'benchmark.args (GuideLLM 0.2)',
  scheduler: 'benchmark.scheduler (GuideLLM 0.3.0)',
  config: 'benchmark.config (GuideLLM 0.4+)',
};

export function mapGenerativeBenchmark(bench: Record<string, unknown>, index: number, ctx: ReportContext): Run {
  const where = `benchmarks[${index}]`;
  const shape = shapeOf(bench);
  const settings = asObject(own(bench, shape === 'config' ? 'config' : shape === 'scheduler' ? 'scheduler' : 'args'));
  const strategy = describeStrategy(own(settings, 'strategy'));
  const metrics = asObject(own(bench, 'metrics'));
  const requests = own(bench, 'requests');
  if (!metrics && !asObject(requests)) {
    throw new InputError(
      ctx.file,
      `${FORMAT}: ${where}: neither "metrics" nor "requests" — not a generative benchmark shape this reader knows (${SHAPE_NAMES[shape]}${ctx.version ? `, guidellm ${ctx.version}` : ''})`,
    );
  }
  const label = strategy.label ?? `benchmark ${index + 1}`;
  const read = readMetrics(metrics, shape);

  const builder = new RequestTableBuilder(ctx.file);
  const counts = addGeneratedRequests(builder, requests, measureWindow(bench), ctx.nextRecord);
  ctx.nextRecord += builder.recordsRead + counts.outsideWindow + counts.erroredUntimed;
  const built = finishTable(builder, ctx.file, `${where} (${label})`, ctx.options);
  if (!built.table && read.summaries.length === 0) {
    throw new InputError(
      ctx.file,
      `${FORMAT}: ${where} (${label}): no successful request and no summary statistic to compare`,
    );
  }

  const totals = asObject(own(metrics, 'request_totals')) ?? asObject(own(bench, 'request_totals'));
  const workload = workloadOf(bench, totals, strategy, read.workload);
  const warnings = [
    ...read.warnings,
    ...requestWarnings(counts, totals, built.table !== undefined),
    ...(built.table ? built.warnings : []),
  ];
  if (!strategy.label)
    warnings.push(`no strategy at ${shape}.strategy ("type_"): the run is labelled by its position, "${label}"`);
  const meta = metaOf(bench, shape, settings, strategy, label, ctx);
  if (read.concurrencyMean !== undefined) meta.extra.measured_concurrency_mean = String(read.concurrencyMean);
  // The data argument ("prompt_tokens=256,output_tokens=128", a dataset) is the workload key's dataset.
  if (meta.workload) workload.dataset = meta.workload;
  if (workload.failed !== undefined) workload.failedFrom = 'tool';

  return {
    meta,
    ...(built.table ? { requests: built.table } : {}),
    summaries: read.summaries,
    workload,
    role: built.table ? 'requests' : 'summary',
    repeat: label,
    sources: [
      {
        file: ctx.file,
        format: 'guidellm',
        ...(ctx.version ? { toolVersion: `guidellm ${ctx.version}` } : {}),
        recordsRead: built.recordsRead,
        recordsKept: built.table?.length ?? 0,
        skipped: built.skipped,
        issues: built.issues.kept,
        warnings,
      },
    ],
  };
}

function shapeOf(bench: Record<string, unknown>): GenerativeShape {
  if (asObject(own(bench, 'config'))) return 'config';
  if (asObject(own(bench, 'scheduler'))) return 'scheduler';
  return 'args';
}

/** 0.4+ keeps warmup and cooldown requests in the lists; its metrics use only the measured window. */
function measureWindow(bench: Record<string, unknown>): MeasureWindow | undefined {
  const scheduler = asObject(own(bench, 'scheduler_metrics'));
  const start = finiteNumber(own(scheduler, 'measure_start_time'));
  const end = finiteNumber(own(scheduler, 'measure_end_time'));
  if (start === undefined || end === undefined || !(start > 0) || !(end >= start)) return undefined;
  return { start, end };
}

function workloadOf(
  bench: Record<string, unknown>,
  totals: Record<string, unknown> | undefined,
  strategy: StrategyInfo,
  tokens: Partial<WorkloadInfo>,
): WorkloadInfo {
  const w: WorkloadInfo = { ...strategy.workload, ...tokens };
  const total = count(own(totals, 'total'));
  const errored = count(own(totals, 'errored'));
  if (total !== undefined) w.requests = total;
  if (errored !== undefined) w.failed = errored;
  const duration = count(own(bench, 'duration')) ?? span(own(bench, 'start_time'), own(bench, 'end_time'));
  if (duration !== undefined && Number.isFinite(duration) && duration > 0) w.durationSeconds = duration;
  return w;
}

function requestWarnings(
  counts: RequestCounts,
  totals: Record<string, unknown> | undefined,
  hasRows: boolean,
): string[] {
  const out: string[] = [];
  for (const status of counts.malformed) out.push(`requests.${status} is not a list; left out`);
  const successful = count(own(totals, 'successful'));
  if (hasRows && successful !== undefined && counts.successful < successful) {
    out.push(
      `the report keeps ${counts.successful} of ${successful} successful requests (GuideLLM sampled them): per-request statistics rest on the sample, GuideLLM's summaries on all`,
    );
  }
  if (!hasRows)
    out.push("the report keeps no per-request records (sampled away): only GuideLLM's summary statistics are compared");
  if (counts.incomplete > 0)
    out.push(
      `${counts.incomplete} incomplete request(s) (cut off when the benchmark ended) are counted, not kept as rows`,
    );
  if (counts.erroredUntimed > 0)
    out.push(`${counts.erroredUntimed} errored request(s) have no start time: counted as failed, not kept as rows`);
  if (counts.outsideWindow > 0)
    out.push(
      `${counts.outsideWindow} request(s) outside the measured window (warmup, cooldown) left out, as GuideLLM's own metrics do`,
    );
  return out;
}

function metaOf(
  bench: Record<string, unknown>,
  shape: GenerativeShape,
  settings: Record<string, unknown> | undefined,
  strategy: StrategyInfo,
  label: string,
  ctx: ReportContext,
): RunMeta {
  const meta = emptyMeta();
  meta.benchmark = label;
  Object.assign(meta.config, strategy.config);
  const profile = own(
    asObject(own(shape === 'scheduler' ? asObject(own(bench, 'benchmarker')) : settings, 'profile')),
    'type_',
  );
  if (typeof profile === 'string') meta.config.profile = profile.slice(0, 40);
  const backend = asObject(own(shape === 'scheduler' ? asObject(own(bench, 'benchmarker')) : settings, 'backend'));
  const worker = asObject(own(bench, 'worker'));
  const model = firstText(own(ctx.args, 'model'), own(backend, 'model'), own(worker, 'backend_model'));
  if (model) meta.model = model;
  const data = firstText(
    own(ctx.args, 'data'),
    own(asObject(own(bench, 'request_loader')), 'data'),
    own(asObject(own(asObject(own(bench, 'benchmarker')), 'requests')), 'data'),
    own(asObject(own(settings, 'requests')), 'data'),
  );
  if (data) meta.workload = data;
  meta.extra.guidellm_schema = SHAPE_NAMES[shape];
  if (ctx.version) meta.extra.guidellm_version = ctx.version;
  const target = firstText(own(ctx.args, 'target'), own(backend, 'target'), own(worker, 'backend_target'));
  if (target) meta.extra.target = target;
  const runId = own(bench, 'run_id') ?? own(settings, 'run_id');
  if (typeof runId === 'string') meta.extra.run_id = runId.slice(0, MAX_TEXT);
  return meta;
}

/** The first value that reads as text: a string, or a list of strings ("prompt_tokens=256,…"). */
function firstText(...values: unknown[]): string | undefined {
  for (const value of values) {
    let text: string | undefined;
    if (typeof value === 'string') text = value;
    else if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === 'string'))
      text = value.join('; ');
    if (text !== undefined && text.trim() !== '')
      return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text.trim();
  }
  return undefined;
}

function count(value: unknown): number | undefined {
  const n = finiteNumber(value);
  return n !== undefined && Number.isFinite(n) && n >= 0 ? n : undefined;
}

function span(start: unknown, end: unknown): number | undefined {
  const a = finiteNumber(start);
  const b = finiteNumber(end);
  if (a === undefined || b === undefined || Number.isNaN(a) || Number.isNaN(b) || a <= 0) return undefined;
  return b - a;
}
