// The §6 verdict at its thresholds (0.8 for "≈ wall", 0.5 for "≪ wall", idle ≤ 0.2 for
// serialised), the WAITING candidates' "present" line (10% of the step), and the one-line
// conclusions of a base → head comparison.

import { describe, expect, it } from 'vitest';
import { compareSplits } from '../../src/diagnose/profile/compare-splits';
import { SPLIT_THRESHOLDS, splitOf } from '../../src/diagnose/profile/split';
import { emptySignals, type StepTotals } from '../../src/model/profile';
import { PRESENT_SHARE, waitCandidates } from '../../src/diagnose/profile/waiting';

const step = (over: Partial<StepTotals>): StepTotals => ({
  label: 's',
  wallMs: 100,
  cpuMs: 10,
  gpuMs: 10,
  collectiveMs: 0,
  collectiveOverlapMs: NaN,
  idleMs: NaN,
  hostGapMs: NaN,
  ...over,
});
const signals = emptySignals({ cudaApi: true, blocking: true, kernels: true });
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
