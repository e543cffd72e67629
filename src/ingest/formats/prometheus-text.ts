// A parser of the Prometheus text exposition format (version 0.0.4, as documented at
// prometheus.io/docs/instrumenting/exposition_formats), tolerant of the OpenMetrics additions a
// server may send instead (# EOF, # UNIT, exemplars after " # ", quoted UTF-8 names).
//
//   # HELP name docstring            (docstring escapes: \\ and \n)
//   # TYPE name counter|gauge|histogram|summary|untyped
//   # anything else                  (a comment)
//   name{label="value",...} value [timestamp-ms]
//
// Tokens are separated by blanks or tabs; leading and trailing blanks are ignored; empty lines are
// skipped. Label values escape \\, \" and \n. Values are Go floats (NaN, +Inf, -Inf included);
// the timestamp is an integer number of milliseconds. A line that breaks these rules becomes an
// issue with its line number and is skipped: the parser never throws.

import { err, ok, type Result } from '../../model/result';
import { IssueLog } from '../errors';

export interface Sample {
  name: string;
  /** Label values by label name (a Map: label names are user data, never object keys). */
  labels: Map<string, string>;
  value: number;
  /** Milliseconds since the epoch, when the line has one. */
  timestamp?: number;
  line: number;
}

export interface Exposition {
  samples: Sample[];
  /** Declared family types by family name ("counter", "histogram", …). */
  types: Map<string, string>;
  /** Sample lines seen, good or bad. */
  sampleLines: number;
  /** Lines skipped as malformed (sample, HELP or TYPE lines). */
  badLines: number;
  /** Of those, sample lines. */
  badSampleLines: number;
  issues: IssueLog;
}

const NAME_START = /[a-zA-Z_:]/;
const NAME_CHAR = /[a-zA-Z0-9_:]/;
const LABEL_START = /[a-zA-Z_]/;
const LABEL_CHAR = /[a-zA-Z0-9_]/;
const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const TYPES = new Set([
  'counter',
  'gauge',
  'histogram',
  'summary',
  'untyped',
  'unknown',
  'gaugehistogram',
  'stateset',
  'info',
]);
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * Parses exposition text. `keep` decides which metric names are stored (a scrape holds hundreds of
 * series the caller does not want); every line is still checked.
 */
export function parseExposition(text: string, file: string, keep: (name: string) => boolean = () => true): Exposition {
  const out: Exposition = {
    samples: [],
    types: new Map(),
    sampleLines: 0,
    badLines: 0,
    badSampleLines: 0,
    issues: new IssueLog(),
  };
  const seen = new Set<string>();
  const bad = (line: number, message: string) => {
    out.badLines++;
    out.issues.add({ file, line, message });
  };
  let lineNo = 0;
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (start <= text.length) {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    lineNo++;
    let line = text.slice(start, end);
    start = end + 1;
    if (line.endsWith('\r')) line = line.slice(0, -1);
    line = line.trim();
    if (line === '') continue;
    if (line.startsWith('#')) {
      const problem = readMetadataLine(line, out.types);
      if (problem) bad(lineNo, problem);
      continue;
    }
    out.sampleLines++;
    const result = parseSampleLine(line);
    if (!result.ok) {
      out.badSampleLines++;
      bad(lineNo, result.error);
      continue;
    }
    const parsed = result.value;
    if (!keep(parsed.name)) continue;
    const key = seriesKey(parsed.name, parsed.labels);
    if (seen.has(key)) {
      out.badSampleLines++;
      bad(
        lineNo,
        `${parsed.name}: the same series (name and labels) appears twice in one scrape; the repeat is skipped`,
      );
      continue;
    }
    seen.add(key);
    out.samples.push({ ...parsed, line: lineNo });
  }
  return out;
}

/** A stable identity of a series: name plus its labels in name order. */
export function seriesKey(name: string, labels: Map<string, string>, without?: string): string {
  const parts = [...labels].filter(([k]) => k !== without).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([name, parts]);
}

/** HELP and TYPE lines; other comments are ignored. Returns a problem, or undefined. */
function readMetadataLine(line: string, types: Map<string, string>): string | undefined {
  const match = /^#\s+(HELP|TYPE)(?:\s+(\S+))?(?:\s+(.*))?$/.exec(line);
  if (!match) return undefined;
  const [, keyword, name, rest] = match;
  if (!name || !METRIC_NAME.test(unquote(name)))
    return `# ${keyword}: expected a metric name after ${keyword}, got ${JSON.stringify(name ?? '')}`;
  if (keyword === 'HELP') return undefined;
  const type = (rest ?? '').trim();
  if (!TYPES.has(type))
    return `# TYPE ${name}: expected counter, gauge, histogram, summary or untyped, got ${JSON.stringify(type.slice(0, 30))}`;
  types.set(unquote(name), type);
  return undefined;
}

function unquote(name: string): string {
  return name.length >= 2 && name.startsWith('"') && name.endsWith('"') ? name.slice(1, -1) : name;
}

type ParsedLine = Omit<Sample, 'line'>;

