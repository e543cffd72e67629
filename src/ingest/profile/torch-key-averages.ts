// PyTorch profiler `prof.key_averages()` exported as rows: a JSON list of objects or a CSV with
// the same columns (FunctionEventAvg attributes, microseconds). The profiler has no exporter for
// this table, so the rows are whatever the user dumped: the attribute names are the contract.
//
// Field names (torch/autograd/profiler_util.py, FunctionEventAvg): key, count, cpu_time_total,
// self_cpu_time_total, device_time_total, self_device_time_total. Before torch 2.4 the device
// fields were cuda_time_total / self_cuda_time_total (still readable as deprecated aliases);
// self_xpu_time_total and self_privateuse1_time_total are other backends' names.
//
// Summing naively double counts. With the Kineto profiler (torch ≥ 1.8) each kernel is a row of its
// own (device_type CUDA) and the cudaLaunchKernel row that launched it carries the same time as self
// device time; the profiler's own table total sums only the device rows (profiler_util.py
// _build_table). So does this module: GPU time is the sum over device rows — a row is a device row
// by its device_type column or, without one, by having device time and no CPU time (kernels have
// cpu_time_total 0). Without any device row (the legacy profiler) the CPU rows hold the kernel time.
// A device row named like a CPU row is a GPU-side user annotation (record_function shows on both
// timelines) and is skipped; ProfilerStep#N rows are annotations too.
//
// Definitions, per step:
//   wall   Σ cpu_time_total of the CPU ProfilerStep#N rows / number of steps (or options.wallMs).
//   cpu    Σ self_cpu_time_total of the CPU rows that are not annotations, minus the time in host
//          sync calls (cudaStreamSynchronize, …): time spent inside ops, not blocked. Summed over all
//          threads, so a busy helper thread can push it past the wall clock.
//   gpu    Σ self_device_time_total of the device rows except NCCL kernels: a sum, so kernels that
//          overlap on several streams count twice (gpuTimeKind "sum": an upper bound).
//   gap    Σ self_cpu_time_total of the annotation rows: main-thread time inside no op (Python
//          between ops, or blocking outside CUDA calls) — not counted as CPU, see StepTotals.

import { InputError } from '../errors';
import { asObject, own, parseDocument, readDocument } from '../formats/document';
import type { TextSource } from '../source';
import { numberValue } from './cells';
import { readCsvTables } from './csv-table';
import { communicationLibrary, isCollective, isCollectiveOp, isDeviceToHost, isItemOp, isSyncCall } from './names';
import { emptySignals, meanStep, type KernelTime, type ProfileTotals, type StepTotals } from '../../model/profile';

const FORMAT = 'PyTorch key_averages';

export interface KeyAveragesOptions {
  /** Wall clock of one step in ms, when the rows hold no ProfilerStep#N (profile one step, time it yourself). */
  wallMs?: number;
  /** How many steps the rows cover, when they hold no ProfilerStep#N (default 1). */
  steps?: number;
}

export interface KeyAveragesRow {
  key: string;
  count: number;
  selfCpuUs: number;
  cpuTotalUs: number;
  /** NaN when the export has no device column. */
  selfDeviceUs: number;
  /** 'cpu' | 'device' from device_type, or undefined when the export has none. */
  deviceType?: 'cpu' | 'device';
  userAnnotation?: boolean;
}

const ALIASES = {
  key: ['key', 'name', 'Name'],
  count: ['count', 'calls', '# of Calls'],
  selfCpu: ['self_cpu_time_total'],
  cpuTotal: ['cpu_time_total'],
  selfDevice: ['self_device_time_total', 'self_cuda_time_total', 'self_xpu_time_total', 'self_privateuse1_time_total'],
  deviceType: ['device_type'],
  userAnnotation: ['is_user_annotation'],
} as const;

/** Reads rows from JSON (a list, or an object with a `rows` list) or CSV, by the first character. */
export async function readKeyAverages(source: TextSource, options: KeyAveragesOptions = {}): Promise<ProfileTotals> {
  const first = source.head.replace(/^\uFEFF/, '').trimStart()[0];
  const rows = first === '[' || first === '{' ? await jsonRows(source) : await csvRows(source);
  return keyAveragesTotals(rows, source.name, options);
}

async function jsonRows(source: TextSource): Promise<KeyAveragesRow[]> {
  const doc = parseDocument(await readDocument(source, FORMAT), source, FORMAT);
  const obj = asObject(doc);
  const list = Array.isArray(doc) ? doc : (own(obj, 'rows') ?? own(obj, 'key_averages'));
  if (!Array.isArray(list)) {
    throw new InputError(source.name, `${FORMAT}: expected a JSON list of rows (or an object with a "rows" list)`);
  }
  return list.map((item, i) => {
    const row = asObject(item);
    const at = `[${i}]`;
    if (!row) throw new InputError(source.name, `${FORMAT}: row ${i} is not an object`, undefined, at);
    const pick = (names: readonly string[]) => {
      for (const n of names) if (own(row, n) !== undefined) return { name: n, value: own(row, n) };
      return undefined;
    };
    return toRow(source.name, pick, (field) => ({ field: `${at}.${field}` }));
  });
}

