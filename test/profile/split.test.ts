// The §6 verdict at its thresholds (0.8 for "≈ wall", 0.5 for "≪ wall", idle ≤ 0.2 for
// serialised), the WAITING candidates' "present" line (10% of the step), and the one-line
// conclusions of a base → head comparison.

import { describe, expect, it } from 'vitest';
import { compareSplits } from '../../src/diagnose/profile/compare-splits';
import { SPLIT_THRESHOLDS, splitOf, splitStep } from '../../src/diagnose/profile/split';
import { emptySignals, type ProfileTotals, type StepTotals } from '../../src/model/profile';
import { recordedSignals, stepTotals } from './helpers';
import { PRESENT_SHARE, waitCandidates } from '../../src/diagnose/profile/waiting';

const step = stepTotals;
const signals = recordedSignals;
const verdict = (over: Partial<StepTotals>) => splitOf(step(over), signals).verdict;

describe('splitStep thresholds', () => {
  it('uses 0.8 and 0.5', () => {
    expect(SPLIT_THRESHOLDS).toEqual({ near: 0.8, far: 0.5 });
  });

  it('GPU-bound from a GPU share of exactly 0.8', () => {
    expect(verdict({ gpuMs: 80 })).toBe('gpu-bound');
    expect(verdict({ gpuMs: 79.99 })).toBe('mixed');
  });

  it('CPU-bound from a host share of exactly 0.8', () => {
    expect(verdict({ cpuMs: 80 })).toBe('cpu-bound');
    expect(verdict({ cpuMs: 79.99 })).toBe('mixed');
  });

  it('both at 0.8 or more is mixed: neither side alone limits the step', () => {
    expect(verdict({ cpuMs: 80, gpuMs: 95 })).toBe('mixed');
  });

  it('WAITING only when both are below 0.5', () => {
    expect(verdict({ cpuMs: 49.99, gpuMs: 49.99 })).toBe('waiting');
    expect(verdict({ cpuMs: 50, gpuMs: 10 })).toBe('mixed');
    expect(verdict({ cpuMs: 10, gpuMs: 50 })).toBe('mixed');
  });

  it('both below 0.5 but taking turns (idle ≤ 0.2) is mixed, not waiting', () => {
    expect(verdict({ cpuMs: 45, gpuMs: 45, idleMs: 20 })).toBe('mixed');
    expect(verdict({ cpuMs: 45, gpuMs: 45, idleMs: 20.01 })).toBe('waiting');
  });

  it('never reads an unmeasured side as zero', () => {
    expect(verdict({ cpuMs: NaN, gpuMs: 30 })).toBe('unknown');
    expect(verdict({ cpuMs: 30, gpuMs: NaN })).toBe('unknown');
    expect(verdict({ cpuMs: NaN, gpuMs: 85 })).toBe('gpu-bound');
    expect(verdict({ cpuMs: 85, gpuMs: NaN })).toBe('cpu-bound');
    expect(verdict({ wallMs: NaN })).toBe('unknown');
    expect(verdict({ wallMs: 0 })).toBe('unknown');
  });

  it('flags shares above the wall clock (summed threads or streams)', () => {
    const s = splitOf(step({ cpuMs: 130, gpuMs: 20 }), signals);
    expect(s.verdict).toBe('cpu-bound');
    expect(s.evidence).toContain('Host time exceeds the wall clock: it adds up several threads.');
  });

  it('accepts other thresholds', () => {
    expect(splitOf(step({ gpuMs: 75 }), signals, { near: 0.7, far: 0.4 }).verdict).toBe('gpu-bound');
  });
});

describe('waiting candidates', () => {
  it('calls evidence present from 10% of the step', () => {
    expect(PRESENT_SHARE).toBe(0.1);
    const at = (ms: number) =>
      waitCandidates(step({}), { ...signals, lockMs: ms, lockCalls: 1 }).find((c) => c.cause === 'lock')!.evidence;
    expect(at(10)).toBe('present');
    expect(at(9.99)).toBe('absent');
  });

  it('separates absent from not measured, and orders present ones by time', () => {
    const s = {
      ...emptySignals({ cudaApi: true, blocking: false, kernels: true }),
      syncMs: 12,
      syncCalls: 2,
      collectiveMs: 30,
      collectiveCalls: 4,
    };
    const list = waitCandidates(step({ hostGapMs: 5 }), s);
    expect(list.map((c) => [c.cause, c.evidence])).toEqual([
      ['collective', 'present'],
      ['implicit-sync', 'present'],
      ['host-gap', 'absent'],
      ['lock', 'not-measured'],
      ['network', 'not-measured'],
    ]);
    expect(list[3].ms).toBeNaN();
    for (const c of list) expect(c.nextCheck.length).toBeGreaterThan(20);
  });
});

