// The §6 split from nsys summary reports. Summaries have no timeline, so:
//   wall   the step NVTX ranges: Σ total time / Σ instances of the ranges named options.stepRange, or
//          of ProfilerStep#N ranges; else options.wallMs; else unknown.
//   gpu    (Σ kernel time except NCCL + Σ memcpy/memset time) / steps. A sum: kernels overlapping on
//          several streams count twice, so it is an upper bound on GPU busy time.
//   cpu    unknown: no summary report gives host busy time (osrt_sum is time *blocked* in OS calls).
// Per-step values divide whole-capture totals by the number of steps: when the capture also holds
// warm-up or idle time, restrict it (nsys profile --capture-range=nvtx or cudaProfilerApi).

import { InputError } from '../ingest/errors';
import { isCollective, isDeviceToHost, isLockCall, isNetworkCall, isSyncCall } from './names';
import type { NsysEntry, NsysReport, NsysReportKind, NsysStats } from './nsys-stats';
import { emptySignals, meanStep, type ProfileTotals, type StepTotals } from './types';

export interface NsysOptions {
  /** Name of the NVTX range that marks one step (a leading ":" domain separator is ignored). */
  stepRange?: string;
  /** Wall clock of one step in ms, when no step range is in the capture. */
  wallMs?: number;
  /** Steps in the capture, when no step range is in the capture (default 1). */
  steps?: number;
}

export function nsysTotals(inputs: NsysStats | readonly NsysStats[], options: NsysOptions = {}): ProfileTotals {
  const list = Array.isArray(inputs) ? inputs : [inputs as NsysStats];
  const byKind = new Map<NsysReportKind, { report: NsysReport; file: string }>();
  for (const stats of list) {
    for (const report of stats.reports) {
      const seen = byKind.get(report.kind);
      if (seen) {
        throw new InputError(stats.file, `nsys stats CSV: a second ${report.kind} report (the first is in ${seen.file}); give one of each per side`, report.headerLine);
      }
      byKind.set(report.kind, { report, file: stats.file });
    }
  }
  const entries = (kind: NsysReportKind): NsysEntry[] | undefined => byKind.get(kind)?.report.entries;
  const file = list.map((s) => s.file).join(' + ');
  const notes: string[] = [];
  const sum = (xs: readonly NsysEntry[]) => xs.reduce((s, e) => s + e.totalMs, 0);
  const calls = (xs: readonly NsysEntry[]) => xs.reduce((s, e) => s + e.count, 0);

  const nvtx = entries('nvtx') ?? [];
  const rangeName = (n: string) => n.replace(/^:/, '').trim();
  const stepRanges = options.stepRange !== undefined
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
    notes.push(
      Number.isNaN(wallMs)
        ? `No NVTX step range${options.stepRange ? ` named "${options.stepRange}"` : ''} and no wall clock given: the split needs the step time.`
        : `Wall clock ${wallMs} ms per step and ${steps} step(s) as given.`,
    );
  }

  const kernels = entries('kernels');
  const memops = entries('memops');
  const api = entries('cuda-api');
  const osrt = entries('osrt');
  const per = (ms: number) => ms / steps;
  const nccl = kernels?.filter((e) => isCollective(e.name)) ?? [];
  const gpuMs = kernels || memops ? per(sum(kernels?.filter((e) => !isCollective(e.name)) ?? []) + sum(memops ?? [])) : NaN;
  const collectiveMs = kernels ? per(sum(nccl)) : NaN;
  const step: StepTotals = { label: steps > 1 ? `mean of ${steps} steps` : 'all', wallMs, cpuMs: NaN, gpuMs, collectiveMs, idleMs: NaN, hostGapMs: NaN };

  const signals = emptySignals({ cudaApi: api !== undefined, blocking: osrt !== undefined, kernels: kernels !== undefined });
  if (api) {
    const sync = api.filter((e) => isSyncCall(e.name));
    signals.syncCalls = calls(sync) / steps;
    signals.syncMs = per(sum(sync));
  }
  signals.itemCalls = NaN;
  signals.d2hCopies = memops ? calls(memops.filter((e) => isDeviceToHost(e.name))) / steps : NaN;
  if (kernels) {
    signals.collectiveCalls = calls(nccl) / steps;
    signals.collectiveMs = collectiveMs;
  }
  if (osrt) {
    const locks = osrt.filter((e) => isLockCall(e.name));
    const net = osrt.filter((e) => isNetworkCall(e.name));
    signals.lockCalls = calls(locks) / steps;
    signals.lockMs = per(sum(locks));
    signals.networkCalls = calls(net) / steps;
    signals.networkMs = per(sum(net));
    notes.push('OS runtime times (osrt_sum) add up every thread over the whole capture: a helper thread parked in poll or a condition wait shows here too.');
  }
  notes.push('CPU time not measured: nsys summary reports carry no host busy time.');
  if (kernels) notes.push('GPU time is a sum of kernel durations: kernels overlapping on several streams count twice (an upper bound on busy time).');
  else notes.push('No cuda_gpu_kern_sum report: GPU kernel time not measured.');
  const ncclRanges = nvtx.filter((e) => isCollective(e.name));
  if (ncclRanges.length > 0) notes.push(`${calls(ncclRanges)} NCCL NVTX range instance(s) in the capture.`);

  const topKernels = (kernels ?? [])
    .slice()
    .sort((a, b) => b.totalMs - a.totalMs)
    .slice(0, 10)
    .map((e) => ({ name: e.name, ms: per(e.totalMs), count: e.count / steps }));
  return { file, format: 'nsys-stats', steps: [step], perStep: meanStep([step]), signals, gpuTimeKind: 'sum', topKernels, notes };
}
