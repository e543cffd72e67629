// Are long prefills blocking the queue (§5: "are long prefills blocking? chunked prefill")? For
// each request, did its wait in the queue overlap a long prefill (the longest 1% of prefills)?
// If the slowest requests overlap one far more often than requests in general, long prefills are
// holding up admission.

import type { RequestTable } from '../../model/run';
import { quantile } from '../../stats/quantile';

export interface PrefillOverlap {
  /** Share of tail requests (by queue wait) whose wait overlapped a long prefill. */
  tailShare: number;
  /** Same share over all requests that waited. */
  overallShare: number;
  /** Prefill duration that counts as long (p99 of prefill_ms). */
  longPrefillMs: number;
  tailCount: number;
}

export function prefillOverlap(tables: RequestTable[], tailQ = 0.95): PrefillOverlap | undefined {
  let tailHits = 0;
  let tailCount = 0;
  let hits = 0;
  let count = 0;
  let longMs = NaN;
  for (const t of tables) {
    const r = runOverlap(t, tailQ);
    if (!r) return undefined;
    tailHits += r.tailHits;
    tailCount += r.tailCount;
    hits += r.hits;
    count += r.count;
    longMs = Number.isNaN(longMs) ? r.longMs : Math.max(longMs, r.longMs);
  }
  if (tailCount === 0 || count === 0) return undefined;
  return { tailShare: tailHits / tailCount, overallShare: hits / count, longPrefillMs: longMs, tailCount };
}

function runOverlap(t: RequestTable, tailQ: number) {
  const { arrival_ts: arrival, tokenize_ms: tokenize, queue_wait_ms: queue, prefill_ms: prefill } = t.numbers;
  if (!arrival || !queue || !prefill || !t.orderedByArrival) return undefined;
  const longMs = quantile(prefill, 0.99);
  const queueTail = quantile(queue, tailQ);
  // Long prefill intervals in ms since the run's first arrival, sorted by start.
  const starts: number[] = [];
  const ends: number[] = [];
  const origin = arrival[0];
  const intervals: [number, number][] = [];
  for (let i = 0; i < t.length; i++) {
    if (!(prefill[i] >= longMs) || !Number.isFinite(queue[i])) continue;
    const start = (arrival[i] - origin) * 1000 + (tokenize?.[i] || 0) + queue[i];
    intervals.push([start, start + prefill[i]]);
  }
  intervals.sort((a, b) => a[0] - b[0]);
  for (const [s, e] of intervals) {
    starts.push(s);
    ends.push(e);
  }
  const prefixMaxEnd = new Float64Array(ends.length);
  for (let k = 0; k < ends.length; k++) prefixMaxEnd[k] = Math.max(ends[k], k ? prefixMaxEnd[k - 1] : -Infinity);

  let tailHits = 0;
  let tailCount = 0;
  let hits = 0;
  let count = 0;
  for (let i = 0; i < t.length; i++) {
    if (!Number.isFinite(queue[i]) || queue[i] <= 0) continue;
    const waitStart = (arrival[i] - origin) * 1000 + (tokenize?.[i] || 0);
    const waitEnd = waitStart + queue[i];
    // Some long prefill started before the wait ended and ended after it began?
    const k = upperBound(starts, waitEnd) - 1;
    const overlaps = k >= 0 && prefixMaxEnd[k] > waitStart;
    count++;
    if (overlaps) hits++;
    if (queue[i] >= queueTail) {
      tailCount++;
      if (overlaps) tailHits++;
    }
  }
  return { tailHits, tailCount, hits, count, longMs };
}

/** The number of values strictly below x (the first index whose value is ≥ x). */
function upperBound(sorted: number[], x: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
