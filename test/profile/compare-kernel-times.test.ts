// Base against head for the kernel times of a step profile, on a hand-built decode step: compute and
// communication kept apart, kernels matched by exact name, families matching across changed template
// arguments, largest absolute change first (ties by name), and the counts of moved, slower and faster
// kernels at the 5% line.

import { describe, expect, it } from 'vitest';
import { compareKernelTimes } from '../../src/diagnose/profile/compare-kernel-times';
import type { KernelTime } from '../../src/model/profile';

const MMV4 = 'void mul_mat_vec_q<(ggml_type)12, 4>(void const*, void const*, float*, int, int)';
const MMV1 = 'void mul_mat_vec_q<(ggml_type)12, 1>(void const*, void const*, float*, int, int)';
const ATTN = 'flash_attn_ext_f16<64>';
const NCCL = 'ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevComm*, unsigned long, ncclWork*)';
const k = (name: string, ms: number, count: number, communication?: string): KernelTime =>
  communication === undefined ? { name, ms, count } : { name, ms, count, communication };

// The GEMV's template argument changed (4 → 1) and it got 3 ms slower; attention 1 ms faster; the
// all-reduce 1 ms slower; rope 25% slower; the broadcast within noise; rms_norm gone, soft_max new.
const base: KernelTime[] = [
  k(MMV4, 10, 64),
  k(ATTN, 4, 32),
  k(NCCL, 2, 2, 'nccl'),
  k('rms_norm_f32', 1, 65),
  k('k_bin_bcast', 4, 32),
  k('rope_f32', 2, 32),
];
const head: KernelTime[] = [
  k(MMV1, 13, 96),
  k(ATTN, 3, 32),
  k(NCCL, 3, 4, 'nccl'),
  k('soft_max_f32', 0.5, 32),
  k('k_bin_bcast', 4.125, 32),
  k('rope_f32', 2.5, 32),
];

describe('compareKernelTimes', () => {
  // Compared inside each test (not once for the block): per-test coverage sees only what a test runs.

  it('totals compute kernels and communication kernels apart, per step, with their calls', () => {
    const c = compareKernelTimes(base, head);
    // Compute: 10 + 4 + 1 + 4 + 2 = 21 ms (225 calls) → 13 + 3 + 0.5 + 4.125 + 2.5 = 23.125 ms (224 calls).
    expect(c.total).toEqual({
      name: 'compute kernels',
      base: 21,
      head: 23.125,
      deltaMs: 2.125,
      ratio: 23.125 / 21 - 1,
      countBase: 225,
      countHead: 224,
    });
    expect(c.communication).toEqual({
      name: 'communication kernels',
      base: 2,
      head: 3,
      deltaMs: 1,
      ratio: 0.5,
      countBase: 2,
      countHead: 4,
    });
  });

  it('matches kernels by exact name, largest absolute change first, ties by name', () => {
    const c = compareKernelTimes(base, head);
    // Attention −1 ms and the all-reduce +1 ms tie: by name; then rope +0.5, the broadcast +0.125.
    expect(c.kernels.map((d) => [d.name, d.base, d.head, d.deltaMs, d.ratio, d.countBase, d.countHead])).toEqual([
      [ATTN, 4, 3, -1, -0.25, 32, 32],
      [NCCL, 2, 3, 1, 0.5, 2, 4],
      ['rope_f32', 2, 2.5, 0.5, 0.25, 32, 32],
      ['k_bin_bcast', 4, 4.125, 0.125, 0.03125, 32, 32],
    ]);
    // A changed template argument is another kernel: only on its side.
    expect(c.onlyBase.map((x) => x.name)).toEqual([MMV4, 'rms_norm_f32']);
    expect(c.onlyHead.map((x) => x.name)).toEqual([MMV1, 'soft_max_f32']);
  });

  it('compares families across changed template arguments', () => {
    const c = compareKernelTimes(base, head);
    expect(c.families.map((d) => [d.name, d.base, d.head, d.deltaMs, d.countBase, d.countHead])).toEqual([
      ['mul_mat_vec_q', 10, 13, 3, 64, 96],
      ['flash_attn_ext_f16', 4, 3, -1, 32, 32],
      ['ncclDevKernel_AllReduce_Sum_bf16_RING_LL', 2, 3, 1, 2, 4],
      ['rms_norm_f32', 1, 0, -1, 65, 0],
      ['rope_f32', 2, 2.5, 0.5, 32, 32],
      ['soft_max_f32', 0, 0.5, 0.5, 0, 32],
      ['k_bin_bcast', 4, 4.125, 0.125, 32, 32],
    ]);
    const ratio = (name: string) => c.families.find((f) => f.name === name)!.ratio;
    expect(ratio('mul_mat_vec_q')).toBeCloseTo(0.3, 12);
    expect(ratio('rms_norm_f32')).toBe(-1);
    // A family new in the head has no base to be a ratio of.
    expect(ratio('soft_max_f32')).toBeNaN();
  });

  it('counts kernels moved by 5% or more; slower and faster among compute kernels only', () => {
    const c = compareKernelTimes(base, head);
    // Moved: attention (−25%), the all-reduce (+50%), rope (+25%); the broadcast (+3.1%) is noise.
    expect(c.movedKernels).toBe(3);
    // The all-reduce is slower too, but it is communication, not compute.
    expect(c.slower).toBe(1);
    expect(c.faster).toBe(1);
  });

  it('counts a kernel just past the 5% line, either way, and not one just inside it', () => {
    const one = (b: number, h: number) => compareKernelTimes([k('g', b, 1)], [k('g', h, 1)]);
    // 2.1 / 2 − 1 is 0.05 plus a rounding error: past the line. 0.2 → 0.21 rounds to just under it.
    expect([one(2, 2.1).movedKernels, one(2, 2.1).slower, one(2, 2.1).faster]).toEqual([1, 1, 0]);
    expect([one(0.2, 0.21).movedKernels, one(0.2, 0.21).slower]).toEqual([0, 0]);
    expect([one(2, 1.8).movedKernels, one(2, 1.8).slower, one(2, 1.8).faster]).toEqual([1, 0, 1]);
    expect([one(20, 19.5).movedKernels, one(20, 19.5).faster]).toEqual([0, 0]);
  });

  it('orders equal changes by name whatever the order of the profile', () => {
    const c = compareKernelTimes([k('rope_f32', 1, 1), k('add_f32', 1, 1)], [k('rope_f32', 2, 1), k('add_f32', 2, 1)]);
    expect(c.kernels.map((d) => d.name)).toEqual(['add_f32', 'rope_f32']);
    expect(c.families.map((d) => d.name)).toEqual(['add_f32', 'rope_f32']);
  });

  it('a kernel with no time in the base has no ratio, and is neither slower nor faster', () => {
    const c0 = compareKernelTimes([k('g', 0, 1)], [k('g', 2, 1)]);
    expect(c0.kernels[0].deltaMs).toBe(2);
    expect(c0.kernels[0].ratio).toBeNaN();
    expect(c0.total.ratio).toBeNaN();
    expect([c0.movedKernels, c0.slower, c0.faster]).toEqual([0, 0, 0]);
  });

  it('with no communication kernels on either side, their line is zero with no ratio', () => {
    const c1 = compareKernelTimes([k('g', 1, 1)], [k('g', 1, 1)]);
    expect(c1.communication).toMatchObject({ base: 0, head: 0, deltaMs: 0, countBase: 0, countHead: 0 });
    expect(c1.communication.ratio).toBeNaN();
    expect([c1.onlyBase, c1.onlyHead, c1.movedKernels]).toEqual([[], [], 0]);
  });
});
