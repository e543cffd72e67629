// lm-evaluation-harness results (lm_eval --output_path writes results_<timestamp>.json):
//   {"results": {task: {"acc,none": 0.71, "acc_stderr,none": 0.0045, "alias": …}, …},
//    "n-samples": {task: {"original": N, "effective": n}}, "higher_is_better": {task: {metric: bool}},
//    "versions", "n-shot", "config", …}
// Before 0.4 the keys had no filter suffix ("acc", "acc_stderr"). ",none" is the default filter, so
// it is dropped from the key: "hellaswag/acc" then pairs across versions. Other filters stay
// ("gsm8k/exact_match,strict-match"). A stderr of "N/A" (lm-eval writes it when it computes none)
// leaves the metric without one.

import { InputError } from '../errors';
import { asObject, own } from '../formats/document';
import { LM_EVAL_NON_METRICS } from './fields';
import type { ScoreMetric, ScoreSet } from '../../model/quality';

const FORMAT = 'lm-eval results';
const STDERR_KEY = /^(.*)_stderr(,.*)?$/;

export function lmEvalScores(doc: unknown, file: string): ScoreSet {
  const results = asObject(own(asObject(doc), 'results'));
  if (!results) throw new InputError(file, `${FORMAT}: no "results" object`, undefined, 'results');
  const higher = asObject(own(asObject(doc), 'higher_is_better'));
  const sampleCounts = asObject(own(asObject(doc), 'n-samples'));
  const metrics: ScoreMetric[] = [];
  let stderrNotNumbers = 0;
  let valuesNotNumbers = 0;

  for (const task of Object.keys(results)) {
    const row = asObject(results[task]);
    if (!row) continue;
    const values = new Map<string, number>();
    const stderrs = new Map<string, number>();
    for (const key of Object.keys(row)) {
      if (LM_EVAL_NON_METRICS.has(key)) continue;
      const value = row[key];
      const stderr = STDERR_KEY.exec(key);
      if (stderr) {
        if (isFiniteNumber(value) && value >= 0) stderrs.set(metricName(stderr[1] + (stderr[2] ?? '')), value);
        else stderrNotNumbers++;
      } else if (isFiniteNumber(value)) values.set(metricName(key), value);
      else if (typeof value !== 'string' || key.includes(',')) valuesNotNumbers++; // other strings are labels
    }
    const samples = sampleCount(asObject(own(sampleCounts, task)));
    const direction = asObject(own(higher, task));
    for (const [name, value] of values) {
      const better = own(direction, name.split(',')[0]);
      metrics.push({
        key: `${task}/${name}`,
        value,
        ...(stderrs.has(name) ? { stderr: stderrs.get(name)! } : {}),
        ...(samples !== undefined ? { samples } : {}),
        ...(typeof better === 'boolean' ? { higherIsBetter: better } : {}),
      });
    }
  }
  if (metrics.length === 0)
    throw new InputError(file, `${FORMAT}: "results" holds no numeric metric`, undefined, 'results');

  const notes: string[] = [];
  if (stderrNotNumbers)
    notes.push(
      `${stderrNotNumbers} stderr value(s) are not numbers ("N/A" when lm-eval computed none); those metrics have no interval`,
    );
  if (valuesNotNumbers) notes.push(`${valuesNotNumbers} result value(s) are neither numbers nor labels; left out`);
  return { kind: 'scores', format: 'lm-eval', file, metrics, notes };
}

/** "acc,none" → "acc": the default filter is left out so keys match the pre-0.4 "acc". */
function metricName(key: string): string {
  return key.endsWith(',none') ? key.slice(0, -',none'.length) : key;
}

function sampleCount(counts: Record<string, unknown> | undefined): number | undefined {
  const n = own(counts, 'effective') ?? own(counts, 'original');
  return isFiniteNumber(n) && n > 0 ? n : undefined;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}
