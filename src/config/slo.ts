// SLO targets in the form teams write them: "ttft p95 < 800ms", "itl p99 < 50ms",
// "throughput > 3000 tok/s". A target fixes the metric, the statistic and the threshold (STEP 1).

import type { Unit } from '../metrics/catalog';
import { parseMetricSpec, type MetricSpec } from '../metrics/metric-spec';

export type Comparator = '<' | '<=' | '>' | '>=';

export interface Slo {
  spec: MetricSpec;
  comparator: Comparator;
  /** In the metric's own unit (ms, tok/s, req/s). */
  threshold: number;
  /** The target as the user wrote it, normalised: "ttft p95 < 800 ms". */
  text: string;
}

/** Multiplier from a written unit to the catalog unit, per catalog unit. */
const UNITS: Readonly<Record<Unit, Readonly<Record<string, number>>>> = {
  ms: { ms: 1, s: 1000, sec: 1000, us: 0.001, µs: 0.001 },
  'tok/s': { 'tok/s': 1, 'tokens/s': 1, 'tok/sec': 1, 'tokens/sec': 1 },
  'req/s': { 'req/s': 1, 'requests/s': 1, 'req/sec': 1, 'requests/sec': 1 },
  share: { '%': 0.01 },
};

export class SloSyntaxError extends Error {
  constructor(
    readonly input: string,
    readonly column: number,
    readonly reason: string,
  ) {
    super(`SLO "${input}": ${reason}${column >= 0 ? ` (at column ${column + 1})` : ''}`);
    this.name = 'SloSyntaxError';
  }
}

export function parseSlo(input: string): Slo {
  const text = input.trim();
  const opMatch = /(<=|>=|<|>)/.exec(text);
  if (!opMatch) {
    throw new SloSyntaxError(text, -1, 'missing comparator: expected "<", "<=", ">" or ">=", as in "ttft p95 < 800ms"');
  }
  const comparator = opMatch[1] as Comparator;
  const left = text.slice(0, opMatch.index).trim();
  const rightStart = opMatch.index + comparator.length;
  const right = text.slice(rightStart).trim();
  if (!left) throw new SloSyntaxError(text, 0, 'missing metric before the comparator, as in "ttft p95 < 800ms"');

  const spec = parseMetricSpec(left);
  if (typeof spec === 'string') throw new SloSyntaxError(text, 0, spec);

  const lowerIsBetter = spec.metric.direction === 'lower-is-better';
  if (lowerIsBetter !== comparator.startsWith('<')) {
    const want = lowerIsBetter ? '"<" or "<="' : '">" or ">="';
    throw new SloSyntaxError(
      text,
      opMatch.index,
      `${spec.metric.id} is ${spec.metric.direction.replace(/-/g, ' ')}, so its target needs ${want}`,
    );
  }

  const valueMatch = /^([0-9][0-9_]*(?:\.[0-9]+)?)\s*(.*)$/.exec(right);
  const rightColumn = text.indexOf(right, rightStart);
  if (!valueMatch) {
    throw new SloSyntaxError(text, rightColumn, `expected a number after "${comparator}", got "${right || 'nothing'}"`);
  }
  const value = Number(valueMatch[1].replace(/_/g, ''));
  const unitText = valueMatch[2].trim().toLowerCase();
  // SLOs name catalog metrics only (parseMetricSpec looks them up there), so the unit is a catalog unit.
  const units = UNITS[spec.metric.unit as Unit];
  const allowed = Object.keys(units).join(', ');
  if (!unitText) {
    throw new SloSyntaxError(
      text,
      rightColumn + valueMatch[1].length,
      `missing unit after ${valueMatch[1]}: expected one of ${allowed}`,
    );
  }
  // Own keys only: "constructor" or "__proto__" must not pass for a unit.
  const factor = Object.hasOwn(units, unitText) ? units[unitText] : undefined;
  if (factor === undefined) {
    throw new SloSyntaxError(
      text,
      text.lastIndexOf(valueMatch[2].trim()),
      `unit "${valueMatch[2].trim()}" does not fit ${spec.metric.id} (${spec.metric.unit}): expected one of ${allowed}`,
    );
  }
  const threshold = value * factor;
  const written =
    spec.metric.unit === 'share'
      ? `${formatThreshold(threshold * 100)}%`
      : `${formatThreshold(threshold)} ${spec.metric.unit}`;
  return { spec, comparator, threshold, text: `${spec.key.replace('.', ' ')} ${comparator} ${written}` };
}

function formatThreshold(value: number): string {
  return String(Number(value.toPrecision(6)));
}

export function sloMet(slo: Slo, value: number): boolean {
  switch (slo.comparator) {
    case '<':
      return value < slo.threshold;
    case '<=':
      return value <= slo.threshold;
    case '>':
      return value > slo.threshold;
    case '>=':
      return value >= slo.threshold;
  }
}
