// What a record may leave out, what it may add, and how failed requests are kept.

import { describe, expect, it } from 'vitest';
import { ingestText, toCsv, toJsonl, view, type Rec } from './helpers';

const N = NaN;

describe('optional and missing fields', () => {
  it('only the two required latencies: just those columns exist', async () => {
    const run = await ingestText(
      'min.jsonl',
      '{"first_token_ms": 10, "total_ms": 20}\n{"total_ms": 30, "first_token_ms": 15}\n',
    );
    expect(view(run.requests!)).toEqual({
      length: 2,
      orderedByArrival: false,
      numbers: { first_token_ms: [10, 15], total_ms: [20, 30] },
      text: {},
      extraNumbers: {},
      extraText: {},
      sourceLine: [1, 2],
    });
    expect(run.sources[0].skipped).toBe(0);
  });

  it('an optional field present on some rows only is NaN (or missing text) on the others; null and "" mean missing', async () => {
    const text = toJsonl([
      { first_token_ms: 1, total_ms: 2, prefill_ms: 0.5, tenant: 'a', request_id: 'x' },
      { first_token_ms: 1, total_ms: 2, prefill_ms: null, tenant: '', request_id: null },
      { first_token_ms: 1, total_ms: 2, prefill_ms: '', tenant: null, output_tokens: 0 },
    ]);
    const t = view((await ingestText('o.jsonl', text)).requests!);
    expect(t.numbers).toEqual({
      first_token_ms: [1, 1, 1],
      total_ms: [2, 2, 2],
      prefill_ms: [0.5, N, N],
      output_tokens: [N, N, 0],
    });
    // request_id is read but not stored.
    expect(t.text).toEqual({ tenant: ['a', undefined, undefined] });
  });

  it('request_id is read, in every layout and value type, but not stored: not a text column, not an extra one', async () => {
    const records = [
      { request_id: 'req-1', first_token_ms: 1, total_ms: 2 },
      { request_id: 17, first_token_ms: 1, total_ms: 2 },
      { request_id: { nested: ['x'] }, first_token_ms: 1, total_ms: 2 },
      { request_id: null, first_token_ms: 1, total_ms: 2 },
    ];
    for (const [name, text] of [
      ['r.jsonl', toJsonl(records)],
      ['r.csv', toCsv(records).text],
    ]) {
      const run = await ingestText(name, text);
      expect(run.sources[0]).toMatchObject({ recordsRead: 4, recordsKept: 4, skipped: 0 });
      const t = view(run.requests!);
      expect(t.text).toEqual({});
      expect(t.extraText).toEqual({});
      expect(t.extraNumbers).toEqual({});
    }
    // A line that is not JSON is still reported, whatever its request_id.
    const broken = await ingestText(
      'b.jsonl',
      '{"request_id": "a", "first_token_ms": 1, "total_ms": 2}\n{"request_id": "b, "first_token_ms": 1}\n',
      { ratio: 1 },
    );
    expect(broken.sources[0]).toMatchObject({ recordsRead: 2, recordsKept: 1, skipped: 1 });
  });

  it('a CSV with optional columns left empty', async () => {
    const { text } = toCsv([
      { request_id: 'r1', first_token_ms: 5, total_ms: 9, decode_ms: 3, tenant: 'acme' },
      { request_id: 'r2', first_token_ms: 6, total_ms: 10 },
    ]);
    expect(text).toBe('request_id,first_token_ms,total_ms,decode_ms,tenant\nr1,5,9,3,acme\nr2,6,10,,\n');
    const t = view((await ingestText('o.csv', text)).requests!);
    expect(t.numbers).toEqual({ first_token_ms: [5, 6], total_ms: [9, 10], decode_ms: [3, N] });
    expect(t.text).toEqual({ tenant: ['acme', undefined] });
  });

  it('numeric strings are accepted in numeric fields; other types in text fields become text', async () => {
    const text = toJsonl([
      {
        first_token_ms: '12.5',
        total_ms: ' 20 ',
        prompt_tokens: '1e3',
        request_id: 17,
        tenant: { org: 'a' },
        model_version: ['m', 1],
      },
    ]);
    const t = view((await ingestText('s.jsonl', text)).requests!);
    expect(t.numbers).toEqual({ first_token_ms: [12.5], total_ms: [20], prompt_tokens: [1000] });
    expect(t.text).toEqual({ tenant: ['{"org":"a"}'], model_version: ['["m",1]'] });
  });

  it('a line {"metadata": ..., "other": ...} is a request, not a metadata block', async () => {
    const run = await ingestText('m.jsonl', '{"metadata": {"benchmark": "b"}, "first_token_ms": 1, "total_ms": 2}\n');
    expect(run.meta).toEqual({ config: {}, extra: {} });
    expect(view(run.requests!).extraText).toEqual({ metadata: ['{"benchmark":"b"}'] });
  });
});

