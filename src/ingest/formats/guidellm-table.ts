// Finishing one GuideLLM benchmark's request table: the rows, or none; too many bad records reject
// the file, as for every per-request format.

import type { RequestTable, SummaryValue } from '../../model/run';
import { InputError } from '../errors';
import type { IngestOptions } from './adapter';
import type { BuiltTable, RequestTableBuilder } from '../request-table';

export const FORMAT = 'GuideLLM report';

export function finishTable(
  builder: RequestTableBuilder,
  file: string,
  benchmark: string,
  options: IngestOptions,
): BuiltTable & { table: RequestTable | undefined } {
  const built = builder.finish();
  const first = built.firstRejection;
  const read = built.recordsRead;
  if (read > 0 && built.skipped / read > options.maxBadLineRatio) {
    throw new InputError(
      file,
      `${FORMAT}: ${benchmark}: ${first ? `${first.message} — ` : ''}${built.skipped} of ${read} request records are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first (records are numbered through the file)`,
      first?.line,
      first?.field,
    );
  }
  return built;
}

/** Unit conversion can overflow (1e308 s in ms): such values are left out with a warning. */
export function finiteSummaries(values: readonly SummaryValue[], warnings: string[]): SummaryValue[] {
  const kept = values.filter((v) => Number.isFinite(v.value));
  if (kept.length < values.length)
    warnings.push(
      `${values.length - kept.length} statistic(s) overflow when converted to the catalog's units; left out`,
    );
  return kept;
}
