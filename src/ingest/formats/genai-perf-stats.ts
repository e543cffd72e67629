// GenAI-Perf (profile_export_genai_perf.json) and AIPerf (profile_export_aiperf.json) write one stats
// block per metric: {"unit": "ms", "avg": …, "p1"…"p99", "min", "max", "std"}; AIPerf's
// JsonMetricResult "mimics the GenAI-Perf JSON output" and adds "count" and "sum" (schema 1.1).
// The block's own unit is authoritative: GenAI-Perf wrote "ns" and "tokens per sec" in 2024 versions
// and "ms", "tokens/sec", "requests/sec" later; AIPerf writes "sec" for durations. Values may be
// numbers or numeric strings (GenAI-Perf tests export "avg": "7").

import type { SummaryMetricId } from '../../metrics/catalog';
import { own } from './document';
import { finiteNumber, toMs, type SummaryCollector, type Unit } from './values';

/** What a unit string says a value is. */
export type UnitKind =
  | { kind: 'time'; unit: Extract<Unit, 's' | 'ms' | 'us' | 'ns'> }
  | { kind: 'rate'; unit: string }
  | { kind: 'other'; unit: string };

const TIME_UNITS: Record<string, Extract<Unit, 's' | 'ms' | 'us' | 'ns'>> = {
  ns: 'ns',
  nanoseconds: 'ns',
  us: 'us',
  µs: 'us',
  microseconds: 'us',
  ms: 'ms',
  milliseconds: 'ms',
  s: 's',
  sec: 's',
  secs: 's',
  second: 's',
  seconds: 's',
};

export function unitKind(raw: unknown): UnitKind | undefined {
  if (typeof raw !== 'string') return undefined;
  const unit = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  if (Object.hasOwn(TIME_UNITS, unit)) return { kind: 'time', unit: TIME_UNITS[unit] };
  if (/^tokens? ?(\/|per) ?s(ec(ond)?)?$/.test(unit)) return { kind: 'rate', unit: 'tok/s' };
  if (/^requests? ?(\/|per) ?s(ec(ond)?)?$/.test(unit)) return { kind: 'rate', unit: 'req/s' };
  // tokens/sec/user, images/sec, …: a rate of something else, kept under its own name.
  if (/(\/|per) ?s(ec(ond)?)?\b/.test(unit)) return { kind: 'rate', unit: raw.trim() };
  return { kind: 'other', unit: raw.trim() };
}

/** Stats keys of a block and the stat names specs use ('avg' is the mean). */
const STAT_KEYS: readonly (readonly [string, string])[] = [
  ['avg', 'mean'],
  ['p1', 'p1'],
  ['p5', 'p5'],
  ['p10', 'p10'],
  ['p25', 'p25'],
  ['p50', 'p50'],
  ['p75', 'p75'],
  ['p90', 'p90'],
  ['p95', 'p95'],
  ['p99', 'p99'],
  ['min', 'min'],
  ['max', 'max'],
  ['std', 'std'],
];

/**
 * Where a tool's metric goes: a catalog metric (whose block must be in the catalog's kind of unit) or
 * a metric kept under its own name.
 */
export interface StatTarget {
  metric: SummaryMetricId;
  /** The unit kind the metric needs: durations for latencies, tok/s or req/s for the catalog rates. */
  expects: 'time' | 'tok/s' | 'req/s';
  /** Catalog rates are one value per run: only the block's avg is read. */
  runLevel?: boolean;
}

/** A block: an object with a string "unit". */
export function asStatBlock(value: unknown): Record<string, unknown> | undefined {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const block = value as Record<string, unknown>;
  return typeof own(block, 'unit') === 'string' ? block : undefined;
}

