// A long-running server's metrics are counters since it started: two scrapes, before and after the
// benchmark, give the benchmark's traffic by difference. Scrape files whose names differ only by
// before/after (or start/end, pre/post, as whole words) are paired and subtracted.

import type { Run } from './run';

const WORDS: [string, string][] = [
  ['before', 'after'],
  ['start', 'end'],
  ['pre', 'post'],
];

function word(w: string): RegExp {
  return new RegExp(`(?<![a-z])${w}(?![a-z])`, 'i');
}

/** The file name with `from` replaced by `to`, or undefined when `from` is not in it. */
function swap(name: string, from: string, to: string): string | undefined {
  const pattern = word(from);
  if (!pattern.test(name)) return undefined;
  return name.replace(pattern, (m) =>
    m === m.toUpperCase() ? to.toUpperCase() : m[0] === m[0].toUpperCase() ? to[0].toUpperCase() + to.slice(1) : to,
  );
}

export function pairScrapes(runs: Run[], subtract: (before: Run, after: Run) => Run): Run[] {
  const byName = new Map(
    runs.filter((r) => r.role === 'server-metrics').map((r) => [r.sources[0]?.file ?? '', r] as const),
  );
  const pairedAfter = new Set<Run>();
  const pairs = new Map<Run, Run>();
  for (const [name, run] of byName) {
    for (const [from, to] of WORDS) {
      const partner = byName.get(swap(name, from, to) ?? '');
      if (partner && partner !== run && !pairedAfter.has(partner)) {
        pairs.set(run, partner);
        pairedAfter.add(partner);
        break;
      }
    }
  }
  return runs.flatMap((run) => {
    if (pairedAfter.has(run)) return [];
    const after = pairs.get(run);
    return [after ? subtract(run, after) : run];
  });
}
