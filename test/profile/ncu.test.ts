// Nsight Compute CSVs in both layouts: the real details export of a cuBLASLt FP8 GEMM on B200 (from
// microsoft/superbenchmark's tests), simulated decode-step kernels (details, base and head), and a
// raw export with a units row and stall metrics. Then the STEP 4 regime at its thresholds and the
// base → head kernel comparison.

import { describe, expect, it } from 'vitest';
import { textSource } from '../../src/ingest/source';
import { compareKernels } from '../../src/profile/compare-kernels';
import { readNcu } from '../../src/profile/ncu';
import { classifyKernel, REGIME_FIXES, REGIME_THRESHOLDS } from '../../src/profile/regime';
import { expectMs, fixtureSource, inputError } from './helpers';

const GEMV = 'void gemv_kernel<__nv_bfloat16>(int, int, __nv_bfloat16 const*, __nv_bfloat16 const*, __nv_bfloat16*)';
const ATTN = 'void paged_attention_v2_kernel<__nv_bfloat16, 128, 16>(float*, float*, __nv_bfloat16*)';

describe('real ncu details export (B200, cuBLASLt FP8 GEMM)', () => {
  it('reads the speed-of-light, launch and occupancy values, skipping rule rows and text values', async () => {
    const r = await readNcu(fixtureSource('ncu_details_b200_cublaslt.real.csv', 211));
    expect(r.layout).toBe('details');
    expect(r.kernels).toHaveLength(1);
    const k = r.kernels[0];
    expect(k.name).toBe('cutlass3x_sm100_tensorop_s64x256x32gemm_f8_f8_f32_f16_f16_64x256x128_1x1x1_0_tnn_align4_1sm_bias_f16_relu_aux_scalemax');
    expect(k).toMatchObject({ launches: 1, smPct: 23.59, dramPct: 0.74, memoryPct: 21.68, occupancyPct: 15.53, theoreticalOccupancyPct: 18.75, registersPerThread: 168, stalls: [] });
    expectMs(k.durationMs, 0.40624);
    expect(k.sectorsPerRequest).toBeNaN();
    // ncu's own rule in the same file: "low compute throughput and memory bandwidth utilization … latency issues".
    const regime = classifyKernel(k);
    expect(regime.regime).toBe('latency-bound');
    expect(regime.evidence).toBe('SM 24%, DRAM 0.7% of peak: both < 30%: neither unit is busy');
  });
});

describe('simulated decode kernels, details layout', () => {
  it('combines launches of one kernel: durations add up, percentages weighted by duration', async () => {
    const r = await readNcu(fixtureSource('ncu_decode_base.synthetic.csv'));
    expect(r.kernels.map((k) => k.name.slice(0, 30))).toEqual([GEMV.slice(0, 30), ATTN.slice(0, 30), 'void vllm::rms_norm_kernel<c10']);
    const gemv = r.kernels[0];
    expect(gemv.launches).toBe(2);
    expectMs(gemv.durationMs, 0.08);
    expectMs(gemv.smPct, 22);
    expectMs(gemv.dramPct, 83);
    expectMs(gemv.occupancyPct, 62);
    expect(r.kernels.map((k) => classifyKernel(k).regime)).toEqual(['memory-bound', 'memory-bound', 'latency-bound']);
  });

  it('compares base and head by kernel name', async () => {
    const base = await readNcu(fixtureSource('ncu_decode_base.synthetic.csv'));
    const head = await readNcu(fixtureSource('ncu_decode_head.synthetic.csv'));
    const c = compareKernels(base.kernels, head.kernels);
    expectMs(c.totalMs.base, 0.115);
    expectMs(c.totalMs.head, 0.134);
    expect(c.kernels.map((k) => k.name)).toEqual([ATTN, GEMV]);
    const attn = c.kernels[0];
    expectMs(attn.durationMs.deltaMs, 0.018);
    expectMs(attn.durationMs.ratio, 0.6);
    expect(attn.regime).toEqual({ base: 'memory-bound', head: 'latency-bound', changed: true });
    expectMs(attn.occupancyPct.delta, -20.5);
    expect(attn.notes).toEqual(['duration +60% (0.03 ms → 0.048 ms)', 'regime memory-bound → latency-bound', 'achieved occupancy 40% → 20%']);
    // The GEMV moved by 2.5%: under the 5% noise line, nothing to say.
    expect(c.kernels[1].notes).toEqual([]);
    expect(c.onlyBase.map((k) => k.name)).toEqual(['void vllm::rms_norm_kernel<c10::BFloat16>(c10::BFloat16*, c10::BFloat16 const*, c10::BFloat16 const*, float, int, int)']);
    expect(c.onlyHead.map((k) => k.name)).toEqual(['void vllm::fused_add_rms_norm_kernel<c10::BFloat16, 8>(c10::BFloat16*, c10::BFloat16*, c10::BFloat16 const*, float, int, int)']);
    expect(c.topKernels.map((k) => [k.name === GEMV, Math.round(k.share * 1000), k.regime])).toEqual([
      [true, 612, 'memory-bound'],
      [false, 358, 'latency-bound'],
      [false, 30, 'latency-bound'],
    ]);
  });
});

