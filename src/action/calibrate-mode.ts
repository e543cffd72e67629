// Calibrate mode (`mode: calibrate`): the results are N ≥ 4 repeated runs of one build on the team's
// runner (a matrix of benchmark jobs, or one job that repeats). The calibration (src/compare/calibrate.ts)
// goes to the job summary and its noise file into the journal's branch (one commit), where every
// later comparison of the benchmark on this runner finds it.

import * as core from '@actions/core';
import { buildConfig, ConfigError, type TriageConfig } from '../config/config';
import { calibrate, CalibrationError } from '../compare/calibrate';
import { InputError } from '../ingest/errors';
import type { Side } from '../model/run';
import { noiseFileFrom, noiseFileText } from '../compare/noise-file';
import { pairBenchmarks } from '../report/groups';
import { calibrationMarkdown } from '../render/calibration';
import type { GitHubClient } from '../github/client';
import { defaultBranch, onGitHub, type RepoRef } from '../github/context';
import { commitFiles } from '../github/git-commit';
import { needing } from '../github/permissions';
import type { JournalSettings } from './journal-settings';
import type { ActionRun } from './action-run';
import { info, timedGroup } from './log';
import { readSide } from './read-side';

export interface CalibrateRun {
  runs: Side;
  config: TriageConfig;
  runner?: string;
  journal: JournalSettings;
  /** Where the noise file is committed; undefined: not committed (journal: false, or no token). */
  commit?: { client: GitHubClient; repo: RepoRef; branch: string; runId: number };
}

export async function runCalibrate(run: CalibrateRun): Promise<void> {
  const groups = pairBenchmarks(run.runs, run.runs).pairs;
  if (groups.length > 1 && !run.config.benchmark)
    throw new InputError(
      'results',
      `these files hold ${groups.length} benchmarks or workloads (${groups.map((g) => g.name).join(', ')}): calibrate the repeats of one at a time, or name it with the benchmark input`,
    );
  const benchmark = run.config.benchmark ?? groups[0]?.name ?? 'benchmark';
  let calibration;
  try {
    calibration = calibrate(run.runs, run.config, { benchmark });
  } catch (error) {
    if (error instanceof CalibrationError) throw new InputError('results', error.message);
    throw error;
  }
  const file = noiseFileFrom(calibration, {
    calibratedAt: new Date().toISOString(),
    ...(run.runner ? { runner: run.runner } : {}),
    confidence: run.config.statistics.level,
  });
  const path = run.journal.paths.noise(benchmark);
  const after = calibration.after;
  core.setOutput('false-alarm-rate', after.comparisons ? String(after.alarms / after.comparisons) : '');
  const commit = run.commit;
  if (commit) {
    const result = await needing(`the noise file ${path} was not committed to ${commit.branch}`, () =>
      commitFiles(commit.client, {
        ...commit.repo,
        branch: commit.branch,
        createBranchIfMissing: true,
        message: `perf-triage: noise calibration of ${benchmark} (${calibration.runs} runs${run.runner ? ` on ${run.runner}` : ''})\n\nPerf-Triage-Run: ${commit.runId}`,
        idempotencyKey: `Perf-Triage-Run: ${commit.runId}`,
        apply: async () => [{ path, content: noiseFileText(file) }],
      }),
    );
    core.setOutput('noise-file', path);
    info(`noise file ${path} committed to ${commit.branch}${'sha' in result ? ` (${result.sha.slice(0, 7)})` : ''}`);
  } else {
    info('the noise file was not committed (journal: false, or no github-token); it is in the job summary');
  }
  await core.summary
    .addRaw(
      calibrationMarkdown(calibration, {
        ...(run.runner ? { runner: run.runner } : {}),
        ...(commit ? { written: path } : {}),
        confidence: run.config.statistics.level,
      }),
    )
    .addRaw(
      `\n<details><summary>The noise file</summary>\n\n\`\`\`json\n${noiseFileText(file).replace(/`/g, 'ˋ')}\`\`\`\n</details>\n`,
    )
    .write();
  info(
    `calibration of ${benchmark}: ${calibration.runs} runs, ${after.alarms} false alarm(s) in ${after.comparisons} A/A comparisons with the calibrated noise`,
  );
}

/** calibrate mode: the repeats of one build become the runner's noise file, committed to the journal. */
export async function calibrateMode({ inputs, journal, context, client, env }: ActionRun): Promise<void> {
  if (inputs.results.length === 0)
    throw new ConfigError('results', 'required in calibrate mode: the result files of 4 or more runs of one build');
  const config = buildConfig(inputs.raw);
  const runs = await timedGroup('perf-triage: read the runs', () =>
    readSide('base', inputs.results, inputs, config, undefined),
  );
  const branch = journal.branch || defaultBranch(context) || 'main';
  const commit =
    client && onGitHub(context) && journal.mode !== 'off'
      ? { client, repo: context.repository, branch, runId: context.runId }
      : undefined;
  await timedGroup('perf-triage: calibrate', () =>
    runCalibrate({
      runs,
      config,
      ...(inputs.runner || env.RUNNER_NAME ? { runner: inputs.runner || env.RUNNER_NAME } : {}),
      journal,
      ...(commit ? { commit } : {}),
    }),
  );
}
