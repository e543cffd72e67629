// Gzipped inputs, read as the text they hold: the PyTorch profiler's tensorboard_trace_handler and
// vLLM's profiler write `.pt.trace.json.gz`. Recognised by the gzip magic bytes, not the file name,
// and decompressed as a stream, so a large trace never sits in memory compressed and whole; the
// parsers' size caps then apply to the decompressed text (a gzip bomb stops at the cap).

import { createReadStream } from 'node:fs';
import { createGunzip, gunzipSync } from 'node:zlib';
import { InputError } from '../ingest/errors';
import type { TextSource } from '../ingest/source';
import { describeFsError } from './file-source';
import { utf8Chunks } from './utf8-chunks';

const HEAD_CHARS = 16 * 1024;
const CHUNK_BYTES = 1024 * 1024;
/** Decompressed artifact entries larger than this are refused (the document cap is the same). */
export const MAX_GUNZIP_BYTES = 256 * 1024 * 1024;

export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** A gzipped file as a TextSource over its decompressed text. */
export async function gzipFileSource(path: string, name: string): Promise<TextSource> {
  const bytes = async function* () {
    const stream = createReadStream(path, { highWaterMark: CHUNK_BYTES }).pipe(createGunzip());
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
    } catch (error) {
      throw new InputError(name, `gzip: ${describeGzipError(error)}`);
    } finally {
      stream.destroy();
    }
  };
  const chunks = () => utf8Chunks(bytes());
  let head = '';
  for await (const chunk of chunks()) {
    head += chunk;
    if (head.length >= HEAD_CHARS) break;
  }
  if (head === '') throw new InputError(name, 'gzip: the compressed file holds no text');
  return { name, head: head.slice(0, HEAD_CHARS), chunks, bytes };
}

/** An artifact entry's bytes, decompressed when they are gzip (entries arrive whole, in memory). */
export function gunzipIfGzip(bytes: Uint8Array, name: string): Uint8Array {
  if (!isGzip(bytes)) return bytes;
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_GUNZIP_BYTES });
  } catch (error) {
    throw new InputError(name, `gzip: ${describeGzipError(error)}`);
  }
}

function describeGzipError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  if (code === 'ERR_BUFFER_TOO_LARGE') return `decompresses to more than ${MAX_GUNZIP_BYTES / 1024 / 1024} MB; refused`;
  if (code === 'Z_BUF_ERROR') return 'the compressed data ends early (a truncated file?)';
  if (code === 'Z_DATA_ERROR') return 'not valid gzip data after the header';
  return describeFsError(error);
}
