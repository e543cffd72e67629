// Gzipped inputs: the PyTorch profiler writes .pt.trace.json.gz. The file layer recognises gzip by
// its magic bytes and hands the parsers text; a corrupt or truncated file, or one that would
// decompress past the cap, is an error naming the file — never a crash, never garbage text.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/ingest/errors';
import { bytesSource } from '../../src/ingest/source';
import { fileSource } from '../../src/io/file-source';
import { gunzipIfGzip, isGzip, MAX_GUNZIP_BYTES } from '../../src/io/gzip-source';
import { readProfile } from '../../src/ingest/profile/read';

const REAL = 'test/fixtures/profile/kineto_event_sync.real.json.gz';
const dir = mkdtempSync(join(tmpdir(), 'gz-'));

async function text(source: { chunks(): AsyncIterable<string> }): Promise<string> {
  let out = '';
  for await (const chunk of source.chunks()) out += chunk;
  return out;
}

describe('gzipped files', () => {
  it('reads a real .json.gz as its text, head and chunks alike', async () => {
    const source = await fileSource(REAL, 'trace.json.gz');
    expect(source.head.trimStart().startsWith('{\n  "schemaVersion": 1,')).toBe(true);
    const body = await text(source);
    expect(JSON.parse(body).traceEvents.length).toBeGreaterThan(10);
    const read = await readProfile(source);
    expect(read.kind).toBe('split');
  });

  it('leaves plain files alone and names a corrupt or truncated gzip file', async () => {
    const plain = join(dir, 'plain.json');
    writeFileSync(plain, '{"traceEvents": []}');
    expect(await text(await fileSource(plain, 'plain.json'))).toBe('{"traceEvents": []}');
    const whole = readFileSync(REAL);
    const cut = join(dir, 'cut.json.gz');
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length / 2)));
    const error = await fileSource(cut, 'cut.json.gz')
      .then((s) => text(s))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe('cut.json.gz: gzip: the compressed data ends early (a truncated file?)');
  });

  it('decompresses artifact entries in memory, refusing one that would exceed the cap', () => {
    const small = gzipSync(Buffer.from('{"traceEvents": []}'));
    expect(isGzip(small)).toBe(true);
    expect(Buffer.from(gunzipIfGzip(small, 'a')).toString()).toBe('{"traceEvents": []}');
    const plain = Buffer.from('x,y\n');
    expect(gunzipIfGzip(plain, 'a')).toBe(plain);
    // A bomb: 300 MB of zeros compress to ~300 kB.
    const bomb = gzipSync(Buffer.alloc(MAX_GUNZIP_BYTES + 1024 * 1024));
    expect(() => gunzipIfGzip(bomb, 'artifact:bomb.json.gz')).toThrow(
      'artifact:bomb.json.gz: gzip: decompresses to more than 256 MB; refused',
    );
  });

  it('a gzip entry that was not decompressed is refused for what it is', async () => {
    const error = await readProfile(bytesSource('raw.gz', readFileSync(REAL))).catch((e: unknown) => e);
    expect((error as Error).message).toBe(
      'raw.gz: not a profiler export perf-triage reads: gzip-compressed data that was not decompressed (read it from a file, or gunzip it first)',
    );
  });
});
