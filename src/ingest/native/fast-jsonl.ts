// The fast path for native JSONL: a line of the known flat shape, {"field": value, ...} with §4
// field names, numbers, plain strings and nulls, is read straight out of the chunk it arrived in,
// with no JSON.parse, no object and no per-line substring, into the RequestTableBuilder's record
// (beginParsed / commitParsed). Anything else goes, as a whole line, to the strict path (JSON.parse
// then addRecord, or metadata), and so does any line the fast path would not store exactly as the
// strict path does:
//   - a key that is not a §4 field, is repeated, or has an escape; a metadata line;
//   - a value that is not a number, a string without escapes or control characters, or null (and
//     true / false for "error"); a number in a text field;
//   - a value the strict path rejects (negative or non-finite durations, numeric strings, …): the
//     strict path then reports it with its own message;
//   - whitespace other than spaces, tabs and CRs between tokens, and anything before the '{' or
//     after the '}' but such whitespace.
// Lines are cut and numbered exactly as text/lines.ts's LineSplitter does (BOM, CR, last line).
//
// Two levels. A line template: the lines of a file usually share one key order and one spacing,
// so the text between values of the last line read (`,"tokenize_ms":`, …) is turned into a sticky
// RegExp that checks a whole line's keys and punctuation natively; the values are then read by
// jumping from one to the next. A line that does not fit the template is read by the general
// scanner (any order and spacing of known keys), whose line becomes the next template.
//
// Numbers: JSON number syntax is checked; a number of at most 2^53 - 1 in its digits and at most 22
// decimals is the quotient digits / 10^decimals, which IEEE division rounds correctly, as JSON.parse
// does (both are exact, so they agree to the bit); any other number (exponents, more digits) goes
// through Number() on its text, which JSON.parse matches on every string of JSON number syntax.

import { NUMERIC_FIELDS, TEXT_FIELDS, type TextField } from '../../model/fields';
import { UNSTORED_TEXT, type RequestTableBuilder } from './table-builder';
import { TEXT_HASH_START, ownCopy, textHash, textHashFinish } from './fast-columns';

/** The strict handling of one line (the reader's fallback): the line without its CR, its number. */
export type StrictLine = (line: string, lineNo: number) => void;

const NUMERIC_COUNT = NUMERIC_FIELDS.length;
/** Field ids: NUMERIC_FIELDS indices, then TEXT_FIELDS after them. */
const FIELD_NAMES: readonly string[] = [...NUMERIC_FIELDS, ...TEXT_FIELDS];
const FIELD_COUNT = FIELD_NAMES.length;
const FIELD_ID = new Map(FIELD_NAMES.map((name, id) => [name, id]));
const FIELD_CODES: readonly (readonly number[])[] = FIELD_NAMES.map((name) => Array.from(name, (c) => c.charCodeAt(0)));
const TEXT_NAMES: readonly TextField[] = TEXT_FIELDS;
const ARRIVAL = NUMERIC_FIELDS.indexOf('arrival_ts');
const ERROR = NUMERIC_COUNT + TEXT_FIELDS.indexOf('error');
const UNSTORED = NUMERIC_COUNT + TEXT_FIELDS.indexOf(UNSTORED_TEXT);
/** "error": true is stored as the text "error". */
const ERROR_TRUE_HASH = textHash('error');

/** A file whose lines keep changing layout stops getting new templates after this many. */
const MAX_TEMPLATES = 64;
/** What the template lets through as a value; the value itself is then read and checked in JS. */
const NUMBER_VALUE = '(?:null|[-+.0-9eE]+)';
const TEXT_VALUE = '(?:null|"[^"\\\\\\x00-\\x1f]*")';
const ERROR_VALUE = '(?:null|true|false|"[^"\\\\\\x00-\\x1f]*")';

/** Recent values remembered per text field, so a repeated value is matched where it stands. */
const RECENT = 4;
/** Every this many values, a field whose values were mostly new stops being remembered (ids). */
const RECENT_REVIEW = 1024;

/** 10^k for k ≤ 22: every one exactly representable. */
const POW10 = Array.from({ length: 23 }, (_, k) => Number(`1e${k}`));
const TWO_53 = 2 ** 53;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN = 0x7b;
const CLOSE = 0x7d;
const NEWLINE = 0x0a;
const CR = 0x0d;
const BOM = 0xfeff;

