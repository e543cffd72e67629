// Real Nsight Compute CSVs of three layouts (provenance and trimming in SOURCES.md):
//   - ncu 2025 details with launch-shape and rule columns (an OCR model on an RTX 5090, one export per
//     kernel, two runs at different problem sizes: launch-skip 1 and 50);
//   - ncu 2023 details with a "Kernel Time" column and rule columns, custom --metrics without
//     gpu__time_duration (GPT-2 attention on an A100): the duration is derived from cycles / clock;
//   - ncu 2022 details with a "Kernel Time" column and no rule columns, after "==PROF==" lines and a
//     line of program output: both gpu__time_duration and the cycles, so the derivation is checked.
// Regimes are checked against ncu's own SOLBottleneck verdict written in the same file, durations
// against a Python computation (cycles / cycles per second, in SOURCES.md).

import { describe, expect, it } from 'vitest';
import { textSource } from '../../src/ingest/source';
import { compareKernels } from '../../src/diagnose/profile/compare-kernels';
import { readNcu } from '../../src/ingest/profile/ncu';
import { readProfile } from '../../src/ingest/profile/read';
import { classifyKernel } from '../../src/diagnose/profile/regime';
import { profileReport } from '../../src/report/profiles';
import { shortNames } from '../../src/render/kernel-names';
import { fixture, fixtureSource, inputError } from './helpers';

const OCR_1 = 'ncu_ocr_rtx5090_launchskip1.real.csv';
const OCR_50 = 'ncu_ocr_rtx5090_launchskip50.real.csv';

/** ncu's own verdict, per (kernel name, grid), from the SOLBottleneck rule rows of the file. */
function ncuVerdicts(csv: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of csv.split('\n')) {
    if (!line.includes('"SOLBottleneck"')) continue;
    const cells = line.match(/"(?:[^"]|"")*"/g)!.map((c) => c.slice(1, -1));
    const text = cells[17];
    const verdict = /too small|low compute throughput/.test(text)
      ? 'latency-bound'
      : /Memory is more heavily/.test(text)
        ? 'memory-bound'
        : /Compute is more heavily/.test(text)
          ? 'compute-bound'
          : /greater than 80\.0%/.test(text)
            ? 'bound (≥ 80%)'
            : /well-balanced/.test(text)
              ? 'balanced'
              : 'unknown';
    out.set(`${cells[4]} ${cells[8]}`, verdict);
  }
  return out;
}

