// The §6 split from nsys summary reports — one file holding several reports, or one file per report
// as `nsys stats --report a,b --format csv --output X` writes them (X_cuda_gpu_kern_sum.csv,
// X_cuda_api_sum.csv, …): every report of one side is read into one profile. Summaries have no
// timeline, so:
//   wall   the step NVTX ranges: Σ total time / Σ instances of the ranges named options.stepRange, or
//          of ProfilerStep#N ranges; else options.wallMs; else unknown.
//   gpu    (Σ kernel time except communication + Σ memcpy/memset time) / steps. A sum: kernels
//          overlapping on several streams count twice, so it can exceed the busy time (and the wall).
//   comm.  Σ communication kernel time (NCCL, DeepEP, custom all-reduce, …: names.ts) / steps.
//   cpu    unknown: no summary report gives host busy time (osrt_sum is time *blocked* in OS calls).
// Per-step values divide whole-capture totals by the number of steps: when the capture also holds
// warm-up or idle time, restrict it (nsys profile --capture-range=nvtx or cudaProfilerApi).

import { InputError } from '../errors';
import { communicationLibrary, isDeviceToHost, isLockCall, isNetworkCall, isSyncCall } from './names';
import type { NsysEntry, NsysReport, NsysReportKind, NsysStats } from './nsys-stats';
import { emptySignals, meanStep, type KernelTime, type ProfileTotals, type StepTotals } from '../../model/profile';

export interface NsysOptions {
  /** Name of the NVTX range that marks one step (a leading ":" domain separator is ignored). */
  stepRange?: string;
  /** Wall clock of one step in ms, when no step range is in the capture. */
  wallMs?: number;
  /** Steps in the capture, when no step range is in the capture (default 1). */
  steps?: number;
}

const REPORT_NAMES: Record<NsysReportKind, string> = {
  kernels: 'cuda_gpu_kern_sum',
  memops: 'cuda_gpu_mem_time_sum',
  'cuda-api': 'cuda_api_sum',
  osrt: 'osrt_sum',
  nvtx: 'nvtx_sum',
};