describe('unknown fields are kept as extra dimensions', () => {
  it('numeric, text, boolean, nested object and list values', async () => {
    const text = toJsonl([
      {
        first_token_ms: 1,
        total_ms: 2,
        gpu_util: 0.75,
        region: 'eu',
        cached: true,
        sched: { policy: 'fcfs', prio: [1, 2] },
        tags: ['a', 'b'],
      },
      { first_token_ms: 1, total_ms: 2, gpu_util: -3, region: 'us', cached: false, sched: null, tags: [] },
      { first_token_ms: 1, total_ms: 2, region: '' },
    ]);
    const t = view((await ingestText('x.jsonl', text)).requests!);
    expect(t.extraNumbers).toEqual({ gpu_util: [0.75, -3, N] });
    expect(t.extraText).toEqual({
      region: ['eu', 'us', undefined],
      cached: ['true', 'false', undefined],
      sched: ['{"policy":"fcfs","prio":[1,2]}', undefined, undefined],
      tags: ['["a","b"]', '[]', undefined],
    });
  });

  it('a column that starts numeric and later meets text becomes text, keeping the earlier numbers as strings', async () => {
    const text = toJsonl([
      { first_token_ms: 1, total_ms: 2, shard: 5 },
      { first_token_ms: 1, total_ms: 2, shard: 2.5 },
      { first_token_ms: 1, total_ms: 2 },
      { first_token_ms: 1, total_ms: 2, shard: 'n/a' },
      { first_token_ms: 1, total_ms: 2, shard: 7 },
      { first_token_ms: 1, total_ms: 2, shard: 1e21 },
      { first_token_ms: 1, total_ms: 2, shard: 'n/a' },
    ]);
    const t = view((await ingestText('x.jsonl', text)).requests!);
    expect(t.extraNumbers).toEqual({});
    expect(t.extraText).toEqual({ shard: ['5', '2.5', undefined, 'n/a', '7', '1e+21', 'n/a'] });
  });

  it('the same in CSV, where numeric-looking cells are numbers', async () => {
    const text = 'first_token_ms,total_ms,shard\n1,2,5\n1,2,\n1,2,0.125\n1,2,n/a\n1,2,-4\n';
    const t = view((await ingestText('x.csv', text)).requests!);
    expect(t.extraText).toEqual({ shard: ['5', undefined, '0.125', 'n/a', '-4'] });
    const allNumeric = view(
      (await ingestText('y.csv', 'first_token_ms,total_ms,shard\n1,2,5\n1,2, -1.5e2 \n')).requests!,
    );
    expect(allNumeric.extraNumbers).toEqual({ shard: [5, -150] });
  });

  it('a column that only ever held text before numbers arrive stays text', async () => {
    const text = toJsonl([
      { first_token_ms: 1, total_ms: 2, lane: 'fast' },
      { first_token_ms: 1, total_ms: 2, lane: 3 },
    ]);
    expect(view((await ingestText('x.jsonl', text)).requests!).extraText).toEqual({ lane: ['fast', '3'] });
  });

  it('a non-finite value in an extra field is kept as text', async () => {
    const t = view(
      (
        await ingestText(
          'x.jsonl',
          '{"first_token_ms": 1, "total_ms": 2, "ratio": NaN}\n{"first_token_ms": 1, "total_ms": 2, "ratio": 0.5}\n',
        )
      ).requests!,
    );
    expect(t.extraText).toEqual({ ratio: ['NaN', '0.5'] });
  });

  it('long text is clipped at 500 characters', async () => {
    const long = 'y'.repeat(600);
    const t = view((await ingestText('x.jsonl', toJsonl([{ first_token_ms: 1, total_ms: 2, blob: long }]))).requests!);
    expect(t.extraText.blob).toEqual([`${'y'.repeat(500)}…`]);
  });

  it('more than 64 extra fields: the first 64 are kept, the rest named in a warning', async () => {
    const record: Rec = { first_token_ms: 1, total_ms: 2 };
    for (let i = 0; i < 70; i++) record[`f${String(i).padStart(2, '0')}`] = i;
    const run = await ingestText('x.jsonl', toJsonl([record]));
    const t = view(run.requests!);
    expect(Object.keys(t.extraNumbers)).toHaveLength(64);
    expect(t.extraNumbers.f63).toEqual([63]);
    expect(t.extraNumbers.f64).toBeUndefined();
    expect(run.sources[0].warnings).toContain(
      '6 extra field(s) beyond the first 64 were not kept: f64, f65, f66, f67, f68',
    );
  });
});

