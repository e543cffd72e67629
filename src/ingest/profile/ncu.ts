// Nsight Compute CSV (`ncu --csv`), per kernel, for §1 STEP 4–5. The layouts, told apart by the
// header (all read; which columns a version writes is in docs/diagnosis.md):
//   details (--page details, the default): one row per launch × metric — "ID","Process ID",…,
//     "Kernel Name",…,"Section Name","Metric Name","Metric Unit","Metric Value". ncu up to 2023 wrote
//     a "Kernel Time" column (the launch's wall-clock date, not a duration) after the name; later
//     versions write "Context","Stream","Block Size","Grid Size","Device","CC" instead. ncu 2021+
//     appends rule columns ("Rule Name",…; rule rows have an empty metric name). With
//     --print-summary per-kernel the value columns are "Minimum","Maximum","Average" plus
//     "Invocations"; "Average" is read.
//   raw (--page raw): one row per launch, one column per metric name, and a second row of units
//     ("", "", …, "nsecond", "%").
// Several tables in one file (exports concatenated, one per kernel) are read as one report; launches
// are told apart by table, ID and name. Launches of the same kernel at the same launch shape (grid
// and block) are combined: durations add up, percentages are averaged weighted by launch duration.
// The same name at another shape is another problem size and is kept apart. Duration, when
// gpu__time_duration was not collected, is derived as elapsed cycles / cycles per second
// (sm__cycles_elapsed.avg / sm__cycles_elapsed.avg.per_second). ncu serialises kernels and (by
// default) flushes caches before each, so its durations are not the in-step times a trace shows.

import { InputError } from '../errors';
import type { TextSource } from '../source';
import { msPerUnit, numberCell } from './cells';
import { readCsvTables, type CsvTable } from './csv-table';
import { isPercentMetric, metricKey, metricNames, perSecondScale, stallMetric, type MetricKey } from './ncu-metrics';

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
  /** "(448, 1, 1)" as the Grid Size column writes it, or the block count a metric gives; "" when not recorded. */
  grid: string;
  block: string;
  /** Blocks in the grid and threads per block (NaN when not recorded): what "the same shape" compares. */
  gridBlocks: number;
  blockThreads: number;
  /** Total over launches; NaN when not measured. */
  durationMs: number;
  /** Whether the duration was derived from elapsed cycles and the clock for at least one launch. */
  durationDerived: boolean;
  /** % of peak, NaN when not measured. */
  smPct: number;
  dramPct: number;
  l1Pct: number;
  l2Pct: number;
  /** The busiest memory unit's throughput (gpu__compute_memory_throughput). */
  memoryPct: number;
  /** Achieved occupancy, % of the maximum warps. */
  occupancyPct: number;
  theoreticalOccupancyPct: number;
  /** % of cycles a scheduler issued an instruction. */
  issueActivePct: number;
  /** Waves of blocks per SM: below 1 the grid does not fill the GPU. */
  waves: number;
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
  rank: number;
  sum: number;
  n: number;
}

interface Launch {
  name: string;
  invocations: number;
  grid: string;
  block: string;
  metrics: Map<MetricKey, Acc>;
  /** "family\0reason" → value. */
  stalls: Map<string, { sum: number; n: number }>;
  /** Percent metrics seen in another unit ("Memory Throughput" in Gbyte/s): named if no % value comes. */
  nonPercent: Map<MetricKey, string>;
}

const isDetailsHeader = (cells: string[]) =>
  cells.includes('Kernel Name') &&
  cells.includes('Metric Name') &&
  (cells.includes('Metric Value') || cells.includes('Average'));
const isRawHeader = (cells: string[]) =>
  cells.includes('Kernel Name') && !cells.includes('Metric Name') && cells.some((c) => c.includes('__'));

