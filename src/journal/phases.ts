// Each phase's mean time over a recorded run's successful requests: means add up (the phases of a
// request sum to its latency), so the journal's phase trends show where the time went over months.

import { PHASES, type PhaseId } from '../metrics/catalog';
import { requestColumn } from '../metrics/values';
import { pooledTable } from '../model/pool';
import type { Side } from '../model/run';
import { meanFinite } from '../stats/quantile';

/** Mean milliseconds per phase, for the phases the run measured; undefined without per-request data. */
export function phaseMeans(side: Side): Partial<Record<PhaseId, number>> | undefined {
  const table = pooledTable(side);
  if (!table) return undefined;
  const out: Partial<Record<PhaseId, number>> = {};
  for (const phase of PHASES) {
    const column = requestColumn(table, phase);
    if (!column) continue;
    const mean = meanFinite(column);
    if (Number.isFinite(mean)) out[phase] = Number(mean.toPrecision(6));
  }
  return Object.keys(out).length ? out : undefined;
}
