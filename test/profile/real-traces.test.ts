// Real PyTorch profiler traces (provenance in test/fixtures/profile/SOURCES.md), read gzipped from
// disk as the profiler writes them, with values checked by an independent script: the unions and
// per-thread busy times below were computed by check_trace.py (a second implementation in Python,
// in SOURCES.md), not by the code under test:
//   kineto_ddp_rank0_step4       wall 222.442, cpu 192.004, gpu 39.392, comm 11.989 (overlap 1.942),
//                                idle 27.068, gap 30.410; threads 103.350 (main) and 88.654 (autograd)
//   kineto_resnet50_workers0     wall 150.790, cpu 136.344, gpu 95.469, idle 1.317, gap 14.344
//   kineto_resnet50_workers4     wall 118.121, cpu 98.713, gpu 106.130, idle 0.757, gap 19.333
//   kineto_event_sync            wall 3.154, cpu 2.378, gpu 0.051, idle 0.736, gap 0.726
//   kineto_alexnet_inference     (step = "…measure|forward", 2 of them) wall 58.017, cpu 55.926, gpu 5.282
// Then perturbed copies: every kernel ×1.3 (the GPU side must move, even where the wall does not),
// host gaps ×2 (the wall must grow by the gaps, explained by the gaps, not by CPU or GPU).

import { describe, expect, it } from 'vitest';
import { fileSource } from '../../src/io/file-source';
import { textSource } from '../../src/ingest/source';
import { compareSplits } from '../../src/diagnose/profile/compare-splits';
import { readProfile } from '../../src/ingest/profile/read';
import { splitStep } from '../../src/diagnose/profile/split';
import { readTorchTrace } from '../../src/ingest/profile/torch-trace';
import { profileReport } from '../../src/report/profiles';
import { FIXTURES, fixtureSource } from './helpers';
import { doubleHostGaps, scaleKernels, traceDoc } from './perturb';

const file = (name: string) => fileSource(`${FIXTURES}/${name}`, name);
const close = (actual: number, expected: number, digits = 3) => expect(actual).toBeCloseTo(expected, digits);

