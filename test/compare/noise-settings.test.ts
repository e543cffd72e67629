// Which between-run noise a comparison uses (src/compare/noise-settings.ts): the team's run-noise,
// else the calibration (refined by the journal's history since), else the history band alone; with
// several calibrations of one metric, the widest side σ; and where each came from.

import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import type { NoiseFile } from '../../src/compare/noise-file';
import { MAD_EFFICIENCY, noiseSettings } from '../../src/compare/noise-settings';
import { bootstrapScale, noiseAllowance } from '../../src/stats/run-noise';

const LEVEL = 0.99;
const tally = { pairs: 6, comparisons: 54, alarms: 1, unchanged: 6, inconclusive: 47 };

function file(
  benchmark: string,
  metrics: Record<string, { sigmaBetween: number; sigmaWithin: number; df: number }>,
  runner?: string,
): NoiseFile {
  return {
    schema: 'perf-triage/noise@1',
    benchmark,
    calibratedAt: '2026-12-03T10:00:00Z',
    ...(runner ? { runner } : {}),
    workload: {},
    runs: 4,
    requests: [600, 600, 600, 600],
    confidence: 0.95,
    level: LEVEL,
    familySize: 9,
    metrics: Object.fromEntries(
      Object.entries(metrics).map(([key, m]) => [
        key,
        { unit: 'ms', values: [], ...m, allowance: 0, scale: 1, minEffect: 0.05, resolution: 0, detectable: 0 },
      ]),
    ),
    falseAlarms: { before: { ...tally, alarms: 3 }, after: tally },
  };
}

const ttft = { sigmaBetween: 0.02, sigmaWithin: 0.01, df: 3 };
const itl = { sigmaBetween: 0.004, sigmaWithin: 0.05, df: 3 };

