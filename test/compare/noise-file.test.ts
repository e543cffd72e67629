// The noise file (src/compare/noise-file.ts): written from a calibration with six significant digits,
// and checked field by field when read back — a hand-edited file is an error naming the file and the
// field, never a silently wrong interval; and whether a calibration applies to the runs compared.

import { describe, expect, it } from 'vitest';
import type { Calibration } from '../../src/compare/calibrate';
import { noiseApplies, noiseFileFrom, noiseFileText, parseNoiseFile, NOISE_SCHEMA } from '../../src/compare/noise-file';
import { InputError } from '../../src/ingest/errors';
import { emptyMeta, type Run } from '../../src/model/run';

const tally = { pairs: 6, comparisons: 54, alarms: 0, unchanged: 6, inconclusive: 48 };
const metric = { unit: 'ms', values: [], sigmaBetween: 0.02, sigmaWithin: 0.01, df: 3, allowance: 0.015, scale: 1 };
const valid = () => ({
  schema: NOISE_SCHEMA,
  benchmark: 'b',
  calibratedAt: '2026-12-03T10:00:00Z',
  runs: 4,
  confidence: 0.95,
  level: 0.99,
  familySize: 9,
  workload: {},
  requests: [],
  metrics: { 'ttft.p50': { ...metric, minEffect: 0.05, resolution: 0.1, detectable: 0.12 } },
  falseAlarms: { before: { ...tally }, after: { ...tally } },
});

/** The reason parseNoiseFile gives for a file, or 'read' when it is accepted. */
function reason(file: unknown): string {
  try {
    parseNoiseFile(typeof file === 'string' ? file : JSON.stringify(file), 'noise/b.json');
    return 'read';
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).file).toBe('noise/b.json');
    return (error as InputError).reason;
  }
}
type Obj = Record<string, unknown>;
/** A valid file with one change made by `edit` (to the file, its one metric, or its false-alarm tallies). */
function edited(edit: (f: Obj, metric: Obj, alarms: { before: Obj; after: Obj }) => void): unknown {
  const f: Obj = valid();
  edit(f, (f.metrics as Record<string, Obj>)['ttft.p50'], f.falseAlarms as { before: Obj; after: Obj });
  return f;
}

describe('parseNoiseFile', () => {
  it('reads a valid file as it is, with or without a runner', () => {
    expect(parseNoiseFile(JSON.stringify(valid()), 'n.json')).toEqual(valid());
    expect(reason(edited((f) => (f.runner = 'gpu-2')))).toBe('read');
  });

  it('a file that is not a JSON object', () => {
    for (const text of ['null', '[]', '4', '"x"']) expect(reason(text)).toBe('noise file: the file must be an object');
  });

  it('the schema: another, a newer one (update perf-triage), or none', () => {
    expect(reason(edited((f) => (f.schema = 'other')))).toBe(
      'noise file: schema is "other", expected "perf-triage/noise@1"',
    );
    expect(reason(edited((f) => (f.schema = 'perf-triage/noise@2')))).toBe(
      'noise file: schema is "perf-triage/noise@2", expected "perf-triage/noise@1" (update perf-triage to read newer noise files)',
    );
    expect(reason(edited((f) => delete f.schema))).toBe(
      'noise file: schema is undefined, expected "perf-triage/noise@1"',
    );
  });

  it('strings: benchmark, calibratedAt (a date-time), runner when given', () => {
    expect(reason(edited((f) => (f.benchmark = 3)))).toBe('noise file: "benchmark" must be a string');
    expect(reason(edited((f) => delete f.calibratedAt))).toBe('noise file: "calibratedAt" must be a string');
    expect(reason(edited((f) => (f.runner = 7)))).toBe('noise file: "runner" must be a string');
    expect(reason(edited((f) => (f.calibratedAt = 'yesterday')))).toBe(
      'noise file: "calibratedAt" must be a date-time such as 2026-12-03T10:00:00Z',
    );
  });

  it('numbers: runs, confidence, level, familySize; the level strictly between 0 and 1', () => {
    for (const field of ['runs', 'confidence', 'level', 'familySize']) {
      expect(reason(edited((f) => (f[field] = '4')))).toBe(`noise file: "${field}" must be a number`);
      expect(reason(edited((f) => (f[field] = null)))).toBe(`noise file: "${field}" must be a number`);
    }
    expect(reason(edited((f) => (f.level = 0)))).toBe('noise file: "level" must be between 0 and 1');
    expect(reason(edited((f) => (f.level = 1)))).toBe('noise file: "level" must be between 0 and 1');
    expect(reason(edited((f) => (f.level = 0.5)))).toBe('read');
  });

  it('objects: workload, metrics, each metric, falseAlarms and its two tallies', () => {
    expect(reason(edited((f) => (f.workload = [])))).toBe('noise file: workload must be an object');
    expect(reason(edited((f) => (f.metrics = null)))).toBe('noise file: metrics must be an object');
    expect(reason(edited((f) => (f.metrics = { 'ttft.p50': 0.02 })))).toBe(
      'noise file: metrics.ttft.p50 must be an object',
    );
    expect(reason(edited((f) => (f.falseAlarms = 'none')))).toBe('noise file: falseAlarms must be an object');
    expect(reason(edited((f) => (f.falseAlarms = { before: tally })))).toBe(
      'noise file: falseAlarms.after must be an object',
    );
    expect(reason(edited((f) => (f.falseAlarms = { before: { ...tally, alarms: '0' }, after: tally })))).toBe(
      'noise file: falseAlarms.before.alarms must be a number',
    );
    for (const field of ['pairs', 'comparisons', 'unchanged', 'inconclusive'])
      expect(reason(edited((_, __, a) => delete a.after[field]))).toBe(
        `noise file: falseAlarms.after.${field} must be a number`,
      );
  });

  it('each metric: spreads, allowance, scale and minimum effect numbers ≥ 0, df ≥ 1, scale in (0, 1]', () => {
    for (const field of ['sigmaBetween', 'sigmaWithin', 'allowance', 'scale', 'minEffect']) {
      for (const bad of [-0.01, '0.1', null])
        expect(reason(edited((_, m) => (m[field] = bad)))).toBe(
          `noise file: metrics.ttft.p50.${field} must be a number ≥ 0`,
        );
    }
    for (const field of ['sigmaBetween', 'sigmaWithin', 'allowance', 'minEffect'])
      expect(reason(edited((_, m) => (m[field] = 0)))).toBe('read');
    for (const bad of [0.5, 0, '3', null])
      expect(reason(edited((_, m) => (m.df = bad)))).toBe('noise file: metrics.ttft.p50.df must be a number ≥ 1');
    expect(reason(edited((_, m) => (m.df = 1)))).toBe('read');
    for (const bad of [0, 1.01])
      expect(reason(edited((_, m) => (m.scale = bad)))).toBe('noise file: metrics.ttft.p50.scale must be in (0, 1]');
    expect(reason(edited((_, m) => (m.scale = 0.4)))).toBe('read');
  });
});

