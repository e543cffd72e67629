// Loads one side of a comparison from files. Files of one kind are repeats of the benchmark (a file
// may hold several, as vLLM's --append-result does); files of different kinds (client results, a
// server scrape, traces) are merged into the runs they describe.

import { resolve } from 'node:path';
import { InputError } from '../ingest/errors';
import { ingestRuns, type IngestOptions } from '../ingest/ingest';
import type { Run, Side } from '../model/run';
import { groupRuns } from '../model/merge';
import { fileSource } from './file-source';
import { expandPatterns } from './glob';

export async function loadSide(label: Side['label'], patterns: readonly string[], options: IngestOptions & { format?: string; cwd?: string }): Promise<Side> {
  const { files, unmatched } = expandPatterns(patterns, options.cwd);
  if (unmatched.length) throw new InputError(unmatched[0], `no file matches this pattern (${label === 'base' ? 'baseline' : 'results'})`);
  if (files.length === 0) throw new InputError(label === 'base' ? 'baseline' : 'results', 'no files given');
  const runs: Run[] = [];
  // Patterns are matched under cwd, so the files they name are read from there too.
  for (const file of files) runs.push(...(await ingestRuns(await fileSource(resolve(options.cwd ?? '.', file), file), options, options.format)));
  const grouped = groupRuns(runs);
  if ('error' in grouped) throw new InputError(files.join(', '), grouped.error);
  return { label, runs: grouped.runs };
}
