// The §6 three-way split from a PyTorch profiler Chrome trace (prof.export_chrome_trace), step by
// step. Steps are the ProfilerStep#N annotations that prof.step() writes; without any, the whole
// trace is one step spanning its first to last event.
//
// Definitions, per step window [start, end) of the main thread's ProfilerStep#N:
//   wall   end − start.
//   gpu    length of the union of kernel, memcpy and memset intervals on every stream, NCCL kernels
//          excluded: overlapping kernels on two streams keep the GPU busy once, so they count once.
//   coll.  union of NCCL kernel intervals (the GPU waiting on its peers; see StepTotals).
//   cpu    union of the main thread's cpu_op, cuda_runtime/driver and python_function intervals,
//          minus the time the thread was blocked: in a host sync call (cudaStreamSynchronize,
//          cudaMemcpy, …; Kineto cuda_sync events of a blocking kind) or, where Python frames were
//          recorded, in a lock acquire or a socket/selector wait. The union, not a sum of self
//          times: nested ops would otherwise count twice, and the union never exceeds the wall.
//          Only the main thread (the one that writes ProfilerStep#N): a helper thread running beside
//          it is not what the step waits for.
//   idle   wall minus the union of cpu-busy and gpu-busy time: nobody working.
//   gap    wall minus the union of every recorded main-thread interval (busy or blocked): time in no
//          recorded op. Without python_function events (with_stack=False) that is where Python
//          overhead between ops hides; with them it is close to zero.

import type { TextSource } from '../ingest/source';
import { clipMerged, merge, subtract, totalLength, type Interval, type Merged } from './intervals';
import { isBlockingSyncKind, isCollective, isDeviceToHost, isItemOp, isPythonLockWait, isPythonNetworkWait, isSyncCall } from './names';
import { readTraceEvents, type TraceEvent, type TraceEvents } from './trace-events';
import { emptySignals, meanStep, type KernelTime, type ProfileTotals, type StepTotals, type WaitSignals } from './types';

const STEP = /^ProfilerStep#\d+$/;

export async function readTorchTrace(source: TextSource): Promise<ProfileTotals> {
  return traceTotals(await readTraceEvents(source), source.name);
}

