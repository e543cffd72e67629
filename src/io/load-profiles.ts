// Profiler exports named by the profile inputs: each file read and recognised (src/ingest/profile/read.ts).

import { resolve } from 'node:path';
import { InputError } from '../ingest/errors';
import { readProfile, type ProfileInput } from '../ingest/profile/read';
import type { ProfileInputs } from '../report/profiles';
import { fileSource } from './file-source';
import { expandPatterns } from './glob';

export async function loadProfiles(patterns: readonly string[], input: string, cwd?: string): Promise<ProfileInput[]> {
  if (patterns.length === 0) return [];
  const { files, unmatched } = expandPatterns(patterns, cwd);
  if (unmatched.length) throw new InputError(unmatched[0], `no file matches this pattern (${input})`);
  const out: ProfileInput[] = [];
  for (const file of files) out.push(await readProfile(await fileSource(resolve(cwd ?? '.', file), file)));
  return out;
}

/** Both sides' profiles, or undefined when none were given. */
export async function loadProfileInputs(
  base: readonly string[],
  head: readonly string[],
  cwd?: string,
): Promise<ProfileInputs | undefined> {
  if (base.length === 0 && head.length === 0) return undefined;
  return { base: await loadProfiles(base, 'baseline-profile', cwd), head: await loadProfiles(head, 'profile', cwd) };
}
