// §6 / STEP 3: is the step GPU-bound, CPU-bound, or waiting?
//
//   gpu_total ≈ wall  → GPU-bound (go to step 4)
//   cpu_total ≈ wall  → CPU-bound (file 09)
//   both ≪ wall       → WAITING: a lock, an implicit sync, the network, a collective
//
// "≈" is share ≥ 0.8: a step that keeps the GPU busy 80% of the time has at most 20% left to win by
// removing every gap (Amdahl: 1.25×), and profiled GPU-bound decode steps rarely exceed ~90–95%
// because of the launch of the first kernel and the sync at the end. "≪" is share < 0.5 on both
// sides: more than half the step is unaccounted by the side in question, so the rest must be
// explained. Anything else is mixed. Two refinements the methodology's one-liners leave open:
//   - both ≥ 0.8 (the host launches exactly as fast as the GPU runs) is mixed: speeding up one side
//     alone gains little until the other shrinks too;
//   - both < 0.5 but, on a timeline, nearly no time when neither is busy (idle ≤ 0.2) is mixed, not
//     waiting: host and GPU take turns (a sync every step serialises them), nothing external holds
//     the step.
// An unknown side (NaN) is never read as zero: when it could decide the verdict, the verdict is
// "unknown" and the evidence says what is missing.

import { duration, percent } from '../../display/numbers';
import type { Engine, ProfileTotals, StepTotals, WaitSignals } from '../../model/profile';
import { waitCandidates, type WaitCandidate } from './waiting';

export const SPLIT_THRESHOLDS = {
  /** A side whose share of the wall clock is at least this is "≈ wall". */
  near: 0.8,
  /** Both sides below this are "≪ wall". */
  far: 0.5,
} as const;

export type SplitThresholds = { near: number; far: number };

export type SplitVerdict = 'gpu-bound' | 'cpu-bound' | 'waiting' | 'mixed' | 'unknown';

export interface StepSplit {
  label: string;
  wallMs: number;
  cpuMs: number;
  gpuMs: number;
  collectiveMs: number;
  collectiveOverlapMs: number;
  idleMs: number;
  hostGapMs: number;
  cpuShare: number;
  gpuShare: number;
  idleShare: number;
  verdict: SplitVerdict;
  /** Sentences with the numbers that led to the verdict, then caveats. */
  evidence: string[];
  /** For waiting, mixed and unknown steps: what the step may wait on, best supported first. */
  candidates: WaitCandidate[];
}

/** Splits the mean step of a profile (or any one step with the profile's signals). */
export function splitStep(
  totals: ProfileTotals,
  step: StepTotals = totals.perStep,
  thresholds: SplitThresholds = SPLIT_THRESHOLDS,
): StepSplit {
  return splitOf(step, totals.signals, thresholds, totals.gpuTimeKind === 'sum', totals.engine);
}

