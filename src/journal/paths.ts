// Where the journal lives in the repository (the `journal-dir` input, `.perf-triage` by default):
//   journal.jsonl          the newest entries (at most SEGMENT_ENTRIES lines), appended
//   journal/NNNN.jsonl     full segments, oldest first, each written once
//   journal/NNNN.md        the page of each full segment, written with it
//   journal/index.json     the full segments: file, lines, first and last date
//   JOURNAL.md             the newest entries, trend charts, links to the full segments' pages
//   baselines/<file>.json  each benchmark's baseline digest
//   noise/<file>.json      each benchmark's noise calibration (perf-triage calibrate)

import { createHash } from 'node:crypto';

export interface JournalPaths {
  dir: string;
  /** The newest segment (in today's single-file layout: the whole journal). */
  jsonl: string;
  markdown: string;
  /** The index of full segments. */
  index: string;
  /** Full segment n (1, 2, …) and its page, as paths in the repository. */
  segment(n: number): string;
  segmentPage(n: number): string;
  /** The baseline file of a benchmark (baselineFile: unique per name). */
  baseline(benchmark: string): string;
  /** Where perf-triage before 0.2 kept it (slug only; two names could share it). */
  legacyBaseline(benchmark: string): string;
  /** The noise calibration of a benchmark (same file name as its baseline). */
  noise(benchmark: string): string;
}

export function journalPaths(dir = '.perf-triage'): JournalPaths {
  const root = dir.replace(/\/+$/, '') || '.perf-triage';
  const number = (n: number) => String(n).padStart(4, '0');
  return {
    dir: root,
    jsonl: `${root}/journal.jsonl`,
    markdown: `${root}/JOURNAL.md`,
    index: `${root}/journal/index.json`,
    segment: (n) => `${root}/journal/${number(n)}.jsonl`,
    segmentPage: (n) => `${root}/journal/${number(n)}.md`,
    baseline: (benchmark) => `${root}/baselines/${baselineFile(benchmark)}`,
    legacyBaseline: (benchmark) => `${root}/baselines/${slug(benchmark)}.json`,
    noise: (benchmark) => `${root}/noise/${baselineFile(benchmark)}`,
  };
}

/** A file name from a benchmark name: [a-z0-9._-], never empty, never a path. */
export function slug(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 100) || 'benchmark'
  );
}

/**
 * A benchmark's file name, different for different names: the slug when the name is its own slug
 * ("llama-8b-serving.json"), else the slug and a hash of the exact name ("llama-8b-561a6b00.json" for
 * "Llama 8B"), so "Llama 8B" and "llama 8b" never share a baseline. Deterministic: the same name
 * gets the same file in every run, without reading anything.
 */
export function baselineFile(name: string): string {
  const s = slug(name);
  return s === name ? `${s}.json` : `${s}-${nameHash(name).slice(0, 8)}.json`;
}

export function nameHash(name: string): string {
  return createHash('sha256').update(name, 'utf8').digest('hex');
}
