// Column storage for the request table while a file is read: one typed array per column, allocated
// once at the row count the reader expects (RequestTableBuilder.reserve: the file's size over the
// bytes per line of its start) and grown by doubling only when the file holds more rows than that.
// Rows are written in order, so the "missing" marker (NaN, -1) is written only into rows a value
// skipped and, at the end, rows never set: the array is not filled ahead, and the part of it past the
// last row (the estimate's margin) is never touched, so it takes no memory (pages are only mapped
// when first written). Touching fresh memory is most of what reading costs after parsing.
// At the end the rows are put in arrival order in place, through one scratch array shared by every
// column, and the column is handed out as it is (a view of its first `rows` values when the array
// is at most an eighth larger, else a copy): a column is never held twice, and nothing waits for
// the garbage collector to be given back. (Fixed-size chunks of resizable ArrayBuffers did the same
// job but made every write, fill and release several times slower.)

import type { CodeArray } from '../../model/columns';

/** The first array of a column with no reserved size: small files stay small. */
const FIRST_CAPACITY = 256;

/** The array handed out for `rows` values of `data`: a view when little is wasted, else a copy. */
function trimmed<T extends Float64Array | Float32Array | Uint16Array | CodeArray>(data: T, rows: number): T {
  return (data.length - rows <= data.length / 8 ? data.subarray(0, rows) : data.slice(0, rows)) as T;
}

/** Float64 values by row; rows never set read as NaN. */
export class Float64Rows {
  private data = new Float64Array(0);
  private reserved = 0;
  /** One past the highest row set. */
  length = 0;

  /** The rows the column is expected to hold: the array is allocated at this size when first needed. */
  reserve(rows: number): void {
    this.reserved = Math.max(this.reserved, rows);
  }

  set(row: number, value: number): void {
    if (row >= this.data.length) this.grow(row + 1);
    if (row > this.length) this.data.fill(NaN, this.length, row);
    this.data[row] = value;
    if (row >= this.length) this.length = row + 1;
  }

  /** Grows the array to hold at least `rows` rows. */
  private grow(rows: number): void {
    const old = this.data;
    const next = new Float64Array(Math.max(rows, old.length * 2, this.reserved, FIRST_CAPACITY));
    next.set(old.subarray(0, this.length));
    this.data = next;
  }

  /** The value at `row` (NaN where none was set). */
  get(row: number): number {
    return row < this.length ? this.data[row] : NaN;
  }

  /**
   * The first `rows` values, in the order `order` gives (out[i] = value at order[i]) or in row order;
   * the builder's last use of the column. `scratch` (at least `rows` long, any contents) is where
   * the values wait while they are permuted in place.
   */
  finish(rows: number, order?: Uint32Array, scratch?: Float64Array): Float64Array {
    if (this.data.length < rows) this.grow(rows);
    if (this.length < rows) this.data.fill(NaN, this.length, rows);
    const data = this.data;
    this.data = new Float64Array(0);
    this.length = 0;
    if (order) {
      const from = scratch ?? new Float64Array(rows);
      from.set(data.subarray(0, rows));
      for (let r = 0; r < rows; r++) data[r] = from[order[r]];
    }
    return trimmed(data, rows);
  }
}

/**
 * A numeric field's values by row (NaN where unset) for the request table: Float64, or — for a
 * `narrow` column (counts) — the narrowest array that holds every value set so far exactly: Uint16
 * while every value is a whole number from 0 to 65535 (not -0) and no row is missing, then Float32
 * while every value is a float32 exactly (whole numbers below 2^24). The same numbers in a quarter or
 * half of the memory; the first value that does not fit widens the column for good.
 */
export class NumberRows {
  private data: Float64Array | Float32Array | Uint16Array;
  private reserved = 0;
  /** True once the column is Float64 (from the start for a column that is not narrow). */
  wide: boolean;
  /** True while the column is Uint16. */
  short: boolean;
  /** One past the highest row set. */
  length = 0;

  constructor(narrow = false) {
    this.wide = !narrow;
    this.short = narrow;
    this.data = narrow ? new Uint16Array(0) : new Float64Array(0);
  }

  reserve(rows: number): void {
    this.reserved = Math.max(this.reserved, rows);
  }

  /**
   * The array to write the next row (row `length`, when below the array's length) into directly, a
   * value that fits it (see fits), then set `length` one higher; set() does every other case.
   */
  get values(): Float64Array | Float32Array | Uint16Array {
    return this.data;
  }

  /** Whether the column's array holds `value` exactly (a value that is not NaN). */
  fits(value: number): boolean {
    if (this.wide) return true;
    // -0 & 0xffff is 0, so -0 passes the first test: a Uint16 would read it back as +0.
    if (this.short) return (value & 0xffff) === value && (value !== 0 || 1 / value > 0);
    return Math.fround(value) === value;
  }

  set(row: number, value: number): void {
    // A Uint16 cannot hold the NaN of a missing row.
    if (!this.fits(value) || (this.short && row > this.length))
      this.widen(Number.isNaN(value) || Math.fround(value) === value);
    if (row >= this.data.length) this.grow(row + 1);
    if (row > this.length) this.data.fill(NaN, this.length, row);
    this.data[row] = value;
    if (row >= this.length) this.length = row + 1;
  }

