import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LineSplitter } from '../../../src/ingest/text/lines';
import { chunk, cutsArb } from './chunks';

function split(chunks: readonly string[]): Array<[string, number]> {
  const out: Array<[string, number]> = [];
  const s = new LineSplitter();
  const onLine = (line: string, n: number) => out.push([line, n]);
  for (const c of chunks) s.push(c, onLine);
  s.end(onLine);
  return out;
}

/** What the splitter should do, written the obvious whole-string way. */
function reference(text: string): Array<[string, number]> {
  if (text.startsWith('\uFEFF')) text = text.slice(1);
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines.map((l, i) => [l.endsWith('\r') ? l.slice(0, -1) : l, i + 1]);
}

describe('LineSplitter', () => {
  it('splits LF and CRLF, keeping empty lines', () => {
    expect(split(['a\r\n\nb\n\r\nc'])).toEqual([
      ['a', 1],
      ['', 2],
      ['b', 3],
      ['', 4],
      ['c', 5],
    ]);
  });

  it('handles a CRLF pair split across chunks', () => {
    expect(split(['a\r', '\nb\r', '\n'])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('does not emit an extra line after a trailing newline', () => {
    expect(split(['a\nb\n'])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(split(['', ''])).toEqual([]);
  });

  it('strips the BOM only at the very start, even after an empty first chunk', () => {
    expect(split(['', '\uFEFFa\n\uFEFFb'])).toEqual([
      ['a', 1],
      ['\uFEFFb', 2],
    ]);
  });

  it('joins a line spread over many chunks', () => {
    expect(split(['ab', 'cd', '', 'e\nf', 'g'])).toEqual([
      ['abcde', 1],
      ['fg', 2],
    ]);
  });

  it('can be reused after end()', () => {
    const s = new LineSplitter();
    const out: string[] = [];
    s.push('\uFEFFx\ny', (l) => out.push(l));
    s.end((l) => out.push(l));
    s.push('\uFEFFz', (l, n) => out.push(`${l}@${n}`));
    s.end((l, n) => out.push(`${l}@${n}`));
    expect(out).toEqual(['x', 'y', 'z@1']);
  });

  it('matches a whole-string split under any chunking', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', ' ', '\n', '\r', '\r\n', '\uFEFF', 'é', '😀') });
    fc.assert(
      fc.property(text, cutsArb, (t, cuts) => {
        expect(split(chunk(t, cuts))).toEqual(reference(t));
      }),
      { numRuns: 500 },
    );
  });
});