/** A line layout: its fields in order, the text before each value, as a sticky RegExp. */
interface Template {
  readonly pattern: RegExp;
  readonly fields: Int32Array;
  /** skips[i]: characters from the end of value i - 1 (the line's start for i = 0) to value i. */
  readonly skips: Int32Array;
}

/** Characters a template's number may hold: one of them after a value read means it stopped early. */
function isNumberChar(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2d || c === 0x2b || c === 0x65 || c === 0x45;
}

export class FastJsonlReader {
  /** Text after the last '\n' seen, waiting for the rest of its line. */
  private partial = '';
  private lineNo = 0;
  private started = false;
  private template: Template | undefined;
  private templatesMade = 0;
  /** Where the values of the line the general scanner read last start and end, in key order. */
  private readonly valueStarts = new Int32Array(FIELD_COUNT);
  private readonly valueEnds = new Int32Array(FIELD_COUNT);
  private readonly valueFields = new Int32Array(FIELD_COUNT);
  /** How many values that line had, and where its '}' is. */
  private valueCount = 0;
  private closeAt = 0;
  /** The field at each key position of the last line the general scanner read. */
  private readonly guess = new Int32Array(FIELD_COUNT).fill(-1);
  /** The number the last parseNumber read. */
  private value = 0;
  /** Per text field: recent values (strings of their own) and their hashes, newest last. */
  private readonly recent: string[][] = TEXT_FIELDS.map(() => []);
  private readonly recentHashes: number[][] = TEXT_FIELDS.map(() => []);
  private readonly remember: boolean[] = TEXT_FIELDS.map(() => true);
  private readonly lookups = new Int32Array(TEXT_FIELDS.length);
  private readonly misses = new Int32Array(TEXT_FIELDS.length);
  /** Lines read by a template, by the general scanner, and handed to the strict path (blank ones too). */
  templateLines = 0;
  scannedLines = 0;
  strictLines = 0;

  constructor(
    private readonly builder: RequestTableBuilder,
    private readonly strict: StrictLine,
  ) {}

  push(chunk: string): void {
    if (!this.started) {
      if (chunk.length === 0) return;
      this.started = true;
      if (chunk.charCodeAt(0) === BOM) chunk = chunk.slice(1);
    }
    // Lines are read in place up to the chunk's last '\n', so every scan ends at a '\n' within
    // the chunk (an out-of-range charCodeAt would deoptimise the parser); the rest waits.
    const last = chunk.lastIndexOf('\n');
    if (last === -1) {
      // Concatenation builds a rope in V8, so a very long line over many chunks stays linear.
      this.partial += chunk;
      return;
    }
    let p = 0;
    if (this.partial !== '') {
      const nl = chunk.indexOf('\n');
      const line = this.partial + chunk.slice(0, nl);
      this.partial = '';
      this.wholeLine(line);
      p = nl + 1;
    }
    while (p <= last) {
      const end = this.read(chunk, p);
      if (end >= 0) {
        this.builder.commitParsed(++this.lineNo);
        p = end + 1;
        continue;
      }
      const nl = chunk.indexOf('\n', p);
      this.strictLines++;
      this.strict(chunk.slice(p, nl > p && chunk.charCodeAt(nl - 1) === CR ? nl - 1 : nl), ++this.lineNo);
      p = nl + 1;
    }
    if (p < chunk.length) this.partial = chunk.slice(p);
  }

  /** Reads the last line if anything (even a lone CR) follows the last '\n', then resets. */
  end(): void {
    if (this.partial !== '') this.wholeLine(this.partial);
    this.partial = '';
    this.lineNo = 0;
    this.started = false;
  }

  /** A line assembled across chunks, or the last line: the whole string, without its '\n'. */
  private wholeLine(line: string): void {
    const lineNo = ++this.lineNo;
    // The line holds no '\n', so the one added is where a line the fast path takes ends.
    if (this.read(`${line}\n`, 0) === line.length) {
      this.builder.commitParsed(lineNo);
      return;
    }
    this.strictLines++;
    this.strict(line.length > 0 && line.charCodeAt(line.length - 1) === CR ? line.slice(0, -1) : line, lineNo);
  }

