// The auto mode: compare this run's results with the baseline, write the report, publish it on the
// pull request (pull_request, or workflow_run with the results from the triggering run's artifact),
// record it in the journal on a push to the default branch, and fail the step when the outcome says so.

import * as core from '@actions/core';
import { buildConfig, ConfigError } from '../config/config';
import { applyAcceptance, triage } from '../report/triage';
import { statusOf } from '../github/client';
import { defaultBranch, onGitHub } from '../github/context';
import { permissionError } from '../github/permissions';
import type { ActionRun } from './action-run';
import { raiseAlerts } from './alert-mode';
import { artifactSources } from './artifact-side';
import { confirmIfNeeded } from './confirm';
import { writeDigests } from './digest-out';
import { findTarget } from './find-target';
import { readHistory, withHistory } from './history';
import { fail, info, timedGroup, warning } from './log';
import { readNoiseFiles, withNoise } from './noise';
import { publishReport } from './publish-report';
import { readBaseline } from './read-baseline';
import { readProfiles } from './read-profiles';
import { readQualityFiles } from './read-quality';
import { readSide } from './read-side';
import { recordJournal, shouldRecord } from './record-journal';
import { writeReportOutputs } from './report-outputs';

export async function triageMode(action: ActionRun): Promise<void> {
  const { inputs, settings, journal, alerts, confirm, context, client } = action;
  if (inputs.results.length === 0) throw new ConfigError('results', 'required: one or more result files or globs');
  if (inputs.baseline.length === 0 && !inputs.digest)
    throw new ConfigError(
      'baseline',
      'required: the baseline result file(s), "journal" or "artifact" (or set digest to only write this run\'s digest)',
    );
  const config = buildConfig(inputs.raw);
  const runId = settings.workflowRunId || context.workflowRun?.id || 0;
  const recording = shouldRecord(journal, context);
  const journalRef = journal.branch || defaultBranch(context) || 'main';
  // The history only adds to the report: when it cannot be read (no contents permission, say),
  // the comparison goes on without it and the log says why.
  const history =
    client && onGitHub(context) && journal.mode !== 'off'
      ? await readHistory(client, context.repository, journalRef, journal).catch((error: unknown) => {
          const missing = permissionError(error, `the journal on ${journalRef} was not read`);
          // Only an HTTP refusal is about permissions; a journal file that cannot be used says what is wrong with it.
          const status = statusOf(error);
          warning(
            missing
              ? `${missing.message}; noise bands and drift from the history are left out (or set journal: false)`
              : status !== undefined
                ? `the journal on ${journalRef} was not read (HTTP ${status}): noise bands and drift from the history are left out (or set journal: false)`
                : `the journal on ${journalRef} was not read: ${String((error as Error)?.message ?? error)}; noise bands and drift from the history are left out`,
          );
          return undefined;
        })
      : undefined;

  const started = Date.now();
  const artifact = runId
    ? await timedGroup('perf-triage: download the results artifact', () =>
        artifactSources(client, context, settings, runId, confirm.attempts > 1),
      )
    : undefined;
  const head = await timedGroup('perf-triage: read results', () =>
    readSide('head', inputs.results, inputs, config, artifact, true),
  );
  if (inputs.digest) {
    const written = await writeDigests(head, inputs.digest, inputs.shard, new Date().toISOString());
    core.setOutput('digest-paths', written.join('\n'));
    info(`digest written: ${written.join(', ')}`);
    if (inputs.baseline.length === 0) return;
  }
  const { side: base, firstBaseline } = await timedGroup('perf-triage: read baseline', () =>
    readBaseline(action, { config, head, artifact, runId, journalRef, recording }),
  );
  // The runner's calibration (the noise file in the journal), refined by the history since; else the history's bands.
  const noiseFiles =
    client && onGitHub(context) && journal.mode !== 'off'
      ? await readNoiseFiles(client, context.repository, journalRef, journal.paths, head).catch((error: unknown) => {
          warning(
            `the noise calibration on ${journalRef} was not read (${statusOf(error) !== undefined ? `HTTP ${statusOf(error)}` : String((error as Error)?.message ?? error)}): the journal's bands or the defaults apply`,
          );
          return [];
        })
      : [];
  const noise = noiseFiles.length ? withNoise(config, noiseFiles, history?.entries) : undefined;
  const profiles = await timedGroup('perf-triage: read profiles', () => readProfiles(inputs, artifact));
  const quality = await readQualityFiles(inputs, artifact);
  let report = await timedGroup('perf-triage: compare and diagnose', async () => {
    const judged = noise ? noise.config : history ? withHistory(config, history) : config;
    const compared = triage(base, head, judged, { ...(profiles ? { profiles } : {}), ...(quality ? { quality } : {}) });
    const r = noise?.sources.length ? { ...compared, noise: noise.sources } : compared;
    info(
      `compared ${r.benchmarks.reduce((s, b) => s + b.metrics.length, 0)} metric(s) in ${Date.now() - started} ms: ${r.verdict}`,
    );
    return history ? history.annotate(r) : r;
  });

  // Reads that decide the report (which pull request, a maintainer's acceptance) come first; then
  // the report, the JSON and the job summary are written; only then is anything published, so a
  // failed publish (a permission the workflow did not grant) never costs the report.
  const onPullRequest = context.pullRequest !== undefined || runId !== 0;
  const target =
    client && onGitHub(context) && onPullRequest
      ? await timedGroup('perf-triage: find the pull request', () =>
          findTarget(client, context, settings, report, runId),
        )
      : undefined;
  if (target?.acceptance && report.outcome.fail) {
    report = applyAcceptance(report, target.acceptance);
    info(`regression accepted by ${target.acceptance.by} for ${target.acceptance.sha.slice(0, 7)}`);
  }
  // Confirm before crying wolf: a verdict more runs could change re-runs the benchmark run first.
  if (runId && client && onGitHub(context) && confirm.attempts > 1 && !recording) {
    const pooled = new Set((artifact ?? []).map((s) => /^artifact@(\d+):/.exec(s.name)?.[1] ?? '0')).size;
    const attempt = Math.max(
      pooled,
      Number((context.payload.workflow_run as { run_attempt?: unknown } | undefined)?.run_attempt) || 1,
    );
    report = await confirmIfNeeded({ client, repo: context.repository, runId, attempt, report, settings: confirm });
  }
  await writeReportOutputs(report, inputs.reportPath, inputs.writeSummary);

  if (client && onGitHub(context) && target)
    await timedGroup('perf-triage: publish on GitHub', () =>
      publishReport(client, context, settings, report, runId, target),
    );
  if (!client && (context.pullRequest || runId))
    warning('no github-token (or not on GitHub Actions): the report is in the job summary only');

  if (recording) {
    if (!client || !onGitHub(context))
      throw new ConfigError('github-token', 'required to record the journal (contents: write)');
    const recorded = await timedGroup('perf-triage: record the journal', () =>
      recordJournal(client, context, settings, journal, journalRef, report, base, head, firstBaseline),
    );
    if (alerts.mode !== 'off')
      await timedGroup('perf-triage: alerts', () =>
        raiseAlerts({
          client,
          repo: context.repository,
          options: alerts,
          authors: recorded.authors,
          history: history?.entries ?? [],
          recorded: recorded.entries,
          report,
          config,
        }),
      );
  }

  // In workflow_run mode the check run carries the outcome to the PR; this run itself succeeded.
  // On the default branch the change is in: it is journaled (flagged when unaccepted), not failed.
  if (report.outcome.fail && recording)
    warning(`perf-triage: recorded on ${journalRef} - ${report.outcome.reasons.join('; ')}`);
  if (report.outcome.fail && !runId && !recording) fail(`perf-triage: ${report.outcome.reasons.join('; ')}`);
}
