// UTF-8 bytes to text, chunk by chunk, exactly as one StringDecoder over the whole stream would
// decode them. A chunk of ASCII bytes (nearly every chunk of telemetry) is copied as Latin-1,
// which is the same text and about four times faster than UTF-8 decoding; the decoder takes over
// from the first byte that is not ASCII until it holds no partial character again.

import { isAscii } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';

export async function* utf8Chunks(buffers: AsyncIterable<Buffer>): AsyncIterable<string> {
  const decoder = new StringDecoder('utf8');
  // True while the decoder may hold the first bytes of a character cut by a chunk's end.
  let pending = false;
  for await (const buffer of buffers) {
    if (!pending && isAscii(buffer)) {
      if (buffer.length > 0) yield buffer.toString('latin1');
      continue;
    }
    const text = decoder.write(buffer);
    pending = endsMidCharacter(buffer);
    if (text) yield text;
  }
  const rest = decoder.end();
  if (rest) yield rest;
}

/**
 * Whether the bytes end inside a multi-byte character (a lead byte whose continuation bytes are not
 * all there), so that a decoder reading them keeps that lead back. Errs towards true: only the
 * speed depends on it, never the text.
 */
export function endsMidCharacter(bytes: Uint8Array): boolean {
  for (let i = bytes.length - 1, seen = 1; i >= 0 && seen <= 4; i--, seen++) {
    const c = bytes[i];
    if (c < 0x80) return false;
    // A continuation byte: look further back for its lead.
    if (c < 0xc0) continue;
    const length = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    return seen < length;
  }
  return bytes.length > 0;
}
