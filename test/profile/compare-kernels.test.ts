// Base against head for Nsight Compute kernels (§1 STEP 4–5), on hand-built kernel profiles:
// matched by name and launch shape, the same name at another shape stated rather than compared,
// largest change first, the notes a reader gets (duration past 5%, launches, regime, occupancy past
// 5 points, sectors per request past 1, stall shares past 10 points) and the head's top kernels.

import { describe, expect, it } from 'vitest';
import { compareKernels, topKernels } from '../../src/diagnose/profile/compare-kernels';
import type { KernelProfile, StallShare } from '../../src/ingest/profile/ncu';

const kp = (name: string, durationMs: number, over: Partial<KernelProfile> = {}): KernelProfile => ({
  name,
  launches: 1,
  grid: '',
  block: '',
  gridBlocks: NaN,
  blockThreads: NaN,
  durationMs,
  durationDerived: false,
  smPct: 20,
  dramPct: 85,
  l1Pct: NaN,
  l2Pct: NaN,
  memoryPct: NaN,
  occupancyPct: 60,
  theoreticalOccupancyPct: NaN,
  issueActivePct: NaN,
  waves: NaN,
  sectorsPerRequest: 4,
  registersPerThread: NaN,
  stalls: [],
  ...over,
});
const at = (gridBlocks: number) => ({ gridBlocks, blockThreads: 256 });
/** The notes of one kernel measured twice. */
const notes = (base: Partial<KernelProfile>, head: Partial<KernelProfile>) =>
  compareKernels([kp('k', 1, base)], [kp('k', 1, head)]).kernels[0].notes;

describe('topKernels', () => {
  it('heaviest first, kernels without a duration last (shown, not dropped), shares of the timed total', () => {
    const list = [kp('a', 2), kp('b', NaN), kp('c', 6, { smPct: 90, launches: 3 }), kp('d', 0)];
    expect(topKernels(list).map((t) => [t.name, t.ms, t.share, t.regime, t.launches])).toEqual([
      ['c', 6, 0.75, 'compute-bound', 3],
      ['a', 2, 0.25, 'memory-bound', 1],
      ['d', 0, 0, 'memory-bound', 1],
      ['b', NaN, NaN, 'memory-bound', 1],
    ]);
    expect(topKernels(list, 2).map((t) => t.name)).toEqual(['c', 'a']);
    // Kernels take microseconds: sub-millisecond durations order the same way.
    expect(topKernels([kp('x', 0.02), kp('y', 0.08), kp('z', 0.05)]).map((t) => t.name)).toEqual(['y', 'z', 'x']);
    const eleven = Array.from({ length: 11 }, (_, i) => kp(`k${i}`, i + 1));
    expect(topKernels(eleven).map((t) => t.name)).toEqual([
      'k10',
      'k9',
      'k8',
      'k7',
      'k6',
      'k5',
      'k4',
      'k3',
      'k2',
      'k1',
    ]);
  });
});

