// Splits a chunked JSON document into pieces small enough to JSON.parse one at a time, so a
// benchmark dump of hundreds of MB never has to be a single string. Two shapes are understood:
//   [ e1, e2, ... ]                       -> onElement(raw text of each ei, its start line)
//   { "k": v, "<streamKey>": [ ... ], ... } -> onElement for each element of the streamKey array,
//                                            onMember(key, raw text of v, line) for other members
//
// What it checks: the top-level structure (brackets, commas, colons, quoted keys, nothing after
// the end), that brackets inside each piece nest and match, and that strings are terminated.
// What it does not check: anything inside a piece — number syntax, literals, escapes, commas and
// colons within nested values. `[1, {"a": }, 3]` splits into `1`, `{"a": }` and `3`; rejecting the
// middle one is JSON.parse's job. The same blindness is what lets NaN, Infinity and -Infinity
// through for the caller to handle (see lenient-json.ts).
//
// Errors go to onError and never throw. After the first one the rest of the input is ignored:
// a bracket scanner that has lost its place would only emit garbage.
//
// Speed: pieces are sliced out of the chunk by index; only a piece that straddles a chunk
// boundary is buffered, and only until it ends. Strings inside pieces, which are most of a
// typical record, are skipped with indexOf rather than character by character.

import { describeChar } from './describe-char';

export interface JsonSplitHandlers {
  onElement(text: string, lineNo: number): void;
  /** Members of a top-level object other than the streamed array. Ignored when absent. */
  onMember?(key: string, valueText: string, lineNo: number): void;
  onError(message: string, lineNo: number): void;
}

export interface JsonSplitterOptions {
  /** Key(s) of a top-level object whose array value is streamed element by element. */
  streamKey?: string | readonly string[];
}

const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const SPACE = 0x20;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const LBRACE = 0x7b;
const RBRACE = 0x7d;
const BOM = 0xfeff;

// Where the scanner is in the top-level grammar.
const TOP = 0; // before the top-level value
const ARR_FIRST = 1; // after '[': an element or ']'
const ARR_NEXT = 2; // after ',' in the array: an element
const ARR_AFTER = 3; // after an element: ',' or ']'
const OBJ_FIRST = 4; // after '{': a key or '}'
const OBJ_NEXT = 5; // after ',' in the object: a key
const KEY = 6; // inside a key string
const OBJ_COLON = 7; // after a key: ':'
const OBJ_VALUE = 8; // after ':': a value
const OBJ_AFTER = 9; // after a member: ',' or '}'
const PIECE = 10; // inside an element or member value
const DONE = 11; // after the top-level value: only whitespace
const FAILED = 12;

// What kind of piece is being scanned.
const SCALAR = 0; // number or literal: ends before the first delimiter
const STRING = 1;
const NESTED = 2; // object or array: ends at its matching bracket

// Scan results other than "the piece ends just before this index".
const RUNS_ON = -1; // the piece continues in the next chunk
const MISMATCH = -2; // a closing bracket that does not match the innermost open one

export class JsonStreamSplitter {
  private readonly streamKeys: ReadonlySet<string>;
  private mode = TOP;
  private line = 1;
  private started = false;
  /** Counts push() calls, to tell whether cached positions refer to the current chunk. */
  private chunkNo = 0;
  /** Whether the array being split is the value of a streamKey member rather than the top level. */
  private inner = false;
  private arrayLine = 0;
  private objectLine = 0;
  private key = '';

  // The piece (or key) being scanned.
  private kind = SCALAR;
  private inString = false;
  private escaped = false;
  /** Open brackets inside the piece, innermost last. */
  private brackets: number[] = [];
  private pieceLine = 0;
  /** Whether the piece is an array element (else a member value). */
  private pieceInArray = false;
  /** The closing bracket that did not match, and the open bracket it met. */
  private badClose = 0;
  private badOpen = 0;
  /** Text of the current piece from earlier chunks. */
  private parts: string[] = [];
  // Raw newlines inside strings are invalid JSON but must still be counted to keep later lines
  // right. The chunk's next '\n' is cached so that finding it stays linear per chunk.
  private lfChunk = -1;
  private lfPos = -1;

  private shapeSeen: 'array' | 'object' | undefined;
  private streamedKeySeen: string | undefined;

  constructor(opts: JsonSplitterOptions = {}) {
    const k = opts.streamKey;
    this.streamKeys = new Set(k === undefined ? [] : typeof k === 'string' ? [k] : k);
  }

