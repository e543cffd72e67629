// Validation of one field's value, shared by the JSON and CSV paths. Each function returns the
// number, `undefined` for a missing value, or an error message that says what was expected.

import { visibleText } from '../text/describe-char';

export type Parsed = number | undefined | { error: string };

export function isError(p: Parsed): p is { error: string } {
  return typeof p === 'object';
}

/** A duration or a count: a finite number ≥ 0, or a numeric string (CSV cells are always strings). */
export function parseNonNegative(value: unknown, what: string): Parsed {
  const n = toNumber(value, what);
  if (typeof n !== 'number') return n;
  if (n < 0) return { error: `expected a ${what} ≥ 0, got ${n}` };
  return n;
}

/**
 * arrival_ts: seconds since an epoch, as a number or numeric string; milliseconds, microseconds or
 * nanoseconds since the Unix epoch are recognised by size (a seconds value that large would be
 * past the year 5000); or an ISO 8601 date-time string (UTC when it names no zone). Stored as seconds.
 */
export function parseTimestamp(value: unknown): Parsed {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    if (!/^[+-]?[0-9.eE+-]+$/.test(trimmed)) {
      if (!/^\d{4}-\d{2}-\d{2}[T ]/.test(trimmed)) {
        return { error: `expected a timestamp (seconds since the epoch or ISO 8601), got "${shown(trimmed)}"` };
      }
      // No zone designator means UTC, so a report does not depend on the machine's time zone.
      const iso = trimmed.replace(' ', 'T');
      const zoned = /(Z|[+-]\d{2}:?\d{2})$/i.test(iso) || !/T\d/.test(iso) ? iso : `${iso}Z`;
      const ms = Date.parse(zoned);
      if (Number.isNaN(ms)) return { error: `expected an ISO 8601 timestamp, got "${shown(trimmed)}"` };
      return isoSeconds(trimmed, ms);
    }
  }
  const n = toNumber(value, 'timestamp');
  if (typeof n !== 'number') return n;
  const magnitude = Math.abs(n);
  if (magnitude > 1e17) return n / 1e9;
  if (magnitude > 1e14) return n / 1e6;
  if (magnitude > 1e11) return n / 1e3;
  return n;
}

/**
 * Date.parse keeps milliseconds only; keep the microseconds an ISO string may carry. Whole seconds
 * plus the written fraction gives the same double as the decimal seconds value (adding the digits
 * beyond the milliseconds to ms / 1000 is often one unit in the last place off).
 */
function isoSeconds(iso: string, ms: number): number {
  const match = /:\d{2}\.(\d+)/.exec(iso);
  if (!match) return ms / 1000;
  return Math.floor(ms / 1000) + Number(`0.${match[1]}`);
}

function toNumber(value: unknown, what: string): Parsed {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { error: `expected a finite ${what}, got ${value}` };
    return value;
  }
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed === '') return undefined;
    const n = Number(trimmed);
    if (Number.isNaN(n) || !/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(trimmed)) {
      if (/^[+-]?(inf|infinity|nan)$/i.test(trimmed)) return { error: `expected a finite ${what}, got "${trimmed}"` };
      return { error: `expected a ${what} (a number), got "${shown(trimmed)}"` };
    }
    // "1e400" is number syntax but overflows to Infinity.
    if (!Number.isFinite(n)) return { error: `expected a finite ${what}, got "${shown(trimmed)}"` };
    return n;
  }
  return { error: `expected a ${what} (a number), got ${describe(value)}` };
}

function describe(value: unknown): string {
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A rejected value as an error message quotes it: clipped, control characters made visible. */
function shown(text: string): string {
  return visibleText(clip(text));
}

export function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