export function splitOf(
  step: StepTotals,
  signals: WaitSignals,
  thresholds: SplitThresholds = SPLIT_THRESHOLDS,
  gpuIsSum = false,
  engine: Engine = 'pytorch',
): StepSplit {
  const { near, far } = thresholds;
  const wall = step.wallMs;
  const share = (ms: number) => (wall > 0 ? ms / wall : NaN);
  const cpuShare = share(step.cpuMs);
  const gpuShare = share(step.gpuMs);
  const idleShare = share(step.idleMs);
  const evidence: string[] = [];
  const of = (what: string, ms: number, s: number) =>
    `${what} ${duration(ms)} of the ${duration(wall)} step (${percent(s)})`;
  if (!Number.isNaN(gpuShare))
    evidence.push(of(`GPU busy${gpuIsSum ? ' (sum of kernel times)' : ''}`, step.gpuMs, gpuShare));
  if (!Number.isNaN(cpuShare)) evidence.push(of('Host busy in ops (every thread)', step.cpuMs, cpuShare));

  let verdict: SplitVerdict;
  if (!(wall > 0)) {
    verdict = 'unknown';
    evidence.unshift('Wall clock of the step unknown: shares cannot be computed.');
  } else {
    const gpuNear = gpuShare >= near;
    const cpuNear = cpuShare >= near;
    if (gpuNear && cpuNear) {
      verdict = 'mixed';
      evidence.push(
        `Both sides are busy for ≥ ${percent(near)} of the step: the host launches as fast as the GPU runs, so shrinking one side alone gains little.`,
      );
    } else if (gpuNear) {
      verdict = 'gpu-bound';
      evidence.push(
        `GPU busy ≥ ${percent(near)} of the step: GPU-bound; next, the regime of the top kernels (step 4).`,
      );
      // A sum of kernel times can exceed the wall (overlapping streams): the gaps are then at most 0.
      if (Number.isNaN(cpuShare))
        evidence.push(
          'Host time not measured; with the GPU this busy, removing every gap gains at most ' +
            percent(Math.max(0, 1 - gpuShare)) +
            ' of the step.',
        );
    } else if (cpuNear) {
      verdict = 'cpu-bound';
      evidence.push(
        `Host busy ≥ ${percent(near)} of the step while the GPU is not: CPU-bound (launch overhead, Python, scheduling).`,
      );
    } else if (Number.isNaN(gpuShare) || Number.isNaN(cpuShare)) {
      verdict = 'unknown';
      evidence.push(
        `${Number.isNaN(cpuShare) ? 'Host' : 'GPU'} time not measured and the other side is below ${percent(near)}: CPU-bound and waiting cannot be told apart.`,
      );
    } else if (gpuShare < far && cpuShare < far) {
      if (1 - idleShare >= near) {
        verdict = 'mixed';
        evidence.push(
          `Both below ${percent(far)}, but nobody is idle for more than ${percent(idleShare)} of the step: host and GPU take turns (serialised, e.g. a sync every step) rather than wait on something else.`,
        );
      } else {
        verdict = 'waiting';
        evidence.push(
          `Both below ${percent(far)} of the step${Number.isNaN(idleShare) ? '' : `, nobody busy for ${percent(idleShare)}`}: the step is WAITING.`,
        );
      }
    } else {
      verdict = 'mixed';
      evidence.push(`Neither side ≥ ${percent(near)} and not both < ${percent(far)}: part GPU, part host, part gaps.`);
    }
  }
  if (step.collectiveMs > 0 && wall > 0) {
    const overlap = Number.isNaN(step.collectiveOverlapMs)
      ? ''
      : `; compute kernels ran during ${duration(step.collectiveOverlapMs)} of it (${percent(step.collectiveOverlapMs / step.collectiveMs)} overlapped)`;
    evidence.push(
      of('Communication kernels', step.collectiveMs, share(step.collectiveMs)) +
        `, counted as waiting, not GPU work${overlap}.`,
    );
  }
  if (step.hostGapMs > 0 && wall > 0 && share(step.hostGapMs) >= 0.05) {
    evidence.push(
      of('No host thread in a recorded op', step.hostGapMs, share(step.hostGapMs)) +
        ': Python between ops, or a blocking call the profiler does not record.',
    );
  }
  if (cpuShare > 1.05) evidence.push('Host time exceeds the wall clock: it adds up several threads.');
  if (gpuShare > 1.05) {
    evidence.push(
      gpuIsSum
        ? `GPU kernel time adds up to ${percent(gpuShare)} of the wall clock: kernels overlap on several streams (the export sums them; busy time is at most the wall), or the wall clock or step count given does not match the capture.`
        : 'GPU time exceeds the wall clock: kernels overlap on several streams and the export sums them.',
    );
  }
  const candidates =
    verdict === 'waiting' || verdict === 'mixed' || verdict === 'unknown' ? waitCandidates(step, signals, engine) : [];
  return {
    label: step.label,
    wallMs: wall,
    cpuMs: step.cpuMs,
    gpuMs: step.gpuMs,
    collectiveMs: step.collectiveMs,
    collectiveOverlapMs: step.collectiveOverlapMs,
    idleMs: step.idleMs,
    hostGapMs: step.hostGapMs,
    cpuShare,
    gpuShare,
    idleShare,
    verdict,
    evidence,
    candidates,
  };
}
