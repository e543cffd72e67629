// Score metrics base vs head. With a stderr on both sides the difference gets a 95% normal interval,
// half-width z·√(se_b² + se_h²) (independent evaluations). A metric is
//   changed       when the interval excludes 0 AND |diff| ≥ the minimum effect;
//   unchanged     when the whole interval lies within ±minimum effect;
//   inconclusive  otherwise (too noisy to tell either way).
// The minimum effect is 1 point of accuracy (0.01) for values on a 0–1 scale: below that, a
// "significant" change on a large eval set is real but too small to act on, and the harness's own
// run-to-run variation (prompt formatting, batch effects) is of that order. Off the 0–1 scale (an
// LLM judge out of 100, a perplexity) it is 1% of the larger magnitude, the same idea in relative
// terms. Without a stderr, a share in [0, 1] with an n on both sides gets Newcombe's interval for a
// difference of proportions; otherwise only identical values verify anything.

import { newcombeInterval, zForLevel } from '../../stats/proportion';
import { listJoin } from '../../display/text';
import type { ScoreDiff, ScoreMetric, ScoresComparison, ScoreSet, ScoreVerdict } from '../../model/quality';
import { bound, onUnitScale, scoreDiff, scoreValue } from '../../display/quality-numbers';

export const LEVEL = 0.95;
/** 1 point of accuracy on a 0–1 scale; 1% relative elsewhere. */
export const MIN_EFFECT = 0.01;

export function minimumEffect(base: number, head: number): number {
  return onUnitScale(base, head) ? MIN_EFFECT : MIN_EFFECT * Math.max(Math.abs(base), Math.abs(head));
}

export function compareScores(base: ScoreSet[], head: ScoreSet[]): { comparison: ScoresComparison; notes: string[] } {
  const notes: string[] = [];
  const b = merge(base, 'base', notes);
  const h = merge(head, 'head', notes);
  const metrics = [...b.keys()].filter((k) => h.has(k)).map((k) => diffOf(b.get(k)!, h.get(k)!));
  const counts: Record<ScoreVerdict, number> = { changed: 0, unchanged: 0, inconclusive: 0 };
  for (const m of metrics) counts[m.verdict]++;
  const verdict: ScoreVerdict =
    counts.changed > 0
      ? 'changed'
      : metrics.length > 0 && counts.unchanged === metrics.length
        ? 'unchanged'
        : 'inconclusive';
  const tested = metrics.filter((m) => m.interval).length;
  if (tested >= 20)
    notes.push(
      `${tested} metrics were each tested at 95%: even with nothing changed, about 1 in 20 may fall outside its interval by chance; a lone change among many deserves a rerun`,
    );
  const comparison: ScoresComparison = {
    metrics,
    onlyBase: [...b.keys()].filter((k) => !h.has(k)),
    onlyHead: [...h.keys()].filter((k) => !b.has(k)),
    counts,
    verdict,
    sentence: '',
  };
  comparison.sentence = scoresSentence(comparison);
  return { comparison, notes };
}

/** One side's metrics by key; a key in two files keeps the later one, with a note. */
function merge(sets: ScoreSet[], side: string, notes: string[]): Map<string, ScoreMetric> {
  const out = new Map<string, ScoreMetric>();
  for (const set of sets) {
    for (const m of set.metrics) {
      if (out.has(m.key))
        notes.push(`${side}: ${m.key} appears in more than one file; the value from ${set.file} is used`);
      out.set(m.key, m);
    }
  }
  return out;
}

