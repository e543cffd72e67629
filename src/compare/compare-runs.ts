// Two sides compared as a pull request's comparison would compare them — load analysed first (warm-up
// left out, both sides overloaded) — without the diagnosis: for calibration's A/A pairs and bisect's
// points, where only the verdicts are wanted.

import type { TriageConfig } from '../config/config';
import type { Side } from '../model/run';
import { compareSides, type ComparisonResult } from './compare';
import { analyseLoad, steadyStarts } from './load';

export function compareRunSides(base: Side, head: Side, config: TriageConfig): ComparisonResult {
  const load = analyseLoad(base, head);
  return compareSides(base, head, config, {
    bothOverloaded: load.base.overloaded && load.head.overloaded,
    steady: steadyStarts(load, base, head),
  });
}
