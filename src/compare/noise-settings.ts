// Which between-run noise a comparison uses, in order: the run-noise the team set for a metric; else
// the calibration of its benchmark on the team's runner (the noise file), refined by the journal's
// history recorded since; else the journal's history band alone; else the default (config.ts).
// Returns the config and where the noise came from, for the report to say.

import type { TriageConfig } from '../config/config';
import type { NoiseFile } from './noise-file';
import { bootstrapScale, noiseAllowance, poolSigma, sideSigma, type NoiseEstimate } from '../stats/run-noise';

/** The share of a normal sample's information a MAD keeps (Fisher efficiency 0.37): a history band on p pairs counts as 0.37·p degrees of freedom. */
export const MAD_EFFICIENCY = 0.37;

export interface HistoryBand {
  /** σ per run between consecutive journal entries (src/journal/history.ts noiseBand). */
  sigma: number;
  pairs: number;
}

/** Where a benchmark's noise came from: the calibration, and how much history refined it. */
export interface NoiseProvenance {
  benchmark: string;
  calibratedAt: string;
  runs: number;
  runner?: string;
  /** Metrics the calibration set the noise of. */
  metrics: string[];
  /** Journal entries' consecutive pairs pooled in, over all metrics (the most for any one metric). */
  historyPairs: number;
  /** False alarms on the calibration's A/A pairs with the calibrated noise (each pair without its own runs). */
  falseAlarms: { alarms: number; comparisons: number; pairs: number };
}

export interface NoiseSettings {
  config: TriageConfig;
  sources: NoiseProvenance[];
}

/**
 * The config with the noise the comparison should use. `files` are the noise files of the benchmarks
 * being compared; `bands` the journal's band per metric for each benchmark, recorded after its
 * calibration (only used to refine), and `historyBands` the bands of metrics no calibration covers.
 * With several benchmarks in one report, a metric takes the widest side σ any of them gives.
 */
export function noiseSettings(
  config: TriageConfig,
  input: {
    files?: readonly NoiseFile[];
    bands?: (benchmark: string, key: string) => HistoryBand | undefined;
    historyBands?: ReadonlyMap<string, number>;
  },
): NoiseSettings {
  const explicit = config.statistics.runNoise;
  const chosen = new Map<string, { estimate: NoiseEstimate; level: number }>();
  const sources: NoiseProvenance[] = [];
  for (const file of input.files ?? []) {
    const metrics: string[] = [];
    let historyPairs = 0;
    for (const [key, m] of Object.entries(file.metrics)) {
      if (Object.hasOwn(explicit, key)) continue;
      let estimate: NoiseEstimate = { sigmaBetween: m.sigmaBetween, df: m.df, sigmaWithin: m.sigmaWithin };
      const band = input.bands?.(file.benchmark, key);
      if (band && band.pairs > 0 && band.sigma > 0) {
        const pooled = poolSigma(
          { sigma: m.sigmaBetween, df: m.df },
          { sigma: band.sigma, df: MAD_EFFICIENCY * band.pairs },
        );
        estimate = { ...estimate, sigmaBetween: pooled.sigma, df: pooled.df };
        historyPairs = Math.max(historyPairs, band.pairs);
      }
      metrics.push(key);
      const previous = chosen.get(key);
      if (!previous || sideSigma(estimate, file.level) > sideSigma(previous.estimate, previous.level))
        chosen.set(key, { estimate, level: file.level });
    }
    const after = file.falseAlarms.after;
    sources.push({
      benchmark: file.benchmark,
      calibratedAt: file.calibratedAt,
      runs: file.runs,
      ...(file.runner ? { runner: file.runner } : {}),
      metrics,
      historyPairs,
      falseAlarms: { alarms: after.alarms, comparisons: after.comparisons, pairs: after.pairs },
    });
  }
  const runNoise: Record<string, number> = {};
  const scale: Record<string, number> = { ...config.statistics.bootstrapScale };
  for (const [key, sigma] of input.historyBands ?? []) if (!chosen.has(key)) runNoise[key] = sigma;
  for (const [key, { estimate, level }] of chosen) {
    runNoise[key] = noiseAllowance(estimate, level);
    scale[key] = bootstrapScale(estimate, level);
  }
  return {
    config: {
      ...config,
      statistics: { ...config.statistics, runNoise: { ...runNoise, ...explicit }, bootstrapScale: scale },
    },
    sources,
  };
}
