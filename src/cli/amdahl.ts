// `perf-triage amdahl`: §7's estimation habit at the command line. One finding:
//   perf-triage amdahl --share 0.09 --speedup 3 [--effort "2 days"]
// or several, ranked by gain per hour of effort:
//   perf-triage amdahl --item "RMSNorm fusion: share=0.09 speedup=3 effort=2 days" \
//                      --item "running batch 8 of 60: gain=3 effort=hours"
// `gain=G` is a speedup of the whole (share 1, speedup G); a range "3-5" takes its low end, so the
// ranking never rests on the optimistic number.

import { amdahl } from '../diagnose/amdahl-law';
import { parseEffort } from '../config/effort-hours';
import { rankByGainPerEffort, type EffortItem } from '../diagnose/effort';
import { compact, percent } from '../display/numbers';
import type { CliIo } from './run';
import { parseCliArgs, UsageError } from './usage-error';

export async function runAmdahl(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseCliArgs(
    {
      args: [...args],
      options: {
        share: { type: 'string' },
        speedup: { type: 'string' },
        effort: { type: 'string' },
        item: { type: 'string', multiple: true },
        label: { type: 'string' },
      },
      strict: true,
    },
    'amdahl',
  );
  const { values } = parsed;
  const items: (EffortItem & { note?: string })[] = [];
  if (values.share !== undefined || values.speedup !== undefined) {
    const share = fraction(values.share, '--share');
    const speedup = factor(values.speedup, '--speedup');
    if (values.item === undefined && values.effort === undefined) {
      const gain = amdahl(share, speedup);
      io.stdout(
        `gain = 1 / ((1 − ${compact(share)}) + ${compact(share)} / ${speedup === Infinity ? '∞' : compact(speedup)}) = ${gain === Infinity ? '∞' : gain.toFixed(3)} → ${gain === Infinity ? '∞' : percent(gain - 1)} faster; the most the time can fall is ${percent(1 - 1 / gain)}\n`,
      );
      return 0;
    }
    items.push({
      label: values.label ?? 'finding',
      share,
      speedup,
      effortHours: effortHours(values.effort ?? '', '--effort'),
    });
  }
  for (const text of values.item ?? []) items.push(parseItem(text));
  if (items.length === 0)
    throw new UsageError(
      'amdahl needs --share and --speedup, or one --item per finding ("label: share=0.09 speedup=3 effort=2 days")',
    );
  const ranked = rankByGainPerEffort(items);
  io.stdout('rank  gain    effort   gain per hour  finding\n');
  for (const r of ranked) {
    const line = r.invalid
      ? `  -   —       —        —              ${r.label}: ${r.invalid}`
      : `${String(r.rank).padStart(4)}  ${r.gainText.padEnd(6)}  ${`${compact(r.effortHours)} h`.padEnd(7)}  ${`${percent(r.gainPerHour)}/h`.padEnd(13)}  ${r.label} (share ${percent(r.share)}, ×${r.speedup === Infinity ? '∞' : compact(r.speedup)})`;
    io.stdout(`${line}\n`);
  }
  const first = ranked.find((r) => !r.invalid);
  if (first && ranked.length > 1) io.stdout(`→ do "${first.label}" first.\n`);
  return ranked.some((r) => r.invalid) ? 2 : 0;
}

function parseItem(text: string): EffortItem {
  const colon = text.lastIndexOf(':', text.search(/\b(?:share|speedup|gain|effort)=/));
  const label = colon > 0 ? text.slice(0, colon).trim() : text.trim();
  const fields = new Map<string, string>();
  for (const m of text
    .slice(colon + 1)
    .matchAll(/\b(share|speedup|gain|effort)=([^=]*?)(?=\s+\b(?:share|speedup|gain|effort)=|$)/g))
    fields.set(m[1], m[2].trim());
  const where = `--item "${text}"`;
  if (!fields.has('effort')) throw new UsageError(`${where}: needs effort=… (such as effort=2 days)`);
  const hours = effortHours(fields.get('effort')!, where);
  if (fields.has('gain'))
    return { label, share: 1, speedup: factor(low(fields.get('gain')!), `${where} gain`), effortHours: hours };
  if (!fields.has('share') || !fields.has('speedup'))
    throw new UsageError(`${where}: needs share=… and speedup=…, or gain=…`);
  return {
    label,
    share: fraction(fields.get('share'), `${where} share`),
    speedup: factor(fields.get('speedup'), `${where} speedup`),
    effortHours: hours,
  };
}

/** "3-5" or "3–5x": the low end. */
function low(text: string): string {
  return text.replace(/x$/i, '').split(/\s*[-–]\s*/)[0];
}

function fraction(text: string | undefined, what: string): number {
  const t = (text ?? '').trim();
  const v = t.endsWith('%') ? Number(t.slice(0, -1)) / 100 : Number(t);
  if (t === '' || !(v >= 0 && v <= 1))
    throw new UsageError(`${what} "${text ?? ''}": expected a share between 0 and 1 (0.09) or a percentage (9%)`);
  return v;
}

function factor(text: string | undefined, what: string): number {
  const t = (text ?? '').trim().replace(/x$/i, '');
  const v = t === 'inf' || t === '∞' ? Infinity : Number(t);
  if (t === '' || !(v >= 1))
    throw new UsageError(
      `${what} "${text ?? ''}": expected a speedup of at least 1 (3 for 3× faster, inf to remove it)`,
    );
  return v;
}

function effortHours(text: string, what: string): number {
  const hours = parseEffort(text);
  if (hours === undefined)
    throw new UsageError(`${what} "${text}": expected an effort such as "30 minutes", "2h", "2 days", "hours"`);
  return hours;
}
