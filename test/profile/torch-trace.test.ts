// The three-way split from PyTorch Chrome traces: hand-computed per-step values for the three
// simulated decode steps (GPU-bound CUDA-graph step, Python-bound eager step, a step waiting on a
// lock and an .item() sync), the real Kineto trace from pytorch/kineto, and the event edge cases.
// The arithmetic is in make_synthetic.py next to the fixtures.

import { describe, expect, it } from 'vitest';
import { textSource } from '../../src/ingest/source';
import { splitStep } from '../../src/diagnose/profile/split';
import { readTorchTrace } from '../../src/ingest/profile/torch-trace';
import { expectMs, fixtureSource, inputError } from './helpers';

describe('GPU-bound CUDA-graph decode step', () => {
  it('unions GPU intervals across streams and leaves the sync wait out of CPU time', async () => {
    const t = await readTorchTrace(fixtureSource('trace_gpu_bound.synthetic.json'));
    expect(t.format).toBe('torch-chrome-trace');
    expect(t.gpuTimeKind).toBe('union');
    expect(t.steps.map((s) => s.label)).toEqual(['ProfilerStep#5', 'ProfilerStep#6']);
    for (const s of [...t.steps, t.perStep]) {
      expectMs(s.wallMs, 10);
      // Main thread: host union 9,450 µs minus 8,730 µs in cudaStreamSynchronize = 720 µs; the helper
      // thread works 6 ms beside it, disjoint from those 720 µs: every working thread counts, 6.72 ms.
      expectMs(s.cpuMs, 6.72);
      // Kernel durations add to 9,850 µs; the side stream overlaps by 980 µs: 8,870 µs busy.
      expectMs(s.gpuMs, 8.87);
      expectMs(s.collectiveMs, 0);
      // Nobody busy: 10 ms − |CPU ∪ GPU| = 0.56 ms (the helper covers 10 µs the old main-only idle had).
      expectMs(s.idleMs, 0.56);
      expectMs(s.hostGapMs, 0.55);
    }
    expect(t.perStep.label).toBe('mean of 2 steps');
    expect(t.signals).toMatchObject({ syncCalls: 1, d2hCopies: 1, itemCalls: 1, itemStalls: 1, collectiveCalls: 0 });
    expectMs(t.signals.syncMs, 8.73);
    expect(t.signals.measured).toEqual({ cudaApi: true, blocking: false, kernels: true });
    expect(t.signals.lockMs).toBeNaN();
    expect(t.topKernels[0]).toMatchObject({ count: 2 });
    expect(t.topKernels[0].name).toMatch(/^sm90_xmma_gemm/);
    expectMs(t.topKernels[0].ms, 7);
    expect(t.notes.join(' ')).toContain('No python_function events');

    const split = splitStep(t);
    expect(split.verdict).toBe('gpu-bound');
    expectMs(split.gpuShare, 0.887);
    expectMs(split.cpuShare, 0.672);
    expect(t.threads.map((x) => [x.thread, x.main])).toEqual([
      ['4242/4250', false],
      ['4242/4242', true],
    ]);
    expectMs(t.threads[0].busyMs, 6);
    expectMs(t.threads[1].busyMs, 0.72);
    expect(split.candidates).toEqual([]);
    expect(split.evidence[0]).toBe('GPU busy 8.87 ms of the 10.0 ms step (89%)');
  });
});

describe('CPU-bound eager decode step (Python overhead)', () => {
  it('counts Python frames as host work and finds the GPU mostly idle', async () => {
    const t = await readTorchTrace(fixtureSource('trace_cpu_bound.synthetic.json'));
    const s = t.perStep;
    expectMs(s.wallMs, 10);
    // Python frames cover [50, 9900]; 50 µs blocked in the final sync.
    expectMs(s.cpuMs, 9.8);
    // 20 kernels × 120 µs + a 10 µs copy.
    expectMs(s.gpuMs, 2.41);
    expectMs(s.idleMs, 0.19);
    expectMs(s.hostGapMs, 0.15);
    expect(t.signals.measured.blocking).toBe(true);
    expect(t.signals).toMatchObject({ lockCalls: 0, lockMs: 0, networkCalls: 0, networkMs: 0, itemStalls: 1 });
    const split = splitStep(t);
    expect(split.verdict).toBe('cpu-bound');
    expectMs(split.cpuShare, 0.98);
  });
});

