// A file as the ingest layer sees it: a name for messages, its first bytes for format detection,
// and a stream of text chunks. The file system lives behind this interface (src/io), so every parser
// stays pure and is tested on strings.

export interface TextSource {
  /** Shown in every message about this input (a path, or "demo:base.jsonl"). */
  readonly name: string;
  /** The first few KiB of text, for detection. */
  readonly head: string;
  /** The whole text from the start, in chunks that may split anywhere. */
  chunks(): AsyncIterable<string>;
  /**
   * The same input as UTF-8 bytes, in chunks that may split anywhere (even inside a character), when
   * the source has them: the JSONL fast path reads bytes (native/byte-jsonl.ts). A chunk may be
   * overwritten once the next one is asked for: a reader keeps copies of what it needs.
   */
  bytes?(): AsyncIterable<Uint8Array>;
  /** Its length in bytes, when known (sizes the columns before they fill). */
  readonly size?: number;
}

/** A source over a string in memory, cut into chunks of `chunkSize` (tests use odd sizes). */
export function textSource(name: string, text: string, chunkSize = 64 * 1024): TextSource {
  return {
    name,
    head: text.slice(0, 16 * 1024),
    async *chunks() {
      for (let i = 0; i < text.length; i += chunkSize) yield text.slice(i, i + chunkSize);
    },
  };
}

/**
 * A source over bytes in memory (an artifact's file), decoded as UTF-8 a slice at a time. A BOM is
 * decoded as U+FEFF, as a file's is (file-source.ts), and left to the reader to skip.
 */
export function bytesSource(name: string, bytes: Uint8Array, chunkSize = 1024 * 1024): TextSource {
  return {
    name,
    head: new TextDecoder().decode(bytes.subarray(0, 16 * 1024)),
    size: bytes.length,
    async *bytes() {
      for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
    },
    async *chunks() {
      const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
      for (let i = 0; i < bytes.length; i += chunkSize)
        yield decoder.decode(bytes.subarray(i, i + chunkSize), { stream: true });
      const rest = decoder.decode();
      if (rest) yield rest;
    },
  };
}