  private grow(rows: number): void {
    const old = this.data;
    const size = Math.max(rows, old.length * 2, this.reserved, FIRST_CAPACITY);
    const next = this.wide ? new Float64Array(size) : this.short ? new Uint16Array(size) : new Float32Array(size);
    next.set(old.subarray(0, this.length));
    this.data = next;
  }

  /** To Float32 (from Uint16, when `toFloat32`), else to Float64. */
  private widen(toFloat32: boolean): void {
    const old = this.data;
    const next = toFloat32 && this.short ? new Float32Array(old.length) : new Float64Array(old.length);
    next.set(old.subarray(0, this.length));
    this.data = next;
    this.wide = next instanceof Float64Array;
    this.short = false;
  }

  get(row: number): number {
    return row < this.length ? this.data[row] : NaN;
  }

  /**
   * Like Float64Rows.finish (`scratch`, a Float64Array of at least `rows`, also serves a Float32 or
   * Uint16 column).
   */
  finish(rows: number, order?: Uint32Array, scratch?: Float64Array): Float64Array | Float32Array | Uint16Array {
    if (this.short && this.length < rows) this.widen(true);
    if (this.data.length < rows) this.grow(rows);
    if (this.length < rows) this.data.fill(NaN, this.length, rows);
    const data = this.data;
    this.data = this.wide ? new Float64Array(0) : this.short ? new Uint16Array(0) : new Float32Array(0);
    this.length = 0;
    if (order) {
      const from =
        data instanceof Float64Array
          ? (scratch ?? new Float64Array(rows))
          : data instanceof Float32Array
            ? scratch
              ? new Float32Array(scratch.buffer, scratch.byteOffset, rows)
              : new Float32Array(rows)
            : scratch
              ? new Uint16Array(scratch.buffer, scratch.byteOffset, rows)
              : new Uint16Array(rows);
      from.set(data.subarray(0, rows));
      for (let r = 0; r < rows; r++) data[r] = from[order[r]];
    }
    return trimmed(data, rows);
  }
}

/** Text codes by row, -1 where missing: Int8, widened to Int16 and Int32 as the codes grow. */
export class CodeRows {
  private data: CodeArray = new Int8Array(0);
  private reserved = 0;
  /** The largest code the array holds. */
  private limit = 0x7f;
  length = 0;

  reserve(rows: number): void {
    this.reserved = Math.max(this.reserved, rows);
  }

  set(row: number, code: number): void {
    if (code > this.limit) this.widen(code);
    if (row >= this.data.length) this.grow(row + 1);
    if (row > this.length) this.data.fill(-1, this.length, row);
    this.data[row] = code;
    if (row >= this.length) this.length = row + 1;
  }

  private make(size: number): CodeArray {
    return this.limit === 0x7f
      ? new Int8Array(size)
      : this.limit === 0x7fff
        ? new Int16Array(size)
        : new Int32Array(size);
  }

  private grow(rows: number): void {
    const old = this.data;
    const next = this.make(Math.max(rows, old.length * 2, this.reserved, FIRST_CAPACITY));
    next.set(old.subarray(0, this.length));
    this.data = next;
  }

  private widen(code: number): void {
    this.limit = code <= 0x7fff ? 0x7fff : 0x7fffffff;
    const old = this.data;
    const next = this.make(old.length);
    next.set(old.subarray(0, this.length));
    this.data = next;
  }

  /** Like Float64Rows.finish; `scratch` holds at least `rows` Int32 values (any narrower kind fits in it). */
  finish(rows: number, order?: Uint32Array, scratch?: Int32Array): CodeArray {
    if (this.data.length < rows) this.grow(rows);
    if (this.length < rows) this.data.fill(-1, this.length, rows);
    const data = this.data;
    this.data = new Int8Array(0);
    this.length = 0;
    if (order) {
      const from = scratch ? codesView(data, scratch, rows) : this.make(rows);
      from.set(data.subarray(0, rows));
      for (let r = 0; r < rows; r++) data[r] = from[order[r]];
    }
    return trimmed(data, rows);
  }
}

/** `rows` codes of the kind of `like` over the memory of `scratch`. */
function codesView(like: CodeArray, scratch: Int32Array, rows: number): CodeArray {
  if (like instanceof Int8Array) return new Int8Array(scratch.buffer, scratch.byteOffset, rows);
  if (like instanceof Int16Array) return new Int16Array(scratch.buffer, scratch.byteOffset, rows);
  return scratch.subarray(0, rows);
}

/** Int32 values by row (text codes, -1 where missing; line numbers, 0 where missing). */
export class Int32Rows {
  private data = new Int32Array(0);
  private reserved = 0;
  length = 0;

  constructor(private readonly missing: number) {}

  reserve(rows: number): void {
    this.reserved = Math.max(this.reserved, rows);
  }

