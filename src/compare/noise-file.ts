// The noise file a calibration writes into the journal directory (`noise/<benchmark>.json`, schema
// perf-triage/noise@1): per metric, the spread between repeated runs of one build on the team's
// runner, the spread the bootstrap sees within a run, and the allowance and scale later comparisons
// use (src/compare/noise-settings.ts). Checked before use: a hand-edited file gives an error naming
// the file and the field, never a silently wrong interval.

import { InputError } from '../ingest/errors';
import type { Calibration, PairTally } from './calibrate';
import { commonKey, compatibleKeys, type WorkloadKey } from '../model/workload-key';
import type { Run } from '../model/run';

export const NOISE_SCHEMA = 'perf-triage/noise@1';

export interface NoiseMetric {
  unit: string;
  /** The statistic in each calibration run. */
  values: number[];
  sigmaBetween: number;
  sigmaWithin: number;
  df: number;
  /** What the calibration alone gives (comparisons may refine it with the journal's history). */
  allowance: number;
  scale: number;
  minEffect: number;
  resolution: number;
  detectable: number;
}

export type TallySummary = Omit<PairTally, 'byMetric'>;

export interface NoiseFile {
  schema: typeof NOISE_SCHEMA;
  benchmark: string;
  /** ISO date-time of the calibration. */
  calibratedAt: string;
  /** The runner the runs were made on, as the team names it. */
  runner?: string;
  workload: WorkloadKey;
  runs: number;
  requests: number[];
  /** The configured confidence, and the level (1 − α/m) the allowances are for. */
  confidence: number;
  level: number;
  familySize: number;
  metrics: Record<string, NoiseMetric>;
  /** False alarms on the A/A pairs of the calibration runs: with the settings before, and calibrated. */
  falseAlarms: { before: TallySummary; after: TallySummary };
}

export function noiseFileFrom(
  c: Calibration,
  context: { calibratedAt: string; runner?: string; confidence: number },
): NoiseFile {
  const tally = ({ byMetric: _, ...rest }: PairTally): TallySummary => rest;
  return {
    schema: NOISE_SCHEMA,
    benchmark: c.benchmark,
    calibratedAt: context.calibratedAt,
    ...(context.runner ? { runner: context.runner } : {}),
    workload: c.workload,
    runs: c.runs,
    requests: c.requests,
    confidence: context.confidence,
    level: c.level,
    familySize: c.familySize,
    metrics: Object.fromEntries(
      c.metrics.map((m) => [
        m.key,
        {
          unit: m.unit,
          values: m.values.map(round),
          sigmaBetween: round(m.sigmaBetween),
          sigmaWithin: round(m.sigmaWithin),
          df: m.df,
          allowance: round(m.allowance),
          scale: round(m.scale),
          minEffect: m.minEffect,
          resolution: round(m.resolution),
          detectable: round(m.detectable),
        },
      ]),
    ),
    falseAlarms: { before: tally(c.before), after: tally(c.after) },
  };
}

export function noiseFileText(file: NoiseFile): string {
  return `${JSON.stringify(file, null, 1)}\n`;
}

/** Six significant digits: the file stays readable and diffs stay small. */
function round(x: number): number {
  return Number.isFinite(x) ? Number(x.toPrecision(6)) : x;
}

export function parseNoiseFile(text: string, file: string): NoiseFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new InputError(file, `noise file: not valid JSON: ${(error as Error).message}`);
  }
  const d = object(value, file, 'the file');
  if (d.schema !== NOISE_SCHEMA) {
    throw new InputError(
      file,
      `noise file: schema is ${JSON.stringify(d.schema)}, expected "${NOISE_SCHEMA}"${typeof d.schema === 'string' && d.schema.startsWith('perf-triage/noise@') ? ' (update perf-triage to read newer noise files)' : ''}`,
    );
  }
  for (const field of ['benchmark', 'calibratedAt'] as const)
    if (typeof d[field] !== 'string') throw new InputError(file, `noise file: "${field}" must be a string`);
  if (d.runner !== undefined && typeof d.runner !== 'string')
    throw new InputError(file, 'noise file: "runner" must be a string');
  if (!Number.isFinite(Date.parse(d.calibratedAt as string)))
    throw new InputError(file, 'noise file: "calibratedAt" must be a date-time such as 2026-12-03T10:00:00Z');
  for (const field of ['runs', 'confidence', 'level', 'familySize'] as const)
    if (typeof d[field] !== 'number' || !Number.isFinite(d[field]))
      throw new InputError(file, `noise file: "${field}" must be a number`);
  if (!((d.level as number) > 0 && (d.level as number) < 1))
    throw new InputError(file, 'noise file: "level" must be between 0 and 1');
  object(d.workload, file, 'workload');
  const metrics = object(d.metrics, file, 'metrics');
  for (const [key, m] of Object.entries(metrics)) {
    const metric = object(m, file, `metrics.${key}`);
    for (const field of ['sigmaBetween', 'sigmaWithin', 'allowance', 'scale', 'minEffect'] as const) {
      const v = metric[field];
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
        throw new InputError(file, `noise file: metrics.${key}.${field} must be a number ≥ 0`);
    }
    if (typeof metric.df !== 'number' || !(metric.df >= 1))
      throw new InputError(file, `noise file: metrics.${key}.df must be a number ≥ 1`);
    if ((metric.scale as number) > 1 || (metric.scale as number) === 0)
      throw new InputError(file, `noise file: metrics.${key}.scale must be in (0, 1]`);
  }
  const alarms = object(d.falseAlarms, file, 'falseAlarms');
  for (const side of ['before', 'after']) {
    const t = object(alarms[side], file, `falseAlarms.${side}`);
    for (const field of ['pairs', 'comparisons', 'alarms', 'unchanged', 'inconclusive'])
      if (typeof t[field] !== 'number')
        throw new InputError(file, `noise file: falseAlarms.${side}.${field} must be a number`);
  }
  return d as unknown as NoiseFile;
}

function object(value: unknown, file: string, where: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new InputError(file, `noise file: ${where} must be an object`);
  return value as Record<string, unknown>;
}

/** A calibration describes these runs when their workload is the one it was made with (unrecorded fields match). */
export function noiseApplies(file: NoiseFile, runs: readonly Run[]): boolean {
  return compatibleKeys(file.workload, commonKey(runs));
}
