// Bad input: every problem names the file, the line and the field; a few bad records are skipped
// and counted; too many reject the file; nothing but InputError ever escapes.

import { describe, expect, it } from 'vitest';
import { InputError, IssueLog, formatIssue, formatLocation } from '../../../src/ingest/errors';
import { FORMAT_IDS, ingest } from '../../../src/ingest/ingest';
import { textSource } from '../../../src/ingest/source';
import { ingestText, inputError, toJsonl, view } from './helpers';

const OK = '{"first_token_ms": 1, "total_ms": 2}';
const MISSING = 'missing: every successful request needs first_token_ms and total_ms (or a non-empty "error")';

/** Ingests `text` leniently and returns the formatted issues and the skipped count. */
async function issuesOf(
  name: string,
  text: string,
): Promise<{ issues: string[]; skipped: number; kept: number; read: number }> {
  const run = await ingestText(name, text, { ratio: 1, chunk: 3 });
  const s = run.sources[0];
  return { issues: s.issues.map(formatIssue), skipped: s.skipped, kept: s.recordsKept, read: s.recordsRead };
}

describe('InputError and IssueLog', () => {
  it('format file, line and field', () => {
    expect(formatLocation('a.jsonl')).toBe('a.jsonl: ');
    expect(formatLocation('a.jsonl', 3)).toBe('a.jsonl:3: ');
    expect(formatLocation('a.jsonl', 3, 'total_ms')).toBe('a.jsonl:3: field "total_ms": ');
    const e = new InputError('a.jsonl', 'bad', 3, 'total_ms');
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('InputError');
    expect(e.message).toBe('a.jsonl:3: field "total_ms": bad');
    expect([e.file, e.reason, e.line, e.field]).toEqual(['a.jsonl', 'bad', 3, 'total_ms']);
    expect(formatIssue({ file: 'f', line: 9, message: 'm' })).toBe('f:9: m');
  });

  it('IssueLog keeps the first few and counts them all', () => {
    const log = new IssueLog(2);
    for (let i = 1; i <= 5; i++) log.add({ file: 'f', line: i, message: 'm' });
    expect(log.count).toBe(5);
    expect(log.kept.map((i) => i.line)).toEqual([1, 2]);
  });
});