describe('compareSplits conclusions', () => {
  const split = (over: Partial<StepTotals>) => splitOf(step(over), signals);

  it('GPU time explains the change', () => {
    const c = compareSplits(
      split({ wallMs: 100, gpuMs: 85, cpuMs: 10 }),
      split({ wallMs: 120, gpuMs: 104, cpuMs: 10 }),
    );
    expect(c.conclusion).toBe(
      'wall +20% (+20.0 ms per step) with GPU time +22%: the kernels got slower or more numerous — check their regime (step 4).',
    );
  });

  it('nothing busy explains it: time moved into gaps', () => {
    const c = compareSplits(
      split({ wallMs: 100, gpuMs: 40, cpuMs: 40, idleMs: 20 }),
      split({ wallMs: 150, gpuMs: 41, cpuMs: 40, idleMs: 69 }),
    );
    expect(c.conclusion).toBe(
      'wall +50% (+50.0 ms per step) with GPU time +2.5% (flat): time with nobody busy grew — the step waits (sync, lock, network) (was mixed, now waiting).',
    );
    expect([c.change, c.direction]).toEqual(['waiting', 'slower']);
  });

  it('collectives explain it', () => {
    const c = compareSplits(
      split({ wallMs: 100, gpuMs: 40, cpuMs: 20, collectiveMs: 10 }),
      split({ wallMs: 130, gpuMs: 40, cpuMs: 20, collectiveMs: 38 }),
    );
    expect(c.conclusion).toBe(
      'wall +30% (+30.0 ms per step) with GPU time 0% (flat): time in communication kernels grew — waiting on peers (a straggler rank?).',
    );
    expect(c.change).toBe('communication');
  });

  it('an unchanged wall clock, a faster step, and an unknown side', () => {
    const same = compareSplits(split({}), split({ wallMs: 104 }));
    expect([same.change, same.conclusion]).toEqual([
      'unchanged',
      'wall +4.0% (+4.00 ms per step): unchanged within ±5.0%; GPU time 0% (flat).',
    ]);
    const faster = compareSplits(split({ cpuMs: 85 }), split({ wallMs: 80, cpuMs: 65 }));
    expect([faster.change, faster.direction, faster.conclusion]).toEqual([
      'cpu',
      'faster',
      'wall −20% (−20.0 ms per step) with GPU time 0% (flat): the CPU side shrank.',
    ]);
    expect(
      compareSplits(split({ cpuMs: NaN, gpuMs: 40 }), split({ wallMs: 130, cpuMs: NaN, gpuMs: 40 })).conclusion,
    ).toBe(
      'wall +30% (+30.0 ms per step) with GPU time 0% (flat): the host side or waiting grew (host time not measured).',
    );
    const unknown = compareSplits(split({ wallMs: NaN }), split({}));
    expect([unknown.change, unknown.conclusion]).toEqual([
      'unknown',
      'Wall clock unknown on one side: the steps cannot be compared; GPU time 0% (flat) (was unknown, now waiting).',
    ]);
  });

  it('never calls a step unchanged when the GPU moved: a flat wall, or no wall at all', () => {
    const slack = compareSplits(split({ gpuMs: 40 }), split({ wallMs: 101, gpuMs: 52 }));
    expect([slack.change, slack.direction]).toEqual(['gpu', 'slower']);
    expect(slack.conclusion).toBe(
      'wall +1.0% (+1.00 ms per step): within ±5.0%, but GPU time +30% (+12.0 ms per step): the kernels got slower or more numerous while the step did not move — the GPU had slack; it shows once the GPU bounds the step (was waiting, now mixed).',
    );
    const noWall = compareSplits(split({ wallMs: NaN, gpuMs: 40 }), split({ wallMs: NaN, gpuMs: 30 }));
    expect([noWall.change, noWall.direction]).toEqual(['gpu', 'faster']);
    expect(noWall.conclusion).toMatch(
      /^GPU time −25% per step \(−10\.0 ms\): the kernels got faster — the wall clock is unknown/,
    );
  });
});

