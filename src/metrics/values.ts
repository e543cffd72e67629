// Per-request values of a metric, read from the typed columns in arrival order. Failed requests
// (non-empty `error`) are left out of every latency metric; they still count in the elapsed time
// of throughput.

import type { RequestTable } from '../model/run';
import type { MetricId, PhaseId } from './catalog';
import type { MetricSpec } from './metric-spec';
import type { Statistic } from '../stats/block-bootstrap';
import type { Basis } from './basis';
import { err, ok, type Result } from '../model/result';

export interface SeriesValues {
  values: Float64Array;
  denominators?: Float64Array;
  /** How the values were derived, when there is a choice (ITL); both sides must agree. */
  basis?: Basis;
  /** The statistic to compute on `values`, when it is not the spec's own (ITL from summaries). */
  statistic?: Statistic;
}

/** The series, or why the data cannot give one ("the data has no first_token_ms"). */
export type Series = Result<SeriesValues>;

const NONE = -1;

const masks = new WeakMap<RequestTable, Uint8Array>();

/**
 * True where the request succeeded. Made once per table (tables are not written to once read; a
 * dozen callers ask, and each new mask of a million rows was garbage); callers only read it.
 */
export function successMask(table: RequestTable): Uint8Array {
  const known = masks.get(table);
  if (known && known.length === table.length) return known;
  const mask = new Uint8Array(table.length).fill(1);
  const error = table.text.error;
  if (error) for (let i = 0; i < table.length; i++) if (error.codes[i] !== NONE) mask[i] = 0;
  masks.set(table, mask);
  return mask;
}

/**
 * The metric's value per successful request, aligned with the table's rows (NaN where the request
 * failed or lacks the fields). Null when the table has no column to compute it from.
 */
export function requestColumn(table: RequestTable, metric: MetricId, statQ = 0.5): Float64Array | null {
  const n = table.numbers;
  switch (metric) {
    case 'ttft':
      return masked(table, n.first_token_ms);
    case 'e2e':
      return masked(table, n.total_ms);
    case 'ttft_client':
      return masked(table, clientTtft(table));
    case 'itl':
      // Per-request telemetry carries a request's own p50 and p99 gap only; other percentiles need every gap.
      return statQ === 0.99 ? masked(table, n.itl_p99_ms) : statQ === 0.5 ? masked(table, n.itl_p50_ms) : null;
    case 'tpot':
      return masked(table, tpot(table));
    case 'throughput':
    case 'request_throughput':
    case 'failed':
      return null;
    default:
      return masked(table, phaseColumn(table, metric));
  }
}

/**
 * A phase's per-request column (not masked). `network` is everything between the server's first
 * token and the client's — client TTFT − server TTFT, the wire and any proxy — when both are recorded
 * (a buffering proxy shows only there, not in network_ms); network_ms alone otherwise.
 */
export function phaseColumn(table: RequestTable, phase: PhaseId): Float64Array | undefined {
  const n = table.numbers;
  switch (phase) {
    case 'tokenize':
      return n.tokenize_ms;
    case 'queue_wait':
      return n.queue_wait_ms;
    case 'prefill':
      return n.prefill_ms;
    case 'decode':
      return n.decode_ms;
    case 'detokenize':
      return n.detokenize_ms;
    case 'network': {
      if (!n.client_first_token_ms || !n.first_token_ms) return n.network_ms;
      const out = new Float64Array(table.length);
      for (let i = 0; i < out.length; i++) out[i] = n.client_first_token_ms[i] - n.first_token_ms[i];
      return out;
    }
  }
}

function clientTtft(table: RequestTable): Float64Array | undefined {
  const n = table.numbers;
  if (!n.first_token_ms || (!n.client_first_token_ms && !n.network_ms)) return undefined;
  // Every request has the client's own time: that column is the metric, as it is.
  if (n.client_first_token_ms && !hasNaN(n.client_first_token_ms)) return n.client_first_token_ms;
  const out = new Float64Array(table.length);
  for (let i = 0; i < out.length; i++) {
    const client = n.client_first_token_ms?.[i];
    out[i] = client !== undefined && !Number.isNaN(client) ? client : n.first_token_ms[i] + (n.network_ms?.[i] ?? NaN);
  }
  return out;
}

function hasNaN(values: Float64Array): boolean {
  for (let i = 0; i < values.length; i++) if (Number.isNaN(values[i])) return true;
  return false;
}

/** Time per output token after the first for row i: decode_ms / (output_tokens − 1), NaN under 2 tokens. */
export function tpotAt(decode: ArrayLike<number>, tokens: ArrayLike<number>, i: number): number {
  return tokens[i] >= 2 ? decode[i] / (tokens[i] - 1) : NaN;
}

function tpot(table: RequestTable): Float64Array | undefined {
  const decode = table.numbers.decode_ms;
  const tokens = table.numbers.output_tokens;
  if (!decode || !tokens) return undefined;
  const out = new Float64Array(table.length);
  for (let i = 0; i < out.length; i++) out[i] = tpotAt(decode, tokens, i);
  return out;
}

