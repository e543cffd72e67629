// Any profiler export perf-triage reads, recognised from its first KiB (gzip is undone by the file
// layer, src/io): a PyTorch profiler Chrome trace, a key_averages() table (JSON or CSV), Nsight
// Systems `nsys stats` CSVs (the three-way split), or an Nsight Compute CSV (kernel regimes). The
// error for anything else lists what was looked for. nsys reports keep their parsed tables: the
// per-report files of one run are combined into one profile per side (report/profiles.ts).

import { InputError } from '../errors';
import type { TextSource } from '../source';
import { readNcu, type NcuReport } from './ncu';
import { nsysTotals } from './nsys-totals';
import { readNsysStats, type NsysStats } from './nsys-stats';
import { readKeyAverages } from './torch-key-averages';
import { readTorchTrace } from './torch-trace';
import type { ProfileTotals } from '../../model/profile';

export type ProfileKind = 'torch-chrome-trace' | 'torch-key-averages' | 'nsys-stats' | 'ncu';

export type ProfileInput =
  | { kind: 'split'; totals: ProfileTotals; nsys?: { stats: NsysStats; options: ProfileReadOptions } }
  | { kind: 'kernels'; ncu: NcuReport };

export interface ProfileReadOptions {
  /** Wall clock per step, for exports that carry none (key_averages without ProfilerStep rows, nsys without NVTX). */
  wallMs?: number;
  /** Steps the export covers, when it does not mark them. */
  steps?: number;
  /** The annotation (trace) or NVTX range (nsys) that marks one step, when not ProfilerStep#N. */
  stepRange?: string;
}

/** The kind of profile the text starts like, or why it is none. */
export function detectProfile(head: string): ProfileKind | { error: string } {
  if (/^\u001f(?:\u008b|\uFFFD)/.test(head))
    return { error: 'gzip-compressed data that was not decompressed (read it from a file, or gunzip it first)' };
  const text = head.replace(/^\uFEFF/, '').trimStart();
  if (/^[[{]/.test(text)) {
    // Kineto writes schemaVersion and deviceProperties first; traceEvents can start past the head.
    if (/"traceEvents"\s*:/.test(text) || /^\{\s*"schemaVersion"\s*:/.test(text) || /^\[\s*\{[^}]*"ph"\s*:/.test(text))
      return 'torch-chrome-trace';
    if (/"(?:self_cpu_time_total|cpu_time_total)"\s*:/.test(text)) return 'torch-key-averages';
    return { error: 'JSON without "traceEvents" (a Chrome trace) or "self_cpu_time_total" (a key_averages table)' };
  }
  if (/"?Kernel Name"?\s*,/.test(text) && (/"?Metric Name"?/.test(text) || /\w__\w/.test(text))) return 'ncu';
  if (/Total Time \((?:ns|us|ms|s)\)/.test(text) || /\.nsys-rep|nsys_stats|cuda_gpu_kern_sum/.test(text))
    return 'nsys-stats';
  if (/(^|,)self_cpu_time_total(,|$)/m.test(text)) return 'torch-key-averages';
  return { error: 'not a Chrome trace, key_averages table, nsys stats CSV or Nsight Compute CSV' };
}

export async function readProfile(source: TextSource, options: ProfileReadOptions = {}): Promise<ProfileInput> {
  const kind = detectProfile(source.head);
  if (typeof kind !== 'string')
    throw new InputError(source.name, `not a profiler export perf-triage reads: ${kind.error}`);
  switch (kind) {
    case 'torch-chrome-trace':
      return {
        kind: 'split',
        totals: await readTorchTrace(source, options.stepRange !== undefined ? { stepRange: options.stepRange } : {}),
      };
    case 'torch-key-averages':
      return { kind: 'split', totals: await readKeyAverages(source, options) };
    case 'nsys-stats': {
      const stats = await readNsysStats(source);
      return { kind: 'split', totals: nsysTotals(stats, options), nsys: { stats, options } };
    }
    case 'ncu':
      return { kind: 'kernels', ncu: await readNcu(source) };
  }
}