  /** The top-level shape once its first bracket has been read (kept after end() until the next input). */
  get shape(): 'array' | 'object' | undefined {
    return this.shapeSeen;
  }

  /** Which of the accepted stream keys was found (the last one, if several were). */
  get streamedKey(): string | undefined {
    return this.streamedKeySeen;
  }

  push(chunk: string, h: JsonSplitHandlers): void {
    const n = chunk.length;
    if (n === 0) return;
    this.chunkNo++;
    let i = 0;
    if (!this.started) {
      this.started = true;
      this.shapeSeen = undefined;
      this.streamedKeySeen = undefined;
      if (chunk.charCodeAt(0) === BOM) i = 1;
    }
    // Start in `chunk` of the piece or key being scanned (0 when it began in an earlier chunk).
    let start = 0;
    while (i < n) {
      const mode = this.mode;
      if (mode === PIECE || mode === KEY) {
        const end = mode === KEY ? this.scanString(chunk, i) : this.scanPiece(chunk, i);
        if (end === MISMATCH) {
          this.fail(this.mismatchMessage(), h);
          return;
        }
        if (end === RUNS_ON) {
          this.parts.push(chunk.slice(start));
          return;
        }
        const text = this.take(chunk, start, end);
        if (mode === KEY) this.finishKey(text, h);
        else this.finishPiece(text, h);
        i = end;
        continue;
      }
      if (mode === FAILED) return;
      const c = chunk.charCodeAt(i);
      if (c === SPACE || c === LF || c === CR || c === TAB) {
        if (c === LF) this.line++;
        i++;
      } else if (this.structural(c, h)) {
        // c begins a piece or key: rescan it from here as the piece's first character.
        start = i;
      } else {
        i++;
      }
    }
  }

  /** Reports truncated input, then resets for another input. */
  end(h: JsonSplitHandlers): void {
    switch (this.mode) {
      case TOP:
        h.onError(`empty input: expected '[' or '{'`, this.line);
        break;
      case DONE:
      case FAILED:
        break;
      case PIECE:
        // A scalar cut off by the end may itself be truncated (`12` of `123`), so it is not emitted.
        h.onError(
          this.kind === SCALAR ? this.unclosedMessage() : `unexpected end of input inside the ${this.pieceName()}`,
          this.line,
        );
        break;
      default:
        h.onError(this.unclosedMessage(), this.line);
    }
    this.mode = TOP;
    this.line = 1;
    this.started = false;
    this.inner = false;
    this.parts = [];
    this.brackets = [];
  }

  /**
   * Handles one non-whitespace character outside any piece. Returns true when c begins a piece
   * (mode is now PIECE or KEY and c must be scanned again as its first character).
   */
  private structural(c: number, h: JsonSplitHandlers): boolean {
    switch (this.mode) {
      case TOP:
        if (c === LBRACKET) {
          this.shapeSeen = 'array';
          this.openArray();
        } else if (c === LBRACE) {
          this.shapeSeen = 'object';
          this.objectLine = this.line;
          this.mode = OBJ_FIRST;
        } else {
          this.fail(`expected '[' or '{' at the start of the input, found ${describeChar(c)}`, h);
        }
        return false;
      case ARR_FIRST:
        if (c === RBRACKET) {
          this.closeArray();
          return false;
        }
        return this.beginPiece(c, h);
      case ARR_NEXT:
        return this.beginPiece(c, h);
      case ARR_AFTER:
        if (c === COMMA) this.mode = ARR_NEXT;
        else if (c === RBRACKET) this.closeArray();
        else this.fail(`expected ',' or ']' after array element, found ${describeChar(c)}`, h);
        return false;
      case OBJ_FIRST:
      case OBJ_NEXT:
        if (c === QUOTE) {
          this.beginKey();
          return true;
        }
        if (c === RBRACE && this.mode === OBJ_FIRST) this.mode = DONE;
        else
          this.fail(
            `expected ${this.mode === OBJ_FIRST ? `a quoted key or '}'` : `a quoted key after ','`}, found ${describeChar(c)}`,
            h,
          );
        return false;
      case OBJ_COLON:
        if (c === COLON) this.mode = OBJ_VALUE;
        else this.fail(`expected ':' after key ${JSON.stringify(this.key)}, found ${describeChar(c)}`, h);
        return false;
      case OBJ_VALUE:
        if (c === LBRACKET && this.streamKeys.has(this.key)) {
          this.streamedKeySeen = this.key;
          this.inner = true;
          this.openArray();
          return false;
        }
        return this.beginPiece(c, h);
      case OBJ_AFTER:
        if (c === COMMA) this.mode = OBJ_NEXT;
        else if (c === RBRACE) this.mode = DONE;
        else
          this.fail(
            `expected ',' or '}' after the value of key ${JSON.stringify(this.key)}, found ${describeChar(c)}`,
            h,
          );
        return false;
      case DONE:
        this.fail(`unexpected ${describeChar(c)} after the end of the top-level ${this.shapeSeen}`, h);
        return false;
      default:
        return false;
    }
  }

