// Numbers and time units as profiler CSVs write them. Nsight tools print thousands separators
// ("5,850,000", "1,234.5") and "n/a" for metrics a kernel lacks; a comma that is not a valid
// thousands separator ("9,00": a decimal comma from another locale) is refused rather than guessed.

const PLAIN = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

/** A finite number; null for an empty, "n/a" or "-" cell; NaN for anything else. */
export function numberCell(text: string): number | null {
  const t = text.trim();
  if (t === '' || t === '-' || t === '--' || /^n\/?a$/i.test(t)) return null;
  let body = t;
  if (GROUPED.test(t)) body = t.replace(/,/g, '');
  else if (!PLAIN.test(t)) return NaN;
  const value = Number(body);
  return Number.isFinite(value) ? value : NaN;
}

/** A JSON value that should be a number: numbers, or strings holding one. */
export function numberValue(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NaN;
  if (typeof value === 'string') return numberCell(value);
  if (value === null || value === undefined) return null;
  return NaN;
}

const TIME_UNITS_MS: Record<string, number> = {
  ns: 1e-6,
  nsec: 1e-6,
  nsecond: 1e-6,
  nanosecond: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  usec: 1e-3,
  usecond: 1e-3,
  microsecond: 1e-3,
  ms: 1,
  msec: 1,
  msecond: 1,
  millisecond: 1,
  s: 1000,
  sec: 1000,
  second: 1000,
};

/** Milliseconds per unit ("ns", "usecond", "µs", …), or undefined for a unit that is not a time. */
export function msPerUnit(unit: string): number | undefined {
  const u = unit.trim().toLowerCase();
  if (Object.hasOwn(TIME_UNITS_MS, u)) return TIME_UNITS_MS[u];
  // Plurals: "useconds", "seconds".
  const singular = u.endsWith('s') ? u.slice(0, -1) : '';
  return singular.length > 2 && Object.hasOwn(TIME_UNITS_MS, singular) ? TIME_UNITS_MS[singular] : undefined;
}

/** "Total Time (ns)" → { base: "Total Time", unit: "ns" }; "Time(%)" → { base: "Time", unit: "%" }. */
export function splitUnit(header: string): { base: string; unit: string } {
  const m = /^(.*?)\s*\(([^()]*)\)\s*$/.exec(header.trim());
  return m ? { base: m[1].trim(), unit: m[2].trim() } : { base: header.trim(), unit: '' };
}
