// §1 STEP 4: which regime is a kernel in? It decides which optimisations can possibly help.
//
//   sm__throughput% high, dram__throughput% low   → compute-bound
//   low / high                                    → memory-bound
//   low / low                                     → latency-bound ("neither" in the triage tree)
//
// "High" is ≥ 60% of peak: Nsight Compute's own speed-of-light rule says throughput "below 60.0%
// of peak typically indicate[s] latency issues". Both ≥ 60% is "balanced": the kernel is near the
// ridge of the roofline and uses both well — what is left is doing less work. Below 60% on both,
// the kernel is latency-bound; when the larger of the two is under 30% (LOW) it clearly is, between
// 30% and 60% it leans toward the larger side, which the evidence says. Without DRAM throughput the
// overall memory throughput (max of DRAM, L1, L2) stands in, and the evidence says so.

import { percent } from '../format/numbers';
import type { KernelProfile } from './ncu';

export const REGIME_THRESHOLDS = { high: 60, low: 30 } as const;

export type Regime = 'compute-bound' | 'memory-bound' | 'latency-bound' | 'balanced';

export interface RegimeResult {
  /** undefined when the kernel lacks SM or memory throughput. */
  regime: Regime | undefined;
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

export function classifyKernel(k: Pick<KernelProfile, 'smPct' | 'dramPct' | 'memoryPct'>, thresholds: { high: number; low: number } = REGIME_THRESHOLDS): RegimeResult {
  const { high, low } = thresholds;
  const sm = k.smPct;
  const usesDram = !Number.isNaN(k.dramPct);
  const mem = usesDram ? k.dramPct : k.memoryPct;
  const memLabel = usesDram ? 'DRAM' : 'memory (max of DRAM/L1/L2, DRAM not measured)';
  if (Number.isNaN(sm) || Number.isNaN(mem)) {
    return { regime: undefined, evidence: `needs SM and DRAM throughput (sm__throughput and dram__throughput, % of peak); ${Number.isNaN(sm) ? 'SM' : 'DRAM'} missing`, fixes: [] };
  }
  const pct = (v: number) => percent(v / 100);
  const numbers = `SM ${pct(sm)}, ${memLabel} ${pct(mem)} of peak`;
  let regime: Regime;
  let why: string;
  if (sm >= high && mem >= high) {
    regime = 'balanced';
    why = `both ≥ ${high}%`;
  } else if (sm >= high) {
    regime = 'compute-bound';
    why = `SM ≥ ${high}%, memory below`;
  } else if (mem >= high) {
    regime = 'memory-bound';
    why = `memory ≥ ${high}%, SM below`;
  } else {
    regime = 'latency-bound';
    const top = Math.max(sm, mem);
    why = top < low ? `both < ${low}%: neither unit is busy` : `both < ${high}%, leaning ${sm >= mem ? 'compute' : 'memory'} (${pct(top)})`;
  }
  return { regime, evidence: `${numbers}: ${why}`, fixes: REGIME_FIXES[regime] };
}
