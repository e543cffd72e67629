import { parseArgs, type ParseArgsConfig } from 'node:util';
import { didYouMean } from '../display/suggest';

/** Bad flags or arguments: printed without a stack, exit code 2. */
export class UsageError extends Error {}

/**
 * node:util's parseArgs, with its errors (unknown flag, missing value, stray argument) turned into
 * usage errors a person can act on: the flag named, the closest known flag suggested, and
 * `--help` offered — never Node's own wording. `command` names the command for "perf-triage
 * journal add --help".
 */
export function parseCliArgs<T extends ParseArgsConfig>(config: T, command?: string): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError(usageMessage(error as Error & { code?: string }, config, command));
  }
}

function usageMessage(error: Error & { code?: string }, config: ParseArgsConfig, command: string | undefined): string {
  const options = config.options ?? {};
  const help = `; see perf-triage ${command ? `${command} ` : ''}--help`;
  const flags = Object.keys(options).map((name) => `--${name}`);
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION': {
      const flag = /'([^']+)'/.exec(error.message)?.[1] ?? '?';
      const name = flag.split('=')[0];
      const shorts = Object.entries(options).flatMap(([, o]) => (o.short ? [`-${o.short}`] : []));
      const suggestion = didYouMean(name, name.startsWith('--') ? flags : [...shorts, ...flags], (s) => s);
      return `unknown option ${name}${command ? ` for ${command}` : ''}${suggestion}${suggestion ? '' : help}`;
    }
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const flag = /'(--?[^' <]+)/.exec(error.message)?.[1] ?? 'an option';
      if (/does not take an argument/.test(error.message)) return `${flag} takes no value (it is a switch)${help}`;
      if (/ambiguous/.test(error.message))
        return `${flag} needs a value; to give one that starts with "-", write ${flag}=VALUE${help}`;
      return `${flag} needs a value${help}`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL': {
      const value = /'([^']*)'/.exec(error.message)?.[1] ?? '';
      return `unexpected argument "${value}"${command ? `: ${command} takes only options` : ''}${help}`;
    }
    default:
      return `${error.message}${help}`;
  }
}

/**
 * Flags spelled as the action's inputs spell them, for the CLI flag that does the same thing: the
 * first use of `--baseline x` becomes `--base x`. Applied before parsing, so both spellings share
 * one flag (and its repeats).
 */
export function withAliases(args: readonly string[], aliases: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  let literal = false;
  for (const arg of args) {
    if (literal || arg === '--' || !arg.startsWith('--')) {
      if (arg === '--') literal = true;
      out.push(arg);
      continue;
    }
    const [name, ...value] = arg.slice(2).split('=');
    const target = Object.hasOwn(aliases, name) ? aliases[name] : undefined;
    out.push(target === undefined ? arg : `--${target}${value.length ? `=${value.join('=')}` : ''}`);
  }
  return out;
}

/** Whether the arguments ask for help (`--help` or `-h` before any `--`). */
export function wantsHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}