  private openArray(): void {
    this.arrayLine = this.line;
    this.mode = ARR_FIRST;
  }

  private closeArray(): void {
    this.mode = this.inner ? OBJ_AFTER : DONE;
    this.inner = false;
  }

  private beginPiece(c: number, h: JsonSplitHandlers): boolean {
    if (c === COMMA || c === COLON || c === RBRACKET || c === RBRACE) {
      const expected =
        this.mode === ARR_FIRST
          ? `an array element or ']'`
          : this.mode === ARR_NEXT
            ? `an array element after ','`
            : `a value for key ${JSON.stringify(this.key)}`;
      this.fail(`expected ${expected}, found ${describeChar(c)}`, h);
      return false;
    }
    this.kind = c === QUOTE ? STRING : c === LBRACKET || c === LBRACE ? NESTED : SCALAR;
    this.pieceInArray = this.mode !== OBJ_VALUE;
    this.inString = false;
    this.escaped = false;
    if (this.brackets.length !== 0) this.brackets = [];
    this.pieceLine = this.line;
    this.mode = PIECE;
    return true;
  }

  private beginKey(): void {
    this.inString = false;
    this.escaped = false;
    this.pieceLine = this.line;
    this.mode = KEY;
  }

  private finishPiece(text: string, h: JsonSplitHandlers): void {
    if (this.pieceInArray) {
      this.mode = ARR_AFTER;
      h.onElement(text, this.pieceLine);
    } else {
      this.mode = OBJ_AFTER;
      h.onMember?.(this.key, text, this.pieceLine);
    }
  }

  private finishKey(raw: string, h: JsonSplitHandlers): void {
    // JSON.parse costs more than scanning the member, so plain keys are just unquoted.
    let plain = true;
    for (let i = raw.length - 2; i > 0 && plain; i--) {
      const c = raw.charCodeAt(i);
      plain = c !== BACKSLASH && c >= SPACE;
    }
    try {
      this.key = plain ? raw.slice(1, -1) : (JSON.parse(raw) as string);
      this.mode = OBJ_COLON;
    } catch {
      const shown = raw.length > 60 ? `${raw.slice(0, 57)}...` : raw;
      this.fail(`invalid object key ${shown} (bad escape or raw control character)`, h);
    }
  }

  /** The current piece: its parts from earlier chunks plus chunk[start, end). */
  private take(chunk: string, start: number, end: number): string {
    if (this.parts.length === 0) return chunk.slice(start, end);
    this.parts.push(chunk.slice(start, end));
    const text = this.parts.join('');
    this.parts = [];
    return text;
  }

  private fail(message: string, h: JsonSplitHandlers): void {
    this.mode = FAILED;
    this.parts = [];
    h.onError(message, this.line);
  }

  private pieceName(): string {
    return this.pieceInArray
      ? `array element starting at line ${this.pieceLine}`
      : `value of key ${JSON.stringify(this.key)} starting at line ${this.pieceLine}`;
  }

  private unclosedMessage(): string {
    const inArray = this.mode === PIECE ? this.pieceInArray : this.mode >= ARR_FIRST && this.mode <= ARR_AFTER;
    return inArray
      ? `unexpected end of input: the array opened at line ${this.arrayLine} is not closed`
      : `unexpected end of input: the object opened at line ${this.objectLine} is not closed`;
  }

  private mismatchMessage(): string {
    const expected = this.badOpen === LBRACE ? "'}'" : "']'";
    return `mismatched ${describeChar(this.badClose)} in the ${this.pieceName()}: expected ${expected}`;
  }

