// Inputs parsed once into a typed config. The action and the CLI both build a RawConfig from their
// own surfaces (action inputs, flags) and call buildConfig; nothing downstream reads raw strings.

import { makeSpec, MEAN, parseMetricSpec, percentile, type MetricSpec, type Stat } from '../metrics/metric-spec';
import { METRICS } from '../metrics/catalog';
import { parseSlo, SloSyntaxError, type Slo } from './slo';
import { parseEffortOverrides } from './effort';
import { parseFloorSettings, type FloorSettings } from './floor';
import { parseCostSpec, type CostSpec } from './cost-spec';
import type { HintId } from './hints';
import { ConfigError } from './errors';

export type FailOn = 'regression' | 'slo' | 'inconclusive' | 'quality';
const FAIL_ON_VALUES: readonly FailOn[] = ['regression', 'slo', 'inconclusive', 'quality'];

export interface StatisticsConfig {
  /** Confidence level of the intervals shown (0.95). */
  level: number;
  /** False-alarm rate across all metrics of a comparison (Benjamini–Hochberg; family-wise when nothing changed). */
  alpha: number;
  resamples: number;
  seed: number;
  /** Minimum relative effect worth a verdict, by metric key ("ttft.p95") — overrides the defaults. */
  minEffect: Readonly<Record<string, number>>;
  /** Between-run noise (relative σ per side) allowed when a side has fewer than 3 runs, by metric key. */
  runNoise: Readonly<Record<string, number>>;
  /**
   * From a calibration on the team's runner (src/compare/calibrate.ts): the factor (≤ 1) by which a
   * side's within-run bootstrap spread is narrowed where the runner's measured spread between whole
   * runs is smaller than what the bootstrap assumes, by metric key. Sides with 3+ runs are not scaled.
   */
  bootstrapScale?: Readonly<Record<string, number>>;
}

export interface RequestedMetric {
  spec: MetricSpec;
  /** `default` metrics are skipped quietly when the data lacks them; named ones become inconclusive. */
  origin: 'default' | 'named' | 'slo';
}

export interface TriageConfig {
  metrics: RequestedMetric[];
  slos: Slo[];
  failOn: ReadonlySet<FailOn>;
  statistics: StatisticsConfig;
  /** Overrides the benchmark name found in the artifacts. */
  benchmark?: string;
  /** Share of bad lines in a file above which ingestion fails instead of skipping them. */
  maxBadLineRatio: number;
  /** Effort per hint class, replacing the defaults in the §7 ranking (the `effort` input). */
  effort: Partial<Record<HintId, string>>;
  /** What the decode bandwidth floor needs beyond the data (the `decode-floor` input). */
  decodeFloor: FloorSettings;
  /** Hardware price for the cost metrics (the `cost` input; the baseline's own with `cost-baseline`). */
  cost?: CostSpec | { base: CostSpec; head: CostSpec };
  /**
   * Judge metrics even when the sides ran at different loads (request rate, concurrency): off by
   * default, since a different operating point is not a regression of the code (compare-across-load).
   */
  compareAcrossLoad: boolean;
}

/** Raw values as they come from action inputs or CLI flags. */
export interface RawConfig {
  effort?: readonly string[];
  cost?: string;
  costBaseline?: string;
  decodeFloor?: readonly string[];
  metrics?: readonly string[];
  slos?: readonly string[];
  failOn?: string;
  confidence?: string;
  resamples?: string;
  seed?: string;
  minEffect?: readonly string[];
  runNoise?: readonly string[];
  benchmark?: string;
  maxBadLineRatio?: string;
  /** "true" / "false" (action input), or a flag's boolean. */
  compareAcrossLoad?: string | boolean;
}

export { ConfigError } from './errors';

export const DEFAULT_METRICS: readonly MetricSpec[] = [
  makeSpec(METRICS.ttft, percentile(50)),
  makeSpec(METRICS.ttft, percentile(95)),
  makeSpec(METRICS.ttft_client, percentile(95)),
  makeSpec(METRICS.itl, percentile(50)),
  makeSpec(METRICS.itl, percentile(99)),
  makeSpec(METRICS.e2e, percentile(50)),
  makeSpec(METRICS.e2e, percentile(95)),
  makeSpec(METRICS.throughput, MEAN),
];