export function diffOf(b: ScoreMetric, h: ScoreMetric): ScoreDiff {
  const diff = h.value - b.value;
  const minEffect = minimumEffect(b.value, h.value);
  const unit = onUnitScale(b.value, h.value);
  const z = zForLevel(LEVEL);
  const better = b.higherIsBetter ?? h.higherIsBetter;
  const common = {
    key: b.key,
    base: b.value,
    head: h.value,
    diff,
    ...(b.stderr !== undefined ? { baseStderr: b.stderr } : {}),
    ...(h.stderr !== undefined ? { headStderr: h.stderr } : {}),
    minEffect,
    ...(better !== undefined && diff !== 0
      ? { direction: diff > 0 === better ? ('better' as const) : ('worse' as const) }
      : {}),
  };

  let interval: [number, number] | undefined;
  let method: ScoreDiff['method'] = 'none';
  if (b.stderr !== undefined && h.stderr !== undefined) {
    const half = z * Math.sqrt(b.stderr ** 2 + h.stderr ** 2);
    interval = [diff - half, diff + half];
    method = 'normal';
  } else if (unit && b.n !== undefined && h.n !== undefined) {
    interval = newcombeInterval(h.value * h.n, h.n, b.value * b.n, b.n, z);
    method = 'newcombe';
  }
  if (!interval) {
    const missing = listJoin(
      [b.stderr === undefined ? 'base' : '', h.stderr === undefined ? 'head' : ''].filter(Boolean),
    );
    if (diff === 0)
      return { ...common, method, verdict: 'unchanged', reason: `identical values (no stderr on ${missing})` };
    return {
      ...common,
      method,
      verdict: 'inconclusive',
      reason: `no stderr on ${missing}: a difference of ${scoreDiff(diff, unit)} cannot be told from noise`,
    };
  }

  const [lo, hi] = interval;
  const span = `95% interval ${bound(lo, unit)} to ${bound(hi, unit)}${unit ? ' points' : ''}`;
  const margin = unit ? '±1 point' : `±${scoreValue(minEffect, false)} (1%)`;
  if ((lo > 0 || hi < 0) && Math.abs(diff) >= minEffect)
    return {
      ...common,
      interval,
      method,
      verdict: 'changed',
      reason: `${span} excludes 0 and the change is at least ${margin.slice(1)}`,
    };
  if (lo >= -minEffect && hi <= minEffect)
    return { ...common, interval, method, verdict: 'unchanged', reason: `${span} lies within ${margin}` };
  return {
    ...common,
    interval,
    method,
    verdict: 'inconclusive',
    reason: `${span} is neither clear of 0 by ${margin.slice(1)} nor within ${margin}`,
  };
}

function scoresSentence(c: ScoresComparison): string {
  const total = c.metrics.length;
  if (total === 0) {
    const sides = [
      c.onlyBase.length ? `${c.onlyBase.length} only in base` : '',
      c.onlyHead.length ? `${c.onlyHead.length} only in head` : '',
    ].filter(Boolean);
    return `unverified: no score metric on both sides${sides.length ? ` (${listJoin(sides)})` : ''}`;
  }
  if (c.verdict === 'changed') {
    const changed = c.metrics.filter((m) => m.verdict === 'changed');
    const shown = changed.slice(0, 2).map(describeChange);
    const more = changed.length > 2 ? ` and ${changed.length - 2} more` : '';
    return `CHANGED: ${changed.length} of ${total} metrics differ: ${shown.join('; ')}${more}; compare them before accepting`;
  }
  if (c.verdict === 'unchanged') {
    const offScale = c.metrics.some((m) => !onUnitScale(m.base, m.head));
    return `unchanged (verified: ${total} metric${total === 1 ? '' : 's'}, 95% intervals within ±1 point${offScale ? ', ±1% off the 0–1 scale' : ''})`;
  }
  const first = c.metrics.find((m) => m.verdict === 'inconclusive')!;
  return `unverified: ${c.counts.inconclusive} of ${total} metrics inconclusive (${first.key}: ${first.reason})`;
}

function describeChange(m: ScoreDiff): string {
  const unit = onUnitScale(m.base, m.head);
  const ci = m.interval ? `, 95% CI ${bound(m.interval[0], unit)} to ${bound(m.interval[1], unit)}` : '';
  return `${m.key} ${scoreValue(m.base, unit)} → ${scoreValue(m.head, unit)} (${scoreDiff(m.diff, unit)}${m.direction ? `, ${m.direction}` : ''}${ci})`;
}
