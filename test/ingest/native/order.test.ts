// Logs are written in completion order; the table comes back in arrival order with every column
// (numbers, text, extra dimensions, source lines) permuted the same way.

import { describe, expect, it } from 'vitest';
import { ingestText, rowsOf, toCsv, toJsonArray, toJsonl, view, type Rec } from './helpers';

const RECORDS: Rec[] = [
  { model_version: 'a', arrival_ts: 30, first_token_ms: 1, total_ms: 10, tenant: 't1', x_num: 100, x_txt: 'p' },
  { model_version: 'b', arrival_ts: 10, first_token_ms: 2, total_ms: 20, x_num: 200 },
  { model_version: 'c', arrival_ts: 20, error: 'oops', x_txt: 'q' },
  { model_version: 'd', arrival_ts: 10, first_token_ms: 4, total_ms: 40, tenant: 't2', x_txt: 'r' },
  { model_version: 'e', arrival_ts: 5, first_token_ms: 5, total_ms: 50, x_num: 500 },
];
const N = NaN;

describe('arrival order', () => {
  for (const [name, text, lines] of [
    ['c.jsonl', toJsonl(RECORDS), [1, 2, 3, 4, 5]],
    ['c.json', toJsonArray(RECORDS), [2, 3, 4, 5, 6]],
    ['c.csv', toCsv(RECORDS).text, [2, 3, 4, 5, 6]],
  ] as const) {
    it(`${name}: rows sorted by arrival_ts, ties in file order, every column permuted alike`, async () => {
      const run = await ingestText(name, text, { chunk: 5 });
      // e(5), b(10), d(10: after b, its tie, as in the file), c(20), a(30)
      const order = [4, 1, 3, 2, 0];
      expect(view(run.requests!)).toEqual({
        length: 5,
        orderedByArrival: true,
        numbers: {
          arrival_ts: [5, 10, 10, 20, 30],
          first_token_ms: [5, 2, 4, N, 1],
          total_ms: [50, 20, 40, N, 10],
        },
        text: {
          model_version: ['e', 'b', 'd', 'c', 'a'],
          tenant: [undefined, undefined, 't2', undefined, 't1'],
          error: [undefined, undefined, undefined, 'oops', undefined],
        },
        extraNumbers: { x_num: [500, 200, N, N, 100] },
        extraText: { x_txt: [undefined, undefined, 'r', 'q', 'p'] },
        sourceLine: order.map((i) => lines[i]),
      });
      expect(run.sources[0].warnings).toEqual([]);
    });
  }

  it('a large shuffled log: each row still carries its own record and line', async () => {
    const n = 600;
    // Arrival i * 0.5 s; completion order is a fixed pseudo-random shuffle.
    const records: Rec[] = Array.from({ length: n }, (_, i) => ({
      model_version: `r${i}`,
      arrival_ts: 1_700_000_000 + i * 0.5,
      first_token_ms: i,
      total_ms: 2 * i,
      tenant: `t${i % 7}`,
      ...(i % 3 === 0 ? { lane: i % 5 } : { zone: `z${i % 4}` }),
    }));
    const shuffled = [...records];
    let seed = 12345;
    for (let i = n - 1; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const j = seed % (i + 1);
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    const lineOf = new Map(shuffled.map((r, i) => [r.model_version, i + 1]));
    const run = await ingestText('big.jsonl', toJsonl(shuffled), { chunk: 1000 });
    const table = run.requests!;
    expect(table.orderedByArrival).toBe(true);
    expect(rowsOf(table)).toEqual(records);
    expect([...table.sourceLine]).toEqual(records.map((r) => lineOf.get(r.model_version as string)));
  });

  it('already in arrival order: kept as is and marked ordered', async () => {
    const sorted = [...RECORDS].sort((a, b) => (a.arrival_ts as number) - (b.arrival_ts as number));
    const run = await ingestText('s.jsonl', toJsonl(sorted));
    expect(run.requests!.orderedByArrival).toBe(true);
    expect([...run.requests!.sourceLine]).toEqual([1, 2, 3, 4, 5]);
    expect(view(run.requests!).text.model_version).toEqual(['e', 'b', 'd', 'c', 'a']);
  });

  it('no arrival_ts at all: file order kept, with a warning', async () => {
    const noArrival = RECORDS.map(({ arrival_ts: _, ...rest }) => rest);
    const run = await ingestText('n.jsonl', toJsonl(noArrival));
    const t = view(run.requests!);
    expect(t.orderedByArrival).toBe(false);
    expect(t.numbers.arrival_ts).toBeUndefined();
    expect(t.text.model_version).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(t.sourceLine).toEqual([1, 2, 3, 4, 5]);
    expect(run.sources[0].warnings).toEqual([
      'no arrival_ts: requests kept in file order; time blocks and rates follow the file',
    ]);
  });

  it('arrival_ts missing on some rows: file order kept, with a count in the warning', async () => {
    const partial = RECORDS.map((r, i) => (i === 1 || i === 3 ? { ...r, arrival_ts: null } : r));
    const run = await ingestText('p.jsonl', toJsonl(partial));
    const t = view(run.requests!);
    expect(t.orderedByArrival).toBe(false);
    expect(t.numbers.arrival_ts).toEqual([30, N, 20, N, 5]);
    expect(t.text.model_version).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(run.sources[0].warnings).toEqual([
      'arrival_ts is missing on 2 of 5 requests: kept file order, so time blocks follow the file',
    ]);
  });

  it('arrival_ts in mixed units sorts on the converted seconds', async () => {
    const text = toJsonl([
      { model_version: 'ms', arrival_ts: 1_700_000_002_000, first_token_ms: 1, total_ms: 1 },
      { model_version: 's', arrival_ts: 1_700_000_001, first_token_ms: 1, total_ms: 1 },
      { model_version: 'iso', arrival_ts: '2023-11-14T22:13:23Z', first_token_ms: 1, total_ms: 1 },
      { model_version: 'ns', arrival_ts: 1_700_000_000_500_000_000, first_token_ms: 1, total_ms: 1 },
    ]);
    const t = view((await ingestText('u.jsonl', text)).requests!);
    expect(t.text.model_version).toEqual(['ns', 's', 'ms', 'iso']);
    expect(t.numbers.arrival_ts).toEqual([1_700_000_000.5, 1_700_000_001, 1_700_000_002, 1_700_000_003]);
  });
});
