// Noise calibration on simulator runs of one build (src/compare/calibrate.ts): the numbers it reports
// follow from the runs (hand-checked against their values), too few runs or mixed workloads are
// refused with how many more, every A/A pair is judged, the false-alarm rate agrees with the eval's
// (0 of 450 there), the detectable change shrinks as runs are added, and the noise file round-trips.
// First, small hand-made runs (40 requests, each run's latency a constant or a mirrored jitter so
// its mean is exact): the numbers and A/A tallies worked out by hand, in well under a second.
import { describe, expect, it } from 'vitest';
import { buildConfig, type TriageConfig } from '../../src/config/config';
import { calibrate, CalibrationError, withCalibration } from '../../src/compare/calibrate';
import { compareRunSides } from '../../src/compare/compare-runs';
import { noiseSettings } from '../../src/compare/noise-settings';
import { simulatedSide } from '../../src/eval/evaluate';
import { noiseFileFrom, noiseFileText, parseNoiseFile } from '../../src/compare/noise-file';
import type { Run } from '../../src/model/run';
import { baseScenario } from '../../src/sim';
import { normalQuantile } from '../../src/stats/proportion';
import {
  bootstrapScale,
  logSpread,
  minimumDetectableEffect,
  resolution,
  sideSigma,
  tInflation,
} from '../../src/stats/run-noise';
import { runFromRecords } from '../helpers/tables';

const REQUESTS = 600;
let cached: Promise<Run[]> | undefined;
const runs = () =>
  (cached ??= Promise.all(
    [0, 1, 2, 3, 4, 5, 6].map(async (k) => (await simulatedSide('base', baseScenario(9100 + k, REQUESTS))).runs[0]),
  ));
const config = buildConfig({});

/** Offsets that sum to zero over 40 rows (the second 20 mirror the first): a run's mean stays exact. */
const JITTER = [3, -1, 4, -1, -5, 9, -2, 6, -5, 3, 5, -8, 9, -7, 9, -3, 2, -3, 8, -4];
const jitter = (i: number) => (i < 20 ? JITTER[i] : -JITTER[i - 20]);

/** Run k of a calibration: 40 requests; TTFT 100·e^ttft[k] ms, e2e 1000·e^e2e[k], prefill 50·e^prefill[k] ms. */
function handRuns(levels: { ttft: number[]; e2e?: number[]; prefill?: number[] }, jittered: (k: number) => boolean) {
  return Promise.all(
    levels.ttft.map((d, k) =>
      runFromRecords(
        Array.from({ length: 40 }, (_, i) => ({
          request_id: `r${i}`,
          first_token_ms: 100 * Math.exp(d) + (jittered(k) ? jitter(i) : 0),
          total_ms: 1000 * Math.exp(levels.e2e?.[k] ?? 0),
          prefill_ms: 50 * Math.exp(levels.prefill?.[k] ?? 0) + jitter(i),
          queue_wait_ms: k === 0 ? 0 : 5,
        })),
      ),
    ),
  );
}

/** σ_w of one run as the calibration reads it: the run against itself with no allowance, (ln(1+hi) − ln(1+lo))/(2·z·√2). */
function runWithin(run: Run, config: TriageConfig, key: string): number {
  const zero = { ...config, statistics: { ...config.statistics, runNoise: { [key]: 0 } } };
  const m = compareRunSides({ label: 'base', runs: [run] }, { label: 'base', runs: [run] }, zero).metrics.find(
    (x) => x.spec.key === key,
  )!;
  const z = normalQuantile(1 - (1 - m.intervalLevel!) / 2);
  return (Math.log1p(m.interval![1]) - Math.log1p(m.interval![0])) / (2 * z * Math.SQRT2);
}