describe('decode step waiting on a lock and an .item() sync', () => {
  it('is WAITING, with the lock first and the implicit sync second', async () => {
    const t = await readTorchTrace(fixtureSource('trace_waiting_lock.synthetic.json'));
    const s = t.perStep;
    expectMs(s.wallMs, 20);
    // Python covers [0, 19950]; blocked: sync 3,530 + queue wait 10,000.
    expectMs(s.cpuMs, 6.42);
    expectMs(s.gpuMs, 5.51);
    expectMs(s.idleMs, 10.15);
    expectMs(s.hostGapMs, 0.05);
    // One wait of three nested frames counts once.
    expect(t.signals).toMatchObject({
      lockCalls: 1,
      syncCalls: 1,
      itemCalls: 1,
      itemStalls: 1,
      d2hCopies: 1,
      networkCalls: 0,
    });
    expectMs(t.signals.lockMs, 10);
    expectMs(t.signals.syncMs, 3.53);

    const split = splitStep(t);
    expect(split.verdict).toBe('waiting');
    expectMs(split.idleShare, 0.5075);
    expect(split.candidates.map((c) => [c.cause, c.evidence])).toEqual([
      ['lock', 'present'],
      ['implicit-sync', 'present'],
      ['host-gap', 'absent'],
      ['network', 'absent'],
      ['collective', 'absent'],
    ]);
    const [lock, sync] = split.candidates;
    expectMs(lock.share, 0.5);
    expect(lock.nextCheck).toContain('py-spy dump');
    expect(sync.detail).toBe(
      '1 blocking sync call(s) per step, 3.53 ms blocked, 1 scalar read(s) (.item()), 1 device-to-host copy(ies), 1 device-to-host copy(ies) the host sat waiting for.',
    );
    expect(sync.nextCheck).toContain('set_sync_debug_mode');
  });
});

describe('real Kineto trace (pytorch/kineto docs/traces/before_fix_trace.json)', () => {
  it('reads a trace without ProfilerStep marks as one step and honours cuda_sync kinds', async () => {
    const t = await readTorchTrace(fixtureSource('kineto_before_fix_trace.real.json', 1000));
    expect(t.steps).toHaveLength(1);
    const s = t.perStep;
    expect(s.label).toBe('all');
    // Window from op1 (…101.729) to op_evt_sync's end (…101.859): 0.130 µs.
    expectMs(s.wallMs, 0.00013, 8);
    // Ops 0.100 µs on the main thread minus the blocking "Event Sync" (0.020 µs); "Stream Wait Event" does not block the host.
    expectMs(s.cpuMs, 0.00008, 8);
    expectMs(s.gpuMs, 0.00002, 8);
    expectMs(s.idleMs, 0.00005, 8);
    expect(t.signals.syncCalls).toBe(1);
    expectMs(t.signals.syncMs, 0.00002, 8);
    expect(t.notes.some((n) => n.startsWith('No ProfilerStep#N annotations'))).toBe(true);
    expect(t.notes.some((n) => n.includes('1 event(s) of other categories'))).toBe(true);
    expect(splitStep(t).verdict).toBe('mixed');
  });
});

