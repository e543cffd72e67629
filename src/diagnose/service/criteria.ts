// Which SLO targets can judge a single request, and each request's own value for them. A percentile
// target on a per-request metric ("ttft p95 < 800 ms") becomes a threshold every good request must
// meet (its TTFT < 800 ms); run-level targets (throughput) describe the run, not a request.

import type { Slo } from '../../config/slo';
import { fieldsFor, requestColumn, successMask } from '../../metrics/values';
import { err, ok, type Result } from '../../model/result';
import type { RequestTable } from '../../model/run';
import { meanFinite, quantile } from '../../stats/quantile';

/** An SLO turned into a per-request check. */
export interface Criterion {
  slo: Slo;
  /** Where each request's value comes from, for the report: "the request's own itl_p99_ms". */
  basis: string;
}

export interface ExcludedSlo {
  slo: string;
  reason: string;
}

/** The SLOs that judge single requests on every table given, and why the others cannot. */
export function goodputCriteria(
  slos: readonly Slo[],
  tables: readonly { side: string; table: RequestTable }[],
): { criteria: Criterion[]; excluded: ExcludedSlo[] } {
  const criteria: Criterion[] = [];
  const excluded: ExcludedSlo[] = [];
  for (const slo of slos) {
    if (slo.spec.metric.level === 'run' || slo.spec.metric.custom) {
      excluded.push({
        slo: slo.text,
        reason: `${slo.spec.metric.id} is one rate over the whole run, not a per-request target`,
      });
      continue;
    }
    const bases = new Set<string>();
    let missing: string | undefined;
    for (const { side, table } of tables) {
      const column = requestValues(table, slo);
      if (!column.ok) {
        missing = `the ${side} ${column.error}`;
        break;
      }
      bases.add(column.value.basis);
    }
    // Sides may read the same quantity two ways (token gaps on one, itl_p99_ms on the other): name both.
    if (missing || bases.size === 0) excluded.push({ slo: slo.text, reason: missing ?? 'no requests to judge' });
    else criteria.push({ slo, basis: [...bases].join(' / ') });
  }
  return { criteria, excluded };
}

/** Each request's value and what it is ("the request's own ttft"); or what the table lacks ("has no first_token_ms"). */
export type RequestValues = Result<{ values: Float64Array; basis: string }>;

/**
 * Each request's own value for the SLO's metric, aligned with rows (NaN where failed or missing).
 * ITL and TPOT are only defined with two output tokens or more: a one-token answer has no gap to
 * miss a target with, so its value is 0 (it meets any "<" target).
 */
export function requestValues(table: RequestTable, slo: Slo): RequestValues {
  const { metric, stat } = slo.spec;
  if (metric.custom || metric.level === 'run') return err(`has no per-request ${metric.id}`);
  if (metric.id === 'itl') return itlValues(table, stat.kind === 'percentile' ? stat.q : undefined, stat.label);
  const column = requestColumn(table, metric.id);
  if (!column) return err(`has no ${fieldsFor(metric.id)}`);
  const values = metric.id === 'tpot' ? withNoGapsMet(table, column) : column;
  return ok({ values, basis: `the request's own ${metric.id}` });
}

function itlValues(table: RequestTable, q: number | undefined, label: string): RequestValues {
  const gaps = table.tokenGaps;
  if (gaps) {
    const succeeded = successMask(table);
    const out = new Float64Array(table.length).fill(NaN);
    for (let i = 0; i < table.length; i++) {
      if (!succeeded[i]) continue;
      const own = gaps.values.subarray(gaps.offsets[i], gaps.offsets[i + 1]);
      out[i] = own.length === 0 ? 0 : q === undefined ? meanFinite(own) : quantile(own, q);
    }
    return ok({ values: out, basis: `the ${label} of the request's own token gaps` });
  }
  // §4 telemetry carries two gap percentiles per request, and decode_ms / (output_tokens − 1) is its mean gap.
  if (q === undefined) {
    const tpot = requestColumn(table, 'tpot');
    if (!tpot) return err("has neither token gaps nor decode_ms and output_tokens for each request's mean ITL");
    return ok({ values: withNoGapsMet(table, tpot), basis: "the request's mean gap, decode_ms / (output_tokens − 1)" });
  }
  if (q !== 0.5 && q !== 0.99)
    return err(`has itl_p50_ms and itl_p99_ms per request only; ITL ${label} needs every token gap`);
  const field = q === 0.5 ? 'itl_p50_ms' : 'itl_p99_ms';
  const column = requestColumn(table, 'itl', q);
  if (!column) return err(`has no ${field}`);
  return ok({ values: withNoGapsMet(table, column), basis: `the request's own ${field}` });
}

/** 0 (no gap, so no late gap) for successful answers of one token or none; failures stay NaN. */
function withNoGapsMet(table: RequestTable, column: Float64Array): Float64Array {
  const tokens = table.numbers.output_tokens;
  if (!tokens) return column;
  const succeeded = successMask(table);
  const out = Float64Array.from(column);
  for (let i = 0; i < out.length; i++) if (succeeded[i] && Number.isNaN(out[i]) && tokens[i] <= 1) out[i] = 0;
  return out;
}
