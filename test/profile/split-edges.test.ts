// Edges of the §6 split and its waiting candidates that the main tests (split.test.ts,
// waiting.test.ts) leave open: a wall clock of exactly 0 (no step, not an infinitely busy one), the
// default reading of GPU time (a union, not a sum), and a signal the export says it did not record.

import { describe, expect, it } from 'vitest';
import { splitOf } from '../../src/diagnose/profile/split';
import { waitCandidates } from '../../src/diagnose/profile/waiting';
import { emptySignals } from '../../src/model/profile';
import { recordedSignals, stepTotals } from './helpers';

const step = stepTotals;
const signals = recordedSignals;

describe('splitOf at the edges', () => {
  it('a wall clock of 0 is unknown: no shares, no busy or communication lines', () => {
    const s = splitOf(step({ wallMs: 0, collectiveMs: 20, hostGapMs: 30 }), signals);
    expect(s.verdict).toBe('unknown');
    expect(s.evidence).toEqual(['Wall clock of the step unknown: shares cannot be computed.']);
    expect([s.cpuShare, s.gpuShare, s.idleShare]).toEqual([NaN, NaN, NaN]);
  });

  it('GPU time is a union of intervals unless the caller says it is a sum', () => {
    expect(splitOf(step({ gpuMs: 40 }), signals).evidence[0]).toBe('GPU busy 40.0 ms of the 100 ms step (40%)');
  });
});

describe('waitCandidates at the edges', () => {
  it('a signal the export did not record is not measured even past the wall clock, with no note on threads', () => {
    const s = { ...emptySignals({ cudaApi: true, blocking: true, kernels: false }), collectiveMs: 150 };
    const c = waitCandidates(step({}), s).find((x) => x.cause === 'collective')!;
    expect([c.evidence, c.detail]).toEqual(['not-measured', 'GPU kernels not recorded.']);
  });
});