async function csvRows(source: TextSource): Promise<KeyAveragesRow[]> {
  const tables = await readCsvTables(source, FORMAT, (cells) => cells.includes('self_cpu_time_total'));
  if (tables.length === 0)
    throw new InputError(source.name, `${FORMAT}: no header row with a "self_cpu_time_total" column`);
  const { header, rows } = tables[0];
  return rows.map(({ cells, line }) => {
    const pick = (names: readonly string[]) => {
      for (const n of names) {
        const i = header.indexOf(n);
        if (i >= 0 && i < cells.length && cells[i] !== '') return { name: n, value: cells[i] as unknown };
      }
      return undefined;
    };
    return toRow(source.name, pick, (field) => ({ field, line }));
  });
}

type Pick = (names: readonly string[]) => { name: string; value: unknown } | undefined;

function toRow(file: string, pick: Pick, where: (field: string) => { field: string; line?: number }): KeyAveragesRow {
  const fail = (field: string, reason: string): never => {
    const w = where(field);
    throw new InputError(file, `${FORMAT}: ${reason}`, w.line, w.field);
  };
  const keyCell = pick(ALIASES.key);
  if (!keyCell || typeof keyCell.value !== 'string' || keyCell.value === '')
    fail('key', 'every row needs a non-empty "key" (or "name")');
  const num = (names: readonly string[], required: boolean): number => {
    const cell = pick(names);
    if (!cell) return required ? fail(names[0], 'missing') : NaN;
    const v = numberValue(cell.value);
    if (v === null) return required ? fail(cell.name, 'missing') : NaN;
    if (Number.isNaN(v)) fail(cell.name, `not a number: ${JSON.stringify(cell.value).slice(0, 40)}`);
    return v;
  };
  const count = num(ALIASES.count, false);
  if (count < 0) fail('count', 'a call count cannot be negative');
  const row: KeyAveragesRow = {
    key: keyCell!.value as string,
    count: Number.isNaN(count) ? 1 : count,
    selfCpuUs: num(ALIASES.selfCpu, true),
    cpuTotalUs: num(ALIASES.cpuTotal, false),
    selfDeviceUs: num(ALIASES.selfDevice, false),
  };
  const type = pick(ALIASES.deviceType);
  if (type)
    row.deviceType =
      deviceType(type.value) ?? fail(type.name, `unknown device type ${JSON.stringify(type.value).slice(0, 40)}`);
  const annotation = pick(ALIASES.userAnnotation);
  if (annotation) row.userAnnotation = truthy(annotation.value) ?? fail(annotation.name, 'expected true or false');
  return row;
}

/** "DeviceType.CPU", "CPU", 0 → cpu; "DeviceType.CUDA", "cuda", other enum values → device. */
function deviceType(value: unknown): 'cpu' | 'device' | undefined {
  if (typeof value === 'number')
    return value === 0 ? 'cpu' : Number.isInteger(value) && value > 0 ? 'device' : undefined;
  if (typeof value !== 'string') return undefined;
  const t = value
    .trim()
    .replace(/^DeviceType\./i, '')
    .toLowerCase();
  if (t === 'cpu' || t === '0') return 'cpu';
  return /^(?:cuda|hip|xpu|mps|mtia|hpu|privateuse1|meta|[1-9]\d*)$/.test(t) ? 'device' : undefined;
}

function truthy(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1 || value === 0) return value === 1;
  if (typeof value !== 'string') return undefined;
  const t = value.trim().toLowerCase();
  return t === 'true' || t === '1' ? true : t === 'false' || t === '0' ? false : undefined;
}

