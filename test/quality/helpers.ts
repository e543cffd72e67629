// Shared by the quality tests: fixtures as TextSources (odd chunk sizes, so readers see splits
// anywhere), reading through readQuality, and the profile tests' helper that expects an InputError.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { textSource, type TextSource } from '../../src/ingest/source';
import { readQuality } from '../../src/ingest/quality/read';
import type { GenerationSet, QualityInput, ScoreSet } from '../../src/model/quality';

export const FIXTURES = 'test/fixtures/quality';

export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

export function fixtureSource(name: string, chunkSize = 97): TextSource {
  return textSource(name, fixture(name), chunkSize);
}

export function read(name: string): Promise<QualityInput> {
  return readQuality(fixtureSource(name));
}

export async function readScores(name: string): Promise<ScoreSet> {
  const q = await read(name);
  if (q.kind !== 'scores') throw new Error(`${name}: expected scores, got ${q.kind}`);
  return q;
}

export async function readGenerationSet(name: string): Promise<GenerationSet> {
  const q = await read(name);
  if (q.kind !== 'generations') throw new Error(`${name}: expected generations, got ${q.kind}`);
  return q;
}

export { inputError } from '../profile/helpers';
