// Shared by the GenAI-Perf and AIPerf adapter tests: fixture sources, a summary lookup, and the heads
// of the other tools' real artifacts that detection must refuse.

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { Run, SummaryValue } from '../../../src/model/run';
import { textSource, type TextSource } from '../../../src/ingest/source';
import type { IngestOptions } from '../../../src/ingest/formats/adapter';

export const OPTIONS: IngestOptions = { maxBadLineRatio: 0.05 };
export const LENIENT: IngestOptions = { maxBadLineRatio: 1 };

const ROOT = fileURLToPath(new URL('../../fixtures', import.meta.url));
const REAL = '/work/shared/real-artifacts';

export function fixtureText(tool: string, file: string): string {
  return readFileSync(join(ROOT, tool, file), 'utf8');
}

export function fixture(tool: string, file: string, chunkSize?: number): TextSource {
  return textSource(file, fixtureText(tool, file), chunkSize);
}

export function head(text: string): string {
  return text.slice(0, 16 * 1024);
}

/** Every file of the shared real artifacts (other tools), with its first 16 KiB. */
export function otherToolHeads(): { name: string; head: string }[] {
  const out: { name: string; head: string }[] = [];
  for (const dir of readdirSync(REAL, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const file of readdirSync(join(REAL, dir.name))) {
      out.push({ name: `${dir.name}/${file}`, head: head(readFileSync(join(REAL, dir.name, file), 'utf8')) });
    }
  }
  return out;
}

/** A GuideLLM benchmarks.json head as its docs describe it (stats under "successful"), for refusal. */
export const GUIDELLM_HEAD = `{
  "benchmarks": [
    {
      "type_": "generative_benchmark",
      "run_id": "0b1c",
      "metrics": {
        "request_latency": {"successful": {"mean": 1.2, "median": 1.1, "percentiles": {"p99": 2.0}}},
        "time_to_first_token_ms": {"successful": {"mean": 80.0, "median": 75.0}}
      }
    }
  ]
}`;

/** Native §4 JSONL, with a metadata line first. */
export const NATIVE_JSONL = `{"metadata": {"benchmark": "llama", "model": "m"}}
{"request_id": "a", "arrival_ts": 1700000000.1, "first_token_ms": 40, "total_ms": 300}
`;

export function summary(run: Run, metric: string, stat: string): SummaryValue | undefined {
  return run.summaries.find((s) => s.metric === metric && s.stat === stat);
}

export function summaryValue(run: Run, metric: string, stat: string): number | undefined {
  return summary(run, metric, stat)?.value;
}

/** Every number a run carries is finite (NaN only as a missing cell in request columns). */
export function expectAllFinite(runs: Run[]): void {
  for (const run of runs) {
    for (const s of run.summaries) expect(Number.isFinite(s.value), `${s.metric} ${s.stat}`).toBe(true);
    for (const v of Object.values(run.workload ?? {}))
      if (typeof v === 'number' && v !== Infinity) expect(Number.isFinite(v)).toBe(true);
    const table = run.requests;
    if (!table) continue;
    for (const column of [...Object.values(table.numbers), ...table.extraNumbers.values()]) {
      for (const v of column!) expect(Number.isNaN(v) || Number.isFinite(v)).toBe(true);
    }
    if (table.tokenGaps) for (const g of table.tokenGaps.values) expect(Number.isFinite(g)).toBe(true);
  }
}

/** The token gaps of row `i`. */
export function gapsOf(run: Run, i: number): number[] {
  const gaps = run.requests!.tokenGaps!;
  return [...gaps.values.subarray(gaps.offsets[i], gaps.offsets[i + 1])];
}

export function textColumn(run: Run, field: 'error' | 'request_id', i: number): string | undefined {
  const column = run.requests!.text[field];
  if (!column || column.codes[i] < 0) return undefined;
  return column.dictionary[column.codes[i]];
}
