// Nsight Compute CSV (`ncu --csv`), per kernel, for §1 STEP 4–5. Two layouts, told apart by the
// header:
//   details (--page details, the default): one row per launch × metric — "ID","Process ID",…,
//     "Kernel Name",…,"Section Name","Metric Name","Metric Unit","Metric Value" (ncu 2023+ adds rule
//     columns "Rule Name",…,"Estimated Speedup"; rule rows have an empty metric name). With
//     --print-summary per-kernel the value columns are "Minimum","Maximum","Average" plus
//     "Invocations"; "Average" is read.
//   raw (--page raw): one row per launch, one column per metric name, and a second row of units
//     ("", "", …, "nsecond", "%").
// Launches of the same kernel name are combined: durations add up, percentages are averaged
// weighted by launch duration. Note that ncu serialises kernels and (by default) flushes caches
// before each, so its durations are not the in-step times a trace shows.

import { InputError } from '../ingest/errors';
import type { TextSource } from '../ingest/source';
import { msPerUnit, numberCell } from './cells';
import { readCsvTables, type CsvTable } from './csv-table';
import { isPercentMetric, metricKey, stallMetric, type MetricKey } from './ncu-metrics';

const FORMAT = 'Nsight Compute CSV';

export interface StallShare {
  /** ncu's reason name: long_scoreboard, barrier, mio_throttle, … */
  reason: string;
  /** Of all stall cycles (or samples) of the kernel. */
  share: number;
}

export interface KernelProfile {
  name: string;
  launches: number;
  /** Total over launches; NaN when not measured. */
  durationMs: number;
  /** % of peak, NaN when not measured. */
  smPct: number;
  dramPct: number;
  memoryPct: number;
  /** Achieved occupancy, % of the maximum warps. */
  occupancyPct: number;
  theoreticalOccupancyPct: number;
  /** Global-load sectors per request (l1tex). */
  sectorsPerRequest: number;
  registersPerThread: number;
  /** Largest first. */
  stalls: StallShare[];
}

export interface NcuReport {
  file: string;
  layout: 'details' | 'raw';
  kernels: KernelProfile[];
  notes: string[];
}

interface Acc {
  sum: number;
  n: number;
}

interface Launch {
  name: string;
  invocations: number;
  metrics: Map<MetricKey, Acc>;
  /** "family\0reason" → value. */
  stalls: Map<string, Acc>;
}

const isDetailsHeader = (cells: string[]) => cells.includes('Kernel Name') && cells.includes('Metric Name') && (cells.includes('Metric Value') || cells.includes('Average'));
const isRawHeader = (cells: string[]) => cells.includes('Kernel Name') && !cells.includes('Metric Name') && cells.some((c) => c.includes('__'));

export async function readNcu(source: TextSource): Promise<NcuReport> {
  const tables = await readCsvTables(source, FORMAT, (cells) => isDetailsHeader(cells) || isRawHeader(cells));
  if (tables.length === 0) {
    throw new InputError(source.name, `${FORMAT}: no header with "Kernel Name" and either "Metric Name"/"Metric Value" (--page details) or metric columns (--page raw)`);
  }
  const notes: string[] = [];
  const launches = new Map<string, Launch>();
  let layout: NcuReport['layout'] = 'details';
  for (const table of tables) {
    if (isDetailsHeader(table.header)) readDetails(table, source.name, launches, notes);
    else {
      layout = 'raw';
      readRaw(table, source.name, launches, notes);
    }
  }
  if (launches.size === 0) throw new InputError(source.name, `${FORMAT}: no kernel rows`);
  return { file: source.name, layout, kernels: combine([...launches.values()]), notes: [...new Set(notes)] };
}

function launchOf(launches: Map<string, Launch>, id: string, name: string): Launch {
  const key = `${id}\u0000${name}`;
  let launch = launches.get(key);
  if (!launch) {
    launch = { name, invocations: 1, metrics: new Map(), stalls: new Map() };
    launches.set(key, launch);
  }
  return launch;
}

/** Adds one metric value to a launch; metrics not used here are ignored (even if not numbers). */
function record(launch: Launch, metricName: string, unit: string, text: string, file: string, line: number, field: string, notes: string[]): void {
  const key = metricKey(metricName);
  const stall = key ? undefined : stallMetric(metricName);
  if (!key && !stall) return;
  const value = numberCell(text);
  if (value === null) return;
  if (Number.isNaN(value)) throw new InputError(file, `${FORMAT}: metric "${metricName}": not a number: ${JSON.stringify(text).slice(0, 40)}`, line, field);
  let v = value;
  if (key === 'duration') {
    // Raw metric names are in base units (ns) when no unit is given.
    const scale = unit === '' ? msPerUnit('ns') : msPerUnit(unit);
    if (scale === undefined) throw new InputError(file, `${FORMAT}: metric "${metricName}": unknown time unit "${unit}"`, line, field);
    v = value * scale;
  } else if (key && isPercentMetric(key) && unit !== '' && unit !== '%') {
    notes.push(`"${metricName}" is in ${unit}, not %: not used.`);
    return;
  }
  const map = key ? launch.metrics : launch.stalls;
  const k = key ?? `${stall!.family}\u0000${stall!.reason}`;
  const acc = (map as Map<string, Acc>).get(k) ?? { sum: 0, n: 0 };
  acc.sum += v;
  acc.n++;
  (map as Map<string, Acc>).set(k, acc);
}

