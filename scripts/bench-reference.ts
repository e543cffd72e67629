// The references `npm run bench` holds perf-triage against, on the same files:
//   jsonparse  a plain reader that JSON.parses every line and computes four p95 columns;
//   duckdb     DuckDB computing the same four p95 columns (the bench's long-standing reference);
//   duckdb-equivalent  DuckDB doing the work the comparison does on each file: the same quantiles of
//              the same columns (EQUIVALENT_WORK), the throughput's inputs and the request count.
// `scripts/bench.ts` bundles this file and runs it as its own process, so each reference, like the
// CLI, is timed with its process start. Usage: node reference.mjs ENGINE FILE...; prints one JSON
// line: { engine, p95: [[first_token_ms, total_ms, queue_wait_ms, prefill_ms] per file] (or
// values: [[…EQUIVALENT_WORK quantiles, Σ output_tokens, first and last arrival, requests] per file]),
// innerSeconds }.

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

/**
 * What the comparison reads from each file with the default metrics (src/config/config.ts defaults;
 * src/metrics/values.ts): per metric key, the column and the quantile it takes. ITL's p50 and p99 are
 * medians over requests of itl_p50_ms and itl_p99_ms (docs/statistics.md). scripts/bench.ts checks
 * these keys against the metrics the CLI's report judged, so the two cannot drift apart unnoticed.
 */
export const EQUIVALENT_WORK: readonly { key: string; column: string; q: number }[] = [
  { key: 'ttft.p50', column: 'first_token_ms', q: 0.5 },
  { key: 'ttft.p95', column: 'first_token_ms', q: 0.95 },
  { key: 'ttft_client.p95', column: 'client_first_token_ms', q: 0.95 },
  { key: 'e2e.p50', column: 'total_ms', q: 0.5 },
  { key: 'e2e.p95', column: 'total_ms', q: 0.95 },
  { key: 'itl.p50', column: 'itl_p50_ms', q: 0.5 },
  { key: 'itl.p99', column: 'itl_p99_ms', q: 0.5 },
];
/** The metrics that read no quantile: throughput (output tokens over time) and the failed share. */
export const EQUIVALENT_OTHER_KEYS = ['throughput', 'failed'];

/**
 * The equivalent work as one DuckDB query per file: the quantiles above (one quantile_cont per
 * column, with a list of its quantiles), Σ output_tokens with the first and last arrival (the
 * throughput's inputs) and the number of requests (the failed share's denominator; the simulated
 * files have no "error" field for DuckDB to count).
 */
export function duckdbEquivalentQuery(file: string): string {
  const byColumn = new Map<string, number[]>();
  for (const { column, q } of EQUIVALENT_WORK) byColumn.set(column, [...(byColumn.get(column) ?? []), q]);
  const quantiles = [...byColumn].map(([column, qs]) => `quantile_cont(${column}, [${qs.join(', ')}]) AS ${column}`);
  const others = [
    'sum(output_tokens) AS output_tokens',
    'min(arrival_ts) AS first_arrival',
    'max(arrival_ts) AS last_arrival',
    'count(*) AS requests',
  ];
  return `SELECT ${[...quantiles, ...others].join(', ')} FROM read_json_auto('${file.replace(/'/g, "''")}', format='newline_delimited')`;
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

export async function duckdbP95(
  files: readonly string[],
  query: (file: string) => string = duckdbQuery,
): Promise<number[][]> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const out: number[][] = [];
  for (const file of files) {
    const reader = await connection.runAndReadAll(query(file));
    // A quantile list comes back as a list value: its items, in order.
    const cells = (reader.getRows()[0] as unknown[]).flatMap((v) =>
      v !== null && typeof v === 'object' && 'items' in v ? (v as { items: unknown[] }).items : [v],
    );
    out.push(cells.map((v) => (v === null ? NaN : Number(v))));
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
  if (engine === 'duckdb-equivalent') {
    const values = await duckdbP95(files, duckdbEquivalentQuery);
    process.stdout.write(`${JSON.stringify({ engine, values, innerSeconds: (performance.now() - started) / 1000 })}\n`);
    return;
  }
  let p95s: number[][];
  if (engine === 'duckdb') {
    p95s = await duckdbP95(files);
  } else {
    p95s = [];
    for (const file of files) p95s.push(await jsonParseP95(file));
  }
  process.stdout.write(
    `${JSON.stringify({ engine, p95: p95s, innerSeconds: (performance.now() - started) / 1000 })}\n`,
  );
}
