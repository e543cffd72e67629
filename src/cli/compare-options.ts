// The options of `compare` (also taken by `demo` and `journal record`) and the config they make.

import type { RawConfig } from '../config/config';
import { parseCliArgs, withAliases } from './usage-error';

export const COMMON_OPTIONS = {
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

/**
 * The action's input names (action.yml) where the CLI's flag is spelled differently, so a workflow's
 * inputs can be tried at the command line as they are. Inputs that only make sense on GitHub
 * (github-token, comment, group, …) have no flag; test/cli/help.test.ts checks every input.
 */
export const ACTION_INPUT_ALIASES: Readonly<Record<string, string>> = {
  baseline: 'base',
  results: 'head',
  metrics: 'metric',
  'report-path': 'json',
};

type OptionSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>;

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no extra options: the base set's values
export type CompareValues = ReturnType<typeof parseCompareArgs<{}>>['values'];

/** The compare options (with the action's spellings) plus a command's own. */
export function parseCompareArgs<E extends OptionSpec>(args: readonly string[], command: string, extra?: E) {
  const options = { ...COMMON_OPTIONS, ...(extra ?? ({} as E)) };
  return parseCliArgs(
    { args: withAliases(args, ACTION_INPUT_ALIASES), options, allowPositionals: true, strict: true },
    command,
  );
}

export function rawConfig(values: CompareValues): RawConfig {
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
