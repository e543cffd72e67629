// CSV summaries from `nsys stats --format csv`, one report or several in one output. Each table is
// recognised by its header (the report names nsys prints before it are optional):
//   cuda_gpu_kern_sum      "Time (%)","Total Time (ns)","Instances","Avg (ns)",…,"Name"
//   cuda_gpu_mem_time_sum  "Time (%)","Total Time (ns)","Count",…,"Operation"
//   osrt_sum, cuda_api_sum "Time (%)","Total Time (ns)","Num Calls",…,"Name" (told apart by the
//                          report title when present, else by whether the names are CUDA calls)
//   nvtx_sum               "Time (%)","Total Time (ns)","Instances",…,"Style","Range"
//   nvtx_pushpop_sum       the same without "Style"
// Column names follow the report scripts of recent Nsight Systems (2023–2024: "Total Time:dur_ns"
// printed as "Total Time (ns)"); older versions wrote "Time(%)" and "Average"/"Minimum"/"Maximum",
// and --timeunit changes the unit in the header, which is honoured.

import { InputError } from '../errors';
import type { TextSource } from '../source';
import { msPerUnit, numberCell, splitUnit } from './cells';
import { readCsvTables, type CsvTable } from './csv-table';

const FORMAT = 'nsys stats CSV';

export type NsysReportKind = 'kernels' | 'memops' | 'osrt' | 'cuda-api' | 'nvtx';

export interface NsysEntry {
  name: string;
  totalMs: number;
  /** Instances, Count or Num Calls. */
  count: number;
  /** nvtx_sum's Style (PushPop, StartEnd). */
  style?: string;
}

export interface NsysReport {
  kind: NsysReportKind;
  /** The report title nsys printed before the table, if any. */
  title?: string;
  headerLine: number;
  entries: NsysEntry[];
}

export interface NsysStats {
  file: string;
  reports: NsysReport[];
}

interface Layout {
  kind: NsysReportKind | 'calls';
  total: number;
  count: number;
  name: number;
  style: number;
  msPerUnit: number;
}

function layoutOf(header: readonly string[]): Layout | undefined {
  const bases = header.map((h) => splitUnit(h).base);
  const total = bases.indexOf('Total Time');
  if (total < 0) return undefined;
  const unit = splitUnit(header[total]).unit;
  const scale = unit === '' ? msPerUnit('ns')! : msPerUnit(unit);
  if (scale === undefined) return undefined;
  const at = (name: string) => bases.indexOf(name);
  const base = { total, style: at('Style'), msPerUnit: scale };
  if (at('Range') >= 0 && at('Instances') >= 0)
    return { ...base, kind: 'nvtx', count: at('Instances'), name: at('Range') };
  if (at('Operation') >= 0 && at('Count') >= 0)
    return { ...base, kind: 'memops', count: at('Count'), name: at('Operation') };
  if (at('Name') >= 0 && at('Instances') >= 0)
    return { ...base, kind: 'kernels', count: at('Instances'), name: at('Name') };
  if (at('Name') >= 0 && at('Num Calls') >= 0)
    return { ...base, kind: 'calls', count: at('Num Calls'), name: at('Name') };
  return undefined;
}

export async function readNsysStats(source: TextSource): Promise<NsysStats> {
  const tables = await readCsvTables(source, FORMAT, (cells) => layoutOf(cells) !== undefined);
  if (tables.length === 0) {
    throw new InputError(
      source.name,
      `${FORMAT}: no report table found (expected a header with "Total Time (ns)" and "Name", "Range" or "Operation", as cuda_gpu_kern_sum, cuda_api_sum, osrt_sum, nvtx_sum or cuda_gpu_mem_time_sum write)`,
    );
  }
  return { file: source.name, reports: tables.map((t) => report(t, source.name)) };
}

function report(table: CsvTable, file: string): NsysReport {
  const layout = layoutOf(table.header)!;
  const entries = table.rows.map(({ cells, line }) => {
    const cell = (i: number) => (i >= 0 && i < cells.length ? cells[i] : '');
    const total = numberCell(cell(layout.total));
    if (total === null || Number.isNaN(total) || total < 0) {
      throw new InputError(
        file,
        `${FORMAT}: not a duration: ${JSON.stringify(cell(layout.total)).slice(0, 40)}`,
        line,
        table.header[layout.total],
      );
    }
    const count = numberCell(cell(layout.count));
    if (count !== null && (Number.isNaN(count) || count < 0)) {
      throw new InputError(
        file,
        `${FORMAT}: not a count: ${JSON.stringify(cell(layout.count)).slice(0, 40)}`,
        line,
        table.header[layout.count],
      );
    }
    const entry: NsysEntry = { name: cell(layout.name), totalMs: total * layout.msPerUnit, count: count ?? 0 };
    if (layout.style >= 0 && cell(layout.style) !== '') entry.style = cell(layout.style);
    return entry;
  });
  const title = table.titles.length > 0 ? table.titles[table.titles.length - 1] : undefined;
  // `nsys stats --output X` names each file after its report (X_cuda_api_sum.csv): a title too.
  const kind = layout.kind === 'calls' ? callsKind(title ?? file, entries) : layout.kind;
  return { kind, title, headerLine: table.headerLine, entries };
}

/** cuda_api_sum and osrt_sum share a header: the title (or file name) says which, else the names do. */
function callsKind(title: string | undefined, entries: readonly NsysEntry[]): 'osrt' | 'cuda-api' {
  if (title && /cuda_api_sum|CUDA API/i.test(title)) return 'cuda-api';
  if (title && /osrt_sum|OS Runtime/i.test(title)) return 'osrt';
  const cuda = entries.filter((e) => /^cu[A-Z]|^cuda[A-Z]/.test(e.name)).length;
  return cuda * 2 > entries.length ? 'cuda-api' : 'osrt';
}
