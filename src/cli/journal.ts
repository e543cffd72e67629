// `perf-triage journal init | record | show | add | render`: the performance journal in a checkout
// (`--dir`, .perf-triage by default). The files change as the action changes them on the journal's
// branch (src/journal/store.ts for both): these commands write them in the checkout, to commit.

import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { buildConfig } from '../config/config';
import { InputError } from '../ingest/errors';
import { loadSide } from '../io/load-side';
import { loadProfileInputs } from '../io/load-profiles';
import { loadQualityInputs } from '../io/load-quality';
import { parseCommand } from '../journal/commands';
import { entryBlock } from '../journal/entry';
import { describeUnread } from '../journal/jsonl';
import { journalPaths, type JournalPaths } from '../journal/paths';
import { recordedEntries, recordInput } from '../journal/record';
import { JOURNAL_SCHEMA, type JournalEntry, type MetricRecord } from '../journal/schema';
import type { Acceptance } from '../report/model';
import {
  findBaseline,
  readJournal,
  recordChanges,
  renderMarkdownFiles,
  type FileChange,
  type FileReader,
  type JournalView,
} from '../journal/store';
import { renderSegmentPage, sortedByTime } from '../journal/markdown';
import { parseJournal } from '../journal/jsonl';
import { parseMetricSpec, specLabel } from '../metrics/metric-spec';
import { withUnit } from '../display/numbers';
import { didYouMean } from '../display/suggest';
import { triage } from '../report/triage';
import { pairBenchmarks } from '../report/groups';
import { plainText } from '../render/escape';
import { parseCompareArgs, rawConfig } from './compare-options';
import { noiseFilesInDir, readNoiseFiles } from './noise';
import { JOURNAL_COMMANDS } from './usage';
import type { CliIo } from './run';
import { parseCliArgs, UsageError, withAliases } from './usage-error';

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
    case 'record':
      return record(rest, io);
    default:
      throw new UsageError(
        sub
          ? `unknown journal command "${sub}"${didYouMean(sub, JOURNAL_COMMANDS)}: expected ${JOURNAL_COMMANDS.join(', ')}; see perf-triage journal --help`
          : `journal needs a command: ${JOURNAL_COMMANDS.join(', ')}; see perf-triage journal --help`,
      );
  }
}

type Options = Record<string, { type: 'string' | 'boolean'; multiple?: boolean }>;

function parse<T extends Options>(args: readonly string[], command: string, options: T) {
  return parseCliArgs(
    {
      args: withAliases(args, { 'journal-dir': 'dir' }),
      options: { dir: { type: 'string' }, ...options },
      allowPositionals: true,
      strict: true,
    },
    `journal ${command}`,
  );
}

/** The checkout's files as the journal store reads them. */
function fileReader(io: CliIo): FileReader {
  return async (path) => {
    try {
      return await readFile(resolve(io.cwd, path), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return undefined;
      throw new InputError(path, `cannot read: ${code === 'EISDIR' ? 'is a directory' : (error as Error).message}`);
    }
  };
}

async function load(
  io: CliIo,
  dir: string | undefined,
  options: { mustExist?: boolean } = {},
): Promise<{ paths: JournalPaths; view: JournalView }> {
  const paths = journalPaths(dir);
  const view = await readJournal(fileReader(io), paths, { all: true });
  if (options.mustExist && !view.exists) {
    throw new InputError(
      paths.dir,
      `no journal here (${paths.jsonl} does not exist): start one with perf-triage journal init FILE… or journal record BASE HEAD${dir === undefined ? ', or name its folder with --dir' : ''}`,
    );
  }
  reportUnread(io, view);
  return { paths, view };
}

function reportUnread(io: CliIo, view: { issues: JournalView['issues'] }): void {
  for (const issue of view.issues)
    io.stderr(`${plainText(describeUnread(issue), 400)}${issue.newerSchema ? '' : ' (kept in the file, not read)'}\n`);
}

async function writeFiles(io: CliIo, files: readonly FileChange[]): Promise<void> {
  for (const f of files) {
    const file = resolve(io.cwd, f.path);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, f.content);
  }
}

