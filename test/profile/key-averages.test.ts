// prof.key_averages() rows as JSON and CSV: GPU time from the device rows only (the launch rows
// carry the same kernel time and must not be added), CPU time without the sync wait, wall from the
// ProfilerStep#N rows; then the base → head comparison of the §6 split.

import { describe, expect, it } from 'vitest';
import { textSource } from '../../src/ingest/source';
import { compareSplits } from '../../src/diagnose/profile/compare-splits';
import { splitStep } from '../../src/diagnose/profile/split';
import { readKeyAverages } from '../../src/ingest/profile/torch-key-averages';
import { expectMs, fixtureSource, inputError } from './helpers';

describe('key_averages JSON (base: GPU-bound decode loop, 3 steps)', () => {
  it('sums only device rows for GPU time and leaves sync waits out of CPU time', async () => {
    const t = await readKeyAverages(fixtureSource('key_averages_base.synthetic.json'));
    expect(t.format).toBe('torch-key-averages');
    expect(t.gpuTimeKind).toBe('sum');
    const s = t.perStep;
    expect(s.label).toBe('mean of 3 steps');
    // Σ ProfilerStep#N cpu_time_total 30,000 µs over 3 steps.
    expectMs(s.wallMs, 10);
    // Ops' self CPU 27,240 µs − 21,000 µs in cudaStreamSynchronize = 6,240 µs / 3.
    expectMs(s.cpuMs, 2.08);
    // Kernel rows 25,500 µs / 3; not the cudaLaunchKernel row's 25,500, not the GPU-side ProfilerStep#1.
    expectMs(s.gpuMs, 8.5);
    // ProfilerStep self time 2,760 µs / 3: time in no op.
    expectMs(s.hostGapMs, 0.92);
    expect(s.idleMs).toBeNaN();
    expect(t.signals).toMatchObject({ syncCalls: 1, itemCalls: 1, d2hCopies: 1, collectiveCalls: 0, collectiveMs: 0 });
    expectMs(t.signals.syncMs, 7);
    expect(t.signals.lockMs).toBeNaN();
    expect(t.topKernels.map((k) => Math.round(k.ms * 1000))).toEqual([6000, 1500, 500, 490, 10]);
    expect(splitStep(t).verdict).toBe('gpu-bound');
  });
});

describe('key_averages CSV (head, as pandas to_csv writes it)', () => {
  it('reads the same columns from CSV, index column and quoted kernel names included', async () => {
    const t = await readKeyAverages(fixtureSource('key_averages_head.synthetic.csv', 13));
    const s = t.perStep;
    expectMs(s.wallMs, 11.8);
    // (30,840 − 18,600) / 3.
    expectMs(s.cpuMs, 4.08);
    expectMs(s.gpuMs, 8.5);
    expectMs(s.hostGapMs, 1.52);
    expect(t.topKernels[3].name).toBe(
      'void at::native::reduce_kernel<512, 1, at::native::ReduceOp<c10::BFloat16, at::native::ArgMaxOps<c10::BFloat16>, unsigned int, long, 4> >',
    );
    expect(splitStep(t).verdict).toBe('mixed');
  });

  it('compares base and head: wall +18% with GPU time flat, the CPU side grew', async () => {
    const base = splitStep(await readKeyAverages(fixtureSource('key_averages_base.synthetic.json')));
    const head = splitStep(await readKeyAverages(fixtureSource('key_averages_head.synthetic.csv')));
    const c = compareSplits(base, head);
    expectMs(c.wall.deltaMs, 1.8);
    expectMs(c.wall.ratio, 0.18);
    expectMs(c.gpu.deltaMs, 0);
    expectMs(c.cpu.deltaMs, 2);
    expectMs(c.gpuShare.delta, 8.5 / 11.8 - 0.85);
    expect(c.verdict).toEqual({ base: 'gpu-bound', head: 'mixed', changed: true });
    expect(c.conclusion).toBe(
      'wall +18% (+1.80 ms per step) with GPU time 0% (flat): the CPU side grew (launch overhead? Python? data loading?) (was gpu-bound, now mixed).',
    );
  });
});

