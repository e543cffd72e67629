// github-action-benchmark's custom tool input (tool: customSmallerIsBetter / customBiggerIsBetter):
// a JSON array of {name, unit, value, range?, extra?} (BenchmarkResult in the action's
// src/extract.ts; range and extra are free text, though files in the wild also write range as a
// number). These are not LLM-serving numbers: each entry becomes a summary named by the entry,
// stat 'value', with the entry's unit.
//
// Direction: whether bigger or smaller is better is the action's `tool` input, which the file does
// not carry. So an entry is read as smaller-is-better unless its unit names a rate (ends in "/s",
// "/ms", "/min" or another time unit, or in "ops", or mentions throughput, Hz, qps, rps, tps, fps,
// iops); "ns/iter" or "ms/op" stay smaller-is-better. A caller that knows the mode applies it with withDirection.
//
// `range` ("± 1.5", "±2%", "3", 0.52) is the tool's noise hint; SummaryValue has no field for it, so
// it is kept, normalised ("±1.5", "±2%"), in meta.extra["range.<name>"] (parseRange reads it back),
// and `extra` text in meta.extra["extra.<name>"].

import type { Run, SummaryValue } from '../../model/run';
import { emptyMeta } from '../../model/run';
import { METRICS } from '../../metrics/catalog';
import { InputError, IssueLog } from '../errors';
import type { TextSource } from '../source';
import { JsonStreamSplitter } from '../text/json-stream';
import { parseJsonLenient } from '../text/lenient-json';
import type { ArtifactAdapter, Detection, IngestOptions } from './adapter';
import { asObject, MAX_DOCUMENT_BYTES, own, readDocument } from './document';
import { finiteNumber } from './values';

export const GITHUB_ACTION_BENCHMARK_FORMAT = 'github-action-benchmark';
const LABEL = 'github-action-benchmark JSON';
const ENTRY_KEYS = new Set(['name', 'unit', 'value', 'range', 'extra']);
const MAX_EXTRA_KEYS = 200;
const MAX_TEXT = 200;

export type Direction = NonNullable<SummaryValue['direction']>;

export const githubActionBenchmarkAdapter: ArtifactAdapter = {
  id: GITHUB_ACTION_BENCHMARK_FORMAT,
  label: 'github-action-benchmark custom JSON',
  writtenBy:
    'your benchmark script, for benchmark-action/github-action-benchmark with tool: customSmallerIsBetter or customBiggerIsBetter',
  detect: detectGithubActionBenchmark,
  read: (source, options) => readGithubActionBenchmark(source, options),
};

/** A JSON array whose first entry has name, unit and value, and no keys but those, range and extra. */
export function detectGithubActionBenchmark(head: string): Detection {
  const text = head.replace(/^\ufeff/, '').trimStart();
  const no = (why: string): Detection => ({
    match: false,
    reason: `not a JSON array of {"name", "unit", "value"} entries: ${why}`,
  });
  if (!text.startsWith('[')) return no(`starts with ${JSON.stringify(text.slice(0, 20))}`);
  let firstText: string | undefined;
  const splitter = new JsonStreamSplitter();
  splitter.push(text, { onElement: (t) => (firstText ??= t), onError: () => undefined });
  if (firstText === undefined)
    return no(/^\[\s*\]/.test(text) ? 'the array is empty' : 'no complete first entry in the first 16 KiB');
  let first: unknown;
  try {
    first = parseJsonLenient(firstText);
  } catch {
    return no('the first entry is not valid JSON');
  }
  const entry = asObject(first);
  if (!entry) return no('the first entry is not an object');
  const missing = ['name', 'unit', 'value'].filter((k) => !Object.hasOwn(entry, k));
  if (missing.length > 0) return no(`the first entry has no ${missing.map((k) => `"${k}"`).join(', ')}`);
  const others = Object.keys(entry).filter((k) => !ENTRY_KEYS.has(k));
  if (others.length > 0)
    return no(
      `the first entry has other keys too (${others.slice(0, 3).join(', ')}); force the format to read it anyway`,
    );
  return { match: true, reason: 'github-action-benchmark entries {name, unit, value}' };
}