const STEP = /^ProfilerStep(?:#\d+|\*)$/;

export function keyAveragesTotals(
  rows: readonly KeyAveragesRow[],
  file: string,
  options: KeyAveragesOptions = {},
): ProfileTotals {
  if (rows.length === 0) throw new InputError(file, `${FORMAT}: no rows`);
  const notes: string[] = [];
  const hasDeviceColumn = rows.some((r) => !Number.isNaN(r.selfDeviceUs));
  const isDevice = (r: KeyAveragesRow) =>
    r.deviceType !== undefined
      ? r.deviceType === 'device'
      : !(r.cpuTotalUs > 0) && !(r.selfCpuUs !== 0) && r.selfDeviceUs > 0;
  const cpuRows = rows.filter((r) => !isDevice(r));
  const deviceRows = rows.filter(isDevice);
  const cpuKeys = new Set(cpuRows.map((r) => r.key));
  const isAnnotation = (r: KeyAveragesRow) => r.userAnnotation === true || STEP.test(r.key);
  const kineto = deviceRows.length > 0;

  const stepRows = cpuRows.filter((r) => STEP.test(r.key));
  const stepCount = stepRows.reduce((n, r) => n + r.count, 0);
  let steps: number;
  let wallMs: number;
  if (stepCount > 0) {
    steps = stepCount;
    wallMs = stepRows.reduce((s, r) => s + (Number.isNaN(r.cpuTotalUs) ? NaN : r.cpuTotalUs), 0) / 1000 / steps;
  } else {
    steps = options.steps !== undefined && options.steps > 0 ? options.steps : 1;
    wallMs = options.wallMs !== undefined && options.wallMs > 0 ? options.wallMs : NaN;
    notes.push(
      Number.isNaN(wallMs)
        ? 'No ProfilerStep#N rows and no wall clock given: the split needs the step time (profile with a schedule and prof.step(), or pass wallMs).'
        : `No ProfilerStep#N rows: wall clock ${wallMs} ms per step and ${steps} step(s) as given.`,
    );
  }

  const per = (us: number) => us / 1000 / steps;
  const sum = (list: readonly KeyAveragesRow[], pick: (r: KeyAveragesRow) => number) =>
    list.reduce((s, r) => s + pick(r), 0);
  const opRows = cpuRows.filter((r) => !isAnnotation(r));
  const syncRows = cpuRows.filter((r) => isSyncCall(r.key));
  const syncUs = sum(syncRows, (r) => r.selfCpuUs);
  const cpuMs = per(sum(opRows, (r) => r.selfCpuUs) - syncUs);
  const hostGapMs = stepCount > 0 ? per(sum(cpuRows.filter(isAnnotation), (r) => r.selfCpuUs)) : NaN;

  // Rows whose self device time is kernel time: the device rows (Kineto) or the CPU rows (legacy).
  const gpuRows = (kineto ? deviceRows.filter((r) => !cpuKeys.has(r.key)) : opRows).filter((r) => !isAnnotation(r));
  const collectiveRows = gpuRows.filter((r) => isCollective(r.key));
  const gpuMs = hasDeviceColumn ? per(sum(gpuRows, (r) => (isCollective(r.key) ? 0 : r.selfDeviceUs || 0))) : NaN;
  const collectiveMs = hasDeviceColumn ? per(sum(collectiveRows, (r) => r.selfDeviceUs || 0)) : NaN;
  if (kineto && deviceRows.some((r) => cpuKeys.has(r.key) && !STEP.test(r.key))) {
    notes.push('Device rows named like CPU rows were taken for GPU-side user annotations and left out of GPU time.');
  }
  if (!hasDeviceColumn)
    notes.push(
      'No self_device_time_total (or self_cuda_time_total) column: GPU time not measured (a CPU-only profile).',
    );
  else
    notes.push(
      'GPU time is a sum of kernel self times, as the profiler table totals it: kernels overlapping on several streams count twice (an upper bound on busy time).',
    );
  notes.push('CPU time is time inside recorded ops summed over every thread, minus time blocked in CUDA sync calls.');
  const negative = rows.filter((r) => r.selfCpuUs < 0 || r.selfDeviceUs < 0).length;
  if (negative > 0)
    notes.push(`${negative} row(s) have a negative self time (a known profiler artefact); they were summed as given.`);

  const scalarReads = cpuRows.filter((r) => r.key === 'aten::_local_scalar_dense');
  const signals = emptySignals({ cudaApi: true, blocking: false, kernels: kineto });
  signals.syncCalls = sum(syncRows, (r) => r.count) / steps;
  signals.syncMs = per(syncUs);
  signals.itemCalls =
    sum(scalarReads.length > 0 ? scalarReads : cpuRows.filter((r) => isItemOp(r.key)), (r) => r.count) / steps;
  if (kineto) {
    signals.d2hCopies =
      sum(
        deviceRows.filter((r) => isDeviceToHost(r.key)),
        (r) => r.count,
      ) / steps;
    signals.collectiveCalls = sum(collectiveRows, (r) => r.count) / steps;
    signals.collectiveMs = collectiveMs;
  } else {
    const ops = cpuRows.filter((r) => isCollectiveOp(r.key));
    if (ops.length > 0) {
      signals.collectiveCalls = sum(ops, (r) => r.count) / steps;
      signals.collectiveMs = collectiveMs;
    }
  }

  const step: StepTotals = {
    label: steps > 1 ? `mean of ${steps} steps` : stepCount > 0 ? stepRows[0].key : 'all',
    wallMs,
    cpuMs,
    gpuMs,
    collectiveMs,
    collectiveOverlapMs: NaN,
    idleMs: NaN,
    hostGapMs,
  };
  const kernels: KernelTime[] = hasDeviceColumn
    ? gpuRows
        .filter((r) => r.selfDeviceUs > 0)
        .sort((a, b) => b.selfDeviceUs - a.selfDeviceUs || (a.key < b.key ? -1 : 1))
        .map((r) => {
          const communication = communicationLibrary(r.key);
          return {
            name: r.key,
            ms: per(r.selfDeviceUs),
            count: r.count / steps,
            ...(communication ? { communication } : {}),
          };
        })
    : [];
  return {
    file,
    format: 'torch-key-averages',
    steps: [step],
    stepCount: steps,
    perStep: meanStep([step]),
    signals,
    gpuTimeKind: 'sum',
    engine: 'pytorch',
    topKernels: kernels.slice(0, 10),
    kernels,
    threads: [],
    notes,
  };
}
