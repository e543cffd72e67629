// fileSource: a file as a TextSource (head for detection, the whole text in chunks), and clear
// InputErrors for files that cannot be read.

import { chmodSync, mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InputError } from '../../src/ingest/errors';
import { ingest } from '../../src/ingest/ingest';
import { textSource } from '../../src/ingest/source';
import { describeFsError, fileSource } from '../../src/io/file-source';
import { baseScenario, simulateToJsonl } from '../../src/sim';

let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'perf-triage-fs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function collect(chunks: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const c of chunks) out.push(c);
  return out;
}

async function errorOf(promise: Promise<unknown>): Promise<InputError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe('fileSource', () => {
  it('a small file: its name, its head and its whole text', async () => {
    const p = join(dir, 'small.jsonl');
    writeFileSync(p, '{"first_token_ms": 1, "total_ms": 2}\n');
    const src = await fileSource(p);
    expect(src.name).toBe(p);
    expect(src.head).toBe('{"first_token_ms": 1, "total_ms": 2}\n');
    expect((await collect(src.chunks())).join('')).toBe('{"first_token_ms": 1, "total_ms": 2}\n');
    // chunks() can be read again.
    expect((await collect(src.chunks())).join('')).toBe(src.head);
  });

  it('a large file arrives in several chunks, multi-byte characters intact; the head is its first 16 KiB', async () => {
    const line = '{"tenant": "café €", "first_token_ms": 1, "total_ms": 2}\n';
    const text = line.repeat(Math.ceil((2.5 * 1024 * 1024) / Buffer.byteLength(line)));
    const p = join(dir, 'large.jsonl');
    writeFileSync(p, text);
    const src = await fileSource(p);
    const chunks = await collect(src.chunks());
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    expect(chunks.join('')).toBe(text);
    expect(chunks.join('').includes('\ufffd')).toBe(false);
    expect(Buffer.byteLength(src.head)).toBeLessThanOrEqual(16 * 1024 + 2);
    // A character cut by the 16 KiB boundary decodes to U+FFFD at the end; the rest is exact.
    const clean = src.head.replace(/\ufffd+$/, '');
    expect(text.startsWith(clean)).toBe(true);
    expect(Buffer.byteLength(clean)).toBeGreaterThan(16 * 1024 - 4);
  });

  it('a missing file', async () => {
    const p = join(dir, 'nope.jsonl');
    const e = await errorOf(fileSource(p));
    expect(e.message).toBe(`${p}: cannot read: no such file`);
    expect(e.file).toBe(p);
  });

  it('a directory', async () => {
    const p = join(dir, 'adir');
    mkdirSync(p);
    expect((await errorOf(fileSource(p))).message).toBe(`${p}: is a directory, not a results file`);
  });

  it('an empty file', async () => {
    const p = join(dir, 'empty.jsonl');
    writeFileSync(p, '');
    expect((await errorOf(fileSource(p))).message).toBe(`${p}: the file is empty`);
  });

  it('a whitespace-only file is read, and ingestion calls it empty', async () => {
    const p = join(dir, 'blank.jsonl');
    writeFileSync(p, ' \n\n\t\r\n');
    const src = await fileSource(p);
    expect((await errorOf(ingest(src, { maxBadLineRatio: 0 }))).message).toBe(`${p}: the file is empty`);
  });

  it('messages can use a display name other than the path', async () => {
    const p = join(dir, 'nope2.jsonl');
    expect((await errorOf(fileSource(p, 'results/nope2.jsonl'))).message).toBe(
      'results/nope2.jsonl: cannot read: no such file',
    );
    const q = join(dir, 'named.jsonl');
    writeFileSync(q, '{"first_token_ms": 1, "total_ms": 2}\n');
    expect((await fileSource(q, 'named.jsonl')).name).toBe('named.jsonl');
  });

  it('a file removed after it was opened for detection: the read fails with an InputError', async () => {
    const p = join(dir, 'vanishing.jsonl');
    writeFileSync(p, '{"first_token_ms": 1, "total_ms": 2}\n');
    const src = await fileSource(p);
    unlinkSync(p);
    expect((await errorOf(collect(src.chunks()))).message).toBe(`${p}: read failed: no such file`);
  });

  it.skipIf(process.getuid?.() === 0)('a file without read permission', async () => {
    const p = join(dir, 'secret.jsonl');
    writeFileSync(p, '{}\n');
    chmodSync(p, 0o000);
    expect((await errorOf(fileSource(p))).message).toBe(`${p}: cannot read: permission denied`);
  });

  it('describeFsError names the common causes', () => {
    const err = (code: string) => Object.assign(new Error(`${code}: raw`), { code });
    expect(describeFsError(err('ENOENT'))).toBe('no such file');
    expect(describeFsError(err('EACCES'))).toBe('permission denied');
    expect(describeFsError(err('EPERM'))).toBe('permission denied');
    expect(describeFsError(err('EISDIR'))).toBe('is a directory');
    expect(describeFsError(err('EIO'))).toBe('EIO: raw');
    expect(describeFsError('weird')).toBe('weird');
  });

  it('a simulated log read from disk in chunks ingests exactly as from memory', async () => {
    const text = simulateToJsonl(baseScenario(3, 5000));
    expect(text.length).toBeGreaterThan(2 * 1024 * 1024);
    const p = join(dir, 'sim.jsonl');
    writeFileSync(p, text);
    const fromDisk = await ingest(await fileSource(p, 'sim.jsonl'), { maxBadLineRatio: 0 });
    const fromMemory = await ingest(textSource('sim.jsonl', text), { maxBadLineRatio: 0 });
    expect(fromDisk).toEqual(fromMemory);
    expect(fromDisk.requests!.length).toBe(5000);
  });
});
