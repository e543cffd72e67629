// Noise calibration on simulator runs of one build (src/compare/calibrate.ts): the numbers it reports
// follow from the runs (hand-checked against their values), too few runs or mixed workloads are
// refused with how many more, every A/A pair is judged, the false-alarm rate agrees with the eval's
// (0 of 450 there), the detectable change shrinks as runs are added, and the noise file round-trips.
import { describe, expect, it } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { calibrate, CalibrationError, withCalibration } from '../../src/compare/calibrate';
import { noiseSettings } from '../../src/compare/noise-settings';
import { simulatedSide } from '../../src/eval/evaluate';
import { noiseFileFrom, noiseFileText, parseNoiseFile } from '../../src/compare/noise-file';
import type { Run } from '../../src/model/run';
import { baseScenario } from '../../src/sim';
import { logSpread, tInflation } from '../../src/stats/run-noise';

const REQUESTS = 600;
let cached: Promise<Run[]> | undefined;
const runs = () =>
  (cached ??= Promise.all(
    [0, 1, 2, 3, 4, 5, 6].map(async (k) => (await simulatedSide('base', baseScenario(9100 + k, REQUESTS))).runs[0]),
  ));
const config = buildConfig({});

describe('calibrate', () => {
  it('refuses fewer than 4 runs, saying how many more, and runs of another workload', async () => {
    const all = await runs();
    let error: unknown;
    try {
      calibrate({ label: 'base', runs: all.slice(0, 2) }, config, { benchmark: 'b' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CalibrationError);
    expect((error as CalibrationError).moreRuns).toBe(2);
    expect((error as Error).message).toMatch(/got 2: run the benchmark 2 more times/);
    const other: Run = { ...all[3], meta: { ...all[3].meta, hardware: '8x NVIDIA A100' } };
    expect(() => calibrate({ label: 'base', runs: [...all.slice(0, 3), other] }, config, { benchmark: 'b' })).toThrow(
      /run 4 measures another workload/,
    );
  });

  it('reports per metric what the runs show, and judges every A/A pair twice', async () => {
    const c = calibrate({ label: 'base', runs: (await runs()).slice(0, 4) }, config, { benchmark: 'llama' });
    expect(c.runs).toBe(4);
    expect(c.requests).toEqual([REQUESTS, REQUESTS, REQUESTS, REQUESTS]);
    expect(c.familySize).toBe(9);
    expect(c.level).toBeCloseTo(1 - 0.05 / 9, 12);
    expect(c.skipped).toContainEqual({ key: 'failed', reason: { code: 'share' } });
    const p50 = c.metrics.find((m) => m.key === 'ttft.p50')!;
    expect(p50.values).toHaveLength(4);
    expect(p50.sigmaBetween).toBeCloseTo(logSpread(p50.values), 12);
    expect(p50.df).toBe(3);
    expect(p50.inflation).toBeCloseTo(tInflation(3, c.level), 9);
    expect(p50.side).toBeCloseTo(p50.inflation * p50.sigmaBetween, 12);
    expect(p50.allowance).toBeCloseTo(Math.sqrt(Math.max(0, p50.side ** 2 - p50.sigmaWithin ** 2)), 12);
    expect(p50.previousAllowance).toBe(0.025);
    // 4 runs: 6 pairs, each judging the 9 metrics (those with an interval).
    expect(c.before.pairs).toBe(6);
    expect(c.after.pairs).toBe(6);
    expect(c.before.comparisons).toBe(c.before.alarms + c.before.unchanged + c.before.inconclusive);
    expect(c.before.comparisons).toBeLessThanOrEqual(54);
    // The eval finds 0 false alarms in 450 A/A comparisons; at most the family's 5% here.
    expect(c.before.alarms / c.before.comparisons).toBeLessThanOrEqual(0.05);
    expect(c.after.alarms / c.after.comparisons).toBeLessThanOrEqual(0.05);
  }, 120_000);

  it('the smallest detectable change shrinks as runs are added', async () => {
    const all = await runs();
    const four = calibrate({ label: 'base', runs: all.slice(0, 4) }, config, { benchmark: 'llama' });
    const seven = calibrate({ label: 'base', runs: all }, config, { benchmark: 'llama' });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    expect(median(seven.metrics.map((m) => m.detectable))).toBeLessThan(median(four.metrics.map((m) => m.detectable)));
    expect(seven.metrics[0].inflation).toBeLessThan(four.metrics[0].inflation);
  }, 120_000);

  it('writes a noise file that reads back, and comparisons use it unless the team set run-noise', async () => {
    const c = calibrate({ label: 'base', runs: (await runs()).slice(0, 4) }, config, { benchmark: 'llama' });
    const file = noiseFileFrom(c, { calibratedAt: '2026-12-03T10:00:00Z', runner: 'gpu-runner-2', confidence: 0.95 });
    expect(parseNoiseFile(noiseFileText(file), 'noise.json')).toEqual(file);
    const explicit = buildConfig({ runNoise: ['ttft p50=7%'] });
    const { config: used, sources } = noiseSettings(explicit, { files: [file] });
    expect(used.statistics.runNoise['ttft.p50']).toBe(0.07);
    expect(used.statistics.runNoise['ttft.p95']).toBeCloseTo(file.metrics['ttft.p95'].allowance, 4);
    expect(sources).toEqual([
      expect.objectContaining({
        benchmark: 'llama',
        runs: 4,
        runner: 'gpu-runner-2',
        historyPairs: 0,
        metrics: expect.not.arrayContaining(['ttft.p50']),
      }),
    ]);
    // The same as the calibration's own config for its metrics.
    const direct = withCalibration(
      config,
      c.metrics.map((m) => [m.key, m]),
      c.level,
    );
    expect(noiseSettings(config, { files: [file] }).config.statistics.runNoise['itl.p50']).toBeCloseTo(
      direct.statistics.runNoise['itl.p50'],
      4,
    );
    // History since the calibration refines it: pooled by degrees of freedom.
    const refined = noiseSettings(config, {
      files: [file],
      bands: (_, key) => (key === 'itl.p50' ? { sigma: 0.01, pairs: 40 } : undefined),
    });
    expect(refined.sources[0].historyPairs).toBe(40);
    expect(refined.config.statistics.runNoise['itl.p50']).not.toBeCloseTo(direct.statistics.runNoise['itl.p50'], 6);
  }, 120_000);

  it('a noise file that cannot be trusted is an error naming the field', () => {
    expect(() => parseNoiseFile('{', 'n.json')).toThrow(/n\.json: noise file: not valid JSON/);
    expect(() => parseNoiseFile(JSON.stringify({ schema: 'perf-triage/noise@2' }), 'n.json')).toThrow(
      /update perf-triage/,
    );
    const good = {
      schema: 'perf-triage/noise@1',
      benchmark: 'b',
      calibratedAt: '2026-12-03T10:00:00Z',
      runs: 4,
      confidence: 0.95,
      level: 0.99,
      familySize: 9,
      workload: {},
      requests: [],
      metrics: { 'ttft.p50': { sigmaBetween: -1, sigmaWithin: 0, allowance: 0, scale: 1, minEffect: 0.05, df: 3 } },
      falseAlarms: {
        before: { pairs: 6, comparisons: 54, alarms: 0, unchanged: 6, inconclusive: 48 },
        after: { pairs: 6, comparisons: 54, alarms: 0, unchanged: 6, inconclusive: 48 },
      },
    };
    expect(() => parseNoiseFile(JSON.stringify(good), 'n.json')).toThrow(
      /metrics\.ttft\.p50\.sigmaBetween must be a number ≥ 0/,
    );
  });
});
