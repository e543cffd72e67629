// Per-request values of a metric, read from the typed columns in arrival order. Failed requests
// (non-empty `error`) are left out of every latency metric; they still count in the elapsed time
// of throughput.

import type { RequestTable } from '../model/run';
import type { MetricId, PhaseId } from './catalog';
import type { MetricSpec } from './metric-spec';
import type { Statistic } from '../stats/block-bootstrap';

export type Series =
  | {
      ok: true;
      values: Float64Array;
      denominators?: Float64Array;
      /** How the values were derived, when there is a choice (ITL); both sides must agree. */
      basis?: string;
      /** The statistic to compute on `values`, when it is not the spec's own (ITL from summaries). */
      statistic?: Statistic;
    }
  | { ok: false; reason: string };

const NONE = -1;

/** True where the request succeeded. */
export function successMask(table: RequestTable): Uint8Array {
  const mask = new Uint8Array(table.length).fill(1);
  const error = table.text.error;
  if (error) for (let i = 0; i < table.length; i++) if (error.codes[i] !== NONE) mask[i] = 0;
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
  const out = new Float64Array(table.length);
  for (let i = 0; i < out.length; i++) {
    const client = n.client_first_token_ms?.[i];
    out[i] = client !== undefined && !Number.isNaN(client) ? client : n.first_token_ms[i] + (n.network_ms?.[i] ?? NaN);
  }
  return out;
}

function tpot(table: RequestTable): Float64Array | undefined {
  const decode = table.numbers.decode_ms;
  const tokens = table.numbers.output_tokens;
  if (!decode || !tokens) return undefined;
  const out = new Float64Array(table.length);
  for (let i = 0; i < out.length; i++) out[i] = tokens[i] >= 2 ? decode[i] / (tokens[i] - 1) : NaN;
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
  request_throughput: 'arrival_ts and total_ms',
};

/** The fields a metric's per-request values come from, for "the data has no …". */
export function fieldsFor(id: MetricSpec['metric']['id']): string {
  return FIELD_FOR[id] ?? `${id}_ms`;
}

/** The series a comparison resamples for `spec`, or why the data cannot give one. */
export function metricSeries(table: RequestTable, spec: MetricSpec): Series {
  if (spec.metric.custom) return { ok: false, reason: `${spec.metric.id} is reported as a run-level number only` };
  const id = spec.metric.id;
  if (spec.metric.level === 'run') return rateSeries(table, id === 'throughput');
  const q = spec.stat.kind === 'percentile' ? spec.stat.q : 0.5;
  if (id === 'itl') return itlSeries(table, spec);
  const column = requestColumn(table, id, q);
  if (!column) return { ok: false, reason: `the data has no ${fieldsFor(id)}` };
  const values = finiteSeries(column);
  if (values.length === 0) return { ok: false, reason: `no successful request has a value for ${spec.metric.id}` };
  return { ok: true, values };
}

/**
 * ITL. With every token gap (pooled gaps), any statistic over all gaps, as vLLM reports it. With
 * §4 per-request summaries: p50 and p99 are the median over requests of each request's own
 * itl_p50_ms / itl_p99_ms (the typical request's gap percentile; the pooled value when requests
 * share one gap distribution), and the mean is Σ decode_ms / Σ (output_tokens − 1), which is exactly
 * the mean of all gaps. Other percentiles need pooled gaps.
 */
function itlSeries(table: RequestTable, spec: MetricSpec): Series {
  if (table.tokenGaps) return { ok: true, values: finiteSeries(table.tokenGaps.values), basis: 'pooled token gaps' };
  if (spec.stat.kind === 'mean') {
    const decode = requestColumn(table, 'decode');
    const tokens = table.numbers.output_tokens;
    if (!decode || !tokens) return { ok: false, reason: 'the data has no decode_ms and output_tokens for the mean ITL' };
    const values = new Float64Array(table.length);
    const denominators = new Float64Array(table.length);
    for (let i = 0; i < table.length; i++) {
      const ok = Number.isFinite(decode[i]) && tokens[i] >= 2;
      values[i] = ok ? decode[i] : 0;
      denominators[i] = ok ? tokens[i] - 1 : 0;
    }
    return { ok: true, values, denominators, basis: 'Σ decode_ms / Σ (output_tokens − 1)', statistic: { kind: 'ratio' } };
  }
  const q = spec.stat.q;
  if (q !== 0.5 && q !== 0.99) {
    return { ok: false, reason: `per-request telemetry carries itl_p50_ms and itl_p99_ms only; ITL ${spec.stat.label} needs every token gap` };
  }
  const field = q === 0.5 ? 'itl_p50_ms' : 'itl_p99_ms';
  const column = requestColumn(table, 'itl', q);
  if (!column) return { ok: false, reason: `the data has no ${field}` };
  const values = finiteSeries(column);
  if (values.length === 0) return { ok: false, reason: `no successful request has ${field}` };
  return { ok: true, values, basis: `median over requests of ${field}`, statistic: { kind: 'quantile', q: 0.5 } };
}

/**
 * A run-level rate as a ratio of per-request sums: numerators are the request's output tokens (or 1),
 * denominators the time until the next arrival (the last request: until the last completion), so
 * Σ numerators / Σ denominators is the rate over the run and blocks of requests resample it.
 */
function rateSeries(table: RequestTable, tokens: boolean): Series {
  const arrival = table.numbers.arrival_ts;
  const total = table.numbers.total_ms;
  const output = table.numbers.output_tokens;
  if (!arrival || !total || (tokens && !output) || !table.orderedByArrival) {
    return { ok: false, reason: `the data has no ${FIELD_FOR[tokens ? 'throughput' : 'request_throughput']} on every request` };
  }
  const ok = successMask(table);
  const n = table.length;
  const weight = table.rowWeight ?? 1;
  const values = new Float64Array(n);
  const denominators = new Float64Array(n);
  let lastCompletion = -Infinity;
  for (let i = 0; i < n; i++) {
    const done = arrival[i] + (Number.isFinite(total[i]) ? total[i] / 1000 : 0);
    if (done > lastCompletion) lastCompletion = done;
    values[i] = ok[i] && Number.isFinite(total[i]) ? weight * (tokens ? output![i] || 0 : 1) : 0;
    denominators[i] = i + 1 < n ? arrival[i + 1] - arrival[i] : 0;
  }
  denominators[n - 1] = Math.max(0, lastCompletion - arrival[n - 1]);
  return { ok: true, values, denominators };
}
