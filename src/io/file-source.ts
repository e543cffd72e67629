// Files as TextSources: the only place ingestion touches the file system.

import { open, stat } from 'node:fs/promises';
import { InputError } from '../ingest/errors';
import type { TextSource } from '../ingest/source';
import { gzipFileSource, isGzip } from './gzip-source';
import { utf8Chunks } from './utf8-chunks';

const HEAD_BYTES = 16 * 1024;
const CHUNK_BYTES = 1024 * 1024;

/** `name` is what messages call the file (default: `path`). */
export async function fileSource(path: string, name = path): Promise<TextSource> {
  let size: number;
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new InputError(name, 'is a directory, not a results file');
    size = info.size;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(name, `cannot read: ${describeFsError(error)}`);
  }
  if (size === 0) throw new InputError(name, 'the file is empty');
  let head: string;
  let gzipped = false;
  try {
    const handle = await open(path, 'r');
    try {
      const buffer = Buffer.alloc(Math.min(HEAD_BYTES, size));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
      if (isGzip(buffer.subarray(0, bytesRead))) gzipped = true;
      // A multi-byte character cut at the end decodes to U+FFFD; detection only needs the start.
      head = buffer.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch (error) {
    // stat succeeds on a file we may not open (permissions) or that vanished in between.
    throw new InputError(name, `cannot read: ${describeFsError(error)}`);
  }
  // .json.gz traces and any other gzipped input: read as the text they hold.
  if (gzipped) return gzipFileSource(path, name);
  return {
    name,
    head,
    size,
    async *bytes() {
      try {
        yield* readChunks(path, CHUNK_BYTES);
      } catch (error) {
        throw new InputError(name, `read failed: ${describeFsError(error)}`);
      }
    },
    async *chunks() {
      // Bytes, decoded here: most chunks are ASCII, copied as such (utf8-chunks.ts).
      try {
        yield* utf8Chunks(readChunks(path, CHUNK_BYTES));
      } catch (error) {
        throw new InputError(name, `read failed: ${describeFsError(error)}`);
      }
    },
  };
}

/**
 * The file's bytes in chunks of `size`, read into two buffers in turn: the next chunk is read while
 * the caller works on this one, which stays as it is until the caller asks for the one after. A
 * stream would allocate a fresh buffer per chunk, and fresh memory is slow to touch: reading 500 MB
 * that way took four times as long here.
 */
async function* readChunks(path: string, size: number): AsyncIterable<Buffer> {
  const handle = await open(path, 'r');
  const buffers = [Buffer.allocUnsafe(size), Buffer.allocUnsafe(size)];
  let turn = 0;
  let pending: Promise<{ bytesRead: number }> | undefined = handle.read(buffers[0], 0, size, null);
  try {
    for (;;) {
      const { bytesRead } = await pending;
      pending = undefined;
      if (bytesRead === 0) return;
      const current = buffers[turn];
      turn ^= 1;
      pending = handle.read(buffers[turn], 0, size, null);
      yield current.subarray(0, bytesRead);
    }
  } finally {
    // A read still under way (the caller stopped early) must end before the file is closed.
    await pending?.catch(() => undefined);
    await handle.close();
  }
}

export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return 'no such file';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'EISDIR':
      return 'is a directory';
    default:
      return (error as Error)?.message ?? String(error);
  }
}