  /**
   * Reads the line starting at `p` into the builder's record: by the template when it fits, else
   * by the general scanner. Returns the index of the '\n' that ends it, or -1 when the fast path
   * does not take the line. A '\n' must follow `p` in `s`.
   */
  private read(s: string, p: number): number {
    const template = this.template;
    if (template) {
      template.pattern.lastIndex = p;
      if (template.pattern.test(s)) {
        const end = this.readByTemplate(s, p, template);
        if (end >= 0) {
          this.templateLines++;
          return end;
        }
        // A value the fast path does not take: the scanner would not take it either.
        return -1;
      }
    }
    const end = this.scan(s, p);
    if (end < 0) return -1;
    this.scannedLines++;
    if (this.templatesMade < MAX_TEMPLATES) this.makeTemplate(s, p);
    return end;
  }

  /**
   * The values of a line the template matched: its keys and punctuation are the template's, each
   * value has the shape the template allows; each is read and checked as the scanner would.
   */
  private readByTemplate(s: string, p: number, template: Template): number {
    const builder = this.builder;
    builder.beginParsed();
    const numbers = builder.parsedNumbers;
    const fields = template.fields;
    const skips = template.skips;
    for (let i = 0; i < fields.length; i++) {
      p += skips[i];
      const field = fields[i];
      let c = s.charCodeAt(p);
      if (c === 0x6e) {
        // null (the template spells it out), a missing value for every field.
        p += 4;
      } else if (field < NUMERIC_COUNT) {
        p = this.parseNumber(s, p);
        // The number must be the whole of what the template matched as one.
        if (p < 0 || isNumberChar(s.charCodeAt(p))) return -1;
        if (!this.storeNumber(numbers, field)) return -1;
      } else if (c === QUOTE) {
        // No escape or control character: the template let none through.
        const start = p + 1;
        let q = start;
        let h = TEXT_HASH_START;
        c = s.charCodeAt(q);
        while (c !== QUOTE) {
          h = Math.imul(h ^ c, 0x01000193);
          c = s.charCodeAt(++q);
        }
        p = q + 1;
        if (q > start) this.storeText(s, start, q, field, textHashFinish(h));
      } else if (c === 0x74) {
        // true, for "error" only.
        builder.setParsedText('error', 'error', ERROR_TRUE_HASH);
        p += 4;
      } else {
        // false, for "error" only: success.
        p += 5;
      }
    }
    return template.pattern.lastIndex - 1;
  }

