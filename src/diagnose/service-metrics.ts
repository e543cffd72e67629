// Service metrics of a comparison, base vs head: goodput under the per-request SLOs, cost per
// million output tokens and per 1k requests, and capacity headroom (running batch vs its cap, KV
// cache). Pure: sides and settings in, plain data (numbers and strings, ready for JSON and
// markdown) out. The pieces live in ./service/; this module puts them together.

import type { Slo } from '../config/slo';
import type { Side } from '../model/run';
import { sideTables } from '../model/pool';
import { compareCost, measuredRates, type CostResult, type SideRates } from './service/cost';
import type { CostSpec } from '../config/cost-spec';
import { compareGoodput, type GoodputOptions, type GoodputResult } from './service/goodput';
import { sideHeadroom, type SideHeadroom } from './service/headroom';

export { compareGoodput, goodputVerdict, sideGoodput, points, GOODPUT_MIN_EFFECT } from './service/goodput';
export type { GoodputComparison, GoodputOptions, GoodputResult, SideGoodput, CriterionShare } from './service/goodput';
export { goodputCriteria, requestValues } from './service/criteria';
export type { Criterion, ExcludedSlo } from './service/criteria';
export { compareCost, measuredRates, sideCost } from './service/cost';
export type { CostComparison, CostResult, SideCost, SideRates } from './service/cost';
export { formatCostSpec, money, parseCostSpec } from '../config/cost-spec';
export type { CostSpec } from '../config/cost-spec';
export { sideHeadroom } from './service/headroom';
export type { RunningBatch, SideHeadroom } from './service/headroom';
export { effectiveCount, newcombeInterval, normalQuantile, wilsonInterval, zForLevel } from '../stats/proportion';

export interface ServiceMetricsOptions extends GoodputOptions {
  slos: readonly Slo[];
  /** Hardware price; the head may have its own (other GPU count). No cost section without it. */
  cost?: CostSpec | { base: CostSpec; head: CostSpec };
  /** Throughput already measured by the comparison; read from the tables when absent. */
  rates?: { base: SideRates; head: SideRates };
}

export interface ServiceMetrics {
  goodput: GoodputResult;
  cost: CostResult;
  headroom: { base: SideHeadroom; head: SideHeadroom };
}

export function serviceMetrics(base: Side, head: Side, options: ServiceMetricsOptions): ServiceMetrics {
  const baseTables = sideTables(base);
  const headTables = sideTables(head);
  const goodput = compareGoodput(baseTables, headTables, options.slos, options);
  // Rates only for a price; the comparison's own numbers where it has them, the tables' for the rest.
  const cost: CostResult = options.cost
    ? compareCost(
        options.cost,
        measuredRates(baseTables, options.rates?.base),
        measuredRates(headTables, options.rates?.head),
      )
    : { ok: false, reason: 'no hardware price given (e.g. "$2.50/gpu-hour x 8")' };
  return { goodput, cost, headroom: { base: sideHeadroom(base.runs), head: sideHeadroom(head.runs) } };
}
