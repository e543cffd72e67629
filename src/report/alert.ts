// An alert from the journal as plain data (found by src/journal/alerts.ts, worded by
// src/render/alert.ts, filed by src/github/alerts.ts): the commit range a step is in, the metrics that
// moved with their intervals, and the phase that moved.

import type { Direction, PhaseId } from '../metrics/catalog';

export interface EntryRef {
  id: string;
  recordedAt: string;
  commit?: string;
  runUrl?: string;
  pullRequest?: { number: number; title?: string; url?: string };
}

export interface PhaseMove {
  phase: PhaseId | 'remainder';
  before: number;
  after: number;
  /** Where it was measured: at the metric's percentile (the merge's attribution) or run means (journal entries). */
  basis: 'tail' | 'run-mean';
}

export interface AlertMetric {
  benchmark: string;
  key: string;
  unit: string;
  direction: Direction;
  /** How it was found: the merge's own comparison, or a step in the history. */
  source: 'regression' | 'change-point';
  before: number;
  after: number;
  /** after / before − 1. */
  change: number;
  interval?: [number, number];
  level?: number;
  pValue?: number;
  minEffect: number;
  /** The entry the step is into, and the one before it. */
  step: EntryRef;
  from?: EntryRef;
  phase?: PhaseMove;
}

export interface Alert {
  /** The range's identity: "<from commit>..<to commit>" (entry ids where a commit is missing). */
  range: string;
  from?: EntryRef;
  to: EntryRef;
  metrics: AlertMetric[];
  /** The §5 diagnosis of each benchmark that regressed at the merge, as the journal entry says it. */
  diagnoses: { benchmark: string; text: string; hints: string[] }[];
}
