import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvParser, sniffDelimiter, type CsvOptions } from '../../../src/ingest/text/csv';
import { chunk, cutsArb, lineAt } from './chunks';

interface Parsed {
  rows: Array<[string[], number]>;
  errors: Array<[string, number]>;
}

function parse(chunks: readonly string[] | string, opts?: CsvOptions): Parsed {
  const rows: Parsed['rows'] = [];
  const errors: Parsed['errors'] = [];
  const p = new CsvParser(opts);
  const onRow = (cells: string[], n: number) => rows.push([cells, n]);
  const onError = (m: string, n: number) => errors.push([m, n]);
  for (const c of typeof chunks === 'string' ? [chunks] : chunks) p.push(c, onRow, onError);
  p.end(onRow, onError);
  return { rows, errors };
}

/** Parses every way of cutting the text in one or two places and checks they all agree. */
function parseAllCuts(text: string, opts?: CsvOptions): Parsed {
  const whole = parse(text, opts);
  for (let i = 0; i <= text.length; i++) {
    expect(parse([text.slice(0, i), text.slice(i)], opts)).toEqual(whole);
  }
  expect(parse(text.split(''), opts)).toEqual(whole);
  return whole;
}

describe('CsvParser', () => {
  it('reads LF and CRLF rows, with or without a final newline', () => {
    const expected = [
      [['a', 'b'], 1],
      [['c', 'd'], 2],
    ];
    expect(parseAllCuts('a,b\nc,d\n').rows).toEqual(expected);
    expect(parseAllCuts('a,b\r\nc,d\r\n').rows).toEqual(expected);
    expect(parseAllCuts('a,b\r\nc,d').rows).toEqual(expected);
  });

  it('strips a BOM at the start only', () => {
    expect(parseAllCuts('\uFEFFa,b\n\uFEFFc').rows).toEqual([
      [['a', 'b'], 1],
      [['\uFEFFc'], 2],
    ]);
    expect(parse(['', '\uFEFFx']).rows).toEqual([[['x'], 1]]);
  });

  it('keeps empty fields and whitespace', () => {
    expect(parseAllCuts('a,,b\n,\n x , y\t\n,a,\n').rows).toEqual([
      [['a', '', 'b'], 1],
      [['', ''], 2],
      [[' x ', ' y\t'], 3],
      [['', 'a', ''], 4],
    ]);
    expect(parse('a,').rows).toEqual([[['a', ''], 1]]);
  });

  it('reads quoted fields with "" escapes, delimiters and newlines, counting their lines', () => {
    const text = 'id,text\r\n1,"say ""hi"", then\r\nleave"\r\n2,"x\n\ny"\n3,""\n';
    expect(parseAllCuts(text)).toEqual({
      rows: [
        [['id', 'text'], 1],
        [['1', 'say "hi", then\r\nleave'], 2],
        [['2', 'x\n\ny'], 4],
        [['3', ''], 7],
      ],
      errors: [],
    });
  });

  it('skips blank lines but keeps a quoted empty cell', () => {
    expect(parseAllCuts('a\n\n\r\n""\nb\n\n').rows).toEqual([
      [['a'], 1],
      [[''], 4],
      [['b'], 5],
    ]);
  });

  it('treats a lone CR as data', () => {
    expect(parseAllCuts('a\rb,c\n').rows).toEqual([[['a\rb', 'c'], 1]]);
  });

  it('honours another delimiter', () => {
    expect(parseAllCuts('a;"b;c";d\n1,2;3\n', { delimiter: ';' }).rows).toEqual([
      [['a', 'b;c', 'd'], 1],
      [['1,2', '3'], 2],
    ]);
    expect(parse('a\tb', { delimiter: '\t' }).rows).toEqual([[['a', 'b'], 1]]);
    expect(() => new CsvParser({ delimiter: '"' })).toThrow(/delimiter/);
    expect(() => new CsvParser({ delimiter: ',,' })).toThrow(/delimiter/);
  });

  it('reports a quote inside an unquoted field and resumes at the next row', () => {
    const { rows, errors } = parseAllCuts('a,b\nc,d"e,f\ng,h\n');
    expect(rows).toEqual([
      [['a', 'b'], 1],
      [['g', 'h'], 3],
    ]);
    expect(errors).toEqual([[expect.stringContaining(`unexpected '"' inside unquoted field 2`), 2]]);
  });

  it('reports text after a closing quote and resumes at the next row', () => {
    const { rows, errors } = parseAllCuts('"a"x,b\n"multi\nline"y\nc\n"d"\rz\ne');
    expect(rows).toEqual([
      [['c'], 4],
      [['e'], 6],
    ]);
    expect(errors).toEqual([
      [expect.stringContaining(`unexpected 'x' after the closing quote of field 1`), 1],
      [expect.stringMatching(/unexpected 'y' after the closing quote of field 1.*row starts at line 2/), 3],
      [expect.stringContaining(`unexpected 'z' after '\\r'`), 5],
    ]);
  });

  it('reports an unterminated quote at the end and re-reads the rows it swallowed', () => {
    const { rows, errors } = parseAllCuts('h1,h2\nx,"open\n1,2\n3,4');
    expect(rows).toEqual([
      [['h1', 'h2'], 1],
      [['1', '2'], 3],
      [['3', '4'], 4],
    ]);
    expect(errors).toEqual([[expect.stringContaining('unterminated quoted field 2'), 2]]);
  });

  it('recovers from nested unterminated quotes during the re-read', () => {
    const { rows, errors } = parseAllCuts('"a\n"b\nc\n"d\ne');
    // "a\n" closes at line 2 and is followed by b: an error; then c; then "d swallows the rest.
    expect(rows).toEqual([
      [['c'], 3],
      [['e'], 5],
    ]);
    expect(errors.map((e) => e[1])).toEqual([2, 4]);
  });

  it('reports a quote left open on the last line', () => {
    expect(parse('a\n"b,c')).toEqual({ rows: [[['a'], 1]], errors: [[expect.stringContaining('unterminated'), 2]] });
  });

  it('does not throw without an error handler', () => {
    const p = new CsvParser();
    const rows: string[][] = [];
    p.push('a"b\nc\n"d', (r) => rows.push(r));
    p.end((r) => rows.push(r));
    expect(rows).toEqual([['c']]);
  });

  it('can be reused after end()', () => {
    const p = new CsvParser();
    const rows: Array<[string[], number]> = [];
    const onRow = (r: string[], n: number) => rows.push([r, n]);
    p.push('a\n"b', onRow);
    p.end(onRow);
    p.push('\uFEFFc', onRow);
    p.end(onRow);
    expect(rows).toEqual([
      [['a'], 1],
      [['c'], 1],
    ]);
  });

  it('returns the exact cells and start lines of any RFC 4180 table under any chunking', () => {
    const unit = fc.constantFrom('a', 'Z', '0', ' ', ',', ';', '\t', '"', '""', '\n', '\r', '\r\n', 'é', '中', '😀');
    const cell = fc.record({ value: fc.string({ unit, maxLength: 6 }), quote: fc.boolean() });
    const table = fc.record({
      rows: fc.array(fc.array(cell, { minLength: 1, maxLength: 5 }), { maxLength: 6 }),
      delimiter: fc.constantFrom(',', ';', '\t'),
      eol: fc.constantFrom('\n', '\r\n'),
      finalEol: fc.boolean(),
      bom: fc.boolean(),
    });
    fc.assert(
      fc.property(table, cutsArb, (t, cuts) => {
        const lines: string[] = [];
        const starts: number[] = [];
        let offset = t.bom ? 1 : 0;
        for (const row of t.rows) {
          const line = row
            .map(({ value, quote }) => {
              const must = /["\r\n]/.test(value) || value.includes(t.delimiter) || (row.length === 1 && value === '');
              return quote || must ? `"${value.replaceAll('"', '""')}"` : value;
            })
            .join(t.delimiter);
          starts.push(offset);
          offset += line.length + t.eol.length;
          lines.push(line);
        }
        const text = (t.bom ? '\uFEFF' : '') + lines.join(t.eol) + (t.finalEol && lines.length > 0 ? t.eol : '');
        const expected = t.rows.map((row, i) => [row.map((c) => c.value), lineAt(text, starts[i])]);
        expect(parse(chunk(text, cuts), { delimiter: t.delimiter })).toEqual({ rows: expected, errors: [] });
      }),
      { numRuns: 400 },
    );
  });

  it('never throws, and a bad first line never costs the line after it', () => {
    // Whatever the junk line does (stray quotes, a quote left open, text after a closing quote),
    // either its newline ends the row, or its open quote swallows the rest and the re-read at the
    // end recovers line 2.
    const junk = fc.string({ unit: fc.constantFrom('a', ',', '"', '\r', ' '), maxLength: 12 });
    fc.assert(
      fc.property(junk, cutsArb, (j, cuts) => {
        const text = `${j}\nlast,row\n`;
        expect(parse(chunk(text, cuts)).rows.at(-1)).toEqual([['last', 'row'], 2]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('sniffDelimiter', () => {
  it('picks the most frequent candidate outside quotes, defaulting to comma', () => {
    expect(sniffDelimiter('a,b,c')).toBe(',');
    expect(sniffDelimiter('a\tb\tc')).toBe('\t');
    expect(sniffDelimiter('a;b;"c,d,e"')).toBe(';');
    expect(sniffDelimiter('"x;y;z"\tb')).toBe('\t');
    expect(sniffDelimiter('single')).toBe(',');
    expect(sniffDelimiter('a,b;c')).toBe(',');
    expect(sniffDelimiter('a\tb;c')).toBe('\t');
  });
});
