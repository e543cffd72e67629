// The fast path for native JSONL, over the file's bytes: a line of the known flat shape,
// {"field": value, ...} with §4 field names, numbers, plain strings and nulls, is read in one pass
// over the chunk it arrived in — keys matched byte by byte, numbers parsed from their digits, no
// string built but the text values a column stores, no regular expression, no JSON.parse — into the
// RequestTableBuilder's record (beginParsed / commitParsed). Anything else goes, as a whole line
// decoded from UTF-8, to the strict path (JSON.parse then addRecord, or metadata), and so does any
// line the fast path would not store exactly as the strict path does:
//   - a key that is not a §4 field, is repeated, or has an escape or a byte outside ASCII;
//   - a value that is not a number, a string without escapes or control characters, or null (and
//     true / false for "error"); a number in a text field;
//   - a value the strict path rejects (negative or non-finite durations, numeric strings, …): the
//     strict path then reports it with its own message;
//   - whitespace other than spaces, tabs and CRs between tokens, and anything before the '{' or
//     after the '}' but such whitespace (a blank line, a metadata line, a BOM inside the file).
// Lines are cut and numbered exactly as text/lines.ts's LineSplitter cuts the decoded text: a BOM
// (EF BB BF) at the very start is skipped, a CR before a '\n' is not part of the line, the last line
// counts if anything follows the last '\n'. A '\n' byte is never part of a multi-byte character, so
// decoding a line on its own gives the text the whole file decodes to between the same '\n's.
//
// Keys: each position in a line guesses the field the same position held in the line before (files
// keep one key order), checked byte by byte; a miss looks the key up by name.
//
// Numbers: JSON number syntax is checked; a number of at most 2^53 - 1 in its digits and at most 22
// decimals is the quotient digits / 10^decimals, which IEEE division rounds correctly, as JSON.parse
// does (both are exact, so they agree to the bit); any other number (exponents, more digits) goes
// through Number() on its text, which JSON.parse matches on every string of JSON number syntax.
//
// Text: an ASCII value's hash (fast-columns.ts textHash, which over ASCII is the same over bytes and
// code units) is computed while its end is found; the last few values of each field are remembered
// with their bytes, so a repeated value (a model name, a tenant) is matched in place and never built
// again. A value with bytes beyond ASCII is decoded from UTF-8 (the quotes around it are ASCII, so it
// decodes as it does within the line).

import { NUMERIC_FIELDS, TEXT_FIELDS, type TextField } from '../../model/fields';
import { UNSTORED_TEXT, type RequestTableBuilder } from '../request-table';
import { TEXT_HASH_START, textHash, textHashFinish } from './fast-columns';

/** The strict handling of one line (the reader's fallback): the line without its CR, its number. */
export type StrictLine = (line: string, lineNo: number) => void;

const NUMERIC_COUNT = NUMERIC_FIELDS.length;
/** Field ids: NUMERIC_FIELDS indices, then TEXT_FIELDS after them. */
const FIELD_NAMES: readonly string[] = [...NUMERIC_FIELDS, ...TEXT_FIELDS];
const FIELD_COUNT = FIELD_NAMES.length;
const FIELD_ID = new Map(FIELD_NAMES.map((name, id) => [name, id]));
const FIELD_BYTES: readonly Uint8Array[] = FIELD_NAMES.map((name) => Uint8Array.from(name, (c) => c.charCodeAt(0)));
/** Each name's bytes four at a time (little-endian words), for matching a key a word at a time. */
const FIELD_WORDS: readonly Int32Array[] = FIELD_BYTES.map((b) => {
  const words = new Int32Array(b.length >> 2);
  for (let w = 0; w < words.length; w++)
    words[w] = b[4 * w] | (b[4 * w + 1] << 8) | (b[4 * w + 2] << 16) | (b[4 * w + 3] << 24);
  return words;
});
const TEXT_NAMES: readonly TextField[] = TEXT_FIELDS;
const ARRIVAL = NUMERIC_FIELDS.indexOf('arrival_ts');
const ERROR = NUMERIC_COUNT + TEXT_FIELDS.indexOf('error');
const UNSTORED = NUMERIC_COUNT + TEXT_FIELDS.indexOf(UNSTORED_TEXT);
/** "error": true is stored as the text "error". */
const ERROR_TRUE_HASH = textHash('error');

/** Recent values remembered per text field, so a repeated value is matched where it stands. */
const RECENT = 4;
/** Every this many values, a field whose values were mostly new stops being remembered (ids). */
const RECENT_REVIEW = 1024;
/** Rows reserved beyond the estimate from the first chunk (lines vary in length). */
const RESERVE_MARGIN = 1.04;

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
const BOM = [0xef, 0xbb, 0xbf];

