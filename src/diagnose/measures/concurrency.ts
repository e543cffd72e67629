// The running batch a request actually decoded in: the time-weighted mean number of requests
// decoding at the same moments as it. batch_size_at_admission is only the batch when the request
// joined; under heavier load the batch keeps growing afterwards, so matching on it mistakes load
// for code. This needs only arrival_ts, first_token_ms and decode_ms.

import type { RequestTable } from '../../model/run';
import { successMask } from '../../metrics/values';
import { nearlySortedOrder } from '../../stats/radix-order';

/** Tables already measured: like-for-like, the decode floor and headroom all ask for the same table. */
const measured = new WeakMap<RequestTable, Float64Array | undefined>();

/**
 * Per request (aligned with rows): mean concurrent decodes over its decode interval; NaN if unknown.
 * Computed once per table (tables are not written to once read); callers only read the result.
 * `scratch`: an array of at least the table's length that the caller lends, for the sort orders of
 * the starts and the ends (two Uint32Arrays) when they are made; written over.
 */
export function decodeConcurrency(table: RequestTable, scratch?: Float64Array): Float64Array | undefined {
  if (measured.has(table)) return measured.get(table);
  const result = measureConcurrency(table, scratch);
  measured.set(table, result);
  return result;
}

function measureConcurrency(table: RequestTable, scratch: Float64Array | undefined): Float64Array | undefined {
  const { arrival_ts: arrival, first_token_ms: firstToken, decode_ms: decode } = table.numbers;
  if (!arrival || !firstToken || !decode || !table.orderedByArrival) return undefined;
  const ok = successMask(table);
  const n = table.length;
  // The decoding requests, compactly: their rows and start and end times (ms from the first arrival).
  let m = 0;
  for (let i = 0; i < n; i++) if (decodes(ok, arrival, firstToken, decode, i)) m++;
  if (m === 0) return undefined;
  // Rows of the decoding requests, when not every row decodes.
  const rows = m < n ? new Uint32Array(m) : undefined;
  const origin = arrival[0];
  // Start and end times are recomputed where read (the same operations, so the same doubles): one
  // scratch array holds the starts to sort, then the ends, then the integrals, so a million-row
  // table makes one array of times, not three.
  const row = (j: number) => (rows ? rows[j] : j);
  const startOf = (i: number) => (arrival[i] - origin) * 1000 + firstToken[i];
  const times = new Float64Array(m);
  for (let i = 0, j = 0; i < n; i++) {
    if (!decodes(ok, arrival, firstToken, decode, i)) continue;
    if (rows) rows[j] = i;
    times[j] = startOf(i);
    if (!Number.isFinite(times[j] + decode[i])) return decodeConcurrencyByEvents(table);
    j++;
  }
  // Events in time order, an end before a start at the same time (as the reference's sort of
  // {t, d} by t then d): a merge of the starts and the ends, each sorted on its own. Rows come in
  // arrival order, so starts are nearly sorted, and ends not far off.
  const lent = scratch && scratch.length >= m ? scratch : undefined;
  const byStart = nearlySortedOrder(times, undefined, lent && new Uint32Array(lent.buffer, lent.byteOffset, m));
  for (let j = 0; j < m; j++) times[j] += decode[row(j)];
  const byEnd = nearlySortedOrder(times, undefined, lent && new Uint32Array(lent.buffer, lent.byteOffset + 4 * m, m));
  // N(t) and its running integral at each event, in the reference's order of operations; the
  // integral at an event equals the integral at the last event of its time (later ones add N·0).
  // seen[j] collects integral(end) − integral(start): 0 − a + b and 0 + b − a are both exactly b − a.
  const seen = times.fill(0);
  const endOf = (j: number) => {
    const i = row(j);
    return startOf(i) + decode[i];
  };
  let level = 0;
  let integral = 0;
  let previous = NaN;
  let nextStart = m > 0 ? startOf(row(byStart[0])) : NaN;
  let nextEnd = m > 0 ? endOf(byEnd[0]) : NaN;
  for (let s = 0, e = 0, k = 0; s < m || e < m; k++) {
    const isEnd = e < m && (s >= m || nextEnd <= nextStart);
    let t: number;
    if (isEnd) {
      const j = byEnd[e++];
      t = nextEnd;
      if (e < m) nextEnd = endOf(byEnd[e]);
      integral = k === 0 ? 0 : integral + level * (t - previous);
      seen[j] += integral;
      level--;
    } else {
      const j = byStart[s++];
      t = nextStart;
      if (s < m) nextStart = startOf(row(byStart[s]));
      integral = k === 0 ? 0 : integral + level * (t - previous);
      seen[j] -= integral;
      level++;
    }
    previous = t;
  }
  // A sampled table (a baseline digest) holds one row per `weight` requests: every other request
  // decoding alongside stands for `weight` of them; the request itself is one.
  const weight = table.rowWeight ?? 1;
  // When every row decodes, the result is written over `seen` itself.
  const out = rows ? new Float64Array(n).fill(NaN) : seen;
  for (let j = 0; j < m; j++) {
    const i = row(j);
    const start = startOf(i);
    out[i] = 1 + weight * (seen[j] / (start + decode[i] - start) - 1);
  }
  return out;
}