describe('trace edge cases', () => {
  const ev = (cat: string, name: string, ts: number, dur: number, extra: Record<string, unknown> = {}) => ({
    ph: 'X',
    cat,
    name,
    pid: 1,
    tid: 1,
    ts,
    dur,
    ...extra,
  });
  const read = (doc: unknown) => readTorchTrace(textSource('t.json', JSON.stringify(doc), 7));

  it('reads the legacy exporter: a bare list, no cat, pid "CPU functions", no GPU', async () => {
    const t = await read([
      { name: 'aten::mm', ph: 'X', ts: 0, dur: 100, tid: 1, pid: 'CPU functions', args: {} },
      { name: 'aten::add', ph: 'X', ts: 150, dur: 50, tid: 1, pid: 'CPU functions', args: {} },
    ]);
    expectMs(t.perStep.wallMs, 0.2);
    expectMs(t.perStep.cpuMs, 0.15);
    expect(t.perStep.gpuMs).toBeNaN();
    expect(splitStep(t).verdict).toBe('unknown');
  });

  it('reads Kineto 1.8 category names (Operator, Kernel, Runtime)', async () => {
    const t = await read({
      traceEvents: [
        ev('Operator', 'aten::mm', 0, 100),
        ev('Runtime', 'cudaLaunchKernel', 10, 5),
        { ...ev('Kernel', 'k', 20, 90), pid: 0, tid: 7 },
      ],
    });
    expectMs(t.perStep.cpuMs, 0.1);
    expectMs(t.perStep.gpuMs, 0.09);
  });

  it('takes NCCL kernels out of GPU time and counts them as collective waiting', async () => {
    const t = await read({
      traceEvents: [
        ev('user_annotation', 'ProfilerStep#0', 0, 1000),
        ev('cpu_op', 'aten::mm', 0, 50),
        { ...ev('kernel', 'gemm', 60, 200), pid: 0, tid: 7 },
        {
          ...ev('kernel', 'ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)', 300, 600),
          pid: 0,
          tid: 21,
        },
      ],
    });
    expectMs(t.perStep.gpuMs, 0.2);
    expectMs(t.perStep.collectiveMs, 0.6);
    expect(t.signals.collectiveCalls).toBe(1);
    const split = splitStep(t);
    expect(split.verdict).toBe('waiting');
    // Without Python frames the main thread's 950 µs outside ops come first: it may be Python, or blocked.
    expect(split.candidates.slice(0, 2).map((c) => [c.cause, c.evidence])).toEqual([
      ['host-gap', 'present'],
      ['collective', 'present'],
    ]);
    expect(
      split.evidence.some((e) =>
        e.startsWith(
          'Communication kernels 0.6 ms of the 1.00 ms step (60%), counted as waiting, not GPU work; compute kernels ran during 0 ms of it (0% overlapped)',
        ),
      ),
    ).toBe(true);
  });

  it('skips events with a bad ts or dur, and refuses a trace with none usable', async () => {
    const t = await read({
      traceEvents: [
        ev('cpu_op', 'a', 0, 10),
        ev('cpu_op', 'b', 5, -1),
        ev('cpu_op', 'c', 'x' as unknown as number, 1),
        { ph: 'X', cat: 'cpu_op', name: 'd', ts: 3 },
      ],
    });
    expect(t.notes.some((n) => n.startsWith('3 complete event(s) skipped'))).toBe(true);
    const e = await inputError(read({ traceEvents: [ev('cpu_op', 'b', 5, -1)] }));
    expect(e.message).toBe(
      't.json: field "traceEvents": PyTorch Chrome trace: all 1 complete events lack a usable "ts" or "dur"',
    );
  });

  it('refuses documents that are not traces', async () => {
    expect((await inputError(read({ events: [] }))).message).toContain('no "traceEvents" list');
    expect((await inputError(read({ traceEvents: [{ ph: 'M', name: 'process_name' }] }))).message).toContain(
      'no CPU op, kernel or runtime events',
    );
    expect((await inputError(readTorchTrace(textSource('t.json', '{"traceEvents": [', 3)))).message).toMatch(
      /^t\.json: PyTorch Chrome trace: not valid JSON/,
    );
  });

  it('never reads inherited keys: a "__proto__" key is just data', async () => {
    const text =
      '{"traceEvents": [{"__proto__": {"ph": "X"}, "cat": "cpu_op", "name": "x", "ts": 0, "dur": 5}, {"ph": "X", "cat": "cpu_op", "name": "y", "ts": 0, "dur": 5}]}';
    const t = await readTorchTrace(textSource('t.json', text));
    expectMs(t.perStep.cpuMs, 0.005);
    expect(({} as Record<string, unknown>).ph).toBeUndefined();
  });
});
