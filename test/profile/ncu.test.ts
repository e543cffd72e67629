// Nsight Compute CSVs in both layouts: the real details export of a cuBLASLt FP8 GEMM on B200 (from
// microsoft/superbenchmark's tests), simulated decode-step kernels (details, base and head), and a
// raw export with a units row and stall metrics. Then the STEP 4 regime at its thresholds and the
// base → head kernel comparison.

import { describe, expect, it } from 'vitest';
import { textSource } from '../../src/ingest/source';
import { compareKernels } from '../../src/diagnose/profile/compare-kernels';
import { readNcu } from '../../src/ingest/profile/ncu';
import { classifyKernel, REGIME_FIXES, REGIME_THRESHOLDS } from '../../src/diagnose/profile/regime';
import { expectMs, fixtureSource, inputError } from './helpers';

const GEMV = 'void gemv_kernel<__nv_bfloat16>(int, int, __nv_bfloat16 const*, __nv_bfloat16 const*, __nv_bfloat16*)';
const ATTN = 'void paged_attention_v2_kernel<__nv_bfloat16, 128, 16>(float*, float*, __nv_bfloat16*)';

describe('real ncu details export (B200, cuBLASLt FP8 GEMM)', () => {
  it('reads the speed-of-light, launch and occupancy values, skipping rule rows and text values', async () => {
    const r = await readNcu(fixtureSource('ncu_details_b200_cublaslt.real.csv', 211));
    expect(r.layout).toBe('details');
    expect(r.kernels).toHaveLength(1);
    const k = r.kernels[0];
    expect(k.name).toBe(
      'cutlass3x_sm100_tensorop_s64x256x32gemm_f8_f8_f32_f16_f16_64x256x128_1x1x1_0_tnn_align4_1sm_bias_f16_relu_aux_scalemax',
    );
    expect(k).toMatchObject({
      launches: 1,
      smPct: 23.59,
      dramPct: 0.74,
      memoryPct: 21.68,
      occupancyPct: 15.53,
      theoreticalOccupancyPct: 18.75,
      registersPerThread: 168,
      stalls: [],
    });
    expectMs(k.durationMs, 0.40624);
    expect(k.sectorsPerRequest).toBeNaN();
    // ncu's own rule in the same file: "low compute throughput and memory bandwidth utilization … latency issues".
    const regime = classifyKernel(k);
    expect(regime.regime).toBe('latency-bound');
    // The busiest memory unit: L1/TEX at 23% (the overall Memory Throughput row says 21.68%).
    expect(regime.evidence).toBe(
      'SM 24%, L1/TEX 23% (DRAM 0.7%, L2 15%) of peak, achieved occupancy 16%: both < 60%: occupancy below 50%: too few warps to hide latency',
    );
    expect(regime.cause).toBe('low-occupancy');
  });
});

