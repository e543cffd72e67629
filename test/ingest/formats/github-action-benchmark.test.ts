// github-action-benchmark custom JSON on the action's own test data and a synthetic LLM file: one
// summary per entry (stat 'value', the entry's unit), direction from the unit, range and extra kept
// as metadata, bad entries reported with their line, and detection against every other artifact.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../../src/ingest/errors';
import {
  detectGithubActionBenchmark,
  directionOfUnit,
  githubActionBenchmarkAdapter,
  parseRange,
  readGithubActionBenchmark,
  withDirection,
} from '../../../src/ingest/formats/github-action-benchmark';
import { textSource } from '../../../src/ingest/source';
import type { Run } from '../../../src/model/run';

const FIXTURES = 'test/fixtures/github-action-benchmark';
const SMALLER = 'customSmallerIsBetter_output.txt';
const SMALLER2 = 'customSmallerIsBetter_output2.json';
const BIGGER = 'customBiggerIsBetter_output.json';
const LLM = 'llm_serving_mixed_units.synthetic.json';
const options = { maxBadLineRatio: 0.5 };

const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8');
async function read(name: string, text: string, ratio = 0.5): Promise<Run> {
  const runs = await readGithubActionBenchmark(textSource(name, text, 33), { maxBadLineRatio: ratio });
  expect(runs).toHaveLength(1);
  return runs[0];
}
async function inputError(promise: Promise<unknown>): Promise<InputError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof InputError) return error;
    throw error;
  }
  throw new Error('expected an InputError');
}

describe('entries → summaries', () => {
  it('maps the action’s customSmallerIsBetter example', async () => {
    const run = await read(SMALLER, fixture(SMALLER));
    expect(run.role).toBe('summary');
    expect(run.summaries).toEqual([
      {
        metric: 'My Custom Smaller Is Better Benchmark - CPU Load',
        stat: 'value',
        value: 50,
        unit: 'Percent',
        direction: 'lower-is-better',
        field: 'My Custom Smaller Is Better Benchmark - CPU Load',
      },
      {
        metric: 'My Custom Smaller Is Better Benchmark - Memory Used',
        stat: 'value',
        value: 100,
        unit: 'Megabytes',
        direction: 'lower-is-better',
        field: 'My Custom Smaller Is Better Benchmark - Memory Used',
      },
    ]);
    expect(run.meta.extra).toEqual({
      'range.My Custom Smaller Is Better Benchmark - CPU Load': '±5%',
      'extra.My Custom Smaller Is Better Benchmark - CPU Load': 'My Optional Information for the tooltip',
    });
    expect(run.sources[0]).toMatchObject({
      file: SMALLER,
      format: 'github-action-benchmark',
      recordsRead: 2,
      recordsKept: 2,
      skipped: 0,
      issues: [],
    });
    expect(run.sources[0].warnings.join('\n')).toMatch(/does not say whether bigger or smaller is better/);
  });

  it('reads numeric ranges and rate units (bigger is better for req/s only)', async () => {
    const run = await read(SMALLER2, fixture(SMALLER2));
    expect(run.summaries.map((s) => [s.metric, s.value, s.unit])).toEqual([
      ['No instrumentation', 90.9439, 'ns'],
      ['Deactivated probe', 445.661, 'ns'],
      ['No logging', 1847.38, 'ns'],
      ['Binary file', 3886.75, 'ns'],
    ]);
    expect(run.meta.extra['range.No instrumentation']).toBe('±0.519165 ns');
    const bigger = await read(BIGGER, fixture(BIGGER));
    expect(bigger.summaries.map((s) => [s.value, s.unit, s.direction])).toEqual([
      [70, 'req/s', 'higher-is-better'],
      [150, 'Megabytes', 'lower-is-better'],
    ]);
    expect(bigger.meta.extra['range.My Custom Bigger Is Better Benchmark - Free Memory']).toBe('±3 Megabytes');
    expect(bigger.meta.extra['extra.My Custom Bigger Is Better Benchmark - Free Memory']).toBe(
      'Optional Value #1: 25\nHelpful Num #2: 100\nAnything Else!',
    );
  });

  it('reads LLM-serving entries with ± ranges in their own units', async () => {
    const run = await read(LLM, fixture(LLM));
    expect(run.summaries.map((s) => [s.metric, s.value, s.unit, s.direction])).toEqual([
      ['llama-8b/sharegpt/ttft_p99', 412.5, 'ms', 'lower-is-better'],
      ['llama-8b/sharegpt/output_throughput', 2310.4, 'tok/s', 'higher-is-better'],
      ['llama-8b/sharegpt/request_rate', 9.8, 'req/s', 'higher-is-better'],
      ['kernel/paged_attention', 38.1, 'us/iter', 'lower-is-better'],
    ]);
    expect(run.meta.extra).toEqual({
      'range.llama-8b/sharegpt/ttft_p99': '±12.5 ms',
      'range.llama-8b/sharegpt/output_throughput': '±2%',
      'range.kernel/paged_attention': '±0.4 us',
      'extra.kernel/paged_attention': 'H100, bf16',
    });
  });

  it('withDirection applies the action’s mode to every entry', async () => {
    const run = await read(BIGGER, fixture(BIGGER));
    expect(withDirection(run, 'higher-is-better').summaries.map((s) => s.direction)).toEqual([
      'higher-is-better',
      'higher-is-better',
    ]);
    expect(withDirection(run, 'lower-is-better').summaries.map((s) => s.direction)).toEqual([
      'lower-is-better',
      'lower-is-better',
    ]);
    expect(run.summaries[0].direction).toBe('higher-is-better'); // the original is untouched
  });
});

