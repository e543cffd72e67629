// The §9 guard "quality changed": every quality input of base against head, scores by metric and
// generations by id, into plain data for the report, the journal's QUALITY line and a caveat.

import { compareGenerations } from './compare-generations';
import { compareScores } from './compare-scores';
import type { GenerationSet, QualityCaveat, QualityComparison, QualityInput, ScoreSet } from '../../model/quality';

export function compareQuality(base: QualityInput[], head: QualityInput[]): QualityComparison {
  const scores = (side: QualityInput[]) => side.filter((q): q is ScoreSet => q.kind === 'scores');
  const generations = (side: QualityInput[]) => side.filter((q): q is GenerationSet => q.kind === 'generations');
  const notes: string[] = [];
  for (const [side, inputs] of [
    ['base', base],
    ['head', head],
  ] as const) {
    for (const q of inputs)
      for (const note of q.kind === 'scores' ? q.notes : q.warnings) notes.push(`${side} ${q.file}: ${note}`);
  }
  const out: QualityComparison = { notes };
  if (scores(base).length || scores(head).length) {
    const s = compareScores(scores(base), scores(head));
    out.scores = s.comparison;
    notes.push(...s.notes);
  }
  if (generations(base).length || generations(head).length) {
    const g = compareGenerations(generations(base), generations(head));
    out.generations = g.comparison;
    notes.push(...g.notes);
  }
  return out;
}

type State = 'changed' | 'unchanged' | 'unverified';

interface Part {
  state: State;
  sentence: string;
}

function parts(c: QualityComparison): Part[] {
  const out: Part[] = [];
  const g = c.generations;
  if (g) {
    // Sampling explains differing outputs, never a request that failed in head.
    const changed = g.failedHead > 0 || (g.differing > 0 && !g.expectedToDiffer);
    out.push({
      state: g.verdict === 'identical' ? 'unchanged' : changed ? 'changed' : 'unverified',
      sentence: g.sentence,
    });
  }
  const s = c.scores;
  if (s)
    out.push({
      state: s.verdict === 'changed' ? 'changed' : s.verdict === 'unchanged' ? 'unchanged' : 'unverified',
      sentence: s.sentence,
    });
  return out;
}

/** The journal's QUALITY field (§8): "unchanged (verified: 200 paired generations, identical)". */
export function qualityLine(c: QualityComparison): string {
  const all = parts(c);
  if (all.length === 0) return 'not measured';
  if (all.every((p) => p.state === 'unchanged')) {
    // "unchanged (verified: A)" + "unchanged (verified: B)" → "unchanged (verified: A; B)".
    const inner = all.map((p) => p.sentence.replace(/^unchanged \(verified: /, '').replace(/\)$/, ''));
    return `unchanged (verified: ${inner.join('; ')})`;
  }
  const order: State[] = ['changed', 'unverified', 'unchanged'];
  return [...all]
    .sort((a, b) => order.indexOf(a.state) - order.indexOf(b.state))
    .map((p) => p.sentence)
    .join('; ');
}

/**
 * The §9 guard as a caveat: quality-changed when a score or the generations changed; quality-unverified
 * when something was measured but could not verify (too noisy, nothing paired, or sampling made
 * differences expected); undefined when every measure verified no change, or none was given (the
 * report's quality-not-measured caveat covers that).
 */
export function caveat(c: QualityComparison): QualityCaveat | undefined {
  const all = parts(c);
  const changed = all.filter((p) => p.state === 'changed');
  if (changed.length)
    return {
      kind: 'quality-changed',
      message: `output quality changed: ${changed.map((p) => p.sentence.replace(/^CHANGED: /, '')).join('; ')}`,
    };
  const unverified = all.filter((p) => p.state === 'unverified');
  if (unverified.length)
    return {
      kind: 'quality-unverified',
      message: `output quality was measured but not verified: ${unverified.map((p) => p.sentence.replace(/^(?:unverified|not verified|CHANGED): /, '')).join('; ')}`,
    };
  return undefined;
}
