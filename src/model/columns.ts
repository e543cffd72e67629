// Growable typed columns. Rows are appended one value per column; a column that has not seen a
// value for a row holds NaN (numbers) or -1 (text codes) there, so all columns stay aligned.

/**
 * A numeric column of the request table: a Float64Array, or (for counts) the narrowest array that
 * holds every value exactly: a Uint16Array when every value is a whole number from 0 to 65535 and
 * none is missing (batch sizes, token counts), else a Float32Array when every value is a float32
 * (whole numbers below 2^24; NaN where missing). A reader gets the very numbers the file holds from a
 * quarter or half of the memory. Read it; copy it into a Float64Array to compute in place.
 */
export type NumberColumn = Float64Array | Float32Array | Uint16Array;

/** Text codes: one signed integer per row, -1 where missing, as narrow as the dictionary allows. */
export type CodeArray = Int8Array | Int16Array | Int32Array;

export class NumberColumnBuilder {
  private data: Float64Array;
  private size = 0;

  constructor(initialCapacity = 1024) {
    this.data = new Float64Array(Math.max(16, initialCapacity));
  }

  get length(): number {
    return this.size;
  }

  /** Sets row `row` (which must be >= the current length), padding skipped rows with NaN. */
  set(row: number, value: number): void {
    this.ensure(row + 1);
    if (row > this.size) this.data.fill(NaN, this.size, row);
    this.data[row] = value;
    this.size = row + 1;
  }

  /** A trimmed copy holding exactly `rows` values (missing trailing rows are NaN). */
  finish(rows: number): Float64Array {
    const out = new Float64Array(rows);
    out.set(this.data.subarray(0, Math.min(this.size, rows)));
    if (this.size < rows) out.fill(NaN, this.size);
    return out;
  }

  private ensure(capacity: number): void {
    if (capacity <= this.data.length) return;
    let next = this.data.length * 2;
    while (next < capacity) next *= 2;
    const grown = new Float64Array(next);
    grown.set(this.data.subarray(0, this.size));
    this.data = grown;
  }
}

/** Dictionary-encoded text: each distinct string is stored once; rows hold its code, -1 if missing. */
export interface TextColumn {
  readonly codes: CodeArray;
  readonly dictionary: readonly string[];
}

export class TextColumnBuilder {
  private codes: Int32Array;
  private size = 0;
  private readonly index = new Map<string, number>();
  private readonly dictionary: string[] = [];

  constructor(initialCapacity = 1024) {
    this.codes = new Int32Array(Math.max(16, initialCapacity));
  }

  get length(): number {
    return this.size;
  }

  set(row: number, value: string): void {
    let code = this.index.get(value);
    if (code === undefined) {
      code = this.dictionary.length;
      this.dictionary.push(value);
      this.index.set(value, code);
    }
    this.ensure(row + 1);
    if (row > this.size) this.codes.fill(-1, this.size, row);
    this.codes[row] = code;
    this.size = row + 1;
  }

  finish(rows: number): TextColumn {
    const codes = new Int32Array(rows);
    codes.set(this.codes.subarray(0, Math.min(this.size, rows)));
    if (this.size < rows) codes.fill(-1, this.size);
    return { codes, dictionary: this.dictionary };
  }

  private ensure(capacity: number): void {
    if (capacity <= this.codes.length) return;
    let next = this.codes.length * 2;
    while (next < capacity) next *= 2;
    const grown = new Int32Array(next);
    grown.set(this.codes.subarray(0, this.size));
    this.codes = grown;
  }
}

export function textAt(column: TextColumn, row: number): string | undefined {
  const code = column.codes[row];
  return code < 0 ? undefined : column.dictionary[code];
}

/** Reorders a column by a permutation: out[i] = values[order[i]], in an array of the same kind. */
export function permuteNumbers<T extends NumberColumn>(values: T, order: Uint32Array): T {
  const out = (
    values instanceof Float32Array
      ? new Float32Array(order.length)
      : values instanceof Uint16Array
        ? new Uint16Array(order.length)
        : new Float64Array(order.length)
  ) as T;
  for (let i = 0; i < order.length; i++) out[i] = values[order[i]];
  return out;
}

export function permuteText(column: TextColumn, order: Uint32Array): TextColumn {
  const codes =
    column.codes instanceof Int8Array
      ? new Int8Array(order.length)
      : column.codes instanceof Int16Array
        ? new Int16Array(order.length)
        : new Int32Array(order.length);
  for (let i = 0; i < order.length; i++) codes[i] = column.codes[order[i]];
  return { codes, dictionary: column.dictionary };
}