describe('raw layout', () => {
  it('reads units from the second row, sectors per request and stall shares', async () => {
    const r = await readNcu(fixtureSource('ncu_decode_raw.synthetic.csv', 50));
    expect(r.layout).toBe('raw');
    const [gemv, attn] = r.kernels;
    expect(gemv.name).toBe(GEMV);
    expectMs(gemv.durationMs, 0.04);
    expect(gemv.sectorsPerRequest).toBe(4);
    expect(gemv.registersPerThread).toBe(32);
    // Cycles per issued instruction: barrier 1, long_scoreboard 6, math 1 ("selected" is not a stall).
    expect(gemv.stalls).toEqual([
      { reason: 'long_scoreboard', share: 0.75 },
      { reason: 'barrier', share: 0.125 },
      { reason: 'math_pipe_throttle', share: 0.125 },
    ]);
    expect(attn.launches).toBe(2);
    expectMs(attn.durationMs, 0.04);
    expect(attn.sectorsPerRequest).toBe(16);
    // Only the launch with stall values counts ("n/a" in the other).
    expect(attn.stalls.map((s) => [s.reason, s.share])).toEqual([['barrier', 0.75], ['long_scoreboard', 0.25], ['math_pipe_throttle', 0]]);
    expect(classifyKernel(attn).evidence).toBe('SM 35%, DRAM 55% of peak: both < 60%, leaning memory (55%)');
  });

  it('reports stall shifts and less coalesced access between two raw exports', async () => {
    const header = '"ID","Kernel Name","gpu__time_duration.sum","l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum","l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum","smsp__pcsamp_warps_issue_stalled_long_scoreboard","smsp__pcsamp_warps_issue_stalled_barrier","smsp__pcsamp_warps_issue_stalled_long_scoreboard_not_issued"\n';
    const base = await readNcu(textSource('b.csv', header + '"0","k","1000","400","100","80","20","999"\n'));
    const head = await readNcu(textSource('h.csv', header + '"0","k","1500","1600","100","30","70","999"\n'));
    const [k] = compareKernels(base.kernels, head.kernels).kernels;
    // Both stall shares moved by 50 points (long_scoreboard by a hair more in floating point).
    expect(k.notes).toEqual(['duration +50% (0.001 ms → 0.0015 ms)', 'sectors per request 4.0 → 16.0 (less coalesced)', 'stall long_scoreboard 80% → 30% of stalls', 'stall barrier 20% → 70% of stalls']);
  });
});