describe('simulated decode kernels, details layout', () => {
  it('combines launches of one kernel: durations add up, percentages weighted by duration', async () => {
    const r = await readNcu(fixtureSource('ncu_decode_base.synthetic.csv'));
    expect(r.kernels.map((k) => k.name.slice(0, 30))).toEqual([
      GEMV.slice(0, 30),
      ATTN.slice(0, 30),
      'void vllm::rms_norm_kernel<c10',
    ]);
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
    expect(attn.notes).toEqual([
      'duration +60% (0.03 ms → 0.048 ms)',
      'regime memory-bound → latency-bound',
      'achieved occupancy 40% → 20%',
    ]);
    // The GEMV moved by 2.5%: under the 5% noise line, nothing to say.
    expect(c.kernels[1].notes).toEqual([]);
    expect(c.onlyBase.map((k) => k.name)).toEqual([
      'void vllm::rms_norm_kernel<c10::BFloat16>(c10::BFloat16*, c10::BFloat16 const*, c10::BFloat16 const*, float, int, int)',
    ]);
    expect(c.onlyHead.map((k) => k.name)).toEqual([
      'void vllm::fused_add_rms_norm_kernel<c10::BFloat16, 8>(c10::BFloat16*, c10::BFloat16*, c10::BFloat16 const*, float, int, int)',
    ]);
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
    expect(attn.stalls.map((s) => [s.reason, s.share])).toEqual([
      ['barrier', 0.75],
      ['long_scoreboard', 0.25],
      ['math_pipe_throttle', 0],
    ]);
    expect(classifyKernel(attn).evidence).toBe(
      'SM 35%, DRAM 55% of peak, achieved occupancy 40%: both < 60%: occupancy below 50%: too few warps to hide latency',
    );
  });

  it('reports stall shifts and less coalesced access between two raw exports', async () => {
    const header =
      '"ID","Kernel Name","gpu__time_duration.sum","l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum","l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum","smsp__pcsamp_warps_issue_stalled_long_scoreboard","smsp__pcsamp_warps_issue_stalled_barrier","smsp__pcsamp_warps_issue_stalled_long_scoreboard_not_issued"\n';
    const base = await readNcu(textSource('b.csv', header + '"0","k","1000","400","100","80","20","999"\n'));
    const head = await readNcu(textSource('h.csv', header + '"0","k","1500","1600","100","30","70","999"\n'));
    const [k] = compareKernels(base.kernels, head.kernels).kernels;
    // Both stall shares moved by 50 points (long_scoreboard by a hair more in floating point).
    expect(k.notes).toEqual([
      'duration +50% (0.001 ms → 0.0015 ms)',
      'sectors per request 4.0 → 16.0 (less coalesced)',
      'stall long_scoreboard 80% → 30% of stalls',
      'stall barrier 20% → 70% of stalls',
    ]);
  });
});

