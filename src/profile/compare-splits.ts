// Base against head for the three-way split: how wall, host and GPU time per step moved, whether
// the verdict changed, and one line saying which side explains the change. A side "explains" the
// change when it moved by at least half as much as the wall clock, in the same direction; a side is
// "flat" when it moved by less than 5% of itself (profiles of one run differ by a few percent).

import { percent, signedDuration, signedPercent } from '../format/numbers';
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

export interface SplitComparison {
  wall: Delta;
  cpu: Delta;
  gpu: Delta;
  collective: Delta;
  idle: Delta;
  cpuShare: { base: number; head: number; delta: number };
  gpuShare: { base: number; head: number; delta: number };
  verdict: { base: SplitVerdict; head: SplitVerdict; changed: boolean };
  conclusion: string;
}

function delta(base: number, head: number): Delta {
  return { base, head, deltaMs: head - base, ratio: base > 0 ? head / base - 1 : NaN };
}

export function compareSplits(base: StepSplit, head: StepSplit): SplitComparison {
  const d = {
    wall: delta(base.wallMs, head.wallMs),
    cpu: delta(base.cpuMs, head.cpuMs),
    gpu: delta(base.gpuMs, head.gpuMs),
    collective: delta(base.collectiveMs, head.collectiveMs),
    idle: delta(base.idleMs, head.idleMs),
  };
  const verdict = { base: base.verdict, head: head.verdict, changed: base.verdict !== head.verdict };
  return {
    ...d,
    cpuShare: { base: base.cpuShare, head: head.cpuShare, delta: head.cpuShare - base.cpuShare },
    gpuShare: { base: base.gpuShare, head: head.gpuShare, delta: head.gpuShare - base.gpuShare },
    verdict,
    conclusion: conclude(d, verdict),
  };
}

function conclude(d: Record<'wall' | 'cpu' | 'gpu' | 'collective' | 'idle', Delta>, verdict: SplitComparison['verdict']): string {
  const { wall, cpu, gpu, collective, idle } = d;
  const tail = verdict.changed ? ` (was ${verdict.base}, now ${verdict.head})` : '';
  if (Number.isNaN(wall.deltaMs)) return `Wall clock unknown on one side: the steps cannot be compared${tail}.`;
  const w = `wall ${signedPercent(wall.ratio)} (${signedDuration(wall.deltaMs)} per step)`;
  if (Math.abs(wall.ratio) < FLAT) return `${w}: unchanged within ±${percent(FLAT)}${tail}.`;
  const grew = wall.deltaMs > 0;
  const explains = (x: Delta) => !Number.isNaN(x.deltaMs) && x.deltaMs * wall.deltaMs > 0 && Math.abs(x.deltaMs) >= EXPLAINS * Math.abs(wall.deltaMs);
  const describe = (x: Delta, what: string) =>
    Number.isNaN(x.deltaMs) ? `${what} not measured` : Math.abs(x.ratio) < FLAT || (x.base === 0 && x.head === 0) ? `${what} flat` : `${what} ${signedPercent(x.ratio)}`;
  const gpuText = describe(gpu, 'GPU time');
  if (explains(gpu)) {
    return `${w} with ${gpuText}: the kernels ${grew ? 'got slower or more numerous' : 'got faster'} — check their regime (step 4)${tail}.`;
  }
  if (explains(cpu)) {
    return `${w} with ${gpuText}: the CPU side ${grew ? 'grew (launch overhead? Python?)' : 'shrank'}${tail}.`;
  }
  if (explains(collective)) {
    return `${w} with ${gpuText}: time in NCCL collectives ${grew ? 'grew — waiting on peers (a straggler rank?)' : 'shrank'}${tail}.`;
  }
  if (explains(idle)) {
    return `${w} with ${gpuText}: time with nobody busy ${grew ? 'grew — the step waits (sync, lock, network)' : 'shrank'}${tail}.`;
  }
  if (Number.isNaN(cpu.deltaMs) && !explains(gpu)) {
    return `${w} with ${gpuText}: the host side or waiting ${grew ? 'grew' : 'shrank'} (host time not measured)${tail}.`;
  }
  return `${w}: no single side explains it (${gpuText}, ${describe(cpu, 'host time')})${tail}.`;
}
