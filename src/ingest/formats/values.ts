// Reading numbers out of tool output: finite numbers, numeric strings ("412", "inf" is not finite),
// and unit conversion into the catalog's units. Anything else is reported, never coerced.

import type { SummaryMetricId } from '../../metrics/catalog';
import type { SummaryValue } from '../../model/run';

export type Unit = 's' | 'ms' | 'us' | 'ns' | 'tok/s' | 'req/s' | 'count';

const TO_MS: Partial<Record<Unit, number>> = { s: 1000, ms: 1, us: 0.001, ns: 1e-6 };

/** A finite number from a number or numeric string; undefined for null/missing, NaN for anything else. */
export function finiteNumber(value: unknown): number | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (typeof value === 'string') {
    const t = value.trim();
    if (t === '') return undefined;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return NaN;
    const n = Number(t);
    return Number.isFinite(n) ? n : NaN;
  }
  return NaN;
}

/** Converts a duration to ms. */
export function toMs(value: number, unit: Unit): number {
  const factor = TO_MS[unit];
  if (factor === undefined) throw new Error(`not a time unit: ${unit}`);
  return value * factor;
}

/** A tool's number read as a catalog metric: its id checked against the catalog. */
export type CatalogSummary = SummaryValue & { metric: SummaryMetricId; unit?: undefined; direction?: undefined };

/** How to read a number kept under the artifact's own name (the catalog does not say). */
export interface NamedReading {
  unit: string;
  direction: NonNullable<SummaryValue['direction']>;
}

/**
 * Where a table sends a tool's number: a catalog metric (id checked by the compiler), or a number
 * kept under the artifact's own name, with how to read it.
 */
export type SummaryTarget = { metric: SummaryMetricId; custom?: undefined } | { metric: string; custom: NamedReading };

/**
 * Collects summary values, skipping (and noting) values that are not finite numbers, so one odd key
 * never sinks a file.
 */
export class SummaryCollector {
  readonly values: SummaryValue[] = [];
  readonly warnings: string[] = [];

  /** A number read as a catalog metric. */
  add(metric: SummaryMetricId, stat: string, raw: unknown, unit: Unit, field: string, extra?: { count?: number }): void;
  /** A number kept under the artifact's own name, with how to read it. */
  add(
    metric: string,
    stat: string,
    raw: unknown,
    unit: Unit,
    field: string,
    extra: { count?: number } & NamedReading,
  ): void;
  add(metric: string, stat: string, raw: unknown, unit: Unit, field: string, extra: Partial<SummaryValue> = {}): void {
    const n = finiteNumber(raw);
    if (n === undefined) return;
    if (Number.isNaN(n)) {
      this.warnings.push(`${field}: expected a finite number, got ${JSON.stringify(raw)?.slice(0, 40)}; left out`);
      return;
    }
    const value = unit in TO_MS ? toMs(n, unit) : n;
    // A finite number of seconds can overflow once converted (1e308 s is Infinity ms).
    if (!Number.isFinite(value)) {
      this.warnings.push(`${field}: ${n} ${unit} is out of range once converted; left out`);
      return;
    }
    this.values.push({ metric, stat, value, field, ...extra });
  }

  /** A table's target: its reading (for a named metric) after the count, as the tables write them. */
  addTarget(
    target: SummaryTarget,
    stat: string,
    raw: unknown,
    unit: Unit,
    field: string,
    counted: { count?: number } = {},
  ): void {
    if (target.custom) this.add(target.metric, stat, raw, unit, field, { ...counted, ...target.custom });
    else this.add(target.metric, stat, raw, unit, field, counted);
  }
}
