// The complete events ("ph": "X") of a Chrome trace from the PyTorch profiler, sorted into the
// kinds the three-way split needs. Kineto's categories (libkineto ActivityType.cpp): cpu_op,
// user_annotation, gpu_user_annotation, gpu_memcpy, gpu_memset, kernel, cuda_runtime, cuda_driver,
// python_function, cuda_sync; Kineto in torch 1.8–1.9 wrote Operator, Runtime, Kernel, Memcpy,
// Memset. The legacy autograd exporter writes no "cat" and pid "CPU functions": its events are CPU
// ops. Metadata, flow and instant events are skipped. An X event with an unusable ts or dur is
// skipped and counted rather than fatal: one bad event in a million should not lose the profile.

import { InputError } from '../errors';
import { asObject, own, parseDocument, readDocument } from '../formats/document';
import type { TextSource } from '../source';
import { numberValue } from './cells';

export const TRACE_FORMAT = 'PyTorch Chrome trace';

export type EventKind = 'op' | 'runtime' | 'python' | 'annotation' | 'gpu' | 'sync';

export interface TraceEvent {
  kind: EventKind;
  name: string;
  /** µs, as the trace writes them. */
  start: number;
  end: number;
  /** "pid/tid": the host thread, or the device and stream of GPU work. */
  thread: string;
  pid: string;
  /** Kineto cuda_sync events: args.cuda_sync_kind ("Stream Sync", "Event Sync", …). */
  syncKind?: string;
}

export interface TraceEvents {
  events: TraceEvent[];
  /** X events skipped for a missing or bad ts/dur. */
  skipped: number;
  /** Events of categories the split does not use (gpu_user_annotation, overhead, …). */
  ignored: number;
  /** "pid/tid" → the name a thread_name metadata event gives it ("pt_autograd_0"); the last one wins. */
  threadNames: Map<string, string>;
}

const KINDS: Record<string, EventKind> = {
  cpu_op: 'op',
  operator: 'op',
  cuda_runtime: 'runtime',
  cuda_driver: 'runtime',
  runtime: 'runtime',
  python_function: 'python',
  user_annotation: 'annotation',
  kernel: 'gpu',
  gpu_memcpy: 'gpu',
  memcpy: 'gpu',
  gpu_memset: 'gpu',
  memset: 'gpu',
  cuda_sync: 'sync',
};

export async function readTraceEvents(source: TextSource): Promise<TraceEvents> {
  const doc = parseDocument(await readDocument(source, TRACE_FORMAT), source, TRACE_FORMAT);
  // export_chrome_trace of the legacy profiler writes a bare list; Kineto an object with traceEvents.
  const list = Array.isArray(doc) ? doc : own(asObject(doc), 'traceEvents');
  if (!Array.isArray(list))
    throw new InputError(source.name, `${TRACE_FORMAT}: no "traceEvents" list`, undefined, 'traceEvents');
  const events: TraceEvent[] = [];
  let skipped = 0;
  let ignored = 0;
  let complete = 0;
  const threadNames = new Map<string, string>();
  for (const item of list) {
    const e = asObject(item);
    if (e && own(e, 'ph') === 'M' && own(e, 'name') === 'thread_name') {
      const name = own(asObject(own(e, 'args')), 'name');
      if (typeof name === 'string') threadNames.set(`${idOf(own(e, 'pid'))}/${idOf(own(e, 'tid'))}`, name.trim());
      continue;
    }
    if (!e || own(e, 'ph') !== 'X') continue;
    complete++;
    const cat = own(e, 'cat');
    const pid = idOf(own(e, 'pid'));
    const kind =
      typeof cat === 'string'
        ? Object.hasOwn(KINDS, cat.toLowerCase())
          ? KINDS[cat.toLowerCase()]
          : undefined
        : pid === 'CPU functions'
          ? 'op'
          : undefined;
    if (kind === undefined) {
      ignored++;
      continue;
    }
    const ts = numberValue(own(e, 'ts'));
    const dur = numberValue(own(e, 'dur'));
    const rawName = own(e, 'name');
    if (
      ts === null ||
      dur === null ||
      Number.isNaN(ts) ||
      Number.isNaN(dur) ||
      dur < 0 ||
      !Number.isFinite(ts + dur) ||
      (typeof rawName !== 'string' && typeof rawName !== 'number')
    ) {
      skipped++;
      continue;
    }
    const event: TraceEvent = {
      kind,
      name: String(rawName),
      start: ts,
      end: ts + dur,
      pid,
      thread: `${pid}/${idOf(own(e, 'tid'))}`,
    };
    if (kind === 'sync') {
      const args = asObject(own(e, 'args'));
      const k = own(args, 'cuda_sync_kind');
      event.syncKind = typeof k === 'string' ? k : event.name;
    }
    events.push(event);
  }
  if (complete > 0 && events.length === 0 && skipped > 0) {
    throw new InputError(
      source.name,
      `${TRACE_FORMAT}: all ${skipped} complete events lack a usable "ts" or "dur"`,
      undefined,
      'traceEvents',
    );
  }
  if (!events.some((e) => e.kind !== 'annotation'))
    throw new InputError(
      source.name,
      `${TRACE_FORMAT}: no CPU op, kernel or runtime events (ph "X") in the trace`,
      undefined,
      'traceEvents',
    );
  return { events, skipped, ignored, threadNames };
}

function idOf(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