export async function readGithubActionBenchmark(
  source: TextSource,
  options: IngestOptions,
  maxBytes = MAX_DOCUMENT_BYTES,
): Promise<Run[]> {
  const text = await readDocument(source, LABEL, maxBytes);
  const issues = new IssueLog();
  const warnings: string[] = [];
  const meta = emptyMeta();
  const summaries: SummaryValue[] = [];
  const names = new Set<string>();
  let read = 0;
  let skipped = 0;
  let structural: string | undefined;
  const reject = (line: number, message: string, field?: string) => {
    skipped++;
    issues.add({ file: source.name, line, message, ...(field ? { field } : {}) });
  };
  let ignoredKeys = 0;
  const noUnit = new Examples('no "unit" string; read without a unit');
  const badRange = new Examples('a range that is not "± number" or "± number%"; ignored');

  const splitter = new JsonStreamSplitter();
  const handlers = {
    onElement: (raw: string, line: number) => {
      read++;
      let value: unknown;
      try {
        value = parseJsonLenient(raw);
      } catch (error) {
        reject(line, `not valid JSON: ${(error as Error).message}`);
        return;
      }
      const entry = asObject(value);
      if (!entry)
        return reject(
          line,
          `expected an entry {"name", "unit", "value"}, got ${Array.isArray(value) ? 'a list' : JSON.stringify(value)?.slice(0, 40)}`,
        );
      const name = own(entry, 'name');
      if (typeof name !== 'string' || name.trim() === '')
        return reject(
          line,
          `expected a non-empty string, got ${JSON.stringify(name)?.slice(0, 40) ?? 'nothing'}`,
          'name',
        );
      const number = finiteNumber(own(entry, 'value'));
      if (number === undefined || Number.isNaN(number)) {
        return reject(
          line,
          `entry ${JSON.stringify(name.slice(0, 60))}: expected a finite number, got ${JSON.stringify(own(entry, 'value'))?.slice(0, 40) ?? 'nothing'}`,
          'value',
        );
      }
      if (names.has(name))
        return reject(line, `entry ${JSON.stringify(name.slice(0, 60))} appears again; the first one is kept`, 'name');
      names.add(name);
      const rawUnit = own(entry, 'unit');
      const unit = typeof rawUnit === 'string' ? rawUnit.trim() : '';
      if (typeof rawUnit !== 'string') noUnit.add(line, name);
      summaries.push({
        metric: name,
        stat: 'value',
        value: number,
        unit,
        direction: directionOfUnit(unit),
        field: name,
      });
      if (Object.hasOwn(METRICS, name)) {
        warnings.push(
          `entry "${name}" has the name of perf-triage's ${name} metric, so it is compared as that metric (in ${METRICS[name as keyof typeof METRICS].unit}); rename it if its unit is ${unit || 'something else'}`,
        );
      }
      keepText(meta.extra, `range.${name}`, rangeText(own(entry, 'range'), unit, name, line, badRange));
      const extra = own(entry, 'extra');
      keepText(
        meta.extra,
        `extra.${name}`,
        typeof extra === 'string' && extra !== '' ? extra.slice(0, MAX_TEXT) : undefined,
      );
      ignoredKeys += Object.keys(entry).filter((k) => !ENTRY_KEYS.has(k)).length;
    },
    onError: (message: string, line: number) => {
      structural ??= `line ${line}: ${message}`;
    },
  };
  splitter.push(text, handlers);
  splitter.end(handlers);

  if (splitter.shape !== 'array') {
    throw new InputError(
      source.name,
      `${LABEL}: expected a JSON array of {"name", "unit", "value"} entries${structural ? ` (${structural})` : ''}`,
    );
  }
  if (structural) {
    if (read === 0) throw new InputError(source.name, `${LABEL}: ${structural}`);
    warnings.unshift(`${structural}; nothing after it was read`);
  }
  const first = issues.kept[0];
  if (summaries.length === 0) {
    throw new InputError(
      source.name,
      first
        ? `${LABEL}: ${first.message} (no usable entry: ${skipped} of ${read} rejected, this is the first)`
        : `${LABEL}: the array has no entries`,
      first?.line,
      first?.field,
    );
  }
  if (skipped / read > options.maxBadLineRatio) {
    throw new InputError(
      source.name,
      `${LABEL}: ${first ? `${first.message} — ` : ''}${skipped} of ${read} entries are bad, more than the ${Number((options.maxBadLineRatio * 100).toPrecision(3))}% allowed (max-bad-lines); this is the first`,
      first?.line,
      first?.field,
    );
  }
  warnings.push(...noUnit.warning(), ...badRange.warning());
  if (ignoredKeys > 0)
    warnings.push(`${ignoredKeys} key(s) other than name, unit, value, range and extra were ignored`);
  warnings.push(
    "the file does not say whether bigger or smaller is better (that is the action's tool input): entries whose unit is a rate are read as bigger-is-better, all others as smaller-is-better",
  );
  return [
    {
      meta,
      summaries,
      sources: [
        {
          file: source.name,
          format: GITHUB_ACTION_BENCHMARK_FORMAT,
          recordsRead: read,
          recordsKept: summaries.length,
          skipped,
          issues: issues.kept,
          warnings,
        },
      ],
      role: 'summary',
    },
  ];
}

