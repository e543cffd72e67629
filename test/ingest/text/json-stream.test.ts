import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonStreamSplitter, type JsonSplitterOptions } from '../../../src/ingest/text/json-stream';
import { chunk, cutsArb, lineAt } from './chunks';

interface Split {
  elements: Array<[string, number]>;
  members: Array<[string, string, number]>;
  errors: Array<[string, number]>;
}

function split(chunks: readonly string[] | string, opts?: JsonSplitterOptions): Split {
  const out: Split = { elements: [], members: [], errors: [] };
  const s = new JsonStreamSplitter(opts);
  const h = {
    onElement: (t: string, n: number) => out.elements.push([t, n]),
    onMember: (k: string, v: string, n: number) => out.members.push([k, v, n]),
    onError: (m: string, n: number) => out.errors.push([m, n]),
  };
  for (const c of typeof chunks === 'string' ? [chunks] : chunks) s.push(c, h);
  s.end(h);
  return out;
}

/** Splits the text whole, cut once at every offset, and one character per chunk; all must agree. */
function splitAllCuts(text: string, opts?: JsonSplitterOptions): Split {
  const whole = split(text, opts);
  for (let i = 0; i <= text.length; i++) expect(split([text.slice(0, i), text.slice(i)], opts)).toEqual(whole);
  expect(split(text.split(''), opts)).toEqual(whole);
  return whole;
}

const none = { elements: [], members: [], errors: [] };

describe('JsonStreamSplitter: arrays', () => {
  it('splits objects, arrays and scalars with their start lines', () => {
    const text = '\uFEFF[\n  {"a": [1, {"b": "}"}]},\n  [],\n  "x,]\\"",\n  -1.5e3, true,false ,null\n]\n';
    expect(splitAllCuts(text)).toEqual({
      ...none,
      elements: [
        ['{"a": [1, {"b": "}"}]}', 2],
        ['[]', 3],
        ['"x,]\\""', 4],
        ['-1.5e3', 5],
        ['true', 5],
        ['false', 5],
        ['null', 5],
      ],
    });
  });

  it('handles escapes split across chunks', () => {
    const text = String.raw`["a\"b", "c\\", "\\\"", {"k\\": "\u005d"}]`;
    const { elements } = splitAllCuts(text);
    expect(elements.map(([t]) => JSON.parse(t))).toEqual(JSON.parse(text));
  });

  it('counts newlines inside strings and pieces', () => {
    // A raw newline in a string is invalid JSON (JSON.parse will say so) but must not shift later lines.
    const text = '[{"a":\n1}, "x\ny",\n\n 3, {"b": "\n\\\n"}, 4]';
    expect(splitAllCuts(text).elements).toEqual([
      ['{"a":\n1}', 1],
      ['"x\ny"', 2],
      ['3', 5],
      ['{"b": "\n\\\n"}', 5],
      ['4', 7],
    ]);
  });

  it('lets NaN and Infinity through, inside pieces and as pieces', () => {
    const text = '[{"a": NaN, "b": [-Infinity]}, NaN, Infinity, -Infinity]';
    expect(splitAllCuts(text).elements.map(([t]) => t)).toEqual([
      '{"a": NaN, "b": [-Infinity]}',
      'NaN',
      'Infinity',
      '-Infinity',
    ]);
  });

  it('splits a malformed element by brackets and leaves rejecting it to JSON.parse', () => {
    expect(splitAllCuts('[1, {"a": }, 3]')).toEqual({
      ...none,
      elements: [
        ['1', 1],
        ['{"a": }', 1],
        ['3', 1],
      ],
    });
  });

  it('accepts an empty array', () => {
    expect(splitAllCuts(' [ \n ] \n')).toEqual(none);
  });

  it.each([
    ['[1 2]', `expected ',' or ']' after array element, found '2'`, 1],
    ['[1,\n]', `expected an array element after ',', found ']'`, 2],
    ['[,1]', `expected an array element or ']', found ','`, 1],
    ['[1]\n x', `unexpected 'x' after the end of the top-level array`, 2],
    ['[1] [2]', `unexpected '[' after the end of the top-level array`, 1],
    ['"abc"', `expected '[' or '{' at the start of the input, found '"'`, 1],
    ['\n42', `expected '[' or '{' at the start of the input, found '4'`, 2],
    ['', `empty input: expected '[' or '{'`, 1],
    ['  \n', `empty input: expected '[' or '{'`, 2],
    ['[{"a": [1}]', `mismatched '}' in the array element starting at line 1: expected ']'`, 1],
    ['[\n{"a": 1,\n "b": "x', `unexpected end of input inside the array element starting at line 2`, 3],
    ['[1, 2', `unexpected end of input: the array opened at line 1 is not closed`, 1],
    ['[1,\n', `unexpected end of input: the array opened at line 1 is not closed`, 2],
    ['[1\r\n\t2]', `expected ',' or ']' after array element, found '2'`, 2],
    ['[1{}]', `expected ',' or ']' after array element, found '{'`, 1],
    ['[1:2]', `expected ',' or ']' after array element, found ':'`, 1],
  ])('reports %j', (text, message, line) => {
    const { errors } = splitAllCuts(text);
    expect(errors).toEqual([[message, line]]);
  });

  it('stops after the first error but keeps what came before', () => {
    expect(split(['[1, 2 3, 4', ']', ' x'])).toEqual({
      ...none,
      elements: [
        ['1', 1],
        ['2', 1],
      ],
      errors: [[`expected ',' or ']' after array element, found '3'`, 1]],
    });
  });

  it('never throws on arbitrary input', () => {
    const junk = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', ',', ':', '1', 'a', ' ', '\n') });
    fc.assert(
      fc.property(junk, cutsArb, (t, cuts) => {
        const out = split(chunk(t, cuts));
        expect(out.errors.length).toBeLessThanOrEqual(1);
        // Splitting must not depend on where the chunks were cut.
        expect(out).toEqual(split(t));
      }),
      { numRuns: 500 },
    );
  });

  it('can be reused after end()', () => {
    const s = new JsonStreamSplitter();
    const got: Array<[string, number]> = [];
    const h = {
      onElement: (t: string, n: number) => got.push([t, n]),
      onError: (m: string, n: number) => got.push([m, n]),
    };
    s.push('[1,\n2', h);
    s.end(h);
    s.push('\uFEFF[3]', h);
    s.end(h);
    expect(got).toEqual([
      ['1', 1],
      ['unexpected end of input: the array opened at line 1 is not closed', 2],
      ['3', 1],
    ]);
  });
});

