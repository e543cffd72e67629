// Files as TextSources: the only place ingestion touches the file system.

import { createReadStream } from 'node:fs';
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
      const stream = createReadStream(path, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>;
      try {
        for await (const chunk of stream) yield chunk;
      } catch (error) {
        throw new InputError(name, `read failed: ${describeFsError(error)}`);
      }
    },
    async *chunks() {
      // Bytes, decoded here: most chunks are ASCII, copied as such (utf8-chunks.ts).
      const stream = createReadStream(path, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>;
      try {
        for await (const chunk of utf8Chunks(stream)) yield chunk;
      } catch (error) {
        throw new InputError(name, `read failed: ${describeFsError(error)}`);
      }
    },
  };
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
