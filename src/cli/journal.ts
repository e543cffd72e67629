// `perf-triage journal show | add | render | init`: the performance journal in a checkout
// (`--dir`, .perf-triage by default). The action keeps it through the API; these work on files.

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { buildConfig } from '../config/config';
import { InputError } from '../ingest/errors';
import { loadSide } from '../io/load-side';
import { digestSide } from '../journal/digest';
import { asFirstBaseline, entryBlock, entryFromReport } from '../journal/entry';
import { appendEntries, parseJournal } from '../journal/jsonl';
import { phaseMeans } from '../journal/phases';
import { renderJournal } from '../journal/markdown';
import { journalPaths, type JournalPaths } from '../journal/paths';
import { JOURNAL_SCHEMA, type JournalEntry, type MetricRecord } from '../journal/schema';
import { parseMetricSpec } from '../metrics/metric-spec';
import { triage } from '../report/build';
import { pairBenchmarks } from '../report/groups';
import { plainText } from '../render/escape';
import type { CliIo } from './run';
import { parseCliArgs, UsageError } from './usage-error';

export async function runJournal(args: readonly string[], io: CliIo): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case 'show':
      return show(rest, io);
    case 'add':
      return add(rest, io);
    case 'render':
      return render(rest, io);
    case 'init':
      return init(rest, io);
    default:
      throw new UsageError(`journal needs show, add, render or init (got ${sub ? `"${sub}"` : 'nothing'})`);
  }
}

function parse<T extends Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>>(args: readonly string[], options: T) {
  return parseCliArgs({ args: [...args], options: { dir: { type: 'string' }, ...options }, allowPositionals: true, strict: true });
}

async function load(io: CliIo, dir: string | undefined): Promise<{ paths: JournalPaths; text: string; entries: JournalEntry[] }> {
  const paths = journalPaths(dir);
  const file = resolve(io.cwd, paths.jsonl);
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new InputError(paths.jsonl, `cannot read: ${(error as Error).message}`);
  }
  const parsed = parseJournal(text, paths.jsonl);
  for (const issue of parsed.issues) io.stderr(`${issue.file}:${issue.line}: ${issue.field ? `field "${issue.field}": ` : ''}${issue.message} (skipped)\n`);
  return { paths, text, entries: parsed.entries };
}