describe('JsonStreamSplitter: objects', () => {
  const text =
    '{\n  "model": "llama",\n  "requests": [\n    {"ttft": 1},\n    {"ttft": 2}\n  ],\n  "n\\"x": {"a": [1]}\n}';

  it('streams the chosen key and emits the other members whole', () => {
    expect(splitAllCuts(text, { streamKey: 'requests' })).toEqual({
      elements: [
        ['{"ttft": 1}', 4],
        ['{"ttft": 2}', 5],
      ],
      members: [
        ['model', '"llama"', 2],
        ['n"x', '{"a": [1]}', 7],
      ],
      errors: [],
    });
  });

  it('accepts a list of stream keys and says which one it found', () => {
    const s = new JsonStreamSplitter({ streamKey: ['results', 'requests'] });
    const elements: string[] = [];
    s.push(text, { onElement: (t) => elements.push(t), onError: (m) => elements.push(m) });
    expect(s.streamedKey).toBe('requests');
    expect(s.shape).toBe('object');
    expect(elements).toEqual(['{"ttft": 1}', '{"ttft": 2}']);
  });

  it('emits every member whole without a stream key, or when its value is not an array', () => {
    expect(split(text).members.map((m) => m[0])).toEqual(['model', 'requests', 'n"x']);
    expect(split('{"requests": null}', { streamKey: 'requests' }).members).toEqual([['requests', 'null', 1]]);
  });

  it('accepts an empty object', () => {
    expect(splitAllCuts('{ }')).toEqual(none);
  });

  it.each([
    ['{"a" 1}', `expected ':' after key "a", found '1'`, 1],
    ['{"a": 1,}', `expected a quoted key after ',', found '}'`, 1],
    ['{a: 1}', `expected a quoted key or '}', found 'a'`, 1],
    ['{"a": 1 "b": 2}', `expected ',' or '}' after the value of key "a", found '"'`, 1],
    ['{"a":}', `expected a value for key "a", found '}'`, 1],
    ['{"r": [1,\n2 3]}', `expected ',' or ']' after array element, found '3'`, 2],
    ['{"r": [1]]', `expected ',' or '}' after the value of key "r", found ']'`, 1],
    ['{"a\\x": 1}', `invalid object key "a\\x" (bad escape or raw control character)`, 1],
    ['{"a": {"b": 1}\n', `unexpected end of input: the object opened at line 1 is not closed`, 2],
    ['{"r": [1', `unexpected end of input: the array opened at line 1 is not closed`, 1],
    ['{"a": "x', `unexpected end of input inside the value of key "a" starting at line 1`, 1],
    ['{"a', `unexpected end of input: the object opened at line 1 is not closed`, 1],
    ['{"a\tb": 1}', `invalid object key "a\tb" (bad escape or raw control character)`, 1],
  ])('reports %j', (input, message, line) => {
    expect(splitAllCuts(input, { streamKey: 'r' }).errors).toEqual([[message, line]]);
  });
});