async function show(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parse(args, 'show', {
    benchmark: { type: 'string' },
    metric: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
    json: { type: 'boolean' },
  });
  const since = values.since === undefined ? undefined : calendarDate(values.since, '--since');
  const until = values.until === undefined ? undefined : calendarDate(values.until, '--until');
  if (since && until && since > until)
    throw new UsageError(`--since ${since} is after --until ${until}: no entry can match`);
  const { view } = await load(io, values.dir, { mustExist: true });
  const spec = values.metric ? metricSpec(values.metric) : undefined;
  const selected = sortedByTime(view.entries).filter(
    (e) =>
      (!values.benchmark || e.benchmark === values.benchmark) &&
      (!since || e.date >= since) &&
      (!until || e.date <= until) &&
      (!spec || e.metrics.some((m) => m.key === spec.key)),
  );
  if (values.json) {
    io.stdout(selected.map((e) => JSON.stringify(e)).join('\n') + (selected.length ? '\n' : ''));
    return 0;
  }
  if (selected.length === 0) {
    const benchmarks = [...new Set(view.entries.map((e) => e.benchmark))];
    io.stdout(
      `no entries match (the journal has ${view.entries.length} ${view.entries.length === 1 ? 'entry' : 'entries'}${benchmarks.length ? ` of ${benchmarks.map((b) => plainText(b, 40)).join(', ')}` : ''})\n`,
    );
    return 0;
  }
  if (spec) {
    const label = specLabel(spec);
    const rows = selected.map((e) => {
      const m = e.metrics.find((x) => x.key === spec.key)!;
      return [
        e.date,
        plainText(e.benchmark, 40),
        label,
        withUnit(m.value, m.unit),
        plainText(e.verdict, 40),
        e.commit ? plainText(e.commit.slice(0, 7)) : '',
      ];
    });
    io.stdout(columns(rows, [false, false, false, true, false, false]));
  } else {
    for (const e of selected)
      io.stdout(
        `${plainText(e.benchmark, 60)} (${e.kind})\n${entryBlock(e)
          .split('\n')
          .map((l) => plainText(l, 400))
          .join('\n')}\n\n`,
      );
  }
  return 0;
}

/** Rows as aligned columns (right-aligned where asked), two spaces apart. */
function columns(rows: readonly string[][], right: readonly boolean[]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)));
  return (
    rows
      .map((r) =>
        r
          .map((c, i) => (right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i])))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

function metricSpec(text: string) {
  const spec = parseMetricSpec(text);
  if (typeof spec === 'string') throw new UsageError(`--metric: ${spec}`);
  return spec;
}

/** A real calendar date, YYYY-MM-DD (2026-13-01 and 2026-02-30 are not). */
export function calendarDate(text: string, flag: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const ok = match && new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])).toISOString().slice(0, 10) === match[0];
  if (!ok)
    throw new UsageError(
      `${flag} "${text}" is not a date: expected YYYY-MM-DD, such as ${new Date().toISOString().slice(0, 10)}`,
    );
  return match![0];
}

