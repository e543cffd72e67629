// Real `nsys stats` CSVs of a llama.cpp decode before and after a GEMV change (ROWS 4 → 1 in
// mul_mat_vec_ptq1_0_pt, Max-sm-yc/bonsai-llama-cpp-fork; SOURCES.md): one file per report, as
// `nsys stats --report cuda_gpu_kern_sum,cuda_api_sum --format csv --output X` writes them. Values
// checked by an independent Python computation over the same files (csv.DictReader, in SOURCES.md):
//   base  kernels 2,028.632317 ms (15.973483 ms per step over the 127 graph launches), family
//         mul_mat_vec_ptq1_0_pt 1,253.19662 ms, sync calls 3,592 (3,588 cudaStreamSynchronize + 4
//         cudaDeviceSynchronize), blocked 1,850.370402 ms
//   head  kernels 1,932.663221 ms (15.217821 per step), family 1,165.696804 ms (−6.98%), sync calls
//         3,592, blocked 1,757.416081 ms; 30 kernel names on both sides, 3 gone and 3 new (the ROWS
//         template argument is in the name)
// Then perturbed copies: every kernel ×1.3 (must read as GPU slower), and a longer wall with the same
// kernels (host gaps: must not read as GPU).

import { describe, expect, it } from 'vitest';
import { textSource } from '../../src/ingest/source';
import { readProfile, type ProfileReadOptions } from '../../src/ingest/profile/read';
import { profileReport, type ProfileInputs } from '../../src/report/profiles';
import { fixture, fixtureSource } from './helpers';
import { scaleKernelSummary } from './perturb';

const BASE = [
  'nsys_llamacpp_ptq1_base.stats.csv_cuda_gpu_kern_sum.real.csv',
  'nsys_llamacpp_ptq1_base.stats.csv_cuda_api_sum.real.csv',
];
const HEAD = [
  'nsys_llamacpp_ptq1_rows1.stats.csv_cuda_gpu_kern_sum.real.csv',
  'nsys_llamacpp_ptq1_rows1.stats.csv_cuda_api_sum.real.csv',
];
const read = (files: readonly string[], options: ProfileReadOptions = {}) =>
  Promise.all(files.map((f) => readProfile(fixtureSource(f, 1000), options)));
const close = (actual: number, expected: number, digits = 6) => expect(actual).toBeCloseTo(expected, digits);

describe('one run in one file per report', () => {
  it('combines the kernel and API summaries into one profile, whatever the order', async () => {
    const forward = profileReport({ base: [], head: await read(HEAD) })!;
    const backward = profileReport({ base: [], head: await read([...HEAD].reverse()) })!;
    for (const r of [forward, backward]) {
      const s = r.split!.head!;
      close(s.gpuMs, 1932.663221);
      expect(s.verdict).toBe('unknown');
      expect(s.engine).toBe('native');
      const sync = s.candidates.find((c) => c.cause === 'implicit-sync')!;
      // Measured, with its share unknown (no wall clock): shown, never "absent".
      expect(sync.evidence).toBe('measured');
      close(sync.ms, 1757.416081);
      expect(sync.detail).toBe('3,592 blocking sync call(s) in the capture, 1,757 ms blocked.');
      // A C++ engine: PyTorch's set_sync_debug_mode would not apply.
      expect(sync.nextCheck).toContain('--cudabacktrace=sync');
      expect(sync.nextCheck).not.toContain('torch');
    }
    expect(JSON.stringify(backward.split!.head!.candidates)).toBe(JSON.stringify(forward.split!.head!.candidates));
    expect(forward.split!.head!.notes[0]).toBe('One run from 2 files: cuda_api_sum, cuda_gpu_kern_sum.');
  });
});

