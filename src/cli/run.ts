// The CLI: `perf-triage compare BASE HEAD`, `perf-triage demo`, `perf-triage simulate`. Same engine
// as the action. Exit codes: 0 pass, 1 the outcome fails (regression or SLO breach, as --fail-on
// says), 2 bad usage or unusable input.

import { writeFile } from 'node:fs/promises';
import { buildConfig, ConfigError, type TriageConfig } from '../config/config';
import { InputError } from '../ingest/errors';
import { loadSide } from '../io/load-side';
import { loadProfileInputs } from '../io/load-profiles';
import { loadQualityInputs } from '../io/load-quality';
import { triage } from '../report/triage';
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
import { runCalibrate } from './calibrate';
import { readNoiseFiles } from './noise';
import { COMMAND_HELP, COMMANDS, JOURNAL_COMMANDS, USAGE } from './usage';
import { readingStatus, type StatusLine } from './status-line';
import { grouped } from '../display/numbers';
import type { Side } from '../model/run';
import { UsageError, wantsHelp } from './usage-error';
import { parseCompareArgs, rawConfig, type CompareValues as Values } from './compare-options';
import { didYouMean } from '../display/suggest';
import { outputFormat, type Format } from './format';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  cwd: string;
  /** A status line for long work (a terminal's stderr); absent elsewhere. */
  status?: StatusLine;
}

export const EXIT = { pass: 0, fail: 1, usage: 2 } as const;

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const help = helpText(command, rest);
    if (help !== undefined) {
      io.stdout(help);
      return EXIT.pass;
    }
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
      case 'calibrate':
        return await runCalibrate(rest, io);
      case '--version':
      case 'version':
        io.stdout(`perf-triage ${VERSION}\n`);
        return EXIT.pass;
      default:
        io.stderr(
          `perf-triage: unknown command "${command}"${didYouMean(command ?? '', COMMANDS)}\nRun perf-triage --help for the commands.\n`,
        );
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

/**
 * The help asked for, or undefined: `perf-triage`, `help [COMMAND]`, `--help`, and `--help`/`-h`
 * anywhere in a command's arguments (`journal add --help`), always with exit 0.
 */
function helpText(command: string | undefined, rest: readonly string[]): string | undefined {
  if (command === undefined || command === '--help' || command === '-h') return USAGE;
  if (command === 'help') {
    const topic = rest.filter((a) => !a.startsWith('-')).join(' ');
    return topic ? (COMMAND_HELP[topic] ?? USAGE) : USAGE;
  }
  if (!wantsHelp(rest) || !Object.hasOwn(COMMAND_HELP, command)) return undefined;
  if (command === 'journal') {
    const sub = rest[0];
    return sub && (JOURNAL_COMMANDS as readonly string[]).includes(sub)
      ? COMMAND_HELP[`journal ${sub}`]
      : COMMAND_HELP.journal;
  }
  return COMMAND_HELP[command];
}

async function compare(args: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCompareArgs(args, 'compare', { noise: { type: 'string', multiple: true } });
  const base = [...(positionals[0] ? [positionals[0]] : []), ...(values.base ?? [])];
  const head = [...(positionals[1] ? [positionals[1]] : []), ...(values.head ?? [])];
  if (positionals.length > 2)
    throw new UsageError(
      `compare takes two files (BASE HEAD); got extra "${positionals[2]}" — use --base/--head for more runs`,
    );
  if (base.length === 0 || head.length === 0)
    throw new UsageError('compare needs a baseline and a head: perf-triage compare BASE HEAD');
  const noise = await readNoiseFiles(values.noise ?? [], io.cwd);
  const config = noise.apply(buildConfig(rawConfig(values)));
  const format = outputFormat(values.format, 'text');
  const options = {
    maxBadLineRatio: config.maxBadLineRatio,
    format: values['input-format'],
    cwd: io.cwd,
    ...(io.status ? { progress: readingStatus(io.status) } : {}),
  };
  try {
    const baseSide = await loadSide('base', base, options);
    const headSide = await loadSide('head', head, options);
    const profiles = await loadProfileInputs(values['baseline-profile'] ?? [], values.profile ?? [], io.cwd);
    const quality = await loadQualityInputs(values['baseline-quality'] ?? [], values.quality ?? [], io.cwd);
    io.status?.set(
      `comparing ${grouped(requestsOf(baseSide))} with ${grouped(requestsOf(headSide))} requests and diagnosing…`,
    );
    const report = noise.annotate(
      triage(baseSide, headSide, config, { ...(profiles ? { profiles } : {}), ...(quality ? { quality } : {}) }),
    );
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
  const { values } = parse(args, 'demo');
  const raw = rawConfig(values);
  const report = await runDemo(raw);
  const code = await emit(report, outputFormat(values.format, 'text'), values, io);
  // The demo shows a regression on purpose; it is not a failure of the command.
  return code === EXIT.fail ? EXIT.pass : code;
}

function parse(args: readonly string[], command: string) {
  return parseCompareArgs(args, command);
}

async function emit(report: Report, format: Format, values: Values, io: CliIo): Promise<number> {
  const render = { text: renderText, markdown: renderMarkdown, json: renderJson }[format];
  io.stdout(render(report));
  if (values.json) await writeFile(values.json, renderJson(report));
  if (values.markdown) await writeFile(values.markdown, renderMarkdown(report));
  return report.outcome.fail ? EXIT.fail : EXIT.pass;
}

export type { TriageConfig };
