// Base against head for the three-way split: how wall, host and GPU time per step moved, whether
// the verdict changed, what kind of change it is, and one line saying which side explains it. A
// side "explains" the change when it moved by at least half as much as the wall clock, in the same
// direction; a side is "flat" when it moved by less than 5% of itself (profiles of one run differ by
// a few percent). GPU time is compared even when the wall clock did not move or is unknown: kernels
// 30% slower on a GPU with slack do not move the step yet, and nsys summaries often carry no wall
// clock at all — neither may read as "unchanged".

import { percent, signedDuration, signedPercent } from '../../display/numbers';
import type { SplitVerdict, StepSplit } from './split';

export const FLAT = 0.05;
export const EXPLAINS = 0.5;

export interface Delta {
  base: number;
  head: number;
  deltaMs: number;
  /** head / base − 1 (NaN when base is 0 or unknown). */
  ratio: number;
}

/**
 * What moved: the side that explains the wall clock's change, or the GPU when only it moved;
 * 'unchanged' only when the wall and the GPU time are both flat; 'unknown' when nothing can be compared.
 */
export type SplitChange =
  | 'unchanged'
  | 'gpu'
  | 'cpu'
  | 'communication'
  | 'host-gap'
  | 'waiting'
  | 'host-or-waiting'
  | 'unexplained'
  | 'unknown';

export interface SplitComparison {
  wall: Delta;
  cpu: Delta;
  gpu: Delta;
  collective: Delta;
  idle: Delta;
  hostGap: Delta;
  cpuShare: { base: number; head: number; delta: number };
  gpuShare: { base: number; head: number; delta: number };
  verdict: { base: SplitVerdict; head: SplitVerdict; changed: boolean };
  change: SplitChange;
  /** Whether the side that changed got slower (more time) or faster. */
  direction: 'slower' | 'faster' | 'none';
  conclusion: string;
}

function delta(base: number, head: number): Delta {
  return { base, head, deltaMs: head - base, ratio: base > 0 ? head / base - 1 : NaN };
}

type Deltas = Record<'wall' | 'cpu' | 'gpu' | 'collective' | 'idle' | 'hostGap', Delta>;

export function compareSplits(base: StepSplit, head: StepSplit): SplitComparison {
  const d: Deltas = {
    wall: delta(base.wallMs, head.wallMs),
    cpu: delta(base.cpuMs, head.cpuMs),
    gpu: delta(base.gpuMs, head.gpuMs),
    collective: delta(base.collectiveMs, head.collectiveMs),
    idle: delta(base.idleMs, head.idleMs),
    hostGap: delta(base.hostGapMs, head.hostGapMs),
  };
  const verdict = { base: base.verdict, head: head.verdict, changed: base.verdict !== head.verdict };
  const { change, direction, conclusion } = conclude(d, verdict);
  return {
    ...d,
    cpuShare: { base: base.cpuShare, head: head.cpuShare, delta: head.cpuShare - base.cpuShare },
    gpuShare: { base: base.gpuShare, head: head.gpuShare, delta: head.gpuShare - base.gpuShare },
    verdict,
    change,
    direction,
    conclusion,
  };
}

const moved = (x: Delta) => !Number.isNaN(x.ratio) && Math.abs(x.ratio) >= FLAT && !(x.base === 0 && x.head === 0);
const way = (x: Delta): 'slower' | 'faster' => (x.deltaMs > 0 ? 'slower' : 'faster');

function conclude(
  d: Deltas,
  verdict: SplitComparison['verdict'],
): Pick<SplitComparison, 'change' | 'direction' | 'conclusion'> {
  const { wall, cpu, gpu, collective, idle, hostGap } = d;
  const tail = verdict.changed ? ` (was ${verdict.base}, now ${verdict.head})` : '';
  const describe = (x: Delta, what: string) =>
    Number.isNaN(x.deltaMs)
      ? `${what} not measured`
      : x.base === 0 && x.head === 0
        ? `${what} none`
        : !moved(x)
          ? `${what} ${signedPercent(x.ratio)} (flat)`
          : `${what} ${signedPercent(x.ratio)}`;
  const gpuText = describe(gpu, 'GPU time');
  const kernels = (x: Delta) => (x.deltaMs > 0 ? 'the kernels got slower or more numerous' : 'the kernels got faster');
  if (Number.isNaN(wall.deltaMs)) {
    if (moved(gpu)) {
      return {
        change: 'gpu',
        direction: way(gpu),
        conclusion: `${gpuText} per step (${signedDuration(gpu.deltaMs)}): ${kernels(gpu)} — the wall clock is unknown on one side (give it, or an NVTX step range), so what it did to the step is not known${tail}.`,
      };
    }
    return {
      change: 'unknown',
      direction: 'none',
      conclusion: `Wall clock unknown on one side: the steps cannot be compared; ${gpuText}${tail}.`,
    };
  }
  const w = `wall ${signedPercent(wall.ratio)} (${signedDuration(wall.deltaMs)} per step)`;
  if (Math.abs(wall.ratio) < FLAT) {
    if (moved(gpu)) {
      return {
        change: 'gpu',
        direction: way(gpu),
        conclusion: `${w}: within ±${percent(FLAT)}, but ${gpuText} (${signedDuration(gpu.deltaMs)} per step): ${kernels(gpu)} while the step did not move — the GPU had slack; it shows once the GPU bounds the step${tail}.`,
      };
    }
    return {
      change: 'unchanged',
      direction: 'none',
      conclusion: `${w}: unchanged within ±${percent(FLAT)}; ${gpuText}${tail}.`,
    };
  }
  const grew = wall.deltaMs > 0;
  const direction = grew ? 'slower' : 'faster';
  const explains = (x: Delta) =>
    !Number.isNaN(x.deltaMs) &&
    x.deltaMs * wall.deltaMs > 0 &&
    Math.abs(x.deltaMs) >= EXPLAINS * Math.abs(wall.deltaMs);
  if (explains(gpu)) {
    return {
      change: 'gpu',
      direction,
      conclusion: `${w} with ${gpuText}: ${kernels(wall)} — check their regime (step 4)${tail}.`,
    };
  }
  if (explains(cpu)) {
    return {
      change: 'cpu',
      direction,
      conclusion: `${w} with ${gpuText}: the CPU side ${grew ? 'grew (launch overhead? Python? data loading?)' : 'shrank'}${tail}.`,
    };
  }
  if (explains(collective)) {
    return {
      change: 'communication',
      direction,
      conclusion: `${w} with ${gpuText}: time in communication kernels ${grew ? 'grew — waiting on peers (a straggler rank?)' : 'shrank'}${tail}.`,
    };
  }
  if (explains(hostGap)) {
    return {
      change: 'host-gap',
      direction,
      conclusion: `${w} with ${gpuText}: time with no host thread in a recorded op ${grew ? 'grew — Python between ops, or a wait the profiler does not record' : 'shrank'}${tail}.`,
    };
  }
  if (explains(idle)) {
    return {
      change: 'waiting',
      direction,
      conclusion: `${w} with ${gpuText}: time with nobody busy ${grew ? 'grew — the step waits (sync, lock, network)' : 'shrank'}${tail}.`,
    };
  }
  if (Number.isNaN(cpu.deltaMs)) {
    return {
      change: 'host-or-waiting',
      direction,
      conclusion: `${w} with ${gpuText}: the host side or waiting ${grew ? 'grew' : 'shrank'} (host time not measured)${tail}.`,
    };
  }
  return {
    change: 'unexplained',
    direction,
    conclusion: `${w}: no single side explains it (${gpuText}, ${describe(cpu, 'host time')})${tail}.`,
  };
}