describe('DDP training step with an autograd thread (HTA nccl_data, rank 0 of 2)', () => {
  it('reads the .json.gz and counts every host thread as the step’s CPU work', async () => {
    const t = await readTorchTrace(await file('kineto_ddp_rank0_step4.real.json.gz'));
    const s = t.perStep;
    close(s.wallMs, 222.442);
    close(s.cpuMs, 192.004);
    close(s.gpuMs, 39.392);
    close(s.collectiveMs, 11.989);
    close(s.collectiveOverlapMs, 1.942);
    close(s.idleMs, 27.068);
    close(s.hostGapMs, 30.41);
    expect(t.threads.slice(0, 2).map((x) => [x.name, x.main])).toEqual([
      ['thread 2910249 (pt_main_thread)', true],
      ['thread 2919752 (pt_autograd_0)', false],
    ]);
    close(t.threads[0].busyMs, 103.35);
    close(t.threads[1].busyMs, 88.654);
    const split = splitStep(t);
    // Host threads together are busy 86% of the step: CPU-bound, not "waiting on a host gap".
    expect(split.verdict).toBe('cpu-bound');
    expect(split.evidence).toContain(
      'Communication kernels 12.0 ms of the 222 ms step (5.4%), counted as waiting, not GPU work; compute kernels ran during 1.94 ms of it (16% overlapped).',
    );
    // Both NCCL kernels (all-reduce of the gradients, broadcast of the buffers) are communication.
    expect(
      t.kernels
        .filter((k) => k.communication)
        .map((k) => `${k.name.slice(0, 30)}: ${k.communication}`)
        .sort(),
    ).toEqual(['ncclKernel_AllReduce_RING_LL_S: NCCL/RCCL', 'ncclKernel_Broadcast_RING_LL_S: NCCL/RCCL']);
  });

  it('every kernel ×1.3: GPU busy +18% and every compute kernel +30%, though the wall did not move', async () => {
    const base = await readTorchTrace(await file('kineto_ddp_rank0_step4.real.json.gz'));
    const head = await readTorchTrace(
      textSource(
        'ddp-kernels-x1.3.json',
        JSON.stringify(scaleKernels(traceDoc('kineto_ddp_rank0_step4.real.json.gz'), 1.3)),
      ),
    );
    const report = profileReport({ base: [{ kind: 'split', totals: base }], head: [{ kind: 'split', totals: head }] })!;
    const c = report.split!.comparison!;
    expect(c.wall.ratio).toBe(0);
    // Stretched kernels run into their neighbours on the stream: the union grows by less than 30%,
    // 39.392 → 46.545 ms (check_trace.py with kernel durations ×1.3).
    close(c.gpu.head, 46.545);
    close(c.gpu.ratio, 46.5446650390625 / 39.39201171875 - 1, 6);
    expect([c.change, c.direction]).toEqual(['gpu', 'slower']);
    expect(c.conclusion).toBe(
      'wall 0% (0 ms per step): within ±5.0%, but GPU time +18% (+7.15 ms per step): the kernels got slower or more numerous while the step did not move — the GPU had slack; it shows once the GPU bounds the step.',
    );
    const k = report.split!.kernels!;
    // Each kernel +30% exactly; copies and memsets (not kernels) unchanged, so the total is a little less.
    const copy = (name: string) => /^Memcpy|^Memset/.test(name);
    // (to 3 decimals: end − start of µs timestamps near 4.5e12 carries ~1e-3 µs of rounding, and kernels last 1 µs)
    for (const x of k.kernels) close(x.ratio, copy(x.name) ? 0 : 0.3, 3);
    expect(k.total.ratio).toBeGreaterThan(0.29);
    expect(k.total.ratio).toBeLessThan(0.3);
    expect(k.faster).toBe(0);
    expect(k.slower).toBe(k.kernels.filter((x) => !x.name.startsWith('nccl') && !copy(x.name)).length);
  });

  it('host gaps ×2: the wall grows by the gaps, and the gaps explain it', async () => {
    const base = await readTorchTrace(await file('kineto_ddp_rank0_step4.real.json.gz'));
    const { doc, gapUs } = doubleHostGaps(traceDoc('kineto_ddp_rank0_step4.real.json.gz'), 'ProfilerStep#4');
    const head = await readTorchTrace(textSource('ddp-gaps-x2.json', JSON.stringify(doc)));
    close(gapUs / 1000, 30.41);
    close(head.perStep.wallMs, 222.442 + 30.41, 2);
    close(head.perStep.hostGapMs, 2 * 30.41, 2);
    close(head.perStep.cpuMs, 192.004);
    const c = compareSplits(splitStep(base), splitStep(head));
    expect([c.change, c.direction]).toEqual(['host-gap', 'slower']);
    expect(c.cpu.ratio).toBeCloseTo(0, 9);
    expect(Math.abs(c.gpu.ratio)).toBeLessThan(0.05);
  });
});

describe('ResNet-50 training, DataLoader num_workers 0 → 4 (pytorch/kineto tb_plugin samples, torch 1.8)', () => {
  it('reads the torch 1.8 format (ProfilerStep#N as an "Operator") and says the CPU side shrank', async () => {
    const [base, head] = await Promise.all(
      ['kineto_resnet50_workers0_step6.real.json.gz', 'kineto_resnet50_workers4_step6.real.json.gz'].map(async (f) =>
        readProfile(await file(f)),
      ),
    );
    const report = profileReport({ base: [base], head: [head] })!;
    const b = report.split!.base!;
    const h = report.split!.head!;
    close(b.wallMs, 150.79);
    close(b.cpuMs, 136.344);
    close(b.gpuMs, 95.469);
    close(b.hostGapMs, 14.344);
    close(h.wallMs, 118.121);
    close(h.cpuMs, 98.713);
    close(h.gpuMs, 106.13);
    close(h.idleMs, 0.757);
    expect([b.verdict, h.verdict]).toEqual(['cpu-bound', 'mixed']);
    const c = report.split!.comparison!;
    expect([c.change, c.direction]).toEqual(['cpu', 'faster']);
    expect(c.conclusion).toBe(
      'wall −22% (−32.7 ms per step) with GPU time +11%: the CPU side shrank (was cpu-bound, now mixed).',
    );
  });
});