describe('splitOf: the evidence behind each verdict', () => {
  const ev = (over: Partial<StepTotals>, gpuIsSum = false) => splitOf(step(over), signals, SPLIT_THRESHOLDS, gpuIsSum);

  it('GPU-bound with the host not measured: the most removing every gap can gain', () => {
    const s = ev({ gpuMs: 85, cpuMs: NaN });
    expect(s.evidence).toEqual([
      'GPU busy 85.0 ms of the 100 ms step (85%)',
      'GPU busy ≥ 80% of the step: GPU-bound; next, the regime of the top kernels (step 4).',
      'Host time not measured; with the GPU this busy, removing every gap gains at most 15% of the step.',
    ]);
    // A bound step has nothing to wait on.
    expect(s.candidates).toEqual([]);
    expect([s.gpuShare, s.cpuShare, s.idleShare]).toEqual([0.85, NaN, NaN]);
  });

  it('a sum of kernel times past the wall clock: gains at most 0%, and the sum is named', () => {
    expect(ev({ gpuMs: 130, cpuMs: NaN }, true).evidence).toEqual([
      'GPU busy (sum of kernel times) 130 ms of the 100 ms step (130%)',
      'GPU busy ≥ 80% of the step: GPU-bound; next, the regime of the top kernels (step 4).',
      'Host time not measured; with the GPU this busy, removing every gap gains at most 0% of the step.',
      'GPU kernel time adds up to 130% of the wall clock: kernels overlap on several streams (the export sums them; busy time is at most the wall), or the wall clock or step count given does not match the capture.',
    ]);
    expect(ev({ gpuMs: 105.01, cpuMs: 10 }).evidence.at(-1)).toBe(
      'GPU time exceeds the wall clock: kernels overlap on several streams and the export sums them.',
    );
    // Up to 5% over the wall is rounding between the clocks, not overlap.
    expect(ev({ gpuMs: 105, cpuMs: 10 }).evidence.at(-1)).toMatch(/^GPU busy ≥ 80%/);
    expect(ev({ cpuMs: 105, gpuMs: 10 }).evidence.at(-1)).toMatch(/^Host busy ≥ 80%/);
  });

  it('CPU-bound, both busy, and neither', () => {
    const cpu = ev({ cpuMs: 90, gpuMs: 10 });
    expect(cpu.evidence).toEqual([
      'GPU busy 10.0 ms of the 100 ms step (10%)',
      'Host busy in ops (every thread) 90.0 ms of the 100 ms step (90%)',
      'Host busy ≥ 80% of the step while the GPU is not: CPU-bound (launch overhead, Python, scheduling).',
    ]);
    expect(cpu.candidates).toEqual([]);
    expect(ev({ cpuMs: 80, gpuMs: 95 }).evidence.at(-1)).toBe(
      'Both sides are busy for ≥ 80% of the step: the host launches as fast as the GPU runs, so shrinking one side alone gains little.',
    );
    const mixed = ev({ cpuMs: 60, gpuMs: 30 });
    expect(mixed.evidence.at(-1)).toBe('Neither side ≥ 80% and not both < 50%: part GPU, part host, part gaps.');
    // Mixed and waiting steps get the candidates of what they may wait on.
    expect(mixed.candidates.map((c) => c.cause)).toEqual(['lock', 'implicit-sync', 'network', 'collective']);
  });

  it('waiting, with and without the idle time; serialised when nobody is idle long', () => {
    const waiting = ev({ cpuMs: 30, gpuMs: 40, idleMs: 45 });
    expect([waiting.verdict, waiting.evidence.at(-1)]).toEqual([
      'waiting',
      'Both below 50% of the step, nobody busy for 45%: the step is WAITING.',
    ]);
    expect(waiting.candidates).toHaveLength(4);
    expect(ev({ cpuMs: 30, gpuMs: 40 }).evidence.at(-1)).toBe('Both below 50% of the step: the step is WAITING.');
    expect(ev({ cpuMs: 45, gpuMs: 45, idleMs: 10 }).evidence.at(-1)).toBe(
      'Both below 50%, but nobody is idle for more than 10% of the step: host and GPU take turns (serialised, e.g. a sync every step) rather than wait on something else.',
    );
  });

  it('unknown: which side is missing, or no wall clock at all', () => {
    expect(ev({ cpuMs: NaN, gpuMs: 30 }).evidence.at(-1)).toBe(
      'Host time not measured and the other side is below 80%: CPU-bound and waiting cannot be told apart.',
    );
    const noGpu = ev({ cpuMs: 30, gpuMs: NaN });
    expect(noGpu.evidence).toEqual([
      'Host busy in ops (every thread) 30.0 ms of the 100 ms step (30%)',
      'GPU time not measured and the other side is below 80%: CPU-bound and waiting cannot be told apart.',
    ]);
    expect(noGpu.candidates).toHaveLength(4);
    const noWall = ev({ wallMs: NaN, collectiveMs: 20, hostGapMs: 30 });
    expect(noWall.evidence).toEqual(['Wall clock of the step unknown: shares cannot be computed.']);
    expect([noWall.cpuShare, noWall.gpuShare]).toEqual([NaN, NaN]);
    expect(noWall.candidates.map((c) => c.evidence)).toEqual(['measured', 'absent', 'absent', 'absent', 'absent']);
  });

  it('communication kernels are waiting, with the part compute overlapped when a timeline shows it', () => {
    expect(ev({ gpuMs: 85, collectiveMs: 20 }).evidence.at(-1)).toBe(
      'Communication kernels 20.0 ms of the 100 ms step (20%), counted as waiting, not GPU work.',
    );
    expect(ev({ gpuMs: 85, collectiveMs: 20, collectiveOverlapMs: 5 }).evidence.at(-1)).toBe(
      'Communication kernels 20.0 ms of the 100 ms step (20%), counted as waiting, not GPU work; compute kernels ran during 5.00 ms of it (25% overlapped).',
    );
    expect(ev({ gpuMs: 85, collectiveMs: 0 }).evidence).toHaveLength(3);
  });

  it('host time outside ops from 5% of the step', () => {
    expect(ev({ gpuMs: 85, hostGapMs: 5 }).evidence.at(-1)).toBe(
      'No host thread in a recorded op 5.00 ms of the 100 ms step (5.0%): Python between ops, or a blocking call the profiler does not record.',
    );
    expect(ev({ gpuMs: 85, hostGapMs: 4.99 }).evidence).toHaveLength(3);
  });

  it('returns the step’s times with its shares', () => {
    const s = ev({
      label: 'ProfilerStep#7',
      cpuMs: 30,
      gpuMs: 40,
      collectiveMs: 8,
      collectiveOverlapMs: 2,
      idleMs: 45,
      hostGapMs: 3,
    });
    expect(s).toMatchObject({
      label: 'ProfilerStep#7',
      wallMs: 100,
      cpuMs: 30,
      gpuMs: 40,
      collectiveMs: 8,
      collectiveOverlapMs: 2,
      idleMs: 45,
      hostGapMs: 3,
      cpuShare: 0.3,
      gpuShare: 0.4,
      idleShare: 0.45,
    });
  });

  it('uses the given "≪ wall" threshold', () => {
    expect(splitOf(step({ cpuMs: 45, gpuMs: 45 }), signals, { near: 0.8, far: 0.4 }).verdict).toBe('mixed');
  });

  it('splitStep: the mean step by default, the export’s kind of GPU time and its engine', () => {
    const totals: ProfileTotals = {
      file: 'f',
      format: 'nsys-stats',
      steps: [],
      stepCount: 1,
      perStep: step({ cpuMs: 30, gpuMs: 40 }),
      signals,
      gpuTimeKind: 'sum',
      engine: 'native',
      topKernels: [],
      kernels: [],
      threads: [],
      notes: [],
    };
    const s = splitStep(totals);
    expect(s.verdict).toBe('waiting');
    expect(s.evidence[0]).toBe('GPU busy (sum of kernel times) 40.0 ms of the 100 ms step (40%)');
    expect(s.candidates[0].nextCheck).toMatch(/^A thread dump/);
    expect(splitStep(totals, step({ gpuMs: 90 })).verdict).toBe('gpu-bound');
    expect(splitStep({ ...totals, gpuTimeKind: 'union', engine: 'pytorch' }).evidence[0]).toBe(
      'GPU busy 40.0 ms of the 100 ms step (40%)',
    );
  });
});
