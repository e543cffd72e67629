// Profiler CSVs are rarely a bare table: nsys prints "Processing [...]" and " ** CUDA GPU Kernel
// Summary (cuda_gpu_kern_sum):" before each report and can put several reports in one output; ncu
// prints "==PROF==" lines before its header. This reads every table in a file: a row the caller
// recognises as a header starts one; lines without a delimiter (titles, log lines) are kept as the
// title of the next table instead of data, and rows of empty cells are skipped. CSV syntax errors
// before the first header are log noise and ignored; inside a table they are an InputError with the
// line.

import { InputError } from '../errors';
import type { TextSource } from '../source';
import { CsvParser, sniffDelimiter } from '../text/csv';

export interface CsvRow {
  cells: string[];
  line: number;
}

export interface CsvTable {
  header: string[];
  headerLine: number;
  /** One-cell lines seen since the previous table (nsys report titles such as "** OS Runtime Summary (osrt_sum):"). */
  titles: string[];
  rows: CsvRow[];
}

/** Larger CSV exports are refused: a profile summary is kilobytes, a detailed ncu export megabytes. */
export const MAX_CSV_CHARS = 256 * 1024 * 1024;

export async function readCsvTables(
  source: TextSource,
  format: string,
  isHeader: (cells: string[]) => boolean,
): Promise<CsvTable[]> {
  const parser = new CsvParser({ delimiter: guessDelimiter(source.head) });
  const tables: CsvTable[] = [];
  let titles: string[] = [];
  let current: CsvTable | undefined;
  let size = 0;
  const onRow = (raw: string[], line: number) => {
    const cells = raw.map((c) => c.trim());
    if (isHeader(cells)) {
      current = { header: cells, headerLine: line, titles, rows: [] };
      tables.push(current);
      titles = [];
      return;
    }
    if (cells.every((c) => c === '')) return;
    // A line without a delimiter is a title or log line, unless the table itself has one column.
    if (cells.length === 1 && (current === undefined || current.header.length > 1)) {
      titles.push(cells[0]);
      return;
    }
    current?.rows.push({ cells, line });
  };
  const onError = (message: string, line: number) => {
    if (current) throw new InputError(source.name, `${format}: ${message}`, line);
  };
  for await (const chunk of source.chunks()) {
    size += chunk.length;
    if (size > MAX_CSV_CHARS)
      throw new InputError(
        source.name,
        `${format}: the file is larger than ${MAX_CSV_CHARS / 1024 / 1024} MB; refused`,
      );
    parser.push(chunk, onRow, onError);
  }
  parser.end(onRow, onError);
  return tables;
}

/** The delimiter of the first line that looks like a table row (preamble lines have none). */
function guessDelimiter(head: string): ',' | '\t' | ';' {
  for (const line of head.split('\n').slice(0, 50)) {
    const d = sniffDelimiter(line);
    if (line.split(d).length >= 3) return d;
  }
  return ',';
}

/** Index of the first header cell accepted by `match`, or -1. */
export function column(header: readonly string[], match: (name: string) => boolean): number {
  return header.findIndex(match);
}
