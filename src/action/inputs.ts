// Action inputs, read once. Everything after this works on the typed ActionInputs. A blank input takes
// its default from the one table (src/config/action-inputs.ts) that action.yml is checked against.

import * as core from '@actions/core';
import type { RawConfig } from '../config/config';
import { inputDefault, type ActionInputName } from '../config/action-inputs';
import type { RawGitHubSettings } from '../github/settings';
import type { RawJournalSettings } from './journal-settings';
import type { RawAlertSettings } from './alert-mode';
import type { RawBisectSettings } from './bisect-mode';
import type { RawConfirmSettings } from './confirm';

export interface ActionInputs {
  results: string[];
  baseline: string[];
  /** Profiler exports of the head and the baseline (STEP 3–4). */
  profiles: string[];
  baselineProfiles: string[];
  /** Eval scores or paired generations of the head and the baseline. */
  quality: string[];
  baselineQuality: string[];
  /** Write the head's digest here (matrix jobs); with no baseline, only that. */
  digest: string;
  shard: string;
  inputFormat: string;
  reportPath: string;
  writeSummary: boolean;
  raw: RawConfig;
  github: RawGitHubSettings;
  journal: RawJournalSettings;
  /** auto (from the event), calibrate or bisect. */
  mode: string;
  /** The runner a calibration's runs were made on (calibrate mode). */
  runner: string;
  alerts: RawAlertSettings;
  bisect: RawBisectSettings;
  confirm: RawConfirmSettings;
}

export function readInputs(): ActionInputs {
  // The input as given, or its default: what the runner passes when action.yml's default applies.
  const getInput = (name: ActionInputName) => core.getInput(name) || inputDefault(name);
  const multi = (name: ActionInputName) =>
    (core.getInput(name) ? core.getMultilineInput(name) : inputDefault(name).split('\n'))
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
  // Blank means the engine's default, decided once in buildConfig (the CLI shares it; the table words it).
  const optional = (name: ActionInputName) => core.getInput(name) || undefined;
  return {
    results: multi('results'),
    baseline: multi('baseline'),
    profiles: multi('profile'),
    quality: multi('quality'),
    baselineQuality: multi('baseline-quality'),
    digest: getInput('digest'),
    shard: getInput('shard'),
    baselineProfiles: multi('baseline-profile'),
    inputFormat: getInput('input-format'),
    reportPath: getInput('report-path'),
    writeSummary: getInput('job-summary').toLowerCase() !== 'false',
    github: {
      token: getInput('github-token'),
      comment: getInput('comment'),
      group: getInput('group'),
      workflowRunId: getInput('workflow-run-id'),
      artifactName: getInput('artifact-name'),
      artifactMaxBytes: getInput('artifact-max-bytes'),
      checkName: getInput('check-name'),
      commentAuthor: getInput('comment-author'),
    },
    mode: getInput('mode'),
    runner: getInput('runner'),
    alerts: {
      mode: getInput('alerts'),
      labels: multi('alert-labels'),
      assignees: multi('alert-assignees'),
      webhook: getInput('alert-webhook'),
      bisectWorkflow: getInput('bisect-workflow'),
    },
    bisect: {
      workflow: getInput('bisect-workflow'),
      good: getInput('bisect-good'),
      bad: getInput('bisect-bad'),
      ref: getInput('bisect-ref'),
      issue: getInput('bisect-issue'),
      metric: getInput('bisect-metric'),
      maxRuns: getInput('bisect-max-runs'),
      repeats: getInput('bisect-repeats'),
      timeoutMinutes: getInput('bisect-timeout-minutes'),
      pollSeconds: getInput('bisect-poll-seconds'),
    },
    confirm: {
      attempts: getInput('confirm-attempts'),
      margin: getInput('confirm-margin'),
    },
    journal: {
      mode: getInput('journal'),
      dir: getInput('journal-dir'),
      branch: getInput('journal-branch'),
      record: getInput('record'),
    },
    raw: {
      slos: multi('slo'),
      metrics: multi('metrics'),
      failOn: optional('fail-on'),
      seed: optional('seed'),
      resamples: optional('resamples'),
      confidence: optional('confidence'),
      minEffect: multi('min-effect'),
      runNoise: multi('run-noise'),
      effort: multi('effort'),
      decodeFloor: multi('decode-floor'),
      cost: optional('cost'),
      costBaseline: optional('cost-baseline'),
      benchmark: optional('benchmark'),
      maxBadLineRatio: optional('max-bad-lines'),
      compareAcrossLoad: optional('compare-across-load'),
    },
  };
}