  /**
   * Reads the record starting at `p` into the builder's record, keys in any order. Returns the index
   * of the '\n' that ends it, or -1 when the line is not one the fast path takes. Every scan below
   * stops at the '\n' that follows `p` (it fails every test but "is it the end"), so none needs a
   * bounds check and none reads past the line.
   */
  private scan(s: string, p: number): number {
    const builder = this.builder;
    builder.beginParsed();
    const numbers = builder.parsedNumbers;
    const guess = this.guess;
    if (s.charCodeAt(p) !== OPEN) return -1;
    let c = s.charCodeAt(++p);
    while (c === 0x20 || c === 0x09 || c === CR) c = s.charCodeAt(++p);
    // '{}' (no field at all) is left to the strict path.
    if (c !== QUOTE) return -1;
    let seen = 0;
    for (let k = 0; ; k++) {
      // s[p] is the key's opening quote; a line has at most FIELD_COUNT distinct known keys.
      p++;
      let field = k < FIELD_COUNT ? guess[k] : -1;
      let known = false;
      if (field >= 0) {
        const codes = FIELD_CODES[field];
        const length = codes.length;
        let j = 0;
        while (j < length && s.charCodeAt(p + j) === codes[j]) j++;
        if (j === length && s.charCodeAt(p + length) === QUOTE) {
          known = true;
          p += length + 1;
        }
      }
      if (!known) {
        let q = p;
        c = s.charCodeAt(q);
        while (c !== QUOTE) {
          if (c === BACKSLASH || !(c >= 0x20)) return -1;
          c = s.charCodeAt(++q);
        }
        field = FIELD_ID.get(s.slice(p, q)) ?? -1;
        if (field < 0) return -1;
        if (k < FIELD_COUNT) guess[k] = field;
        p = q + 1;
      }
      const bit = 1 << field;
      if ((seen & bit) !== 0) return -1;
      seen |= bit;

      c = s.charCodeAt(p);
      while (c === 0x20 || c === 0x09 || c === CR) c = s.charCodeAt(++p);
      if (c !== COLON) return -1;
      c = s.charCodeAt(++p);
      while (c === 0x20 || c === 0x09 || c === CR) c = s.charCodeAt(++p);

      this.valueStarts[k] = p;
      this.valueFields[k] = field;
      if (c === 0x6e) {
        // null: a missing value, for every field.
        if (s.charCodeAt(p + 1) !== 0x75 || s.charCodeAt(p + 2) !== 0x6c || s.charCodeAt(p + 3) !== 0x6c) return -1;
        p += 4;
      } else if (field < NUMERIC_COUNT) {
        p = this.parseNumber(s, p);
        if (p < 0 || !this.storeNumber(numbers, field)) return -1;
      } else if (c === QUOTE) {
        const start = p + 1;
        let q = start;
        let h = TEXT_HASH_START;
        c = s.charCodeAt(q);
        while (c !== QUOTE) {
          if (c === BACKSLASH || !(c >= 0x20)) return -1;
          h = Math.imul(h ^ c, 0x01000193);
          c = s.charCodeAt(++q);
        }
        p = q + 1;
        if (q > start) this.storeText(s, start, q, field, textHashFinish(h));
      } else if (field === ERROR && c === 0x74) {
        if (s.charCodeAt(p + 1) !== 0x72 || s.charCodeAt(p + 2) !== 0x75 || s.charCodeAt(p + 3) !== 0x65) return -1;
        builder.setParsedText('error', 'error', ERROR_TRUE_HASH);
        p += 4;
      } else if (field === ERROR && c === 0x66) {
        if (s.charCodeAt(p + 1) !== 0x61 || s.charCodeAt(p + 2) !== 0x6c || s.charCodeAt(p + 3) !== 0x73 || s.charCodeAt(p + 4) !== 0x65) return -1;
        p += 5;
      } else {
        return -1;
      }
      this.valueEnds[k] = p;

      c = s.charCodeAt(p);
      while (c === 0x20 || c === 0x09 || c === CR) c = s.charCodeAt(++p);
      if (c === COMMA) {
        c = s.charCodeAt(++p);
        while (c === 0x20 || c === 0x09 || c === CR) c = s.charCodeAt(++p);
        if (c !== QUOTE) return -1;
        continue;
      }
      if (c !== CLOSE) return -1;
      this.valueCount = k + 1;
      break;
    }
    this.closeAt = p;
    c = s.charCodeAt(++p);
    while (c === 0x20 || c === 0x09 || c === CR) c = s.charCodeAt(++p);
    return c === NEWLINE ? p : -1;
  }

  /** The template of the line the scanner just read (from `p`), unless it is the current one. */
  private makeTemplate(s: string, p: number): void {
    const count = this.valueCount;
    const fields = this.valueFields.slice(0, count);
    const skips = new Int32Array(count);
    let source = '';
    let from = p;
    for (let i = 0; i < count; i++) {
      const field = fields[i];
      skips[i] = this.valueStarts[i] - from;
      source += escapeRegExp(s.slice(from, this.valueStarts[i]));
      source += field < NUMERIC_COUNT ? NUMBER_VALUE : field === ERROR ? ERROR_VALUE : TEXT_VALUE;
      from = this.valueEnds[i];
    }
    // The '}' is kept literally, with the spacing before it; whatever spacing the line ends with.
    source += `${escapeRegExp(s.slice(from, this.closeAt + 1))}[ \\t\\r]*\\n`;
    if (this.template && this.template.pattern.source === source) return;
    this.template = { pattern: new RegExp(source, 'y'), fields, skips };
    this.templatesMade++;
  }

