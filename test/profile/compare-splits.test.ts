// Base against head for the §6 three-way split: which side explains the wall clock's change (it
// moved by at least half as much, the same way), in the order GPU, host, communication, host gaps,
// idle; what is flat (under 5%); and the sentence a reader gets, with its numbers and the verdicts.

import { describe, expect, it } from 'vitest';
import { compareSplits } from '../../src/diagnose/profile/compare-splits';
import { splitOf } from '../../src/diagnose/profile/split';
import { type StepTotals } from '../../src/model/profile';
import { recordedSignals, stepTotals } from './helpers';

const signals = recordedSignals;
const split = (over: Partial<StepTotals>) => splitOf(stepTotals(over), signals);
const compare = (base: Partial<StepTotals>, head: Partial<StepTotals>) => compareSplits(split(base), split(head));

describe('compareSplits', () => {
  it('returns every side’s change, the shares and the verdicts', () => {
    const c = compare(
      { wallMs: 100, gpuMs: 30, cpuMs: 60, collectiveMs: 4, idleMs: 8, hostGapMs: 2 },
      { wallMs: 120, gpuMs: 30, cpuMs: 75, collectiveMs: 5, idleMs: 6, hostGapMs: 0 },
    );
    expect(c.wall).toEqual({ base: 100, head: 120, deltaMs: 20, ratio: 0.19999999999999996 });
    expect(c.cpu).toEqual({ base: 60, head: 75, deltaMs: 15, ratio: 0.25 });
    expect(c.gpu).toEqual({ base: 30, head: 30, deltaMs: 0, ratio: 0 });
    expect(c.collective).toEqual({ base: 4, head: 5, deltaMs: 1, ratio: 0.25 });
    expect(c.idle).toEqual({ base: 8, head: 6, deltaMs: -2, ratio: -0.25 });
    expect(c.hostGap).toEqual({ base: 2, head: 0, deltaMs: -2, ratio: -1 });
    // Nothing in the base: no ratio of it.
    const from0 = compare({ hostGapMs: 0, collectiveMs: 0 }, { hostGapMs: 3, collectiveMs: 0 });
    expect(from0.hostGap).toEqual({ base: 0, head: 3, deltaMs: 3, ratio: NaN });
    expect(from0.collective).toEqual({ base: 0, head: 0, deltaMs: 0, ratio: NaN });
    expect(c.cpuShare).toEqual({ base: 0.6, head: 0.625, delta: 0.025000000000000022 });
    expect(c.gpuShare).toEqual({ base: 0.3, head: 0.25, delta: -0.04999999999999999 });
    expect(c.verdict).toEqual({ base: 'mixed', head: 'mixed', changed: false });
    expect([c.change, c.direction]).toEqual(['cpu', 'slower']);
    expect(c.conclusion).toBe(
      'wall +20% (+20.0 ms per step) with GPU time 0% (flat): the CPU side grew (launch overhead? Python? data loading?).',
    );
  });

  it('a side explains the change from exactly half of it', () => {
    const half = compare({ gpuMs: 85 }, { wallMs: 120, gpuMs: 95 });
    expect([half.change, half.direction]).toEqual(['gpu', 'slower']);
    expect(half.conclusion).toBe(
      'wall +20% (+20.0 ms per step) with GPU time +12%: the kernels got slower or more numerous — check their regime (step 4) (was gpu-bound, now mixed).',
    );
    // A hair less than half: nothing explains it (the host did not move).
    const less = compare({ gpuMs: 85 }, { wallMs: 120, gpuMs: 94.99 });
    expect([less.change, less.direction]).toEqual(['unexplained', 'slower']);
    expect(less.conclusion).toBe(
      'wall +20% (+20.0 ms per step): no single side explains it (GPU time +12%, host time 0% (flat)) (was gpu-bound, now mixed).',
    );
  });

  it('a side that moved the other way explains nothing', () => {
    // The GPU got 15 ms faster while the step got 20 ms slower: the host's +20 ms explains it.
    const c = compare({ gpuMs: 40, cpuMs: 30 }, { wallMs: 120, gpuMs: 25, cpuMs: 50 });
    expect([c.change, c.direction]).toEqual(['cpu', 'slower']);
    expect(c.conclusion).toBe(
      'wall +20% (+20.0 ms per step) with GPU time −38%: the CPU side grew (launch overhead? Python? data loading?).',
    );
  });

  it('a faster step: shrank, for each side that can explain it', () => {
    const gpu = compare({ wallMs: 120, gpuMs: 100 }, { wallMs: 100, gpuMs: 80 });
    expect([gpu.change, gpu.direction]).toEqual(['gpu', 'faster']);
    expect(gpu.conclusion).toBe(
      'wall −17% (−20.0 ms per step) with GPU time −20%: the kernels got faster — check their regime (step 4).',
    );
    const comm = compare(
      { wallMs: 130, gpuMs: 40, cpuMs: 20, collectiveMs: 38 },
      { gpuMs: 40, cpuMs: 20, collectiveMs: 10 },
    );
    expect([comm.change, comm.direction, comm.conclusion]).toEqual([
      'communication',
      'faster',
      'wall −23% (−30.0 ms per step) with GPU time 0% (flat): time in communication kernels shrank.',
    ]);
    const gap = compare({ wallMs: 130, gpuMs: 40, cpuMs: 30, hostGapMs: 35 }, { gpuMs: 40, cpuMs: 30, hostGapMs: 10 });
    expect([gap.change, gap.conclusion]).toEqual([
      'host-gap',
      'wall −23% (−30.0 ms per step) with GPU time 0% (flat): time with no host thread in a recorded op shrank.',
    ]);
    const idle = compare({ wallMs: 150, gpuMs: 41, cpuMs: 40, idleMs: 69 }, { gpuMs: 40, cpuMs: 40, idleMs: 20 });
    expect([idle.change, idle.direction, idle.conclusion]).toEqual([
      'waiting',
      'faster',
      'wall −33% (−50.0 ms per step) with GPU time −2.4% (flat): time with nobody busy shrank (was waiting, now mixed).',
    ]);
    const host = compare({ wallMs: 130, cpuMs: NaN, gpuMs: 40 }, { cpuMs: NaN, gpuMs: 40 });
    expect([host.change, host.direction, host.conclusion]).toEqual([
      'host-or-waiting',
      'faster',
      'wall −23% (−30.0 ms per step) with GPU time 0% (flat): the host side or waiting shrank (host time not measured).',
    ]);
  });

  it('host gaps that grew', () => {
    const c = compare({ gpuMs: 40, cpuMs: 30, hostGapMs: 10 }, { wallMs: 130, gpuMs: 40, cpuMs: 30, hostGapMs: 35 });
    expect([c.change, c.conclusion]).toEqual([
      'host-gap',
      'wall +30% (+30.0 ms per step) with GPU time 0% (flat): time with no host thread in a recorded op grew — Python between ops, or a wait the profiler does not record.',
    ]);
  });

  it('says when the GPU was not measured, or ran nothing on either side', () => {
    expect(compare({ gpuMs: NaN, cpuMs: 90 }, { wallMs: 80, gpuMs: NaN, cpuMs: 70 }).conclusion).toBe(
      'wall −20% (−20.0 ms per step) with GPU time not measured: the CPU side shrank.',
    );
    expect(compare({ gpuMs: 0, cpuMs: 90 }, { wallMs: 80, gpuMs: 0, cpuMs: 70 }).conclusion).toBe(
      'wall −20% (−20.0 ms per step) with GPU time none: the CPU side shrank.',
    );
    // GPU time that fell to nothing moved by −100%: it explains the faster step.
    const gone = compare({ gpuMs: 40 }, { wallMs: 60, gpuMs: 0 });
    expect([gone.change, gone.direction, gone.conclusion]).toEqual([
      'gpu',
      'faster',
      'wall −40% (−40.0 ms per step) with GPU time −100%: the kernels got faster — check their regime (step 4).',
    ]);
  });

  it('a flat wall: unchanged only when the GPU is flat too; a GPU that got faster with slack', () => {
    const same = compare({}, { wallMs: 96 });
    expect([same.change, same.direction]).toEqual(['unchanged', 'none']);
    // GPU +5% (a rounding error past the line) moved; +4.975% did not.
    expect(compare({ gpuMs: 40 }, { gpuMs: 42 }).change).toBe('gpu');
    expect(compare({ gpuMs: 40 }, { gpuMs: 41.99 }).change).toBe('unchanged');
    const slack = compare({ gpuMs: 40 }, { wallMs: 99, gpuMs: 30 });
    expect([slack.change, slack.direction]).toEqual(['gpu', 'faster']);
    expect(slack.conclusion).toBe(
      'wall −1.0% (−1.00 ms per step): within ±5.0%, but GPU time −25% (−10.0 ms per step): the kernels got faster while the step did not move — the GPU had slack; it shows once the GPU bounds the step.',
    );
  });

  it('no wall clock: the GPU that got slower is still reported, with the verdicts', () => {
    const c = compare({ wallMs: NaN, gpuMs: 40 }, { wallMs: NaN, gpuMs: 52 });
    expect([c.change, c.direction]).toEqual(['gpu', 'slower']);
    expect(c.conclusion).toBe(
      'GPU time +30% per step (+12.0 ms): the kernels got slower or more numerous — the wall clock is unknown on one side (give it, or an NVTX step range), so what it did to the step is not known.',
    );
    const one = compare({ wallMs: NaN, gpuMs: 40 }, { gpuMs: 52 });
    expect(one.conclusion).toMatch(/so what it did to the step is not known \(was unknown, now mixed\)\.$/);
    expect(compare({ wallMs: NaN }, { wallMs: NaN }).direction).toBe('none');
  });
});
