// Shared by the profile tests: fixtures as TextSources (odd chunk sizes, so parsers see splits
// anywhere) and a helper that expects an InputError.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { InputError } from '../../src/ingest/errors';
import { textSource, type TextSource } from '../../src/ingest/source';

export const FIXTURES = 'test/fixtures/profile';

export function fixture(name: string): string {
  return readFileSync(join(FIXTURES, name), 'utf8');
}

export function fixtureSource(name: string, chunkSize = 97): TextSource {
  return textSource(name, fixture(name), chunkSize);
}

export async function inputError(promise: Promise<unknown> | (() => unknown)): Promise<InputError> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

/** ms values from µs arithmetic: equal to 9 decimals. */
export function expectMs(actual: number, expected: number, digits = 9): void {
  expect(actual).toBeCloseTo(expected, digits);
}