describe('files that cannot be used at all', () => {
  const cases: Array<[string, string, string]> = [
    ['empty', '', 'e.jsonl: the file is empty'],
    ['whitespace only', '  \n\r\n\t \n', 'e.jsonl: the file is empty'],
    ['a BOM and nothing else', '\ufeff\n', 'e.jsonl: the file is empty'],
    [
      'no known format',
      'timestamp latency\n1 2\n',
      'e.jsonl: not a format perf-triage reads; tried: ⟨other formats⟩; native — expected JSONL, a JSON array or object, or CSV with a header row naming §4 fields; the file starts with "timestamp latency 1 2 "',
    ],
    [
      'a JSON object without "requests"',
      '{\n  "metadata": {"benchmark": "b"},\n  "runs": [{"first_token_ms": 1, "total_ms": 2}]\n}\n',
      'e.jsonl: a JSON object needs a "requests" array of per-request records (and optionally "metadata")',
    ],
    [
      'a JSON object whose "requests" is not an array',
      '{\n  "requests": {"first_token_ms": 1, "total_ms": 2}\n}\n',
      'e.jsonl: a JSON object needs a "requests" array of per-request records (and optionally "metadata")',
    ],
    [
      'only a metadata line',
      '{"metadata": {"benchmark": "b"}}\n\n',
      'e.jsonl: no requests in the file (only metadata, comments or blank lines)',
    ],
    ['an empty JSON array', '[]', 'e.jsonl: no requests in the file (only metadata, comments or blank lines)'],
    [
      'a CSV header and no rows',
      '# metadata: {}\nfirst_token_ms,total_ms\n',
      'e.jsonl: no requests in the file (only metadata, comments or blank lines)',
    ],
    [
      'a JSON array cut off in its first element',
      '[\n  {"first_token_ms": 1,\n   "total_',
      'e.jsonl: line 3: unexpected end of input inside the array element starting at line 2; nothing after it was read',
    ],
    [
      'a JSON array with a structural error before any element',
      '[\n  : 1]',
      `e.jsonl: line 2: expected an array element or ']', found ':'; nothing after it was read`,
    ],
    [
      'every record bad',
      `${OK.replace('1', '-1')}\n{"first_token_ms": 1}\n`,
      'e.jsonl:1: field "first_token_ms": expected a duration in ms ≥ 0, got -1 (no usable request: 2 of 2 record(s) rejected, this is the first)',
    ],
    [
      'every line unparsable',
      'not json\n',
      'e.jsonl: not a format perf-triage reads; tried: ⟨other formats⟩; native — expected JSONL, a JSON array or object, or CSV with a header row naming §4 fields; the file starts with "not json "',
    ],
  ];
  // Through the registry an unknown format lists every format tried; the native reader alone says its own part.
  const OTHERS = '; tried: ⟨other formats⟩; native — ';
  for (const [what, text, message] of cases) {
    it(`${what}: ${message}`, async () => {
      for (const chunk of [1, 64 * 1024]) {
        const error = await inputError(ingestText('e.jsonl', text, { chunk }));
        expect(error.message).toBe(message.replace(OTHERS, ': '));
        expect(error.file).toBe('e.jsonl');
        const viaRegistry = await inputError(ingest(textSource('e.jsonl', text), { maxBadLineRatio: 0.5 }));
        if (message.includes(OTHERS)) {
          // The registry leads with what the file looks like, then names the formats it tried.
          const start = /the file starts with (".*")$/.exec(message)![1];
          expect(viaRegistry.message).toBe(
            `e.jsonl: not a format perf-triage reads: neither JSON nor a CSV with a header row; the file starts with ${start}\n  (tried ${FORMAT_IDS.length} formats: ${FORMAT_IDS.join(', ')}; perf-triage validate FILE --input-format ID says why one does not fit)`,
          );
        } else {
          expect(viaRegistry.message).toBe(message);
        }
      }
    });
  }

  it('a CSV header with no §4 field (when the layout is forced)', async () => {
    const error = await inputError(ingestText('h.csv', '# c\na,b,c\n1,2,3\n', { layout: 'csv' }));
    expect(error.message).toBe('h.csv:2: the header names no §4 field (got a, b, c…)');
  });

  it('an unknown format id', async () => {
    const error = await inputError(ingest(textSource('x.jsonl', OK), { maxBadLineRatio: 0 }, 'vllmm'));
    expect(error.message).toMatch(
      /^x\.jsonl: unknown format "vllmm": expected auto or one of aiperf, genai-perf, vllm, sglang, .*native, customSmallerIsBetter, customBiggerIsBetter$/,
    );
  });
});

