// Busy time on a timeline is the length of the union of its intervals, not the sum of their
// durations: kernels on two streams that overlap keep the GPU busy once, not twice. Intervals are
// [start, end) pairs in one unit (µs in traces); empty or inverted ones count for nothing.

export type Interval = readonly [start: number, end: number];

/** Sorted, disjoint, non-empty intervals: what `merge` returns and the other helpers expect. */
export type Merged = readonly Interval[] & { readonly __merged: unique symbol };

/** The union as sorted disjoint intervals; touching intervals ([0,1) and [1,2)) join. */
export function merge(intervals: Iterable<Interval>): Merged {
  const sorted = [...intervals].filter(([s, e]) => e > s).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: [number, number][] = [];
  for (const [s, e] of sorted) {
    const last = out[out.length - 1];
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else out.push([s, e]);
  }
  return out as unknown as Merged;
}

export function totalLength(merged: Merged): number {
  let sum = 0;
  for (const [s, e] of merged) sum += e - s;
  return sum;
}

/** Length of the union of the intervals. */
export function unionLength(intervals: Iterable<Interval>): number {
  return totalLength(merge(intervals));
}

/** The parts of each interval inside [from, to). */
export function clip(intervals: Iterable<Interval>, from: number, to: number): Interval[] {
  const out: Interval[] = [];
  for (const [s, e] of intervals) {
    const a = Math.max(s, from);
    const b = Math.min(e, to);
    if (b > a) out.push([a, b]);
  }
  return out;
}

/** Length of the overlap of two unions (two-pointer walk over both). */
export function intersectionLength(a: Merged, b: Merged): number {
  let i = 0;
  let j = 0;
  let sum = 0;
  while (i < a.length && j < b.length) {
    const lo = Math.max(a[i][0], b[j][0]);
    const hi = Math.min(a[i][1], b[j][1]);
    if (hi > lo) sum += hi - lo;
    if (a[i][1] < b[j][1]) i++;
    else j++;
  }
  return sum;
}

/** The union of `a` minus the time also covered by `b`. */
export function differenceLength(a: Merged, b: Merged): number {
  return totalLength(a) - intersectionLength(a, b);
}

/** Whether t lies inside one of the merged intervals (binary search). */
export function covers(merged: Merged, t: number): boolean {
  let lo = 0;
  let hi = merged.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [s, e] = merged[mid];
    if (t < s) hi = mid - 1;
    else if (t >= e) lo = mid + 1;
    else return true;
  }
  return false;
}

/** The part of a union inside [from, to), found by binary search (merged stays sorted). */
export function clipMerged(merged: Merged, from: number, to: number): Merged {
  let lo = 0;
  let hi = merged.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (merged[mid][1] <= from) lo = mid + 1;
    else hi = mid;
  }
  const out: [number, number][] = [];
  for (let i = lo; i < merged.length && merged[i][0] < to; i++) {
    const s = Math.max(merged[i][0], from);
    const e = Math.min(merged[i][1], to);
    if (e > s) out.push([s, e]);
  }
  return out as unknown as Merged;
}

/** The union of `a` with the time covered by `b` removed. */
export function subtract(a: Merged, b: Merged): Merged {
  const out: [number, number][] = [];
  let j = 0;
  for (const [s0, e] of a) {
    let s = s0;
    while (j < b.length && b[j][1] <= s) j++;
    let k = j;
    while (k < b.length && b[k][0] < e) {
      if (b[k][0] > s) out.push([s, b[k][0]]);
      s = Math.max(s, b[k][1]);
      if (s >= e) break;
      k++;
    }
    if (s < e) out.push([s, e]);
  }
  return out as unknown as Merged;
}