describe('regime thresholds (60% high, 30% low)', () => {
  const regime = (smPct: number, dramPct: number, memoryPct = NaN) => classifyKernel({ smPct, dramPct, memoryPct }).regime;

  it('uses ncu’s 60% speed-of-light line', () => {
    expect(REGIME_THRESHOLDS).toEqual({ high: 60, low: 30 });
    expect(regime(60, 59.99)).toBe('compute-bound');
    expect(regime(59.99, 60)).toBe('memory-bound');
    expect(regime(60, 60)).toBe('balanced');
    expect(regime(59.99, 59.99)).toBe('latency-bound');
  });

  it('says whether a latency-bound kernel leans one way', () => {
    expect(classifyKernel({ smPct: 29.99, dramPct: 29.99, memoryPct: NaN }).evidence).toContain('both < 30%: neither unit is busy');
    expect(classifyKernel({ smPct: 30, dramPct: 10, memoryPct: NaN }).evidence).toContain('leaning compute (30%)');
  });

  it('falls back to overall memory throughput without DRAM, and says so', () => {
    const r = classifyKernel({ smPct: 20, dramPct: NaN, memoryPct: 70 });
    expect(r.regime).toBe('memory-bound');
    expect(r.evidence).toContain('memory (max of DRAM/L1/L2, DRAM not measured) 70%');
    expect(classifyKernel({ smPct: NaN, dramPct: 50, memoryPct: NaN }).regime).toBeUndefined();
  });

  it('lists the fixes the triage tree allows for each regime', () => {
    expect(REGIME_FIXES['memory-bound'].join(' ')).toMatch(/batch more.*quantize.*KV/);
    expect(REGIME_FIXES['compute-bound'].join(' ')).toMatch(/precision.*kernels.*more GPUs/);
    expect(REGIME_FIXES['latency-bound'].join(' ')).toMatch(/occupancy.*coalesce.*fuse/);
    expect(classifyKernel({ smPct: 10, dramPct: 90, memoryPct: NaN }).fixes).toBe(REGIME_FIXES['memory-bound']);
  });
});

describe('ncu: bad input', () => {
  it('refuses a CSV without a kernel table', async () => {
    expect((await inputError(readNcu(textSource('n.csv', '==PROF== nothing here\n')))).message).toContain('no header with "Kernel Name"');
  });

  it('names the line of a metric that is not a number, but ignores text values of metrics it does not use', async () => {
    const header = '"ID","Kernel Name","Section Name","Metric Name","Metric Unit","Metric Value"\n';
    const ok = await readNcu(textSource('n.csv', header + '"0","k","Launch Statistics","Cache Configuration","","CachePreferNone"\n"0","k","SOL","Duration","usecond","2"\n'));
    expectMs(ok.kernels[0].durationMs, 0.002);
    const e = await inputError(readNcu(textSource('n.csv', header + '"0","k","SOL","Compute (SM) Throughput","%","9,00"\n')));
    expect([e.line, e.field, e.reason]).toEqual([2, 'Metric Value', 'Nsight Compute CSV: metric "Compute (SM) Throughput": not a number: "9,00"']);
    const u = await inputError(readNcu(textSource('n.csv', header + '"0","k","SOL","Duration","fortnight","2"\n')));
    expect(u.reason).toContain('unknown time unit "fortnight"');
  });

  it('does not take a non-percent "Memory Throughput" (old ncu wrote GB/s) for a percentage', async () => {
    const header = '"ID","Kernel Name","Section Name","Metric Name","Metric Unit","Metric Value"\n';
    const r = await readNcu(textSource('n.csv', header + '"0","k","SOL","Memory Throughput","Gbyte/second","812.5"\n'));
    expect(r.kernels[0].memoryPct).toBeNaN();
    expect(r.notes).toEqual(['"Memory Throughput" is in Gbyte/second, not %: not used.']);
  });

  it('reads the per-kernel summary layout (Invocations, Average)', async () => {
    const csv = '"Process ID","Kernel Name","Invocations","Section Name","Metric Name","Metric Unit","Minimum","Maximum","Average"\n' +
      '"1","k","3","SOL","Duration","usecond","1","3","2"\n"1","k","3","SOL","DRAM Throughput","%","70","90","80"\n';
    const [k] = (await readNcu(textSource('s.csv', csv))).kernels;
    expect(k.launches).toBe(3);
    expectMs(k.durationMs, 0.006);
    expect(k.dramPct).toBe(80);
  });
});