describe('failed requests', () => {
  it('a non-empty error keeps the row without first_token_ms / total_ms', async () => {
    const text = toJsonl([
      { request_id: 'ok', arrival_ts: 1, first_token_ms: 10, total_ms: 20 },
      { request_id: 'fail', arrival_ts: 2, error: 'HTTP 503', queue_wait_ms: 30000 },
      { request_id: 'half', arrival_ts: 3, error: 'client disconnected', first_token_ms: 50 },
      { request_id: 'ok2', arrival_ts: 4, first_token_ms: 11, total_ms: 21, error: null },
    ]);
    const run = await ingestText('f.jsonl', text);
    const t = view(run.requests!);
    expect(t.numbers).toEqual({
      arrival_ts: [1, 2, 3, 4],
      first_token_ms: [10, N, 50, 11],
      total_ms: [20, N, N, 21],
      queue_wait_ms: [N, 30000, N, N],
    });
    expect(t.text.error).toEqual([undefined, 'HTTP 503', 'client disconnected', undefined]);
    expect(run.sources[0]).toMatchObject({ recordsRead: 4, recordsKept: 4, skipped: 0, issues: [] });
  });

  it('an empty error string means success, so the latencies are required', async () => {
    const run = await ingestText(
      'f.jsonl',
      toJsonl([
        { first_token_ms: 1, total_ms: 2 },
        { error: '', first_token_ms: 1 },
      ]),
      { ratio: 1 },
    );
    expect(run.sources[0].skipped).toBe(1);
    expect(run.sources[0].issues).toEqual([
      {
        file: 'f.jsonl',
        line: 2,
        field: 'total_ms',
        message: 'missing: every successful request needs first_token_ms and total_ms (or a non-empty "error")',
      },
    ]);
  });

  it('CSV: an empty or blank error cell means success; text in it marks a failure', async () => {
    const text = 'request_id,first_token_ms,total_ms,error\nok,1,2,\nblank,3,4,"  "\nfail,,,out of memory\n';
    const run = await ingestText('f.csv', text);
    const t = view(run.requests!);
    expect(t.text).toEqual({ error: [undefined, undefined, 'out of memory'] });
    expect(t.numbers).toEqual({ first_token_ms: [1, 3, N], total_ms: [2, 4, N] });
  });
});

describe('consistency warnings', () => {
  it('phases that sum past first_token_ms, and total_ms below first_token_ms, are counted', async () => {
    const text = toJsonl([
      { first_token_ms: 100, total_ms: 200, tokenize_ms: 10, queue_wait_ms: 50, prefill_ms: 40 },
      { first_token_ms: 100, total_ms: 200, tokenize_ms: 10, queue_wait_ms: 50, prefill_ms: 42 },
      { first_token_ms: 100, total_ms: 99.4, queue_wait_ms: 200 },
      { first_token_ms: 100, total_ms: 99.6 },
    ]);
    const run = await ingestText('w.jsonl', text);
    expect(run.sources[0].warnings).toEqual([
      'no arrival_ts: requests kept in file order; time blocks and rates follow the file',
      'on 2 request(s) tokenize + queue wait + prefill exceed first_token_ms: phases overlap or are measured on different clocks (the remainder is negative there)',
      'on 1 request(s) total_ms is below first_token_ms',
    ]);
  });
});