describe('noiseSettings', () => {
  it('a calibration sets the allowance and scale of its metrics, and says where they came from', () => {
    const config = buildConfig({});
    const { config: used, sources } = noiseSettings(config, {
      files: [file('llama', { 'ttft.p50': ttft, 'itl.p50': itl })],
    });
    expect(used.statistics.runNoise['ttft.p50']).toBe(noiseAllowance(ttft, LEVEL));
    expect(used.statistics.runNoise['ttft.p50']).toBeGreaterThan(0);
    // itl: the runs spread less than the bootstrap within one assumes: no allowance, a scale below 1.
    expect(used.statistics.runNoise['itl.p50']).toBe(0);
    expect(used.statistics.bootstrapScale!['itl.p50']).toBe(bootstrapScale(itl, LEVEL));
    expect(used.statistics.bootstrapScale!['itl.p50']).toBeLessThan(1);
    expect(sources).toStrictEqual([
      {
        benchmark: 'llama',
        calibratedAt: '2026-12-03T10:00:00Z',
        runs: 4,
        metrics: ['ttft.p50', 'itl.p50'],
        historyPairs: 0,
        falseAlarms: { alarms: 1, comparisons: 54, pairs: 6 },
      },
    ]);
    expect(noiseSettings(config, { files: [file('llama', { 'ttft.p50': ttft }, 'gpu-2')] }).sources[0].runner).toBe(
      'gpu-2',
    );
    // The config's other settings are kept.
    expect(used.statistics.level).toBe(config.statistics.level);
    expect(used.metrics).toBe(config.metrics);
  });

  it("the team's run-noise wins over a calibration and over history, and leaves its metric out of the sources", () => {
    const config = buildConfig({ runNoise: ['ttft p50=7%'] });
    const { config: used, sources } = noiseSettings(config, {
      files: [file('llama', { 'ttft.p50': ttft, 'itl.p50': itl })],
      historyBands: new Map([['ttft.p50', 0.3]]),
    });
    expect(used.statistics.runNoise['ttft.p50']).toBe(0.07);
    expect(used.statistics.bootstrapScale!['ttft.p50']).toBeUndefined();
    expect(sources[0].metrics).toEqual(['itl.p50']);
  });

  it('history since the calibration is pooled in by degrees of freedom (a MAD band counts 0.37 per pair)', () => {
    const bands = new Map([
      ['ttft.p50', { sigma: 0.01, pairs: 40 }],
      ['itl.p50', { sigma: 0.003, pairs: 25 }],
    ]);
    const { config: used, sources } = noiseSettings(buildConfig({}), {
      files: [file('llama', { 'ttft.p50': ttft, 'itl.p50': itl })],
      bands: (benchmark, key) => (benchmark === 'llama' ? bands.get(key) : undefined),
    });
    // df = 3 + 0.37 × 40 = 17.8; σ² = (3 × 0.02² + 14.8 × 0.01²) / 17.8 = (0.0012 + 0.00148) / 17.8 = 0.000150562.
    expect(3 + MAD_EFFICIENCY * 40).toBeCloseTo(17.8, 12);
    const pooled = { sigmaBetween: Math.sqrt(0.00268 / 17.8), df: 17.8, sigmaWithin: 0.01 };
    expect(pooled.sigmaBetween).toBeCloseTo(0.0122703, 6);
    expect(used.statistics.runNoise['ttft.p50']).toBeCloseTo(noiseAllowance(pooled, LEVEL), 12);
    expect(used.statistics.runNoise['ttft.p50']).toBeLessThan(noiseAllowance(ttft, LEVEL));
    // The most pairs any one metric pooled.
    expect(sources[0].historyPairs).toBe(40);
  });

  it('a band with no pairs or no spread refines nothing', () => {
    for (const band of [
      { sigma: 0.01, pairs: 0 },
      { sigma: 0, pairs: 40 },
    ]) {
      const { config: used, sources } = noiseSettings(buildConfig({}), {
        files: [file('llama', { 'ttft.p50': ttft })],
        bands: () => band,
      });
      expect(used.statistics.runNoise['ttft.p50']).toBe(noiseAllowance(ttft, LEVEL));
      expect(sources[0].historyPairs).toBe(0);
    }
  });

  it('two calibrations of one metric: the wider side σ, whichever comes first', () => {
    const narrow = file('a', { 'ttft.p50': ttft });
    const wide = file('b', { 'ttft.p50': { ...ttft, sigmaBetween: 0.03 } });
    const expected = noiseAllowance({ ...ttft, sigmaBetween: 0.03 }, LEVEL);
    for (const files of [
      [narrow, wide],
      [wide, narrow],
    ]) {
      const { config: used, sources } = noiseSettings(buildConfig({}), { files });
      expect(used.statistics.runNoise['ttft.p50']).toBe(expected);
      expect(sources.map((s) => s.metrics)).toEqual([['ttft.p50'], ['ttft.p50']]);
    }
  });

  it('history bands alone set the metrics no calibration covers', () => {
    const { config: used, sources } = noiseSettings(buildConfig({}), {
      files: [file('llama', { 'ttft.p50': ttft })],
      historyBands: new Map([
        ['ttft.p50', 0.3],
        ['e2e.p50', 0.04],
      ]),
    });
    expect(used.statistics.runNoise['e2e.p50']).toBe(0.04);
    expect(used.statistics.runNoise['ttft.p50']).toBe(noiseAllowance(ttft, LEVEL));
    expect(sources).toHaveLength(1);
    expect(noiseSettings(buildConfig({}), { historyBands: new Map([['e2e.p50', 0.04]]) })).toStrictEqual({
      config: expect.objectContaining({
        statistics: expect.objectContaining({ runNoise: { 'e2e.p50': 0.04 } }),
      }),
      sources: [],
    });
  });

  it("keeps the config's other bootstrap scales, and sets no noise it was not given", () => {
    const config = buildConfig({});
    const scaled = { ...config, statistics: { ...config.statistics, bootstrapScale: { 'e2e.p50': 0.5 } } };
    const { config: used } = noiseSettings(scaled, { files: [file('llama', { 'ttft.p50': ttft })] });
    expect(used.statistics.bootstrapScale).toEqual({ 'e2e.p50': 0.5, 'ttft.p50': bootstrapScale(ttft, LEVEL) });
    expect(used.statistics.runNoise).toEqual({ 'ttft.p50': noiseAllowance(ttft, LEVEL) });
  });
});
