// Streams native §4 records (JSON objects or CSV rows) into typed columns. A record is validated
// whole before any of it is stored, so a bad line is skipped entirely, counted and reported with its
// line and field; records are never kept as objects.

import {
  NumberColumnBuilder,
  TextColumnBuilder,
  permuteNumbers,
  permuteText,
  type NumberColumn,
  type TextColumn,
} from '../model/columns';
import { Float64Rows, Int32Rows, NumberRows, TextRows } from './native/fast-columns';
import { arrivalOrder } from './native/fast-sort';
import {
  NUMERIC_FIELDS,
  REQUIRED_FIELDS,
  isCountField,
  isNumericField,
  isTextField,
  type NumericField,
  type TextField,
} from '../model/fields';
import type { IngestIssue, NumericColumns, RequestTable } from '../model/run';
import { IssueLog } from './errors';
import { parseJsonLenient } from './text/lenient-json';
import { clip, isError, parseNonNegative, parseTimestamp } from './native/values';

const FIELD_INDEX = new Map<NumericField, number>(NUMERIC_FIELDS.map((f, i) => [f, i]));
const REQUIRED_INDEX = REQUIRED_FIELDS.map((f) => FIELD_INDEX.get(f)!);
/**
 * request_id is read (and must be valid JSON like any field) but not stored: nothing reads it back,
 * and a million distinct ids would take ~45 MB and half a second to keep.
 */
export const UNSTORED_TEXT: TextField = 'request_id';
/** Extra (unknown) fields beyond this many are counted and reported, not stored. */
const MAX_EXTRA_FIELDS = 64;
const MAX_EXTRA_TEXT = 500;

type ExtraValue = { name: string; value: number | string };

/** A column for an unknown field: numeric until it meets a value that is not, then text. */
class ExtraColumn {
  private numbers: NumberColumnBuilder | undefined = new NumberColumnBuilder();
  private text: TextColumnBuilder | undefined;

  set(row: number, value: number | string): void {
    if (typeof value === 'number' && this.numbers) {
      this.numbers.set(row, value);
      return;
    }
    if (this.numbers) this.convertToText();
    this.text!.set(row, String(value));
  }

  private convertToText(): void {
    const previous = this.numbers!.finish(this.numbers!.length);
    this.text = new TextColumnBuilder();
    for (let i = 0; i < previous.length; i++) if (!Number.isNaN(previous[i])) this.text.set(i, String(previous[i]));
    this.numbers = undefined;
  }

  finish(rows: number): Float64Array | TextColumn {
    return this.numbers ? this.numbers.finish(rows) : this.text!.finish(rows);
  }
}

/**
 * The text values of the record being read, in the order their keys came: a Map's set / has /
 * clear / insertion order, without allocating per record.
 */
class RecordText {
  readonly fields: TextField[] = [];
  readonly values: string[] = [];
  /** textHash of the value when the fast path computed it, else NaN. */
  readonly hashes = new Float64Array(8);
  size = 0;

  set(field: TextField, value: string, hash = NaN): void {
    for (let i = 0; i < this.size; i++) {
      if (this.fields[i] === field) {
        this.values[i] = value;
        this.hashes[i] = hash;
        return;
      }
    }
    this.fields[this.size] = field;
    this.hashes[this.size] = hash;
    this.values[this.size++] = value;
  }

  has(field: TextField): boolean {
    for (let i = 0; i < this.size; i++) if (this.fields[i] === field) return true;
    return false;
  }

  clear(): void {
    this.size = 0;
  }
}

export interface BuiltTable {
  table: RequestTable | undefined;
  recordsRead: number;
  /** Records rejected; `issues` may also hold problems that are not records (metadata). */
  skipped: number;
  /** Why the first rejected record was rejected. */
  firstRejection: IngestIssue | undefined;
  issues: IssueLog;
  warnings: string[];
}

export class RequestTableBuilder {
  // Columns sized once for the rows expected (reserve, fast-columns.ts), permuted in place at the end.
  // Counts are kept as Uint16, then Float32, while that holds every one exactly (NumberRows).
  private readonly numbers = NUMERIC_FIELDS.map((field) => new NumberRows(isCountField(field)));
  private readonly seen = new Array<boolean>(NUMERIC_FIELDS.length).fill(false);
  private readonly text = new Map<TextField, TextRows>();
  private readonly extras = new Map<string, ExtraColumn>();
  private readonly sourceLine = new Int32Rows(0);
  private reserved = 0;
  // Every token gap of every request, concatenated; gapEnds[row] is where the row's gaps end. Rows
  // before the first request with gaps end at 0: gapEnds is only written once gaps are seen.
  private readonly gapValues = new Float64Rows();
  private readonly gapEnds = new Float64Rows();
  private gapCount = 0;
  private gapsSeen = false;
  private scratchGaps: number[] | undefined;
  private readonly ignoredExtraFields = new Set<string>();
  readonly issues = new IssueLog();
  private rows = 0;
  private read = 0;
  private skipped = 0;
  private firstRejection: IngestIssue | undefined;

