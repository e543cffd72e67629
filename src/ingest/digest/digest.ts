// A baseline as the repository keeps it: a compact digest of an accepted result that carries what
// the comparison needs — the per-request columns (every request up to a cap, an evenly spaced sample
// in arrival order beyond it, so time blocks survive), numbers at 6 significant digits, plus the
// run's metadata, the tools' summaries, server histograms and the declared workload. Comparing a
// head with the digest gives the comparison with the raw baseline (exactly, up to the rounding,
// when the run fits the cap; with wider intervals when it was sampled, and the report says so).

import { NUMERIC_FIELDS, TEXT_FIELDS, type NumericField, type TextField } from '../../model/fields';
import type { TextColumn } from '../../model/columns';
import { textAt, TextColumnBuilder } from '../../model/columns';
import type {
  Histogram,
  RequestTable,
  Run,
  RunMeta,
  ServerStats,
  Side,
  SummaryValue,
  WorkloadInfo,
} from '../../model/run';

export const BASELINE_SCHEMA = 'perf-triage/baseline@1';

/** Requests kept per run; a larger run keeps an evenly spaced sample of this many. */
export const DIGEST_MAX_ROWS = 5000;
const DIGITS = 6;
/** Text kept per request: what the comparison and the diagnosis read (not request ids). */
const KEPT_TEXT: readonly TextField[] = ['error', 'model_version', 'tenant'];

export interface DigestRun {
  meta: RunMeta;
  /** Requests in the original run, and how many rows the digest keeps. */
  requests?: {
    total: number;
    kept: number;
    orderedByArrival: boolean;
    columns: Partial<Record<NumericField, (number | null)[]>>;
    text: Partial<Record<TextField, (string | null)[]>>;
  };
  summaries: SummaryValue[];
  histograms?: Histogram[];
  server?: ServerStats;
  workload?: WorkloadInfo;
  sources: { file: string; format: string }[];
}

export interface BaselineDigest {
  schema: typeof BASELINE_SCHEMA;
  benchmark: string;
  createdAt: string;
  commit?: string;
  /** The journal entry that moved the baseline here. */
  entryId?: string;
  runs: DigestRun[];
}

export function digestSide(
  side: Side,
  benchmark: string,
  createdAt: string,
  extra: { commit?: string; entryId?: string } = {},
): BaselineDigest {
  return { schema: BASELINE_SCHEMA, benchmark, createdAt, ...extra, runs: side.runs.map(digestRun) };
}

function round(v: number): number | null {
  return Number.isFinite(v) ? Number(v.toPrecision(DIGITS)) : null;
}

function digestRun(run: Run): DigestRun {
  const out: DigestRun = {
    meta: run.meta,
    summaries: run.summaries,
    sources: run.sources.map((s) => ({ file: s.file, format: s.format })),
    ...(run.histograms?.length ? { histograms: run.histograms } : {}),
    ...(run.server ? { server: run.server } : {}),
    ...(run.workload ? { workload: run.workload } : {}),
  };
  const t = run.requests;
  if (!t) return out;
  const rows = sampleRows(t.length, DIGEST_MAX_ROWS);
  const columns: Partial<Record<NumericField, (number | null)[]>> = {};
  for (const field of NUMERIC_FIELDS) {
    const values = t.numbers[field];
    if (values)
      columns[field] = Array.from(rows, (i) => (field === 'arrival_ts' ? arrivalRound(values[i]) : round(values[i])));
  }
  const text: Partial<Record<TextField, (string | null)[]>> = {};
  for (const field of KEPT_TEXT) {
    const column = t.text[field];
    if (column) text[field] = Array.from(rows, (i) => textAt(column, i) ?? null);
  }
  // A table that is itself a sample (a digest, merged shards) stands for rowWeight requests a row.
  out.requests = {
    total: Math.round(t.length * (t.rowWeight ?? 1)),
    kept: rows.length,
    orderedByArrival: t.orderedByArrival,
    columns,
    text,
  };
  return out;
}

/** Arrival times keep microseconds: relative order and gaps matter, not significant digits. */
function arrivalRound(v: number): number | null {
  return Number.isFinite(v) ? Math.round(v * 1e6) / 1e6 : null;
}

/** All rows, or `max` evenly spaced ones (always the first and the last). */
function sampleRows(n: number, max: number): Uint32Array {
  if (n <= max) return Uint32Array.from({ length: n }, (_, i) => i);
  return Uint32Array.from({ length: max }, (_, k) => Math.round((k * (n - 1)) / (max - 1)));
}

/** A side rebuilt from a digest, to compare a head with. */
export function sideFromDigest(digest: BaselineDigest, file: string): Side {
  return { label: 'base', runs: digest.runs.map((r, i) => runFromDigest(r, `${file}#run${i + 1}`)) };
}

function runFromDigest(d: DigestRun, name: string): Run {
  const warnings: string[] = [];
  let requests: RequestTable | undefined;
  if (d.requests) {
    const r = d.requests;
    const numbers: Partial<Record<NumericField, Float64Array>> = {};
    for (const [field, values] of Object.entries(r.columns) as [NumericField, (number | null)[]][]) {
      numbers[field] = Float64Array.from(values, (v) => (v === null ? NaN : v));
    }
    const text: Partial<Record<TextField, TextColumn>> = {};
    for (const [field, values] of Object.entries(r.text) as [TextField, (string | null)[]][]) {
      if (!(TEXT_FIELDS as readonly string[]).includes(field)) continue;
      text[field] = encode(values);
    }
    requests = {
      length: r.kept,
      numbers,
      text,
      extraNumbers: new Map(),
      extraText: new Map(),
      sourceLine: Uint32Array.from({ length: r.kept }, (_, i) => i + 1),
      orderedByArrival: r.orderedByArrival,
      ...(r.kept < r.total ? { rowWeight: r.total / r.kept } : {}),
    };
    if (r.kept < r.total)
      warnings.push(
        `baseline digest: an evenly spaced sample of ${r.kept} of the run's ${r.total} requests (intervals are wider than from the full run)`,
      );
  }
  return {
    meta: d.meta,
    ...(requests ? { requests } : {}),
    summaries: d.summaries,
    ...(d.histograms ? { histograms: d.histograms } : {}),
    ...(d.server ? { server: d.server } : {}),
    ...(d.workload ? { workload: d.workload } : {}),
    sources: [
      {
        file: name,
        format: `perf-triage-baseline (${d.sources.map((s) => s.format).join(', ')})`,
        recordsRead: requests?.length ?? 0,
        recordsKept: requests?.length ?? 0,
        skipped: 0,
        issues: [],
        warnings,
      },
    ],
    role: requests ? 'requests' : 'summary',
  };
}

function encode(values: (string | null)[]): TextColumn {
  const column = new TextColumnBuilder(values.length);
  values.forEach((v, row) => v !== null && column.set(row, v));
  return column.finish(values.length);
}
