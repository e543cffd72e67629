// The references `npm run bench` holds perf-triage against: four p95 columns of the same files,
// computed (a) by a plain reader that JSON.parses every line, and (b) by DuckDB. `scripts/bench.ts`
// bundles this file and runs it as its own process, so each reference, like the CLI, is timed with
// its process start. Usage: node reference.mjs jsonparse|duckdb FILE...; prints one JSON line:
// { engine, p95: [[first_token_ms, total_ms, queue_wait_ms, prefill_ms] per file], innerSeconds }.

import { createReadStream } from 'node:fs';

export const P95_COLUMNS = ['first_token_ms', 'total_ms', 'queue_wait_ms', 'prefill_ms'] as const;

/**
 * The DuckDB reference, per file, in one in-memory DuckDB instance with its default settings
 * (as many threads as cores). quantile_cont is the same type 7 quantile perf-triage computes;
 * the metadata line reads as a row of NULLs, which quantile_cont skips.
 */
export function duckdbQuery(file: string): string {
  const columns = P95_COLUMNS.map((c) => `quantile_cont(${c}, 0.95) AS ${c}`).join(', ');
  return `SELECT ${columns} FROM read_json_auto('${file.replace(/'/g, "''")}', format='newline_delimited')`;
}

/** Type 7 quantile of the finite values (as src/stats/quantile.ts). */
function p95(values: Float64Array, n: number): number {
  const sorted = values.slice(0, n).sort();
  if (n === 0) return NaN;
  const h = (n - 1) * 0.95;
  const lo = Math.floor(h);
  return lo >= n - 1 ? sorted[n - 1] : sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]);
}

/**
 * The plain reader: the file as UTF-8 text in 1 MiB chunks (as perf-triage's file source reads it),
 * split into lines, each JSON.parse'd; the four columns kept as numbers.
 */
export async function jsonParseP95(file: string): Promise<number[]> {
  const columns = P95_COLUMNS.map(() => new Float64Array(1024));
  const counts = P95_COLUMNS.map(() => 0);
  let partial = '';
  const onLine = (line: string) => {
    if (line.trim() === '') return;
    const record = JSON.parse(line) as Record<string, unknown>;
    P95_COLUMNS.forEach((name, c) => {
      const v = record[name];
      if (typeof v !== 'number' || !Number.isFinite(v)) return;
      if (counts[c] === columns[c].length) {
        const grown = new Float64Array(columns[c].length * 2);
        grown.set(columns[c]);
        columns[c] = grown;
      }
      columns[c][counts[c]++] = v;
    });
  };
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    const text = partial + (chunk as string);
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      onLine(text.slice(start, nl));
      start = nl + 1;
    }
    partial = text.slice(start);
  }
  onLine(partial);
  return P95_COLUMNS.map((_, c) => p95(columns[c], counts[c]));
}

export async function duckdbP95(files: readonly string[]): Promise<number[][]> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const out: number[][] = [];
  for (const file of files) {
    const reader = await connection.runAndReadAll(duckdbQuery(file));
    out.push((reader.getRows()[0] as unknown[]).map((v) => (v === null ? NaN : Number(v))));
  }
  connection.closeSync();
  return out;
}

/** Whether @duckdb/node-api loads here (it is a dev dependency with a native binding). */
export async function duckdbAvailable(): Promise<boolean> {
  try {
    await import('@duckdb/node-api');
    return true;
  } catch {
    return false;
  }
}

export async function runReference(engine: string, files: readonly string[]): Promise<void> {
  const started = performance.now();
  let p95s: number[][];
  if (engine === 'duckdb') {
    p95s = await duckdbP95(files);
  } else {
    p95s = [];
    for (const file of files) p95s.push(await jsonParseP95(file));
  }
  process.stdout.write(`${JSON.stringify({ engine, p95: p95s, innerSeconds: (performance.now() - started) / 1000 })}\n`);
}