describe('key_averages variants and bad input', () => {
  const read = (rows: unknown, options = {}) => readKeyAverages(textSource('ka.json', JSON.stringify(rows)), options);

  it('reads older field names (self_cuda_time_total) and tells device rows by their zero CPU time', async () => {
    const t = await read(
      {
        rows: [
          { key: 'aten::mm', count: 10, cpu_time_total: 500, self_cpu_time_total: 300, self_cuda_time_total: 0 },
          {
            key: 'cudaLaunchKernel',
            count: 10,
            cpu_time_total: 200,
            self_cpu_time_total: 200,
            self_cuda_time_total: 900,
          },
          {
            key: 'ampere_sgemm_128x64_tn',
            count: 10,
            cpu_time_total: 0,
            self_cpu_time_total: 0,
            self_cuda_time_total: 900,
          },
          {
            key: 'ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)',
            count: 2,
            cpu_time_total: 0,
            self_cpu_time_total: 0,
            self_cuda_time_total: 400,
          },
        ],
      },
      { wallMs: 2 },
    );
    expectMs(t.perStep.wallMs, 2);
    expectMs(t.perStep.cpuMs, 0.5);
    expectMs(t.perStep.gpuMs, 0.9);
    expectMs(t.perStep.collectiveMs, 0.4);
    expect(t.signals.collectiveCalls).toBe(2);
    expect(t.perStep.hostGapMs).toBeNaN();
    expect(t.notes[0]).toBe('No ProfilerStep#N rows: wall clock 2 ms per step and 1 step(s) as given.');
  });

  it('leaves out a GPU-side record_function annotation, recognised by its CPU twin', async () => {
    const t = await read(
      [
        { key: 'decode', count: 1, cpu_time_total: 1000, self_cpu_time_total: 100 },
        { key: 'decode', count: 1, cpu_time_total: 0, self_cpu_time_total: 0, self_device_time_total: 950 },
        { key: 'gemv', count: 8, cpu_time_total: 0, self_cpu_time_total: 0, self_device_time_total: 800 },
      ],
      { wallMs: 1 },
    );
    expectMs(t.perStep.gpuMs, 0.8);
    expect(t.notes).toContain(
      'Device rows named like CPU rows were taken for GPU-side user annotations and left out of GPU time.',
    );
  });

  it('sums the CPU rows of the legacy profiler, which hold the kernel time themselves', async () => {
    const t = await read(
      [
        { name: 'aten::mm', count: 4, cpu_time_total: 400, self_cpu_time_total: 400, self_cuda_time_total: 1200 },
        { name: 'aten::add', count: 4, cpu_time_total: 100, self_cpu_time_total: 100, self_cuda_time_total: 300 },
      ],
      { wallMs: 5, steps: 2 },
    );
    expectMs(t.perStep.gpuMs, 0.75);
    expectMs(t.perStep.cpuMs, 0.25);
    expect(t.signals.d2hCopies).toBeNaN();
  });

  it('says the wall clock is missing instead of guessing one', async () => {
    const t = await read([{ key: 'aten::mm', self_cpu_time_total: 5 }]);
    expect(t.perStep.wallMs).toBeNaN();
    expect(t.perStep.gpuMs).toBeNaN();
    expect(splitStep(t).verdict).toBe('unknown');
    expect(t.notes[0]).toContain('the split needs the step time');
  });

  it('names the row and field of a bad value', async () => {
    expect(
      (
        await inputError(
          read([
            { key: 'a', self_cpu_time_total: 1 },
            { key: 'b', self_cpu_time_total: 'lots' },
          ]),
        )
      ).message,
    ).toBe('ka.json: field "[1].self_cpu_time_total": PyTorch key_averages: not a number: "lots"');
    expect((await inputError(read([{ key: 'a' }]))).message).toBe(
      'ka.json: field "[0].self_cpu_time_total": PyTorch key_averages: missing',
    );
    expect((await inputError(read([{ self_cpu_time_total: 1 }]))).message).toContain('field "[0].key"');
    expect((await inputError(read([{ key: 'a', self_cpu_time_total: 1, count: -2 }]))).message).toContain(
      'cannot be negative',
    );
    expect(
      (await inputError(read([{ key: 'a', self_cpu_time_total: 1, device_type: 'DeviceType.Quantum' }]))).message,
    ).toContain('unknown device type');
    expect((await inputError(read({ table: [] }))).message).toContain('expected a JSON list of rows');
    expect((await inputError(read([]))).message).toBe('ka.json: PyTorch key_averages: no rows');
    expect((await inputError(read([3]))).message).toBe(
      'ka.json: field "[0]": PyTorch key_averages: row 0 is not an object',
    );
  });

  it('names the line of a bad CSV cell', async () => {
    const csv = 'key,count,self_cpu_time_total\naten::mm,1,5\naten::add,1,x5\n';
    const e = await inputError(readKeyAverages(textSource('ka.csv', csv, 5)));
    expect([e.line, e.field, e.reason]).toEqual([3, 'self_cpu_time_total', 'PyTorch key_averages: not a number: "x5"']);
    expect((await inputError(readKeyAverages(textSource('ka.csv', 'a,b\n1,2\n')))).message).toContain(
      'no header row with a "self_cpu_time_total" column',
    );
  });

  it('ignores inherited keys ("__proto__" in a row is data)', async () => {
    const text = '[{"key": "x", "self_cpu_time_total": 7, "__proto__": {"self_device_time_total": 99}}]';
    const t = await readKeyAverages(textSource('p.json', text), { wallMs: 1 });
    expectMs(t.perStep.cpuMs, 0.007);
    expect(t.perStep.gpuMs).toBeNaN();
  });
});
