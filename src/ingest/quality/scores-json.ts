// perf-triage's own scores file, for teams with their own evals:
//   {"scores": {"accuracy": 0.712, "exact_match": 0.43},
//    "stderr": {"accuracy": 0.0045},            optional, same names
//    "n": {"accuracy": 10042},                  optional: items a share-valued score is a share of
//    "higher_is_better": {"accuracy": true}}    optional
// Without a stderr, a score in [0, 1] with an n on both sides is compared as a proportion (Newcombe
// interval); anything else without a stderr cannot be told from noise.

import { InputError } from '../errors';
import { asObject, own } from '../formats/document';
import type { ScoreMetric, ScoreSet } from '../../model/quality';

const FORMAT = 'perf-triage scores';

export function scoresFromJson(doc: unknown, file: string): ScoreSet {
  const root = asObject(doc);
  const scores = asObject(own(root, 'scores'));
  if (!scores) throw new InputError(file, `${FORMAT}: expected {"scores": {"name": value, …}}`, undefined, 'scores');
  const stderr = asObject(own(root, 'stderr'));
  const counts = asObject(own(root, 'n'));
  const higher = asObject(own(root, 'higher_is_better'));
  const metrics: ScoreMetric[] = [];
  const notes: string[] = [];

  for (const key of Object.keys(scores)) {
    const value = scores[key];
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      notes.push(`scores.${key}: ${describe(value)} is not a finite number; left out`);
      continue;
    }
    const se = own(stderr, key);
    const n = own(counts, key);
    const better = own(higher, key);
    const metric: ScoreMetric = { key, value };
    if (typeof se === 'number' && Number.isFinite(se) && se >= 0) metric.stderr = se;
    else if (se !== undefined && se !== null) notes.push(`stderr.${key}: ${describe(se)} is not a number ≥ 0; ignored`);
    if (typeof n === 'number' && Number.isFinite(n) && n > 0) metric.n = n;
    else if (n !== undefined && n !== null) notes.push(`n.${key}: ${describe(n)} is not a count > 0; ignored`);
    if (typeof better === 'boolean') metric.higherIsBetter = better;
    metrics.push(metric);
  }
  if (metrics.length === 0)
    throw new InputError(file, `${FORMAT}: "scores" holds no finite number`, undefined, 'scores');
  return { kind: 'scores', format: 'perf-triage-scores', file, metrics, notes: notes.slice(0, 20) };
}

function describe(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