describe('calibrate on hand-made runs', () => {
  it('per metric: the runs’ values, their log spread, the within-run spread and what follows from them', async () => {
    // ln-levels: TTFT 0, 0, 0.3, 0 (σ_b = 0.15: mean 0.075, squares 3·0.075² + 0.225² = 0.0675, /3);
    // e2e a tenth of that (σ_b = 0.015), prefill a hundredth (0.0015). Run 4's TTFT and every
    // prefill jitter; e2e is constant in each run (σ_w = 0). Queue wait is 0 in run 1 (5 ms in the
    // others): no relative spread.
    const runs = await handRuns(
      { ttft: [0, 0, 0.3, 0], e2e: [0, 0, 0.03, 0], prefill: [0, 0, 0.003, 0] },
      (k) => k === 3,
    );
    const config = buildConfig({
      metrics: ['ttft mean', 'e2e mean', 'prefill mean', 'queue_wait mean', 'e2e p99', 'failed'],
      resamples: '200',
    });
    const progress: [number, number][] = [];
    const c = calibrate({ label: 'base', runs }, config, {
      benchmark: 'hand',
      onProgress: (done, total) => progress.push([done, total]),
    });
    // 4 runs against themselves, then 6 pairs judged twice: 16 comparisons, counted one by one.
    expect(progress).toEqual(Array.from({ length: 16 }, (_, i) => [i + 1, 16]));
    expect(c).toMatchObject({ benchmark: 'hand', workload: {}, runs: 4, requests: [40, 40, 40, 40] });
    // Judged in each self-comparison: TTFT, e2e, prefill and queue-wait means and the failed share
    // (e2e p99 needs 1000 values): 5, so the level is 1 − 0.05/5.
    expect(c.familySize).toBe(5);
    expect(c.level).toBeCloseTo(0.99, 12);
    expect(c.skipped).toEqual([
      { key: 'e2e.p99', reason: { code: 'not-judged', verdict: 'inconclusive' } },
      { key: 'failed', reason: { code: 'share' } },
      { key: 'queue_wait.mean', reason: { code: 'not-positive' } },
    ]);
    expect(c.metrics.map((m) => m.key)).toEqual(['ttft.mean', 'e2e.mean', 'prefill.mean']);
    const [ttft, e2e, prefill] = c.metrics;
    const k = tInflation(3, 0.99);

    // TTFT: a wide spread between runs; only run 4 spreads within (RMS over 4 runs: its σ_w / 2).
    expect(ttft.unit).toBe('ms');
    ttft.values.forEach((v, i) => expect(v).toBeCloseTo([100, 100, 100 * Math.exp(0.3), 100][i], 9));
    expect(ttft.sigmaBetween).toBeCloseTo(0.15, 12);
    expect(ttft.df).toBe(3);
    const w = runWithin(runs[3], config, 'ttft.mean');
    expect(w).toBeGreaterThan(0);
    expect(ttft.sigmaWithin).toBeCloseTo(w / 2, 12);
    expect(ttft.inflation).toBeCloseTo(k, 12);
    expect(ttft.side).toBeCloseTo(k * 0.15, 9);
    expect(ttft.allowance).toBeCloseTo(Math.sqrt((k * 0.15) ** 2 - (w / 2) ** 2), 9);
    expect(ttft.scale).toBe(1);
    expect(ttft.previousAllowance).toBe(0.025);
    expect(ttft.previousSide).toBeCloseTo(Math.hypot(w / 2, 0.025), 12);
    expect(ttft.minEffect).toBe(0.05);
    const estimate = { sigmaBetween: 0.15, df: 3, sigmaWithin: w / 2 };
    expect(ttft.resolution).toBeCloseTo(resolution(estimate, 0.99), 9);
    expect(ttft.detectable).toBeCloseTo(minimumDetectableEffect(estimate, 0.99, 0.05), 9);
    // k·σ_b ≥ 0.15 > 0.025 at any number of runs: none would bring it back.
    expect(ttft.runsToPrevious).toBeNull();

    // e2e: k·0.015 ≈ 0.034 > 0.025 now; the runs that bring k·σ_b to 0.025 or below: 6 (df 5).
    expect(e2e.sigmaBetween).toBeCloseTo(0.015, 12);
    expect(e2e.sigmaWithin).toBe(0);
    expect(e2e.allowance).toBeCloseTo(k * 0.015, 12);
    expect(e2e.previousSide).toBe(0.025);
    expect(e2e.runsToPrevious).toBe(6);
    const at = (df: number) => sideSigma({ sigmaBetween: 0.015, df, sigmaWithin: 0 }, 0.99);
    expect(at(5)).toBeLessThanOrEqual(0.025);
    expect(at(4)).toBeGreaterThan(0.025);

    // Prefill: runs spread less than the bootstrap sees within them: no allowance, the bootstrap narrowed.
    expect(prefill.sigmaBetween).toBeCloseTo(0.0015, 12);
    const within = runs.map((r) => runWithin(r, config, 'prefill.mean'));
    const rms = Math.sqrt(within.reduce((s, x) => s + x * x, 0) / 4);
    expect(prefill.sigmaWithin).toBeCloseTo(rms, 12);
    expect(prefill.allowance).toBe(0);
    expect(prefill.scale).toBeCloseTo((k * 0.0015) / rms, 9);
    expect(prefill.scale).toBeLessThan(1);
    expect(prefill.scale).toBeCloseTo(bootstrapScale({ sigmaBetween: 0.0015, df: 3, sigmaWithin: rms }, 0.99), 9);
    // Narrower than before: no runs to add.
    expect(prefill.side).toBeLessThan(prefill.previousSide);
    expect(prefill).not.toHaveProperty('runsToPrevious');
  });

  it('tallies every A/A pair with the settings before, and with the allowance of the other two runs', async () => {
    // ln TTFT per run: 0.3, 0, 0, 0.305, constant within each run; a change beyond 10% is an alarm.
    const runs = await handRuns({ ttft: [0.3, 0, 0, 0.305] }, () => false);
    const config = buildConfig({ metrics: ['ttft mean', 'e2e p99'], minEffect: ['ttft mean=10%'], resamples: '200' });
    const c = calibrate({ label: 'base', runs }, config, { benchmark: 'hand' });
    // Before: 2.5% a side at the pairs' level 1 − 0.05/2 (TTFT and the failed share) is
    // ±2.24·√2·0.025 ≈ ±0.079 on the log scale, inside ±ln 1.1 ≈ 0.095: pairs (1,4) +0.005 and
    // (2,3) 0 are unchanged; (1,2), (1,3) −0.3 are improved and (2,4), (3,4) +0.305 regressed.
    // The failed share (no failures, 40 requests a side) is inconclusive in every pair; e2e p99 has
    // no interval (1000 values needed) and is not counted.
    expect(c.before).toEqual({
      pairs: 6,
      comparisons: 12,
      alarms: 4,
      unchanged: 2,
      inconclusive: 6,
      byMetric: {
        'ttft.mean': { comparisons: 6, alarms: 4, unchanged: 2, inconclusive: 0 },
        failed: { comparisons: 6, alarms: 0, unchanged: 0, inconclusive: 6 },
      },
    });
    // After: each pair with σ_b of the other two runs on 1 degree of freedom (t/z ≈ 11 at 0.975).
    // (1,4): the others 0, 0 give no allowance, so +0.005 is unchanged. (2,3): the others 0.3 and
    // 0.305 give σ_b ≈ 0.0035 and an allowance ≈ 0.04 a side, ±0.13 wide: inconclusive (it would
    // be unchanged on more degrees of freedom). The other four pairs have one run of each level
    // among the others (σ_b ≈ 0.21): inconclusive.
    expect(c.after).toEqual({
      pairs: 6,
      comparisons: 12,
      alarms: 0,
      unchanged: 1,
      inconclusive: 11,
      byMetric: {
        'ttft.mean': { comparisons: 6, alarms: 0, unchanged: 1, inconclusive: 5 },
        failed: { comparisons: 6, alarms: 0, unchanged: 0, inconclusive: 6 },
      },
    });
  });

  it('refuses 3 runs (1 more) and a run of another workload, naming both', async () => {
    const runs = await handRuns({ ttft: [0, 0, 0, 0] }, () => false);
    const config = buildConfig({});
    let error: unknown;
    try {
      calibrate({ label: 'base', runs: runs.slice(0, 3) }, config, { benchmark: 'b' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CalibrationError);
    expect((error as CalibrationError).moreRuns).toBe(1);
    expect((error as Error).message).toBe(
      'calibration needs at least 4 runs of one build; got 3: run the benchmark 1 more time on the same build and runner',
    );
    const on = (run: Run, hardware: string): Run => ({ ...run, meta: { ...run.meta, hardware } });
    expect(() =>
      calibrate({ label: 'base', runs: [on(runs[0], 'A100'), runs[1], on(runs[2], 'H100'), runs[3]] }, config, {
        benchmark: 'b',
      }),
    ).toThrow(
      new CalibrationError(
        'run 3 measures another workload than run 1 (hardware H100 vs hardware A100): calibrate repeats of one configuration only',
      ),
    );
  });

  it('a metric only some runs have (a tool summary in one run) is not judged, not a crash', async () => {
    // Run 1 also carries a tool's mean TTFT, so its own comparison adds TTFT mean by default; the
    // other runs do not have that metric at all.
    const runs = await handRuns({ ttft: [0, 0.01, 0.02, 0.03] }, () => true);
    runs[0] = { ...runs[0], summaries: [{ metric: 'ttft', stat: 'mean', value: 100 }] };
    const config = buildConfig({ resamples: '200' });
    const c = calibrate({ label: 'base', runs }, config, { benchmark: 'b' });
    expect(c.skipped).toContainEqual({ key: 'ttft.mean', reason: { code: 'not-judged', verdict: 'inconclusive' } });
    expect(c.metrics.map((m) => m.key)).not.toContain('ttft.mean');
    // Run 1 judged one metric more (4: TTFT p50 and mean, e2e p50, the failed share; throughput needs
    // arrival times) than the others (3): each run's σ_w is read at the level of its own comparison.
    expect(c.level).toBeCloseTo(1 - 0.05 / 4, 12);
    const within = runs.map((r) => runWithin(r, config, 'ttft.p50'));
    const p50 = c.metrics.find((m) => m.key === 'ttft.p50')!;
    expect(p50.sigmaWithin).toBeCloseTo(Math.sqrt(within.reduce((s, x) => s + x * x, 0) / 4), 12);
  });

  it('overloaded runs: the latencies that grow with the queue are not judged, so not calibrated', async () => {
    // 200 requests a second apart whose wait grows by 1 ms a request (0 → 199 ms, then 2 ms more in
    // each later run): each run against itself is both sides overloaded; prefill is still judged.
    const runs = await Promise.all(
      [0, 1, 2, 3].map((k) =>
        runFromRecords(
          Array.from({ length: 200 }, (_, i) => ({
            request_id: `r${i}`,
            arrival_ts: i,
            queue_wait_ms: i + 2 * k,
            first_token_ms: i + 2 * k + 20,
            total_ms: i + 2 * k + 70,
            prefill_ms: 50 + k + jitter(i % 40),
          })),
        ),
      ),
    );
    const config = buildConfig({ metrics: ['ttft p50', 'prefill mean'], resamples: '200' });
    const c = calibrate({ label: 'base', runs }, config, { benchmark: 'b' });
    expect(c.skipped).toContainEqual({ key: 'ttft.p50', reason: { code: 'not-judged', verdict: 'inconclusive' } });
    expect(c.metrics.map((m) => m.key)).toEqual(['prefill.mean']);
  });

  it('runs of tool summaries only: calibrated from the summaries, which is what lets their pairs be judged', async () => {
    const runs = (await handRuns({ ttft: [0, 0, 0, 0] }, () => false)).map((r, k): Run => ({
      ...r,
      requests: undefined,
      summaries: [{ metric: 'ttft', stat: 'p99', value: 100 + k }],
    }));
    const c = calibrate({ label: 'base', runs }, buildConfig({ resamples: '200' }), { benchmark: 'b' });
    expect(c.requests).toEqual([0, 0, 0, 0]);
    expect(c.skipped).toEqual([]);
    expect(c.metrics).toHaveLength(1);
    // ln 100..103: 0, 0.00995, 0.01980, 0.02956 above ln 100; mean 0.01483; Σ(dev²) = 4.854e-4; /3, √.
    expect(c.metrics[0]).toMatchObject({ key: 'ttft.p99', values: [100, 101, 102, 103], sigmaWithin: 0, df: 3 });
    expect(c.metrics[0].sigmaBetween).toBeCloseTo(0.01272, 5);
    // One summary a side shows no spread: before, with no band set, no pair is judged; after, all six.
    expect(c.before).toMatchObject({ pairs: 6, comparisons: 0, byMetric: {} });
    expect(c.after).toMatchObject({ pairs: 6, comparisons: 6 });
  });
});

describe('withCalibration', () => {
  it('sets each estimated metric’s allowance and bootstrap scale, and leaves a run-noise the team set alone', () => {
    const config = buildConfig({ runNoise: ['ttft p50=7%'] });
    config.statistics.bootstrapScale = { 'e2e.p50': 0.5 };
    const k = tInflation(5, 0.99);
    const out = withCalibration(
      config,
      [
        ['ttft.p50', { sigmaBetween: 0.02, df: 5, sigmaWithin: 0 }],
        // σ_w 0.01 below k·0.02: the allowance is the rest, √((k·0.02)² − 0.01²); no narrowing.
        ['ttft.p95', { sigmaBetween: 0.02, df: 5, sigmaWithin: 0.01 }],
        // σ_w 0.05 above k·0.01: no allowance, the bootstrap narrowed to k·0.01/0.05.
        ['itl.p50', { sigmaBetween: 0.01, df: 5, sigmaWithin: 0.05 }],
      ],
      0.99,
    );
    expect(Object.keys(out.statistics.runNoise).sort()).toEqual(['itl.p50', 'ttft.p50', 'ttft.p95']);
    expect(out.statistics.runNoise['ttft.p50']).toBe(0.07);
    expect(out.statistics.runNoise['ttft.p95']).toBeCloseTo(Math.sqrt((k * 0.02) ** 2 - 0.01 ** 2), 12);
    expect(out.statistics.runNoise['itl.p50']).toBe(0);
    expect(out.statistics.bootstrapScale).toEqual({
      'e2e.p50': 0.5,
      'ttft.p95': 1,
      'itl.p50': expect.closeTo((k * 0.01) / 0.05, 12),
    });
    // Everything else as it was; the config given is not changed.
    expect({ ...out, statistics: { ...out.statistics, runNoise: {}, bootstrapScale: {} } }).toEqual({
      ...config,
      statistics: { ...config.statistics, runNoise: {}, bootstrapScale: {} },
    });
    expect(config.statistics.runNoise).toEqual({ 'ttft.p50': 0.07 });
    expect(config.statistics.bootstrapScale).toEqual({ 'e2e.p50': 0.5 });
  });
});

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