export async function readNcu(source: TextSource): Promise<NcuReport> {
  const tables = await readCsvTables(source, FORMAT, (cells) => isDetailsHeader(cells) || isRawHeader(cells));
  if (tables.length === 0) {
    throw new InputError(
      source.name,
      `${FORMAT}: no header with "Kernel Name" and either "Metric Name"/"Metric Value" (--page details) or metric columns (--page raw)`,
    );
  }
  const notes: string[] = [];
  const launches = new Map<string, Launch>();
  let layout: NcuReport['layout'] = 'details';
  tables.forEach((table, t) => {
    if (isDetailsHeader(table.header)) readDetails(table, t, source.name, launches);
    else {
      layout = 'raw';
      readRaw(table, t, source.name, launches);
    }
  });
  if (launches.size === 0) throw new InputError(source.name, `${FORMAT}: no kernel rows`);
  const list = [...launches.values()];
  const derived = list.filter((l) => !l.metrics.has('duration') && durationOf(l).derived).length;
  if (derived > 0)
    notes.push(
      `Duration of ${derived} launch(es) derived from elapsed cycles / cycles per second (sm__cycles_elapsed.avg / .per_second): gpu__time_duration was not collected.`,
    );
  const lost = new Set<string>();
  for (const l of list) for (const [key, name] of l.nonPercent) if (!l.metrics.has(key)) lost.add(name);
  if (lost.size)
    notes.push(`${[...lost].join(', ')}, not % of peak: not used (and no % value for it in the same launch).`);
  const kernels = combine(list);
  unusable(kernels, source.name);
  const withoutTime = kernels.filter((k) => Number.isNaN(k.durationMs)).length;
  if (withoutTime > 0)
    notes.push(
      `${withoutTime} of ${kernels.length} kernel(s) without a duration (needs gpu__time_duration.sum, or sm__cycles_elapsed.avg and sm__cycles_elapsed.avg.per_second).`,
    );
  return { file: source.name, layout, kernels, notes };
}

/** Merges the kernels of several exports of one run (ncu run once per kernel, say) into one list. */
export function mergeNcu(reports: readonly NcuReport[]): NcuReport {
  if (reports.length === 1) return reports[0];
  const all = reports.flatMap((r) => r.kernels);
  const groups = new Map<string, KernelProfile[]>();
  for (const k of all) groups.set(shapeKey(k), [...(groups.get(shapeKey(k)) ?? []), k]);
  const kernels = [...groups.values()].map((list) => (list.length === 1 ? list[0] : mergeProfiles(list)));
  return {
    file: reports.map((r) => r.file).join(' + '),
    layout: reports.every((r) => r.layout === 'raw') ? 'raw' : 'details',
    kernels: kernels.sort(heaviestFirst),
    notes: [...new Set(reports.flatMap((r) => r.notes))],
  };
}

/** Name and launch shape: two kernels are "the same" only at the same grid and block size. */
export function shapeKey(k: Pick<KernelProfile, 'name' | 'gridBlocks' | 'blockThreads'>): string {
  return `${k.name}\u0000${Number.isNaN(k.gridBlocks) ? '?' : k.gridBlocks}\u0000${Number.isNaN(k.blockThreads) ? '?' : k.blockThreads}`;
}

/** No duration and no throughput in any kernel: nothing can be concluded, so say what to collect. */
function unusable(kernels: readonly KernelProfile[], file: string): void {
  const any = (pick: (k: KernelProfile) => number) => kernels.some((k) => !Number.isNaN(pick(k)));
  const hasTime = any((k) => k.durationMs);
  const hasSm = any((k) => k.smPct);
  const hasMemory = any((k) => k.memoryPct) || any((k) => k.dramPct) || any((k) => k.l1Pct) || any((k) => k.l2Pct);
  if (hasTime || hasSm || hasMemory) return;
  const names = (key: MetricKey) => metricNames(key).slice(0, 2).join(' or ');
  throw new InputError(
    file,
    `${FORMAT}: ${kernels.length} kernel(s) but none has a duration (${names('duration')}, or ${metricNames('cycles')[0]} with ${metricNames('cyclesPerSecond')[0]}) or a throughput (${names('sm')}; ${names('memory')}, ${names('dram')}): collect them with --section SpeedOfLight, or add them to --metrics`,
  );
}

function launchOf(launches: Map<string, Launch>, table: number, id: string, name: string): Launch {
  const key = `${table}\u0000${id}\u0000${name}`;
  let launch = launches.get(key);
  if (!launch) {
    launch = {
      name,
      invocations: 1,
      grid: '',
      block: '',
      metrics: new Map(),
      stalls: new Map(),
      nonPercent: new Map(),
    };
    launches.set(key, launch);
  }
  return launch;
}

