// One multiplicity scheme for every metric a benchmark judges: false-coverage-rate intervals
// (Benjamini & Yekutieli 2005). With m metrics and a family level 1 − α, every interval is shown at
// 1 − R·α/m, where R is the number of metrics whose interval at that level lies beyond the minimum
// effect (regressed or improved), and 1 − α/m when there is none. This is the Benjamini–Hochberg
// step-up written in intervals: R is the largest r for which at least r intervals at 1 − r·α/m lie
// beyond, and then exactly R do (intervals nest as the level falls), so every label agrees with the
// interval printed next to it. With nothing changed (R = 0) the intervals are simultaneous
// (Bonferroni): all "unchanged" labels hold together at 1 − α. A wider interval can only move a label
// toward inconclusive, never to unchanged.

export interface FamilyMember {
  /** True when the member's interval at `level` lies beyond its minimum effect (would be regressed or improved). */
  beyondAt(level: number): boolean;
}

export interface FamilyLevel {
  /** The level every interval of the family is shown at. */
  level: number;
  /** How many members lie beyond their minimum effect at that level. */
  beyond: number;
  /** Members judged together. */
  size: number;
}

export function familyLevel(members: readonly FamilyMember[], familyConfidence: number): FamilyLevel {
  const m = members.length;
  const alpha = 1 - familyConfidence;
  if (m === 0) return { level: familyConfidence, beyond: 0, size: 0 };
  for (let r = m; r >= 1; r--) {
    const level = 1 - (r * alpha) / m;
    let count = 0;
    for (const member of members) if (member.beyondAt(level)) count++;
    if (count >= r) return { level, beyond: count, size: m };
  }
  return { level: 1 - alpha / m, beyond: 0, size: m };
}
