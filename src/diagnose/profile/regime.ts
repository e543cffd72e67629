// §1 STEP 4: which regime is a kernel in? It decides which optimisations can possibly help.
//
// The rule is Nsight Compute's own (SOLBottleneck, sections/SpeedOfLight.py), on SM throughput and
// memory throughput, where memory is the busiest memory unit — the highest of DRAM, L1/TEX and L2
// throughput (gpu__compute_memory_throughput is exactly that maximum), all in % of peak:
//
//   SM or memory ≥ 80%                 → bound by the higher one (compute-bound / memory-bound,
//                                          naming the unit: DRAM, L1/TEX or L2)
//   both < 60%                          → latency-bound: the grid is too small (< 1 wave), occupancy
//                                          is low (achieved < 50% of the warps), or warps stall
//   otherwise, 10+ points apart         → the more heavily used side (compute- / memory-bound)
//   otherwise                           → balanced: both must shrink
//
// A kernel whose L1 or L2 is at 94% while DRAM reads 10% is memory-bound on that cache, not idle; the
// fixes differ (coalescing and reuse, not fewer bytes from DRAM). The counters that decided are in
// the result.

import { percent } from '../../display/numbers';
import type { KernelProfile } from '../../ingest/profile/ncu';

export const REGIME_THRESHOLDS = { bound: 80, latency: 60, balanced: 10, lowOccupancy: 50 } as const;

export type Regime = 'compute-bound' | 'memory-bound' | 'latency-bound' | 'balanced';

export type MemoryUnit = 'DRAM' | 'L1/TEX' | 'L2' | 'memory';

/** Why a kernel is latency-bound, when the profile says. */
export type LatencyCause = 'small-grid' | 'low-occupancy' | 'stalls';

export interface RegimeResult {
  /** undefined when the kernel lacks SM or memory throughput. */
  regime: Regime | undefined;
  /** The busiest memory unit, for memory-bound kernels. */
  unit?: MemoryUnit;
  cause?: LatencyCause;
  /** The counters the rule read (% of peak; NaN when not measured). */
  counters: {
    sm: number;
    memory: number;
    dram: number;
    l1: number;
    l2: number;
    occupancy: number;
    issueActive: number;
    waves: number;
  };
  evidence: string;
  /** What can help in this regime (the triage tree's leaves). */
  fixes: readonly string[];
}

/** The triage tree: memory-bound → batch more, quantize, shrink KV; compute-bound → precision, kernels, more GPUs; neither → occupancy, coalescing, fusion. */
export const REGIME_FIXES: Readonly<Record<Regime, readonly string[]>> = {
  'memory-bound': [
    'batch more: each weight byte read serves more tokens',
    'quantize weights (FP8, INT4) and the KV cache: fewer bytes per step',
    'shrink the KV cache read per step (GQA/MQA, shorter contexts, prefix sharing)',
  ],
  'compute-bound': [
    'lower precision (FP8 tensor cores)',
    'better kernels (tensor-core GEMMs, FlashAttention)',
    'more GPUs (tensor parallelism)',
  ],
  'latency-bound': [
    'raise occupancy (fewer registers or less shared memory per block, larger grids)',
    'coalesce memory access (fewer sectors per request)',
    'fuse small kernels (and CUDA graphs for launch gaps)',
  ],
  balanced: [
    'do less work: quantize, prune, speculative decoding, or a smaller model',
    'the kernel itself is efficient; look for redundant launches of it',
  ],
};

/** A cache, not DRAM, is the busy unit: the bytes come from on-chip, so fewer DRAM bytes help little. */
const CACHE_BOUND_FIXES: readonly string[] = [
  'coalesce accesses and cut replays (fewer sectors per request, no bank conflicts)',
  'reuse data in registers or shared memory instead of re-reading it through the cache',
  'fuse with the kernel that produces or consumes the data (it is re-read from cache)',
];

const LATENCY_FIXES: Readonly<Record<LatencyCause, readonly string[]>> = {
  'small-grid': [
    'the grid does not fill the GPU (under one wave): more, smaller blocks (split-K, smaller tiles)',
    'batch more work into one launch, or fuse it with its neighbours',
  ],
  'low-occupancy': REGIME_FIXES['latency-bound'],
  stalls: [
    'occupancy is not the problem: read the stall reasons (long scoreboard → memory latency and coalescing; barrier → work imbalance)',
    'more independent work per thread (instruction-level parallelism), fewer dependent loads',
    'fuse small kernels (and CUDA graphs for launch gaps)',
  ],
};

type RegimeInput = Pick<KernelProfile, 'smPct' | 'dramPct' | 'memoryPct'> &
  Partial<Pick<KernelProfile, 'l1Pct' | 'l2Pct' | 'occupancyPct' | 'issueActivePct' | 'waves'>>;

