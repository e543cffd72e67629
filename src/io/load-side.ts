// Loads one side of a comparison from files. Files of one kind are repeats of the benchmark (a file
// may hold several, as vLLM's --append-result does); files of different kinds (client results, a
// server scrape, traces) are merged into the runs they describe.

import { resolve } from 'node:path';
import { InputError } from '../ingest/errors';
import { ingestRuns, type IngestOptions } from '../ingest/ingest';
import type { Run, Side } from '../model/run';
import { groupRuns } from '../model/merge';
import { mergeShards } from '../model/shards';
import { pairScrapes } from '../model/scrape-pairs';
import { diffScrapes } from '../ingest/formats/prometheus-diff';
import type { TextSource } from '../ingest/source';
import { stat } from 'node:fs/promises';
import { fileSource } from './file-source';
import { withProgress, type ReadProgress } from './progress';
import { expandPatterns } from './glob';

/** Runs from sources already opened (files, or an artifact's entries), grouped into the side's runs. */
export async function sideFromSources(label: Side['label'], sources: TextSource[], options: IngestOptions & { format?: string }): Promise<Side> {
  const runs: Run[] = [];
  for (const source of sources) runs.push(...(await ingestRuns(source, options, options.format)));
  const sharded = mergeShards(runs);
  if (!sharded.ok) throw new InputError(sources.map((s) => s.name).join(', '), sharded.error);
  const grouped = groupRuns(pairScrapes(sharded.value, diffScrapes));
  if (!grouped.ok) throw new InputError(sources.map((s) => s.name).join(', '), grouped.error);
  return { label, runs: grouped.value };
}

export async function loadSide(label: Side['label'], patterns: readonly string[], options: IngestOptions & { format?: string; cwd?: string; progress?: ReadProgress }): Promise<Side> {
  const { files, unmatched } = expandPatterns(patterns, options.cwd);
  if (unmatched.length) throw new InputError(unmatched[0], `no file matches this pattern (${label === 'base' ? 'baseline' : 'results'})`);
  if (files.length === 0) throw new InputError(label === 'base' ? 'baseline' : 'results', 'no files given');
  // Patterns are matched under cwd, so the files they name are read from there too.
  const sources: TextSource[] = [];
  for (const file of files) {
    const path = resolve(options.cwd ?? '.', file);
    const source = await fileSource(path, file);
    sources.push(options.progress ? withProgress(source, (await stat(path)).size, options.progress) : source);
  }
  return sideFromSources(label, sources, options);
}