  // Scratch space for the record being validated.
  private readonly scratch = new Float64Array(NUMERIC_FIELDS.length);
  private readonly scratchText = new RecordText();
  private readonly scratchExtra: ExtraValue[] = [];

  constructor(private readonly file: string) {}

  get recordsRead(): number {
    return this.read;
  }

  /**
   * The number of records the source is expected to hold (the reader's estimate from its size):
   * columns are then allocated once at about that size. Only memory and speed depend on it.
   */
  reserve(rows: number): void {
    this.reserved = Math.max(this.reserved, Math.ceil(rows));
    for (const column of this.numbers) column.reserve(this.reserved);
    for (const column of this.text.values()) column.reserve(this.reserved);
    this.sourceLine.reserve(this.reserved);
  }

  /**
   * For the JSONL fast path (byte-jsonl.ts), which parses a record of the known flat shape itself:
   * starts a record as addRecord does; the caller writes the record's values into `parsedNumbers`
   * (by NUMERIC_FIELDS index) and `parsedText` (in the record's key order), only values that
   * addRecord would accept as they are, then calls commitParsed.
   */
  beginParsed(): void {
    this.begin();
  }

  get parsedNumbers(): Float64Array {
    return this.scratch;
  }

  /**
   * A text value of the record, in key order; as addRecord, only a value it would store. `hash`:
   * its textHash (fast-columns.ts).
   */
  setParsedText(field: TextField, value: string, hash: number): void {
    this.scratchText.set(field, value, hash);
  }

  /** Stores (or rejects, when a required field is missing) the record filled in since beginParsed. */
  commitParsed(line: number): void {
    this.read++;
    this.commit(line);
  }

