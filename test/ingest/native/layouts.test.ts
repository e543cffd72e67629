// The same requests in every native layout (JSONL, JSON array, JSON object, CSV/TSV/semicolon) and
// every chunking give the same table, metadata and source report.

import { describe, expect, it } from 'vitest';
import { ingest } from '../../../src/ingest/ingest';
import { detectNativeLayout, ingestNative } from '../../../src/ingest/native/native';
import { textSource } from '../../../src/ingest/source';
import { err, ok } from '../../../src/model/result';
import { fixedChunks, ingestText, piecesSource, toCsv, view, type Rec, type TableView } from './helpers';

const RECORDS: Rec[] = [
  {
    request_id: 'r-1',
    arrival_ts: 1760000002.5,
    tokenize_ms: 1.2,
    queue_wait_ms: 2340,
    prefill_ms: 87.3,
    first_token_ms: 2428.5,
    decode_ms: 4210,
    itl_p50_ms: 21,
    itl_p99_ms: 145,
    detokenize_ms: 12.4,
    total_ms: 6650.9,
    prompt_tokens: 1843,
    output_tokens: 200,
    batch_size_at_admission: 47,
    kv_blocks_used: 128,
    prefix_cache_hit_tokens: 1536,
    model_version: 'llama-3.1-8b@abc',
    tenant: 'acme',
    gpu: 'h100',
    shard: 3,
  },
  {
    request_id: 'r-2',
    arrival_ts: 1760000000.25,
    tokenize_ms: 0.8,
    queue_wait_ms: 12,
    prefill_ms: 40.5,
    first_token_ms: 55,
    decode_ms: 800,
    total_ms: 870.25,
    prompt_tokens: 512,
    output_tokens: 64,
    model_version: 'llama-3.1-8b@abc',
    tenant: 'beta, inc',
    note: 'said "hi"',
    shard: 1,
  },
  {
    request_id: 'r-3',
    arrival_ts: 1760000001,
    queue_wait_ms: 5000,
    prompt_tokens: 9000,
    tenant: 'acme',
    error: 'timeout after 30s',
    gpu: 'a100',
  },
  {
    request_id: 'r-4',
    arrival_ts: 1760000000.25,
    first_token_ms: 70,
    total_ms: 1000,
    output_tokens: 0,
    tenant: 'acme',
    gpu: 'h100',
    shard: 2,
  },
  {
    request_id: 'r-5',
    arrival_ts: 1760000003,
    first_token_ms: 33.5,
    total_ms: 99.125,
    client_first_token_ms: 40,
    network_ms: 6.5,
    tenant: 'gamma',
  },
];

const METADATA: Rec = {
  benchmark: 'chat-bench',
  commit: 'abc123',
  config: { max_num_seqs: 64, scheduler: { policy: 'fcfs', delay: 0.5 }, cuda_graph_sizes: [1, 2, 4] },
  hardware: '1x H100',
  model: 'llama',
  workload: { dataset: 'sharegpt', rate: 4 },
  owner: 'perf-team',
};

const EXPECTED_META = {
  benchmark: 'chat-bench',
  commit: 'abc123',
  config: { max_num_seqs: 64, 'scheduler.policy': 'fcfs', 'scheduler.delay': 0.5, cuda_graph_sizes: '[1,2,4]' },
  hardware: '1x H100',
  model: 'llama',
  workload: 'dataset=sharegpt, rate=4',
  extra: { owner: 'perf-team' },
};

/** Arrival order: r-2 and r-4 tie at .25 and keep file order. */
const ORDER = [1, 3, 2, 0, 4];
const N = NaN;
const EXPECTED: Omit<TableView, 'sourceLine'> = {
  length: 5,
  orderedByArrival: true,
  numbers: {
    arrival_ts: [1760000000.25, 1760000000.25, 1760000001, 1760000002.5, 1760000003],
    tokenize_ms: [0.8, N, N, 1.2, N],
    queue_wait_ms: [12, N, 5000, 2340, N],
    prefill_ms: [40.5, N, N, 87.3, N],
    first_token_ms: [55, 70, N, 2428.5, 33.5],
    decode_ms: [800, N, N, 4210, N],
    itl_p50_ms: [N, N, N, 21, N],
    itl_p99_ms: [N, N, N, 145, N],
    detokenize_ms: [N, N, N, 12.4, N],
    total_ms: [870.25, 1000, N, 6650.9, 99.125],
    client_first_token_ms: [N, N, N, N, 40],
    network_ms: [N, N, N, N, 6.5],
    prompt_tokens: [512, N, 9000, 1843, N],
    output_tokens: [64, 0, N, 200, N],
    batch_size_at_admission: [N, N, N, 47, N],
    kv_blocks_used: [N, N, N, 128, N],
    prefix_cache_hit_tokens: [N, N, N, 1536, N],
  },
  // request_id is read (the records have it) but not stored.
  text: {
    model_version: ['llama-3.1-8b@abc', undefined, undefined, 'llama-3.1-8b@abc', undefined],
    tenant: ['beta, inc', 'acme', 'acme', 'acme', 'gamma'],
    error: [undefined, undefined, 'timeout after 30s', undefined, undefined],
  },
  extraNumbers: { shard: [1, 2, N, 3, N] },
  extraText: {
    gpu: [undefined, 'h100', 'a100', 'h100', undefined],
    note: ['said "hi"', undefined, undefined, undefined, undefined],
  },
};

