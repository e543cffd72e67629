// How a metric's values were derived, when there is a choice. Absent: the metric's own per-request
// values. Both sides of a comparison must share one (tools' summaries excepted: each side's fields
// may be named differently); a summary basis means no per-request data, so no phase decomposition.

export type Basis =
  /** ITL from every token gap of every request (vLLM --save-detailed). */
  | { kind: 'pooled-gaps' }
  /** Mean ITL from §4 summaries: Σ decode_ms / Σ (output_tokens − 1). */
  | { kind: 'gap-ratio' }
  /** ITL p50/p99 from §4 summaries: the median over requests of each request's own field. */
  | { kind: 'request-median'; field: 'itl_p50_ms' | 'itl_p99_ms' }
  /** The tools' own run-level numbers, one per run, from these fields. */
  | { kind: 'summary'; fields: readonly string[] }
  /** The failed share, from the tools' failed and requested counts (on either side). */
  | { kind: 'failure-counts' }
  /** The failed share, from rows with an error. */
  | { kind: 'failure-rows' };

export function isSummaryBasis(basis: Basis | undefined): basis is Extract<Basis, { kind: 'summary' }> {
  return basis?.kind === 'summary';
}

/** True when both describe the same derivation (no basis: per-request values on both). */
export function sameBasis(a: Basis | undefined, b: Basis | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  switch (a.kind) {
    case 'request-median':
      return b.kind === a.kind && b.field === a.field;
    case 'summary':
      return b.kind === a.kind && b.fields.join('\n') === a.fields.join('\n');
    default:
      return b.kind === a.kind;
  }
}

/**
 * The basis as the JSON report and the different-basis reason carry it: "pooled token gaps",
 * "summary: p99_ttft_ms"; "per request" when there is none.
 */
export function basisText(basis: Basis | undefined): string {
  if (basis === undefined) return 'per request';
  switch (basis.kind) {
    case 'pooled-gaps':
      return 'pooled token gaps';
    case 'gap-ratio':
      return 'Σ decode_ms / Σ (output_tokens − 1)';
    case 'request-median':
      return `median over requests of ${basis.field}`;
    case 'summary':
      return `summary: ${basis.fields.join(', ')}`;
    case 'failure-counts':
      return 'failed and requested counts';
    case 'failure-rows':
      return 'rows with an error';
  }
}
