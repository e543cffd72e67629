// "Did you mean …?": the closest of the names a user could have meant, by edit distance (a swap of
// two neighbouring letters counts once, so "comapre" is one step from "compare").

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[rows - 1][cols - 1];
}

/**
 * The candidate closest to `word` (case-insensitive), when it is close enough to be a slip: at most
 * a third of the word's letters apart (at least 1, at most 3), or the word is the start of exactly
 * one candidate. Undefined when nothing is that close, or two candidates are equally close.
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const w = word.toLowerCase();
  if (w === '') return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(w.length / 3)));
  let best: string | undefined;
  let bestDistance = Infinity;
  let tie = false;
  for (const c of new Set(candidates)) {
    const distance = editDistance(w, c.toLowerCase());
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
      tie = false;
    } else if (distance === bestDistance) tie = true;
  }
  if (best !== undefined && bestDistance <= limit && !tie) return best;
  const prefixed = candidates.filter((c) => c.toLowerCase().startsWith(w));
  return w.length >= 3 && prefixed.length === 1 ? prefixed[0] : undefined;
}

/** "; did you mean "x"?" or the empty string. */
export function didYouMean(word: string, candidates: readonly string[], quote = (s: string) => `"${s}"`): string {
  const match = closest(word, candidates);
  return match === undefined ? '' : `; did you mean ${quote(match)}?`;
}
