// Test helper: cuts a text into chunks the way a stream might, including empty chunks and cuts
// inside surrogate pairs, CRLF pairs and escapes.
import fc from 'fast-check';

/** Cut points (taken modulo the text length), or null for one chunk per character. */
export const cutsArb: fc.Arbitrary<number[] | null> = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.nat(), { maxLength: 12 }) },
  { weight: 1, arbitrary: fc.constant(null) },
);

export function chunk(text: string, cuts: readonly number[] | null): string[] {
  if (cuts === null) return [...text.split('')];
  const points = cuts.map((c) => c % (text.length + 1)).sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of points) {
    out.push(text.slice(from, p));
    from = p;
  }
  out.push(text.slice(from));
  return out;
}

/** 1-based line of an offset: one more than the '\n' characters before it. */
export function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (text.charCodeAt(i) === 0x0a) line++;
  return line;
}
