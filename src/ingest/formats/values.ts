// Reading numbers out of tool output: finite numbers, numeric strings ("412", "inf" is not finite),
// and unit conversion into the catalog's units. Anything else is reported, never coerced.

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

/**
 * Collects summary values, skipping (and noting) values that are not finite numbers, so one odd key
 * never sinks a file.
 */
export class SummaryCollector {
  readonly values: SummaryValue[] = [];
  readonly warnings: string[] = [];

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
}
