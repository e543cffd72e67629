// GuideLLM 0.1 reports (neuralmagic/guidellm src/guidellm/core/{report,result}.py): a
// GuidanceReport {benchmarks: [TextGenerationBenchmarkReport {benchmarks: [...], args: {...}}]},
// each inner TextGenerationBenchmark {mode, rate, results: [TextGenerationResult], errors:
// [TextGenerationError], output_token_throughput, completed_request_rate, …}. A result has Unix
// start_time, first_token_time, last_token_time, end_time (client clock), prompt_token_count,
// output_token_count and request.id; an error has a message and its request but no time. One run
// per inner benchmark, labelled like GuideLLM 0.1's console ("asynchronous@2.00").

import { emptyMeta, type Run } from '../../model/run';
import { InputError } from '../errors';
import { asObject, own } from './document';
import type { ReportContext } from './guidellm-benchmark';
import { describeLegacyMode } from './guidellm-strategy';
import { finiteSummaries, finishTable, FORMAT } from './guidellm-table';
import { finiteNumber, SummaryCollector } from './values';
import { RequestTableBuilder } from '../request-table';

export function mapLegacyReport(report: Record<string, unknown>, index: number, ctx: ReportContext): Run[] {
  const inner = own(report, 'benchmarks');
  if (!Array.isArray(inner))
    throw new InputError(ctx.file, `${FORMAT}: benchmarks[${index}].benchmarks: expected a list of 0.1 benchmarks`);
  const args = asObject(own(report, 'args'));
  return inner.map((item, k) => {
    const bench = asObject(item);
    if (!bench)
      throw new InputError(
        ctx.file,
        `${FORMAT}: benchmarks[${index}].benchmarks[${k}]: expected an object, got ${Array.isArray(item) ? 'a list' : typeof item}`,
      );
    return mapLegacyBenchmark(bench, `benchmarks[${index}].benchmarks[${k}]`, args, ctx);
  });
}

function mapLegacyBenchmark(
  bench: Record<string, unknown>,
  where: string,
  args: Record<string, unknown> | undefined,
  ctx: ReportContext,
): Run {
  const strategy = describeLegacyMode(own(bench, 'mode'), own(bench, 'rate'));
  const label = strategy.label ?? where;
  const builder = new RequestTableBuilder(ctx.file);
  let record = ctx.nextRecord;
  let errors = 0;
  const results = own(bench, 'results');
  if (Array.isArray(results)) for (const item of results) builder.addRecord(resultRow(item), record++);
  // 0.1 errors carry no times: counted as failures, not rows, so the results keep arrival order.
  const failures = own(bench, 'errors');
  if (Array.isArray(failures)) errors = failures.length;
  ctx.nextRecord = record;
  const built = finishTable(builder, ctx.file, `${where} (${label})`, ctx.options);

  const collector = new SummaryCollector();
  collector.add(
    'throughput',
    'mean',
    own(bench, 'output_token_throughput'),
    'tok/s',
    `${where}.output_token_throughput`,
  );
  collector.add(
    'request_throughput',
    'mean',
    own(bench, 'completed_request_rate'),
    'req/s',
    `${where}.completed_request_rate`,
  );
  const warnings = [...collector.warnings];
  const summaries = finiteSummaries(collector.values, warnings);
  if (!built.table && summaries.length === 0)
    throw new InputError(ctx.file, `${FORMAT}: ${where} (${label}): no results and no throughput to compare`);

  const meta = emptyMeta();
  meta.benchmark = label;
  Object.assign(meta.config, strategy.config);
  const model = own(args, 'model');
  if (typeof model === 'string' && model.trim()) meta.model = model.trim().slice(0, 200);
  const data = own(args, 'data');
  if (typeof data === 'string' && data.trim()) meta.workload = data.trim().slice(0, 200);
  meta.extra.guidellm_schema = 'benchmarks[].benchmarks[] with mode/rate (GuideLLM 0.1)';
  const duration = finiteNumber(own(bench, 'duration'));

  return {
    meta,
    ...(built.table ? { requests: built.table } : {}),
    summaries,
    workload: {
      ...strategy.workload,
      ...(meta.workload ? { dataset: meta.workload } : {}),
      requests: (Array.isArray(results) ? results.length : 0) + errors,
      failed: errors,
      failedFrom: 'rows',
      ...(duration !== undefined && Number.isFinite(duration) && duration > 0 ? { durationSeconds: duration } : {}),
    },
    role: built.table ? 'requests' : 'summary',
    repeat: label,
    sources: [
      {
        file: ctx.file,
        format: 'guidellm',
        recordsRead: built.recordsRead,
        recordsKept: built.table?.length ?? 0,
        skipped: built.skipped,
        issues: built.issues.kept,
        warnings: [
          ...warnings,
          ...(errors > 0
            ? [
                `${errors} error(s): GuideLLM 0.1 records no time for them, so they are counted as failed, not kept as rows`,
              ]
            : []),
          ...(built.table ? built.warnings : []),
        ],
      },
    ],
  };
}

function resultRow(item: unknown): unknown {
  const r = asObject(item);
  if (!r) return item;
  const start = stamp(own(r, 'start_time'));
  const first = stamp(own(r, 'first_token_time'));
  const last = stamp(own(r, 'last_token_time'));
  const end = stamp(own(r, 'end_time'));
  const row: Record<string, unknown> = {};
  const id = own(asObject(own(r, 'request')), 'id');
  if (typeof id === 'string' || typeof id === 'number') row.request_id = String(id);
  if (start !== undefined) row.arrival_ts = start;
  // Client-measured: request start → first token and → end of the response.
  row.first_token_ms =
    start !== undefined && first !== undefined ? (first - start) * 1000 : own(r, 'time_to_first_token');
  const latency = finiteNumber(own(r, 'request_latency'));
  row.total_ms =
    start !== undefined && end !== undefined
      ? (end - start) * 1000
      : latency !== undefined && !Number.isNaN(latency)
        ? latency * 1000
        : own(r, 'request_latency');
  if (first !== undefined && last !== undefined) row.decode_ms = (last - first) * 1000;
  row.prompt_tokens = own(r, 'prompt_token_count');
  row.output_tokens = own(r, 'output_token_count');
  return row;
}

function stamp(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}
