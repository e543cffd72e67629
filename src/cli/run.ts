// The CLI: `perf-triage compare BASE HEAD`, `perf-triage demo`, `perf-triage simulate`. Same engine
// as the action. Exit codes: 0 pass, 1 the outcome fails (regression or SLO breach, as --fail-on
// says), 2 bad usage or unusable input.

import { writeFile } from 'node:fs/promises';
import { buildConfig, ConfigError, type RawConfig, type TriageConfig } from '../config/config';
import { InputError } from '../ingest/errors';
import { loadSide } from '../io/load-side';
import { loadProfileInputs } from '../io/load-profiles';
import { loadQualityInputs } from '../io/load-quality';
import { triage } from '../report/build';
import type { Report } from '../report/model';
import { renderJson } from '../render/json';
import { renderMarkdown } from '../render/markdown';
import { renderText } from '../render/text';
import { VERSION } from '../version';
import { runDemo } from './demo';
import { runSimulate } from './simulate';
import { runValidate } from './validate';
import { runJournal } from './journal';
import { runAmdahl } from './amdahl';
import { runSplit } from './split';
import { runFloor } from './floor';
import { runDigest } from './digest';
import { USAGE } from './usage';
import { readingStatus, type StatusLine } from './status-line';
import { grouped } from '../format/numbers';
import type { Side } from '../model/run';
import { parseCliArgs, UsageError } from './usage-error';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  /** A status line for long work (a terminal's stderr); absent elsewhere. */
  status?: StatusLine;
}

export const EXIT = { pass: 0, fail: 1, usage: 2 } as const;

const FORMATS = ['text', 'markdown', 'json'] as const;
type Format = (typeof FORMATS)[number];

const COMMON_OPTIONS = {
  slo: { type: 'string', multiple: true },
  metric: { type: 'string', multiple: true },
  'fail-on': { type: 'string' },
  format: { type: 'string', short: 'f' },
  json: { type: 'string' },
  markdown: { type: 'string' },
  seed: { type: 'string' },
  resamples: { type: 'string' },
  confidence: { type: 'string' },
  'min-effect': { type: 'string', multiple: true },
  'run-noise': { type: 'string', multiple: true },
  effort: { type: 'string', multiple: true },
  'decode-floor': { type: 'string', multiple: true },
  cost: { type: 'string' },
  'cost-baseline': { type: 'string' },
  profile: { type: 'string', multiple: true },
  quality: { type: 'string', multiple: true },
  'baseline-quality': { type: 'string', multiple: true },
  'baseline-profile': { type: 'string', multiple: true },
  benchmark: { type: 'string' },
  'max-bad-lines': { type: 'string' },
  'input-format': { type: 'string' },
  'compare-across-load': { type: 'boolean' },
  base: { type: 'string', multiple: true },
  head: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const;

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'compare':
        return await compare(rest, io);
      case 'demo':
        return await demo(rest, io);
      case 'simulate':
        return await runSimulate(rest, io);
      case 'validate':
        return await runValidate(rest, io);
      case 'journal':
        return await runJournal(rest, io);
      case 'amdahl':
        return await runAmdahl(rest, io);
      case 'split':
        return await runSplit(rest, io);
      case 'floor':
        return await runFloor(rest, io);
      case 'digest':
        return await runDigest(rest, io);
      case '--version':
      case 'version':
        io.stdout(`perf-triage ${VERSION}\n`);
        return EXIT.pass;
      case undefined:
      case 'help':
      case '--help':
      case '-h':
        io.stdout(USAGE);
        return EXIT.pass;
      default:
        io.stderr(`perf-triage: unknown command "${command}"\n\n${USAGE}`);
        return EXIT.usage;
    }
  } catch (error) {
    if (error instanceof InputError || error instanceof ConfigError || error instanceof UsageError) {
      io.stderr(`perf-triage: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
}

async function compare(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parse(args);
  if (values.help) {
    io.stdout(USAGE);
    return EXIT.pass;
  }
  const base = [...(positionals[0] ? [positionals[0]] : []), ...(values.base ?? [])];
  const head = [...(positionals[1] ? [positionals[1]] : []), ...(values.head ?? [])];
  if (positionals.length > 2) throw new UsageError(`compare takes two files (BASE HEAD); got extra "${positionals[2]}" — use --base/--head for more runs`);
  if (base.length === 0 || head.length === 0) throw new UsageError('compare needs a baseline and a head: perf-triage compare BASE HEAD');
  const config = buildConfig(rawConfig(values));
  const format = outputFormat(values.format, 'text');
  const options = { maxBadLineRatio: config.maxBadLineRatio, format: values['input-format'], cwd: io.cwd, ...(io.status ? { progress: readingStatus(io.status) } : {}) };
  try {
    const baseSide = await loadSide('base', base, options);
    const headSide = await loadSide('head', head, options);
    const profiles = await loadProfileInputs(values['baseline-profile'] ?? [], values.profile ?? [], io.cwd);
    const quality = await loadQualityInputs(values['baseline-quality'] ?? [], values.quality ?? [], io.cwd);
    io.status?.set(`comparing ${grouped(requestsOf(baseSide))} with ${grouped(requestsOf(headSide))} requests and diagnosing…`);
    const report = triage(baseSide, headSide, config, { ...(profiles ? { profiles } : {}), ...(quality ? { quality } : {}) });
    io.status?.clear();
    return await emit(report, format, values, io);
  } finally {
    io.status?.clear();
  }
}

function requestsOf(side: Side): number {
  return side.runs.reduce((n, r) => n + (r.requests?.length ?? 0), 0);
}

async function demo(args: readonly string[], io: CliIo): Promise<number> {
  const { values } = parse(args);
  if (values.help) {
    io.stdout(USAGE);
    return EXIT.pass;
  }
  const raw = rawConfig(values);
  const report = await runDemo(raw);
  const code = await emit(report, outputFormat(values.format, 'text'), values, io);
  // The demo shows a regression on purpose; it is not a failure of the command.
  return code === EXIT.fail ? EXIT.pass : code;
}

type Values = ReturnType<typeof parse>['values'];

function parse(args: readonly string[]) {
  return parseCliArgs({ args: [...args], options: COMMON_OPTIONS, allowPositionals: true, strict: true });
}

export function rawConfig(values: Values): RawConfig {
  return {
    slos: values.slo,
    metrics: values.metric,
    failOn: values['fail-on'],
    seed: values.seed,
    resamples: values.resamples,
    confidence: values.confidence,
    minEffect: values['min-effect'],
    runNoise: values['run-noise'],
    effort: values.effort,
    decodeFloor: values['decode-floor'],
    cost: values.cost,
    costBaseline: values['cost-baseline'],
    benchmark: values.benchmark,
    maxBadLineRatio: values['max-bad-lines'],
    compareAcrossLoad: values['compare-across-load'],
  };
}

function outputFormat(value: string | undefined, fallback: Format): Format {
  const format = value ?? fallback;
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`--format "${format}" is not one of ${FORMATS.join(', ')}`);
  return format as Format;
}

async function emit(report: Report, format: Format, values: Values, io: CliIo): Promise<number> {
  const render = { text: renderText, markdown: renderMarkdown, json: renderJson }[format];
  io.stdout(render(report));
  if (values.json) await writeFile(values.json, renderJson(report));
  if (values.markdown) await writeFile(values.markdown, renderMarkdown(report));
  return report.outcome.fail ? EXIT.fail : EXIT.pass;
}

export type { TriageConfig };