describe('units and ranges', () => {
  it('tells rates from durations by the unit', () => {
    for (const u of [
      'req/s',
      'tok/s',
      'ops/s',
      'ops/ms',
      'MB/s',
      'ops',
      'Mops',
      'requests per second',
      'throughput (tok/s)',
      'Hz',
      'GHz',
      'qps',
      'items/min',
      'IOPS',
    ]) {
      expect(directionOfUnit(u), u).toBe('higher-is-better');
    }
    for (const u of [
      'ns',
      'ms',
      's',
      'ns/iter',
      'ms/op',
      'us/iter',
      'Percent',
      'Megabytes',
      '',
      'bytes',
      'ms/request',
    ]) {
      expect(directionOfUnit(u), u).toBe('lower-is-better');
    }
  });

  it('parses the range notations seen in the wild', () => {
    expect(parseRange('± 329')).toEqual({ absolute: 329 });
    expect(parseRange('±2%')).toEqual({ relative: 0.02 });
    expect(parseRange('5%')).toEqual({ relative: 0.05 });
    expect(parseRange('3')).toEqual({ absolute: 3 });
    expect(parseRange('+/- 0.4 us')).toEqual({ absolute: 0.4, unit: 'us' });
    expect(parseRange(0.519165)).toEqual({ absolute: 0.519165 });
    expect(parseRange(-2)).toEqual({ absolute: 2 });
    for (const bad of ['wide', '', '±', NaN, Infinity, null, {}, '1 2']) expect(parseRange(bad)).toBeUndefined();
  });
});

