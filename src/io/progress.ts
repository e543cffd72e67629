// Progress of reading files, for a terminal: a source wrapper that reports characters (or bytes, when
// the reader takes bytes) read against the file's size (1 character ≈ 1 byte for the ASCII the
// formats are written in).

import type { TextSource } from '../ingest/source';

export interface ReadProgress {
  /** A file of `bytes` starts being read. */
  start(name: string, bytes: number): void;
  /** `chars` more of it were read. */
  advance(chars: number): void;
  done(): void;
}

export function withProgress(source: TextSource, bytes: number, progress: ReadProgress): TextSource {
  return {
    name: source.name,
    head: source.head,
    async *chunks() {
      progress.start(source.name, bytes);
      try {
        for await (const chunk of source.chunks()) {
          progress.advance(chunk.length);
          yield chunk;
        }
      } finally {
        progress.done();
      }
    },
    ...(source.bytes ? { bytes: () => counted(source.bytes!()) } : {}),
    ...(source.size !== undefined ? { size: source.size } : {}),
  };
  async function* counted(chunks: AsyncIterable<Uint8Array>): AsyncIterable<Uint8Array> {
    progress.start(source.name, bytes);
    try {
      for await (const chunk of chunks) {
        progress.advance(chunk.length);
        yield chunk;
      }
    } finally {
      progress.done();
    }
  }
}
