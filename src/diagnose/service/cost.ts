// What the measured throughput costs: price per GPU-hour × GPUs spread over the tokens (or requests)
// served in that hour. Throughput comes in as numbers, already measured: the comparison computes
// it with its interval, and this module should not measure it a second, possibly different, way.
// measuredRates is there for callers that have only the tables; it reads the same series.

import { METRICS } from '../../metrics/catalog';
import { MEAN, makeSpec } from '../../metrics/metric-spec';
import { metricSeries } from '../../metrics/values';
import type { RequestTable } from '../../model/run';
import { money, type CostSpec } from '../../config/cost-spec';

export interface SideRates {
  /** Output tokens per second over the run (the catalog's throughput). */
  outputTokensPerSecond?: number;
  /** Successful requests per second (the catalog's request_throughput). */
  requestsPerSecond?: number;
}

export interface SideCost {
  /** price per GPU-hour × GPUs. */
  perHour: number;
  gpus: number;
  outputTokensPerSecond?: number;
  requestsPerSecond?: number;
  perMillionOutputTokens?: number;
  perThousandRequests?: number;
}

export interface CostComparison {
  ok: true;
  currency?: string;
  base: SideCost;
  head: SideCost;
  /** head / base cost per million output tokens (1.25: 25% dearer per token). */
  tokenCostRatio?: number;
  requestCostRatio?: number;
  /** "$1.85 → $2.31 per million output tokens (×1.25); $0.93 → $1.16 per 1k requests (×1.25)". */
  summary: string;
  /** Costs that could not be computed, with why. */
  missing: string[];
}

export type CostResult = CostComparison | { ok: false; reason: string };

const SECONDS_PER_HOUR = 3600;

/** Cost per million output tokens and per thousand requests of one side. */
export function sideCost(spec: CostSpec, rates: SideRates): SideCost {
  const perHour = spec.pricePerGpuHour * spec.gpus;
  const tokens = rates.outputTokensPerSecond;
  const requests = rates.requestsPerSecond;
  return {
    perHour,
    gpus: spec.gpus,
    ...(tokens !== undefined ? { outputTokensPerSecond: tokens } : {}),
    ...(requests !== undefined ? { requestsPerSecond: requests } : {}),
    ...(tokens !== undefined && tokens > 0
      ? { perMillionOutputTokens: (perHour / (tokens * SECONDS_PER_HOUR)) * 1e6 }
      : {}),
    ...(requests !== undefined && requests > 0
      ? { perThousandRequests: (perHour / (requests * SECONDS_PER_HOUR)) * 1e3 }
      : {}),
  };
}

/**
 * Both sides' costs and head / base. The head may run on other hardware (a tensor-parallel change
 * halves the GPUs), so it can have its own spec; by default both sides pay the same.
 */
export function compareCost(
  spec: CostSpec | { base: CostSpec; head: CostSpec },
  base: SideRates,
  head: SideRates,
): CostResult {
  const specs = 'base' in spec ? spec : { base: spec, head: spec };
  const currency = specs.base.currency ?? specs.head.currency;
  if (specs.base.currency && specs.head.currency && specs.base.currency !== specs.head.currency) {
    return {
      ok: false,
      reason: `the sides are priced in different currencies (${specs.base.currency}, ${specs.head.currency})`,
    };
  }
  const b = sideCost(specs.base, base);
  const h = sideCost(specs.head, head);
  const missing: string[] = [];
  const parts: string[] = [];
  const pair = (
    what: string,
    field: 'perMillionOutputTokens' | 'perThousandRequests',
    rate: string,
  ): number | undefined => {
    const x = b[field];
    const y = h[field];
    if (x === undefined || y === undefined) {
      missing.push(
        `${what}: no ${rate} on the ${[x === undefined ? 'base' : '', y === undefined ? 'head' : ''].filter(Boolean).join(' or ')}`,
      );
      return undefined;
    }
    const ratio = y / x;
    parts.push(`${money(x, currency)} → ${money(y, currency)} ${what} (×${ratio.toFixed(2)})`);
    return ratio;
  };
  const tokenCostRatio = pair('per million output tokens', 'perMillionOutputTokens', 'output-token throughput');
  const requestCostRatio = pair('per 1k requests', 'perThousandRequests', 'request throughput');
  if (parts.length === 0) return { ok: false, reason: `no throughput to spread the cost over (${missing.join('; ')})` };
  return {
    ok: true,
    ...(currency ? { currency } : {}),
    base: b,
    head: h,
    ...(tokenCostRatio !== undefined ? { tokenCostRatio } : {}),
    ...(requestCostRatio !== undefined ? { requestCostRatio } : {}),
    summary: parts.join('; '),
    missing,
  };
}

const THROUGHPUT = makeSpec(METRICS.throughput, MEAN);
const REQUEST_RATE = makeSpec(METRICS.request_throughput, MEAN);

/** The side's rates: those already measured (`known`), the rest read from the tables. */
export function measuredRates(tables: readonly RequestTable[], known: SideRates = {}): SideRates {
  // A rate over the side's runs pooled (Σ work / Σ window time of rateSeries), as the comparison's point estimate.
  const rate = (spec: typeof THROUGHPUT): number | undefined => {
    let work = 0;
    let seconds = 0;
    for (const t of tables) {
      const s = metricSeries(t, spec);
      if (!s.ok || !s.value.denominators) return undefined;
      const { values, denominators } = s.value;
      for (let i = 0; i < values.length; i++) {
        work += values[i];
        seconds += denominators[i];
      }
    }
    return seconds > 0 ? work / seconds : undefined;
  };
  const tokens = known.outputTokensPerSecond ?? rate(THROUGHPUT);
  const requests = known.requestsPerSecond ?? rate(REQUEST_RATE);
  return {
    ...(tokens !== undefined ? { outputTokensPerSecond: tokens } : {}),
    ...(requests !== undefined ? { requestsPerSecond: requests } : {}),
  };
}