function masked(table: RequestTable, column: Float64Array | undefined): Float64Array | null {
  if (!column) return null;
  const error = table.text.error;
  if (!error) return column;
  const out = Float64Array.from(column);
  for (let i = 0; i < out.length; i++) if (error.codes[i] !== NONE) out[i] = NaN;
  return out;
}

/** The finite values of a column, in row (arrival) order: the series that gets resampled. */
export function finiteSeries(column: Float64Array): Float64Array {
  let count = 0;
  for (let i = 0; i < column.length; i++) if (Number.isFinite(column[i])) count++;
  if (count === column.length) return column;
  const out = new Float64Array(count);
  let j = 0;
  for (let i = 0; i < column.length; i++) if (Number.isFinite(column[i])) out[j++] = column[i];
  return out;
}

const FIELD_FOR: Partial<Record<MetricSpec['metric']['id'], string>> = {
  ttft: 'first_token_ms',
  e2e: 'total_ms',
  ttft_client: 'client_first_token_ms or network_ms',
  network: 'client_first_token_ms (with first_token_ms) or network_ms',
  tpot: 'decode_ms and output_tokens',
  throughput: 'arrival_ts, total_ms and output_tokens',
  failed: 'error, or the failed and requested counts',
  request_throughput: 'arrival_ts and total_ms',
};

/** The fields a metric's per-request values come from, for "the data has no …". */
export function fieldsFor(id: MetricSpec['metric']['id']): string {
  return FIELD_FOR[id] ?? `${id}_ms`;
}

/**
 * The series a comparison resamples for `spec`, or why the data cannot give one. `steady`: where the
 * run's steady state begins; per-request values before it (warm-up) are left out.
 */
export function metricSeries(table: RequestTable, spec: MetricSpec, steady?: SteadyStart): Series {
  if (spec.metric.custom) return err(`${spec.metric.id} is reported as a run-level number only`);
  const id = spec.metric.id;
  if (id === 'failed') return err('the failed share is counted, not resampled');
  if (spec.metric.level === 'run') return rateSeries(table, id === 'throughput', steady);
  const q = spec.stat.kind === 'percentile' ? spec.stat.q : 0.5;
  if (id === 'itl') return itlSeries(table, spec, steady?.row ?? 0);
  if (id === 'tpot') return tpotSeries(table, steady?.row ?? 0);
  const column = requestColumn(table, id, q);
  if (!column) return err(`the data has no ${fieldsFor(id)}`);
  const values = finiteSeries(steady?.row ? column.subarray(steady.row) : column);
  if (values.length === 0) return err(`no successful request has a value for ${spec.metric.id}`);
  return ok({ values });
}

/**
 * ITL. With every token gap (pooled gaps), any statistic over all gaps, as vLLM reports it. With
 * §4 per-request summaries: p50 and p99 are the median over requests of each request's own
 * itl_p50_ms / itl_p99_ms (the typical request's gap percentile; the pooled value when requests
 * share one gap distribution), and the mean is Σ decode_ms / Σ (output_tokens − 1), which is exactly
 * the mean of all gaps. Other percentiles need pooled gaps.
 */
function itlSeries(table: RequestTable, spec: MetricSpec, from: number): Series {
  if (table.tokenGaps) {
    const gaps = table.tokenGaps;
    const values = from > 0 && from < gaps.offsets.length ? gaps.values.subarray(gaps.offsets[from]) : gaps.values;
    return ok({ values: finiteSeries(values), basis: { kind: 'pooled-gaps' } });
  }
  if (spec.stat.kind === 'mean') {
    const decode = requestColumn(table, 'decode');
    const tokens = table.numbers.output_tokens;
    if (!decode || !tokens) return err('the data has no decode_ms and output_tokens for the mean ITL');
    const values = new Float64Array(table.length - from);
    const denominators = new Float64Array(table.length - from);
    for (let i = from; i < table.length; i++) {
      const usable = Number.isFinite(decode[i]) && tokens[i] >= 2;
      values[i - from] = usable ? decode[i] : 0;
      denominators[i - from] = usable ? tokens[i] - 1 : 0;
    }
    return ok({ values, denominators, basis: { kind: 'gap-ratio' }, statistic: { kind: 'ratio' } });
  }
  const q = spec.stat.q;
  if (q !== 0.5 && q !== 0.99) {
    return err(
      `per-request telemetry carries itl_p50_ms and itl_p99_ms only; ITL ${spec.stat.label} needs every token gap`,
    );
  }
  const field = q === 0.5 ? 'itl_p50_ms' : 'itl_p99_ms';
  const column = requestColumn(table, 'itl', q);
  if (!column) return err(`the data has no ${field}`);
  const values = finiteSeries(from > 0 ? column.subarray(from) : column);
  if (values.length === 0) return err(`no successful request has ${field}`);
  return ok({ values, basis: { kind: 'request-median', field }, statistic: { kind: 'quantile', q: 0.5 } });
}

