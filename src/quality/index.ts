// Output quality next to performance (§9 "not measuring quality alongside performance"; §8 QUALITY):
// lm-eval results, perf-triage scores and paired generations, read from TextSources and compared
// base vs head. Pure: no file system, environment or Actions toolkit.

export type {
  GenerationEntry,
  GenerationFingerprint,
  GenerationsComparison,
  GenerationSet,
  QualityCaveat,
  QualityComparison,
  QualityFormat,
  QualityInput,
  SamplingSeen,
  ScoreDiff,
  ScoreMetric,
  ScoresComparison,
  ScoreSet,
  ScoreVerdict,
} from './types';
export { FAILED } from './types';
export { detectQuality } from './detect';
export { readQuality } from './read';
export { readGenerations, MAX_BAD_SHARE } from './generations';
export { lmEvalScores } from './lm-eval';
export { scoresFromJson } from './scores-json';
export { compareQuality, qualityLine, caveat } from './compare';
export { compareScores, diffOf, minimumEffect, MIN_EFFECT, LEVEL } from './compare-scores';
export { compareGenerations } from './compare-generations';