const jsonLines = RECORDS.map((r) => JSON.stringify(r));

interface Layout {
  name: string;
  text: string;
  format: string;
  /** Line each record (in file order) starts on. */
  lines: number[];
}

const csvComments = [`# metadata: ${JSON.stringify(METADATA)}`, '# written by a test'];

const LAYOUTS: Layout[] = [
  {
    name: 'run.jsonl',
    format: 'native-jsonl',
    text: `${JSON.stringify({ metadata: METADATA })}\n${jsonLines.join('\n')}\n`,
    lines: [2, 3, 4, 5, 6],
  },
  // No final newline, CRLF line ends and a blank line in the middle.
  {
    name: 'crlf.jsonl',
    format: 'native-jsonl',
    text: `${JSON.stringify({ metadata: METADATA })}\r\n${jsonLines.slice(0, 2).join('\r\n')}\r\n\r\n${jsonLines.slice(2).join('\r\n')}`,
    lines: [2, 3, 5, 6, 7],
  },
  {
    name: 'run.json',
    format: 'native-json',
    text: `[\n${JSON.stringify({ metadata: METADATA })},\n${jsonLines.join(',\n')}\n]\n`,
    lines: [3, 4, 5, 6, 7],
  },
  {
    name: 'obj.json',
    format: 'native-json',
    text: `{"metadata": ${JSON.stringify(METADATA)},\n"requests": [\n${jsonLines.join(',\n')}\n]}\n`,
    lines: [3, 4, 5, 6, 7],
  },
  {
    name: 'pretty.json',
    format: 'native-json',
    // Pretty-printed: each record starts on the line of its '{'.
    text: JSON.stringify({ metadata: METADATA, requests: RECORDS }, null, 2),
    lines: prettyLines(),
  },
  // A whole document on one line (JSON.stringify without indentation) is still a JSON object.
  {
    name: 'minified.json',
    format: 'native-json',
    text: JSON.stringify({ metadata: METADATA, requests: RECORDS }),
    lines: [1, 1, 1, 1, 1],
  },
  { name: 'run.csv', format: 'native-csv', ...toCsv(RECORDS, { comments: csvComments }) },
  { name: 'run.tsv', format: 'native-csv', ...toCsv(RECORDS, { delim: '\t', comments: csvComments }) },
  { name: 'semi.csv', format: 'native-csv', ...toCsv(RECORDS, { delim: ';', comments: csvComments }) },
  {
    name: 'crlf.csv',
    format: 'native-csv',
    text: `\ufeff${toCsv(RECORDS, { comments: csvComments, eol: '\r\n' }).text}`,
    lines: [4, 5, 6, 7, 8],
  },
];

function prettyLines(): number[] {
  const text = JSON.stringify({ metadata: METADATA, requests: RECORDS }, null, 2).split('\n');
  const out: number[] = [];
  text.forEach((line, i) => {
    if (line === '    {') out.push(i + 1);
  });
  return out;
}