/** Adds one metric value to a launch; metrics not used here are ignored (even if not numbers). */
function record(
  launch: Launch,
  metricName: string,
  unit: string,
  text: string,
  file: string,
  line: number,
  field: string,
): void {
  const found = metricKey(metricName);
  const stall = found ? undefined : stallMetric(metricName);
  if (!found && !stall) return;
  const value = numberCell(text);
  if (value === null) return;
  if (Number.isNaN(value))
    throw new InputError(
      file,
      `${FORMAT}: metric "${metricName}": not a number: ${JSON.stringify(text).slice(0, 40)}`,
      line,
      field,
    );
  if (stall) {
    const k = `${stall.family}\u0000${stall.reason}`;
    const acc = launch.stalls.get(k) ?? { sum: 0, n: 0 };
    acc.sum += value;
    acc.n++;
    launch.stalls.set(k, acc);
    return;
  }
  const { key, rank } = found!;
  let v = value;
  if (key === 'duration') {
    // Raw metric names are in base units (ns) when no unit is given.
    const scale = unit === '' ? msPerUnit('ns') : msPerUnit(unit);
    if (scale === undefined)
      throw new InputError(file, `${FORMAT}: metric "${metricName}": unknown time unit "${unit}"`, line, field);
    v = value * scale;
  } else if (key === 'cyclesPerSecond') {
    const scale = perSecondScale(unit);
    if (scale === undefined)
      throw new InputError(file, `${FORMAT}: metric "${metricName}": unknown frequency unit "${unit}"`, line, field);
    v = value * scale;
  } else if (key === 'cycles' && unit !== '' && !/^cycles?$/i.test(unit)) {
    throw new InputError(file, `${FORMAT}: metric "${metricName}": expected cycles, got "${unit}"`, line, field);
  } else if (isPercentMetric(key) && unit !== '' && unit !== '%') {
    launch.nonPercent.set(key, `"${metricName}" in ${unit}`);
    return;
  }
  const acc = launch.metrics.get(key);
  if (!acc || rank < acc.rank) launch.metrics.set(key, { rank, sum: v, n: 1 });
  else if (rank === acc.rank) {
    acc.sum += v;
    acc.n++;
  }
}

/** "(224, 1, 1)" → [224, 1, 1]; "864" → [864]. */
function dims(text: string): number[] | undefined {
  const parts = text
    .replace(/[()\s]/g, '')
    .split(',')
    .filter(Boolean)
    .map(Number);
  return parts.length > 0 && parts.every((x) => Number.isInteger(x) && x > 0) ? parts : undefined;
}

function readDetails(table: CsvTable, t: number, file: string, launches: Map<string, Launch>): void {
  const h = table.header;
  const col = {
    id: h.indexOf('ID'),
    name: h.indexOf('Kernel Name'),
    metric: h.indexOf('Metric Name'),
    unit: h.indexOf('Metric Unit'),
    invocations: h.indexOf('Invocations'),
    grid: h.indexOf('Grid Size'),
    block: h.indexOf('Block Size'),
  };
  const valueCol = h.includes('Metric Value') ? h.indexOf('Metric Value') : h.indexOf('Average');
  for (const { cells, line } of table.rows) {
    const cell = (i: number) => (i >= 0 && i < cells.length ? cells[i] : '');
    const metric = cell(col.metric);
    const name = cell(col.name);
    if (metric === '' || name === '') continue;
    const launch = launchOf(launches, t, cell(col.id), name);
    if (col.invocations >= 0) {
      const inv = numberCell(cell(col.invocations));
      if (inv !== null && !Number.isNaN(inv) && inv >= 1) launch.invocations = inv;
    }
    if (col.grid >= 0 && launch.grid === '' && !Number.isNaN(product(cell(col.grid)))) launch.grid = cell(col.grid);
    if (col.block >= 0 && launch.block === '' && !Number.isNaN(product(cell(col.block))))
      launch.block = cell(col.block);
    // Launch Statistics rows give the sizes as counts when the layout has no size columns.
    const size =
      metric === 'Grid Size' || metric === 'launch__grid_size'
        ? 'grid'
        : metric === 'Block Size' || metric === 'launch__block_size'
          ? 'block'
          : undefined;
    if (size) {
      if (launch[size] === '' && !Number.isNaN(product(cell(valueCol)))) launch[size] = cell(valueCol);
    } else record(launch, metric, cell(col.unit), cell(valueCol), file, line, h[valueCol]);
  }
}

