// §7, the estimation habit: gain = 1 / ((1 − p) + p / s) for a part taking share p of the time,
// made s× faster; then do first what gains most per hour of work, (gain − 1) / effort hours.
//
// Effort is written loosely ("30 minutes", "hours", "2 days", "1 week", "2h"). Hours are working
// hours: a day is 8, a week 40. A bare plural names a range, and its middle is taken: "minutes" 0.5 h,
// "hours" 4 h (half a day), "days" 24 h (three days), "weeks" 80 h (two weeks). The hint classes of
// src/diagnose/hints.ts ("hours (config)", "days (kernel)") parse the same way, so a configuration
// flag costs hours and a kernel fusion days.

import { amdahl } from './amdahl-law';
import { percent } from '../display/numbers';

export const HOURS_PER_DAY = 8;
export const HOURS_PER_WEEK = 40;

/** What a bare unit ("hours", "days") stands for, in hours. */
export const BARE_UNIT_HOURS = { minutes: 0.5, hours: 4, days: 3 * HOURS_PER_DAY, weeks: 2 * HOURS_PER_WEEK } as const;

/** Typical effort by kind of fix, in hours. */
export const EFFORT_DEFAULTS = {
  config: BARE_UNIT_HOURS.hours,
  instrumentation: BARE_UNIT_HOURS.hours,
  code: HOURS_PER_DAY,
  kernel: BARE_UNIT_HOURS.days,
} as const;

/** [unit, hours per unit, hours for the bare plural]. */
const UNITS: readonly [RegExp, number, number][] = [
  [/^(?:m|min|mins|minute|minutes)$/, 1 / 60, BARE_UNIT_HOURS.minutes],
  [/^(?:h|hr|hrs|hour|hours)$/, 1, BARE_UNIT_HOURS.hours],
  [/^(?:d|day|days)$/, HOURS_PER_DAY, BARE_UNIT_HOURS.days],
  [/^(?:w|wk|wks|week|weeks)$/, HOURS_PER_WEEK, BARE_UNIT_HOURS.weeks],
];

const WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, half: 0.5, 'a few': 3, few: 3, several: 3, couple: 2, 'a couple of': 2 };

/** Hours for an effort text, or undefined when it is not one ("n/a (workload)", "unknown"). */
export function parseEffort(text: string): number | undefined {
  // "days (kernel)" → "days"; "~2 days" → "2 days"; "1-2 days" → the middle.
  const t = text.toLowerCase().replace(/\(.*?\)/g, '').replace(/[~≈]/g, '').trim();
  const m = /^(?:(\d+(?:\.\d+)?)(?:\s*[-–]\s*(\d+(?:\.\d+)?))?|(a couple of|a few|an?|one|two|three|four|five|half|few|several|couple))?\s*([a-z]+)$/.exec(t);
  if (!m) return undefined;
  const [, lo, hi, word, unitText] = m;
  const unit = UNITS.find(([re]) => re.test(unitText));
  if (!unit) return undefined;
  if (lo !== undefined) {
    const n = hi !== undefined ? (Number(lo) + Number(hi)) / 2 : Number(lo);
    return n > 0 ? n * unit[1] : undefined;
  }
  if (word !== undefined) return WORDS[word] * unit[1];
  // A bare unit: a plural is a range ("hours"), a singular one of it ("hour").
  const plural = unitText.endsWith('s') && unitText.length > 3;
  return plural ? unit[2] : unit[1];
}

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
    return { ...item, gain, gainText: gain === Infinity ? '∞' : percent(gain - 1), gainPerHour: (gain - 1) / item.effortHours };
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
  if (!(item.effortHours > 0) || item.effortHours === Infinity) return `effort must be a positive number of hours, got ${item.effortHours}`;
  if (item.share === 1 && item.speedup === Infinity) return 'removing all of the time has no finite gain';
  return undefined;
}