describe('ncu 2025 details layout (launch shape and rule columns)', () => {
  it('reads every kernel of the concatenated exports, with its launch shape', async () => {
    const r = await readNcu(fixtureSource(OCR_1, 500));
    expect(r.layout).toBe('details');
    expect(r.kernels.map((k) => [k.grid, k.block])).toEqual([
      ['(304, 1, 1)', '(256, 1, 1)'],
      ['(332, 1, 1)', '(256, 1, 1)'],
      ['(14400, 1, 1)', '(128, 1, 1)'],
      ['(152, 4, 1)', '(128, 1, 1)'],
      ['(1712, 1, 1)', '(16, 4, 1)'],
      ['(4800, 1, 1)', '(128, 1, 1)'],
      ['(224, 1, 1)', '(32, 4, 1)'],
    ]);
    expect(r.kernels[0].durationMs).toBeCloseTo(0.4047, 12);
    expect(r.kernels[0]).toMatchObject({
      smPct: 32.46,
      memoryPct: 25.75,
      dramPct: 8.96,
      l1Pct: 18.03,
      l2Pct: 25.75,
      occupancyPct: 16.66,
      gridBlocks: 304,
      blockThreads: 256,
    });
    // "Memory Throughput" in Gbyte/s (Memory Workload Analysis) sits beside the % row: no note about it.
    expect(r.notes).toEqual([]);
  });

  it('agrees with ncu’s own bottleneck rule on every kernel, including the three whose busy unit is L2', async () => {
    const verdicts = ncuVerdicts(fixture(OCR_1));
    const r = await readNcu(fixtureSource(OCR_1));
    const rows = r.kernels.map((k) => {
      const c = classifyKernel(k);
      return [k.grid, c.regime, c.unit ?? '', verdicts.get(`${k.name} ${k.grid}`)];
    });
    expect(rows).toEqual([
      ['(304, 1, 1)', 'latency-bound', '', 'latency-bound'],
      ['(332, 1, 1)', 'latency-bound', '', 'latency-bound'],
      ['(14400, 1, 1)', 'memory-bound', 'L2', 'bound (≥ 80%)'],
      ['(152, 4, 1)', 'memory-bound', 'L2', 'memory-bound'],
      ['(1712, 1, 1)', 'latency-bound', '', 'latency-bound'],
      ['(4800, 1, 1)', 'memory-bound', 'L2', 'memory-bound'],
      ['(224, 1, 1)', 'latency-bound', '', 'latency-bound'],
    ]);
  });

  it('compares two runs only at the same launch shape, and states the shapes that changed', async () => {
    const base = await readNcu(fixtureSource(OCR_50));
    const head = await readNcu(fixtureSource(OCR_1));
    const c = compareKernels(base.kernels, head.kernels);
    // The GEMV at grid 224 on both sides: 6.46 µs → 6.75 µs, +4.5%, within the 5% noise line.
    expect(c.kernels.map((k) => [k.base.grid, k.notes])).toEqual([['(224, 1, 1)', []]]);
    expect(c.shapeChanged.map((x) => [x.name.slice(0, 30), x.base.grid, x.head.grid])).toEqual([
      ['void elementwise_kernel<128, 4', '(6144, 1, 1)', '(14400, 1, 1)'],
      ['void Kernel2<cutlass_80_wmma_t', '(72, 4, 1)', '(152, 4, 1)'],
      ['enable_if<!T7, void>::type ker', '(448, 1, 1)', '(1712, 1, 1)'],
    ]);
    expect(c.onlyBase).toEqual([]);
    expect(c.onlyHead.map((k) => k.grid)).toEqual(['(304, 1, 1)', '(332, 1, 1)', '(4800, 1, 1)']);
  });

  it('combines the exports of one side given as several files', async () => {
    const text = fixture(OCR_1);
    const cut = text.indexOf('"ID"', text.indexOf('"ID"', 10) + 1);
    const parts = [textSource('a.csv', text.slice(0, cut)), textSource('b.csv', text.slice(cut))];
    const split = profileReport({ base: [], head: await Promise.all(parts.map((p) => readProfile(p))) })!;
    const whole = profileReport({ base: [], head: [await readProfile(fixtureSource(OCR_1))] })!;
    expect(split.kernels!.headFile).toBe('a.csv + b.csv');
    expect(split.kernels!.top).toEqual(whole.kernels!.top);
  });

  it('shows two CUTLASS kernels that differ only in their tile shape under two names', async () => {
    const [a, b] = (await readNcu(fixtureSource(OCR_1))).kernels;
    // The 59 characters a table used to show (then "…") are the same.
    expect(a.name.slice(0, 59)).toBe(b.name.slice(0, 59));
    const names = shortNames([a.name, b.name]);
    expect(names.get(a.name)).not.toBe(names.get(b.name));
    expect(names.get(a.name)).toContain('128x256');
    expect(names.get(b.name)).toContain('256x128');
  });
});

