// What the quality readers produce and what the comparison returns. Inputs may hold a Map (one
// entry per generation id); everything a comparison returns is plain data for JSON and markdown.

import type { IngestIssue } from './run';

export type QualityFormat = 'lm-eval' | 'perf-triage-scores' | 'generations';

/** One scalar quality measure on one side: "hellaswag/acc", "gsm8k/exact_match,strict-match", "accuracy". */
export interface ScoreMetric {
  key: string;
  value: number;
  stderr?: number;
  /** Items a share-valued score is a share of (the scores file's "n"): allows a Newcombe interval without a stderr. */
  n?: number;
  /** Documents evaluated (lm-eval n-samples "effective"): shown, never used as n, since not every lm-eval metric is a share. */
  samples?: number;
  /** From lm-eval's higher_is_better; unknown otherwise. */
  higherIsBetter?: boolean;
}

export interface ScoreSet {
  kind: 'scores';
  format: 'lm-eval' | 'perf-triage-scores';
  file: string;
  metrics: ScoreMetric[];
  /** Things the reader noticed and left out (a stderr of "N/A", a value that is not a number). */
  notes: string[];
}

/** A generation's fingerprint: a namespaced hash ("sha256:<hex>" or "given:<value>") and, from text, its length. */
export interface GenerationFingerprint {
  hash: string;
  /** Characters (UTF-16 code units) of the output text; absent when the file carried only a hash. */
  length?: number;
}

/** A failed request (error set, or a non-2xx status): no output to compare. */
export const FAILED = 'failed';
export type GenerationEntry = GenerationFingerprint | typeof FAILED;

export interface SamplingSeen {
  /** Lines that carried a temperature. */
  withTemperature: number;
  maxTemperature?: number;
  /** Lines that carried a seed. */
  withSeed: number;
}

export interface GenerationSet {
  kind: 'generations';
  format: 'generations';
  file: string;
  /** By id, first occurrence kept. Only hashes and lengths: the texts are never kept. */
  entries: Map<string, GenerationEntry>;
  /** Non-blank lines (or list elements) read. */
  records: number;
  /** Records rejected (not JSON, no id, no output), all counted; the first few in `issues`. */
  bad: number;
  issues: IngestIssue[];
  /** Records for failed requests, kept as FAILED. */
  failed: number;
  /** Records whose id was already seen; the first is kept. */
  duplicates: number;
  /** Which id fields the records used, with counts. */
  idFields: Record<string, number>;
  sampling: SamplingSeen;
  warnings: string[];
}

export type QualityInput = ScoreSet | GenerationSet;

export type ScoreVerdict = 'changed' | 'unchanged' | 'inconclusive';

export interface ScoreDiff {
  key: string;
  base: number;
  head: number;
  /** head − base. */
  diff: number;
  baseStderr?: number;
  headStderr?: number;
  /** 95% interval of head − base. */
  interval?: [number, number];
  method: 'normal' | 'newcombe' | 'none';
  /** The smallest |diff| called a change, in the metric's units. */
  minEffect: number;
  verdict: ScoreVerdict;
  /** Only when higher_is_better is known and diff ≠ 0. */
  direction?: 'better' | 'worse';
  reason: string;
}

export interface ScoresComparison {
  metrics: ScoreDiff[];
  onlyBase: string[];
  onlyHead: string[];
  counts: Record<ScoreVerdict, number>;
  verdict: ScoreVerdict;
  sentence: string;
}

export interface GenerationsComparison {
  /** Ids with an output on both sides. */
  matched: number;
  identical: number;
  differing: number;
  /** Pairs whose hashes come from different sources (a text's SHA-256 against an opaque output_hash). */
  incomparable: number;
  onlyBase: number;
  onlyHead: number;
  /** Ids with an output in base whose head request failed, and the reverse. */
  failedHead: number;
  failedBase: number;
  /** identical / (identical + differing), with a 95% Wilson interval. */
  shareIdentical?: number;
  shareIdenticalInterval?: [number, number];
  verdict: 'identical' | 'changed' | 'none-matched';
  /** Sampling (temperature > 0 without a seed on both sides) makes differences expected. */
  expectedToDiffer: boolean;
  /** Among differing pairs with lengths on both sides: head output shorter / longer. */
  shorter: number;
  longer: number;
  sentence: string;
}

export interface QualityComparison {
  scores?: ScoresComparison;
  generations?: GenerationsComparison;
  notes: string[];
}

export interface QualityCaveat {
  kind: 'quality-changed' | 'quality-unverified';
  message: string;
}