describe('native layouts', () => {
  it('the CSV fixtures put the comment lines first and rows on lines 4..8', () => {
    expect(LAYOUTS.find((l) => l.name === 'run.csv')!.lines).toEqual([4, 5, 6, 7, 8]);
    expect(prettyLines()).toHaveLength(5);
  });

  for (const layout of LAYOUTS) {
    for (const chunk of [1, 7, 64 * 1024]) {
      it(`${layout.name} in chunks of ${chunk} gives every column, the metadata and the source report`, async () => {
        const run = await ingestText(layout.name, layout.text, { chunk });
        const { sourceLine, ...rest } = view(run.requests!);
        expect(rest).toEqual(EXPECTED);
        expect(sourceLine).toEqual(ORDER.map((i) => layout.lines[i]));
        expect(run.meta).toEqual(EXPECTED_META);
        expect(run.summaries).toEqual([]);
        expect(run.sources).toEqual([
          {
            file: layout.name,
            format: layout.format,
            recordsRead: 5,
            recordsKept: 5,
            skipped: 0,
            issues: [],
            warnings: [],
          },
        ]);
      });
    }
  }

  it('text columns are dictionary-encoded: each distinct string stored once', async () => {
    const run = await ingestText('run.jsonl', LAYOUTS[0].text);
    const tenant = run.requests!.text.tenant!;
    expect([...tenant.dictionary].sort()).toEqual(['acme', 'beta, inc', 'gamma']);
    expect([...tenant.codes].map((c) => tenant.dictionary[c])).toEqual(['beta, inc', 'acme', 'acme', 'acme', 'gamma']);
    expect(run.requests!.text.error!.codes[0]).toBe(-1);
    expect(run.requests!.numbers.total_ms).toBeInstanceOf(Float64Array);
    expect(run.requests!.sourceLine).toBeInstanceOf(Uint32Array);
  });

  it('detects every layout from the head, and ingest() reads them through the format registry', async () => {
    const expected: Record<string, string> = { 'native-jsonl': 'jsonl', 'native-json': 'json', 'native-csv': 'csv' };
    for (const layout of LAYOUTS) {
      expect(detectNativeLayout(layout.text.slice(0, 16 * 1024)), layout.name).toEqual(ok(expected[layout.format]));
      const run = await ingest(textSource(layout.name, layout.text, 13), { maxBadLineRatio: 0 });
      expect(run.sources[0].format).toBe(layout.format);
      expect(view(run.requests!).numbers).toEqual(EXPECTED.numbers);
    }
    const forced = await ingest(textSource('x', LAYOUTS[0].text), { maxBadLineRatio: 0 }, 'native');
    expect(forced.requests!.length).toBe(5);
  });

  it('an explicit layout overrides detection', async () => {
    // Two JSON objects one per line are JSONL; forced to "json" they are one object and then garbage.
    const run = await ingestText('one.jsonl', '{"first_token_ms": 1, "total_ms": 2}\n', { layout: 'json' }).catch(
      (e: Error) => e.message,
    );
    expect(run).toBe(
      'one.jsonl: a JSON object needs a "requests" array of per-request records (and optionally "metadata")',
    );
    const csv = await ingestText('x.txt', 'first_token_ms;total_ms\n1;2\n', { layout: 'csv' });
    expect(view(csv.requests!).numbers).toEqual({ first_token_ms: [1], total_ms: [2] });
  });

  it('detectNativeLayout: the first line decides between JSONL and a pretty-printed document', () => {
    expect(detectNativeLayout('\ufeff  \n{"a": 1}\n{"a": 2}')).toEqual(ok('jsonl'));
    expect(detectNativeLayout('{\n  "requests": []\n}')).toEqual(ok('json'));
    expect(detectNativeLayout('{"requests": [{"first_token_ms": 1, "total_ms": 2}]}')).toEqual(ok('json'));
    expect(detectNativeLayout('{"metadata": {"benchmark": "x"}}\n{"total_ms": 1}')).toEqual(ok('jsonl'));
    expect(detectNativeLayout('{"first_token_ms": NaN, "total_ms": 2}\n')).toEqual(ok('jsonl'));
    expect(detectNativeLayout('  [\n')).toEqual(ok('json'));
    expect(detectNativeLayout('# metadata: {}\n# x\n"request_id"\t"total_ms"\n')).toEqual(ok('csv'));
    expect(detectNativeLayout('a;b;total_ms\n')).toEqual(ok('csv'));
    expect(detectNativeLayout('')).toEqual(err('the file is empty'));
    expect(detectNativeLayout(' \r\n\t\n')).toEqual(err('the file is empty'));
    expect(detectNativeLayout('\ufeff')).toEqual(err('the file is empty'));
    expect(detectNativeLayout('time,latency\n1,2\n')).toEqual(
      err(
        'not a format perf-triage reads: expected JSONL, a JSON array or object, or CSV with a header row naming §4 fields; the file starts with "time,latency 1,2 "',
      ),
    );
  });

  it('a first line longer than the 16 KiB head: JSONL unless it is a document with a top-level "requests" array', async () => {
    const prompt = 'w'.repeat(20_000);
    const jsonl = `{"first_token_ms": 1, "total_ms": 2, "prompt": "${prompt}"}\n{"first_token_ms": 3, "total_ms": 4}\n`;
    const run = await ingestText('long.jsonl', jsonl, { chunk: 4096 });
    expect(run.sources[0].format).toBe('native-jsonl');
    expect(view(run.requests!).numbers).toEqual({ first_token_ms: [1, 3], total_ms: [2, 4] });
    expect(view(run.requests!).extraText.prompt).toEqual([`${'w'.repeat(500)}…`, undefined]);

    const minified = JSON.stringify({
      metadata: { benchmark: 'b' },
      requests: [{ ...RECORDS[0], prompt }, ...RECORDS.slice(1)],
    });
    const doc = await ingestText('long.json', minified, { chunk: 4096 });
    expect(doc.sources[0].format).toBe('native-json');
    expect(view(doc.requests!).numbers).toEqual(EXPECTED.numbers);

    // "requests" nested deeper, or only inside a string, does not count.
    expect(detectNativeLayout(`{"a": {"requests": [1]}, "p": "${prompt}`)).toEqual(ok('jsonl'));
    expect(detectNativeLayout(`{"p": "\\"requests\\": [", "q": "${prompt}`)).toEqual(ok('jsonl'));
    expect(detectNativeLayout(`{"metadata": {"x": [1, {"y": 2}]}, "requests" : [{"total_ms": "${prompt}`)).toEqual(
      ok('json'),
    );
  });

  it('CSV cells are trimmed for numbers, numeric-looking extra cells become numbers, quoted cells keep their text', async () => {
    const text = 'tenant, first_token_ms ,total_ms,shard,zone,flag\n" a ", 12.5 ,1e3,007, eu-1 ,true\n';
    const run = await ingestText('t.csv', text);
    expect(view(run.requests!)).toEqual({
      length: 1,
      orderedByArrival: false,
      numbers: { first_token_ms: [12.5], total_ms: [1000] },
      text: { tenant: [' a '] },
      extraNumbers: { shard: [7] },
      extraText: { zone: [' eu-1 '], flag: ['true'] },
      sourceLine: [2],
    });
  });

  it('a CSV cell may span lines inside quotes; later rows keep their true line numbers', async () => {
    const text = 'request_id,first_token_ms,total_ms,note\nr1,1,2,"two\nlines"\n\nr2,3,4,plain\n';
    const run = await ingestText('q.csv', text, { chunk: 3 });
    const v = view(run.requests!);
    expect(v.extraText.note).toEqual(['two\nlines', 'plain']);
    expect(v.sourceLine).toEqual([2, 5]);
  });

  it('a JSON array with no metadata and arbitrary whitespace, and an object with other members', async () => {
    const arr = await ingestText(
      'a.json',
      ' \n [ {"first_token_ms":1,"total_ms":2} , \n\n {"first_token_ms":3,"total_ms":4} ] \n',
    );
    expect(view(arr.requests!).numbers).toEqual({ first_token_ms: [1, 3], total_ms: [2, 4] });
    expect(view(arr.requests!).sourceLine).toEqual([2, 4]);
    expect(arr.meta).toEqual({ config: {}, extra: {} });

    const obj = await ingestText(
      'o.json',
      '{\n "tool": "bench", "version": {"major": 2},\n "requests": [{"first_token_ms":1,"total_ms":2}],\n "note": 5\n}',
    );
    expect(obj.meta.extra).toEqual({ tool: 'bench', version: '{"major":2}', note: '5' });
    expect(obj.requests!.length).toBe(1);
  });

  it('chunks split anywhere, including inside a BOM-prefixed CSV header and a comment line', async () => {
    const { text } = toCsv(RECORDS, { comments: csvComments });
    const full = `\ufeff${text}`;
    const whole = view((await ingestText('c.csv', full)).requests!);
    for (let cut = 0; cut <= 400; cut += 3) {
      // Cut 0 gives an empty first chunk: the BOM is then at the start of the second one.
      const run = await ingestNative(piecesSource('c.csv', [full.slice(0, cut), full.slice(cut)]), {
        maxBadLineRatio: 0,
      });
      expect(view(run.requests!)).toEqual(whole);
      expect(run.meta).toEqual(EXPECTED_META);
    }
    expect(fixedChunks('abcdefg', 3)).toEqual(['abc', 'def', 'g']);
  });
});
