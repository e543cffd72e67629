// loadSide: patterns → files → one run per file, with errors naming the pattern or the file.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/ingest/errors';
import { loadSide } from '../../src/io/load-side';

let dir = '';
const OPTS = { maxBadLineRatio: 0.05 };

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'perf-triage-side-'));
  mkdirSync(join(dir, 'runs'));
  writeFileSync(
    join(dir, 'runs', 'run-1.jsonl'),
    '{"metadata": {"benchmark": "b"}}\n{"arrival_ts": 2, "first_token_ms": 1, "total_ms": 2}\n{"arrival_ts": 1, "first_token_ms": 3, "total_ms": 4}\n',
  );
  writeFileSync(
    join(dir, 'runs', 'run-2.csv'),
    '# metadata: {"benchmark": "b"}\narrival_ts,first_token_ms,total_ms\n1,5,6\n',
  );
  writeFileSync(
    join(dir, 'runs', 'run-3.json'),
    '{"metadata": {"benchmark": "b"}, "requests": [{"first_token_ms": 7, "total_ms": 8}]}',
  );
  writeFileSync(join(dir, 'runs', 'notes.txt'), 'hello\n');
  writeFileSync(join(dir, 'bad.jsonl'), '{"first_token_ms": -1, "total_ms": 2}\n');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function errorOf(promise: Promise<unknown>): Promise<InputError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe('loadSide', () => {
  it('one run per file, in pattern order, each file in its own format', async () => {
    const side = await loadSide('head', ['runs/run-*'], { ...OPTS, cwd: dir });
    expect(side.label).toBe('head');
    expect(side.runs.map((r) => [r.sources[0].file, r.sources[0].format, r.requests!.length])).toEqual([
      ['runs/run-1.jsonl', 'native-jsonl', 2],
      ['runs/run-2.csv', 'native-csv', 1],
      ['runs/run-3.json', 'native-json', 1],
    ]);
    expect(side.runs.every((r) => r.meta.benchmark === 'b')).toBe(true);
    expect([...side.runs[0].requests!.numbers.first_token_ms!]).toEqual([3, 1]);
  });

  it('plain relative paths are read under cwd too, and repeated files load once', async () => {
    const side = await loadSide('base', ['runs/run-2.csv', 'runs/*.csv'], { ...OPTS, cwd: dir });
    expect(side.runs).toHaveLength(1);
    expect(side.runs[0].sources[0].file).toBe('runs/run-2.csv');
  });

  it('absolute patterns', async () => {
    const side = await loadSide('base', [`${dir}/runs/*.json*`], OPTS);
    expect(side.runs.map((r) => r.sources[0].file)).toEqual([`${dir}/runs/run-1.jsonl`, `${dir}/runs/run-3.json`]);
  });

  it('a pattern that matches nothing names the pattern and the side', async () => {
    expect((await errorOf(loadSide('base', ['runs/*.parquet'], { ...OPTS, cwd: dir }))).message).toBe(
      'runs/*.parquet: no file matches this pattern (baseline)',
    );
    expect((await errorOf(loadSide('head', ['runs/run-*', 'x/*'], { ...OPTS, cwd: dir }))).message).toBe(
      'x/*: no file matches this pattern (results)',
    );
  });

  it('no patterns at all', async () => {
    expect((await errorOf(loadSide('base', [], OPTS))).message).toBe('baseline: no files given');
    expect((await errorOf(loadSide('head', [' ', ''], OPTS))).message).toBe('results: no files given');
  });

  it('a named file that does not exist, or cannot be used, names the file as given', async () => {
    expect((await errorOf(loadSide('base', ['runs/missing.jsonl'], { ...OPTS, cwd: dir }))).message).toBe(
      'runs/missing.jsonl: cannot read: no such file',
    );
    expect((await errorOf(loadSide('base', ['runs'], { ...OPTS, cwd: dir }))).message).toBe(
      'runs: is a directory, not a results file',
    );
    expect((await errorOf(loadSide('base', ['runs/notes.txt'], { ...OPTS, cwd: dir }))).message).toMatch(
      /^runs\/notes\.txt: not a format perf-triage reads: neither JSON nor a CSV with a header row; the file starts with "hello "\n {2}\(tried \d+ formats: .*, native; perf-triage validate FILE --input-format ID says why one does not fit\)$/,
    );
    expect((await errorOf(loadSide('head', ['bad.jsonl'], { ...OPTS, cwd: dir }))).message).toBe(
      'bad.jsonl:1: field "first_token_ms": expected a duration in ms ≥ 0, got -1 (no usable request: 1 of 1 record(s) rejected, this is the first)',
    );
  });

  it('the format option: native reads, an unknown id is an error', async () => {
    const side = await loadSide('base', ['runs/run-1.jsonl'], { ...OPTS, cwd: dir, format: 'native' });
    expect(side.runs[0].requests!.length).toBe(2);
    expect(
      (await errorOf(loadSide('base', ['runs/run-1.jsonl'], { ...OPTS, cwd: dir, format: 'genai' }))).message,
    ).toMatch(/^runs\/run-1\.jsonl: unknown format "genai": expected auto or one of /);
    // A format that exists but does not fit says what it expected.
    expect(
      (await errorOf(loadSide('base', ['runs/run-1.jsonl'], { ...OPTS, cwd: dir, format: 'genai-perf' }))).message,
    ).toMatch(/^runs\/run-1\.jsonl: GenAI-Perf summary: not valid JSON/);
  });
});
