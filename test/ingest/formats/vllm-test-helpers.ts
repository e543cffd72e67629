// Shared by the vLLM and SGLang adapter tests: fixtures as sources, summary lookup, and a check
// that every number a run carries is usable.

import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Run, SummaryValue } from '../../../src/model/run';
import { textSource, type TextSource } from '../../../src/ingest/source';

export const FIXTURES = fileURLToPath(new URL('../../fixtures', import.meta.url));
/** The shared real artifacts sit beside the repository (CI lays a copy there too). */
export const REAL = [
  fileURLToPath(new URL('../../../../shared/real-artifacts', import.meta.url)),
  '/work/shared/real-artifacts',
].find((p) => existsSync(p));

/** Every file of other tools: their test fixtures and the shared real artifacts, as [label, text]. */
export function otherToolFiles(exclude: readonly string[]): [string, string][] {
  const out: [string, string][] = [];
  const add = (root: string, label: string) => {
    for (const folder of readdirSync(root)) {
      if (exclude.includes(folder) || !statSync(join(root, folder)).isDirectory()) continue;
      for (const f of readdirSync(join(root, folder)))
        if (f !== 'SOURCES.md') out.push([`${label}/${folder}/${f}`, readFileSync(join(root, folder, f), 'utf8')]);
    }
  };
  add(FIXTURES, 'fixtures');
  if (REAL) add(REAL, 'real');
  return out;
}
export const OPTIONS = { maxBadLineRatio: 0.05 };

export function fixtureText(path: string): string {
  return readFileSync(join(FIXTURES, path), 'utf8');
}

export function fixtureSource(path: string, chunkSize?: number): TextSource {
  return textSource(path, fixtureText(path), chunkSize);
}

/** Fixture files of one tool folder (not SOURCES.md). */
export function fixtureFiles(folder: string): string[] {
  return readdirSync(join(FIXTURES, folder))
    .filter((f) => f !== 'SOURCES.md')
    .map((f) => `${folder}/${f}`);
}

export function summary(run: Run, metric: string, stat: string): SummaryValue | undefined {
  const found = run.summaries.filter((s) => s.metric === metric && s.stat === stat);
  expect(found.length, `${metric} ${stat} appears at most once`).toBeLessThanOrEqual(1);
  return found[0];
}

export function value(run: Run, metric: string, stat: string): number | undefined {
  return summary(run, metric, stat)?.value;
}

/** Every number is finite: summaries, workload (a request rate may be Infinity), table cells (NaN = missing) and gaps. */
export function expectUsableNumbers(run: Run): void {
  for (const s of run.summaries) expect(Number.isFinite(s.value), `${s.metric} ${s.stat} = ${s.value}`).toBe(true);
  for (const [k, v] of Object.entries(run.workload ?? {})) {
    // Key fields that are words or flags (dataset, engine, streaming, failedFrom) are not numbers.
    if (typeof v !== 'number') continue;
    if (k === 'requestRate') expect(v === Infinity || (Number.isFinite(v) && v > 0), `requestRate ${v}`).toBe(true);
    else expect(Number.isFinite(v) && v >= 0, `${k} ${v}`).toBe(true);
  }
  const table = run.requests;
  if (table) {
    for (const [k, col] of [...Object.entries(table.numbers), ...table.extraNumbers]) {
      for (const x of col as Float64Array) expect(Number.isNaN(x) || Number.isFinite(x), `${k} ${x}`).toBe(true);
    }
    for (const g of table.tokenGaps?.values ?? []) expect(Number.isFinite(g) && g >= 0).toBe(true);
  }
  for (const v of Object.values(run.meta.config)) if (typeof v === 'number') expect(Number.isFinite(v)).toBe(true);
  expect(run.sources).toHaveLength(1);
  expect(run.role === 'requests' || run.role === 'summary').toBe(true);
}
