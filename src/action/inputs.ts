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
  const text = (name: ActionInputName) => core.getInput(name) || inputDefault(name);
  const multi = (name: ActionInputName) => (core.getInput(name) ? core.getMultilineInput(name) : inputDefault(name).split('\n')).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  // Blank means the engine's default, decided once in buildConfig (the CLI shares it; the table words it).
  const optional = (name: ActionInputName) => core.getInput(name) || undefined;
  return {
    results: multi('results'),
    baseline: multi('baseline'),
    profiles: multi('profile'),
    quality: multi('quality'),
    baselineQuality: multi('baseline-quality'),
    digest: text('digest'),
    shard: text('shard'),
    baselineProfiles: multi('baseline-profile'),
    inputFormat: text('input-format'),
    reportPath: text('report-path'),
    writeSummary: text('job-summary').toLowerCase() !== 'false',
    github: {
      token: text('github-token'),
      comment: text('comment'),
      group: text('group'),
      workflowRunId: text('workflow-run-id'),
      artifactName: text('artifact-name'),
      artifactMaxBytes: text('artifact-max-bytes'),
      checkName: text('check-name'),
      commentAuthor: text('comment-author'),
    },
    mode: text('mode'),
    runner: text('runner'),
    alerts: {
      mode: text('alerts'),
      labels: multi('alert-labels'),
      assignees: multi('alert-assignees'),
      webhook: text('alert-webhook'),
      bisectWorkflow: text('bisect-workflow'),
    },
    bisect: {
      workflow: text('bisect-workflow'),
      good: text('bisect-good'),
      bad: text('bisect-bad'),
      ref: text('bisect-ref'),
      issue: text('bisect-issue'),
      metric: text('bisect-metric'),
      maxRuns: text('bisect-max-runs'),
      repeats: text('bisect-repeats'),
      timeoutMinutes: text('bisect-timeout-minutes'),
      pollSeconds: text('bisect-poll-seconds'),
    },
    confirm: {
      attempts: text('confirm-attempts'),
      margin: text('confirm-margin'),
    },
    journal: {
      mode: text('journal'),
      dir: text('journal-dir'),
      branch: text('journal-branch'),
      record: text('record'),
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