export function nsysTotals(inputs: NsysStats | readonly NsysStats[], options: NsysOptions = {}): ProfileTotals {
  // In file-name order: the files of a side may come in any order and must give the same profile.
  const list: readonly NsysStats[] = (Array.isArray(inputs) ? [...inputs] : [inputs as NsysStats]).sort((a, b) =>
    a.file < b.file ? -1 : a.file > b.file ? 1 : 0,
  );
  const byKind = new Map<NsysReportKind, { report: NsysReport; file: string }>();
  for (const stats of list) {
    for (const report of stats.reports) {
      const seen = byKind.get(report.kind);
      if (seen) {
        throw new InputError(
          stats.file,
          `nsys stats CSV: a second ${REPORT_NAMES[report.kind]} report (the first is in ${seen.file}): one side takes the reports of one run, one of each`,
          report.headerLine,
        );
      }
      byKind.set(report.kind, { report, file: stats.file });
    }
  }
  const entries = (kind: NsysReportKind): NsysEntry[] | undefined => byKind.get(kind)?.report.entries;
  const file = list.map((s) => s.file).join(' + ');
  const notes: string[] = [];
  if (list.length > 1)
    notes.push(`One run from ${list.length} files: ${[...byKind.keys()].map((k) => REPORT_NAMES[k]).join(', ')}.`);
  const sum = (xs: readonly NsysEntry[]) => xs.reduce((s, e) => s + e.totalMs, 0);
  const calls = (xs: readonly NsysEntry[]) => xs.reduce((s, e) => s + e.count, 0);

  const nvtx = entries('nvtx') ?? [];
  const rangeName = (n: string) => n.replace(/^:/, '').trim();
  const stepRanges =
    options.stepRange !== undefined
      ? nvtx.filter((e) => rangeName(e.name) === rangeName(options.stepRange!))
      : nvtx.filter((e) => /^ProfilerStep#\d+$/.test(rangeName(e.name)));
  let steps = calls(stepRanges);
  let wallMs: number;
  if (steps > 0) {
    wallMs = sum(stepRanges) / steps;
    notes.push(`Wall clock from ${steps} NVTX step range(s) (${options.stepRange ?? 'ProfilerStep#N'}).`);
  } else {
    steps = options.steps !== undefined && options.steps > 0 ? options.steps : 1;
    wallMs = options.wallMs !== undefined && options.wallMs > 0 ? options.wallMs : NaN;
    const per = steps > 1 ? `per step (${steps} steps given)` : 'per capture (no step count given: --steps)';
    notes.push(
      Number.isNaN(wallMs)
        ? `No NVTX step range${options.stepRange ? ` named "${options.stepRange}"` : ''} and no wall clock given (--wall-ms): times are ${per}; the split needs the step time.`
        : `Wall clock ${wallMs} ms and ${steps} step(s) as given.`,
    );
  }

  const kernels = entries('kernels');
  const memops = entries('memops');
  const api = entries('cuda-api');
  const osrt = entries('osrt');
  const per = (ms: number) => ms / steps;
  const comm = kernels?.filter((e) => communicationLibrary(e.name) !== undefined) ?? [];
  const gpuMs =
    kernels || memops
      ? per(sum(kernels?.filter((e) => communicationLibrary(e.name) === undefined) ?? []) + sum(memops ?? []))
      : NaN;
  const collectiveMs = kernels ? per(sum(comm)) : NaN;
  const step: StepTotals = {
    label: steps > 1 ? `mean of ${steps} steps` : 'all',
    wallMs,
    cpuMs: NaN,
    gpuMs,
    collectiveMs,
    collectiveOverlapMs: NaN,
    idleMs: NaN,
    hostGapMs: NaN,
  };

  const signals = emptySignals({
    cudaApi: api !== undefined,
    blocking: osrt !== undefined,
    kernels: kernels !== undefined,
  });
  if (api) {
    const sync = api.filter((e) => isSyncCall(e.name));
    signals.syncCalls = calls(sync) / steps;
    signals.syncMs = per(sum(sync));
  }
  signals.itemCalls = NaN;
  signals.d2hCopies = memops ? calls(memops.filter((e) => isDeviceToHost(e.name))) / steps : NaN;
  if (kernels) {
    signals.collectiveCalls = calls(comm) / steps;
    signals.collectiveMs = collectiveMs;
  }
  if (osrt) {
    const locks = osrt.filter((e) => isLockCall(e.name));
    const net = osrt.filter((e) => isNetworkCall(e.name));
    signals.lockCalls = calls(locks) / steps;
    signals.lockMs = per(sum(locks));
    signals.networkCalls = calls(net) / steps;
    signals.networkMs = per(sum(net));
    notes.push(
      'OS runtime times (osrt_sum) add up every thread over the whole capture: a helper thread parked in poll or a condition wait shows here too.',
    );
  }
  notes.push('CPU time not measured: nsys summary reports carry no host busy time.');
  if (kernels)
    notes.push(
      'GPU time is a sum of kernel durations: kernels overlapping on several streams count twice (busy time is at most that).',
    );
  else notes.push('No cuda_gpu_kern_sum report: GPU kernel time not measured.');
  const commRanges = nvtx.filter((e) => communicationLibrary(e.name) !== undefined);
  if (commRanges.length > 0) notes.push(`${calls(commRanges)} communication NVTX range instance(s) in the capture.`);

  const kernelTimes: KernelTime[] = (kernels ?? [])
    .map((e) => {
      const communication = communicationLibrary(e.name);
      return { name: e.name, ms: per(e.totalMs), count: e.count / steps, ...(communication ? { communication } : {}) };
    })
    .sort((a, b) => b.ms - a.ms || (a.name < b.name ? -1 : 1));
  return {
    file,
    format: 'nsys-stats',
    steps: [step],
    stepCount: steps,
    perStep: meanStep([step]),
    signals,
    gpuTimeKind: 'sum',
    engine: engineOf(kernels ?? [], nvtx),
    topKernels: kernelTimes.slice(0, 10),
    kernels: kernelTimes,
    threads: [],
    notes,
  };
}

/** PyTorch leaves its mark in kernel names (at::native::) and NVTX ranges (aten::); anything else is a native engine. */
function engineOf(kernels: readonly NsysEntry[], nvtx: readonly NsysEntry[]): 'pytorch' | 'native' {
  return kernels.some((e) => /\bat::native::|\bc10::/.test(e.name)) || nvtx.some((e) => /^:?aten::/.test(e.name))
    ? 'pytorch'
    : 'native';
}