/**
 * Whether row i decoded at a known time. A merge of shards puts the rows without an arrival time
 * last and still counts the table as in arrival order (src/model/shards.ts): such a request cannot be
 * placed, so it is unknown, not a NaN event that would disorder everyone's.
 */
function decodes(
  ok: Uint8Array,
  arrival: Float64Array,
  firstToken: Float64Array,
  decode: Float64Array,
  i: number,
): boolean {
  return (
    ok[i] === 1 &&
    Number.isFinite(arrival[i]) &&
    Number.isFinite(firstToken[i]) &&
    Number.isFinite(decode[i]) &&
    decode[i] > 0
  );
}

/**
 * The reference definition: one {t, d} event per start and end, sorted by a comparator, the step
 * function integrated over them and read back by binary search. Used when an end is past the
 * largest double (the comparator then orders what the merge cannot), and by the tests.
 */
export function decodeConcurrencyByEvents(table: RequestTable): Float64Array | undefined {
  const { arrival_ts: arrival, first_token_ms: firstToken, decode_ms: decode } = table.numbers;
  if (!arrival || !firstToken || !decode || !table.orderedByArrival) return undefined;
  const ok = successMask(table);
  const n = table.length;
  const start = new Float64Array(n).fill(NaN);
  const end = new Float64Array(n).fill(NaN);
  const events: { t: number; d: number }[] = [];
  const origin = arrival[0];
  for (let i = 0; i < n; i++) {
    if (!ok[i] || !Number.isFinite(arrival[i]) || !Number.isFinite(firstToken[i])) continue;
    if (!Number.isFinite(decode[i]) || decode[i] <= 0) continue;
    start[i] = (arrival[i] - origin) * 1000 + firstToken[i];
    end[i] = start[i] + decode[i];
    events.push({ t: start[i], d: 1 }, { t: end[i], d: -1 });
  }
  if (events.length === 0) return undefined;
  events.sort((a, b) => a.t - b.t || a.d - b.d);
  // Step function N(t) and its running integral at each event time.
  const times = new Float64Array(events.length);
  const level = new Float64Array(events.length);
  const integral = new Float64Array(events.length);
  let current = 0;
  for (let k = 0; k < events.length; k++) {
    times[k] = events[k].t;
    integral[k] = k === 0 ? 0 : integral[k - 1] + level[k - 1] * (times[k] - times[k - 1]);
    current += events[k].d;
    level[k] = current;
  }
  const integralAt = (t: number) => {
    let lo = 0;
    let hi = times.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (times[mid] <= t) lo = mid;
      else hi = mid - 1;
    }
    return integral[lo] + level[lo] * (t - times[lo]);
  };
  // A sampled table (a baseline digest) holds one row per `weight` requests: every other request
  // decoding alongside stands for `weight` of them; the request itself is one.
  const weight = table.rowWeight ?? 1;
  const out = new Float64Array(n).fill(NaN);
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(start[i])) continue;
    const seen = (integralAt(end[i]) - integralAt(start[i])) / (end[i] - start[i]);
    out[i] = 1 + weight * (seen - 1);
  }
  return out;
}
