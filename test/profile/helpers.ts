// Shared by the profile tests: fixtures as TextSources (odd chunk sizes, so parsers see splits
// anywhere), a helper that expects an InputError, and one step's totals for the §6 split.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { InputError } from '../../src/ingest/errors';
import { textSource, type TextSource } from '../../src/ingest/source';
import { emptySignals, type StepTotals } from '../../src/model/profile';

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

/** One step of 100 ms wall, 10 ms CPU and 10 ms GPU, no communication, nothing else measured. */
export const stepTotals = (over: Partial<StepTotals>): StepTotals => ({
  label: 's',
  wallMs: 100,
  cpuMs: 10,
  gpuMs: 10,
  collectiveMs: 0,
  collectiveOverlapMs: NaN,
  idleMs: NaN,
  hostGapMs: NaN,
  ...over,
});

/** A profile that recorded CUDA API calls, blocking calls and kernels. */
export const recordedSignals = emptySignals({ cudaApi: true, blocking: true, kernels: true });
