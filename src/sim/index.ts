// The serving simulator's public surface: scenarios in, §4 telemetry (records or JSONL) out.

export type {
  EngineConfig,
  InjectedChange,
  InjectedRegression,
  NativeRecord,
  RegressionMetric,
  RegressionPhase,
  RegressionStat,
  Scenario,
  SimMetadata,
} from './scenario';
export { simulate, simulateToJsonl } from './simulate';
export { baseScenario, demoPair, injectedChanges, injectedRegressions } from './scenarios';
export { SIM_EPOCH_S } from './records';
export { buildMetadata as scenarioMetadata } from './metadata';
export { toPrometheus, toVllmResult } from './exports';