describe('ncu 2023 details with a "Kernel Time" column, no gpu__time_duration (GPT-2 attention)', () => {
  it('derives each duration from sm__cycles_elapsed.avg / sm__cycles_elapsed.avg.per_second', async () => {
    const r = await readNcu(fixtureSource('ncu_gpt2_attention_kerneltime_2023.real.csv', 333));
    // Python: Σ cycles / (cycles per second) over launches 6, 10, 14 = 0.017728 + 0.017792 + 0.017568 ms.
    expect(r.kernels.map((k) => [k.name.slice(0, 24), k.launches, k.grid, k.block, k.durationDerived])).toEqual([
      ['ampere_sgemm_128x32_tn', 3, '144', '256', true],
      ['ampere_sgemm_128x128_tn', 1, '24', '256', true],
      ['ampere_sgemm_64x32_slice', 1, '96', '256', true],
      ['ampere_sgemm_128x128_nn', 1, '24', '256', true],
      ['void splitKreduce_kernel', 1, '96', '512', true],
      ['void <unnamed>::softmax_', 1, '96', '128', true],
    ]);
    expect(r.kernels.map((k) => Number(k.durationMs.toFixed(6)))).toEqual([
      0.053088, 0.023552, 0.017056, 0.016512, 0.007008, 0.005248,
    ]);
    expect(r.notes[0]).toBe(
      'Duration of 8 launch(es) derived from elapsed cycles / cycles per second (sm__cycles_elapsed.avg / .per_second): gpu__time_duration was not collected.',
    );
    // Waves Per SM 0.33 < 1: ncu's "grid too small".
    const c = classifyKernel(r.kernels[0]);
    expect([c.regime, c.cause, c.unit]).toEqual(['latency-bound', 'small-grid', undefined]);
  });
});

describe('ncu 2022 details with a "Kernel Time" column and no rule columns', () => {
  it('reads past ==PROF== lines and program output; the derived duration matches the measured one', async () => {
    const r = await readNcu(fixtureSource('ncu_sgemm_kerneltime_2022.real.csv'));
    expect(r.kernels.map((k) => [k.name.slice(0, 24), k.durationMs.toFixed(9), k.durationDerived])).toEqual([
      ['ampere_sgemm_32x32_slice', '0.007488000', false],
      ['void splitKreduce_kernel', '0.004224000', false],
    ]);
    // The same launches without gpu__time_duration: 7,556.52 / 1,009,150,443.18 s = 7,488.001 ns; 4,038.70 / 956,132,505.61 s = 4,223.996 ns.
    const withoutTime = fixture('ncu_sgemm_kerneltime_2022.real.csv')
      .split('\n')
      .filter((l) => !l.includes('gpu__time_duration'))
      .join('\n');
    const d = await readNcu(textSource('no-time.csv', withoutTime));
    expect(d.kernels.map((k) => [k.durationMs.toFixed(9), k.durationDerived])).toEqual([
      ['0.007488001', true],
      ['0.004223996', true],
    ]);
    // gpu__dram_throughput is the older name of dram__throughput.
    expect(r.kernels[0].dramPct).toBe(0);
  });
});

describe('a layout that cannot be used is an error naming what is missing', () => {
  it('refuses kernels with neither a duration nor a throughput', async () => {
    const lines = fixture('ncu_gpt2_attention_kerneltime_2023.real.csv').split('\n');
    const launchOnly = [lines[0], ...lines.filter((l) => l.includes('"Launch Statistics"'))].join('\n');
    const e = await inputError(readNcu(textSource('launch-only.csv', launchOnly)));
    expect(e.message).toBe(
      'launch-only.csv: Nsight Compute CSV: 6 kernel(s) but none has a duration (gpu__time_duration.sum or Duration, or sm__cycles_elapsed.avg with sm__cycles_elapsed.avg.per_second) or a throughput (sm__throughput.avg.pct_of_peak_sustained_elapsed or Compute (SM) Throughput; gpu__compute_memory_throughput.avg.pct_of_peak_sustained_elapsed or Memory Throughput, dram__throughput.avg.pct_of_peak_sustained_elapsed or gpu__dram_throughput.avg.pct_of_peak_sustained_elapsed): collect them with --section SpeedOfLight, or add them to --metrics',
    );
  });
});
