// The performance journal (§8): an append-only JSONL, the source of truth, one entry per recorded
// result; the markdown journal is rendered from it. Versioned: readers accept their own version and
// older ones, and refuse newer ones with a clear message.

import type { Acceptance } from '../report/model';

export const JOURNAL_SCHEMA = 'perf-triage/journal@1';

/** Why the entry exists. */
export type EntryKind =
  /** A result recorded on the default branch (push): the baseline moves to it. */
  | 'recorded'
  /** A regression merged with a maintainer's /perf accept. */
  | 'accepted'
  /** A regression merged without acceptance: kept, and flagged, never silently the new normal. */
  | 'unaccepted-regression'
  /** Recorded by hand (perf-triage journal add / journal init). */
  | 'manual';

export interface MetricRecord {
  /** "ttft.p95", "throughput". */
  key: string;
  unit: string;
  value: number;
  /** Versus the previous baseline, when there was one. */
  baseline?: number;
  change?: number | null;
  verdict?: string;
}

export interface JournalEntry {
  schema: typeof JOURNAL_SCHEMA;
  /** Stable id: the workflow run (and attempt) that recorded it, so a re-run appends nothing twice. */
  id: string;
  kind: EntryKind;
  benchmark: string;
  /** ISO date-time of the recording. */
  recordedAt: string;
  commit?: string;
  pullRequest?: { number: number; title?: string; url?: string };
  runUrl?: string;
  /** The §8 record, as text lines. */
  date: string;
  symptom: string;
  workload: string;
  baseline: string;
  diagnosis: string;
  change: string;
  result: string;
  quality: string;
  effort: string;
  /** The verdict against the previous baseline. */
  verdict: string;
  metrics: MetricRecord[];
  acceptance?: Acceptance;
  /** Mean milliseconds per phase over the recorded run's successful requests (phase trends). */
  phases?: Record<string, number>;
  /** Hints of the diagnosis, for search. */
  hints: string[];
  /** Engine configuration of the recorded run. */
  config?: Record<string, string | number | boolean | null>;
}
