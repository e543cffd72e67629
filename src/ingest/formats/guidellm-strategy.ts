// A GuideLLM benchmark's scheduling strategy as a label and the load settings a comparison matches
// on. Strategy objects (0.2+, scheduler/strategies.py) carry "type_" with: synchronous;
// concurrent {streams}; throughput {max_concurrency?}; constant and poisson {rate (req/s),
// max_concurrency?}. GuideLLM prints them as "synchronous", "concurrent@8", "throughput",
// "constant@4.00", "poisson@4.00"; the same labels name the runs here. 0.1 benchmarks have a
// "mode" (synchronous, asynchronous, throughput) and a "rate" instead.

import type { ConfigValue, WorkloadInfo } from '../../model/run';
import { asObject, own } from './document';
import { finiteNumber } from './values';

export interface StrategyInfo {
  /** "constant@4.00"; undefined when the benchmark names no strategy. */
  label?: string;
  config: Record<string, ConfigValue>;
  workload: Pick<WorkloadInfo, 'concurrency' | 'requestRate'>;
}

const RATE_TYPES = new Set(['constant', 'poisson']);

export function describeStrategy(value: unknown): StrategyInfo {
  const strategy = asObject(value);
  const type = own(strategy, 'type_');
  if (typeof type !== 'string' || type.trim() === '') return { config: {}, workload: {} };
  const name = type.trim().slice(0, 40);
  const rate = positive(own(strategy, 'rate'));
  const streams = positive(own(strategy, 'streams'));
  const maxConcurrency = positive(own(strategy, 'max_concurrency'));
  const info: StrategyInfo = { label: name, config: { strategy: name }, workload: {} };

  if (name === 'synchronous') {
    // One request at a time, the next sent when the last completes.
    info.config.max_concurrency = 1;
    info.workload.concurrency = 1;
  } else if (name === 'concurrent' && streams !== undefined) {
    info.label = `concurrent@${streams}`;
    info.config.max_concurrency = streams;
    info.workload.concurrency = streams;
  } else if (name === 'throughput') {
    // As fast as the backend takes them: vLLM calls that request rate "inf".
    info.config.request_rate = 'inf';
    info.workload.requestRate = Infinity;
  } else if (RATE_TYPES.has(name) && rate !== undefined) {
    info.label = `${name}@${rate.toFixed(2)}`;
    info.config.request_rate = rate;
    info.workload.requestRate = rate;
  }
  if (maxConcurrency !== undefined && name !== 'synchronous' && name !== 'concurrent') {
    info.config.max_concurrency = maxConcurrency;
    info.workload.concurrency = maxConcurrency;
  }
  return info;
}

/** 0.1 (guidellm/core/result.py TextGenerationBenchmark): "mode" and an optional "rate" in req/s. */
export function describeLegacyMode(mode: unknown, rateValue: unknown): StrategyInfo {
  if (typeof mode !== 'string' || mode.trim() === '') return { config: {}, workload: {} };
  const name = mode.trim().slice(0, 40);
  const rate = positive(rateValue);
  const info: StrategyInfo = {
    label: rate !== undefined ? `${name}@${rate.toFixed(2)}` : name,
    config: { strategy: name },
    workload: {},
  };
  if (name === 'synchronous') {
    info.config.max_concurrency = 1;
    info.workload.concurrency = 1;
  } else if (name === 'throughput') {
    info.config.request_rate = 'inf';
    info.workload.requestRate = Infinity;
  }
  if (rate !== undefined && name !== 'synchronous') {
    info.config.request_rate = rate;
    info.workload.requestRate = rate;
  }
  return info;
}

function positive(value: unknown): number | undefined {
  const n = finiteNumber(value);
  return n !== undefined && !Number.isNaN(n) && n > 0 ? n : undefined;
}