function readRaw(table: CsvTable, t: number, file: string, launches: Map<string, Launch>): void {
  const h = table.header;
  const idCol = h.indexOf('ID');
  const nameCol = h.indexOf('Kernel Name');
  const sizeCols = new Map<number, 'grid' | 'block'>();
  h.forEach((c, j) => {
    if (c === 'Grid Size' || c === 'launch__grid_size') sizeCols.set(j, 'grid');
    if (c === 'Block Size' || c === 'launch__block_size') sizeCols.set(j, 'block');
  });
  let units: string[] = [];
  for (const [r, { cells, line }] of table.rows.entries()) {
    const cell = (i: number) => (i >= 0 && i < cells.length ? cells[i] : '');
    if (cell(nameCol) === '') {
      // The units row sits right under the header; a later row without a kernel name is junk.
      if (r === 0) units = cells;
      continue;
    }
    const launch = launchOf(launches, t, idCol >= 0 ? cell(idCol) : `row ${line}`, cell(nameCol));
    for (let j = 0; j < h.length; j++) {
      if (j === idCol || j === nameCol) continue;
      const size = sizeCols.get(j);
      if (size) {
        if (launch[size] === '' && !Number.isNaN(product(cell(j)))) launch[size] = cell(j);
        continue;
      }
      record(launch, h[j], j < units.length ? units[j] : '', cell(j), file, line, h[j]);
    }
  }
}

function value(l: Launch, k: MetricKey): number {
  const acc = l.metrics.get(k);
  return acc ? acc.sum / acc.n : NaN;
}

/** ms per invocation: measured, or derived from cycles and clock. */
function durationOf(l: Launch): { ms: number; derived: boolean } {
  const measured = value(l, 'duration');
  if (!Number.isNaN(measured)) return { ms: measured, derived: false };
  const cycles = value(l, 'cycles');
  const hz = value(l, 'cyclesPerSecond');
  if (cycles >= 0 && hz > 0) return { ms: (cycles / hz) * 1000, derived: true };
  return { ms: NaN, derived: false };
}

/** Blocks or threads in "(304, 1, 1)", or a count as a metric writes it ("1,712"). */
const product = (text: string) =>
  (text.includes('(') ? dims(text) : dims(text.replace(/,/g, '')))?.reduce((a, b) => a * b, 1) ?? NaN;
const heaviestFirst = (a: KernelProfile, b: KernelProfile) =>
  (b.durationMs || 0) - (a.durationMs || 0) ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : a.gridBlocks - b.gridBlocks);

