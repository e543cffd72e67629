// Finishing a per-request table for the two NVIDIA per-request exports (perf_analyzer's
// profile_export.json and AIPerf's profile_export.jsonl): the same rejection rules as the native
// format, and the workload the rows themselves show.

import type { RequestTable, SourceReport, WorkloadInfo } from '../../model/run';
import { InputError } from '../errors';
import type { BuiltTable, RequestTableBuilder } from '../request-table';
import type { IngestOptions } from './adapter';

export interface FinishedTable {
  table: RequestTable;
  built: BuiltTable;
}

/** The table, or an InputError when no row is usable or too many records were bad. */
export function finishTable(
  builder: RequestTableBuilder,
  file: string,
  format: string,
  options: IngestOptions,
): FinishedTable {
  const built = builder.finish();
  const { skipped, recordsRead: read, firstRejection: first } = built;
  if (!built.table) {
    if (first)
      throw new InputError(
        file,
        `${format}: ${first.message} (no usable request: ${skipped} of ${read} record(s) rejected, this is the first)`,
        first.line,
        first.field,
      );
    throw new InputError(file, `${format}: no requests in the file`);
  }
  if (read > 0 && skipped / read > options.maxBadLineRatio) {
    throw new InputError(
      file,
      `${format}: ${first ? `${first.message} — ` : ''}${skipped} of ${read} records are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      first?.line,
      first?.field,
    );
  }
  return { table: built.table, built };
}

export function sourceReport(file: string, format: string, finished: FinishedTable, warnings: string[]): SourceReport {
  const { built, table } = finished;
  return {
    file,
    format,
    recordsRead: built.recordsRead,
    recordsKept: table.length,
    skipped: built.skipped,
    issues: built.issues.kept,
    warnings: [...warnings, ...built.warnings],
  };
}

/** Requests, failures, span and mean token counts as the rows show them. */
export function tableWorkload(table: RequestTable): WorkloadInfo {
  const n = table.numbers;
  const error = table.text.error;
  let failed = 0;
  let first = Infinity;
  let last = -Infinity;
  const input = { sum: 0, count: 0 };
  const output = { sum: 0, count: 0 };
  for (let i = 0; i < table.length; i++) {
    const failedRow = error !== undefined && error.codes[i] >= 0;
    if (failedRow) failed++;
    const arrival = n.arrival_ts?.[i] ?? NaN;
    if (Number.isFinite(arrival)) {
      first = Math.min(first, arrival);
      const end = arrival + (n.total_ms?.[i] ?? 0) / 1000;
      if (Number.isFinite(end)) last = Math.max(last, end);
    }
    if (failedRow) continue;
    add(input, n.prompt_tokens?.[i]);
    add(output, n.output_tokens?.[i]);
  }
  const workload: WorkloadInfo = { requests: table.length, failed };
  if (Number.isFinite(first) && Number.isFinite(last) && last > first) workload.durationSeconds = last - first;
  if (input.count > 0) workload.inputTokensMean = input.sum / input.count;
  if (output.count > 0) workload.outputTokensMean = output.sum / output.count;
  return workload;
}

function add(acc: { sum: number; count: number }, value: number | undefined): void {
  if (value !== undefined && Number.isFinite(value)) {
    acc.sum += value;
    acc.count++;
  }
}
