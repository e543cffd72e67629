// nsys stats CSVs: every report of a combined output told apart by its header (and title), units and
// thousands separators honoured, and the per-step split of a tensor-parallel rank that waits on
// NCCL — where host time is not measured, so the verdict stays "unknown" and the candidates speak.

import { describe, expect, it } from 'vitest';
import { textSource } from '../../src/ingest/source';
import { readNsysStats } from '../../src/ingest/profile/nsys-stats';
import { nsysTotals } from '../../src/ingest/profile/nsys-totals';
import { splitStep } from '../../src/diagnose/profile/split';
import { expectMs, fixtureSource, inputError } from './helpers';

describe('combined nsys stats output (TP rank waiting on NCCL)', () => {
  it('finds the five reports and their kinds', async () => {
    const stats = await readNsysStats(fixtureSource('nsys_tp_rank1_stats.synthetic.csv', 61));
    expect(stats.reports.map((r) => r.kind)).toEqual(['nvtx', 'osrt', 'cuda-api', 'kernels', 'memops']);
    expect(stats.reports[0].title).toBe('** NVTX Range Summary (nvtx_sum):');
    const nvtx = stats.reports[0].entries[0];
    expect(nvtx).toEqual({ name: ':decode_step', totalMs: 1200, count: 50, style: 'PushPop' });
    expect(stats.reports[4].entries.map((e) => e.name)).toEqual([
      '[CUDA memcpy Host-to-Device]',
      '[CUDA memcpy Device-to-Host]',
      '[CUDA memset]',
    ]);
  });

  it('computes per-step totals from the step range', async () => {
    const t = nsysTotals(await readNsysStats(fixtureSource('nsys_tp_rank1_stats.synthetic.csv')), {
      stepRange: 'decode_step',
    });
    expect(t.format).toBe('nsys-stats');
    const s = t.perStep;
    expectMs(s.wallMs, 24);
    // (300 + 120 + 30 ms of kernels + 8 ms of memops) / 50 steps; NCCL's 600 ms apart.
    expectMs(s.gpuMs, 9.16);
    expectMs(s.collectiveMs, 12);
    expect(s.cpuMs).toBeNaN();
    expect(t.signals).toMatchObject({ syncCalls: 1, d2hCopies: 1, collectiveCalls: 160 });
    expectMs(t.signals.syncMs, 2);
    // pthread_cond_timedwait + pthread_mutex_lock; poll — summed over every thread.
    expectMs(t.signals.lockMs, 49);
    expectMs(t.signals.lockCalls, 10.96);
    expectMs(t.signals.networkMs, 36);
    expect(t.signals.itemCalls).toBeNaN();
    expect(t.topKernels[0].name).toMatch(/^ncclDevKernel_AllReduce/);

    const split = splitStep(t);
    expect(split.verdict).toBe('unknown');
    expect(split.evidence).toContain(
      'Host time not measured and the other side is below 80%: CPU-bound and waiting cannot be told apart.',
    );
    expect(split.candidates.map((c) => [c.cause, c.evidence])).toEqual([
      ['lock', 'present'],
      ['network', 'present'],
      ['collective', 'present'],
      ['implicit-sync', 'absent'],
    ]);
    expect(split.candidates[0].detail).toContain("several threads' waits add up");
    expect(split.candidates[2].detail).toBe(
      '160 communication kernel(s) per step, 12.0 ms on the GPU waiting for peers or moving data.',
    );
  });

  it('says the wall clock is unknown without a step range', async () => {
    const t = nsysTotals(await readNsysStats(fixtureSource('nsys_tp_rank1_stats.synthetic.csv')));
    expect(t.perStep.wallMs).toBeNaN();
    expect(t.notes[0]).toBe(
      'No NVTX step range and no wall clock given (--wall-ms): times are per capture (no step count given: --steps); the split needs the step time.',
    );
  });

  it('takes ProfilerStep#N ranges by default', async () => {
    const csv =
      '"Time (%)","Total Time (ns)","Instances","Avg (ns)","Med (ns)","Min (ns)","Max (ns)","StdDev (ns)","Style","Range"\n' +
      '"50.0","10000000","1","10000000.0","10000000.0","10000000","10000000","0.0","PushPop",":ProfilerStep#1"\n' +
      '"50.0","12000000","1","12000000.0","12000000.0","12000000","12000000","0.0","PushPop",":ProfilerStep#2"\n';
    const t = nsysTotals(await readNsysStats(textSource('nvtx.csv', csv)));
    expectMs(t.perStep.wallMs, 11);
    expect(t.perStep.gpuMs).toBeNaN();
  });
});

