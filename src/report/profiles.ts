// The profiler exports of a run, as the report shows them: STEP 3's three-way split per side, how it
// and the kernel times moved, and STEP 4's regime of the top kernels, kernel by kernel against the
// baseline. Every file of a side is one run: nsys reports written one per file are combined into one
// profile, several Nsight Compute exports into one kernel list; of several step profiles, the one
// with a timeline is used (a trace), and summaries only fill what it lacks (OS-runtime lock and
// socket waits from nsys osrt_sum). Several traces on a side are ranks or repeats: the slowest step
// is shown (a synchronous step waits for its slowest rank), the others named.

import {
  classifyKernel,
  type LatencyCause,
  type MemoryUnit,
  type Regime,
  type RegimeResult,
} from '../diagnose/profile/regime';
import { compareKernels, type KernelComparison } from '../diagnose/profile/compare-kernels';
import { compareKernelTimes, type KernelTimeComparison } from '../diagnose/profile/compare-kernel-times';
import { compareSplits, type SplitComparison } from '../diagnose/profile/compare-splits';
import type { ProfileInput } from '../ingest/profile/read';
import { splitStep, type StepSplit } from '../diagnose/profile/split';
import { mergeNcu, type KernelProfile, type NcuReport } from '../ingest/profile/ncu';
import { nsysTotals } from '../ingest/profile/nsys-totals';
import type { Engine, KernelTime, ProfileTotals, ThreadBusy } from '../model/profile';

export interface SplitView extends StepSplit {
  file: string;
  format: string;
  /** The steps the numbers are per (found or given). */
  steps: number;
  /** 'sum' when GPU time adds up durations (can exceed busy time when streams overlap). */
  gpuTimeKind: 'union' | 'sum';
  engine: Engine;
  /** Host threads that worked, busiest first (traces). */
  threads: ThreadBusy[];
  topKernels: KernelTime[];
  notes: string[];
}

export interface KernelView {
  name: string;
  /** Launch shape as the export writes it ("(448, 1, 1)"), "" when not recorded. */
  grid: string;
  block: string;
  ms: number;
  share: number;
  launches: number;
  durationDerived: boolean;
  regime: Regime | undefined;
  unit?: MemoryUnit;
  cause?: LatencyCause;
  counters: RegimeResult['counters'];
  evidence: string;
  fixes: readonly string[];
}

export interface ProfileReport {
  split?: { base?: SplitView; head?: SplitView; comparison?: SplitComparison; kernels?: KernelTimeComparison };
  kernels?: { baseFile?: string; headFile?: string; top: KernelView[]; comparison?: KernelComparison };
  /** How the files of each side were combined, and what was not used and why. */
  notes: string[];
}

export interface ProfileInputs {
  base: ProfileInput[];
  head: ProfileInput[];
}

type Split = Extract<ProfileInput, { kind: 'split' }>;

export function profileReport(inputs: ProfileInputs): ProfileReport | undefined {
  const notes: string[] = [];
  const baseSplit = stepProfile(inputs.base, 'baseline', notes);
  const headSplit = stepProfile(inputs.head, 'head', notes);
  const baseKernels = kernelExports(inputs.base);
  const headKernels = kernelExports(inputs.head);
  const report: ProfileReport = { notes };
  if (baseSplit || headSplit) {
    const base = baseSplit ? splitView(baseSplit) : undefined;
    const head = headSplit ? splitView(headSplit) : undefined;
    const kernelTimes =
      baseSplit && headSplit && baseSplit.kernels.length > 0 && headSplit.kernels.length > 0
        ? compareKernelTimes(baseSplit.kernels, headSplit.kernels)
        : undefined;
    report.split = {
      ...(base ? { base } : {}),
      ...(head ? { head } : {}),
      ...(base && head ? { comparison: compareSplits(base, head) } : {}),
      ...(kernelTimes ? { kernels: kernelTimes } : {}),
    };
    if (base && head && base.steps === 1 && head.steps === 1 && base.label === 'all' && head.label === 'all') {
      notes.push(
        'Both sides are per capture (no step marks, no --steps): the comparison holds only if both captures cover the same work.',
      );
    }
  }
  if (baseKernels || headKernels) {
    const shown = (headKernels ?? baseKernels)!.kernels;
    report.kernels = {
      ...(baseKernels ? { baseFile: baseKernels.file } : {}),
      ...(headKernels ? { headFile: headKernels.file } : {}),
      top: kernelViews(shown),
      ...(baseKernels && headKernels ? { comparison: compareKernels(baseKernels.kernels, headKernels.kernels) } : {}),
    };
    notes.push(...(headKernels ?? baseKernels)!.notes);
  }
  return report.split || report.kernels ? report : undefined;
}

