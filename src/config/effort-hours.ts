// Effort is written loosely ("30 minutes", "hours", "2 days", "1 week", "2h"). Hours are working
// hours: a day is 8, a week 40. A bare plural names a range, and its middle is taken: "minutes" 0.5 h,
// "hours" 4 h (half a day), "days" 24 h (three days), "weeks" 80 h (two weeks). The hint classes of
// src/config/hints.ts ("hours (config)", "days (kernel)") parse the same way, so a configuration
// flag costs hours and a kernel fusion days.

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

const WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  half: 0.5,
  'a few': 3,
  few: 3,
  several: 3,
  couple: 2,
  'a couple of': 2,
};

/** Hours for an effort text, or undefined when it is not one ("n/a (workload)", "unknown"). */
export function parseEffort(text: string): number | undefined {
  // "days (kernel)" → "days"; "~2 days" → "2 days"; "1-2 days" → the middle.
  const t = text
    .toLowerCase()
    .replace(/\(.*?\)/g, '')
    .replace(/[~≈]/g, '')
    .trim();
  const m =
    /^(?:(\d+(?:\.\d+)?)(?:\s*[-–]\s*(\d+(?:\.\d+)?))?|(a couple of|a few|an?|one|two|three|four|five|half|few|several|couple))?\s*([a-z]+)$/.exec(
      t,
    );
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
