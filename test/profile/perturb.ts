// Perturbed copies of real profiles, made in memory so the change is known exactly:
//   - every kernel ×k (nsys: the kernel summary's times; traces: each kernel's duration, start kept);
//   - host gaps ×2 (traces): the time in a step when no host thread is in a recorded op is doubled
//     by shifting everything after each gap by the gap's length; host events keep their durations,
//     GPU events are shifted with their launch, the step mark grows by the gaps.
// The parsers under test never see these functions: they read the text the functions write.

import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FIXTURES } from './helpers';

/** A gzipped fixture's JSON. */
export function traceDoc(name: string): { traceEvents: TraceEvent[] } & Record<string, unknown> {
  return JSON.parse(gunzipSync(readFileSync(join(FIXTURES, name))).toString('utf8'));
}

interface TraceEvent {
  ph: string;
  cat?: string;
  name: string;
  pid: number | string;
  tid: number | string;
  ts: number;
  dur?: number;
  [key: string]: unknown;
}

const GPU = new Set(['kernel', 'gpu_memcpy', 'gpu_memset']);
const HOST = new Set(['cpu_op', 'cuda_runtime', 'cuda_driver', 'python_function']);

/** Every kernel (not copies) k times as long, starting where it started. */
export function scaleKernels(doc: { traceEvents: TraceEvent[] }, k: number): { traceEvents: TraceEvent[] } {
  return {
    ...doc,
    traceEvents: doc.traceEvents.map((e) => (e.ph === 'X' && e.cat === 'kernel' ? { ...e, dur: (e.dur ?? 0) * k } : e)),
  };
}

/** The host gaps of the step named `step`, each made twice as long. Returns the doc and the gaps' total (µs). */
export function doubleHostGaps(
  doc: { traceEvents: TraceEvent[] },
  step: string,
): { doc: { traceEvents: TraceEvent[] }; gapUs: number } {
  const mark = doc.traceEvents.find((e) => e.ph === 'X' && e.name === step)!;
  const [s, t] = [mark.ts, mark.ts + (mark.dur ?? 0)];
  const host = doc.traceEvents
    .filter((e) => e.ph === 'X' && HOST.has(e.cat ?? ''))
    .map((e) => [Math.max(e.ts, s), Math.min(e.ts + (e.dur ?? 0), t)] as const)
    .filter(([a, b]) => b > a)
    .sort((a, b) => a[0] - b[0]);
  const gaps: [number, number][] = [];
  let cursor = s;
  for (const [a, b] of host) {
    if (a > cursor) gaps.push([cursor, a]);
    cursor = Math.max(cursor, b);
  }
  if (t > cursor) gaps.push([cursor, t]);
  // Time t moves by the length of every gap (or part of a gap) before it.
  const warp = (x: number) => x + gaps.reduce((sum, [a, b]) => sum + Math.max(0, Math.min(b, x) - a), 0);
  const events = doc.traceEvents.map((e) => {
    if (e.ph !== 'X') return e;
    const start = warp(e.ts);
    if (GPU.has(e.cat ?? '')) return { ...e, ts: start };
    return { ...e, ts: start, dur: warp(e.ts + (e.dur ?? 0)) - start };
  });
  return { doc: { ...doc, traceEvents: events }, gapUs: gaps.reduce((sum, [a, b]) => sum + b - a, 0) };
}

/** An nsys cuda_gpu_kern_sum CSV with every kernel's times ×k (total, average, median, min, max, stddev). */
export function scaleKernelSummary(csv: string, k: number): string {
  const [header, ...rows] = csv.split('\n');
  return [
    header,
    ...rows.map((line) => {
      if (line.trim() === '') return line;
      // The eight numeric columns come first and hold no commas of their own; the name is the rest.
      const cells = line.split(',');
      const numbers = cells.slice(0, 8);
      const scaled = numbers.map((x, i) => (i === 0 || i === 2 ? x : String(Math.round(Number(x) * k * 10) / 10)));
      return [...scaled, ...cells.slice(8)].join(',');
    }),
  ].join('\n');
}
