// Small helpers shared by the simulator tests: run a scenario into an array, and a type-7 percentile.

import { simulate } from '../../src/sim/simulate';
import type { NativeRecord, Scenario } from '../../src/sim/scenario';

export function runRecords(s: Scenario): NativeRecord[] {
  const out: NativeRecord[] = [];
  simulate(s, (r) => out.push(r));
  return out;
}

export function pct(values: number[], p: number): number {
  const s = values.filter(Number.isFinite).sort((a, b) => a - b);
  const h = (s.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(s.length - 1, lo + 1);
  return s[lo] + (h - lo) * (s[hi] - s[lo]);
}

export function byId(records: NativeRecord[]): Map<string, NativeRecord> {
  return new Map(records.map((r) => [r.request_id, r]));
}
