// RFC 4180 CSV read from chunks that may split anywhere (inside a quoted field, between '\r' and
// '\n', inside a "" escape), holding only the current row in memory.
//
// Choices the RFC leaves open:
// - A row's line number is the line its first character is on; newlines inside quoted fields
//   advance the count, so later rows still point at the right line.
// - Blank lines (empty, or just '\r') are skipped: they carry no cells. A one-column row whose
//   only cell is empty must therefore be written as "" to survive, which the RFC allows.
// - A lone '\r' not followed by '\n' is data, as in LineSplitter, which also splits only on '\n'.
// - Whitespace around cells is kept: trimming is a schema decision, not a syntax one.
// - Malformed rows never throw: they are reported through onError and dropped, and reading
//   resumes at the next line, so one bad row costs only itself.

import { describeChar } from './describe-char';

export type CsvRowHandler = (cells: string[], lineNo: number) => void;
export type CsvErrorHandler = (message: string, lineNo: number) => void;

export interface CsvOptions {
  /** One character; defaults to ','. See sniffDelimiter. */
  delimiter?: string;
}

const LF = 0x0a;
const CR = 0x0d;
const QUOTE = 0x22;
const BOM = 0xfeff;

// Scanner states.
const FIELD_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
/** Just read a '"' inside a quoted field: the first half of "" or the closing quote. */
const QUOTE_IN_QUOTED = 3;
/** Read '\r' right after a closing quote: only '\n' may follow. */
const CLOSED_CR = 4;
/** Dropping the rest of a malformed row's line. */
const SKIP = 5;

export class CsvParser {
  private readonly delim: number;
  private state = FIELD_START;
  /** Line of the character being scanned. */
  private line = 1;
  /** Line the current row started on. */
  private rowLine = 1;
  private cells: string[] = [];
  /** Text of the current field copied out of earlier chunks (or before a "" escape). */
  private field = '';
  /** Line of the opening quote of the current quoted field, for the unterminated-quote error. */
  private quoteLine = 1;
  /**
   * Raw text of the current row after its first newline, kept only while a row spans lines. If
   * the input ends inside a quoted field, that quote swallowed everything after it; re-reading
   * this text from the row's second line recovers the rows that follow.
   */
  private replay: string[] | null = null;
  private replayLine = 0;
  private started = false;

  constructor(opts: CsvOptions = {}) {
    const d = opts.delimiter ?? ',';
    if (d.length !== 1 || d === '"' || d === '\n' || d === '\r') {
      throw new Error(`CSV delimiter must be one character other than '"', '\\n' or '\\r', got ${JSON.stringify(d)}`);
    }
    this.delim = d.charCodeAt(0);
  }

  /** Without onError, malformed rows are dropped silently. */
  push(chunk: string, onRow: CsvRowHandler, onError?: CsvErrorHandler): void {
    if (!this.started) {
      if (chunk.length === 0) return;
      this.started = true;
      if (chunk.charCodeAt(0) === BOM) chunk = chunk.slice(1);
    }
    this.scan(chunk, onRow, onError);
  }

  /** Flushes the last row (a final newline is optional), then resets for another input. */
  end(onRow: CsvRowHandler, onError?: CsvErrorHandler): void {
    for (;;) {
      const state = this.state;
      if (state === QUOTED) {
        const replay = this.replay;
        const resume = replay === null ? '' : `; reading resumes at line ${this.replayLine}`;
        onError?.(
          `unterminated quoted field ${this.cells.length + 1}: the input ends before its closing '"'${resume}`,
          this.quoteLine,
        );
        this.dropRow();
        if (replay === null) break;
        this.line = this.replayLine;
        this.rowLine = this.line;
        this.state = FIELD_START;
        this.scan(replay.join(''), onRow, onError);
        continue;
      }
      if (state === UNQUOTED) this.finishRow(stripCr(this.field), false, onRow);
      else if (state === QUOTE_IN_QUOTED || state === CLOSED_CR) this.finishRow(this.field, true, onRow);
      else if (state === FIELD_START && this.cells.length > 0) this.finishRow('', false, onRow);
      break;
    }
    this.dropRow();
    this.state = FIELD_START;
    this.line = 1;
    this.rowLine = 1;
    this.started = false;
  }

