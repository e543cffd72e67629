// Loads one side of a comparison from files: the patterns expanded under cwd, each file opened
// (gzip undone) and read into runs by src/ingest/side.ts.

import { resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import { InputError } from '../ingest/errors';
import type { IngestOptions } from '../ingest/ingest';
import type { Side } from '../model/run';
import { sideFromSources } from '../ingest/side';
import type { TextSource } from '../ingest/source';
import { fileSource } from './file-source';
import { withProgress, type ReadProgress } from './progress';
import { expandPatterns } from './glob';

export async function loadSide(
  label: Side['label'],
  patterns: readonly string[],
  options: IngestOptions & { format?: string; cwd?: string; progress?: ReadProgress },
): Promise<Side> {
  const { files, unmatched } = expandPatterns(patterns, options.cwd);
  if (unmatched.length)
    throw new InputError(unmatched[0], `no file matches this pattern (${label === 'base' ? 'baseline' : 'results'})`);
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
