// §7, the estimation habit: gain = 1 / ((1 − p) + p / s) for a part taking share p of the time,
// made s× faster; then do first what gains most per hour of work, (gain − 1) / effort hours.
// Effort texts are read into hours by src/config/effort-hours.ts.

import { amdahl } from './amdahl-law';
import { percent } from '../display/numbers';

export interface EffortItem {
  label: string;
  /** Share of the time the fix touches (p, 0–1). */
  share: number;
  /** How much faster that part gets (s ≥ 1; Infinity removes it). */
  speedup: number;
  effortHours: number;
}

export interface RankedItem extends EffortItem {
  /** 1 / ((1 − p) + p / s). */
  gain: number;
  /** gain − 1 as text, as §7 writes it: 1.064 → "6.4%". */
  gainText: string;
  /** (gain − 1) / effortHours. */
  gainPerHour: number;
  rank: number;
  /** Why the item could not be ranked (it is listed last). */
  invalid?: string;
}

export function rankByGainPerEffort(items: readonly EffortItem[]): RankedItem[] {
  const ranked = items.map((item): Omit<RankedItem, 'rank'> => {
    const invalid = problem(item);
    if (invalid) return { ...item, gain: NaN, gainText: '—', gainPerHour: NaN, invalid };
    const gain = amdahl(item.share, item.speedup);
    return {
      ...item,
      gain,
      gainText: gain === Infinity ? '∞' : percent(gain - 1),
      gainPerHour: (gain - 1) / item.effortHours,
    };
  });
  const order = ranked
    .map((r, i) => ({ r, i }))
    .sort((a, b) => {
      if (a.r.invalid || b.r.invalid) return (a.r.invalid ? 1 : 0) - (b.r.invalid ? 1 : 0) || a.i - b.i;
      return b.r.gainPerHour - a.r.gainPerHour || b.r.gain - a.r.gain || a.i - b.i;
    });
  return order.map(({ r }, k) => ({ ...r, rank: k + 1 }));
}

function problem(item: EffortItem): string | undefined {
  if (!(item.share >= 0 && item.share <= 1)) return `share must be between 0 and 1, got ${item.share}`;
  if (!(item.speedup >= 1)) return `speedup must be at least 1 (a slowdown is not a fix), got ${item.speedup}`;
  if (!(item.effortHours > 0) || item.effortHours === Infinity)
    return `effort must be a positive number of hours, got ${item.effortHours}`;
  if (item.share === 1 && item.speedup === Infinity) return 'removing all of the time has no finite gain';
  return undefined;
}
