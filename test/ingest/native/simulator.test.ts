// The simulator's realistic JSONL (completion order, metadata line first) as a fixture: it must ingest
// cleanly, and a few bad lines injected into it must be skipped, counted and located exactly.

import { describe, expect, it } from 'vitest';
import { formatIssue } from '../../../src/ingest/errors';
import { baseScenario, simulate, simulateToJsonl } from '../../../src/sim';
import type { NativeRecord } from '../../../src/sim';
import { ingestText, inputError, rowsOf, toCsv, toJsonArray, view, type Rec } from './helpers';

const scenario = baseScenario(7, 2000);
const JSONL = simulateToJsonl(scenario);
const RECORDS: NativeRecord[] = [];
simulate(scenario, (r) => RECORDS.push(r));

describe('simulated telemetry', () => {
  it('2,000 requests ingest with no issues, in arrival order, with the engine config', async () => {
    const run = await ingestText('sim.jsonl', JSONL, { ratio: 0 });
    const table = run.requests!;
    expect(table.length).toBe(2000);
    expect(table.orderedByArrival).toBe(true);
    expect(run.sources).toEqual([
      {
        file: 'sim.jsonl',
        format: 'native-jsonl',
        recordsRead: 2000,
        recordsKept: 2000,
        skipped: 0,
        issues: [],
        warnings: [],
      },
    ]);
    expect(run.meta.benchmark).toBe('llama-8b-serving');
    expect(run.meta.config).toMatchObject({
      max_num_seqs: 64,
      max_num_batched_tokens: 2048,
      enable_chunked_prefill: true,
      block_size: 16,
    });
    expect(run.meta.hardware).toContain('H100');

    const arrival = table.numbers.arrival_ts!;
    for (let i = 1; i < arrival.length; i++) expect(arrival[i]).toBeGreaterThanOrEqual(arrival[i - 1]);
    // The file is in completion order, so sorting really moved rows.
    const lines = [...table.sourceLine];
    expect(lines).not.toEqual([...lines].sort((a, b) => a - b));
    expect([...lines].sort((a, b) => a - b)).toEqual(Array.from({ length: 2000 }, (_, i) => i + 2));
  });

  it('every value of every record comes back exactly, on the row of its arrival, pointing at its line', async () => {
    const table = (await ingestText('sim.jsonl', JSONL, { chunk: 4096 })).requests!;
    const order = RECORDS.map((r, i) => ({ r, i })).sort((a, b) => a.r.arrival_ts - b.r.arrival_ts || a.i - b.i);
    // request_id is read but not stored.
    expect(rowsOf(table)).toEqual(order.map(({ r: { request_id: _, ...r } }) => r));
    expect([...table.sourceLine]).toEqual(order.map(({ i }) => i + 2));
  });

  it('the same records as CSV and as a JSON array give the same table', async () => {
    const base = view((await ingestText('sim.jsonl', JSONL)).requests!);
    const recs = RECORDS as unknown as Rec[];
    const csv = view((await ingestText('sim.csv', toCsv(recs).text, { chunk: 10_000 })).requests!);
    const json = view((await ingestText('sim.json', toJsonArray(recs), { chunk: 10_000 })).requests!);
    // Lines differ by layout: JSONL has the metadata on line 1, CSV the header, the array its '['.
    const { sourceLine: lj, ...restJsonl } = base;
    const { sourceLine: lc, ...restCsv } = csv;
    const { sourceLine: la, ...restArr } = json;
    expect(restCsv).toEqual(restJsonl);
    expect(restArr).toEqual(restJsonl);
    expect(lc).toEqual(lj);
    expect(la).toEqual(lj);
  });

  it('3 bad lines in 2,000 records: skipped, counted, listed with their lines; the rest kept', async () => {
    const lines = JSONL.split('\n');
    // Line numbers are 1-based; line 1 is the metadata.
    const bad = new Map<number, string>([
      [101, lines[100].replace(/"total_ms":[0-9.]+/, '"total_ms":-1')],
      [1002, lines[1001].slice(0, 60)],
      [1999, lines[1998].replace(/"first_token_ms":[0-9.]+,/, '')],
    ]);
    for (const [n, text] of bad) lines[n - 1] = text;
    const run = await ingestText('bad.jsonl', lines.join('\n'), { ratio: 0.01, chunk: 777 });
    const s = run.sources[0];
    expect(s.recordsRead).toBe(2000);
    expect(s.recordsKept).toBe(1997);
    expect(s.skipped).toBe(3);
    expect(run.requests!.length).toBe(1997);
    expect(s.issues.map((i) => [i.line, i.field])).toEqual([
      [101, 'total_ms'],
      [1002, undefined],
      [1999, 'first_token_ms'],
    ]);
    expect(formatIssue(s.issues[0])).toBe('bad.jsonl:101: field "total_ms": expected a duration in ms ≥ 0, got -1');
    expect(formatIssue(s.issues[1])).toMatch(/^bad\.jsonl:1002: not valid JSON: .* \(line 1, column 61\)$/);
    expect(formatIssue(s.issues[2])).toBe(
      'bad.jsonl:1999: field "first_token_ms": missing: every successful request needs first_token_ms and total_ms (or a non-empty "error")',
    );
    const kept = new Set(run.requests!.sourceLine);
    for (const n of bad.keys()) expect(kept.has(n)).toBe(false);
    expect(kept.size).toBe(1997);

    // With a stricter ratio the same file is rejected, naming the counts and the first problem.
    const error = await inputError(ingestText('bad.jsonl', lines.join('\n'), { ratio: 0.001 }));
    expect(error.message).toBe(
      'bad.jsonl:101: field "total_ms": expected a duration in ms ≥ 0, got -1 — 3 of 2000 records are bad, more than the 0.1% allowed (max-bad-lines); this is the first',
    );
  });
});