describe('before and after the GEMV change', () => {
  const pair = async (
    options: { base?: ProfileReadOptions; head?: ProfileReadOptions } = {},
  ): Promise<ProfileInputs> => ({ base: await read(BASE, options.base), head: await read(HEAD, options.head) });

  it('compares kernel time per step and per family: the GEMV family −7%, its names all new', async () => {
    const r = profileReport(await pair({ base: { steps: 127 }, head: { steps: 127 } }))!;
    const k = r.split!.kernels!;
    close(k.total.base, 15.973483);
    close(k.total.head, 15.217821);
    close(k.total.ratio, -0.047307);
    expect([k.kernels.length, k.onlyBase.length, k.onlyHead.length]).toEqual([30, 3, 3]);
    const gemv = k.families[0];
    expect(gemv.name).toBe('mul_mat_vec_ptq1_0_pt');
    close(gemv.ratio, -0.069821);
    close(gemv.countBase, (31219 + 10192 + 5161) / 127);
    close(gemv.countHead, (31219 + 10192 + 5161) / 127);
    // The wall clock is in neither capture: no "unchanged" verdict, GPU time −4.7% is within noise.
    const c = r.split!.comparison!;
    expect(c.change).toBe('unknown');
    expect(c.conclusion).toBe('Wall clock unknown on one side: the steps cannot be compared; GPU time −4.7% (flat).');
    expect(r.split!.head!.steps).toBe(127);
    expect(r.split!.head!.candidates.find((c) => c.cause === 'implicit-sync')!.detail).toBe(
      '28.3 blocking sync call(s) per step, 13.8 ms blocked.',
    );
  });

  it('a wall clock per side: GPU time summed past the wall is explained, not passed in silence', async () => {
    // 73 tokens/s under the profiler (the fork's report) is 13.7 ms per token; the kernel sum is 15.2 ms.
    const r = profileReport(await pair({ base: { steps: 127, wallMs: 13.7 }, head: { steps: 127, wallMs: 13.7 } }))!;
    const h = r.split!.head!;
    close(h.gpuShare, 15.217820637795276 / 13.7);
    expect(h.verdict).toBe('gpu-bound');
    expect(h.evidence).toContain(
      'Host time not measured; with the GPU this busy, removing every gap gains at most 0% of the step.',
    );
    expect(
      h.evidence.some((e) =>
        e.startsWith('GPU kernel time adds up to 111% of the wall clock: kernels overlap on several streams'),
      ),
    ).toBe(true);
  });

  it('every kernel ×1.3: GPU slower by 30%, kernel by kernel', async () => {
    const scaled = scaleKernelSummary(fixture(BASE[0]), 1.3);
    const head = [
      await readProfile(textSource('x1.3_cuda_gpu_kern_sum.csv', scaled), { steps: 127 }),
      ...(await read([BASE[1]], { steps: 127 })),
    ];
    const r = profileReport({ base: await read(BASE, { steps: 127 }), head })!;
    const c = r.split!.comparison!;
    expect([c.change, c.direction]).toEqual(['gpu', 'slower']);
    close(c.gpu.ratio, 0.3, 4);
    expect(c.conclusion).toBe(
      'GPU time +30% per step (+4.79 ms): the kernels got slower or more numerous — the wall clock is unknown on one side (give it, or an NVTX step range), so what it did to the step is not known.',
    );
    const k = r.split!.kernels!;
    expect([k.slower, k.faster, k.onlyBase.length, k.onlyHead.length]).toEqual([33, 0, 0, 0]);
    for (const x of k.kernels) close(x.ratio, 0.3, 4);
  });

  it('the same kernels in a longer step (host gaps ×2): the host side or waiting, not the GPU', async () => {
    // Base: 13.7 ms per step, of which the kernels' sum is 16.0 ms (overlapping streams); head: the
    // host's share of the step doubled, modelled as a longer wall clock with the very same kernels.
    const r = profileReport(await pair({ base: { steps: 127, wallMs: 20 }, head: { steps: 127, wallMs: 24 } }))!;
    const c = r.split!.comparison!;
    expect([c.change, c.direction]).toEqual(['host-or-waiting', 'slower']);
    expect(c.conclusion).toBe(
      'wall +20% (+4.00 ms per step) with GPU time −4.7% (flat): the host side or waiting grew (host time not measured).',
    );
  });
});
