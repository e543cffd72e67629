// The §6 three-way split from a PyTorch profiler Chrome trace (prof.export_chrome_trace, or the
// .pt.trace.json.gz that tensorboard_trace_handler and vLLM's profiler write), step by step. Steps
// are the ProfilerStep#N marks prof.step() writes (a user_annotation since torch 1.9, an "Operator"
// before), or the annotation named by options.stepRange; without any, the whole trace is one step
// spanning its first to last event.
//
// Definitions, per step window [start, end) of the main thread's step mark:
//   wall   end − start.
//   gpu    length of the union of kernel, memcpy and memset intervals on every stream,
//          communication kernels excluded: overlapping kernels on two streams keep the GPU busy
//          once, so they count once.
//   comm.  union of communication kernel intervals (NCCL, DeepEP, custom all-reduce, …: names.ts),
//          the GPU waiting on its peers; and how much of it compute kernels overlapped.
//   cpu    union over every host thread (main, autograd, engine, dataloader threads in the process)
//          of its cpu_op, cuda_runtime/driver and python_function intervals, minus the time that
//          thread was blocked: in a host sync call (cudaStreamSynchronize, cudaMemcpy, …; Kineto
//          cuda_sync events during its runtime calls) or, where Python frames were recorded, in a
//          lock acquire or a socket/selector wait. A union, not a sum: nested ops and threads busy
//          at the same time count once, and the union never exceeds the wall. Per-thread busy times
//          are kept for the report.
//   idle   wall minus the union of cpu-busy and gpu-busy time: nobody working.
//   gap    wall minus the union of every recorded host interval of every thread (busy or blocked):
//          time no thread was in a recorded op. Without python_function events (with_stack=False)
//          that is where Python overhead between ops hides; with them it is close to zero.

import type { TextSource } from '../source';
import { clipMerged, intersectionLength, merge, subtract, totalLength, type Interval, type Merged } from './intervals';
import {
  communicationLibrary,
  isBlockingSyncKind,
  isDeviceToHost,
  isItemOp,
  isPythonLockWait,
  isPythonNetworkWait,
  isSyncCall,
} from './names';
import { readTraceEvents, type TraceEvent, type TraceEvents } from './trace-events';
import {
  emptySignals,
  meanStep,
  type KernelTime,
  type ProfileTotals,
  type StepTotals,
  type ThreadBusy,
  type WaitSignals,
} from '../../model/profile';

const STEP = /^ProfilerStep#\d+$/;

export interface TraceOptions {
  /** The name of the annotation (record_function) that marks one step, when the trace has no ProfilerStep#N. */
  stepRange?: string;
}

export async function readTorchTrace(source: TextSource, options: TraceOptions = {}): Promise<ProfileTotals> {
  return traceTotals(await readTraceEvents(source), source.name, options);
}

interface ThreadIntervals {
  host: Merged;
  blocked: Merged;
  busy: Merged;
}

