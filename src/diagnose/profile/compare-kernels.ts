// Base against head for Nsight Compute kernels (§1 STEP 4–5), matched by kernel name and launch
// shape: duration, regime, achieved occupancy, sectors per request and stall reasons. Names must
// match exactly: a kernel whose template arguments or tile shape changed is a different kernel, and
// is listed as only-base / only-head rather than guessed. The same name at another grid or block size
// is another problem size: its duration is not compared, the change of shape is stated.

import { duration, percent, signedPercent } from '../../display/numbers';
import { shapeKey, type KernelProfile, type StallShare } from '../../ingest/profile/ncu';
import { classifyKernel, type Regime } from './regime';

/** Smaller duration changes are noise between two ncu runs of the same kernel. */
export const DURATION_CHANGE = 0.05;
/** Occupancy moves of fewer percentage points are not reported. */
export const OCCUPANCY_CHANGE = 5;
/** A stall reason whose share moved by fewer points is not reported. */
export const STALL_CHANGE = 0.1;

export interface KernelChange {
  name: string;
  base: KernelProfile;
  head: KernelProfile;
  durationMs: { base: number; head: number; deltaMs: number; ratio: number };
  /** Of the total kernel time on each side. */
  share: { base: number; head: number };
  regime: { base: Regime | undefined; head: Regime | undefined; changed: boolean };
  occupancyPct: { base: number; head: number; delta: number };
  sectorsPerRequest: { base: number; head: number; delta: number };
  stallShifts: { reason: string; base: number; head: number; delta: number }[];
  /** Sentences about what changed, empty when nothing did. */
  notes: string[];
}

export interface TopKernel {
  name: string;
  ms: number;
  share: number;
  regime: Regime | undefined;
  launches: number;
}

/** The same kernel name launched at another shape: another problem size, not compared. */
export interface ShapeChange {
  name: string;
  base: KernelProfile;
  head: KernelProfile;
}

export interface KernelComparison {
  totalMs: { base: number; head: number; deltaMs: number; ratio: number };
  /** Matched kernels (same name and shape), largest absolute duration change first. */
  kernels: KernelChange[];
  /** Same name, other launch shape on each side. */
  shapeChanged: ShapeChange[];
  onlyBase: KernelProfile[];
  onlyHead: KernelProfile[];
  /** The head's heaviest kernels by share of kernel time. */
  topKernels: TopKernel[];
}

const total = (list: readonly KernelProfile[]) =>
  list.reduce((s, k) => s + (Number.isNaN(k.durationMs) ? 0 : k.durationMs), 0);

export function topKernels(list: readonly KernelProfile[], n = 10): TopKernel[] {
  const sum = total(list);
  // Kernels without a duration come after the timed ones, in file order: shown, not dropped.
  return [...list]
    .sort(
      (a, b) =>
        (Number.isNaN(a.durationMs) ? 1 : 0) - (Number.isNaN(b.durationMs) ? 1 : 0) ||
        (b.durationMs || 0) - (a.durationMs || 0),
    )
    .slice(0, n)
    .map((k) => ({
      name: k.name,
      ms: k.durationMs,
      share: sum > 0 ? k.durationMs / sum : NaN,
      regime: classifyKernel(k).regime,
      launches: k.launches,
    }));
}