/** One sample line, or why it is not one. */
export function parseSampleLine(text: string): Result<ParsedLine> {
  const line = text.trim();
  let i = 0;
  let name = '';
  if (NAME_START.test(line[0] ?? '')) {
    while (i < line.length && NAME_CHAR.test(line[i])) i++;
    name = line.slice(0, i);
  } else if (line[0] !== '{') {
    return err(`expected a metric name, a comment (#) or a blank line, got ${describe(line[0])}`);
  }
  const labels = new Map<string, string>();
  const braces = skipBlanks(line, i);
  if (line[braces] === '{') {
    const parsed = parseLabels(line, braces + 1, labels);
    if (!parsed.ok) return err(`${name || 'sample'}: ${parsed.error}`);
    const result = parsed.value;
    if (result.name !== undefined) {
      if (name) return err(`${name}: a quoted metric name inside the braces as well as before them`);
      name = result.name;
    }
    i = result.end;
  } else if (i < line.length && line[i] !== ' ' && line[i] !== '\t') {
    return err(`${name}: unexpected ${describe(line[i])} after the name (label values must be in double quotes)`);
  }
  if (!name) return err('expected a metric name before the value');
  const tokens = line
    .slice(i)
    .trim()
    .split(/[ \t]+/)
    .filter((t) => t !== '');
  if (tokens.length === 0) return err(`${name}: no value after the name`);
  const value = parseValue(tokens[0]);
  if (value === undefined)
    return err(
      `${name}: the value ${JSON.stringify(tokens[0].slice(0, 30))} is not a number (expected e.g. 12, 1.5e-3, NaN, +Inf)`,
    );
  let timestamp: number | undefined;
  let next = 1;
  if (tokens.length > 1 && tokens[1] !== '#') {
    if (!/^-?\d+(\.\d+)?$/.test(tokens[1]))
      return err(
        `${name}: expected a timestamp in milliseconds after the value, got ${JSON.stringify(tokens[1].slice(0, 30))}`,
      );
    timestamp = Number(tokens[1]);
    next = 2;
  }
  // OpenMetrics exemplar: " # {labels} value [timestamp]" — not needed here, ignored.
  if (tokens.length > next && tokens[next] !== '#')
    return err(`${name}: unexpected ${JSON.stringify(tokens[next].slice(0, 30))} after the value`);
  return ok(timestamp === undefined ? { name, labels, value } : { name, labels, value, timestamp });
}

/** Labels after '{' up to the matching '}'; a quoted name without '=' is the metric name. */
function parseLabels(line: string, from: number, labels: Map<string, string>): Result<{ end: number; name?: string }> {
  let i = from;
  let metricName: string | undefined;
  for (;;) {
    i = skipBlanks(line, i);
    if (line[i] === '}') return ok({ end: i + 1, name: metricName });
    if (i >= line.length) return err('the label set is not closed with }');
    let label: string;
    if (line[i] === '"') {
      const quoted = readQuoted(line, i + 1);
      if (!quoted.ok) return quoted;
      label = quoted.value.text;
      i = skipBlanks(line, quoted.value.end);
      if (line[i] !== '=') {
        if (metricName !== undefined || labels.size > 0)
          return err(`expected = after the label name ${JSON.stringify(label)}`);
        metricName = label;
        if (line[i] === ',') i++;
        continue;
      }
    } else {
      if (!LABEL_START.test(line[i])) return err(`expected a label name, got ${describe(line[i])}`);
      const startName = i;
      while (i < line.length && LABEL_CHAR.test(line[i])) i++;
      label = line.slice(startName, i);
      i = skipBlanks(line, i);
      if (line[i] !== '=') return err(`expected = after the label name ${label}, got ${describe(line[i])}`);
    }
    i = skipBlanks(line, i + 1);
    if (line[i] !== '"') return err(`label ${label}: expected a value in double quotes, got ${describe(line[i])}`);
    const quotedValue = readQuoted(line, i + 1);
    if (!quotedValue.ok) return err(`label ${label}: ${quotedValue.error}`);
    const value = quotedValue.value;
    if (labels.has(label)) return err(`label ${label} appears twice`);
    labels.set(label, value.text);
    i = skipBlanks(line, value.end);
    if (line[i] === ',') i++;
    else if (line[i] !== '}') return err(`expected , or } after the value of label ${label}, got ${describe(line[i])}`);
  }
}

/** A double-quoted string starting after its opening quote; escapes \\, \" and \n. */
function readQuoted(line: string, from: number): Result<{ text: string; end: number }> {
  let text = '';
  for (let i = from; i < line.length; i++) {
    const c = line[i];
    if (c === '"') return ok({ text, end: i + 1 });
    if (c !== '\\') {
      text += c;
      continue;
    }
    const e = line[++i];
    if (e === '\\') text += '\\';
    else if (e === '"') text += '"';
    else if (e === 'n') text += '\n';
    else return err(`invalid escape \\${e ?? ''} in a quoted string (only \\\\, \\" and \\n are allowed)`);
  }
  return err('a quoted string is not closed');
}

/** A Go float as exposition writes it: decimal, NaN, +Inf/-Inf (any case, Infinity too). */
export function parseValue(token: string): number | undefined {
  if (DECIMAL.test(token)) return Number(token);
  const t = token.toLowerCase();
  if (t === 'nan') return NaN;
  if (/^[+]?inf(inity)?$/.test(t)) return Infinity;
  if (/^-inf(inity)?$/.test(t)) return -Infinity;
  return undefined;
}

function skipBlanks(line: string, i: number): number {
  while (line[i] === ' ' || line[i] === '\t') i++;
  return i;
}

function describe(c: string | undefined): string {
  return c === undefined ? 'the end of the line' : JSON.stringify(c);
}
