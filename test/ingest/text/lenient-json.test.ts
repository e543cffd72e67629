import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonLenient } from '../../../src/ingest/text/lenient-json';
import { jsonErrorOffset, lineColumn } from '../../../src/ingest/text/json-error-position';

function errorOf(f: () => unknown): Error {
  try {
    f();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a throw');
}

describe('parseJsonLenient', () => {
  it('maps bare NaN, Infinity and -Infinity to numbers', () => {
    expect(parseJsonLenient('{"a": NaN, "b": [Infinity,-Infinity], "c": {"d":NaN}}')).toEqual({
      a: NaN,
      b: [Infinity, -Infinity],
      c: { d: NaN },
    });
    expect(parseJsonLenient(' -Infinity ')).toBe(-Infinity);
    expect(parseJsonLenient('[\nNaN\n]')).toEqual([NaN]);
  });

  it('leaves strings alone, including ones that spell the tokens or the markers', () => {
    const text =
      '{"NaN": NaN, "t": "NaN Infinity -Infinity", "m": ["n", "i", "j", "s", "", "sn", "\\"NaN\\""], "e": "\\u006e"}';
    expect(parseJsonLenient(text)).toEqual({
      NaN: NaN,
      t: 'NaN Infinity -Infinity',
      m: ['n', 'i', 'j', 's', '', 'sn', '"NaN"'],
      e: 'n',
    });
    expect(parseJsonLenient('["Infinity", NaN]')).toEqual(['Infinity', NaN]);
  });

  it('does not accept tokens glued to other text or used as keys', () => {
    for (const bad of [
      '[NaNx]',
      '[xNaN]',
      '[1Infinity]',
      '[Infinity1]',
      '[--Infinity]',
      '{NaN: 1}',
      '[+Infinity]',
      '[nan]',
    ]) {
      expect(() => parseJsonLenient(bad), bad).toThrow(SyntaxError);
    }
  });

  it('adds line:column to JSON.parse errors', () => {
    const err = errorOf(() => parseJsonLenient('{"a": 1,\n  "b": }'));
    expect(err).toBeInstanceOf(SyntaxError);
    expect(err.message).toMatch(/^Unexpected token '\}', .* is not valid JSON \(line 2, column 8\)$/s);
    expect(errorOf(() => parseJsonLenient('{"a": 1\n x}')).message).toBe(
      `Expected ',' or '}' after property value in JSON at position 9 (line 2, column 2)`,
    );
    expect(errorOf(() => parseJsonLenient('[1,\n')).message).toBe('Unexpected end of JSON input (line 2, column 1)');
  });

  it('blames the real problem, not a tolerated token, when both are present', () => {
    const err = errorOf(() => parseJsonLenient('{"a": NaN,\n "b": Infinity,\n "c": }'));
    expect(err.message).toBe(`Unexpected token '}' in JSON (line 3, column 7)`);
    expect(errorOf(() => parseJsonLenient('[NaN, 1 2]')).message).toBe(
      `Expected ',' or ']' after array element in JSON at position 8 (line 1, column 9)`,
    );
  });

  it('equals JSON.parse on valid JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(undefined, 2, '\t'), (v, indent) => {
        const text = JSON.stringify(v, null, indent);
        expect(parseJsonLenient(text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  it('reads non-finite numbers anywhere outside strings', () => {
    const { value } = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.double(),
        fc.string({ unit: fc.constantFrom('a', 'n', 's', 'NaN', 'Infinity', '"', '\\', ':', '\n') }),
        fc.constantFrom(true, false, null, NaN, Infinity, -Infinity),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.constantFrom('NaN', 'n', 's', 'x', 'Infinity'), tie('value'), { maxKeys: 3 }),
      ),
    }));
    fc.assert(
      fc.property(value, fc.constantFrom('', ' ', '\n  '), (v, ws) => {
        // -0 is written as 0, like JSON.stringify does.
        const expected = JSON.parse(
          JSON.stringify(v, (_k, x) => (typeof x === 'number' && !Number.isFinite(x) ? `@${x}` : x)),
          (_k, x) => (x === '@NaN' ? NaN : x === '@Infinity' ? Infinity : x === '@-Infinity' ? -Infinity : x),
        );
        expect(parseJsonLenient(writeLikePython(v, ws))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

/** Serializes like Python's json.dumps: non-finite numbers as bare tokens. */
function writeLikePython(v: unknown, ws: string): string {
  if (typeof v === 'number')
    return Number.isNaN(v) ? 'NaN' : v === Infinity ? 'Infinity' : v === -Infinity ? '-Infinity' : JSON.stringify(v);
  if (Array.isArray(v)) return `[${ws}${v.map((x) => writeLikePython(x, ws)).join(`,${ws}`)}${ws}]`;
  if (v !== null && typeof v === 'object') {
    const members = Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}${ws}:${ws}${writeLikePython(x, ws)}`);
    return `{${ws}${members.join(`,${ws}`)}${ws}}`;
  }
  return JSON.stringify(v);
}

describe('jsonErrorOffset', () => {
  it('returns -1 for valid JSON and the offending offset otherwise', () => {
    expect(jsonErrorOffset(' {"a": [1, -2.5e+3, true, null, "\\u00e9"]} ')).toBe(-1);
    expect(jsonErrorOffset('[1,]')).toBe(3);
    expect(jsonErrorOffset('[tru]')).toBe(4);
    expect(jsonErrorOffset('[01]')).toBe(2);
    expect(jsonErrorOffset('"ab')).toBe(3);
    expect(jsonErrorOffset('')).toBe(0);
  });

  it('agrees with the positions V8 reports, on mutated JSON', () => {
    const mutated = fc
      .tuple(
        fc.jsonValue({ maxDepth: 2 }),
        fc.nat(),
        fc.constantFrom('', ',', ']', '}', '"', ':', '-', '.', 'e', '\\', '1', ' ', 'x', '\u0001'),
      )
      .map(([v, at, insert]) => {
        const t = JSON.stringify(v);
        const i = at % (t.length + 1);
        return t.slice(0, i) + insert + t.slice(i + (insert === '' ? 1 : 0));
      });
    fc.assert(
      fc.property(mutated, (text) => {
        let message: string | undefined;
        try {
          JSON.parse(text);
        } catch (err) {
          message = (err as Error).message;
        }
        const offset = jsonErrorOffset(text);
        if (message === undefined) {
          expect(offset).toBe(-1);
          return;
        }
        expect(offset).not.toBe(-1);
        const reported = /at position (\d+)/.exec(message);
        if (reported) expect(offset).toBe(Number(reported[1]));
        if (message === 'Unexpected end of JSON input') expect(offset).toBe(text.length);
        const token = /^Unexpected token '(.)'/su.exec(message);
        if (token) expect(text.slice(offset).startsWith(token[1])).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('converts offsets to 1-based line and column', () => {
    expect(lineColumn('ab\ncd\n', 4)).toEqual({ line: 2, column: 2 });
    expect(lineColumn('ab', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('a\n', 2)).toEqual({ line: 2, column: 1 });
  });
});