  private scan(chunk: string, onRow: CsvRowHandler, onError: CsvErrorHandler | undefined): void {
    const delim = this.delim;
    const n = chunk.length;
    let state = this.state;
    let line = this.line;
    // Start in `chunk` of the current field's text not yet copied into this.field.
    let seg = 0;
    // Start in `chunk` of the text to append to this.replay (it began in an earlier chunk if set).
    let recordFrom = 0;
    // The chunk's next '\n' at or after the last quoted-field scan (-1: none left), cached so
    // that quoted fields on one long line do not each search to the end of the line.
    let nextLf = -2;
    for (let i = 0; i < n; i++) {
      let c = chunk.charCodeAt(i);
      switch (state) {
        case FIELD_START:
          if (c === delim) this.cells.push('');
          else if (c === QUOTE) {
            state = QUOTED;
            seg = i + 1;
            this.quoteLine = line;
          } else if (c === LF) {
            this.finishRow('', false, onRow);
            this.rowLine = ++line;
          } else {
            state = UNQUOTED;
            seg = i;
          }
          break;
        case UNQUOTED:
          // Most characters are plain field text: skip them without going round the switch.
          while (c !== delim && c !== LF && c !== QUOTE && ++i < n) c = chunk.charCodeAt(i);
          if (i === n) break;
          if (c === delim) {
            this.cells.push(this.take(chunk, seg, i));
            state = FIELD_START;
          } else if (c === LF) {
            this.finishRow(stripCr(this.take(chunk, seg, i)), false, onRow);
            this.rowLine = ++line;
            state = FIELD_START;
          } else if (c === QUOTE) {
            this.fail(
              `unexpected '"' inside unquoted field ${this.cells.length + 1} (a field containing quotes must be quoted, with "" for each quote)`,
              line,
              onError,
            );
            state = SKIP;
          }
          break;
        case QUOTED: {
          // Jump to the next quote; only the newlines skipped on the way need attention.
          const q = chunk.indexOf('"', i);
          const stop = q < 0 ? n : q;
          if (nextLf !== -1 && nextLf < i) nextLf = chunk.indexOf('\n', i);
          while (nextLf !== -1 && nextLf < stop) {
            line++;
            if (this.replay === null) {
              this.replay = [];
              this.replayLine = line;
              recordFrom = nextLf + 1;
            }
            nextLf = chunk.indexOf('\n', nextLf + 1);
          }
          if (q < 0) {
            i = n;
            break;
          }
          i = q;
          this.field += chunk.slice(seg, i);
          state = QUOTE_IN_QUOTED;
          break;
        }
        case QUOTE_IN_QUOTED:
          if (c === QUOTE) {
            // "" is an escaped quote: the second '"' starts the next run of field text.
            state = QUOTED;
            seg = i;
          } else if (c === delim) {
            this.cells.push(this.field);
            this.field = '';
            state = FIELD_START;
          } else if (c === LF) {
            this.finishRow(this.field, true, onRow);
            this.rowLine = ++line;
            state = FIELD_START;
          } else if (c === CR) {
            state = CLOSED_CR;
          } else {
            this.fail(
              `unexpected ${describeChar(c)} after the closing quote of field ${this.cells.length + 1} (expected the delimiter or the end of the line)`,
              line,
              onError,
            );
            state = SKIP;
          }
          break;
        case CLOSED_CR:
          if (c === LF) {
            this.finishRow(this.field, true, onRow);
            this.rowLine = ++line;
            state = FIELD_START;
          } else {
            this.fail(
              `unexpected ${describeChar(c)} after '\\r' following the closing quote of field ${this.cells.length + 1}`,
              line,
              onError,
            );
            state = SKIP;
          }
          break;
        default: {
          // SKIP: jump straight to the end of the line.
          const nl = chunk.indexOf('\n', i);
          if (nl === -1) {
            i = n;
          } else {
            i = nl;
            this.rowLine = ++line;
            state = FIELD_START;
          }
        }
      }
    }
    if (state === UNQUOTED || state === QUOTED) this.field += chunk.slice(seg);
    if (this.replay !== null) this.replay.push(chunk.slice(recordFrom));
    this.state = state;
    this.line = line;
  }

  /** The current field: its earlier pieces plus chunk[from, to). */
  private take(chunk: string, from: number, to: number): string {
    const tail = chunk.slice(from, to);
    if (this.field === '') return tail;
    const value = this.field + tail;
    this.field = '';
    return value;
  }

  private finishRow(last: string, quoted: boolean, onRow: CsvRowHandler): void {
    const cells = this.cells;
    this.cells = [];
    this.field = '';
    this.replay = null;
    if (!quoted && cells.length === 0 && last === '') return; // blank line
    cells.push(last);
    onRow(cells, this.rowLine);
  }

  private fail(message: string, line: number, onError: CsvErrorHandler | undefined): void {
    const where = line === this.rowLine ? '' : ` (row starts at line ${this.rowLine})`;
    onError?.(`${message}${where}; row skipped`, line);
    this.dropRow();
  }

  private dropRow(): void {
    this.cells = [];
    this.field = '';
    this.replay = null;
  }
}

/**
 * Guesses the delimiter from a header line: the candidate seen most often outside quotes. Ties,
 * and a line with none of them (a one-column file), give ',' — the RFC 4180 default.
 */
export function sniffDelimiter(firstLine: string): ',' | '\t' | ';' {
  let inQuotes = false;
  let commas = 0;
  let tabs = 0;
  let semicolons = 0;
  for (let i = 0; i < firstLine.length; i++) {
    const ch = firstLine[i];
    // Toggling on every quote also handles "": it toggles twice and changes nothing.
    if (ch === '"') inQuotes = !inQuotes;
    else if (inQuotes) continue;
    else if (ch === ',') commas++;
    else if (ch === '\t') tabs++;
    else if (ch === ';') semicolons++;
  }
  if (tabs > commas && tabs >= semicolons) return '\t';
  if (semicolons > commas && semicolons > tabs) return ';';
  return ',';
}

function stripCr(value: string): string {
  return value.length > 0 && value.charCodeAt(value.length - 1) === CR ? value.slice(0, -1) : value;
}