describe('bad records are skipped with file, line and field', () => {
  const cases: Array<[string, string, string]> = [
    [
      'negative duration',
      '{"first_token_ms": -3, "total_ms": 5}',
      'field "first_token_ms": expected a duration in ms ≥ 0, got -3',
    ],
    [
      'negative count',
      '{"first_token_ms": 3, "total_ms": 5, "output_tokens": -1}',
      'field "output_tokens": expected a count ≥ 0, got -1',
    ],
    [
      'bare NaN',
      '{"first_token_ms": NaN, "total_ms": 5}',
      'field "first_token_ms": expected a finite duration in ms, got NaN',
    ],
    [
      'bare Infinity',
      '{"first_token_ms": 1, "total_ms": Infinity}',
      'field "total_ms": expected a finite duration in ms, got Infinity',
    ],
    [
      'bare -Infinity',
      '{"first_token_ms": 1, "total_ms": -Infinity}',
      'field "total_ms": expected a finite duration in ms, got -Infinity',
    ],
    [
      'string "inf"',
      '{"first_token_ms": "inf", "total_ms": 5}',
      'field "first_token_ms": expected a finite duration in ms, got "inf"',
    ],
    [
      'string "nan"',
      '{"first_token_ms": 1, "total_ms": "nan"}',
      'field "total_ms": expected a finite duration in ms, got "nan"',
    ],
    [
      'string "-Infinity"',
      '{"first_token_ms": 1, "total_ms": "-Infinity"}',
      'field "total_ms": expected a finite duration in ms, got "-Infinity"',
    ],
    [
      'a number string that overflows',
      '{"first_token_ms": 1, "total_ms": "1e400"}',
      'field "total_ms": expected a finite duration in ms, got "1e400"',
    ],
    [
      'a number that overflows',
      '{"first_token_ms": 1, "total_ms": 1e400}',
      'field "total_ms": expected a finite duration in ms, got Infinity',
    ],
    [
      'boolean in a numeric field',
      '{"first_token_ms": true, "total_ms": 5}',
      'field "first_token_ms": expected a duration in ms (a number), got true',
    ],
    [
      'list in a numeric field',
      '{"first_token_ms": 1, "total_ms": 5, "prompt_tokens": [1]}',
      'field "prompt_tokens": expected a count (a number), got a list',
    ],
    [
      'object in a numeric field',
      '{"first_token_ms": {"v": 1}, "total_ms": 5}',
      'field "first_token_ms": expected a duration in ms (a number), got an object',
    ],
    [
      'text in a numeric field',
      '{"first_token_ms": "12ms", "total_ms": 5}',
      'field "first_token_ms": expected a duration in ms (a number), got "12ms"',
    ],
    [
      'hex in a numeric field',
      '{"first_token_ms": "0x10", "total_ms": 5}',
      'field "first_token_ms": expected a duration in ms (a number), got "0x10"',
    ],
    [
      'a newline and a workflow command in a numeric field: quoted on one line, escapes visible',
      '{"first_token_ms": "1\\n::error::pwned\\u0007", "total_ms": 5}',
      'field "first_token_ms": expected a duration in ms (a number), got "1\\n::error::pwned\\u0007"',
    ],
    [
      'a carriage return and a tab in a timestamp',
      '{"arrival_ts": "2024-01-01T\\r\\tx", "first_token_ms": 1, "total_ms": 5}',
      'field "arrival_ts": expected an ISO 8601 timestamp, got "2024-01-01T\\r\\tx"',
    ],
    ['missing first_token_ms', '{"total_ms": 5, "prefill_ms": 1}', `field "first_token_ms": ${MISSING}`],
    ['missing total_ms', '{"first_token_ms": 5}', `field "total_ms": ${MISSING}`],
    ['null total_ms', '{"first_token_ms": 5, "total_ms": null}', `field "total_ms": ${MISSING}`],
    [
      'bad timestamp',
      '{"arrival_ts": "yesterday", "first_token_ms": 1, "total_ms": 5}',
      'field "arrival_ts": expected a timestamp (seconds since the epoch or ISO 8601), got "yesterday"',
    ],
    [
      'impossible ISO date',
      '{"arrival_ts": "2025-13-45T00:00:00Z", "first_token_ms": 1, "total_ms": 5}',
      'field "arrival_ts": expected an ISO 8601 timestamp, got "2025-13-45T00:00:00Z"',
    ],
    ['a list instead of an object', '[1, 2]', 'expected a JSON object for one request, got a list'],
    ['a number instead of an object', '42', 'expected a JSON object for one request, got 42'],
    ['null instead of an object', 'null', 'expected a JSON object for one request, got null'],
    ['a string instead of an object', '"req"', 'expected a JSON object for one request, got "req"'],
  ];
  for (const [what, line, message] of cases) {
    it(`${what}`, async () => {
      const text = `${OK}\n${line}\n${OK}\n`;
      const r = await issuesOf('b.jsonl', text);
      expect(r).toEqual({ issues: [`b.jsonl:2: ${message}`], skipped: 1, kept: 2, read: 3 });
      // The same record as the only element of a JSON array, on line 3.
      const arr = await issuesOf('b.json', `[\n${OK},\n${line}\n]`);
      expect(arr).toEqual({ issues: [`b.json:3: ${message}`], skipped: 1, kept: 1, read: 2 });
    });
  }

  it('malformed JSON lines say what and where, and the rest of the file is read', async () => {
    const r = await issuesOf(
      'm.jsonl',
      `${OK}\n{"first_token_ms": 1,}\n{"first_token_ms": 1, "total_ms": 2\n${OK}\n{"first_token_ms": NaN, "total_ms": 2, x}\n`,
    );
    expect(r.skipped).toBe(3);
    expect(r.kept).toBe(2);
    expect(r.read).toBe(5);
    // The wording after "not valid JSON:" is V8's (Node 20); the line:column is within the record.
    expect(r.issues).toEqual([
      'm.jsonl:2: not valid JSON: Expected double-quoted property name in JSON at position 21 (line 1, column 22)',
      `m.jsonl:3: not valid JSON: Expected ',' or '}' after property value in JSON at position 35 (line 1, column 36)`,
      // NaN is accepted (and rejected later as a value); the error names the real problem, the x.
      'm.jsonl:5: not valid JSON: Expected double-quoted property name in JSON at position 39 (line 1, column 40)',
    ]);
  });

  it('a malformed element of a JSON array is skipped; the array goes on', async () => {
    const r = await issuesOf('m.json', `[\n${OK},\n{"first_token_ms": tru, "total_ms": 1},\n${OK}\n]\n`);
    expect(r.kept).toBe(2);
    expect(r.skipped).toBe(1);
    expect(r.issues).toEqual([
      `m.json:3: not valid JSON: Unexpected token ',', ..."n_ms": tru, "total_m"... is not valid JSON (line 1, column 23)`,
    ]);
  });

  it('a JSON array cut off in the middle keeps the elements before the cut, with a warning', async () => {
    const run = await ingestText('t.json', `[\n${OK},\n${OK},\n{"first_token_ms": 1, "tot`, { chunk: 4 });
    expect(run.requests!.length).toBe(2);
    expect(run.sources[0]).toMatchObject({ recordsRead: 2, recordsKept: 2, skipped: 0, issues: [] });
    expect(run.sources[0].warnings[0]).toBe(
      'line 4: unexpected end of input inside the array element starting at line 4; nothing after it was read',
    );
    const afterElement = await ingestText('t.json', `[\n${OK},\n${OK}\n`);
    expect(afterElement.sources[0].warnings[0]).toBe(
      'line 4: unexpected end of input: the array opened at line 1 is not closed; nothing after it was read',
    );
    const trailing = await ingestText('t.json', `[${OK}] x`);
    expect(trailing.sources[0].warnings[0]).toBe(
      `line 1: unexpected 'x' after the end of the top-level array; nothing after it was read`,
    );
  });

  it('CSV: a row with the wrong number of cells, a bad value, an unterminated quote', async () => {
    const text = [
      'request_id,first_token_ms,total_ms',
      'r1,1,2',
      'r2,1',
      'r3,1,2,3',
      'r4,-1,2',
      'r5,"1"x,2',
      'r6,inf,2',
      'r7,1,true',
      'r8,1,2',
      'r9,"1,2',
      'r10,1,2',
    ].join('\n');
    const r = await issuesOf('c.csv', text);
    expect(r.issues).toEqual([
      'c.csv:3: expected 3 columns as in the header, got 2',
      'c.csv:4: expected 3 columns as in the header, got 4',
      'c.csv:5: field "first_token_ms": expected a duration in ms ≥ 0, got -1',
      `c.csv:6: unexpected 'x' after the closing quote of field 2 (expected the delimiter or the end of the line); row skipped`,
      'c.csv:7: field "first_token_ms": expected a finite duration in ms, got "inf"',
      'c.csv:8: field "total_ms": expected a duration in ms (a number), got "true"',
      `c.csv:10: unterminated quoted field 2: the input ends before its closing '"'; reading resumes at line 11`,
    ]);
    expect(r).toMatchObject({ skipped: 7, kept: 3, read: 10 });
  });

  it('CSV line numbers count the comment lines before the header', async () => {
    const r = await issuesOf('c.csv', '# metadata: {"benchmark": "b"}\n\n# x\nfirst_token_ms,total_ms\n1,2\n1,-2\n');
    expect(r.issues).toEqual(['c.csv:6: field "total_ms": expected a duration in ms ≥ 0, got -2']);
  });

  it('a record is validated whole: a bad field drops all of it, nothing half-stored', async () => {
    const run = await ingestText(
      'w.jsonl',
      toJsonl([
        { request_id: 'a', tenant: 'x', shard: 1, first_token_ms: 1, total_ms: 2 },
        { request_id: 'b', tenant: 'y', shard: 'bad', zone: 'z', prefill_ms: 5, first_token_ms: -1, total_ms: 2 },
        { request_id: 'c', first_token_ms: 3, total_ms: 4 },
      ]),
      { ratio: 1 },
    );
    const t = view(run.requests!);
    expect(t.text).toEqual({ tenant: ['x', undefined] });
    expect(t.extraNumbers).toEqual({ shard: [1, NaN] });
    expect(t.extraText).toEqual({});
    expect(t.numbers).toEqual({ first_token_ms: [1, 3], total_ms: [2, 4] });
    expect(t.sourceLine).toEqual([1, 3]);
  });
});