describe('a bare cuda_gpu_kern_sum table', () => {
  it('parses thousands separators and splits by the given wall clock', async () => {
    const stats = await readNsysStats(fixtureSource('nsys_cuda_gpu_kern_sum.synthetic.csv', 5));
    expect(stats.reports).toHaveLength(1);
    expect(stats.reports[0].entries.map((e) => [e.totalMs, e.count])).toEqual([
      [7, 1000],
      [3, 1],
    ]);
    const t = nsysTotals(stats, { wallMs: 12, steps: 1 });
    expectMs(t.perStep.gpuMs, 10);
    const split = splitStep(t);
    expect(split.verdict).toBe('gpu-bound');
    expect(split.evidence).toContain(
      'Host time not measured; with the GPU this busy, removing every gap gains at most 17% of the step.',
    );
  });

  it('reads other time units and the old "Time(%)"/"Average" headers', async () => {
    const csv = 'Time(%),Total Time (us),Instances,Average,Minimum,Maximum,Name\n60.0,1500.5,10,150.05,100,200,k1\n';
    const stats = await readNsysStats(textSource('old.csv', csv));
    expect(stats.reports[0].entries[0]).toEqual({ name: 'k1', totalMs: 1.5005, count: 10 });
  });

  it('tells cuda_api_sum from osrt_sum by the names when there is no title', async () => {
    const header = '"Time (%)","Total Time (ns)","Num Calls","Avg (ns)","Name"\n';
    const api = await readNsysStats(
      textSource(
        'a.csv',
        header + '"90","900","3","300","cudaStreamSynchronize"\n"10","100","1","100","cudaLaunchKernel"\n',
      ),
    );
    const os = await readNsysStats(
      textSource('o.csv', header + '"90","900","3","300","poll"\n"10","100","1","100","futex"\n'),
    );
    expect([api.reports[0].kind, os.reports[0].kind]).toEqual(['cuda-api', 'osrt']);
  });
});

describe('nsys stats: bad input', () => {
  it('names the line and column of a bad duration', async () => {
    const csv = '"Time (%)","Total Time (ns)","Instances","Name"\n"10","100","1","k"\n"90","9,00","1","k2"\n';
    const e = await inputError(readNsysStats(textSource('k.csv', csv)));
    expect([e.line, e.field, e.reason]).toEqual([3, 'Total Time (ns)', 'nsys stats CSV: not a duration: "9,00"']);
  });

  it('refuses a file with no report table, and two reports of one kind', async () => {
    expect((await inputError(readNsysStats(textSource('x.csv', 'a,b,c\n1,2,3\n')))).message).toContain(
      'no report table found',
    );
    const one = await readNsysStats(fixtureSource('nsys_cuda_gpu_kern_sum.synthetic.csv'));
    const e = await inputError(() => nsysTotals([one, { ...one, file: 'again.csv' }]));
    expect(e.message).toBe(
      'nsys_cuda_gpu_kern_sum.synthetic.csv:1: nsys stats CSV: a second cuda_gpu_kern_sum report (the first is in again.csv): one side takes the reports of one run, one of each',
    );
  });

  it('reports a CSV syntax error inside a table with its line', async () => {
    const csv = '"Time (%)","Total Time (ns)","Instances","Name"\n"10","100","1","k"x\n';
    const e = await inputError(readNsysStats(textSource('k.csv', csv)));
    expect(e.line).toBe(2);
    expect(e.reason).toMatch(/^nsys stats CSV: unexpected/);
  });
});
