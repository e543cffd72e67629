// Where the journal lives in the repository (the `journal-dir` input, `.perf-triage` by default).

export interface JournalPaths {
  dir: string;
  jsonl: string;
  markdown: string;
  baseline(benchmark: string): string;
}

export function journalPaths(dir = '.perf-triage'): JournalPaths {
  const root = dir.replace(/\/+$/, '') || '.perf-triage';
  return {
    dir: root,
    jsonl: `${root}/journal.jsonl`,
    markdown: `${root}/JOURNAL.md`,
    baseline: (benchmark) => `${root}/baselines/${slug(benchmark)}.json`,
  };
}

/** A file name from a benchmark name: [a-z0-9._-], never empty, never a path. */
export function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[-.]+|-+$/g, '').slice(0, 100) || 'benchmark';
}
