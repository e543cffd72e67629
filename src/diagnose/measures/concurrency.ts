// The running batch a request actually decoded in: the time-weighted mean number of requests
// decoding at the same moments as it. batch_size_at_admission is only the batch when the request
// joined; under heavier load the batch keeps growing afterwards, so matching on it mistakes load
// for code. This needs only arrival_ts, first_token_ms and decode_ms.

import type { RequestTable } from '../../model/run';
import { successMask } from '../../metrics/values';

/** Per request (aligned with rows): mean concurrent decodes over its decode interval; NaN if unknown. */
export function decodeConcurrency(table: RequestTable): Float64Array | undefined {
  const { arrival_ts: arrival, first_token_ms: firstToken, decode_ms: decode } = table.numbers;
  if (!arrival || !firstToken || !decode || !table.orderedByArrival) return undefined;
  const ok = successMask(table);
  const n = table.length;
  const start = new Float64Array(n).fill(NaN);
  const end = new Float64Array(n).fill(NaN);
  const events: { t: number; d: number }[] = [];
  const origin = arrival[0];
  for (let i = 0; i < n; i++) {
    if (!ok[i] || !Number.isFinite(firstToken[i]) || !Number.isFinite(decode[i]) || decode[i] <= 0) continue;
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
