// Column storage for the request table while a file is read: fixed-size chunks instead of one array
// that doubles, so growing never copies and never holds an old and a new array at once, and each
// chunk's memory is given back the moment the column has been gathered into its final array (the
// chunks are resizable ArrayBuffers shrunk to 0, not left for the garbage collector: on a 1M-request
// file that would be another ~150 MB alive at the peak). The final arrays are plain typed arrays of
// exactly the table's length, in arrival order: the copy out of the chunks is the sort's permutation.

/** Rows per chunk: 512 KiB of Float64. */
const CHUNK_BITS = 16;
const CHUNK = 1 << CHUNK_BITS;
const MASK = CHUNK - 1;
/** The first chunk of a column starts this small and doubles up to CHUNK (small files stay small). */
const FIRST_CAPACITY = 256;

type ResizableBuffer = ArrayBuffer & { readonly resizable?: boolean; resize?(byteLength: number): void };
const ResizableArrayBuffer = ArrayBuffer as unknown as new (byteLength: number, options?: { maxByteLength: number }) => ResizableBuffer;

/**
 * A buffer whose memory can be released at once: a resizable ArrayBuffer of fixed maximum size
 * (Node ≥ 20). Where the runtime refuses one, a plain ArrayBuffer, released by the GC as before.
 */
function allocate(bytes: number): ArrayBuffer {
  try {
    return new ResizableArrayBuffer(bytes, { maxByteLength: bytes });
  } catch {
    return new ArrayBuffer(bytes);
  }
}

/** Gives a chunk's memory back now (its views become empty); a no-op on a plain buffer. */
function release(buffer: ArrayBufferLike): void {
  const b = buffer as ResizableBuffer;
  if (b.resizable && b.resize) b.resize(0);
}

/** Capacity for chunk `k` to hold index `i`: the first chunk grows by doubling, later ones are full. */
function capacityFor(k: number, i: number): number {
  if (k > 0) return CHUNK;
  let capacity = FIRST_CAPACITY;
  while (capacity <= i) capacity *= 2;
  return Math.min(capacity, CHUNK);
}

/** Float64 values by row; rows never set read as NaN. Rows are set in increasing order. */
export class Float64Chunks {
  private chunks: (Float64Array | undefined)[] = [];
  /** One past the highest row set. */
  length = 0;

  set(row: number, value: number): void {
    const k = row >>> CHUNK_BITS;
    const i = row & MASK;
    let chunk = this.chunks[k];
    if (chunk === undefined || i >= chunk.length) chunk = this.grow(k, i);
    chunk[i] = value;
    if (row >= this.length) this.length = row + 1;
  }

  private grow(k: number, i: number): Float64Array {
    const old = this.chunks[k];
    const chunk = new Float64Array(allocate(capacityFor(k, i) * 8));
    chunk.fill(NaN);
    if (old) {
      chunk.set(old);
      release(old.buffer);
    }
    this.chunks[k] = chunk;
    return chunk;
  }

  /** The value at `row` (NaN where none was set). */
  get(row: number): number {
    const chunk = this.chunks[row >>> CHUNK_BITS];
    const i = row & MASK;
    return chunk !== undefined && i < chunk.length ? chunk[i] : NaN;
  }

  /**
   * The first `rows` values as one array, in the order `order` gives (out[i] = value at order[i]) or
   * in row order; the chunks are released, so this is the builder's last use of the column.
   * `scratch` (at least `rows` long) is where the column is laid out in row order before the
   * permutation, so the gather reads one array rather than chunks.
   */
  finish(rows: number, order?: Uint32Array, scratch?: Float64Array): Float64Array {
    const out = new Float64Array(rows);
    if (order) {
      const flat = scratch ?? new Float64Array(rows);
      this.copyTo(flat, rows);
      for (let r = 0; r < rows; r++) out[r] = flat[order[r]];
    } else {
      this.copyTo(out, rows);
    }
    this.release();
    return out;
  }

  private copyTo(out: Float64Array, rows: number): void {
    let done = 0;
    this.chunks.forEach((chunk, k) => {
      const start = k * CHUNK;
      if (!chunk || start >= rows) return;
      if (start > done) out.fill(NaN, done, start);
      const n = Math.min(chunk.length, rows - start);
      out.set(chunk.subarray(0, n), start);
      done = start + n;
    });
    if (done < rows) out.fill(NaN, done, rows);
  }

  release(): void {
    for (const chunk of this.chunks) if (chunk) release(chunk.buffer);
    this.chunks = [];
    this.length = 0;
  }
}

/** Int32 values by row (text codes, -1 where missing; line numbers). Rows are set in increasing order. */
export class Int32Chunks {
  private chunks: (Int32Array | undefined)[] = [];
  length = 0;

  constructor(private readonly missing: number) {}

  set(row: number, value: number): void {
    const k = row >>> CHUNK_BITS;
    const i = row & MASK;
    let chunk = this.chunks[k];
    if (chunk === undefined || i >= chunk.length) chunk = this.grow(k, i);
    chunk[i] = value;
    if (row >= this.length) this.length = row + 1;
  }

  private grow(k: number, i: number): Int32Array {
    const old = this.chunks[k];
    const chunk = new Int32Array(allocate(capacityFor(k, i) * 4));
    if (this.missing !== 0) chunk.fill(this.missing);
    if (old) {
      chunk.set(old);
      release(old.buffer);
    }
    this.chunks[k] = chunk;
    return chunk;
  }

  /** Like Float64Chunks.finish, into `out` (an Int32Array or Uint32Array of `rows`). */
  finishInto<T extends Int32Array | Uint32Array>(out: T, order?: Uint32Array): T {
    const rows = out.length;
    const missing = this.missing;
    if (order) {
      const chunks = this.chunks;
      for (let r = 0; r < rows; r++) {
        const from = order[r];
        const chunk = chunks[from >>> CHUNK_BITS];
        const i = from & MASK;
        out[r] = chunk !== undefined && i < chunk.length ? chunk[i] : missing;
      }
    } else {
      if (missing !== 0) out.fill(missing);
      this.chunks.forEach((chunk, k) => {
        if (!chunk) return;
        const start = k * CHUNK;
        if (start < rows) out.set(chunk.subarray(0, Math.min(chunk.length, rows - start)), start);
      });
    }
    this.release();
    return out;
  }

  release(): void {
    for (const chunk of this.chunks) if (chunk) release(chunk.buffer);
    this.chunks = [];
    this.length = 0;
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
export class TextChunks {
  private readonly codes = new Int32Chunks(-1);
  private readonly dictionary: string[] = [];
  /** hash of each dictionary entry, by code (kept for growing the table). */
  private hashes = new Int32Array(16);
  /** code + 1 per slot, 0 for an empty one; at most half full. */
  private table = new Int32Array(32);

  /**
   * Sets the row's value and returns the dictionary's string for it. `sliced`: the value may be a
   * view into a larger string (the JSONL fast path cuts values out of the chunk it is reading), so
   * a new dictionary entry is stored as a copy of its own. `hash`: textHash(value), when the caller
   * has it already.
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

  finish(rows: number, order?: Uint32Array): { codes: Int32Array; dictionary: readonly string[] } {
    this.seal();
    return { codes: this.codes.finishInto(new Int32Array(rows), order), dictionary: this.dictionary };
  }
}

/**
 * The hash TextChunks files values under: FNV-1a over the UTF-16 code units (a scanner can fold
 * TEXT_HASH_START / textHashStep into the loop that finds a string's end), then textHashFinish.
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