async function write(io: CliIo, path: string, content: string): Promise<void> {
  const file = resolve(io.cwd, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

async function show(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parse(args, { benchmark: { type: 'string' }, metric: { type: 'string' }, since: { type: 'string' }, until: { type: 'string' }, json: { type: 'boolean' } });
  const { entries } = await load(io, values.dir);
  const metricKey = values.metric ? specKey(values.metric) : undefined;
  const selected = entries.filter(
    (e) =>
      (!values.benchmark || e.benchmark === values.benchmark) &&
      (!values.since || e.date >= values.since) &&
      (!values.until || e.date <= values.until) &&
      (!metricKey || e.metrics.some((m) => m.key === metricKey)),
  );
  if (values.json) {
    io.stdout(selected.map((e) => JSON.stringify(e)).join('\n') + (selected.length ? '\n' : ''));
    return 0;
  }
  if (metricKey) {
    for (const e of selected) {
      const m = e.metrics.find((x) => x.key === metricKey)!;
      io.stdout(`${e.date}  ${plainText(e.benchmark, 40).padEnd(24)} ${metricKey} ${m.value} ${m.unit}  ${e.verdict}${e.commit ? `  ${e.commit.slice(0, 7)}` : ''}\n`);
    }
  } else {
    for (const e of selected) io.stdout(`${plainText(e.benchmark, 60)} (${e.kind})\n${entryBlock(e).split('\n').map((l) => plainText(l, 400)).join('\n')}\n\n`);
  }
  if (selected.length === 0) io.stdout('no entries match\n');
  return 0;
}

function specKey(text: string): string {
  const spec = parseMetricSpec(text);
  if (typeof spec === 'string') throw new UsageError(`--metric: ${spec}`);
  return spec.key;
}

/** A result recorded by hand: the §8 lines as flags, metrics as "ttft p95=250ms". */
async function add(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parse(args, {
    benchmark: { type: 'string' },
    metric: { type: 'string', multiple: true },
    date: { type: 'string' },
    symptom: { type: 'string' },
    workload: { type: 'string' },
    baseline: { type: 'string' },
    diagnosis: { type: 'string' },
    change: { type: 'string' },
    result: { type: 'string' },
    quality: { type: 'string' },
    effort: { type: 'string' },
    commit: { type: 'string' },
  });
  if (!values.benchmark) throw new UsageError('journal add needs --benchmark NAME');
  const recordedAt = values.date ? isoDate(values.date) : new Date().toISOString();
  const metrics: MetricRecord[] = (values.metric ?? []).map(metricRecord);
  const { paths, text } = await load(io, values.dir);
  const entry: JournalEntry = {
    schema: JOURNAL_SCHEMA,
    id: `manual:${recordedAt}:${values.benchmark}`,
    kind: 'manual',
    benchmark: values.benchmark,
    recordedAt,
    ...(values.commit ? { commit: values.commit } : {}),
    date: recordedAt.slice(0, 10),
    symptom: values.symptom ?? '—',
    workload: values.workload ?? '—',
    baseline: values.baseline ?? '—',
    diagnosis: values.diagnosis ?? '—',
    change: values.change ?? '—',
    result: values.result ?? '—',
    quality: values.quality ?? 'not measured',
    effort: values.effort ?? '—',
    verdict: 'recorded by hand',
    metrics,
    hints: [],
  };
  const appended = appendEntries(text, paths.jsonl, [entry]);
  await write(io, paths.jsonl, appended.text);
  await write(io, paths.markdown, renderJournal(parseJournal(appended.text, paths.jsonl).entries));
  io.stdout(`added to ${paths.jsonl}:\n${entryBlock(entry)}\n`);
  return 0;
}

function isoDate(text: string): string {
  const ms = Date.parse(/T/.test(text) ? text : `${text}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new UsageError(`--date "${text}" is not a date (YYYY-MM-DD)`);
  return new Date(ms).toISOString();
}

function metricRecord(text: string): MetricRecord {
  const match = /^(.+?)\s*=\s*([0-9.]+(?:e[+-]?\d+)?)\s*(ms|s|tok\/s|req\/s)?$/i.exec(text.trim());
  if (!match) throw new UsageError(`--metric "${text}" is not of the form "ttft p95=250ms"`);
  const key = specKey(match[1]);
  const unit = (match[3] ?? 'ms').toLowerCase();
  const value = Number(match[2]) * (unit === 's' ? 1000 : 1);
  return { key, unit: unit === 's' ? 'ms' : unit, value };
}

async function render(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parse(args, {});
  const { paths, entries } = await load(io, values.dir);
  await write(io, paths.markdown, renderJournal(entries));
  io.stdout(`rendered ${entries.length} entries into ${paths.markdown}\n`);
  return 0;
}

/** Records today's baseline from result files: a first entry and the baseline digest. */
async function init(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, { benchmark: { type: 'string' }, commit: { type: 'string' } });
  if (positionals.length === 0) throw new UsageError('journal init needs the result files of the baseline run: perf-triage journal init FILE…');
  const side = await loadSide('head', positionals, { maxBadLineRatio: 0.05, cwd: io.cwd });
  const config = buildConfig({ benchmark: values.benchmark });
  // Compared with itself: every value is recorded, nothing can move.
  const report = triage({ ...side, label: 'base' }, side, config);
  const recordedAt = new Date().toISOString();
  const { paths, text } = await load(io, values.dir);
  const pairs = pairBenchmarks({ ...side, label: 'base' }, side).pairs;
  const entries = report.benchmarks.map((b, i) =>
    asFirstBaseline(entryFromReport(b, { id: `init:${recordedAt}:${b.name}`, kind: 'manual', recordedAt, ...(values.commit ? { commit: values.commit } : {}), phases: phaseMeans(pairs[i].head) })),
  );
  const appended = appendEntries(text, paths.jsonl, entries);
  await write(io, paths.jsonl, appended.text);
  await write(io, paths.markdown, renderJournal(parseJournal(appended.text, paths.jsonl).entries));
  for (const [i, b] of report.benchmarks.entries()) {
    await write(io, paths.baseline(b.name), `${JSON.stringify(digestSide(pairs[i].head, b.name, recordedAt, { ...(values.commit ? { commit: values.commit } : {}), entryId: entries[i].id }))}\n`);
    io.stdout(`baseline for ${plainText(b.name)}: ${paths.baseline(b.name)}\n${entryBlock(entries[i])}\n\n`);
  }
  return 0;
}
