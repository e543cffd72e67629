// utf8Chunks decodes a byte stream to exactly the text one StringDecoder gives, however the bytes
// are cut: multi-byte characters split across chunks, a BOM, invalid bytes, ASCII runs between.

import fc from 'fast-check';
import { StringDecoder } from 'node:string_decoder';
import { describe, expect, it } from 'vitest';
import { endsMidCharacter, utf8Chunks } from '../../src/io/utf8-chunks';

async function* of(buffers: Buffer[]): AsyncIterable<Buffer> {
  for (const b of buffers) yield b;
}

async function decode(buffers: Buffer[]): Promise<string> {
  let text = '';
  for await (const chunk of utf8Chunks(of(buffers))) text += chunk;
  return text;
}

function reference(buffers: Buffer[]): string {
  const d = new StringDecoder('utf8');
  return buffers.map((b) => d.write(b)).join('') + d.end();
}

/** `bytes` cut at the given offsets. */
function cut(bytes: Buffer, offsets: number[]): Buffer[] {
  const at = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Buffer[] = [];
  let from = 0;
  for (const o of [...at, bytes.length]) {
    out.push(bytes.subarray(from, o));
    from = o;
  }
  return out;
}

describe('utf8Chunks', () => {
  it('equals one StringDecoder over the stream for any text and any cuts', async () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.constantFrom('\ufeff', 'café €', '😀', '{"a":1}\n', 'x'.repeat(40)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (pieces, offsets) => {
          const bytes = Buffer.from(pieces.join(''), 'utf8');
          const buffers = cut(bytes, offsets);
          expect(await decode(buffers)).toBe(reference(buffers));
        },
      ),
      { numRuns: 800 },
    );
  });

  it('equals it on invalid bytes and truncated characters', async () => {
    const byte = fc.oneof(
      fc.integer({ min: 0, max: 255 }),
      fc.constantFrom(0x41, 0x0a, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0xc3),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(byte, { maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (list, offsets) => {
          const buffers = cut(Buffer.from(list), offsets);
          expect(await decode(buffers)).toBe(reference(buffers));
        },
      ),
      { numRuns: 800 },
    );
  });

  it('endsMidCharacter: a lead byte without all its continuation bytes', () => {
    const b = (...x: number[]) => Uint8Array.from(x);
    expect(endsMidCharacter(b())).toBe(false);
    expect(endsMidCharacter(b(0x41))).toBe(false);
    expect(endsMidCharacter(b(0xc3))).toBe(true);
    expect(endsMidCharacter(b(0xc3, 0xa9))).toBe(false);
    expect(endsMidCharacter(b(0xe2, 0x82))).toBe(true);
    expect(endsMidCharacter(b(0xe2, 0x82, 0xac))).toBe(false);
    expect(endsMidCharacter(b(0xf0, 0x9f, 0x98))).toBe(true);
    expect(endsMidCharacter(b(0xf0, 0x9f, 0x98, 0x80))).toBe(false);
  });
});