export function traceTotals(
  { events, skipped, ignored, threadNames }: TraceEvents,
  file: string,
  options: TraceOptions = {},
): ProfileTotals {
  const notes: string[] = [];
  const isMark =
    options.stepRange !== undefined
      ? (e: TraceEvent) => e.name === options.stepRange
      : (e: TraceEvent) => STEP.test(e.name);
  const stepMarks = events
    .filter((e) => (e.kind === 'annotation' || e.kind === 'op') && isMark(e))
    .sort((a, b) => a.start - b.start);
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
    notes.push(
      options.stepRange !== undefined
        ? `No annotation named "${options.stepRange}": the whole trace is one step, from its first to its last event.`
        : 'No ProfilerStep#N annotations: the whole trace is one step, from its first to its last event (name the annotation that marks a step with --step-range).',
    );
  } else if (options.stepRange !== undefined) {
    notes.push(`Steps are the ${windows.length} "${options.stepRange}" annotation(s) of the main thread.`);
  }

  const gpuEvents = events.filter((e) => e.kind === 'gpu');
  const commEvents = gpuEvents.filter((e) => communicationLibrary(e.name) !== undefined);
  // Step marks written as ops (torch 1.8 "Operator" ProfilerStep#N) are windows, not work.
  const hostEvents = events.filter(
    (e) => (e.kind === 'op' || e.kind === 'runtime' || e.kind === 'python') && !isMark(e),
  );
  const syncCalls = hostEvents.filter((e) => e.kind === 'runtime' && isSyncCall(e.name));
  const syncActivities = events.filter((e) => e.kind === 'sync' && isBlockingSyncKind(e.syncKind ?? ''));
  const lockWaits = hostEvents.filter((e) => e.kind === 'python' && isPythonLockWait(e.name));
  const netWaits = hostEvents.filter((e) => e.kind === 'python' && isPythonNetworkWait(e.name));
  const d2h = gpuEvents.filter((e) => isDeviceToHost(e.name));
  const scalarReads = hostEvents.filter((e) => e.name === 'aten::_local_scalar_dense');
  const items = scalarReads.length > 0 ? scalarReads : hostEvents.filter((e) => isItemOp(e.name));
  const hasPython = hostEvents.some((e) => e.kind === 'python');
  const hasRuntime = hostEvents.some((e) => e.kind === 'runtime');

  // Per thread: what it recorded, when it was blocked, when it worked. A Kineto cuda_sync activity
  // blocks the thread whose runtime call it happened in; one inside no runtime call (a trace that
  // records ops only) blocks the main thread.
  const syncActivity = merge(spans(syncActivities));
  const hostByThread = groupBy(hostEvents, (e) => e.thread);
  const within = (a: Merged, b: Merged) => subtract(a, subtract(a, b));
  const runtimeOf = (list: readonly TraceEvent[]) => merge(spans(list.filter((e) => e.kind === 'runtime')));
  const claimed = merge([...hostByThread.values()].flatMap((list) => [...within(syncActivity, runtimeOf(list))]));
  const unclaimed = subtract(syncActivity, claimed);
  const byThread = new Map<string, ThreadIntervals>();
  for (const [thread, list] of hostByThread) {
    const host = merge(spans(list));
    const blocked = merge([
      ...spans(list.filter((e) => e.kind === 'runtime' && isSyncCall(e.name))),
      ...within(syncActivity, runtimeOf(list)),
      ...(thread === main ? within(unclaimed, host) : []),
      ...spans(list.filter((e) => e.kind === 'python' && (isPythonLockWait(e.name) || isPythonNetworkWait(e.name)))),
    ]);
    byThread.set(thread, { host, blocked, busy: subtract(host, blocked) });
  }
  const threadIds = [...byThread.keys()];
  const all = {
    compute: merge(spans(gpuEvents.filter((e) => communicationLibrary(e.name) === undefined))),
    comm: merge(spans(commEvents)),
    busy: merge(threadIds.flatMap((t) => byThread.get(t)!.busy)),
    recorded: merge(threadIds.flatMap((t) => [...byThread.get(t)!.host, ...byThread.get(t)!.blocked])),
    // Sync time is the sync calls and activities only (not lock or socket waits).
    sync: merge([...spans(syncCalls), ...syncActivity]),
    lock: merge(spans(lockWaits)),
    net: merge(spans(netWaits)),
  };

  const steps: StepTotals[] = [];
  const perStepSignals: WaitSignals[] = [];
  const kernelTime = new Map<string, { us: number; count: number }>();
  const threadBusy = new Map<string, number>();
  for (const w of windows) {
    const clip = (m: Merged) => clipMerged(m, w.start, w.end);
    const count = (list: readonly TraceEvent[]) => list.filter((e) => e.start >= w.start && e.start < w.end).length;
    const compute = clip(all.compute);
    const comm = clip(all.comm);
    const cpuBusy = clip(all.busy);
    const wallUs = w.end - w.start;
    steps.push({
      label: w.label,
      wallMs: wallUs / 1000,
      cpuMs: totalLength(cpuBusy) / 1000,
      gpuMs: gpuEvents.length > 0 ? totalLength(compute) / 1000 : NaN,
      collectiveMs: totalLength(comm) / 1000,
      collectiveOverlapMs: intersectionLength(comm, compute) / 1000,
      idleMs: (wallUs - totalLength(merge([...cpuBusy, ...compute]))) / 1000,
      hostGapMs: (wallUs - totalLength(clip(all.recorded))) / 1000,
    });
    for (const t of threadIds)
      threadBusy.set(t, (threadBusy.get(t) ?? 0) + totalLength(clip(byThread.get(t)!.busy)) / 1000);
    const sync = clip(all.sync);
    const s = emptySignals({
      cudaApi: hasRuntime || syncActivities.length > 0,
      blocking: hasPython,
      kernels: gpuEvents.length > 0,
    });
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
      s.collectiveCalls = count(commEvents);
      s.collectiveMs = totalLength(comm) / 1000;
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
  const kernels: KernelTime[] = [...kernelTime]
    .map(([name, k]) => {
      const communication = communicationLibrary(name);
      return { name, ms: k.us / 1000 / n, count: k.count / n, ...(communication ? { communication } : {}) };
    })
    .sort((a, b) => b.ms - a.ms || (a.name < b.name ? -1 : 1));
  const threads: ThreadBusy[] = threadIds
    .map((t) => ({ thread: t, name: threadNames.get(t) ?? '', busyMs: (threadBusy.get(t) ?? 0) / n, main: t === main }))
    .filter((t) => t.busyMs > 0)
    .sort((a, b) => b.busyMs - a.busyMs || (a.thread < b.thread ? -1 : 1));
  const mainName = threadNames.get(main);
  notes.push(
    `Host threads: ${threads.length} worked in the step(s); the main thread is ${main || '(none)'}${mainName ? ` (${mainName})` : ''}. CPU time is the union of their busy time in recorded ops, blocked time (syncs${hasPython ? ', locks, sockets' : ''}) excluded.`,
  );
  notes.push(
    'GPU time is the union of kernel, copy and memset intervals over all streams (overlaps counted once), communication kernels excluded.',
  );
  if (!hasPython)
    notes.push(
      'No python_function events (profile with with_stack=True to see them): Python time between ops shows as a host gap, not as CPU time, and Python lock or socket waits cannot be seen.',
    );
  const devices = new Set(gpuEvents.map((e) => e.pid));
  if (devices.size > 1) notes.push(`GPU work on ${devices.size} devices: GPU time is the union across them.`);
  if (gpuEvents.length === 0)
    notes.push('No kernel or copy events: GPU time not measured (profile with ProfilerActivity.CUDA).');
  if (skipped > 0) notes.push(`${skipped} complete event(s) skipped for a missing or invalid ts/dur.`);
  if (ignored > 0) notes.push(`${ignored} event(s) of other categories not used.`);
  return {
    file,
    format: 'torch-chrome-trace',
    steps,
    stepCount: n,
    perStep: meanStep(steps),
    signals: meanSignals(perStepSignals),
    gpuTimeKind: 'union',
    engine: 'pytorch',
    topKernels: kernels.slice(0, 10),
    kernels,
    threads,
    notes,
  };
}