export function traceTotals({ events, skipped, ignored }: TraceEvents, file: string): ProfileTotals {
  const notes: string[] = [];
  const stepMarks = events.filter((e) => e.kind === 'annotation' && STEP.test(e.name)).sort((a, b) => a.start - b.start);
  const main = mainThread(events, stepMarks);
  const windows: { label: string; start: number; end: number }[] = stepMarks
    .filter((e) => e.thread === main)
    .map((e) => ({ label: e.name, start: e.start, end: e.end }));
  if (windows.length === 0) {
    let start = Infinity;
    let end = -Infinity;
    for (const e of events) {
      if (e.kind === 'annotation') continue;
      start = Math.min(start, e.start);
      end = Math.max(end, e.end);
    }
    windows.push({ label: 'all', start, end });
    notes.push('No ProfilerStep#N annotations: the whole trace is one step, from its first to its last event.');
  }

  const onMain = (e: TraceEvent) => e.thread === main;
  const gpuEvents = events.filter((e) => e.kind === 'gpu');
  const ncclEvents = gpuEvents.filter((e) => isCollective(e.name));
  const hostEvents = events.filter((e) => onMain(e) && (e.kind === 'op' || e.kind === 'runtime' || e.kind === 'python'));
  const syncCalls = hostEvents.filter((e) => e.kind === 'runtime' && isSyncCall(e.name));
  const syncActivities = events.filter((e) => e.kind === 'sync' && isBlockingSyncKind(e.syncKind ?? ''));
  const lockWaits = hostEvents.filter((e) => e.kind === 'python' && isPythonLockWait(e.name));
  const netWaits = hostEvents.filter((e) => e.kind === 'python' && isPythonNetworkWait(e.name));
  const d2h = gpuEvents.filter((e) => isDeviceToHost(e.name));
  const scalarReads = hostEvents.filter((e) => e.name === 'aten::_local_scalar_dense');
  const items = scalarReads.length > 0 ? scalarReads : hostEvents.filter((e) => isItemOp(e.name));
  const hasPython = hostEvents.some((e) => e.kind === 'python');
  const hasRuntime = hostEvents.some((e) => e.kind === 'runtime');

  const all = {
    compute: merge(spans(gpuEvents.filter((e) => !isCollective(e.name)))),
    nccl: merge(spans(ncclEvents)),
    host: merge(spans(hostEvents)),
    sync: merge([...spans(syncCalls), ...spans(syncActivities)]),
    lock: merge(spans(lockWaits)),
    net: merge(spans(netWaits)),
  };
  const blocked = merge([...all.sync, ...all.lock, ...all.net]);
  const busy = subtract(all.host, blocked);

  const steps: StepTotals[] = [];
  const perStepSignals: WaitSignals[] = [];
  const kernelTime = new Map<string, { us: number; count: number }>();
  for (const w of windows) {
    const clip = (m: Merged) => clipMerged(m, w.start, w.end);
    const count = (list: readonly TraceEvent[]) => list.filter((e) => e.start >= w.start && e.start < w.end).length;
    const compute = clip(all.compute);
    const cpuBusy = clip(busy);
    const wallUs = w.end - w.start;
    const recorded = merge([...clip(all.host), ...clip(blocked)]);
    steps.push({
      label: w.label,
      wallMs: wallUs / 1000,
      cpuMs: totalLength(cpuBusy) / 1000,
      gpuMs: gpuEvents.length > 0 ? totalLength(compute) / 1000 : NaN,
      collectiveMs: totalLength(clip(all.nccl)) / 1000,
      idleMs: (wallUs - totalLength(merge([...cpuBusy, ...compute]))) / 1000,
      hostGapMs: (wallUs - totalLength(recorded)) / 1000,
    });
    const sync = clip(all.sync);
    const s = emptySignals({ cudaApi: hasRuntime || syncActivities.length > 0, blocking: hasPython, kernels: gpuEvents.length > 0 });
    if (s.measured.cudaApi) {
      s.syncCalls = count(syncCalls) || count(syncActivities);
      s.syncMs = totalLength(sync) / 1000;
    }
    s.itemCalls = count(items);
    if (s.measured.kernels) {
      const copies = d2h.filter((e) => e.start >= w.start && e.start < w.end);
      s.d2hCopies = copies.length;
      // The host sat in a sync while the copy ran: it was waiting for that value (`.item()`).
      s.itemStalls = copies.filter((e) => clipMerged(sync, e.start, e.end).length > 0).length;
      s.collectiveCalls = count(ncclEvents);
      s.collectiveMs = totalLength(clip(all.nccl)) / 1000;
    }
    if (s.measured.blocking) {
      // A wait is a stack of frames (queue.get → wait → acquire): count the disjoint waits, not the frames.
      const lock = clip(all.lock);
      const net = clip(all.net);
      s.lockCalls = lock.length;
      s.lockMs = totalLength(lock) / 1000;
      s.networkCalls = net.length;
      s.networkMs = totalLength(net) / 1000;
    }
    perStepSignals.push(s);
    for (const e of gpuEvents) {
      if (e.start < w.start || e.start >= w.end) continue;
      const k = kernelTime.get(e.name) ?? { us: 0, count: 0 };
      k.us += e.end - e.start;
      k.count++;
      kernelTime.set(e.name, k);
    }
  }

  const n = steps.length;
  const topKernels: KernelTime[] = [...kernelTime]
    .map(([name, k]) => ({ name, ms: k.us / 1000 / n, count: k.count / n }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 10);
  notes.push(`Main thread: ${main || '(none)'}; CPU time is its busy time in recorded ops, blocked time (syncs${hasPython ? ', locks, sockets' : ''}) excluded.`);
  notes.push('GPU time is the union of kernel, copy and memset intervals over all streams (overlaps counted once), NCCL kernels excluded.');
  if (!hasPython) notes.push('No python_function events (profile with with_stack=True to see them): Python time between ops shows as a host gap, not as CPU time, and Python lock or socket waits cannot be seen.');
  const devices = new Set(gpuEvents.map((e) => e.pid));
  if (devices.size > 1) notes.push(`GPU work on ${devices.size} devices: GPU time is the union across them.`);
  if (gpuEvents.length === 0) notes.push('No kernel or copy events: GPU time not measured (profile with ProfilerActivity.CUDA).');
  if (skipped > 0) notes.push(`${skipped} complete event(s) skipped for a missing or invalid ts/dur.`);
  if (ignored > 0) notes.push(`${ignored} event(s) of other categories not used.`);
  return {
    file,
    format: 'torch-chrome-trace',
    steps,
    perStep: meanStep(steps),
    signals: meanSignals(perStepSignals),
    gpuTimeKind: 'union',
    topKernels,
    notes,
  };
}

function spans(list: readonly TraceEvent[]): Interval[] {
  return list.map((e) => [e.start, e.end] as const);
}

/** The thread that writes ProfilerStep#N; without steps, the one with the most time in CPU ops. */
function mainThread(events: readonly TraceEvent[], stepMarks: readonly TraceEvent[]): string {
  const votes = new Map<string, number>();
  if (stepMarks.length > 0) {
    for (const e of stepMarks) votes.set(e.thread, (votes.get(e.thread) ?? 0) + 1);
  } else {
    const byThread = new Map<string, Interval[]>();
    for (const e of events) {
      if (e.kind !== 'op') continue;
      const list = byThread.get(e.thread) ?? [];
      list.push([e.start, e.end]);
      byThread.set(e.thread, list);
    }
    for (const [thread, list] of byThread) votes.set(thread, totalLength(merge(list)));
  }
  let best = '';
  let most = -Infinity;
  for (const [thread, v] of votes) if (v > most || (v === most && thread < best)) (best = thread), (most = v);
  return best;
}

function meanSignals(list: readonly WaitSignals[]): WaitSignals {
  const out = { ...list[0] };
  const keys = ['syncCalls', 'syncMs', 'd2hCopies', 'itemCalls', 'itemStalls', 'lockCalls', 'lockMs', 'networkCalls', 'networkMs', 'collectiveCalls', 'collectiveMs'] as const;
  for (const k of keys) out[k] = list.reduce((s, x) => s + x[k], 0) / list.length;
  return out;
}