describe('noiseFileFrom', () => {
  const calibration = {
    benchmark: 'llama',
    workload: { dataset: 'sharegpt' },
    runs: 4,
    requests: [600, 600, 600, 600],
    level: 1 - 0.05 / 9,
    familySize: 9,
    metrics: [
      {
        key: 'ttft.p50',
        unit: 'ms',
        values: [41.123456789, 40],
        sigmaBetween: 0.0123456789,
        sigmaWithin: 0.00987654321,
        df: 3,
        inflation: 2,
        allowance: 1 / 3,
        scale: 0.999999999,
        previousAllowance: 0.025,
        previousSide: 0.03,
        side: 0.04,
        minEffect: 0.05,
        resolution: 0.123456789,
        detectable: Number.POSITIVE_INFINITY,
      },
    ],
    skipped: [],
    before: { ...tally, byMetric: { 'ttft.p50': { comparisons: 6, alarms: 0, unchanged: 1, inconclusive: 5 } } },
    after: { ...tally, alarms: 1, byMetric: {} },
  } as unknown as Calibration;

  it('keeps six significant digits (an infinite detectable change stays infinite), the tallies without their metrics', () => {
    const file = noiseFileFrom(calibration, { calibratedAt: '2026-12-03T10:00:00Z', confidence: 0.95 });
    expect(file).toStrictEqual({
      schema: 'perf-triage/noise@1',
      benchmark: 'llama',
      calibratedAt: '2026-12-03T10:00:00Z',
      workload: { dataset: 'sharegpt' },
      runs: 4,
      requests: [600, 600, 600, 600],
      confidence: 0.95,
      level: 1 - 0.05 / 9,
      familySize: 9,
      metrics: {
        'ttft.p50': {
          unit: 'ms',
          values: [41.1235, 40],
          sigmaBetween: 0.0123457,
          sigmaWithin: 0.00987654,
          df: 3,
          allowance: 0.333333,
          scale: 1,
          minEffect: 0.05,
          resolution: 0.123457,
          detectable: Number.POSITIVE_INFINITY,
        },
      },
      falseAlarms: { before: tally, after: { ...tally, alarms: 1 } },
    });
    const withRunner = noiseFileFrom(calibration, { calibratedAt: 'x', runner: 'gpu-2', confidence: 0.9 });
    expect(withRunner.runner).toBe('gpu-2');
    expect(noiseFileText(withRunner).endsWith('}\n')).toBe(true);
  });
});

describe('noiseApplies', () => {
  const run = (dataset?: string, concurrency?: number): Run => ({
    meta: emptyMeta(),
    summaries: [],
    sources: [],
    workload: { ...(dataset ? { dataset } : {}), ...(concurrency ? { concurrency } : {}) },
  });
  const file = { ...valid(), workload: { dataset: 'sharegpt', concurrency: 16 } } as Parameters<typeof noiseApplies>[0];

  it('applies when the runs share the workload, or do not record a field; not when a field differs', () => {
    expect(noiseApplies(file, [run('sharegpt', 16), run('ShareGPT', 16)])).toBe(true);
    expect(noiseApplies(file, [run('sharegpt')])).toBe(true);
    expect(noiseApplies(file, [run('sharegpt', 32)])).toBe(false);
    expect(noiseApplies(file, [run('random', 16)])).toBe(false);
  });
});