/** The engine's defaults for a blank input, shared by the action and the CLI (src/config/action-inputs.ts words them for action.yml). */
export const DEFAULT_FAIL_ON = 'regression,slo';
export const DEFAULT_MAX_BAD_LINE_RATIO = 0.05;

export const DEFAULT_STATISTICS: StatisticsConfig = {
  level: 0.95,
  alpha: 0.05,
  resamples: 2000,
  seed: 1,
  minEffect: {},
  runNoise: {},
};

/**
 * Default minimum effect: run-to-run noise on shared runners is a few percent at the median and
 * grows in the tail, where a handful of requests set the value.
 */
export function defaultMinEffect(spec: MetricSpec): number {
  return minEffectForStat(spec.stat, spec.metric.level);
}

function minEffectForStat(stat: Stat, level: 'request' | 'run'): number {
  if (level === 'run' || stat.kind === 'mean') return 0.05;
  if (stat.q <= 0.5) return 0.05;
  if (stat.q < 0.999) return 0.1;
  return 0.2;
}

export function minEffectFor(config: TriageConfig, spec: MetricSpec): number {
  return config.statistics.minEffect[spec.key] ?? defaultMinEffect(spec);
}

/**
 * Default between-run noise: how much a whole run's statistic moves when the same build is run
 * again (another runner, another arrival pattern), as a relative σ per side. One run per side
 * cannot measure it, and leaving it out makes intervals too narrow (measured on simulated A/A
 * pairs: 2–3% at the median, up to 6% for ITL p99, beyond what resampling within a run shows).
 * Repeated runs (3 or more per side) replace it with the measured spread; a journal's noise band
 * or the run-noise input overrides it.
 */
export function defaultRunNoise(spec: MetricSpec): number {
  if (spec.metric.level === 'run' || spec.stat.kind === 'mean' || spec.stat.q <= 0.5) return 0.025;
  if (spec.stat.q < 0.999) return 0.05;
  return 0.08;
}

export function runNoiseFor(config: TriageConfig, spec: MetricSpec): number {
  return config.statistics.runNoise[spec.key] ?? defaultRunNoise(spec);
}

export function buildConfig(raw: RawConfig): TriageConfig {
  const slos = (raw.slos ?? [])
    .filter((s) => s.trim())
    .map((text) => {
      try {
        return parseSlo(text);
      } catch (error) {
        if (error instanceof SloSyntaxError) throw new ConfigError('slo', error.message);
        throw error;
      }
    });

  const named = (raw.metrics ?? []).filter((m) => m.trim());
  const metrics: RequestedMetric[] = [];
  const seen = new Set<string>();
  const add = (spec: MetricSpec, origin: RequestedMetric['origin']) => {
    if (seen.has(spec.key)) return;
    seen.add(spec.key);
    metrics.push({ spec, origin });
  };
  for (const slo of slos) add(slo.spec, 'slo');
  for (const text of named) {
    const spec = parseMetricSpec(text);
    if (typeof spec === 'string') throw new ConfigError('metrics', `"${text}": ${spec}`);
    add(spec, 'named');
  }
  if (named.length === 0) for (const spec of DEFAULT_METRICS) add(spec, 'default');
  metrics.sort((a, b) => metricOrder(a.spec) - metricOrder(b.spec));

  return {
    metrics,
    slos,
    failOn: parseFailOn(raw.failOn),
    statistics: {
      level: parseNumberInput(
        'confidence',
        raw.confidence,
        DEFAULT_STATISTICS.level,
        (v) => v > 0.5 && v < 1,
        'a number between 0.5 and 1, such as 0.95',
      ),
      alpha: DEFAULT_STATISTICS.alpha,
      resamples: Math.round(
        parseNumberInput(
          'resamples',
          raw.resamples,
          DEFAULT_STATISTICS.resamples,
          (v) => Number.isInteger(v) && v >= 200 && v <= 100_000,
          'a whole number from 200 to 100000',
        ),
      ),
      seed: Math.round(
        parseNumberInput(
          'seed',
          raw.seed,
          DEFAULT_STATISTICS.seed,
          (v) => Number.isInteger(v) && v >= 0,
          'a whole number ≥ 0',
        ),
      ),
      minEffect: parseShares('min-effect', raw.minEffect ?? []),
      runNoise: parseShares('run-noise', raw.runNoise ?? []),
    },
    benchmark: raw.benchmark?.trim() || undefined,
    maxBadLineRatio: parseNumberInput(
      'max-bad-line-ratio',
      raw.maxBadLineRatio,
      DEFAULT_MAX_BAD_LINE_RATIO,
      (v) => v >= 0 && v <= 1,
      'a share between 0 and 1, such as 0.05',
    ),
    effort: parseEffortOverrides(raw.effort ?? []),
    decodeFloor: parseFloorSettings(raw.decodeFloor ?? []),
    ...costOf(raw),
    compareAcrossLoad: parseBoolean('compare-across-load', raw.compareAcrossLoad),
  };
}

