// A compared result as journal entries and baseline digests: what record mode on a merge writes,
// made once for the action (src/github/record.ts) and `perf-triage journal record` alike.

import type { Side } from '../model/run';
import type { Report } from '../report/model';
import { digestSide } from '../ingest/digest/digest';
import { asFirstBaseline, entryFromReport, type EntryContext } from './entry';
import { phaseMeans } from './phases';
import type { RecordInput } from './store';
import type { JournalEntry } from './schema';

export interface RecordContext extends Omit<EntryContext, 'id' | 'phases'> {
  /** The entry id is `${idPrefix}:${benchmark}`: the workflow run (or the CLI's commit), so a re-run appends nothing. */
  idPrefix: string;
  /** Benchmarks compared with no baseline yet: their entry is a first baseline. */
  firstBaseline?: ReadonlySet<string>;
}

/** One entry per benchmark of the report; `heads` are the head runs per benchmark, in the report's order. */
export function recordedEntries(report: Report, heads: readonly Side[], context: RecordContext): JournalEntry[] {
  const { idPrefix, firstBaseline, ...rest } = context;
  return report.benchmarks.map((b, i) => {
    const entry = entryFromReport(b, { ...rest, id: `${idPrefix}:${b.name}`, phases: phaseMeans(heads[i]) });
    return firstBaseline?.has(b.name) ? asFirstBaseline(entry) : entry;
  });
}

/** The entries and, per benchmark, its new baseline digest (the head run), made only if written. */
export function recordInput(
  report: Report,
  heads: readonly Side[],
  entries: readonly JournalEntry[],
  recordedAt: string,
  commit?: string,
): RecordInput {
  const baselines = new Map<string, () => string>();
  report.benchmarks.forEach((b, i) => {
    const entry = entries.find((e) => e.benchmark === b.name);
    baselines.set(
      b.name,
      () =>
        `${JSON.stringify(digestSide(heads[i], b.name, recordedAt, { ...(commit ? { commit } : {}), ...(entry ? { entryId: entry.id } : {}) }))}\n`,
    );
  });
  return { entries, baselines };
}
