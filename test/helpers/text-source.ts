// A TextSource over a string, delivered in pieces cut at the given offsets (taken modulo the length,
// so any fast-check integers do): readers must give the same result however their input is chunked.
import type { TextSource } from '../../src/ingest/source';

export function source(name: string, text: string, cuts: readonly number[] = []): TextSource {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const pieces: string[] = [];
  let from = 0;
  for (const p of points) {
    pieces.push(text.slice(from, p));
    from = p;
  }
  pieces.push(text.slice(from));
  return {
    name,
    head: text.slice(0, 16 * 1024),
    async *chunks() {
      yield* pieces;
    },
  };
}