/** One profile per kernel name and launch shape, heaviest first. */
function combine(launches: readonly Launch[]): KernelProfile[] {
  const groups = new Map<string, Launch[]>();
  for (const l of launches) {
    const key = shapeKey({ name: l.name, gridBlocks: product(l.grid), blockThreads: product(l.block) });
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const out: KernelProfile[] = [];
  for (const list of groups.values()) {
    const weight = (l: Launch) => durationOf(l).ms * l.invocations;
    const allTimed = list.every((l) => weight(l) > 0);
    const mean = (pick: (l: Launch) => number) =>
      weightedMean(list.map((l) => [pick(l), allTimed ? weight(l) : l.invocations] as const));
    const durations = list.map(weight);
    const sectors = list.reduce((s, l) => s + value(l, 'sectors') * l.invocations, 0);
    const requests = list.reduce((s, l) => s + value(l, 'requests') * l.invocations, 0);
    const first = list[0];
    out.push({
      name: first.name,
      launches: list.reduce((s, l) => s + l.invocations, 0),
      grid: first.grid,
      block: first.block,
      gridBlocks: product(first.grid),
      blockThreads: product(first.block),
      durationMs: durations.some((d) => !Number.isNaN(d))
        ? durations.reduce((s, d) => s + (Number.isNaN(d) ? 0 : d), 0)
        : NaN,
      durationDerived: list.some((l) => durationOf(l).derived),
      smPct: mean((l) => value(l, 'sm')),
      dramPct: mean((l) => value(l, 'dram')),
      l1Pct: mean((l) => value(l, 'l1')),
      l2Pct: mean((l) => value(l, 'l2')),
      memoryPct: mean((l) => value(l, 'memory')),
      occupancyPct: mean((l) => value(l, 'occupancy')),
      theoreticalOccupancyPct: mean((l) => value(l, 'theoreticalOccupancy')),
      issueActivePct: mean((l) => value(l, 'issueActive')),
      waves: mean((l) => value(l, 'waves')),
      sectorsPerRequest: requests > 0 ? sectors / requests : mean((l) => value(l, 'sectorsPerRequest')),
      registersPerThread: mean((l) => value(l, 'registers')),
      stalls: stallShares(list, allTimed ? weight : (l) => l.invocations),
    });
  }
  return out.sort(heaviestFirst);
}

/** Values weighted; one value, or values that agree, come back as they are (no rounding from weighting). */
function weightedMean(values: readonly (readonly [number, number])[]): number {
  const known = values.filter(([v]) => !Number.isNaN(v));
  if (known.length > 0 && known.every(([v]) => v === known[0][0])) return known[0][0];
  let sum = 0;
  let w = 0;
  for (const [v, lw] of known) {
    sum += v * lw;
    w += lw;
  }
  return w > 0 ? sum / w : NaN;
}

/** Profiles of one kernel from several exports: durations add, percentages weighted by duration. */
function mergeProfiles(list: readonly KernelProfile[]): KernelProfile {
  const timed = list.every((k) => k.durationMs > 0);
  const w = (k: KernelProfile) => (timed ? k.durationMs : k.launches);
  const mean = (pick: (k: KernelProfile) => number) => weightedMean(list.map((k) => [pick(k), w(k)] as const));
  const reasons = new Map<string, number>();
  let weights = 0;
  for (const k of list) {
    if (k.stalls.length === 0) continue;
    weights += w(k);
    for (const s of k.stalls) reasons.set(s.reason, (reasons.get(s.reason) ?? 0) + s.share * w(k));
  }
  const durations = list.map((k) => k.durationMs).filter((d) => !Number.isNaN(d));
  return {
    ...list[0],
    launches: list.reduce((s, k) => s + k.launches, 0),
    durationMs: durations.length ? durations.reduce((a, b) => a + b, 0) : NaN,
    durationDerived: list.some((k) => k.durationDerived),
    smPct: mean((k) => k.smPct),
    dramPct: mean((k) => k.dramPct),
    l1Pct: mean((k) => k.l1Pct),
    l2Pct: mean((k) => k.l2Pct),
    memoryPct: mean((k) => k.memoryPct),
    occupancyPct: mean((k) => k.occupancyPct),
    theoreticalOccupancyPct: mean((k) => k.theoreticalOccupancyPct),
    issueActivePct: mean((k) => k.issueActivePct),
    waves: mean((k) => k.waves),
    sectorsPerRequest: mean((k) => k.sectorsPerRequest),
    registersPerThread: mean((k) => k.registersPerThread),
    stalls:
      weights > 0
        ? [...reasons]
            .map(([reason, v]) => ({ reason, share: v / weights }))
            .sort((a, b) => b.share - a.share || (a.reason < b.reason ? -1 : 1))
        : [],
  };
}

/** Per launch, the best stall family it has, as shares; then averaged over launches. */
function stallShares(list: readonly Launch[], weight: (l: Launch) => number): StallShare[] {
  const total = new Map<string, number>();
  let weights = 0;
  for (const l of list) {
    const families = [...l.stalls.keys()].map((k) => Number(k.split('\u0000')[0]));
    if (families.length === 0) continue;
    const best = Math.min(...families);
    const values = [...l.stalls]
      .filter(([k]) => Number(k.split('\u0000')[0]) === best)
      .map(([k, a]) => [k.split('\u0000')[1], a.sum / a.n] as const);
    const sum = values.reduce((s, [, v]) => s + Math.max(0, v), 0);
    if (!(sum > 0)) continue;
    const w = weight(l);
    weights += w;
    for (const [reason, v] of values) total.set(reason, (total.get(reason) ?? 0) + (Math.max(0, v) / sum) * w);
  }
  if (!(weights > 0)) return [];
  return [...total]
    .map(([reason, v]) => ({ reason, share: v / weights }))
    .sort((a, b) => b.share - a.share || (a.reason < b.reason ? -1 : 1));
}
