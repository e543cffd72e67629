// The text exposition parser on its own: the documented syntax (HELP/TYPE, labels and their
// escapes, NaN/±Inf, timestamps, comments), the OpenMetrics additions a server may send, and bad
// lines reported with their line numbers instead of a crash.

import { describe, expect, it } from 'vitest';
import { parseExposition, parseSampleLine, parseValue } from '../../../src/ingest/formats/prometheus-text';
import type { Result } from '../../../src/model/result';

const sample = (line: string) => {
  const result = parseSampleLine(line);
  if (!result.ok) throw new Error(result.error);
  const parsed = result.value;
  return {
    name: parsed.name,
    labels: Object.fromEntries(parsed.labels),
    value: parsed.value,
    timestamp: parsed.timestamp,
  };
};

/** The message of a line that is not a sample ('' when it is one). */
const errorOf = (r: Result<unknown>): string => (r.ok ? '' : r.error);

describe('sample lines', () => {
  it('reads names, labels, values and timestamps', () => {
    expect(sample('vllm:num_requests_running{engine="0",model_name="opt"} 64.0')).toEqual({
      name: 'vllm:num_requests_running',
      labels: { engine: '0', model_name: 'opt' },
      value: 64,
      timestamp: undefined,
    });
    expect(sample('process_cpu_seconds_total 16.94')).toEqual({
      name: 'process_cpu_seconds_total',
      labels: {},
      value: 16.94,
      timestamp: undefined,
    });
    expect(sample('http_requests_total{method="post",code="200"} 1027 1395066363000')).toMatchObject({
      value: 1027,
      timestamp: 1395066363000,
    });
    expect(sample('  metric_without_timestamp_and_labels \t 12.47  ')).toMatchObject({
      name: 'metric_without_timestamp_and_labels',
      value: 12.47,
    });
    expect(sample('a{le="+Inf",} 3')).toEqual({ name: 'a', labels: { le: '+Inf' }, value: 3, timestamp: undefined });
    expect(sample('a{} 1e-05')).toMatchObject({ labels: {}, value: 1e-5 });
    expect(sample('a { x = "1" } 2')).toMatchObject({ labels: { x: '1' }, value: 2 });
  });

  it('unescapes \\\\, \\" and \\n in label values, and keeps everything else inside quotes', () => {
    expect(
      sample(
        'msdos_file_access_time_seconds{path="C:\\\\DIR\\\\FILE.TXT",error="Cannot find file:\\n\\"FILE.TXT\\""} 1.458255915e9',
      ).labels,
    ).toEqual({
      path: 'C:\\DIR\\FILE.TXT',
      error: 'Cannot find file:\n"FILE.TXT"',
    });
    expect(sample('a{x="} {y=\\"1\\", # not a comment"} 5').labels).toEqual({ x: '} {y="1", # not a comment' });
  });

  it('reads NaN and infinities as Go does', () => {
    expect(parseValue('NaN')).toBeNaN();
    expect(parseValue('+Inf')).toBe(Infinity);
    expect(parseValue('-Inf')).toBe(-Infinity);
    expect(parseValue('inf')).toBe(Infinity);
    expect(parseValue('1.7869290186207745e+09')).toBe(1786929018.6207745);
    expect(parseValue('12abc')).toBeUndefined();
    expect(parseValue('0x1p-2')).toBeUndefined();
  });

  it('accepts OpenMetrics exemplars and quoted UTF-8 names', () => {
    expect(sample('foo_bucket{le="0.01"} 0 # {trace_id="KOO5S4vxi0o"} 0.004 1.6e9')).toMatchObject({
      name: 'foo_bucket',
      value: 0,
    });
    expect(sample('{"my.dotted.metric", "a.b"="c"} 7')).toEqual({
      name: 'my.dotted.metric',
      labels: { 'a.b': 'c' },
      value: 7,
      timestamp: undefined,
    });
  });

  it('says what is wrong with a bad line', () => {
    expect(errorOf(parseSampleLine('foo{a=1} 2'))).toMatch(/label a: expected a value in double quotes/);
    expect(errorOf(parseSampleLine('foo{a="1" 2'))).toMatch(/expected , or }/);
    expect(errorOf(parseSampleLine('foo{a="x\\q"} 2'))).toMatch(/invalid escape \\q/);
    expect(errorOf(parseSampleLine('foo{a="open} 2'))).toMatch(/not closed/);
    expect(errorOf(parseSampleLine('foo'))).toMatch(/no value/);
    expect(errorOf(parseSampleLine('foo bar'))).toMatch(/not a number/);
    expect(errorOf(parseSampleLine('foo 1 2 3'))).toMatch(/unexpected "3"/);
    expect(errorOf(parseSampleLine('foo 1 soon'))).toMatch(/timestamp/);
    expect(errorOf(parseSampleLine('9foo 1'))).toMatch(/expected a metric name/);
    expect(errorOf(parseSampleLine('foo{a="1",a="2"} 1'))).toMatch(/appears twice/);
    expect(errorOf(parseSampleLine('foo-bar 1'))).toMatch(/unexpected "-"/);
  });
});

describe('parseExposition', () => {
  it('reads HELP/TYPE, skips comments and blank lines, and reports bad lines with their numbers', () => {
    const text = [
      '\ufeff# HELP foo A \\\\ help with \\n escapes',
      '# TYPE foo counter',
      '# a plain comment',
      '',
      'foo_total{x="1"} 3',
      'foo_total{x="1"} 4',
      'broken{ 1',
      '# TYPE bar nonsense',
      '# EOF',
      'bar 2\r',
    ].join('\n');
    const expo = parseExposition(text, 'scrape.txt');
    expect(expo.types.get('foo')).toBe('counter');
    expect(expo.samples.map((s) => [s.name, s.value, s.line])).toEqual([
      ['foo_total', 3, 5],
      ['bar', 2, 10],
    ]);
    expect(expo.sampleLines).toBe(4);
    expect(expo.badLines).toBe(3);
    expect(expo.badSampleLines).toBe(2);
    expect(expo.issues.kept.map((i) => [i.file, i.line])).toEqual([
      ['scrape.txt', 6],
      ['scrape.txt', 7],
      ['scrape.txt', 8],
    ]);
    expect(expo.issues.kept[0].message).toMatch(/appears twice/);
    expect(expo.issues.kept[2].message).toMatch(/# TYPE bar: expected counter/);
  });

  it('stores only the names asked for, but still checks every line', () => {
    const expo = parseExposition('keep_me 1\ndrop_me 2\ndrop_me{ 3\n', 'f', (n) => n === 'keep_me');
    expect(expo.samples.map((s) => s.name)).toEqual(['keep_me']);
    expect(expo.badLines).toBe(1);
  });

  it('never throws, whatever the text', () => {
    for (const text of [
      '',
      '\n\n',
      '{',
      '}',
      '#',
      '# TYPE',
      '# HELP',
      'a{',
      'a{"',
      'a{b',
      'a{b=',
      'a{b="',
      '\\',
      '\u0000 1',
      '{"x"} 1',
      '{} 1',
    ]) {
      expect(() => parseExposition(text, 'f')).not.toThrow();
    }
  });
});