/** Higher is better for rates ("tok/s", "ops", "req/s", "throughput", "Hz"), lower for the rest. */
export function directionOfUnit(unit: string): Direction {
  const u = unit.trim().toLowerCase();
  // Something per unit of time ("tok/s", JMH's "ops/ms"); time per something ("ns/iter") is not.
  if (/\/\s*(ns|us|µs|ms|s|sec|secs|second|seconds|min|mins|minute|minutes|h|hr|hour|hours)$/.test(u))
    return 'higher-is-better';
  if (/\bper\s+(s|sec|second|min|minute|h|hour)\b/.test(u)) return 'higher-is-better';
  if (/ops$/.test(u) || /\b(throughput|[kmg]?hz|qps|rps|tps|fps|iops)\b/.test(u)) return 'higher-is-better';
  return 'lower-is-better';
}

/** The run with every github-action-benchmark summary given `direction` (the action's tool mode). */
export function withDirection(run: Run, direction: Direction): Run {
  if (!run.sources.some((s) => s.format === GITHUB_ACTION_BENCHMARK_FORMAT)) return run;
  return { ...run, summaries: run.summaries.map((s) => (s.stat === 'value' ? { ...s, direction } : s)) };
}

export interface NoiseRange {
  /** ± this much, in the entry's unit. */
  absolute?: number;
  /** ± this fraction of the value (2% → 0.02). */
  relative?: number;
  /** A unit written after the number ("+/- 0.4 us"), when there is one. */
  unit?: string;
}

/** "± 1.5", "+/- 1.5 ms", "±2%", "3", or a number; undefined for anything else. */
export function parseRange(raw: unknown): NoiseRange | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? { absolute: Math.abs(raw) } : undefined;
  if (typeof raw !== 'string') return undefined;
  const match = /^(?:±|\+\/-|\+-)?\s*([0-9]*\.?[0-9]+(?:[eE][+-]?\d+)?)\s*(%?)\s*([a-zA-Zµ/]*)$/.exec(raw.trim());
  if (!match) return undefined;
  const n = Number(match[1]);
  if (!Number.isFinite(n)) return undefined;
  if (match[2] === '%') return { relative: n / 100 };
  return match[3] ? { absolute: n, unit: match[3] } : { absolute: n };
}

function rangeText(raw: unknown, unit: string, name: string, line: number, bad: Examples): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  const range = parseRange(raw);
  if (!range) {
    bad.add(line, `${name}: ${JSON.stringify(raw)?.slice(0, 40)}`);
    return undefined;
  }
  if (range.relative !== undefined) return `±${Number((range.relative * 100).toPrecision(12))}%`;
  const rangeUnit = range.unit ?? unit;
  return `±${range.absolute}${rangeUnit ? ` ${rangeUnit}` : ''}`;
}

function keepText(extra: Record<string, string>, key: string, text: string | undefined): void {
  if (text === undefined || Object.keys(extra).length >= MAX_EXTRA_KEYS) return;
  extra[key] = text;
}

/** One warning for many entries with the same problem: the count and the first few. */
class Examples {
  private count = 0;
  private readonly first: string[] = [];

  constructor(private readonly problem: string) {}

  add(line: number, what: string): void {
    if (++this.count <= 3) this.first.push(`line ${line}: ${what.slice(0, 80)}`);
  }

  warning(): string[] {
    return this.count === 0
      ? []
      : [
          `${this.count} ${this.count === 1 ? 'entry has' : 'entries have'} ${this.problem} (${this.first.join('; ')}${this.count > 3 ? '; …' : ''})`,
        ];
  }
}