describe('regime: Nsight Compute’s SOLBottleneck rule (80% bound, 60% latency, 10 points balanced)', () => {
  const k = (
    smPct: number,
    dramPct: number,
    extra: Partial<Record<'memoryPct' | 'l1Pct' | 'l2Pct' | 'occupancyPct' | 'waves', number>> = {},
  ) => ({ smPct, dramPct, memoryPct: NaN, ...extra });
  const regime = (...args: Parameters<typeof k>) => classifyKernel(k(...args)).regime;

  it('uses the rule’s thresholds', () => {
    expect(REGIME_THRESHOLDS).toEqual({ bound: 80, latency: 60, balanced: 10, lowOccupancy: 50 });
    // Either unit ≥ 80%: bound by the higher one.
    expect(regime(80, 79.99)).toBe('compute-bound');
    expect(regime(79.99, 80)).toBe('memory-bound');
    expect(regime(85, 85)).toBe('compute-bound');
    // Both below 60%: latency.
    expect(regime(59.99, 59.99)).toBe('latency-bound');
    // Between: 10 points apart is the heavier side; closer is balanced.
    expect(regime(60, 70)).toBe('memory-bound');
    expect(regime(70, 60)).toBe('compute-bound');
    expect(regime(65, 70)).toBe('balanced');
  });

  it('takes the busiest memory unit: an L2 at 94% is memory-bound, whatever DRAM says', () => {
    // The OCR model's elementwise kernel (ncu_ocr_rtx5090_launchskip1.real.csv, grid 14400): ncu calls it
    // "utilizing greater than 80.0%"; DRAM alone at 10% would have read as idle.
    const r = classifyKernel(k(12.07, 10.29, { memoryPct: 93.99, l1Pct: 41.59, l2Pct: 93.99, occupancyPct: 89.3 }));
    expect([r.regime, r.unit]).toEqual(['memory-bound', 'L2']);
    expect(r.evidence).toBe('SM 12%, L2 94% (DRAM 10%, L1/TEX 42%) of peak: L2 ≥ 80%, the unit that bounds the kernel');
    expect(r.fixes.join(' ')).toMatch(/coalesce.*reuse.*fuse/);
    expect(r.counters).toMatchObject({ sm: 12.07, memory: 93.99, dram: 10.29, l1: 41.59, l2: 93.99, occupancy: 89.3 });
  });

  it('says why a kernel is latency-bound: a small grid, low occupancy, or stalls', () => {
    expect(classifyKernel(k(20, 20, { waves: 0.5, occupancyPct: 10 })).cause).toBe('small-grid');
    expect(classifyKernel(k(20, 20, { waves: 2, occupancyPct: 49.99 })).cause).toBe('low-occupancy');
    const stalls = classifyKernel(k(20, 20, { occupancyPct: 89 }));
    expect(stalls.cause).toBe('stalls');
    // Occupancy is already high: "raise occupancy" would be wrong advice.
    expect(stalls.fixes.join(' ')).not.toMatch(/raise occupancy/);
    expect(classifyKernel(k(20, 20)).evidence).toBe(
      'SM 20%, DRAM 20% of peak: both < 60%: latency issues (occupancy not measured)',
    );
  });

  it('uses the overall memory throughput when no unit is exported, and names what is missing', () => {
    const r = classifyKernel({ smPct: 20, dramPct: NaN, memoryPct: 70 });
    expect(r.regime).toBe('memory-bound');
    expect(r.evidence).toContain('memory 70%');
    expect(classifyKernel({ smPct: NaN, dramPct: 50, memoryPct: NaN }).evidence).toBe(
      'needs SM throughput (sm__throughput), % of peak',
    );
    expect(classifyKernel({ smPct: 50, dramPct: NaN, memoryPct: NaN }).regime).toBeUndefined();
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
    expect((await inputError(readNcu(textSource('n.csv', '==PROF== nothing here\n')))).message).toContain(
      'no header with "Kernel Name"',
    );
  });

  it('names the line of a metric that is not a number, but ignores text values of metrics it does not use', async () => {
    const header = '"ID","Kernel Name","Section Name","Metric Name","Metric Unit","Metric Value"\n';
    const ok = await readNcu(
      textSource(
        'n.csv',
        header +
          '"0","k","Launch Statistics","Cache Configuration","","CachePreferNone"\n"0","k","SOL","Duration","usecond","2"\n',
      ),
    );
    expectMs(ok.kernels[0].durationMs, 0.002);
    const e = await inputError(
      readNcu(textSource('n.csv', header + '"0","k","SOL","Compute (SM) Throughput","%","9,00"\n')),
    );
    expect([e.line, e.field, e.reason]).toEqual([
      2,
      'Metric Value',
      'Nsight Compute CSV: metric "Compute (SM) Throughput": not a number: "9,00"',
    ]);
    const u = await inputError(readNcu(textSource('n.csv', header + '"0","k","SOL","Duration","fortnight","2"\n')));
    expect(u.reason).toContain('unknown time unit "fortnight"');
  });

  it('does not take a non-percent "Memory Throughput" (old ncu wrote GB/s) for a percentage', async () => {
    const header = '"ID","Kernel Name","Section Name","Metric Name","Metric Unit","Metric Value"\n';
    const r = await readNcu(
      textSource(
        'n.csv',
        header + '"0","k","SOL","Memory Throughput","Gbyte/second","812.5"\n"0","k","SOL","Duration","usecond","2"\n',
      ),
    );
    expect(r.kernels[0].memoryPct).toBeNaN();
    expect(r.notes).toEqual([
      '"Memory Throughput" in Gbyte/second, not % of peak: not used (and no % value for it in the same launch).',
    ]);
    // The Memory Workload Analysis section writes it in GB/s next to the % in the speed-of-light section: no note then.
    const both = await readNcu(
      textSource(
        'n.csv',
        header +
          '"0","k","MWA","Memory Throughput","Gbyte/second","812.5"\n"0","k","SOL","Memory Throughput","%","61.2"\n',
      ),
    );
    expect([both.kernels[0].memoryPct, both.notes]).toEqual([
      61.2,
      [
        '1 of 1 kernel(s) without a duration (needs gpu__time_duration.sum, or sm__cycles_elapsed.avg and sm__cycles_elapsed.avg.per_second).',
      ],
    ]);
  });

  it('reads the per-kernel summary layout (Invocations, Average)', async () => {
    const csv =
      '"Process ID","Kernel Name","Invocations","Section Name","Metric Name","Metric Unit","Minimum","Maximum","Average"\n' +
      '"1","k","3","SOL","Duration","usecond","1","3","2"\n"1","k","3","SOL","DRAM Throughput","%","70","90","80"\n';
    const [k] = (await readNcu(textSource('s.csv', csv))).kernels;
    expect(k.launches).toBe(3);
    expectMs(k.durationMs, 0.006);
    expect(k.dramPct).toBe(80);
  });
});
