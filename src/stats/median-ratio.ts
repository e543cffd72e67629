// The interval of a step between two stretches of journal entries: the ratio of their medians,
// bootstrapped by resampling each stretch (the entries of a stretch are separate runs, so independent
// draws are right). Percentile interval; seeded, so an alert says the same numbers on every re-run.

import { quantile } from './quantile';
import { createRng } from './rng';

export function medianRatioInterval(
  before: readonly number[],
  after: readonly number[],
  options: { level: number; resamples?: number; seed?: number },
): [number, number] {
  const resamples = options.resamples ?? 2000;
  const rng = createRng(options.seed ?? 1);
  const draw = (values: readonly number[]) => {
    const sample = new Array<number>(values.length);
    for (let i = 0; i < values.length; i++) sample[i] = values[rng.int(values.length)];
    return quantile(sample, 0.5);
  };
  const ratios: number[] = [];
  for (let r = 0; r < resamples; r++) {
    const b = draw(before);
    if (b > 0) ratios.push(draw(after) / b - 1);
  }
  ratios.sort((x, y) => x - y);
  const tail = (1 - options.level) / 2;
  return [quantile(ratios, tail), quantile(ratios, 1 - tail)];
}
