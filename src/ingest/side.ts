// One side of a comparison from sources already opened (files, or an artifact's entries). Sources
// of one kind are repeats of the benchmark (a file may hold several, as vLLM's --append-result does);
// sources of different kinds (client results, a server scrape, traces) are merged into the runs they
// describe. Pure: opening the files is src/io/load-side.ts.

import { InputError } from './errors';
import { ingestRuns, type IngestOptions } from './ingest';
import type { Run, Side } from '../model/run';
import { groupRuns } from '../model/merge';
import { mergeShards } from '../model/shards';
import { pairScrapes } from '../model/scrape-pairs';
import { diffScrapes } from './formats/prometheus-diff';
import type { TextSource } from './source';

/** Runs from sources already opened (files, or an artifact's entries), grouped into the side's runs. */
export async function sideFromSources(
  label: Side['label'],
  sources: TextSource[],
  options: IngestOptions & { format?: string },
): Promise<Side> {
  const runs: Run[] = [];
  for (const source of sources) runs.push(...(await ingestRuns(source, options, options.format)));
  const sharded = mergeShards(runs);
  if (!sharded.ok) throw new InputError(sources.map((s) => s.name).join(', '), sharded.error);
  const grouped = groupRuns(pairScrapes(sharded.value, diffScrapes));
  if (!grouped.ok) throw new InputError(sources.map((s) => s.name).join(', '), grouped.error);
  return { label, runs: grouped.value };
}
