// Confirm before crying wolf (`confirm-attempts` > 1, fork-safe mode): when the pooled runs of the
// benchmark run leave a verdict that more runs could change (src/report/confirm.ts), the action
// re-runs that benchmark run (a new attempt, which uploads perf-triage-results-<attempt>), and the
// report says it is confirming instead of failing; the next attempt's report pools every attempt.
// Bounded by the attempts; a token without actions: write gets the verdict as it stands.

import * as core from '@actions/core';
import { ConfigError } from '../config/config';
import { inputDefault, numericDefault } from '../config/action-inputs';
import { confirmation, type ConfirmSettings } from '../report/confirm';
import type { Report } from '../report/model';
import { confirmingSentence } from '../render/confirm';
import type { GitHubClient } from '../github/client';
import type { RepoRef } from '../github/context';
import { rerunRun } from '../github/dispatch';
import { permissionError } from '../github/permissions';
import { info, warning } from './log';

export interface RawConfirmSettings {
  attempts: string;
  margin: string;
}

export function parseConfirmSettings(raw: RawConfirmSettings): ConfirmSettings {
  const attempts = raw.attempts.trim() === '' ? numericDefault('confirm-attempts') : Number(raw.attempts);
  if (!Number.isInteger(attempts) || attempts < 1 || attempts > 10)
    throw new ConfigError('confirm-attempts', `"${raw.attempts}" is not a whole number from 1 (never re-run) to 10`);
  const text = raw.margin.trim() || inputDefault('confirm-margin');
  const match = /^([0-9.]+)\s*(%?)$/.exec(text);
  const margin = match ? Number(match[1]) / (match[2] ? 100 : 1) : NaN;
  if (!(margin >= 0 && margin <= 5))
    throw new ConfigError('confirm-margin', `"${raw.margin}" is not a share of the minimum effect such as 50%`);
  return { attempts, margin };
}

/** The report as it stands, or, when a re-run was asked for, one that says so and does not fail yet. */
export async function confirmIfNeeded(args: {
  client: GitHubClient;
  repo: RepoRef;
  runId: number;
  attempt: number;
  report: Report;
  settings: ConfirmSettings;
}): Promise<Report> {
  const decision = confirmation(args.report, args.attempt, args.settings);
  if (!decision.rerun) {
    if (decision.metrics.length && args.settings.attempts > 1)
      info(
        `confirming: attempt ${args.attempt} of ${args.settings.attempts} is the last; the verdict stands as measured`,
      );
    core.setOutput('confirming', 'false');
    return args.report;
  }
  try {
    await rerunRun(args.client, args.repo, args.runId);
  } catch (error) {
    const missing = permissionError(error, `the benchmark run ${args.runId} was not re-run to confirm`);
    if (!missing) throw error;
    warning(`${missing.message}; the verdict stands as measured`);
    core.setOutput('confirming', 'false');
    return args.report;
  }
  const sentence = confirmingSentence(decision);
  info(`${sentence} (run ${args.runId})`);
  core.setOutput('confirming', 'true');
  const [first, ...rest] = args.report.benchmarks;
  return {
    ...args.report,
    outcome: { fail: false, reasons: [sentence] },
    benchmarks: first
      ? [{ ...first, caveats: [{ kind: 'confirming', message: sentence }, ...first.caveats] }, ...rest]
      : [],
  };
}