/** One step profile for a side, from every step export given for it. */
function stepProfile(list: readonly ProfileInput[], side: string, notes: string[]): ProfileTotals | undefined {
  const splits = list.filter((p): p is Split => p.kind === 'split');
  if (splits.length === 0) return undefined;
  const nsysInputs = splits.filter((p) => p.nsys);
  const nsys =
    nsysInputs.length === 0
      ? undefined
      : nsysInputs.length === 1
        ? nsysInputs[0].totals
        : nsysTotals(
            nsysInputs.map((p) => p.nsys!.stats),
            nsysInputs[0].nsys!.options,
          );
  const traces = splits.filter((p) => p.totals.format === 'torch-chrome-trace').map((p) => p.totals);
  const tables = splits.filter((p) => p.totals.format === 'torch-key-averages').map((p) => p.totals);
  const files = (xs: readonly ProfileTotals[]) => xs.map((x) => x.file).join(', ');
  const slowest = (xs: readonly ProfileTotals[], what: string) => {
    const sorted = [...xs].sort(
      (a, b) => (b.perStep.wallMs || -Infinity) - (a.perStep.wallMs || -Infinity) || (a.file < b.file ? -1 : 1),
    );
    if (sorted.length > 1)
      notes.push(
        `${sorted.length} ${what} on the ${side} side: the slowest step (${sorted[0].file}) is shown, as a synchronous step waits for its slowest rank; also given: ${files(sorted.slice(1))}.`,
      );
    return sorted[0];
  };
  if (traces.length > 0) {
    const trace = slowest(traces, 'traces');
    const unused = [...(nsys ? [nsys] : []), ...tables];
    if (unused.length)
      notes.push(
        `On the ${side} side the trace (${trace.file}) has a timeline; ${files(unused)} of the same run only fill what it lacks.`,
      );
    return withSummaries(trace, nsys);
  }
  if (nsys) {
    if (tables.length)
      notes.push(`On the ${side} side the nsys reports are used; ${files(tables)} not (one step profile per side).`);
    return nsys;
  }
  return slowest(tables, 'key_averages tables');
}

/** A trace's signals, with lock and socket waits from nsys osrt_sum when the trace has no Python frames. */
function withSummaries(trace: ProfileTotals, nsys: ProfileTotals | undefined): ProfileTotals {
  if (!nsys || trace.signals.measured.blocking || !nsys.signals.measured.blocking) return trace;
  const s = nsys.signals;
  return {
    ...trace,
    signals: {
      ...trace.signals,
      lockCalls: s.lockCalls,
      lockMs: s.lockMs,
      networkCalls: s.networkCalls,
      networkMs: s.networkMs,
      measured: { ...trace.signals.measured, blocking: true },
    },
    notes: [...trace.notes, `Lock and socket waits from ${nsys.file} (osrt_sum, every thread of the capture).`],
  };
}

function kernelExports(list: readonly ProfileInput[]): NcuReport | undefined {
  const reports = list
    .filter((p): p is Extract<ProfileInput, { kind: 'kernels' }> => p.kind === 'kernels')
    .map((p) => p.ncu);
  return reports.length ? mergeNcu(reports) : undefined;
}

function splitView(totals: ProfileTotals): SplitView {
  return {
    ...splitStep(totals),
    file: totals.file,
    format: totals.format,
    steps: totals.stepCount,
    gpuTimeKind: totals.gpuTimeKind,
    engine: totals.engine,
    threads: totals.threads,
    topKernels: totals.topKernels,
    notes: totals.notes,
  };
}

function kernelViews(kernels: readonly KernelProfile[]): KernelView[] {
  // The list comes heaviest first, kernels without a duration last (ncu.ts).
  const sum = kernels.reduce((s, k) => s + (Number.isNaN(k.durationMs) ? 0 : k.durationMs), 0);
  return kernels.slice(0, 5).map((k) => {
    const regime = classifyKernel(k);
    return {
      name: k.name,
      grid: k.grid,
      block: k.block,
      ms: k.durationMs,
      share: sum > 0 ? k.durationMs / sum : NaN,
      launches: k.launches,
      durationDerived: k.durationDerived,
      regime: regime.regime,
      ...(regime.unit ? { unit: regime.unit } : {}),
      ...(regime.cause ? { cause: regime.cause } : {}),
      counters: regime.counters,
      evidence: regime.evidence,
      fixes: regime.fixes,
    };
  });
}