/** A remembered text value: its bytes, its string, the hash the column files it under. */
interface Recent {
  bytes: Uint8Array;
  /** FNV-1a of the bytes (before textHashFinish), what a scan computes. */
  byteHash: number;
  value: string;
  hash: number;
}

function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export class ByteJsonlReader {
  /** Bytes after the last '\n' seen, waiting for the rest of their line: carry[0, carryLength). */
  private carry = Buffer.alloc(0);
  private carryLength = 0;
  /** The first bytes, while they may still be the start of a BOM. */
  private lead: Buffer | undefined;
  private lineNo = 0;
  private started = false;
  /** The field at each key position of the last line read. */
  private readonly guess = new Int32Array(FIELD_COUNT).fill(-1);
  /** The number the last parseNumber read. */
  private value = 0;
  /** Per text field: recent values, newest last. */
  private readonly recent: Recent[][] = TEXT_FIELDS.map(() => []);
  private readonly remember: boolean[] = TEXT_FIELDS.map(() => true);
  private readonly lookups = new Int32Array(TEXT_FIELDS.length);
  private readonly misses = new Int32Array(TEXT_FIELDS.length);
  /** Lines read by the fast path, and handed to the strict path (blank ones too). */
  fastLines = 0;
  strictLines = 0;

  /** `size`: the source's length in bytes when known, to size the columns from the first chunk. */
  constructor(
    private readonly builder: RequestTableBuilder,
    private readonly strict: StrictLine,
    private readonly size?: number,
  ) {}

  push(bytes: Uint8Array): void {
    let chunk = asBuffer(bytes);
    if (!this.started) {
      if (this.lead) {
        chunk = Buffer.concat([this.lead, chunk]);
        this.lead = undefined;
      }
      if (chunk.length === 0) return;
      // A BOM cut by a chunk boundary: wait for the rest of it.
      if (chunk.length < BOM.length && chunk.every((b, i) => b === BOM[i])) {
        this.lead = chunk;
        return;
      }
      this.started = true;
      if (chunk[0] === BOM[0] && chunk[1] === BOM[1] && chunk[2] === BOM[2]) chunk = chunk.subarray(3);
      this.reserve(chunk);
    }
    // Lines are read in place up to the chunk's last '\n', so every scan ends at a '\n' within the
    // chunk (a read past the end would deoptimise the parser); the rest waits.
    const last = chunk.lastIndexOf(NEWLINE);
    if (last === -1) {
      this.append(chunk);
      return;
    }
    let p = 0;
    if (this.carryLength > 0) {
      const nl = chunk.indexOf(NEWLINE);
      this.append(chunk.subarray(0, nl + 1));
      this.wholeLine();
      p = nl + 1;
    }
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.length);
    while (p <= last) {
      const end = this.scan(chunk, view, p);
      if (end >= 0) {
        this.fastLines++;
        this.builder.commitParsed(++this.lineNo);
        p = end + 1;
        continue;
      }
      const nl = chunk.indexOf(NEWLINE, p);
      this.strictLine(chunk, p, nl);
      p = nl + 1;
    }
    if (p < chunk.length) this.append(chunk.subarray(p));
  }

  /** Reads the last line if anything (even a lone CR) follows the last '\n', then resets. */
  end(): void {
    if (this.lead) {
      // The whole input was the first byte or two of a BOM: a line of its own, as the text path has it.
      this.append(this.lead);
      this.lead = undefined;
    }
    if (this.carryLength > 0) {
      this.append(Buffer.of(NEWLINE));
      this.wholeLine();
    }
    this.carryLength = 0;
    this.lineNo = 0;
    this.started = false;
  }

  /** Columns sized for the rows the source will hold, from the lines of its first chunk. */
  private reserve(chunk: Buffer): void {
    if (!this.size || chunk.length === 0) return;
    let lines = 0;
    for (let nl = chunk.indexOf(NEWLINE); nl !== -1; nl = chunk.indexOf(NEWLINE, nl + 1)) lines++;
    if (lines === 0) return;
    this.builder.reserve(Math.min(this.size, (lines * this.size * RESERVE_MARGIN) / chunk.length + 64));
  }

  private append(bytes: Buffer): void {
    const needed = this.carryLength + bytes.length;
    if (needed > this.carry.length) {
      const grown = Buffer.allocUnsafe(Math.max(needed, this.carry.length * 2, 4096));
      this.carry.copy(grown, 0, 0, this.carryLength);
      this.carry = grown;
    }
    bytes.copy(this.carry, this.carryLength);
    this.carryLength = needed;
  }

  /** The line in carry (ending with its '\n'), assembled across chunks or the last line. */
  private wholeLine(): void {
    const line = this.carry;
    const nl = this.carryLength - 1;
    this.carryLength = 0;
    // The line holds no other '\n', so a line the fast path takes ends at this one.
    if (this.scan(line, new DataView(line.buffer, line.byteOffset, line.length), 0) === nl) {
      this.fastLines++;
      this.builder.commitParsed(++this.lineNo);
      return;
    }
    this.strictLine(line, 0, nl);
    // A very long line leaves a large carry: give it back.
    if (this.carry.length > 1 << 20) this.carry = Buffer.alloc(0);
  }

  /** The line [p, nl) to the strict path, decoded, without the CR of a CRLF. */
  private strictLine(s: Buffer, p: number, nl: number): void {
    const end = nl > p && s[nl - 1] === CR ? nl - 1 : nl;
    this.strictLines++;
    this.strict(s.toString('utf8', p, end), ++this.lineNo);
  }

  /**
   * Reads the record starting at `p` into the builder's record, keys in any order. Returns the index
   * of the '\n' that ends it, or -1 when the line is not one the fast path takes. Every scan below
   * stops at the '\n' that follows `p` (it fails every test but "is it the end"), so none needs a
   * bounds check and none reads past the line.
   */
  private scan(s: Buffer, view: DataView, p: number): number {
    const builder = this.builder;
    builder.beginParsed();
    const numbers = builder.parsedNumbers;
    const guess = this.guess;
    if (s[p] !== OPEN) return -1;
    let c = s[++p];
    while (c === 0x20 || c === 0x09 || c === CR) c = s[++p];
    // '{}' (no field at all) is left to the strict path.
    if (c !== QUOTE) return -1;
    let seen = 0;
    for (let k = 0; ; k++) {
      // s[p] is the key's opening quote; a line has at most FIELD_COUNT distinct known keys.
      p++;
      let field = k < FIELD_COUNT ? guess[k] : -1;
      let known = false;
      if (field >= 0) {
        const name = FIELD_BYTES[field];
        const length = name.length;
        let j = 0;
        let same = true;
        // Four bytes at a time while the buffer has them (the line does, when it holds the name).
        if (p + length < s.length) {
          const words = FIELD_WORDS[field];
          for (; j < words.length; j++) {
            if (view.getInt32(p + 4 * j, true) !== words[j]) {
              same = false;
              break;
            }
          }
          j *= 4;
        }
        if (same) {
          while (j < length && s[p + j] === name[j]) j++;
          same = j === length && s[p + length] === QUOTE;
        }
        if (same) {
          known = true;
          p += length + 1;
        }
      }
      if (!known) {
        let q = p;
        c = s[q];
        while (c !== QUOTE) {
          if (c === BACKSLASH || c < 0x20 || c >= 0x80) return -1;
          c = s[++q];
        }
        field = FIELD_ID.get(s.toString('latin1', p, q)) ?? -1;
        if (field < 0) return -1;
        if (k < FIELD_COUNT) guess[k] = field;
        p = q + 1;
      }
      const bit = 1 << field;
      if ((seen & bit) !== 0) return -1;
      seen |= bit;

      c = s[p];
      while (c === 0x20 || c === 0x09 || c === CR) c = s[++p];
      if (c !== COLON) return -1;
      c = s[++p];
      while (c === 0x20 || c === 0x09 || c === CR) c = s[++p];

      if (c === 0x6e) {
        // null: a missing value, for every field.
        if (s[p + 1] !== 0x75 || s[p + 2] !== 0x6c || s[p + 3] !== 0x6c) return -1;
        p += 4;
      } else if (field < NUMERIC_COUNT) {
        p = this.parseNumber(s, p);
        if (p < 0 || !this.storeNumber(numbers, field)) return -1;
      } else if (c === QUOTE) {
        p = field === UNSTORED ? this.skipText(s, p + 1) : this.readText(s, p + 1, field);
        if (p < 0) return -1;
      } else if (field === ERROR && c === 0x74) {
        if (s[p + 1] !== 0x72 || s[p + 2] !== 0x75 || s[p + 3] !== 0x65) return -1;
        builder.setParsedText('error', 'error', ERROR_TRUE_HASH);
        p += 4;
      } else if (field === ERROR && c === 0x66) {
        if (s[p + 1] !== 0x61 || s[p + 2] !== 0x6c || s[p + 3] !== 0x73 || s[p + 4] !== 0x65) return -1;
        p += 5;
      } else {
        return -1;
      }

      c = s[p];
      while (c === 0x20 || c === 0x09 || c === CR) c = s[++p];
      if (c === COMMA) {
        c = s[++p];
        while (c === 0x20 || c === 0x09 || c === CR) c = s[++p];
        if (c !== QUOTE) return -1;
        continue;
      }
      if (c !== CLOSE) return -1;
      break;
    }
    c = s[++p];
    while (c === 0x20 || c === 0x09 || c === CR) c = s[++p];
    return c === NEWLINE ? p : -1;
  }

  /** Past a string value (from after its opening quote) that is not stored: only checked. */
  private skipText(s: Buffer, q: number): number {
    let c = s[q];
    while (c !== QUOTE) {
      if (c === BACKSLASH || c < 0x20) return -1;
      c = s[++q];
    }
    return q + 1;
  }

  /**
   * A string value of text field `field` (from after its opening quote) into the record, as
   * request-table.ts accept stores it; the index after its closing quote, or -1.
   */
  private readText(s: Buffer, start: number, field: number): number {
    let q = start;
    let h = TEXT_HASH_START;
    let high = 0;
    let c = s[q];
    while (c !== QUOTE) {
      if (c === BACKSLASH || c < 0x20) return -1;
      high |= c;
      h = Math.imul(h ^ c, 0x01000193);
      c = s[++q];
    }
    // An empty string is no value (and a blank error means success).
    if (q === start) return q + 1;
    const t = field - NUMERIC_COUNT;
    const known = this.remembered(s, start, q, t, h);
    let value: string;
    let hash: number;
    if (known) {
      value = known.value;
      hash = known.hash;
    } else if (high < 0x80) {
      value = s.toString('latin1', start, q);
      hash = textHashFinish(h);
      this.keep(s, start, q, t, h, value, hash);
    } else {
      value = s.toString('utf8', start, q);
      hash = textHash(value);
      this.keep(s, start, q, t, h, value, hash);
    }
    if (field !== ERROR || value.trim() !== '') this.builder.setParsedText(TEXT_NAMES[t], value, hash);
    return q + 1;
  }

  /** The remembered value of text field `t` with the bytes s[start, end) (FNV `h`), if any. */
  private remembered(s: Buffer, start: number, end: number, t: number, h: number): Recent | undefined {
    if (!this.remember[t]) return undefined;
    if (++this.lookups[t] === RECENT_REVIEW) {
      // Mostly new values (ids, messages): remembering them costs more than it saves.
      if (this.misses[t] * 2 > RECENT_REVIEW) this.remember[t] = false;
      this.lookups[t] = 0;
      this.misses[t] = 0;
    }
    const recent = this.recent[t];
    const length = end - start;
    for (let i = recent.length - 1; i >= 0; i--) {
      const r = recent[i];
      if (r.byteHash !== h || r.bytes.length !== length) continue;
      const bytes = r.bytes;
      let j = 0;
      while (j < length && s[start + j] === bytes[j]) j++;
      if (j === length) return r;
    }
    return undefined;
  }

  /** Remembers a value just read (unless the field's values are mostly new, like ids). */
  private keep(s: Buffer, start: number, end: number, t: number, byteHash: number, value: string, hash: number): void {
    if (!this.remember[t]) return;
    this.misses[t]++;
    const recent = this.recent[t];
    if (recent.length === RECENT) recent.shift();
    recent.push({ bytes: Uint8Array.prototype.slice.call(s, start, end), byteHash, value, hash });
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

  /** A JSON number at `p` into this.value; the index after it, or -1 when it is not JSON number syntax. */
  private parseNumber(s: Buffer, p: number): number {
    const start = p;
    let c = s[p];
    const negative = c === 0x2d;
    if (negative) c = s[++p];
    let digits = 0;
    let decimals = 0;
    if (c === 0x30) {
      c = s[++p];
      // A leading zero must stand alone.
      if (c >= 0x30 && c <= 0x39) return -1;
    } else if (c >= 0x31 && c <= 0x39) {
      do {
        digits = digits * 10 + (c - 0x30);
        c = s[++p];
      } while (c >= 0x30 && c <= 0x39);
    } else {
      return -1;
    }
    if (c === 0x2e) {
      c = s[++p];
      if (!(c >= 0x30 && c <= 0x39)) return -1;
      do {
        digits = digits * 10 + (c - 0x30);
        decimals++;
        c = s[++p];
      } while (c >= 0x30 && c <= 0x39);
    }
    if (c === 0x65 || c === 0x45) {
      c = s[++p];
      if (c === 0x2b || c === 0x2d) c = s[++p];
      if (!(c >= 0x30 && c <= 0x39)) return -1;
      do c = s[++p];
      while (c >= 0x30 && c <= 0x39);
      this.value = Number(s.toString('latin1', start, p));
      return p;
    }
    // `digits` is exact while below 2^53 (each step is then exact; once the true value reaches 2^53
    // the computed one does too, rounding being monotonic), and so is 10^decimals up to 10^22.
    if (digits < TWO_53 && decimals <= 22) {
      const v = decimals === 0 ? digits : digits / POW10[decimals];
      this.value = negative ? -v : v;
    } else {
      this.value = Number(s.toString('latin1', start, p));
    }
    return p;
  }
}