describe('compareKernels', () => {
  it('matches by name and shape; the same name at another shape is a shape change; the rest one-sided', () => {
    const base = [kp('gemm', 0.5, at(132)), kp('gemm', 0.25, at(66)), kp('attn', 0.25), kp('norm', 0.125)];
    const head = [kp('gemm', 0.625, at(132)), kp('gemm', 0.375, at(264)), kp('attn', 0.25), kp('softmax', 0.0625)];
    const c = compareKernels(base, head);
    expect(c.totalMs).toEqual({ base: 1.125, head: 1.3125, deltaMs: 0.1875, ratio: 1.3125 / 1.125 - 1 });
    expect(c.kernels.map((k) => [k.name, k.base.gridBlocks, k.durationMs.deltaMs])).toEqual([
      ['gemm', 132, 0.125],
      ['attn', NaN, 0],
    ]);
    const gemm = c.kernels[0];
    expect(gemm.durationMs).toEqual({ base: 0.5, head: 0.625, deltaMs: 0.125, ratio: 0.25 });
    expect(gemm.share).toEqual({ base: 0.5 / 1.125, head: 0.625 / 1.3125 });
    expect(c.shapeChanged.map((s) => [s.name, s.base.gridBlocks, s.head.gridBlocks])).toEqual([['gemm', 66, 264]]);
    expect(c.onlyBase.map((k) => k.name)).toEqual(['norm']);
    expect(c.onlyHead.map((k) => k.name)).toEqual(['softmax']);
    expect(c.topKernels.map((t) => t.name)).toEqual(['gemm', 'gemm', 'attn', 'softmax']);
    expect(compareKernels(base, head, 1).topKernels.map((t) => t.ms)).toEqual([0.625]);
  });

  it('pairs leftovers of a name one to one, heaviest first; the extra ones stay one-sided', () => {
    const twoBase = compareKernels([kp('x', 0.3, at(1)), kp('x', 0.2, at(2))], [kp('x', 0.4, at(3))]);
    expect(twoBase.shapeChanged.map((s) => [s.base.gridBlocks, s.head.gridBlocks])).toEqual([[1, 3]]);
    expect(twoBase.onlyBase.map((k) => k.gridBlocks)).toEqual([2]);
    expect(twoBase.onlyHead).toEqual([]);
    const twoHead = compareKernels([kp('x', 0.3, at(1))], [kp('x', 0.4, at(3)), kp('x', 0.1, at(4))]);
    expect(twoHead.shapeChanged.map((s) => [s.base.gridBlocks, s.head.gridBlocks])).toEqual([[1, 3]]);
    expect(twoHead.onlyBase).toEqual([]);
    expect(twoHead.onlyHead.map((k) => k.gridBlocks)).toEqual([4]);
    // Two on each side: each head launch is paired once.
    const two = compareKernels([kp('x', 0.3, at(1)), kp('x', 0.2, at(2))], [kp('x', 0.4, at(3)), kp('x', 0.1, at(4))]);
    expect(two.shapeChanged.map((s) => [s.base.gridBlocks, s.head.gridBlocks])).toEqual([
      [1, 3],
      [2, 4],
    ]);
    expect([two.onlyBase, two.onlyHead]).toEqual([[], []]);
  });

  it('largest absolute change first, ties by name, an unknown duration last', () => {
    const c = compareKernels(
      [kp('b', 1), kp('a', 1), kp('slow', 1), kp('fast', 1), kp('untimed', NaN)],
      [kp('b', 1.25), kp('a', 0.75), kp('slow', 1.125), kp('fast', 0.5), kp('untimed', 1)],
    );
    expect(c.kernels.map((k) => k.name)).toEqual(['fast', 'a', 'b', 'slow', 'untimed']);
    // Ties by name whatever the order of the export.
    const tied = compareKernels([kp('c', 1), kp('b', 1), kp('a', 1)], [kp('c', 2), kp('b', 2), kp('a', 2)]);
    expect(tied.kernels.map((k) => k.name)).toEqual(['a', 'b', 'c']);
    const sorted = compareKernels([kp('a', 1), kp('b', 1), kp('c', 1)], [kp('a', 2), kp('b', 2), kp('c', 2)]);
    expect(sorted.kernels.map((k) => k.name)).toEqual(['a', 'b', 'c']);
    // Untimed kernels add nothing to the totals.
    expect(c.totalMs.base).toBe(4);
  });

  it('no kernel time in the base: no ratios or shares, and no duration note', () => {
    const c = compareKernels([kp('k', 0)], [kp('k', 2)]);
    expect(c.totalMs.ratio).toBeNaN();
    expect(c.kernels[0].durationMs.ratio).toBeNaN();
    expect(c.kernels[0].share.base).toBeNaN();
    expect(c.kernels[0].share.head).toBe(1);
    expect(c.kernels[0].notes).toEqual([]);
    expect(compareKernels([kp('k', 2)], [kp('k', 0)]).kernels[0].share.head).toBeNaN();
  });
});

