// `perf-triage calibrate RUN…`: N ≥ 4 repeated runs of one build on the team's runner in, per
// metric the spread between runs and within a run, the allowance and the smallest detectable change,
// and the false alarms on every A/A pair of the runs out; the noise file goes into the journal
// directory (noise/<benchmark>.json), where comparisons of that benchmark find it.

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { buildConfig } from '../config/config';
import { calibrate, CalibrationError } from '../compare/calibrate';
import { loadSide } from '../io/load-side';
import { journalPaths } from '../journal/paths';
import { noiseFileFrom, noiseFileText } from '../compare/noise-file';
import { pairBenchmarks } from '../report/groups';
import { calibrationMarkdown, calibrationText } from '../render/calibration';
import { plainText } from '../render/escape';
import { outputFormat } from './format';
import type { CliIo } from './run';
import { parseCliArgs, UsageError, withAliases } from './usage-error';

const OPTIONS = {
  runner: { type: 'string' },
  dir: { type: 'string' },
  'dry-run': { type: 'boolean' },
  date: { type: 'string' },
  benchmark: { type: 'string' },
  metric: { type: 'string', multiple: true },
  'min-effect': { type: 'string', multiple: true },
  'run-noise': { type: 'string', multiple: true },
  confidence: { type: 'string' },
  seed: { type: 'string' },
  resamples: { type: 'string' },
  'input-format': { type: 'string' },
  'max-bad-lines': { type: 'string' },
  format: { type: 'string', short: 'f' },
} as const;

export async function runCalibrate(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCliArgs(
    {
      args: withAliases(args, { 'journal-dir': 'dir', metrics: 'metric' }),
      options: OPTIONS,
      allowPositionals: true,
      strict: true,
    },
    'calibrate',
  );
  if (positionals.length === 0)
    throw new UsageError(
      'calibrate needs the result files of 4 or more runs of one build: perf-triage calibrate runs/*.jsonl [--runner NAME]',
    );
  const format = outputFormat(values.format, 'text');
  const calibratedAt = values.date ? isoDate(values.date) : new Date().toISOString();
  const config = buildConfig({
    metrics: values.metric,
    minEffect: values['min-effect'],
    runNoise: values['run-noise'],
    confidence: values.confidence,
    seed: values.seed,
    resamples: values.resamples,
    maxBadLineRatio: values['max-bad-lines'],
    benchmark: values.benchmark,
  });
  const side = await loadSide('base', positionals, {
    maxBadLineRatio: config.maxBadLineRatio,
    format: values['input-format'],
    cwd: io.cwd,
  });
  const groups = pairBenchmarks(side, side).pairs;
  if (groups.length > 1 && !values.benchmark)
    throw new UsageError(
      `these files hold ${groups.length} benchmarks or workloads (${groups.map((g) => plainText(g.name, 60)).join(', ')}): calibrate the repeats of one at a time`,
    );
  const benchmark = values.benchmark ?? groups[0]?.name ?? 'benchmark';
  let calibration;
  try {
    calibration = calibrate(side, config, {
      benchmark,
      ...(io.status
        ? { onProgress: (done, total) => io.status!.set(`calibrating: ${done} of ${total} comparisons…`) }
        : {}),
    });
  } catch (error) {
    if (error instanceof CalibrationError) throw new UsageError(plainText(error.message, 600));
    throw error;
  } finally {
    io.status?.clear();
  }
  const file = noiseFileFrom(calibration, {
    calibratedAt,
    ...(values.runner ? { runner: values.runner } : {}),
    confidence: config.statistics.level,
  });
  const path = journalPaths(values.dir).noise(benchmark);
  if (!values['dry-run']) {
    const target = resolve(io.cwd, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, noiseFileText(file));
  }
  const context = {
    ...(values.runner ? { runner: values.runner } : {}),
    ...(values['dry-run'] ? {} : { written: path }),
    confidence: config.statistics.level,
  };
  io.stdout(
    format === 'json'
      ? noiseFileText(file)
      : format === 'markdown'
        ? calibrationMarkdown(calibration, context)
        : calibrationText(calibration, context),
  );
  return 0;
}

function isoDate(text: string): string {
  const time = Date.parse(text);
  if (!Number.isFinite(time)) throw new UsageError(`--date "${text}" is not a date (YYYY-MM-DD or an ISO date-time)`);
  return new Date(time).toISOString();
}