  /** A record's JSON text as a value, or undefined once it is counted and reported as not JSON. */
  parseRecordText(text: string, line: number, label = ''): { value: unknown } | undefined {
    try {
      return { value: parseJsonLenient(text) };
    } catch (error) {
      this.recordUnparsable(line, `${label ? `${label}: ` : ''}not valid JSON: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** A record that could not even be parsed: counted as read, reported, skipped. */
  recordUnparsable(line: number, message: string): void {
    this.read++;
    this.reject({ file: this.file, line, message });
  }

  /** Logs why the record being read is skipped, and counts it. */
  private reject(issue: IngestIssue): void {
    this.skipped++;
    this.firstRejection ??= issue;
    this.issues.add(issue);
  }

  /**
   * A parsed JSON value that should be one request object; `gaps` are the request's inter-token
   * gaps in ms, when the artifact has them (adapters of tools that save every token's timing).
   */
  addRecord(record: unknown, line: number, gaps?: ArrayLike<unknown>): void {
    this.read++;
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      this.reject({
        file: this.file,
        line,
        message: `expected a JSON object for one request, got ${Array.isArray(record) ? 'a list' : JSON.stringify(record)?.slice(0, 40)}`,
      });
      return;
    }
    this.begin();
    for (const [name, value] of Object.entries(record as Record<string, unknown>)) {
      if (!this.accept(name, value, line, false)) return;
    }
    if (gaps && !this.acceptGaps(gaps, line)) return;
    this.commit(line);
  }

  private acceptGaps(gaps: ArrayLike<unknown>, line: number): boolean {
    this.scratchGaps = [];
    for (let k = 0; k < gaps.length; k++) {
      const g = gaps[k];
      if (typeof g !== 'number' || !Number.isFinite(g) || g < 0) {
        this.reject({
          file: this.file,
          line,
          field: 'itl',
          message: `token gap ${k + 1}: expected a duration ≥ 0, got ${JSON.stringify(g)?.slice(0, 20)}`,
        });
        return false;
      }
      this.scratchGaps.push(g);
    }
    return true;
  }

  /** One CSV row, cells aligned with `header`. */
  addRow(header: readonly string[], cells: readonly string[], line: number): void {
    this.read++;
    if (cells.length !== header.length) {
      this.reject({
        file: this.file,
        line,
        message: `expected ${header.length} columns as in the header, got ${cells.length}`,
      });
      return;
    }
    this.begin();
    for (let i = 0; i < header.length; i++) {
      if (!this.accept(header[i], cells[i], line, true)) return;
    }
    this.commit(line);
  }

  private begin(): void {
    this.scratchGaps = undefined;
    this.scratch.fill(NaN);
    this.scratchText.clear();
    this.scratchExtra.length = 0;
  }

  /** Validates one field into the scratch record; false (and an issue logged) when the line is bad. */
  private accept(name: string, value: unknown, line: number, fromCsv: boolean): boolean {
    if (isNumericField(name)) {
      const parsed =
        name === 'arrival_ts'
          ? parseTimestamp(value)
          : parseNonNegative(value, name.endsWith('_ms') ? 'duration in ms' : 'count');
      if (isError(parsed)) {
        this.reject({ file: this.file, line, field: name, message: parsed.error });
        return false;
      }
      if (parsed !== undefined) this.scratch[FIELD_INDEX.get(name)!] = parsed;
      return true;
    }
    if (isTextField(name)) {
      if (value === null || value === undefined) return true;
      if (name === 'error') {
        // A failed request says so with a message (or true); false, "" and blanks mean success.
        if (value === false || (typeof value === 'string' && value.trim() === '')) return true;
        this.scratchText.set(
          name,
          value === true ? 'error' : typeof value === 'string' ? value : JSON.stringify(value),
        );
        return true;
      }
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      if (text !== '') this.scratchText.set(name, text);
      return true;
    }
    const extra = extraValue(value, fromCsv);
    if (extra !== undefined) this.scratchExtra.push({ name, value: extra });
    return true;
  }

  /** `sliced`: text values may be views into a larger string, see TextRows. */
  private commit(line: number, sliced = false): void {
    const failed = this.scratchText.has('error');
    if (!failed) {
      for (let r = 0; r < REQUIRED_FIELDS.length; r++) {
        const field = REQUIRED_FIELDS[r];
        if (Number.isNaN(this.scratch[REQUIRED_INDEX[r]])) {
          this.reject({
            file: this.file,
            line,
            field,
            message: 'missing: every successful request needs first_token_ms and total_ms (or a non-empty "error")',
          });
          return;
        }
      }
    }
    const row = this.rows++;
    const scratch = this.scratch;
    for (let f = 0; f < NUMERIC_FIELDS.length; f++) {
      const v = scratch[f];
      if (v === v) {
        const column = this.numbers[f];
        const values = column.values;
        // Straight into the column's array when this is its next row, it has room (nearly always:
        // reserve) and it holds the value; set() fills any rows skipped and grows or widens.
        if (row === column.length && row < values.length && column.fits(v)) {
          values[row] = v;
          column.length = row + 1;
        } else {
          column.set(row, v);
        }
        this.seen[f] = true;
      }
    }
    const recordText = this.scratchText;
    for (let t = 0; t < recordText.size; t++) {
      const field = recordText.fields[t];
      if (field === UNSTORED_TEXT) continue;
      const value = recordText.values[t];
      const hash = recordText.hashes[t];
      let column = this.text.get(field);
      if (!column) {
        this.text.set(field, (column = new TextRows()));
        column.reserve(this.reserved);
      }
      column.set(row, value, sliced, Number.isNaN(hash) ? undefined : hash);
    }
    for (let e = 0; e < this.scratchExtra.length; e++) {
      const { name, value } = this.scratchExtra[e];
      let column = this.extras.get(name);
      if (!column) {
        if (this.extras.size >= MAX_EXTRA_FIELDS) {
          this.ignoredExtraFields.add(name);
          continue;
        }
        this.extras.set(name, (column = new ExtraColumn()));
      }
      column.set(row, value);
    }
    this.sourceLine.set(row, line);
    if (this.scratchGaps) {
      if (!this.gapsSeen) for (let r = 0; r < row; r++) this.gapEnds.set(r, 0);
      this.gapsSeen = true;
      for (const g of this.scratchGaps) this.gapValues.set(this.gapCount++, g);
    }
    if (this.gapsSeen) this.gapEnds.set(row, this.gapCount);
  }

  finish(): BuiltTable {
    const warnings: string[] = [];
    if (this.ignoredExtraFields.size > 0) {
      warnings.push(
        `${this.ignoredExtraFields.size} extra field(s) beyond the first ${MAX_EXTRA_FIELDS} were not kept: ${[
          ...this.ignoredExtraFields,
        ]
          .slice(0, 5)
          .map((f) => clip(f, 30))
          .join(', ')}`,
      );
    }
    const rows = this.rows;
    if (rows === 0)
      return {
        table: undefined,
        recordsRead: this.read,
        skipped: this.skipped,
        firstRejection: this.firstRejection,
        issues: this.issues,
        warnings,
      };

    // Logs are often written in completion order; resampling and rates need arrival order. With an
    // arrival_ts on every row the rows are sorted by it (ties keep file order): the permutation is
    // found first, then each column is put in that order in place, one column at a time through one
    // scratch array, so the table is never held twice.
    for (const column of this.text.values()) column.seal();
    const arrivalField = FIELD_INDEX.get('arrival_ts')!;
    const fileArrival = this.seen[arrivalField] ? (this.numbers[arrivalField].finish(rows) as Float64Array) : undefined;
    const missingArrival = fileArrival ? countNaN(fileArrival) : rows;
    const byArrival = fileArrival !== undefined && missingArrival === 0;
    // undefined when the rows are in file order already (sorted, or not sortable).
    const order = byArrival ? arrivalOrder(fileArrival) : undefined;
    const scratch = order ? new Float64Array(rows) : undefined;
    const scratchCodes = scratch ? new Int32Array(scratch.buffer, 0, rows) : undefined;
    if (order) {
      scratch!.set(fileArrival!);
      for (let r = 0; r < rows; r++) fileArrival![r] = scratch![order[r]];
    }

    // Durations and arrival_ts are Float64 (only count columns are narrow): RequestTable's types.
    const numbers: Partial<Record<NumericField, NumberColumn>> = {};
    NUMERIC_FIELDS.forEach((field, f) => {
      if (!this.seen[f]) return;
      numbers[field] = f === arrivalField ? fileArrival! : this.numbers[f].finish(rows, order, scratch);
    });
    const text: Partial<Record<TextField, TextColumn>> = {};
    for (const [field, column] of this.text) text[field] = column.finish(rows, order, scratchCodes);
    const extraNumbers = new Map<string, Float64Array>();
    const extraText = new Map<string, TextColumn>();
    for (const [name, column] of this.extras) {
      const done = column.finish(rows);
      if (done instanceof Float64Array) extraNumbers.set(name, order ? permuteNumbers(done, order) : done);
      else extraText.set(name, order ? permuteText(done, order) : done);
    }
    // Line numbers fit in 31 bits: the Int32 column read as unsigned.
    const lines = this.sourceLine.finish(rows, order, scratchCodes);
    const sourceLine = new Uint32Array(lines.buffer, lines.byteOffset, rows);

    if (fileArrival && missingArrival > 0) {
      warnings.push(
        `arrival_ts is missing on ${missingArrival} of ${rows} requests: kept file order, so time blocks follow the file`,
      );
    } else if (!fileArrival) {
      warnings.push('no arrival_ts: requests kept in file order; time blocks and rates follow the file');
    }
    const fileGaps = this.gapsSeen
      ? gapTable(this.gapEnds.finish(rows), this.gapValues.finish(this.gapCount))
      : undefined;
    const tokenGaps = fileGaps && order ? permuteGaps(fileGaps, order) : fileGaps;
    // Only count columns can be narrow (NumberRows), as NumericColumns has it.
    const table: RequestTable = {
      length: rows,
      numbers: numbers as NumericColumns,
      text,
      extraNumbers,
      extraText,
      sourceLine,
      orderedByArrival: byArrival,
      ...(tokenGaps ? { tokenGaps } : {}),
    };
    return {
      table,
      recordsRead: this.read,
      skipped: this.skipped,
      firstRejection: this.firstRejection,
      issues: this.issues,
      warnings,
    };
  }
}

function extraValue(value: unknown, fromCsv: boolean): number | string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'string') {
    if (value === '') return undefined;
    if (fromCsv) {
      const trimmed = value.trim();
      const n = Number(trimmed);
      if (trimmed !== '' && Number.isFinite(n)) return n;
    }
    return clip(value, MAX_EXTRA_TEXT);
  }
  if (typeof value === 'boolean') return String(value);
  return clip(JSON.stringify(value), MAX_EXTRA_TEXT);
}

function countNaN(values: Float64Array): number {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (Number.isNaN(values[i])) n++;
  return n;
}

function gapTable(ends: Float64Array, values: Float64Array): NonNullable<RequestTable['tokenGaps']> {
  const offsets = new Uint32Array(ends.length + 1);
  for (let i = 0; i < ends.length; i++) offsets[i + 1] = ends[i];
  return { offsets, values };
}

function permuteGaps(
  gaps: NonNullable<RequestTable['tokenGaps']>,
  order: Uint32Array,
): NonNullable<RequestTable['tokenGaps']> {
  const offsets = new Uint32Array(order.length + 1);
  const values = new Float64Array(gaps.values.length);
  let at = 0;
  for (let i = 0; i < order.length; i++) {
    const from = gaps.offsets[order[i]];
    const to = gaps.offsets[order[i] + 1];
    values.set(gaps.values.subarray(from, to), at);
    at += to - from;
    offsets[i + 1] = at;
  }
  return { offsets, values };
}
