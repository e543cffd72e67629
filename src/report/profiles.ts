// The profiler exports of a run, as the report shows them: STEP 3's three-way split per side and
// how it moved, and STEP 4's regime of the top kernels, kernel by kernel against the baseline.

import { classifyKernel, type Regime } from '../profile/regime';
import { compareKernels, topKernels, type KernelComparison } from '../profile/compare-kernels';
import { compareSplits, type SplitComparison } from '../profile/compare-splits';
import type { ProfileInput } from '../profile/read';
import { splitStep, type StepSplit } from '../profile/split';
import type { KernelProfile } from '../profile/ncu';
import type { ProfileTotals } from '../profile/types';

export interface SplitView extends StepSplit {
  file: string;
  format: string;
  steps: number;
  /** 'sum' when GPU time adds up durations (an upper bound when streams overlap). */
  gpuTimeKind: 'union' | 'sum';
  notes: string[];
}

export interface KernelView {
  name: string;
  ms: number;
  share: number;
  launches: number;
  regime: Regime | undefined;
  evidence: string;
  fixes: readonly string[];
}

export interface ProfileReport {
  split?: { base?: SplitView; head?: SplitView; comparison?: SplitComparison };
  kernels?: { baseFile?: string; headFile?: string; top: KernelView[]; comparison?: KernelComparison };
  /** Extra files of one kind on a side, not used (one profile a side is compared). */
  notes: string[];
}

export interface ProfileInputs {
  base: ProfileInput[];
  head: ProfileInput[];
}

export function profileReport(inputs: ProfileInputs): ProfileReport | undefined {
  const notes: string[] = [];
  const first = <K extends ProfileInput['kind']>(list: ProfileInput[], kind: K, side: string) => {
    const found = list.filter((p): p is Extract<ProfileInput, { kind: K }> => p.kind === kind);
    if (found.length > 1) notes.push(`${found.length} ${kind === 'split' ? 'step profiles' : 'Nsight Compute exports'} on the ${side} side: the first is used`);
    return found[0];
  };
  const baseSplit = first(inputs.base, 'split', 'baseline');
  const headSplit = first(inputs.head, 'split', 'head');
  const baseKernels = first(inputs.base, 'kernels', 'baseline');
  const headKernels = first(inputs.head, 'kernels', 'head');
  const report: ProfileReport = { notes };
  if (baseSplit || headSplit) {
    const base = baseSplit ? splitView(baseSplit.totals) : undefined;
    const head = headSplit ? splitView(headSplit.totals) : undefined;
    report.split = { ...(base ? { base } : {}), ...(head ? { head } : {}), ...(base && head ? { comparison: compareSplits(base, head) } : {}) };
  }
  if (baseKernels || headKernels) {
    const shown = (headKernels ?? baseKernels)!.ncu.kernels;
    report.kernels = {
      ...(baseKernels ? { baseFile: baseKernels.ncu.file } : {}),
      ...(headKernels ? { headFile: headKernels.ncu.file } : {}),
      top: kernelViews(shown),
      ...(baseKernels && headKernels ? { comparison: compareKernels(baseKernels.ncu.kernels, headKernels.ncu.kernels) } : {}),
    };
    notes.push(...(headKernels ?? baseKernels)!.ncu.notes);
  }
  return report.split || report.kernels ? report : undefined;
}

function splitView(totals: ProfileTotals): SplitView {
  return { ...splitStep(totals), file: totals.file, format: totals.format, steps: totals.steps.length, gpuTimeKind: totals.gpuTimeKind, notes: totals.notes };
}

function kernelViews(kernels: readonly KernelProfile[]): KernelView[] {
  const byName = new Map(kernels.map((k) => [k.name, k]));
  return topKernels(kernels, 5).map((t) => {
    const regime = classifyKernel(byName.get(t.name)!);
    return { name: t.name, ms: t.ms, share: t.share, launches: t.launches, regime: regime.regime, evidence: regime.evidence, fixes: regime.fixes };
  });
}