describe('bad entries and files', () => {
  it('skips bad entries with their line, keeps the first of a repeated name, and warns on odd ranges', async () => {
    const text = [
      '[',
      '  {"name": "a", "unit": "ms", "value": 1},',
      '  {"name": "b", "unit": "ms", "value": "fast"},',
      '  {"name": "", "unit": "ms", "value": 1},',
      '  {"name": "a", "unit": "ms", "value": 2},',
      '  {"name": "c", "value": "4.5", "range": "wide", "os": "linux"},',
      '  {"name": "ttft", "unit": "s", "value": 0.2},',
      '  7',
      ']',
    ].join('\n');
    const run = await read('bad.json', text, 0.9);
    expect(run.summaries.map((s) => [s.metric, s.value, s.unit])).toEqual([
      ['a', 1, 'ms'],
      ['c', 4.5, ''],
      ['ttft', 0.2, 's'],
    ]);
    expect(run.sources[0].issues.map((i) => [i.line, i.field ?? null])).toEqual([
      [3, 'value'],
      [4, 'name'],
      [5, 'name'],
      [8, null],
    ]);
    const warnings = run.sources[0].warnings.join('\n');
    expect(warnings).toMatch(/1 entry has no "unit" string; read without a unit \(line 6: c\)/);
    expect(warnings).toMatch(/1 entry has a range that is not .* \(line 6: c: "wide"\)/);
    expect(warnings).toMatch(/1 key\(s\) other than name/);
    expect(warnings).toMatch(/"ttft" has the name of perf-triage's ttft metric/);
    expect((await inputError(read('bad.json', text, 0.05))).message).toMatch(/4 of 7 entries are bad/);
  });

  it('rejects files that are not an array of entries', async () => {
    expect((await inputError(read('obj.json', '{"name": "a", "unit": "ms", "value": 1}'))).message).toMatch(
      /expected a JSON array/,
    );
    expect((await inputError(read('empty.json', '[]'))).message).toMatch(/no entries/);
    expect((await inputError(read('junk.json', '[1, 2]'))).message).toMatch(/no usable entry/);
    expect((await inputError(read('cut.json', '[{"name": "a", "unit": "ms", "val'))).message).toMatch(
      /github-action-benchmark JSON/,
    );
  });

  it('keeps the entries before a break in the file, and says where it broke', async () => {
    const run = await read(
      'cut.json',
      '[{"name": "a", "unit": "ms", "value": 1}, {"name": "b", "unit": "ms", "value": 2}}',
    );
    expect(run.summaries.map((s) => s.metric)).toEqual(['a', 'b']);
    expect(run.sources[0].warnings[0]).toMatch(/nothing after it was read/);
  });

  it('refuses a file larger than the cap before parsing it', async () => {
    const error = await inputError(readGithubActionBenchmark(textSource(LLM, fixture(LLM), 100), options, 200));
    expect(error.message).toMatch(/larger than .*refused before parsing/);
  });
});

describe('detection', () => {
  it('matches every fixture', () => {
    for (const name of [SMALLER, SMALLER2, BIGGER, LLM])
      expect(detectGithubActionBenchmark(fixture(name))).toMatchObject({ match: true });
    expect(githubActionBenchmarkAdapter.id).toBe('github-action-benchmark');
  });

  it('does not match other tools’ files, native telemetry or near misses, and says why', () => {
    for (const file of otherArtifacts()) {
      const d = detectGithubActionBenchmark(readFileSync(file, 'utf8').slice(0, 16 * 1024));
      expect(d.match, file).toBe(false);
      expect(d.reason).toMatch(/not a JSON array of \{"name", "unit", "value"\} entries/);
    }
    const cases: [string, RegExp][] = [
      ['[{"request_id": "r", "first_token_ms": 1, "total_ms": 2}]', /no "name", "unit", "value"/],
      ['{"name": "a", "unit": "ms", "value": 1}', /starts with/],
      ['[]', /empty/],
      ['[{"name": "a", "unit": "ms"}]', /no "value"/],
      ['[{"name": "a", "unit": "ms", "value": 1, "os": "linux"}]', /other keys too \(os\)/],
      ['[[1, 2]]', /not an object/],
      [`[{"name": "${'x'.repeat(20_000)}", "unit": "ms", "value": 1}]`.slice(0, 16 * 1024), /no complete first entry/],
    ];
    for (const [text, reason] of cases)
      expect(detectGithubActionBenchmark(text).reason, text.slice(0, 60)).toMatch(reason);
  });
});

function otherArtifacts(): string[] {
  const out: string[] = [];
  for (const root of ['/work/shared/real-artifacts', 'test/fixtures']) {
    for (const dir of readdirSync(root)) {
      const path = join(root, dir);
      if (dir === 'github-action-benchmark' || !statSync(path).isDirectory()) continue;
      for (const file of readdirSync(path)) if (!file.endsWith('.md')) out.push(join(path, file));
    }
  }
  return out;
}