function readDetails(table: CsvTable, file: string, launches: Map<string, Launch>, notes: string[]): void {
  const h = table.header;
  const col = { id: h.indexOf('ID'), name: h.indexOf('Kernel Name'), metric: h.indexOf('Metric Name'), unit: h.indexOf('Metric Unit'), invocations: h.indexOf('Invocations') };
  const valueCol = h.includes('Metric Value') ? h.indexOf('Metric Value') : h.indexOf('Average');
  for (const { cells, line } of table.rows) {
    const cell = (i: number) => (i >= 0 && i < cells.length ? cells[i] : '');
    const metric = cell(col.metric);
    const name = cell(col.name);
    if (metric === '' || name === '') continue;
    const launch = launchOf(launches, cell(col.id), name);
    if (col.invocations >= 0) {
      const inv = numberCell(cell(col.invocations));
      if (inv !== null && !Number.isNaN(inv) && inv >= 1) launch.invocations = inv;
    }
    record(launch, metric, cell(col.unit), cell(valueCol), file, line, h[valueCol], notes);
  }
}

function readRaw(table: CsvTable, file: string, launches: Map<string, Launch>, notes: string[]): void {
  const h = table.header;
  const idCol = h.indexOf('ID');
  const nameCol = h.indexOf('Kernel Name');
  let units: string[] = [];
  for (const [r, { cells, line }] of table.rows.entries()) {
    const cell = (i: number) => (i >= 0 && i < cells.length ? cells[i] : '');
    if (cell(nameCol) === '') {
      // The units row sits right under the header; a later row without a kernel name is junk.
      if (r === 0) units = cells;
      continue;
    }
    const launch = launchOf(launches, idCol >= 0 ? cell(idCol) : `row ${line}`, cell(nameCol));
    for (let j = 0; j < h.length; j++) {
      if (j === idCol || j === nameCol) continue;
      record(launch, h[j], j < units.length ? units[j] : '', cell(j), file, line, h[j], notes);
    }
  }
}

/** One profile per kernel name, heaviest first. */
function combine(launches: readonly Launch[]): KernelProfile[] {
  const byName = new Map<string, Launch[]>();
  for (const l of launches) byName.set(l.name, [...(byName.get(l.name) ?? []), l]);
  const out: KernelProfile[] = [];
  for (const [name, list] of byName) {
    const value = (l: Launch, k: MetricKey) => {
      const acc = l.metrics.get(k);
      return acc ? acc.sum / acc.n : NaN;
    };
    const weight = (l: Launch) => value(l, 'duration') * l.invocations;
    const allTimed = list.every((l) => weight(l) > 0);
    const mean = (pick: (l: Launch) => number) => {
      const values = list.map((l) => [pick(l), allTimed ? weight(l) : l.invocations] as const).filter(([v]) => !Number.isNaN(v));
      // One launch, or launches that agree: the value itself, without weighting's rounding.
      if (values.length > 0 && values.every(([v]) => v === values[0][0])) return values[0][0];
      let sum = 0;
      let w = 0;
      for (const [v, lw] of values) {
        sum += v * lw;
        w += lw;
      }
      return w > 0 ? sum / w : NaN;
    };
    const durations = list.map(weight);
    const sectors = list.reduce((s, l) => s + value(l, 'sectors') * l.invocations, 0);
    const requests = list.reduce((s, l) => s + value(l, 'requests') * l.invocations, 0);
    out.push({
      name,
      launches: list.reduce((s, l) => s + l.invocations, 0),
      durationMs: durations.some((d) => !Number.isNaN(d)) ? durations.reduce((s, d) => s + (Number.isNaN(d) ? 0 : d), 0) : NaN,
      smPct: mean((l) => value(l, 'sm')),
      dramPct: mean((l) => value(l, 'dram')),
      memoryPct: mean((l) => value(l, 'memory')),
      occupancyPct: mean((l) => value(l, 'occupancy')),
      theoreticalOccupancyPct: mean((l) => value(l, 'theoreticalOccupancy')),
      sectorsPerRequest: requests > 0 ? sectors / requests : mean((l) => value(l, 'sectorsPerRequest')),
      registersPerThread: mean((l) => value(l, 'registers')),
      stalls: stallShares(list, allTimed ? weight : (l) => l.invocations),
    });
  }
  return out.sort((a, b) => (b.durationMs || 0) - (a.durationMs || 0) || (a.name < b.name ? -1 : 1));
}

/** Per launch, the best stall family it has, as shares; then averaged over launches. */
function stallShares(list: readonly Launch[], weight: (l: Launch) => number): StallShare[] {
  const total = new Map<string, number>();
  let weights = 0;
  for (const l of list) {
    const families = [...l.stalls.keys()].map((k) => Number(k.split('\u0000')[0]));
    if (families.length === 0) continue;
    const best = Math.min(...families);
    const values = [...l.stalls].filter(([k]) => Number(k.split('\u0000')[0]) === best).map(([k, a]) => [k.split('\u0000')[1], a.sum / a.n] as const);
    const sum = values.reduce((s, [, v]) => s + Math.max(0, v), 0);
    if (!(sum > 0)) continue;
    const w = weight(l);
    weights += w;
    for (const [reason, v] of values) total.set(reason, (total.get(reason) ?? 0) + (Math.max(0, v) / sum) * w);
  }
  if (!(weights > 0)) return [];
  return [...total].map(([reason, v]) => ({ reason, share: v / weights })).sort((a, b) => b.share - a.share || (a.reason < b.reason ? -1 : 1));
}
