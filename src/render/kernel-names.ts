// Kernel names are long C++ signatures; a table shows a short form. Cutting them all at the same
// length makes two CUTLASS GEMMs that differ only in their tile shape look identical, so names
// whose short forms would collide show the part where they differ instead. Plain text out: the
// caller escapes it for its format.

const HEAD = 24;
const MIDDLE = 34;

/** A short form of each name, distinct for distinct names (at most about `width` characters). */
export function shortNames(names: readonly string[], width = 60): Map<string, string> {
  const unique = [...new Set(names)];
  const cut = (n: string) => ([...n].length > width ? `${[...n].slice(0, width - 1).join('')}…` : n);
  const out = new Map<string, string>();
  const byShort = new Map<string, string[]>();
  for (const n of unique) byShort.set(cut(n), [...(byShort.get(cut(n)) ?? []), n]);
  for (const [short, group] of byShort) {
    if (group.length === 1) {
      out.set(group[0], short);
      continue;
    }
    for (const n of group) {
      // The first character where this name leaves every other name of the group.
      const at = Math.max(...group.filter((o) => o !== n).map((o) => firstDifference(n, o)));
      const from = Math.max(HEAD, at - 8);
      const chars = [...n];
      const middle = chars.slice(from, from + MIDDLE).join('');
      out.set(n, `${chars.slice(0, HEAD).join('')}…${middle}${from + MIDDLE < chars.length ? '…' : ''}`);
    }
  }
  // Two names that still collide (they differ only past the shown middle) get their rank.
  const seen = new Map<string, number>();
  for (const n of unique) {
    const s = out.get(n)!;
    const k = (seen.get(s) ?? 0) + 1;
    seen.set(s, k);
    if (k > 1) out.set(n, `${s} #${k}`);
  }
  return out;
}

function firstDifference(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}
