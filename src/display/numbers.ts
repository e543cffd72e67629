// Number formatting shared by the sentences the diagnosis writes and the renderers, so a value
// reads the same everywhere: "2,526 ms", "+797%", "−0.4%", "4.00 req/s". Locale-independent.

const MINUS = '−';

/** Thousands separators, `digits` decimals. */
export function grouped(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const fixed = Math.abs(value).toFixed(digits);
  const [whole, fraction] = fixed.split('.');
  const withCommas = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (value < 0 && Number(fixed) !== 0 ? MINUS : '') + withCommas + (fraction ? `.${fraction}` : '');
}

/** Whole numbers with separators from 100 up, one decimal from 10, two from 1, two significant figures below. */
export function compact(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const a = Math.abs(value);
  // Thresholds apply to the value as it will print: 99.96 reads "100", not "100.0".
  if (a >= 100 || Number(a.toFixed(1)) >= 100) return grouped(value, 0);
  if (a >= 10 || Number(a.toFixed(2)) >= 10) return grouped(value, 1);
  if (a >= 1 || Number(a.toPrecision(2)) >= 1) return grouped(value, 2);
  if (a === 0) return '0';
  return (value < 0 ? MINUS : '') + String(Number(a.toPrecision(2)));
}

/** A duration in ms, switching to seconds from 10 s: "87.3 ms", "2,526 ms", "10.5 s". */
export function duration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  // Below a microsecond is float noise (a difference of sums), not a duration.
  if (Math.abs(ms) < 0.0005) return '0 ms';
  if (Math.abs(ms) >= 10_000 || Number(Math.abs(ms).toFixed(0)) >= 10_000) return `${compact(ms / 1000)} s`;
  return `${compact(ms)} ms`;
}

/** A value in a metric's unit. */
export function withUnit(value: number, unit: string): string {
  if (unit === 'ms') return duration(value);
  if (unit === 'share') return percent(value);
  return `${compact(value)} ${unit}`;
}

/**
 * Two values of one metric in one unit: durations switch to seconds for both once either reaches
 * 10 s ("9,307 ms → 10.0 s" reads as a unit change, not a number). Missing values are "—".
 */
export function pairWithUnit(base: number | undefined, head: number | undefined, unit: string): [string, string] {
  const show = (v: number | undefined, seconds: boolean) =>
    v === undefined ? '—' : seconds && Number.isFinite(v) ? `${compact(v / 1000)} s` : withUnit(v, unit);
  const seconds = unit === 'ms' && Math.max(Math.abs(base ?? 0), Math.abs(head ?? 0)) >= 10_000;
  return [show(base, seconds), show(head, seconds)];
}

/** A signed relative change: "+797%", "−3.2%", "+0.7%". */
export function signedPercent(ratio: number): string {
  if (!Number.isFinite(ratio)) return '—';
  const v = ratio * 100;
  const text = Number(Math.abs(v).toFixed(1)) >= 10 ? grouped(Math.abs(v), 0) : Math.abs(v).toFixed(1);
  if (Number(text.replace(/,/g, '')) === 0) return '0%';
  return `${v >= 0 ? '+' : MINUS}${text}%`;
}

/** A share: "98%", "2.4%". */
export function percent(ratio: number): string {
  if (!Number.isFinite(ratio)) return '—';
  const v = ratio * 100;
  const text = Number(Math.abs(v).toFixed(1)) >= 10 ? grouped(Math.abs(v), 0) : Math.abs(v).toFixed(1);
  if (Number(text.replace(/,/g, '')) === 0) return '0%';
  return `${v < 0 ? MINUS : ''}${text}%`;
}

/** A difference of shares in percentage points: "+1.2 pp", "−38 pp". */
export function signedPoints(ratio: number): string {
  return signedPercent(ratio).replace(/%$/, ' pp');
}

/** A signed duration difference: "+3,140 ms", "−311 ms". */
export function signedDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '—';
  const body = duration(Math.abs(ms));
  if (body === '0 ms') return '0 ms';
  return `${ms >= 0 ? '+' : MINUS}${body}`;
}

export function signedWithUnit(value: number, unit: string): string {
  if (unit === 'ms') return signedDuration(value);
  if (unit === 'share') return signedPoints(value);
  return `${value >= 0 ? '+' : MINUS}${compact(Math.abs(value))} ${unit}`;
}

export function pValue(p: number): string {
  if (!Number.isFinite(p)) return '—';
  if (p < 0.001) return '< 0.001';
  return p.toFixed(3);
}