export function compareKernels(
  base: readonly KernelProfile[],
  head: readonly KernelProfile[],
  top = 10,
): KernelComparison {
  const baseTotal = total(base);
  const headTotal = total(head);
  const headByKey = new Map(head.map((k) => [shapeKey(k), k]));
  const baseKeys = new Set(base.map(shapeKey));
  const kernels: KernelChange[] = [];
  for (const b of base) {
    const h = headByKey.get(shapeKey(b));
    if (h) kernels.push(change(b, h, baseTotal, headTotal));
  }
  kernels.sort(
    (a, b) => Math.abs(b.durationMs.deltaMs || 0) - Math.abs(a.durationMs.deltaMs || 0) || (a.name < b.name ? -1 : 1),
  );
  const unmatchedBase = base.filter((k) => !headByKey.has(shapeKey(k)));
  const unmatchedHead = head.filter((k) => !baseKeys.has(shapeKey(k)));
  // Pair the leftovers by name: the heaviest launch shape of a name on each side.
  const shapeChanged: ShapeChange[] = [];
  const pairedHead = new Set<KernelProfile>();
  const pairedBase = new Set<KernelProfile>();
  for (const b of unmatchedBase) {
    if (pairedBase.has(b)) continue;
    const h = unmatchedHead.find((x) => x.name === b.name && !pairedHead.has(x));
    if (!h) continue;
    pairedBase.add(b);
    pairedHead.add(h);
    shapeChanged.push({ name: b.name, base: b, head: h });
  }
  return {
    totalMs: {
      base: baseTotal,
      head: headTotal,
      deltaMs: headTotal - baseTotal,
      ratio: baseTotal > 0 ? headTotal / baseTotal - 1 : NaN,
    },
    kernels,
    shapeChanged,
    onlyBase: unmatchedBase.filter((k) => !pairedBase.has(k)),
    onlyHead: unmatchedHead.filter((k) => !pairedHead.has(k)),
    topKernels: topKernels(head, top),
  };
}

function change(b: KernelProfile, h: KernelProfile, baseTotal: number, headTotal: number): KernelChange {
  const rb = classifyKernel(b).regime;
  const rh = classifyKernel(h).regime;
  const d = {
    base: b.durationMs,
    head: h.durationMs,
    deltaMs: h.durationMs - b.durationMs,
    ratio: b.durationMs > 0 ? h.durationMs / b.durationMs - 1 : NaN,
  };
  const notes: string[] = [];
  if (Math.abs(d.ratio) >= DURATION_CHANGE)
    notes.push(`duration ${signedPercent(d.ratio)} (${duration(d.base)} → ${duration(d.head)})`);
  if (h.launches !== b.launches) notes.push(`launches ${b.launches} → ${h.launches}`);
  if (rb !== rh) notes.push(`regime ${rb ?? 'unknown'} → ${rh ?? 'unknown'}`);
  const occ = { base: b.occupancyPct, head: h.occupancyPct, delta: h.occupancyPct - b.occupancyPct };
  if (Math.abs(occ.delta) >= OCCUPANCY_CHANGE)
    notes.push(`achieved occupancy ${percent(occ.base / 100)} → ${percent(occ.head / 100)}`);
  const spr = {
    base: b.sectorsPerRequest,
    head: h.sectorsPerRequest,
    delta: h.sectorsPerRequest - b.sectorsPerRequest,
  };
  if (Math.abs(spr.delta) >= 1)
    notes.push(
      `sectors per request ${spr.base.toFixed(1)} → ${spr.head.toFixed(1)}${spr.head > spr.base ? ' (less coalesced)' : ''}`,
    );
  const stallShifts = shifts(b.stalls, h.stalls);
  for (const s of stallShifts) notes.push(`stall ${s.reason} ${percent(s.base)} → ${percent(s.head)} of stalls`);
  return {
    name: b.name,
    base: b,
    head: h,
    durationMs: d,
    share: {
      base: baseTotal > 0 ? b.durationMs / baseTotal : NaN,
      head: headTotal > 0 ? h.durationMs / headTotal : NaN,
    },
    regime: { base: rb, head: rh, changed: rb !== rh },
    occupancyPct: occ,
    sectorsPerRequest: spr,
    stallShifts,
    notes,
  };
}

/** Stall reasons whose share moved by at least STALL_CHANGE, largest move first (at most 3). */
function shifts(base: readonly StallShare[], head: readonly StallShare[]): KernelChange['stallShifts'] {
  const reasons = new Set([...base.map((s) => s.reason), ...head.map((s) => s.reason)]);
  const of = (list: readonly StallShare[], r: string) => list.find((s) => s.reason === r)?.share ?? 0;
  if (base.length === 0 || head.length === 0) return [];
  return [...reasons]
    .map((reason) => ({
      reason,
      base: of(base, reason),
      head: of(head, reason),
      delta: of(head, reason) - of(base, reason),
    }))
    .filter((s) => Math.abs(s.delta) >= STALL_CHANGE)
    .sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || (a.reason < b.reason ? -1 : 1))
    .slice(0, 3);
}
