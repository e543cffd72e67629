// The `effort` input: how long a kind of fix takes this team, per hint class ("capacity=2h",
// "decode-overhead=1 week"), replacing the defaults of src/config/hints.ts in the §7 ranking.

import { parseEffort } from './effort-hours';
import { HINT_EFFORT, HINT_IDS, type HintId } from './hints';
import { ConfigError } from './errors';

export function parseEffortOverrides(lines: readonly string[]): Partial<Record<HintId, string>> {
  const out: Partial<Record<HintId, string>> = {};
  for (const line of lines.map((l) => l.trim()).filter(Boolean)) {
    const match = /^([a-z-]+)\s*=\s*(.+)$/i.exec(line);
    if (!match) throw new ConfigError('effort', `"${line}" is not of the form "capacity=2h"`);
    const hint = match[1].toLowerCase();
    if (!(HINT_IDS as readonly string[]).includes(hint))
      throw new ConfigError('effort', `"${match[1]}" is not a hint class: use one of ${HINT_IDS.join(', ')}`);
    const text = match[2].trim();
    if (parseEffort(text) === undefined)
      throw new ConfigError(
        'effort',
        `"${text}" is not an effort: write it like "30 minutes", "2h", "3 days", "1 week"`,
      );
    // The kind of work stays in the text, as the defaults write it ("2h (config)").
    const kind = /\(([^)]*)\)/.exec(HINT_EFFORT[hint as HintId])?.[1];
    out[hint as HintId] = kind && !/\(/.test(text) ? `${text} (${kind}, set)` : text;
  }
  return out;
}
