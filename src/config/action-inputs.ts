// Every input of action.yml and its default, in one table: readInputs fills a blank input from it and
// the parsers of each group of inputs fall back to it, so a default is written once (and
// test/config/action-inputs.test.ts keeps action.yml in step with it). It lives in config/, not action/,
// because src/github/settings.ts reads it too and github/ must not depend on action/.
// The engine's own defaults (statistics, fail-on, bad lines) come from config.ts, which the CLI shares.

import { DEFAULT_FAIL_ON, DEFAULT_MAX_BAD_LINE_RATIO, DEFAULT_STATISTICS } from './config';

/** The expression action.yml gives github-token: only the runner can evaluate it. */
const RUNNER_TOKEN = '${{ github.token }}';

/** Input name (as in action.yml) → its default; undefined: action.yml gives none. */
export const ACTION_INPUT_DEFAULTS = {
  results: undefined,
  baseline: undefined,
  slo: '',
  metrics: '',
  'fail-on': DEFAULT_FAIL_ON,
  benchmark: '',
  seed: String(DEFAULT_STATISTICS.seed),
  resamples: String(DEFAULT_STATISTICS.resamples),
  confidence: String(DEFAULT_STATISTICS.level),
  'min-effect': '',
  'run-noise': '',
  effort: '',
  'decode-floor': '',
  cost: '',
  'cost-baseline': '',
  profile: '',
  'baseline-profile': '',
  quality: '',
  'baseline-quality': '',
  'max-bad-lines': String(DEFAULT_MAX_BAD_LINE_RATIO),
  'compare-across-load': 'false',
  'input-format': 'auto',
  'report-path': 'perf-triage-report.json',
  'job-summary': 'true',
  'github-token': RUNNER_TOKEN,
  comment: 'always',
  group: '',
  'workflow-run-id': '',
  'artifact-name': 'perf-triage-results',
  'artifact-max-bytes': String(256 * 1024 * 1024),
  'check-name': 'perf-triage',
  'comment-author': '',
  digest: '',
  shard: '',
  journal: 'auto',
  'journal-dir': '.perf-triage',
  'journal-branch': '',
  record: 'auto',
  mode: 'auto',
  runner: '',
  alerts: 'auto',
  'alert-labels': 'perf-regression',
  'alert-assignees': '',
  'alert-webhook': '',
  'bisect-workflow': '',
  'bisect-good': '',
  'bisect-bad': '',
  'bisect-ref': '',
  'bisect-issue': '',
  'bisect-metric': '',
  'bisect-max-runs': '8',
  'bisect-repeats': '2',
  'bisect-timeout-minutes': '120',
  'bisect-poll-seconds': '30',
  'confirm-attempts': '1',
  'confirm-margin': '50%',
} as const satisfies Record<string, string | undefined>;

export type ActionInputName = keyof typeof ACTION_INPUT_DEFAULTS;

/** The value a blank input stands for: its default, or '' when there is none or only the runner can fill it in. */
export function inputDefault(name: ActionInputName): string {
  const value: string | undefined = ACTION_INPUT_DEFAULTS[name];
  return value === undefined || value === RUNNER_TOKEN ? '' : value;
}

/** A whole-number input's default, for parsers that fall back to it. */
export function numericDefault(name: ActionInputName): number {
  return Number(inputDefault(name));
}