function parseBoolean(name: string, value: string | boolean | undefined): boolean {
  if (typeof value === 'boolean') return value;
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === 'no' || text === '0') return false;
  if (text === 'true' || text === 'yes' || text === '1') return true;
  throw new ConfigError(name, `"${value}" is not true or false`);
}

function costOf(raw: RawConfig): { cost?: TriageConfig['cost'] } {
  const parse = (input: string, text: string | undefined) => {
    if (!text?.trim()) return undefined;
    const spec = parseCostSpec(text);
    if (!spec.ok) throw new ConfigError(input, spec.error);
    return spec.value;
  };
  const head = parse('cost', raw.cost);
  const base = parse('cost-baseline', raw.costBaseline);
  if (base && !head) throw new ConfigError('cost-baseline', "needs the cost input too (the head's price)");
  if (!head) return {};
  return { cost: base ? { base, head } : head };
}

/**
 * Report order: by metric as the catalog lists them (metrics outside it last), then by statistic
 * (mean first, then percentiles).
 */
export function metricOrder(spec: MetricSpec): number {
  const index = Object.keys(METRICS).indexOf(spec.metric.id);
  const metricIndex = index < 0 ? Object.keys(METRICS).length : index;
  const statIndex = spec.stat.kind === 'mean' ? 0 : spec.stat.q;
  return metricIndex * 10 + statIndex;
}

function parseFailOn(text: string | undefined): ReadonlySet<FailOn> {
  // Blank means the default, as for every other input: an empty `--fail-on "$VAR"` must not turn the gate off.
  const value = (text?.trim() ? text : DEFAULT_FAIL_ON).trim().toLowerCase();
  if (value === 'never' || value === 'none') return new Set();
  const parts = value.split(/[\s,]+/).filter(Boolean);
  const out = new Set<FailOn>();
  for (const part of parts) {
    if (!(FAIL_ON_VALUES as readonly string[]).includes(part)) {
      throw new ConfigError(
        'fail-on',
        `"${part}" is not allowed: use a comma-separated list of ${FAIL_ON_VALUES.join(', ')}, or "never"`,
      );
    }
    out.add(part as FailOn);
  }
  return out;
}

function parseNumberInput(
  name: string,
  text: string | undefined,
  fallback: number,
  valid: (v: number) => boolean,
  expected: string,
): number {
  if (text === undefined || text.trim() === '') return fallback;
  const value = Number(text.trim());
  if (!Number.isFinite(value) || !valid(value)) throw new ConfigError(name, `"${text}" is not ${expected}`);
  return value;
}

/** Per-metric shares: "ttft p95=15%" or "itl.p99 = 0.08". */
function parseShares(input: string, lines: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const line of lines) {
    if (!line.trim()) continue;
    const match = /^(.+?)\s*=\s*([0-9.]+)\s*(%?)$/.exec(line.trim());
    if (!match) throw new ConfigError(input, `"${line}" is not of the form "ttft p95=10%"`);
    const spec = parseMetricSpec(match[1]);
    if (typeof spec === 'string') throw new ConfigError(input, `"${line}": ${spec}`);
    const value = Number(match[2]) / (match[3] ? 100 : 1);
    if (!(value >= 0 && value < 10)) throw new ConfigError(input, `"${line}": expected a share such as 10% or 0.1`);
    out[spec.key] = value;
  }
  return out;
}