// Random whitespace between tokens, including CRLF.
const gap = fc.array(fc.constantFrom(' ', '\t', '\n', '\r\n'), { maxLength: 3 }).map((a) => a.join(''));
const indent = fc.constantFrom(undefined, 1, 2, '\t');
const piece = fc.record({ value: fc.jsonValue({ maxDepth: 3 }), indent });

/** Joins serialized pieces as an array with the given gaps, returning each piece's offset. */
function layoutArray(
  texts: readonly string[],
  gaps: readonly string[],
  at: number,
): { text: string; starts: number[] } {
  let text = '[' + gaps[0];
  const starts: number[] = [];
  texts.forEach((t, i) => {
    if (i > 0) text += gaps[2 * i - 1] + ',' + gaps[2 * i];
    starts.push(at + text.length);
    text += t;
  });
  return { text: text + gaps[2 * texts.length + 1] + ']', starts };
}

describe('JsonStreamSplitter: properties', () => {
  it('finds the end of strings full of backslashes and quotes', () => {
    const unit = fc.constantFrom('\\', '"', 'a', '\\\\', '\n', '\u2028', '😀');
    const record = fc.dictionary(
      fc.string({ unit, maxLength: 4 }),
      fc.oneof(fc.string({ unit, maxLength: 8 }), fc.array(fc.string({ unit }), { maxLength: 3 })),
      { maxKeys: 3 },
    );
    fc.assert(
      fc.property(fc.array(record, { maxLength: 5 }), cutsArb, (records, cuts) => {
        const texts = records.map((r) => JSON.stringify(r));
        const text = `[${texts.join(',\n')}]`;
        const out = split(chunk(text, cuts));
        expect(out).toEqual({ ...none, elements: texts.map((t, i) => [t, i + 1]) });
      }),
      { numRuns: 300 },
    );
  });

  it('splits any array of JSON values back into the values and their start lines', () => {
    const input = fc.record({
      pieces: fc.array(piece, { maxLength: 6 }),
      gaps: fc.array(gap, { minLength: 20, maxLength: 20 }),
    });
    fc.assert(
      fc.property(input, cutsArb, ({ pieces, gaps }, cuts) => {
        const texts = pieces.map((p) => JSON.stringify(p.value, null, p.indent));
        const { text: body, starts } = layoutArray(texts, gaps, gaps[19].length);
        const text = gaps[19] + body + gaps[18];
        const out = split(chunk(text, cuts));
        expect(out.errors).toEqual([]);
        expect(out.elements).toEqual(texts.map((t, i) => [t, lineAt(text, starts[i])]));
        expect(out.elements.map(([t]) => JSON.parse(t))).toEqual(
          pieces.map((p) => JSON.parse(JSON.stringify(p.value))),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('splits any object with a streamed array into members and elements with their start lines', () => {
    const input = fc.record({
      members: fc.uniqueArray(
        fc.tuple(
          fc.string({ maxLength: 5 }).filter((k) => k !== 'requests' && k !== 'items'),
          piece,
        ),
        {
          maxLength: 4,
          selector: ([k]) => k,
        },
      ),
      streamKey: fc.constantFrom('requests', 'items'),
      position: fc.nat(),
      elements: fc.array(piece, { maxLength: 5 }),
      gaps: fc.array(gap, { minLength: 40, maxLength: 40 }),
    });
    fc.assert(
      fc.property(input, cutsArb, ({ members, streamKey, position, elements, gaps }, cuts) => {
        const memberTexts = members.map(([k, p]) => [k, JSON.stringify(p.value, null, p.indent)] as const);
        const elementTexts = elements.map((p) => JSON.stringify(p.value, null, p.indent));
        const at = position % (members.length + 1);
        const keys = memberTexts.map(([k]) => k);
        keys.splice(at, 0, streamKey);
        let g = 0;
        let text = gaps[g++] + '{' + gaps[g++];
        const memberStarts: number[] = [];
        let elementStarts: number[] = [];
        keys.forEach((k, i) => {
          if (i > 0) text += ',' + gaps[g++];
          text += JSON.stringify(k) + gaps[g++] + ':' + gaps[g++];
          if (i === at) {
            const arr = layoutArray(elementTexts, gaps.slice(20), text.length);
            elementStarts = arr.starts;
            text += arr.text;
          } else {
            memberStarts.push(text.length);
            text += memberTexts[i < at ? i : i - 1][1];
          }
          text += gaps[g++];
        });
        text += '}' + gaps[g++];
        const out = split(chunk(text, cuts), { streamKey: ['requests', 'items'] });
        expect(out.errors).toEqual([]);
        expect(out.members).toEqual(memberTexts.map(([k, v], i) => [k, v, lineAt(text, memberStarts[i])]));
        expect(out.elements).toEqual(elementTexts.map((t, i) => [t, lineAt(text, elementStarts[i])]));
      }),
      { numRuns: 300 },
    );
  });
});