function spans(list: readonly TraceEvent[]): Interval[] {
  return list.map((e) => [e.start, e.end] as const);
}

function groupBy<T>(list: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of list) {
    const k = key(x);
    const group = out.get(k);
    if (group) group.push(x);
    else out.set(k, [x]);
  }
  return out;
}

/** The thread that writes the step marks; without steps, the one with the most time in CPU ops. */
function mainThread(events: readonly TraceEvent[], stepMarks: readonly TraceEvent[]): string {
  const votes = new Map<string, number>();
  if (stepMarks.length > 0) {
    for (const e of stepMarks) votes.set(e.thread, (votes.get(e.thread) ?? 0) + 1);
  } else {
    for (const [thread, list] of groupBy(
      events.filter((e) => e.kind === 'op'),
      (e) => e.thread,
    ))
      votes.set(thread, totalLength(merge(spans(list))));
  }
  let best = '';
  let most = -Infinity;
  for (const [thread, v] of votes)
    if (v > most || (v === most && thread < best)) {
      best = thread;
      most = v;
    }
  return best;
}

function meanSignals(list: readonly WaitSignals[]): WaitSignals {
  const out = { ...list[0] };
  const keys = [
    'syncCalls',
    'syncMs',
    'd2hCopies',
    'itemCalls',
    'itemStalls',
    'lockCalls',
    'lockMs',
    'networkCalls',
    'networkMs',
    'collectiveCalls',
    'collectiveMs',
  ] as const;
  for (const k of keys) out[k] = list.reduce((s, x) => s + x[k], 0) / list.length;
  return out;
}