  /** The number just parsed (this.value) as field `field` would store it, or false where it would not. */
  private storeNumber(numbers: Float64Array, field: number): boolean {
    const v = this.value;
    if (field === ARRIVAL) {
      // values.ts parseTimestamp on a number.
      if (v - v !== 0) return false;
      const magnitude = Math.abs(v);
      numbers[field] = magnitude > 1e17 ? v / 1e9 : magnitude > 1e14 ? v / 1e6 : magnitude > 1e11 ? v / 1e3 : v;
      return true;
    }
    // values.ts parseNonNegative: finite and not below 0 (-0 passes, as there).
    if (!(v >= 0) || v === Infinity) return false;
    numbers[field] = v;
    return true;
  }

  /** The text s[start, end) (non-empty, no escapes) of field `field`, as table-builder.ts accept stores it. */
  private storeText(s: string, start: number, end: number, field: number, h: number): void {
    // Not stored (table-builder.ts): not even cut out of the line.
    if (field === UNSTORED) return;
    const t = field - NUMERIC_COUNT;
    const value = this.textValue(s, start, end, t, h);
    // An "error" that is blank means success.
    if (field !== ERROR || value.trim() !== '') this.builder.setParsedText(TEXT_NAMES[t], value, h);
  }

  /**
   * The text s[start, end) of text field `t` (hash `h`): a recent value of the field when it is
   * the same, else a slice of `s` (which TextChunks copies if it becomes a dictionary entry).
   */
  private textValue(s: string, start: number, end: number, t: number, h: number): string {
    if (!this.remember[t]) return s.slice(start, end);
    const recent = this.recent[t];
    const hashes = this.recentHashes[t];
    const length = end - start;
    if (++this.lookups[t] === RECENT_REVIEW) {
      // Mostly new values (request ids): remembering them costs more than it saves.
      if (this.misses[t] * 2 > RECENT_REVIEW) this.remember[t] = false;
      this.lookups[t] = 0;
      this.misses[t] = 0;
    }
    for (let i = recent.length - 1; i >= 0; i--) {
      if (hashes[i] !== h) continue;
      const known = recent[i];
      if (known.length === length && s.startsWith(known, start)) return known;
    }
    this.misses[t]++;
    const value = s.slice(start, end);
    if (recent.length === RECENT) {
      recent.shift();
      hashes.shift();
    }
    recent.push(length >= 13 ? ownCopy(value) : value);
    hashes.push(h);
    return value;
  }

  /** A JSON number at `p` into this.value; the index after it, or -1 when it is not JSON number syntax. */
  private parseNumber(s: string, p: number): number {
    const start = p;
    let c = s.charCodeAt(p);
    const negative = c === 0x2d;
    if (negative) c = s.charCodeAt(++p);
    let digits = 0;
    let decimals = 0;
    if (c === 0x30) {
      c = s.charCodeAt(++p);
      // A leading zero must stand alone.
      if (c >= 0x30 && c <= 0x39) return -1;
    } else if (c >= 0x31 && c <= 0x39) {
      do {
        digits = digits * 10 + (c - 0x30);
        c = s.charCodeAt(++p);
      } while (c >= 0x30 && c <= 0x39);
    } else {
      return -1;
    }
    if (c === 0x2e) {
      c = s.charCodeAt(++p);
      if (!(c >= 0x30 && c <= 0x39)) return -1;
      do {
        digits = digits * 10 + (c - 0x30);
        decimals++;
        c = s.charCodeAt(++p);
      } while (c >= 0x30 && c <= 0x39);
    }
    if (c === 0x65 || c === 0x45) {
      c = s.charCodeAt(++p);
      if (c === 0x2b || c === 0x2d) c = s.charCodeAt(++p);
      if (!(c >= 0x30 && c <= 0x39)) return -1;
      do c = s.charCodeAt(++p);
      while (c >= 0x30 && c <= 0x39);
      this.value = Number(s.slice(start, p));
      return p;
    }
    // `digits` is exact while below 2^53 (each step is then exact; once the true value reaches 2^53
    // the computed one does too, rounding being monotonic), and so is 10^decimals up to 10^22.
    if (digits < TWO_53 && decimals <= 22) {
      const v = decimals === 0 ? digits : digits / POW10[decimals];
      this.value = negative ? -v : v;
    } else {
      this.value = Number(s.slice(start, p));
    }
    return p;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}