describe('the bad-record ratio', () => {
  function fileWith(n: number, badLines: number[]): string {
    const lines: string[] = [];
    for (let i = 1; i <= n; i++)
      lines.push(
        badLines.includes(i)
          ? `{"first_token_ms": ${i}, "total_ms": -${i}}`
          : `{"first_token_ms": ${i}, "total_ms": ${i}}`,
      );
    return `${lines.join('\n')}\n`;
  }

  it('at or below the ratio the file is used', async () => {
    const run = await ingestText('r.jsonl', fileWith(10, [4]), { ratio: 0.1 });
    expect(run.sources[0]).toMatchObject({ recordsRead: 10, recordsKept: 9, skipped: 1 });
  });

  it('above it the file is rejected with the counts and the first problem', async () => {
    const error = await inputError(ingestText('r.jsonl', fileWith(10, [4, 7]), { ratio: 0.1 }));
    expect(error.message).toBe(
      'r.jsonl:4: field "total_ms": expected a duration in ms ≥ 0, got -4 — 2 of 10 records are bad, more than the 10% allowed (max-bad-lines); this is the first',
    );
    expect([error.line, error.field]).toEqual([4, 'total_ms']);
    const strict = await inputError(ingestText('r.jsonl', fileWith(10, [10]), { ratio: 0 }));
    expect(strict.message).toMatch(
      /^r\.jsonl:10: field "total_ms": expected a duration in ms ≥ 0, got -10 — 1 of 10 records are bad, more than the 0% allowed/,
    );
  });

  it('the count stays exact past the 20 issues listed', async () => {
    const bad = Array.from({ length: 30 }, (_, i) => 2 * i + 1);
    const run = await ingestText('r.jsonl', fileWith(100, bad), { ratio: 0.5 });
    expect(run.sources[0].skipped).toBe(30);
    expect(run.sources[0].recordsKept).toBe(70);
    expect(run.sources[0].issues.map((i) => i.line)).toEqual(bad.slice(0, 20));
  });

  it('metadata problems are reported but are not bad records', async () => {
    const text = `{"metadata": {"benchmark": 5, "config": [1]}}\n${OK}\n${OK}\n`;
    const run = await ingestText('m.jsonl', text, { ratio: 0 });
    expect(run.sources[0]).toMatchObject({ recordsRead: 2, recordsKept: 2, skipped: 0 });
    expect(run.sources[0].issues.map(formatIssue)).toEqual([
      'm.jsonl:1: field "metadata.benchmark": expected a non-empty string',
      'm.jsonl:1: field "metadata.config": expected an object of engine settings, e.g. {"max_num_seqs": 64}',
    ]);
  });

  it('the first problem named is a record, even when a metadata problem came first', async () => {
    const text = `{"metadata": {"benchmark": ""}}\n{"first_token_ms": 1}\n`;
    const error = await inputError(ingestText('m.jsonl', text));
    expect(error.message).toBe(
      `m.jsonl:2: field "total_ms": ${MISSING} (no usable request: 1 of 1 record(s) rejected, this is the first)`,
    );
    expect([error.line, error.field]).toEqual([2, 'total_ms']);
  });
});
