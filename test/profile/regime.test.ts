// §1 STEP 4, the regime of a kernel by Nsight Compute's SOLBottleneck rule: the evidence sentence
// with the counters that decided, the busy memory unit, why a kernel is latency-bound, and the fixes
// each regime allows (a cache-bound kernel gets cache fixes, not "fewer DRAM bytes").

import { describe, expect, it } from 'vitest';
import { classifyKernel, REGIME_FIXES } from '../../src/diagnose/profile/regime';

type Extra = Partial<Record<'memoryPct' | 'l1Pct' | 'l2Pct' | 'occupancyPct' | 'issueActivePct' | 'waves', number>>;
const k = (smPct: number, dramPct: number, extra: Extra = {}) => ({ smPct, dramPct, memoryPct: NaN, ...extra });

describe('classifyKernel', () => {
  it('names every missing counter, and decides nothing without them', () => {
    const none = classifyKernel(k(NaN, NaN));
    expect(none.regime).toBeUndefined();
    expect(none.evidence).toBe(
      'needs SM throughput (sm__throughput) and memory throughput (gpu__compute_memory_throughput, or dram__/lts__/l1tex__throughput), % of peak',
    );
    expect(none.fixes).toEqual([]);
    const noMemory = classifyKernel(k(90, NaN));
    expect([noMemory.regime, noMemory.evidence]).toEqual([
      undefined,
      'needs memory throughput (gpu__compute_memory_throughput, or dram__/lts__/l1tex__throughput), % of peak',
    ]);
    expect(noMemory.counters).toEqual({
      sm: 90,
      memory: NaN,
      dram: NaN,
      l1: NaN,
      l2: NaN,
      occupancy: NaN,
      issueActive: NaN,
      waves: NaN,
    });
  });

  it('compute-bound at SM ≥ 80%, with the memory units for comparison', () => {
    const r = classifyKernel(k(85, 40, { l2Pct: 30, occupancyPct: 70, issueActivePct: 90, waves: 3 }));
    expect(r.regime).toBe('compute-bound');
    expect(r.unit).toBeUndefined();
    expect(r.evidence).toBe('SM 85%, DRAM 40% (L2 30%) of peak: SM ≥ 80%, the unit that bounds the kernel');
    expect(r.fixes).toBe(REGIME_FIXES['compute-bound']);
    expect(r.counters).toEqual({
      sm: 85,
      memory: NaN,
      dram: 40,
      l1: NaN,
      l2: 30,
      occupancy: 70,
      issueActive: 90,
      waves: 3,
    });
  });

  it('memory-bound on DRAM gets the DRAM fixes; on the overall figure it says "memory"', () => {
    const dram = classifyKernel(k(20, 90, { memoryPct: 90 }));
    // A named unit wins a tie with the overall figure it is the maximum of.
    expect([dram.regime, dram.unit]).toEqual(['memory-bound', 'DRAM']);
    expect(dram.evidence).toBe('SM 20%, DRAM 90% of peak: DRAM ≥ 80%, the unit that bounds the kernel');
    expect(dram.fixes).toBe(REGIME_FIXES['memory-bound']);
    const overall = classifyKernel({ smPct: 20, dramPct: NaN, memoryPct: 90 });
    expect([overall.regime, overall.unit]).toEqual(['memory-bound', 'memory']);
    expect(overall.evidence).toBe('SM 20%, memory 90% of peak: memory ≥ 80%, the unit that bounds the kernel');
    expect(overall.fixes).toBe(REGIME_FIXES['memory-bound']);
  });

  it('a busy L1 is cache-bound: coalescing and reuse, not fewer DRAM bytes', () => {
    const r = classifyKernel(k(20, 10, { l1Pct: 88, l2Pct: 40, memoryPct: 88 }));
    expect([r.regime, r.unit]).toEqual(['memory-bound', 'L1/TEX']);
    expect(r.evidence).toBe(
      'SM 20%, L1/TEX 88% (DRAM 10%, L2 40%) of peak: L1/TEX ≥ 80%, the unit that bounds the kernel',
    );
    expect(r.fixes).not.toBe(REGIME_FIXES['memory-bound']);
    expect(r.fixes[0]).toMatch(/^coalesce accesses/);
  });

  it('between 60% and 80%: the heavier side from 10 points apart, with which unit', () => {
    const compute = classifyKernel(k(70, 60));
    expect([compute.regime, compute.evidence]).toEqual([
      'compute-bound',
      'SM 70%, DRAM 60% of peak: SM the more heavily used (60–80%)',
    ]);
    expect(compute.fixes).toBe(REGIME_FIXES['compute-bound']);
    const l2 = classifyKernel(k(62, 30, { l2Pct: 75 }));
    expect([l2.regime, l2.unit, l2.evidence]).toEqual([
      'memory-bound',
      'L2',
      'SM 62%, L2 75% (DRAM 30%) of peak: L2 the more heavily used (60–80%)',
    ]);
    expect(l2.fixes[0]).toMatch(/^coalesce accesses/);
    const overall = classifyKernel({ smPct: 60, dramPct: NaN, memoryPct: 72 });
    expect(overall.evidence).toBe('SM 60%, memory 72% of peak: memory the more heavily used (60–80%)');
    expect(overall.fixes).toBe(REGIME_FIXES['memory-bound']);
  });

  it('balanced: within 10 points, both at least 60% on one side', () => {
    const r = classifyKernel(k(65, 70));
    expect([r.regime, r.unit, r.evidence]).toEqual([
      'balanced',
      undefined,
      'SM 65%, DRAM 70% of peak: within 10 points of each other, neither ≥ 80%',
    ]);
    expect(r.fixes).toBe(REGIME_FIXES.balanced);
    // One side at exactly 60% is not latency-bound.
    expect(classifyKernel(k(60, 59)).regime).toBe('balanced');
    expect(classifyKernel(k(59, 60)).regime).toBe('balanced');
  });

  it('latency-bound: a grid under one wave, low occupancy, or stalls, with the counters and the fixes for each', () => {
    const grid = classifyKernel(k(20, 30, { waves: 0.5, occupancyPct: 80, issueActivePct: 12 }));
    expect([grid.regime, grid.cause]).toEqual(['latency-bound', 'small-grid']);
    expect(grid.evidence).toBe(
      'SM 20%, DRAM 30% of peak, achieved occupancy 80%, issuing 12% of cycles: both < 60%: 0.50 waves: the grid is too small to fill the GPU',
    );
    expect(grid.fixes[0]).toMatch(/^the grid does not fill the GPU/);
    // One whole wave fills the GPU: occupancy decides.
    const low = classifyKernel(k(20, 30, { waves: 1, occupancyPct: 30 }));
    expect(low.cause).toBe('low-occupancy');
    expect(low.fixes).toBe(REGIME_FIXES['latency-bound']);
    const stalls = classifyKernel(k(20, 30, { occupancyPct: 50 }));
    expect(stalls.cause).toBe('stalls');
    expect(stalls.evidence).toBe(
      'SM 20%, DRAM 30% of peak, achieved occupancy 50%: both < 60%: occupancy is fine, so warps stall on dependencies',
    );
    expect(stalls.fixes[0]).toMatch(/^occupancy is not the problem/);
    const unknown = classifyKernel(k(20, 30, { waves: 4 }));
    expect(unknown.cause).toBeUndefined();
    expect(unknown.fixes).toBe(REGIME_FIXES['latency-bound']);
  });

  it('takes other thresholds', () => {
    const t = { bound: 90, latency: 50, balanced: 5, lowOccupancy: 25 };
    expect(classifyKernel(k(85, 40), t).evidence).toBe('SM 85%, DRAM 40% of peak: SM the more heavily used (50–90%)');
    expect(classifyKernel(k(55, 52), t).evidence).toBe(
      'SM 55%, DRAM 52% of peak: within 5 points of each other, neither ≥ 90%',
    );
    expect(classifyKernel(k(40, 45, { occupancyPct: 30 }), t).cause).toBe('stalls');
    expect(classifyKernel(k(40, 45, { occupancyPct: 30 }), t).evidence).toMatch(/both < 50%/);
  });
});