  set(row: number, value: number): void {
    if (row >= this.data.length) this.grow(row + 1);
    if (row > this.length) this.data.fill(this.missing, this.length, row);
    this.data[row] = value;
    if (row >= this.length) this.length = row + 1;
  }

  private grow(rows: number): void {
    const old = this.data;
    const next = new Int32Array(Math.max(rows, old.length * 2, this.reserved, FIRST_CAPACITY));
    next.set(old.subarray(0, this.length));
    this.data = next;
  }

  /** Like Float64Rows.finish; `scratch` holds at least `rows` Int32 values. */
  finish(rows: number, order?: Uint32Array, scratch?: Int32Array): Int32Array {
    if (this.data.length < rows) this.grow(rows);
    if (this.length < rows) this.data.fill(this.missing, this.length, rows);
    const data = this.data;
    this.data = new Int32Array(0);
    this.length = 0;
    if (order) {
      const from = scratch ?? new Int32Array(rows);
      from.set(data.subarray(0, rows));
      for (let r = 0; r < rows; r++) data[r] = from[order[r]];
    }
    return trimmed(data, rows);
  }
}

/**
 * Texts shorter than this are copied by String.prototype.slice; longer slices are views that keep
 * the whole string they were cut from alive (V8's SlicedString::kMinLength). A dictionary entry that
 * is a slice of a 1 MiB chunk of the file would keep that chunk in memory for the whole run.
 */
const SHORTEST_VIEW = 13;

/**
 * Dictionary-encoded text by row: the same dictionary (first-seen order) and codes as
 * model/columns' TextColumnBuilder, but the distinct values are found with an open-addressing hash
 * table over typed arrays instead of a Map: a Map of a million distinct request ids takes about half
 * a second to fill and tens of MB more than the few bytes per entry this needs.
 */
export class TextRows {
  private readonly codes = new CodeRows();
  private readonly dictionary: string[] = [];
  /** hash of each dictionary entry, by code (kept for growing the table). */
  private hashes = new Int32Array(16);
  /** code + 1 per slot, 0 for an empty one; at most half full. */
  private table = new Int32Array(32);

  reserve(rows: number): void {
    this.codes.reserve(rows);
  }

  /**
   * Sets the row's value and returns the dictionary's string for it. `sliced`: the value may be a
   * view into a larger string, so a new dictionary entry is stored as a copy of its own. `hash`:
   * textHash(value), when the caller has it already.
   */
  set(row: number, value: string, sliced = false, hash?: number): string {
    const h = hash ?? textHash(value);
    const table = this.table;
    const mask = table.length - 1;
    let slot = h & mask;
    for (;;) {
      const entry = table[slot];
      if (entry === 0) break;
      const known = this.dictionary[entry - 1];
      if (this.hashes[entry - 1] === h && known === value) {
        this.codes.set(row, entry - 1);
        return known;
      }
      slot = (slot + 1) & mask;
    }
    const code = this.dictionary.length;
    const own = sliced && value.length >= SHORTEST_VIEW ? ownCopy(value) : value;
    this.dictionary.push(own);
    if (code === this.hashes.length) {
      const grown = new Int32Array(code * 2);
      grown.set(this.hashes);
      this.hashes = grown;
    }
    this.hashes[code] = h;
    table[slot] = code + 1;
    if (2 * (code + 1) > table.length) this.rehash();
    this.codes.set(row, code);
    return own;
  }

  private rehash(): void {
    const table = new Int32Array(this.table.length * 2);
    const mask = table.length - 1;
    for (let code = 0; code < this.dictionary.length; code++) {
      let slot = this.hashes[code] & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = code + 1;
    }
    this.table = table;
  }

  /** Drops the lookup table: no value is set after this (finish calls it too). */
  seal(): void {
    this.table = new Int32Array(0);
    this.hashes = new Int32Array(0);
  }

  finish(rows: number, order?: Uint32Array, scratch?: Int32Array): { codes: CodeArray; dictionary: readonly string[] } {
    this.seal();
    return { codes: this.codes.finish(rows, order, scratch), dictionary: this.dictionary };
  }
}

/**
 * The hash TextRows files values under: FNV-1a over the UTF-16 code units (a scanner can fold
 * TEXT_HASH_START / textHashStep into the loop that finds a string's end; over ASCII bytes it is
 * the same), then textHashFinish.
 */
export const TEXT_HASH_START = 0x811c9dc5 | 0;

export function textHashStep(h: number, code: number): number {
  return Math.imul(h ^ code, 0x01000193);
}

/** A final mix, so that the low bits pick slots well. */
export function textHashFinish(h: number): number {
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 12);
}

export function textHash(text: string): number {
  let h = TEXT_HASH_START;
  for (let i = 0; i < text.length; i++) h = textHashStep(h, text.charCodeAt(i));
  return textHashFinish(h);
}

/** A copy of `text` that shares no memory with the string it may have been cut from. */
export function ownCopy(text: string): string {
  // JSON.parse builds a fresh sequential string; stringify + parse gives back any string exactly.
  return JSON.parse(JSON.stringify(text)) as string;
}