/**
 * The tpot series from row `from` on: finiteSeries of requestColumn's tpot, computed without that
 * column (a million rows of it were garbage as soon as the finite values were copied out).
 */
function tpotSeries(table: RequestTable, from: number): Series {
  const decode = table.numbers.decode_ms;
  const tokens = table.numbers.output_tokens;
  if (!decode || !tokens) return err(`the data has no ${fieldsFor('tpot')}`);
  const success = successMask(table);
  const at = (i: number) => (success[i] ? tpotAt(decode, tokens, i) : NaN);
  let count = 0;
  for (let i = from; i < table.length; i++) if (Number.isFinite(at(i))) count++;
  if (count === 0) return err('no successful request has a value for tpot');
  const values = new Float64Array(count);
  for (let i = from, j = 0; i < table.length; i++) {
    const v = at(i);
    if (Number.isFinite(v)) values[j++] = v;
  }
  return ok({ values });
}

/** Where a run's steady state begins (src/compare/load.ts): rows before it are warm-up. */
export interface SteadyStart {
  /** First row (arrival order) of the steady state. */
  row: number;
  /** Its arrival time (Unix seconds). */
  ts: number;
}

/** Windows a steady state is cut into for rates: about one per 10 requests, 20 to 400. */
const WINDOWS_PER_REQUEST = 0.1;
const MIN_WINDOWS = 20;
const MAX_WINDOWS = 400;

/**
 * A run-level rate resampled over fixed time windows of the steady state: from the end of the
 * warm-up to the last arrival (after it the run only drains, at a falling load). Output tokens are
 * spread evenly over each successful request's decode time (first token to completion; its whole
 * span when the first token is not recorded) and counted in the windows it overlaps; requests count
 * in the window they complete in. Values are per window, denominators the window's length, so the
 * ratio statistic is tokens (or requests) per second, and blocks of consecutive windows resample it.
 */
export function rateSeries(table: RequestTable, tokens: boolean, steady?: SteadyStart): Series {
  const arrival = table.numbers.arrival_ts;
  const total = table.numbers.total_ms;
  const output = table.numbers.output_tokens;
  if (!arrival || !total || (tokens && !output) || !table.orderedByArrival) {
    return err(`the data has no ${FIELD_FOR[tokens ? 'throughput' : 'request_throughput']} on every request`);
  }
  const n = table.length;
  const start = steady && steady.row < n ? steady.ts : arrival[0];
  const lastArrival = arrival[n - 1];
  let lastCompletion = -Infinity;
  for (let i = 0; i < n; i++)
    if (Number.isFinite(total[i])) lastCompletion = Math.max(lastCompletion, arrival[i] + total[i] / 1000);
  // A run whose requests all arrive at once (a closed batch) has no arrival window: its span is the whole run.
  const end = lastArrival - start > 0 ? lastArrival : lastCompletion;
  const span = end - start;
  if (!(span > 0))
    return err('the run has no time span to measure a rate over (every request arrived and finished at once)');
  const windows = Math.round(Math.min(MAX_WINDOWS, Math.max(MIN_WINDOWS, n * WINDOWS_PER_REQUEST)));
  const width = span / windows;
  const values = new Float64Array(windows);
  const denominators = new Float64Array(windows).fill(width);
  const succeeded = successMask(table);
  const weight = table.rowWeight ?? 1;
  const firstToken = table.numbers.first_token_ms;
  for (let i = 0; i < n; i++) {
    if (!succeeded[i] || !Number.isFinite(total[i])) continue;
    const done = arrival[i] + total[i] / 1000;
    if (!tokens) {
      if (done >= start && done <= end) values[Math.min(windows - 1, Math.floor((done - start) / width))] += weight;
      continue;
    }
    const count = output![i];
    if (!(count > 0)) continue;
    const ft = firstToken?.[i];
    const from = arrival[i] + (ft !== undefined && Number.isFinite(ft) ? ft / 1000 : 0);
    spread(values, start, width, from, done, count * weight);
  }
  return ok({ values, denominators });
}

/** Adds `amount`, spread evenly over [from, to], to the windows of `values` it overlaps (none outside them). */
function spread(values: Float64Array, start: number, width: number, from: number, to: number, amount: number): void {
  const windows = values.length;
  const end = start + width * windows;
  if (to <= from) {
    if (from >= start && from <= end) values[Math.min(windows - 1, Math.floor((from - start) / width))] += amount;
    return;
  }
  const lo = Math.max(from, start);
  const hi = Math.min(to, end);
  if (hi <= lo) return;
  const density = amount / (to - from);
  let w = Math.min(windows - 1, Math.floor((lo - start) / width));
  let t = lo;
  while (t < hi && w < windows) {
    const windowEnd = Math.min(hi, start + (w + 1) * width);
    values[w] += density * (windowEnd - t);
    t = windowEnd;
    w++;
  }
}