/** A result recorded by hand: the §8 lines as flags, metrics as "ttft p95=250ms". */
async function add(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parse(args, 'add', {
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
  if (!values.benchmark) throw new UsageError('journal add needs --benchmark NAME; see perf-triage journal add --help');
  const recordedAt = values.date ? `${calendarDate(values.date, '--date')}T00:00:00.000Z` : new Date().toISOString();
  const metrics: MetricRecord[] = (values.metric ?? []).map(metricRecord);
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
  const paths = journalPaths(values.dir);
  const changes = await recordChanges(fileReader(io), paths, { entries: [entry] });
  reportUnread(io, changes);
  if (changes.added.length === 0) {
    io.stdout(`already in ${paths.jsonl}: ${entry.id}\n`);
    return 0;
  }
  await writeFiles(io, changes.files);
  io.stdout(`added to ${paths.jsonl}:\n${entryBlock(entry)}\n`);
  return 0;
}

function metricRecord(text: string): MetricRecord {
  const match = /^(.+?)\s*=\s*([0-9.]+(?:e[+-]?\d+)?)\s*(ms|s|tok\/s|req\/s)?$/i.exec(text.trim());
  if (!match) throw new UsageError(`--metric "${text}" is not of the form "ttft p95=250ms"`);
  const key = metricSpec(match[1]).key;
  const unit = (match[3] ?? 'ms').toLowerCase();
  const value = Number(match[2]) * (unit === 's' ? 1000 : 1);
  return { key, unit: unit === 's' ? 'ms' : unit, value };
}

/** JOURNAL.md and every full segment's page, rewritten from the JSONL. */
async function render(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parse(args, 'render', {});
  const { paths, view } = await load(io, values.dir, { mustExist: true });
  const read = fileReader(io);
  const files: FileChange[] = [];
  const segments = view.index.segments;
  for (const [i, info] of segments.entries()) {
    const parsed = parseJournal((await read(paths.segment(i + 1))) ?? '', `journal/${info.file}`);
    files.push({
      path: paths.segmentPage(i + 1),
      content: renderSegmentPage(parsed.entries, parsed.issues, { number: i + 1, info }),
    });
  }
  const lastFull = segments.length ? ((await read(paths.segment(segments.length))) ?? '') : '';
  files.push({ path: paths.markdown, content: renderMarkdownFiles(paths, view.index, lastFull, view.current.text) });
  await writeFiles(io, files);
  io.stdout(
    `rendered ${view.current.parsed.entries.length} entries into ${paths.markdown}${segments.length ? ` and ${segments.length} older segment page(s)` : ''}\n`,
  );
  return 0;
}

/** Records a benchmark's first baseline from result files: a first entry and the baseline digest. */
async function init(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args, 'init', {
    benchmark: { type: 'string' },
    commit: { type: 'string' },
    force: { type: 'boolean' },
  });
  if (positionals.length === 0)
    throw new UsageError('journal init needs the result files of the baseline run: perf-triage journal init FILE…');
  const side = await loadSide('head', positionals, { maxBadLineRatio: 0.05, cwd: io.cwd });
  const config = buildConfig({ benchmark: values.benchmark });
  const paths = journalPaths(values.dir);
  const read = fileReader(io);
  const heads = pairBenchmarks({ ...side, label: 'base' }, side).pairs.map((p) => p.head);
  // Compared with itself: every value is recorded, nothing can move.
  const report = triage({ ...side, label: 'base' }, side, config);
  const existing = (
    await Promise.all(
      report.benchmarks.map(async (b) => ({ name: b.name, found: await findBaseline(read, paths, b.name) })),
    )
  ).filter((x) => x.found);
  if (existing.length && !values.force) {
    const what = await Promise.all(
      existing.map(async ({ name, found }) => `${plainText(name)}: ${found!.path}${await describeDigest(found!.text)}`),
    );
    throw new UsageError(
      `a baseline exists for ${what.join('; ')}. journal init would replace it with ${positionals.map((p) => plainText(p)).join(', ')}; ` +
        `pass --force to replace it, or record a compared result instead with perf-triage journal record BASE HEAD`,
    );
  }
  const recordedAt = new Date().toISOString();
  const replaced = new Set(existing.map((x) => x.name));
  const entries = recordedEntries(report, heads, {
    idPrefix: `init:${recordedAt}`,
    kind: 'manual',
    recordedAt,
    ...(values.commit ? { commit: values.commit } : {}),
    firstBaseline: new Set(report.benchmarks.map((b) => b.name)),
  }).map((e) =>
    replaced.has(e.benchmark)
      ? { ...e, verdict: 'baseline replaced', symptom: 'baseline replaced by hand (journal init --force)' }
      : e,
  );
  const changes = await recordChanges(read, paths, recordInput(report, heads, entries, recordedAt, values.commit));
  reportUnread(io, changes);
  await writeFiles(io, changes.files);
  for (const e of changes.added)
    io.stdout(
      `baseline for ${plainText(e.benchmark)}: ${changes.baselinePaths.get(e.benchmark)}${replaced.has(e.benchmark) ? ' (replaced)' : ''}\n${entryBlock(e)}\n\n`,
    );
  return 0;
}

/** " (recorded 2026-10-01 from commit abc1234)" from a digest's text. */
async function describeDigest(text: string): Promise<string> {
  try {
    const d = JSON.parse(text) as { createdAt?: unknown; commit?: unknown };
    const parts = [
      typeof d.createdAt === 'string' ? `recorded ${d.createdAt.slice(0, 10)}` : '',
      typeof d.commit === 'string' ? `from commit ${plainText(d.commit.slice(0, 7))}` : '',
    ].filter(Boolean);
    return parts.length ? ` (${parts.join(' ')})` : '';
  } catch {
    return ' (unreadable)';
  }
}

/** Compares and records as the action does on a merge: entries, JOURNAL.md, baselines moved. */
async function record(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCompareArgs(withAliases(args, { 'journal-dir': 'dir' }), 'journal record', {
    dir: { type: 'string' },
    commit: { type: 'string' },
    pr: { type: 'string' },
    accept: { type: 'string' },
    by: { type: 'string' },
    date: { type: 'string' },
    noise: { type: 'string', multiple: true },
  });
  const base = [...(positionals[0] ? [positionals[0]] : []), ...(values.base ?? [])];
  const head = [...(positionals[1] ? [positionals[1]] : []), ...(values.head ?? [])];
  if (positionals.length > 2)
    throw new UsageError(
      `journal record takes two files (BASE HEAD); got extra "${positionals[2]}" — use --base/--head for more runs`,
    );
  if (base.length === 0 || head.length === 0)
    throw new UsageError(
      'journal record needs the baseline and the merged result: perf-triage journal record BASE HEAD [--commit SHA]',
    );
  if (values.accept !== undefined && !values.by)
    throw new UsageError('--accept needs --by NAME: who accepted the regression');
  const pr = values.pr === undefined ? undefined : Number(values.pr.replace(/^#/, ''));
  if (pr !== undefined && !(Number.isInteger(pr) && pr > 0))
    throw new UsageError(`--pr "${values.pr}" is not a pull request number`);
  const config = buildConfig(rawConfig(values));
  const options = { maxBadLineRatio: config.maxBadLineRatio, format: values['input-format'], cwd: io.cwd };
  const baseSide = await loadSide('base', base, options);
  const headSide = await loadSide('head', head, options);
  const profiles = await loadProfileInputs(values['baseline-profile'] ?? [], values.profile ?? [], io.cwd);
  const quality = await loadQualityInputs(values['baseline-quality'] ?? [], values.quality ?? [], io.cwd);
  const pairs = pairBenchmarks(baseSide, headSide).pairs;
  // The benchmark's calibration in the journal directory applies unless other noise files are named.
  const noise = await readNoiseFiles(
    values.noise ??
      (await noiseFilesInDir(
        values.dir,
        pairs.map((p) => p.name),
        io.cwd,
      )),
    io.cwd,
    values.noise ? undefined : pairs.flatMap((p) => p.head.runs),
  );
  const report = noise.annotate(
    triage(baseSide, headSide, noise.apply(config), {
      ...(profiles ? { profiles } : {}),
      ...(quality ? { quality } : {}),
    }),
  );
  const heads = pairs.map((p) => p.head);
  const recordedAt = values.date ? `${calendarDate(values.date, '--date')}T00:00:00.000Z` : new Date().toISOString();
  const acceptance =
    values.accept !== undefined ? acceptanceOf(values.accept, values.by!, values.commit, recordedAt) : undefined;
  const entries = recordedEntries(report, heads, {
    idPrefix: `cli:${values.commit ?? recordedAt}`,
    kind: 'recorded',
    recordedAt,
    ...(values.commit ? { commit: values.commit } : {}),
    ...(pr !== undefined ? { pullRequest: { number: pr } } : {}),
    ...(acceptance ? { acceptance } : {}),
  });
  const paths = journalPaths(values.dir);
  const changes = await recordChanges(
    fileReader(io),
    paths,
    recordInput(report, heads, entries, recordedAt, values.commit),
  );
  reportUnread(io, changes);
  if (changes.added.length === 0) {
    io.stdout(`already in ${paths.jsonl}: ${entries.map((e) => plainText(e.id)).join(', ')} (nothing appended)\n`);
    return 0;
  }
  await writeFiles(io, changes.files);
  for (const e of changes.added) {
    io.stdout(
      `recorded ${plainText(e.benchmark)}: ${e.kind}${e.kind === 'unaccepted-regression' ? ' (a regression recorded without acceptance)' : ''}; baseline moved to ${changes.baselinePaths.get(e.benchmark)}\n${entryBlock(e)}\n\n`,
    );
  }
  io.stdout(`wrote ${changes.files.map((f) => f.path).join(', ')}: commit them\n`);
  return 0;
}

/** --accept "reason effort: 2 days", as /perf accept writes it. */
function acceptanceOf(text: string, by: string, commit: string | undefined, at: string): Acceptance {
  const parsed = parseCommand(`/perf accept ${text}`);
  const reason = parsed?.name === 'accept' ? parsed.reason : text;
  const effort = parsed?.name === 'accept' ? parsed.effort : undefined;
  return { by, reason, ...(effort ? { effort } : {}), sha: commit ?? '', at };
}
