// Action inputs, read once. Everything after this works on the typed ActionInputs.

import * as core from '@actions/core';
import type { RawConfig } from '../config/config';
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
  const multi = (name: string) => core.getMultilineInput(name).map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  // Blank means the default, decided once in buildConfig.
  const optional = (name: string) => core.getInput(name) || undefined;
  return {
    results: multi('results'),
    baseline: multi('baseline'),
    profiles: multi('profile'),
    quality: multi('quality'),
    baselineQuality: multi('baseline-quality'),
    digest: core.getInput('digest'),
    shard: core.getInput('shard'),
    baselineProfiles: multi('baseline-profile'),
    inputFormat: core.getInput('input-format') || 'auto',
    reportPath: core.getInput('report-path') || 'perf-triage-report.json',
    writeSummary: (core.getInput('job-summary') || 'true').toLowerCase() !== 'false',
    github: {
      token: core.getInput('github-token'),
      comment: core.getInput('comment') || 'always',
      group: core.getInput('group'),
      workflowRunId: core.getInput('workflow-run-id'),
      artifactName: core.getInput('artifact-name') || 'perf-triage-results',
      artifactMaxBytes: core.getInput('artifact-max-bytes'),
      checkName: core.getInput('check-name') || 'perf-triage',
      commentAuthor: core.getInput('comment-author'),
    },
    mode: core.getInput('mode') || 'auto',
    runner: core.getInput('runner'),
    alerts: {
      mode: core.getInput('alerts') || 'auto',
      labels: multi('alert-labels'),
      assignees: multi('alert-assignees'),
      webhook: core.getInput('alert-webhook'),
      bisectWorkflow: core.getInput('bisect-workflow'),
    },
    bisect: {
      workflow: core.getInput('bisect-workflow'),
      good: core.getInput('bisect-good'),
      bad: core.getInput('bisect-bad'),
      ref: core.getInput('bisect-ref'),
      issue: core.getInput('bisect-issue'),
      metric: core.getInput('bisect-metric'),
      maxRuns: core.getInput('bisect-max-runs'),
      repeats: core.getInput('bisect-repeats'),
      timeoutMinutes: core.getInput('bisect-timeout-minutes'),
      pollSeconds: core.getInput('bisect-poll-seconds'),
    },
    confirm: {
      attempts: core.getInput('confirm-attempts'),
      margin: core.getInput('confirm-margin'),
    },
    journal: {
      mode: core.getInput('journal') || 'auto',
      dir: core.getInput('journal-dir') || '.perf-triage',
      branch: core.getInput('journal-branch'),
      record: core.getInput('record') || 'auto',
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
