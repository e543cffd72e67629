// What every profile parser returns for the §6 three-way split: per step, the wall clock, the time
// the host and the GPU were busy, and the signals that say what a blocked step waited on. Times are
// milliseconds; NaN means "this export cannot tell", never zero.

export type ProfileFormat = 'torch-key-averages' | 'torch-chrome-trace' | 'nsys-stats';

/** How gpuMs was obtained: the union of GPU intervals (exact) or a sum of durations (an upper bound). */
export type GpuTimeKind = 'union' | 'sum';

export interface StepTotals {
  /** "ProfilerStep#12", or "all" when the export has no step marks. */
  label: string;
  wallMs: number;
  /** Host busy time, as each parser defines it (see its header); NaN when not measured. */
  cpuMs: number;
  /** GPU busy with kernels, copies and memsets, NCCL excluded (see collectiveMs); NaN when not measured. */
  gpuMs: number;
  /**
   * GPU time in communication kernels (NCCL, DeepEP, custom all-reduce, …; names.ts): a collective
   * waits for its peers on the GPU, so it is waiting, not work.
   */
  collectiveMs: number;
  /** The part of collectiveMs during which compute kernels ran too (overlapped); NaN without a timeline. */
  collectiveOverlapMs: number;
  /** Time neither the host nor the GPU was busy; NaN unless the export has a timeline (traces). */
  idleMs: number;
  /**
   * Time inside the step in which no host thread was inside a recorded op: Python between ops, or a
   * blocking call the profiler does not record. Not counted in cpuMs, because the export cannot tell
   * the two apart; NaN when not measurable, 0 when Python frames were recorded (they cover it).
   */
  hostGapMs: number;
}

/** One host thread's busy time per step (traces): the step's CPU work is every thread's. */
export interface ThreadBusy {
  /** "pid/tid". */
  thread: string;
  /** From the trace's thread_name metadata ("pt_autograd_0"), else "". */
  name: string;
  busyMs: number;
  /** Whether it writes the step marks. */
  main: boolean;
}

/** Per step. A count or time is NaN when the export cannot show it (see `measured`). */
export interface WaitSignals {
  /** Host calls that block until the GPU catches up (cudaStreamSynchronize, cudaMemcpy, …). */
  syncCalls: number;
  syncMs: number;
  /** Device-to-host copies: the data a sync usually waits for. */
  d2hCopies: number;
  /** aten::item / aten::_local_scalar_dense calls: `.item()` and friends. */
  itemCalls: number;
  /** D2H copies that ended while the host sat in a sync: the `.item()` pattern, seen on a timeline. */
  itemStalls: number;
  lockCalls: number;
  lockMs: number;
  networkCalls: number;
  networkMs: number;
  collectiveCalls: number;
  collectiveMs: number;
  measured: {
    /** CUDA runtime calls (sync calls and their time). */
    cudaApi: boolean;
    /** OS runtime or Python blocking calls (locks, network). */
    blocking: boolean;
    /** GPU kernels (collectives). */
    kernels: boolean;
  };
}

export interface KernelTime {
  name: string;
  /** Per step. */
  ms: number;
  count: number;
  /** The communication library (names.ts) for a communication kernel. */
  communication?: string;
}

/** Which framework wrote the profile: what the advice may assume (set_sync_debug_mode is PyTorch's). */
export type Engine = 'pytorch' | 'native';

export interface ProfileTotals {
  file: string;
  format: ProfileFormat;
  /** Every step found, in order (summaries hold one entry for all their steps). */
  steps: StepTotals[];
  /** How many steps the numbers are per: the steps found, or given (--steps). */
  stepCount: number;
  /** Mean over the steps (label "mean of N steps"). */
  perStep: StepTotals;
  signals: WaitSignals;
  gpuTimeKind: GpuTimeKind;
  engine: Engine;
  /** The heaviest GPU kernels per step, communication included, heaviest first. */
  topKernels: KernelTime[];
  /** Every GPU kernel per step (the comparison of kernel times uses them all); [] when not measured. */
  kernels: KernelTime[];
  /** Host threads that worked in the steps, busiest first (traces only). */
  threads: ThreadBusy[];
  /** How the numbers were obtained and what they cannot show. */
  notes: string[];
}

export function emptySignals(measured: WaitSignals['measured']): WaitSignals {
  const api = measured.cudaApi ? 0 : NaN;
  const blocking = measured.blocking ? 0 : NaN;
  const kernels = measured.kernels ? 0 : NaN;
  return {
    syncCalls: api,
    syncMs: api,
    d2hCopies: kernels,
    itemCalls: api,
    itemStalls: NaN,
    lockCalls: blocking,
    lockMs: blocking,
    networkCalls: blocking,
    networkMs: blocking,
    collectiveCalls: kernels,
    collectiveMs: kernels,
    measured,
  };
}

/** Field-by-field mean of the steps (NaN stays NaN: a step without a measure has none). */
export function meanStep(steps: readonly StepTotals[]): StepTotals {
  const n = steps.length;
  const mean = (pick: (s: StepTotals) => number) => (n === 0 ? NaN : steps.reduce((sum, s) => sum + pick(s), 0) / n);
  return {
    label: n === 1 ? steps[0].label : `mean of ${n} steps`,
    wallMs: mean((s) => s.wallMs),
    cpuMs: mean((s) => s.cpuMs),
    gpuMs: mean((s) => s.gpuMs),
    collectiveMs: mean((s) => s.collectiveMs),
    collectiveOverlapMs: mean((s) => s.collectiveOverlapMs),
    idleMs: mean((s) => s.idleMs),
    hostGapMs: mean((s) => s.hostGapMs),
  };
}