export function classifyKernel(
  k: RegimeInput,
  thresholds: { bound: number; latency: number; balanced: number; lowOccupancy: number } = REGIME_THRESHOLDS,
): RegimeResult {
  const { bound, latency, balanced, lowOccupancy } = thresholds;
  const counters = {
    sm: k.smPct,
    memory: k.memoryPct,
    dram: k.dramPct,
    l1: k.l1Pct ?? NaN,
    l2: k.l2Pct ?? NaN,
    occupancy: k.occupancyPct ?? NaN,
    issueActive: k.issueActivePct ?? NaN,
    waves: k.waves ?? NaN,
  };
  const units: [MemoryUnit, number][] = [
    ['DRAM', counters.dram],
    ['L1/TEX', counters.l1],
    ['L2', counters.l2],
    ['memory', counters.memory],
  ];
  const known = units.filter(([, v]) => !Number.isNaN(v));
  const pct = (v: number) => percent(v / 100);
  if (Number.isNaN(counters.sm) || known.length === 0) {
    const missing = [
      Number.isNaN(counters.sm) ? 'SM throughput (sm__throughput)' : '',
      known.length === 0 ? 'memory throughput (gpu__compute_memory_throughput, or dram__/lts__/l1tex__throughput)' : '',
    ].filter(Boolean);
    return { regime: undefined, counters, evidence: `needs ${missing.join(' and ')}, % of peak`, fixes: [] };
  }
  // The busiest unit; a named unit wins a tie with the overall figure it is the maximum of.
  const top = Math.max(...known.map(([, v]) => v));
  const unit = known.find(([, v]) => v === top)![0];
  const mem = top;
  const sm = counters.sm;
  const memText = unit === 'memory' ? `memory ${pct(mem)}` : `${unit} ${pct(mem)}`;
  const others = known.filter(([u]) => u !== unit && u !== 'memory').map(([u, v]) => `${u} ${pct(v)}`);
  const numbers = `SM ${pct(sm)}, ${memText}${others.length ? ` (${others.join(', ')})` : ''} of peak`;
  const cache = unit === 'L1/TEX' || unit === 'L2';
  const memoryFixes = cache ? CACHE_BOUND_FIXES : REGIME_FIXES['memory-bound'];
  if (sm >= bound || mem >= bound) {
    if (sm >= mem)
      return {
        regime: 'compute-bound',
        counters,
        evidence: `${numbers}: SM ≥ ${bound}%, the unit that bounds the kernel`,
        fixes: REGIME_FIXES['compute-bound'],
      };
    return {
      regime: 'memory-bound',
      unit,
      counters,
      evidence: `${numbers}: ${unit === 'memory' ? 'memory' : unit} ≥ ${bound}%, the unit that bounds the kernel`,
      fixes: memoryFixes,
    };
  }
  if (sm < latency && mem < latency) {
    const occupancy = counters.occupancy;
    const occText = Number.isNaN(occupancy) ? '' : `, achieved occupancy ${pct(occupancy)}`;
    const issueText = Number.isNaN(counters.issueActive) ? '' : `, issuing ${pct(counters.issueActive)} of cycles`;
    let cause: LatencyCause | undefined;
    let why: string;
    if (counters.waves < 1) {
      cause = 'small-grid';
      why = `${counters.waves.toFixed(2)} waves: the grid is too small to fill the GPU`;
    } else if (occupancy < lowOccupancy) {
      cause = 'low-occupancy';
      why = `occupancy below ${lowOccupancy}%: too few warps to hide latency`;
    } else if (occupancy >= lowOccupancy) {
      cause = 'stalls';
      why = `occupancy is fine, so warps stall on dependencies`;
    } else {
      why = 'latency issues (occupancy not measured)';
    }
    return {
      regime: 'latency-bound',
      cause,
      counters,
      evidence: `${numbers}${occText}${issueText}: both < ${latency}%: ${why}`,
      fixes: cause ? LATENCY_FIXES[cause] : REGIME_FIXES['latency-bound'],
    };
  }
  if (Math.abs(sm - mem) >= balanced) {
    if (sm > mem)
      return {
        regime: 'compute-bound',
        counters,
        evidence: `${numbers}: SM the more heavily used (${latency}–${bound}%)`,
        fixes: REGIME_FIXES['compute-bound'],
      };
    return {
      regime: 'memory-bound',
      unit,
      counters,
      evidence: `${numbers}: ${unit === 'memory' ? 'memory' : unit} the more heavily used (${latency}–${bound}%)`,
      fixes: memoryFixes,
    };
  }
  return {
    regime: 'balanced',
    counters,
    evidence: `${numbers}: within ${balanced} points of each other, neither ≥ ${bound}%`,
    fixes: REGIME_FIXES.balanced,
  };
}