describe('the notes of a matched kernel', () => {
  it('says nothing when nothing moved past its line', () => {
    expect(
      notes(
        { occupancyPct: 60, sectorsPerRequest: 4 },
        { durationMs: 1.049, occupancyPct: 55.01, sectorsPerRequest: 4.99 },
      ),
    ).toEqual([]);
  });

  it('duration from 5% either way, launches, regime (unknown when not measured)', () => {
    expect(notes({}, { durationMs: 1.05 })).toEqual(['duration +5.0% (1.00 ms → 1.05 ms)']);
    expect(notes({}, { durationMs: 0.9 })).toEqual(['duration −10% (1.00 ms → 0.9 ms)']);
    expect(notes({ launches: 2 }, { launches: 3 })).toEqual(['launches 2 → 3']);
    const r = compareKernels([kp('k', 1, { smPct: NaN })], [kp('k', 1)]).kernels[0];
    expect(r.regime).toEqual({ base: undefined, head: 'memory-bound', changed: true });
    expect(r.notes).toEqual(['regime unknown → memory-bound']);
    expect(notes({}, { smPct: NaN, dramPct: NaN })).toEqual(['regime memory-bound → unknown']);
    expect(compareKernels([kp('k', 1)], [kp('k', 1)]).kernels[0].regime).toEqual({
      base: 'memory-bound',
      head: 'memory-bound',
      changed: false,
    });
  });

  it('occupancy from 5 points either way, sectors per request from 1 (more is less coalesced)', () => {
    const c = compareKernels([kp('k', 1)], [kp('k', 1, { occupancyPct: 55, sectorsPerRequest: 5 })]).kernels[0];
    expect(c.occupancyPct).toEqual({ base: 60, head: 55, delta: -5 });
    expect(c.sectorsPerRequest).toEqual({ base: 4, head: 5, delta: 1 });
    expect(c.notes).toEqual(['achieved occupancy 60% → 55%', 'sectors per request 4.0 → 5.0 (less coalesced)']);
    expect(notes({ occupancyPct: 40 }, { occupancyPct: 45 })).toEqual(['achieved occupancy 40% → 45%']);
    expect(notes({ sectorsPerRequest: 5 }, { sectorsPerRequest: 4 })).toEqual(['sectors per request 5.0 → 4.0']);
  });

  it('the three largest stall shifts from 10 points, ties by reason', () => {
    const s = (list: [string, number][]): StallShare[] => list.map(([reason, share]) => ({ reason, share }));
    const c = compareKernels(
      [
        kp('k', 1, {
          stalls: s([
            ['long_scoreboard', 0.5],
            ['barrier', 0.25],
            ['math_pipe_throttle', 0.25],
          ]),
        }),
      ],
      [
        kp('k', 1, {
          stalls: s([
            ['lg_throttle', 0.5],
            ['mio_throttle', 0.5],
          ]),
        }),
      ],
    ).kernels[0];
    expect(c.stallShifts).toEqual([
      { reason: 'lg_throttle', base: 0, head: 0.5, delta: 0.5 },
      { reason: 'long_scoreboard', base: 0.5, head: 0, delta: -0.5 },
      { reason: 'mio_throttle', base: 0, head: 0.5, delta: 0.5 },
    ]);
    expect(c.notes).toEqual([
      'stall lg_throttle 0% → 50% of stalls',
      'stall long_scoreboard 50% → 0% of stalls',
      'stall mio_throttle 0% → 50% of stalls',
    ]);
    // Exactly 10 points moved is reported; 9 points is not.
    expect(
      notes(
        {
          stalls: s([
            ['barrier', 0.1],
            ['math', 0.5],
          ]),
        },
        {
          stalls: s([
            ['barrier', 0.2],
            ['math', 0.59],
          ]),
        },
      ),
    ).toEqual(['stall barrier 10% → 20% of stalls']);
    // Stalls measured on one side only are not compared.
    expect(notes({}, { stalls: s([['barrier', 1]]) })).toEqual([]);
    expect(notes({ stalls: s([['barrier', 1]]) }, {})).toEqual([]);
  });
});