  /** Scans the current piece from i. Returns the index just past its end, RUNS_ON or MISMATCH. */
  private scanPiece(chunk: string, i: number): number {
    if (this.kind === NESTED) return this.scanNested(chunk, i);
    if (this.kind === STRING) return this.scanString(chunk, i);
    // A scalar ends before the first character that cannot continue a token; that character is
    // left for the structural scanner to accept or reject.
    const n = chunk.length;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (
        c === COMMA ||
        c === RBRACKET ||
        c === RBRACE ||
        c === SPACE ||
        c === LF ||
        c === CR ||
        c === TAB ||
        c === COLON ||
        c === QUOTE ||
        c === LBRACKET ||
        c === LBRACE
      ) {
        return i;
      }
    }
    return RUNS_ON;
  }

  /** Scans a string whose opening quote is at or before i. Returns the index past its closing quote, or RUNS_ON. */
  private scanString(chunk: string, i: number): number {
    const n = chunk.length;
    let inString = this.inString;
    let escaped = this.escaped;
    let line = this.line;
    let end = RUNS_ON;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      // Raw newlines are invalid inside JSON strings, but counting them keeps later lines right.
      if (c === LF) line++;
      if (escaped) escaped = false;
      else if (c === BACKSLASH) escaped = inString;
      else if (c === QUOTE) {
        if (inString) {
          end = i + 1;
          break;
        }
        inString = true;
      }
    }
    this.inString = inString;
    this.escaped = escaped;
    this.line = line;
    return end;
  }

  /** Scans an object or array piece. Returns the index past its matching bracket, RUNS_ON or MISMATCH. */
  private scanNested(chunk: string, i: number): number {
    const n = chunk.length;
    const brackets = this.brackets;
    let line = this.line;
    if (this.inString) {
      // Resuming a string cut by the previous chunk: finish it character by character.
      let escaped = this.escaped;
      for (; i < n; i++) {
        const c = chunk.charCodeAt(i);
        if (c === LF) line++;
        if (escaped) escaped = false;
        else if (c === BACKSLASH) escaped = true;
        else if (c === QUOTE) break;
      }
      this.escaped = escaped;
      this.line = line;
      if (i === n) return RUNS_ON;
      this.inString = false;
      i++;
    }
    let end = RUNS_ON;
    for (; i < n; i++) {
      const c = chunk.charCodeAt(i);
      if (c === QUOTE) {
        const close = this.stringClose(chunk, i + 1);
        if (close < 0) {
          this.line = line;
          this.tailOfString(chunk, i + 1);
          return RUNS_ON;
        }
        if (this.lfPos < close || this.lfChunk !== this.chunkNo) line += this.countLf(chunk, i + 1, close);
        i = close;
      } else if (c === LBRACE || c === LBRACKET) {
        brackets.push(c);
      } else if (c === RBRACE || c === RBRACKET) {
        const open = brackets.pop() ?? 0;
        if (open !== (c === RBRACE ? LBRACE : LBRACKET)) {
          this.badClose = c;
          this.badOpen = open;
          end = MISMATCH;
          break;
        }
        if (brackets.length === 0) {
          end = i + 1;
          break;
        }
      } else if (c === LF) {
        line++;
      }
    }
    this.line = line;
    return end;
  }

  /** Index of the unescaped '"' closing a string whose text starts at i, or -1 if not in this chunk. */
  private stringClose(chunk: string, i: number): number {
    for (;;) {
      const q = chunk.indexOf('"', i);
      if (q < 0) return -1;
      // The quote is escaped if an odd run of backslashes precedes it.
      let k = q - 1;
      while (k >= i && chunk.charCodeAt(k) === BACKSLASH) k--;
      if ((q - 1 - k) % 2 === 0) return q;
      i = q + 1;
    }
  }

  /** Records the state at the end of a chunk that ends inside a string starting at i. */
  private tailOfString(chunk: string, i: number): void {
    let escaped = false;
    let line = this.line;
    for (; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (c === LF) line++;
      if (escaped) escaped = false;
      else if (c === BACKSLASH) escaped = true;
    }
    this.inString = true;
    this.escaped = escaped;
    this.line = line;
  }

  /** Newlines in chunk[from, to). */
  private countLf(chunk: string, from: number, to: number): number {
    if (this.lfChunk !== this.chunkNo || this.lfPos < from) {
      this.lfChunk = this.chunkNo;
      this.lfPos = chunk.indexOf('\n', from);
      if (this.lfPos < 0) this.lfPos = chunk.length;
    }
    let count = 0;
    while (this.lfPos < to) {
      count++;
      const next = chunk.indexOf('\n', this.lfPos + 1);
      this.lfPos = next < 0 ? chunk.length : next;
    }
    return count;
  }
}