describe('inference traces (HTA critical-path tests)', () => {
  it('an .item() step: the host sits in syncs, CPU time leaves them out', async () => {
    const t = await readTorchTrace(await file('kineto_event_sync.real.json.gz'));
    close(t.perStep.wallMs, 3.154);
    close(t.perStep.cpuMs, 2.378);
    close(t.perStep.gpuMs, 0.051);
    close(t.perStep.idleMs, 0.736);
    expect(t.signals.itemCalls).toBe(1);
    // cudaStreamSynchronize, cudaEventSynchronize, cudaDeviceSynchronize (cudaEventQuery does not block).
    expect(t.signals.syncCalls).toBe(3);
  });

  it('AlexNet inference without ProfilerStep: the annotation given by --step-range marks the steps', async () => {
    const name = '[param|pytorch.model.alex_net|0|0|0|measure|forward]';
    const whole = await readTorchTrace(await file('kineto_alexnet_inference.real.json.gz'));
    expect(whole.steps.map((s) => s.label)).toEqual(['all']);
    const t = await readTorchTrace(await file('kineto_alexnet_inference.real.json.gz'), { stepRange: name });
    expect(t.steps).toHaveLength(2);
    close(t.perStep.wallMs, 58.017);
    close(t.perStep.cpuMs, 55.926);
    close(t.perStep.gpuMs, 5.282);
    expect(splitStep(t).verdict).toBe('cpu-bound');
  });
});

describe('several step profiles on one side', () => {
  it('several traces (ranks, repeats): the slowest step is shown, the others named, in any order', async () => {
    const files = ['kineto_resnet50_workers4_step6.real.json.gz', 'kineto_resnet50_workers0_step6.real.json.gz'];
    const read = await Promise.all(files.map(async (f) => readProfile(await file(f))));
    for (const head of [read, [...read].reverse()]) {
      const r = profileReport({ base: [], head })!;
      expect(r.split!.head!.file).toBe('kineto_resnet50_workers0_step6.real.json.gz');
      expect(r.notes).toEqual([
        '2 traces on the head side: the slowest step (kineto_resnet50_workers0_step6.real.json.gz) is shown, as a synchronous step waits for its slowest rank; also given: kineto_resnet50_workers4_step6.real.json.gz.',
      ]);
    }
  });

  it('a trace and an nsys capture of the same run: the trace, with the OS-runtime waits it cannot see', async () => {
    const trace = await readProfile(await file('kineto_event_sync.real.json.gz'));
    const nsys = await readProfile(fixtureSource('nsys_tp_rank1_stats.synthetic.csv'), { stepRange: 'decode_step' });
    const r = profileReport({ base: [], head: [nsys, trace] })!;
    const h = r.split!.head!;
    expect(h.format).toBe('torch-chrome-trace');
    close(h.wallMs, 3.154);
    const lock = h.candidates.find((c) => c.cause === 'lock')!;
    expect(lock.evidence).not.toBe('not-measured');
    expect(h.notes.at(-1)).toBe(
      'Lock and socket waits from nsys_tp_rank1_stats.synthetic.csv (osrt_sum, every thread of the capture).',
    );
    expect(r.notes).toEqual([
      'On the head side the trace (kineto_event_sync.real.json.gz) has a timeline; nsys_tp_rank1_stats.synthetic.csv of the same run only fill what it lacks.',
    ]);
  });
});
