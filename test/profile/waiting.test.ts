// §6 "both ≪ wall_clock → WAITING. On what?": each candidate (lock, implicit sync, network,
// collective, host gap) with its time per step, its share of the wall clock, whether the profile
// shows it (present from 10% of the step; measured when the wall clock is unknown; absent; not
// measured), the numbers in its sentence, and the next check worded for the engine.

import { describe, expect, it } from 'vitest';
import { waitCandidates } from '../../src/diagnose/profile/waiting';
import { emptySignals, type StepTotals, type WaitSignals } from '../../src/model/profile';

const step = (over: Partial<StepTotals> = {}): StepTotals => ({
  label: 'ProfilerStep#3',
  wallMs: 20,
  cpuMs: 5,
  gpuMs: 5,
  collectiveMs: 0,
  collectiveOverlapMs: NaN,
  idleMs: NaN,
  hostGapMs: NaN,
  ...over,
});
const all = emptySignals({ cudaApi: true, blocking: true, kernels: true });
const signals = (over: Partial<WaitSignals>): WaitSignals => ({ ...all, ...over });

describe('waitCandidates', () => {
  it('a 20 ms step: present from 10% of it, best supported first, each with its numbers', () => {
    const list = waitCandidates(
      step({ hostGapMs: 6 }),
      signals({
        syncCalls: 3,
        syncMs: 4,
        itemCalls: 2,
        d2hCopies: 3,
        itemStalls: 1,
        lockCalls: 2,
        lockMs: 1,
        networkCalls: 0,
        networkMs: 0,
        collectiveCalls: 2.5,
        collectiveMs: 2,
      }),
    );
    // Present (≥ 2 ms) by time: host gap 6, sync 4, collective exactly 2 (10%); then absent: lock 1, network 0.
    expect(list.map((c) => [c.cause, c.evidence, c.ms, c.share])).toEqual([
      ['host-gap', 'present', 6, 0.3],
      ['implicit-sync', 'present', 4, 0.2],
      ['collective', 'present', 2, 0.1],
      ['lock', 'absent', 1, 0.05],
      ['network', 'absent', 0, 0],
    ]);
    expect(list.map((c) => c.detail)).toEqual([
      '6.00 ms per step with no host thread inside a recorded op (30%): Python between ops, or a blocking call the profiler does not record.',
      '3 blocking sync call(s) per step, 4.00 ms blocked, 2 scalar read(s) (.item()), 3 device-to-host copy(ies), 1 device-to-host copy(ies) the host sat waiting for.',
      // Counts are means over steps: 2.5 when the steps differed.
      '2.5 communication kernel(s) per step, 2.00 ms on the GPU waiting for peers or moving data.',
      '2 lock or condition wait(s) per step, 1.00 ms.',
      '0 socket or poll wait(s) per step, 0 ms.',
    ]);
  });

  it('more waiting than the step lasts is present, and says other threads add up', () => {
    const lock = (ms: number) =>
      waitCandidates(step(), signals({ lockCalls: 1234, lockMs: ms })).find((c) => c.cause === 'lock')!;
    expect(lock(30).share).toBe(1.5);
    expect(lock(30).detail).toBe(
      "1,234 lock or condition wait(s) per step, 30.0 ms. More than the step itself: several threads' waits add up, so this thread may not be the step's.",
    );
    // Exactly the whole step is not more than it.
    expect(lock(20).detail).toBe('1,234 lock or condition wait(s) per step, 20.0 ms.');
  });

  it('without the wall clock: time seen is measured (never absent), no time is absent, shares unknown', () => {
    const list = waitCandidates(
      step({ label: 'all', wallMs: NaN }),
      signals({ lockCalls: NaN, lockMs: 3, syncMs: NaN, syncCalls: NaN }),
    );
    expect(list.map((c) => [c.cause, c.evidence, c.ms])).toEqual([
      ['lock', 'measured', 3],
      ['network', 'absent', 0],
      ['collective', 'absent', 0],
      ['implicit-sync', 'not-measured', NaN],
    ]);
    for (const c of list) expect(c.share).toBeNaN();
    // A summary without steps is one "step": the whole capture. Unknown counts and times say so.
    expect(list[0].detail).toBe('? lock or condition wait(s) in the capture, 3.00 ms.');
    expect(list[3].detail).toBe(
      '? blocking sync call(s) in the capture, unknown time blocked, 0 scalar read(s) (.item()), 0 device-to-host copy(ies).',
    );
  });

  it('a wall clock of 0 is no wall clock: no share, and no percentage in the host-gap sentence', () => {
    const list = waitCandidates(step({ wallMs: 0, hostGapMs: 2 }), signals({ lockMs: 0 }));
    const gap = list.find((c) => c.cause === 'host-gap')!;
    expect([gap.evidence, gap.ms, gap.share]).toEqual(['measured', 2, NaN]);
    expect(gap.detail).toBe(
      '2.00 ms per step with no host thread inside a recorded op: Python between ops, or a blocking call the profiler does not record.',
    );
    expect(list.find((c) => c.cause === 'lock')!.evidence).toBe('absent');
  });

  it('what the export did not record is not measured, whatever the signal holds, and says what is missing', () => {
    const list = waitCandidates(
      step(),
      // A stray collective time with kernels not recorded is not evidence.
      { ...emptySignals({ cudaApi: false, blocking: false, kernels: false }), collectiveMs: 5 },
    );
    expect(list.map((c) => [c.cause, c.evidence, c.detail])).toEqual([
      ['lock', 'not-measured', 'Lock waits not recorded (needs Python frames in a trace, or osrt_sum from nsys).'],
      ['implicit-sync', 'not-measured', 'CUDA runtime calls not recorded.'],
      ['network', 'not-measured', 'Socket waits not recorded (needs Python frames in a trace, or osrt_sum from nsys).'],
      ['collective', 'not-measured', 'GPU kernels not recorded.'],
    ]);
    for (const c of list) {
      expect(c.ms).toBeNaN();
      expect(c.share).toBeNaN();
    }
  });

  it('words the next check for the engine that wrote the profile', () => {
    const check = (engine?: 'pytorch' | 'native') =>
      Object.fromEntries(
        waitCandidates(step({ hostGapMs: 1 }), all, engine).map((c) => [c.cause, c.nextCheck.split(' ')[0]]),
      );
    expect(check()).toEqual({
      lock: 'py-spy',
      'implicit-sync': "torch.cuda.set_sync_debug_mode('warn')",
      network: 'Off-CPU',
      collective: 'Profile',
      'host-gap': 'Profile',
    });
    expect(check('native')).toEqual({
      lock: 'A',
      'implicit-sync': 'nsys',
      network: 'Off-CPU',
      collective: 'Profile',
      'host-gap': 'Sample',
    });
  });
});
