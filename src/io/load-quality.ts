// Quality files named by the quality inputs: eval scores (lm-eval results, perf-triage scores) or
// paired generations, each read and recognised (src/ingest/quality/read.ts).

import { resolve } from 'node:path';
import { InputError } from '../ingest/errors';
import { readQuality } from '../ingest/quality/read';
import type { QualityInput } from '../model/quality';
import { fileSource } from './file-source';
import { expandPatterns } from './glob';

export async function loadQuality(patterns: readonly string[], input: string, cwd?: string): Promise<QualityInput[]> {
  const { files, unmatched } = expandPatterns(patterns, cwd);
  if (unmatched.length) throw new InputError(unmatched[0], `no file matches this pattern (${input})`);
  const out: QualityInput[] = [];
  for (const file of files) out.push(await readQuality(await fileSource(resolve(cwd ?? '.', file), file)));
  return out;
}

/** Both sides' quality files, or undefined when none were given. */
export async function loadQualityInputs(
  base: readonly string[],
  head: readonly string[],
  cwd?: string,
): Promise<{ base: QualityInput[]; head: QualityInput[] } | undefined> {
  if (base.length === 0 && head.length === 0) return undefined;
  if (base.length === 0 || head.length === 0)
    throw new InputError(
      base.length === 0 ? 'baseline-quality' : 'quality',
      'quality is compared base against head: give the files of both sides',
    );
  return { base: await loadQuality(base, 'baseline-quality', cwd), head: await loadQuality(head, 'quality', cwd) };
}
