// The action: read the inputs once, pick the mode from the event and the mode input, run it, and turn
// an error into a failed step. One run(), one setFailed; each mode's work is in src/action/.
//
// Modes:
// - issue_comment: `/perf accept` / `/perf help` on a pull request; no benchmark runs (command-mode.ts).
// - mode: calibrate: the runner's noise file from repeats of one build (calibrate-mode.ts).
// - mode: bisect: the commit that moved a metric, by dispatching the benchmark (bisect-mode.ts).
// - mode: auto (triage-mode.ts), from the event that started the workflow:
//   - pull_request: results and baseline from the workspace (or `baseline: journal`); one PR comment.
//   - workflow_run (fork-safe): results from the triggering run's artifact; the PR found from the run's
//     head as GitHub reports it; a check run on the PR's head SHA carries the outcome.
//   - push to the default branch (record mode): the result goes into the journal, the baseline moves.

import { ConfigError } from './config/config';
import { InputError } from './ingest/errors';
import { ContextError } from './github/context';
import { CommitError } from './github/git-commit';
import { PermissionError } from './github/permissions';
import { startRun, type ActionRun } from './action/action-run';
import { bisectMode } from './action/bisect-mode';
import { calibrateMode } from './action/calibrate-mode';
import { commandMode } from './action/command-mode';
import { fail } from './action/log';
import { triageMode } from './action/triage-mode';

type Mode = (action: ActionRun) => Promise<void>;

const MODES: Record<string, Mode> = { auto: triageMode, calibrate: calibrateMode, bisect: bisectMode };

export async function run(env: Record<string, string | undefined> = process.env): Promise<void> {
  try {
    const action = startRun(env);
    await modeOf(action)(action);
  } catch (error) {
    fail(failure(error));
  }
}

/** A comment event is a /perf command whatever the mode input says; else the mode input picks. */
function modeOf(action: ActionRun): Mode {
  if (action.context.eventName === 'issue_comment') return commandMode;
  const name = action.inputs.mode.trim().toLowerCase();
  if (!Object.hasOwn(MODES, name))
    throw new ConfigError('mode', `"${action.inputs.mode}" is not one of ${Object.keys(MODES).join(', ')}`);
  return MODES[name];
}

/** What the failed step says: an error about the inputs, the files or the permissions as it is; anything else with its stack. */
function failure(error: unknown): string {
  const expected =
    error instanceof InputError ||
    error instanceof ConfigError ||
    error instanceof ContextError ||
    error instanceof CommitError ||
    error instanceof PermissionError;
  return expected
    ? `perf-triage: ${error.message}`
    : `perf-triage failed unexpectedly: ${(error as Error)?.stack ?? String(error)}`;
}