/** Reads a block into a catalog metric; a block in the wrong kind of unit is reported, not guessed. */
export function addCatalogBlock(
  out: SummaryCollector,
  target: StatTarget,
  block: Record<string, unknown>,
  field: string,
): void {
  const kind = unitKind(own(block, 'unit'));
  const fits =
    kind && (target.expects === 'time' ? kind.kind === 'time' : kind.kind === 'rate' && kind.unit === target.expects);
  if (!kind || !fits) {
    out.warnings.push(
      `${field}: unit ${JSON.stringify(own(block, 'unit'))?.slice(0, 30)} is not a ${target.expects === 'time' ? 'duration' : target.expects} unit; left out`,
    );
    return;
  }
  const unit: Unit = kind.kind === 'time' ? kind.unit : (target.expects as Unit);
  const counted = target.runLevel ? {} : countOf(block);
  addStats(
    out,
    (stat, raw, f) => out.add(target.metric, stat, raw, unit, f, counted),
    block,
    field,
    unit,
    target.runLevel === true,
  );
}

/**
 * Reads a block the catalog has no id for under the tool's own name: durations (in ms, lower is
 * better) and rates (higher is better). Counts, sizes and token lengths describe the workload, not
 * performance, and are left to the caller.
 */
export function addOwnBlock(
  out: SummaryCollector,
  name: string,
  block: Record<string, unknown>,
  field: string,
): boolean {
  const kind = unitKind(own(block, 'unit'));
  if (!kind || kind.kind === 'other') return false;
  if (kind.kind === 'time') {
    const reading = { unit: 'ms', direction: 'lower-is-better' as const, ...countOf(block) };
    addStats(out, (stat, raw, f) => out.add(name, stat, raw, kind.unit, f, reading), block, field, kind.unit, false);
  } else {
    const unit: Unit = kind.unit === 'tok/s' || kind.unit === 'req/s' ? kind.unit : 'count';
    const reading = { unit: kind.unit, direction: 'higher-is-better' as const, ...countOf(block) };
    addStats(out, (stat, raw, f) => out.add(name, stat, raw, unit, f, reading), block, field, unit, false);
  }
  return true;
}

/** Each statistic of the block, through `add` (the metric's own add: catalog id or named, with its reading). */
function addStats(
  out: SummaryCollector,
  add: (stat: string, raw: unknown, field: string) => void,
  block: Record<string, unknown>,
  field: string,
  unit: Unit,
  meanOnly: boolean,
): void {
  for (const [key, stat] of STAT_KEYS) {
    if (meanOnly && key !== 'avg') continue;
    const raw = own(block, key);
    // 1e308 s is a finite number but no finite number of ms.
    const n = finiteNumber(raw);
    if (
      n !== undefined &&
      Number.isFinite(n) &&
      (unit === 's' || unit === 'us' || unit === 'ns' || unit === 'ms') &&
      !Number.isFinite(toMs(n, unit))
    ) {
      out.warnings.push(`${field}.${key}: ${n} ${unit} is out of range; left out`);
      continue;
    }
    add(stat, raw, `${field}.${key}`);
  }
}

/** AIPerf 1.1+ says how many requests (or gaps) a record metric summarises. */
function countOf(block: Record<string, unknown>): { count?: number } {
  const n = finiteNumber(own(block, 'count'));
  return n !== undefined && Number.isInteger(n) && n > 0 ? { count: n } : {};
}

/** A block's avg as a finite number, converted to ms for durations; undefined when absent or junk. */
export function blockMean(block: Record<string, unknown> | undefined, as: 'ms' | 'plain'): number | undefined {
  if (!block) return undefined;
  const n = finiteNumber(own(block, 'avg'));
  if (n === undefined || Number.isNaN(n)) return undefined;
  if (as === 'plain') return n;
  const kind = unitKind(own(block, 'unit'));
  if (kind?.kind !== 'time') return undefined;
  const ms = toMs(n, kind.unit);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Whether the text holds one of the named metrics as a stats block ("name": {"unit": …, "avg": …}),
 * looking only a short way into each candidate block so a cut head is fine.
 */
export function hasStatBlock(text: string, names: readonly string[]): boolean {
  const pattern = new RegExp(`"(?:${names.join('|')})"\\s*:\\s*\\{`, 'g');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const body = text.slice(match.index + match[0].length, match.index + match[0].length + 400);
    const end = body.indexOf('}');
    const inside = end === -1 ? body : body.slice(0, end);
    if (/"unit"\s*:\s*"/.test(inside) && /"(avg|p50)"\s*:/.test(inside)) return true;
  }
  return false;
}
