// The action: read inputs, compare the results with the baseline, write the job summary and the
// JSON report, publish on GitHub (one PR comment; a check run in workflow_run mode), set outputs,
// and fail the step when the outcome says so. One run(), one setFailed.
//
// Modes, from the event that started the workflow:
// - pull_request: results and baseline are files in the workspace; the comment goes on that PR.
// - workflow_run (fork-safe): results come from the triggering run's artifact; the PR is found from
//   the run's head as GitHub reports it; a check run on the PR's head SHA carries the outcome.
// - anything else (push, schedule): job summary and outcome only.

import { writeFile } from 'node:fs/promises';
import * as core from '@actions/core';
import { buildConfig, ConfigError, type TriageConfig } from './config/config';
import { InputError } from './ingest/errors';
import { bytesSource, type TextSource } from './ingest/source';
import { loadSide, sideFromSources } from './io/load-side';
import { matchesPattern } from './io/glob';
import type { Side } from './model/run';
import { triage } from './report/build';
import type { Report } from './report/model';
import { renderJson } from './render/json';
import { renderMarkdown } from './render/markdown';
import { attributionFor, headline, leadMetric } from './render/summary';
import { readInputs, type ActionInputs } from './action/inputs';
import { info, safeLogText, warning } from './action/log';
import { createClient, type GitHubClient } from './github/client';
import { ContextError, onGitHub, readContext, runUrl, type GitHubContext, type RepoRef } from './github/context';
import { downloadArtifact, DEFAULT_ARTIFACT_LIMITS } from './github/artifact';
import { resolvePullRequest } from './github/pull-request';
import { commentAuthors } from './github/identity';
import { publishComment, publishOutcomeCheck } from './github/publish';
import { parseGitHubSettings, type GitHubSettings } from './github/settings';

export async function run(env: Record<string, string | undefined> = process.env): Promise<void> {
  try {
    const inputs = readInputs();
    if (inputs.results.length === 0) throw new ConfigError('results', 'required: one or more result files or globs');
    if (inputs.baseline.length === 0) throw new ConfigError('baseline', 'required: the baseline result file(s) to compare with');
    const config = buildConfig(inputs.raw);
    const settings = parseGitHubSettings(inputs.github);
    const context = readContext(env);
    const runId = settings.workflowRunId || context.workflowRun?.id || 0;
    const client = settings.token && onGitHub(context) ? createClient({ token: settings.token, baseUrl: context.apiUrl, log: { debug: core.debug, info: (m) => info(m), warn: (m) => warning(m), error: (m) => warning(m) } }) : undefined;

    const started = Date.now();
    const artifact = runId ? await core.group('perf-triage: download the results artifact', () => artifactSources(client, context, settings, runId)) : undefined;
    const base = await core.group('perf-triage: read baseline', () => readSide('base', inputs.baseline, inputs, config, artifact));
    const head = await core.group('perf-triage: read results', () => readSide('head', inputs.results, inputs, config, artifact, true));
    const report = await core.group('perf-triage: compare and diagnose', async () => {
      const r = triage(base, head, config);
      info(`compared ${r.benchmarks.reduce((s, b) => s + b.metrics.length, 0)} metric(s) in ${Date.now() - started} ms: ${r.verdict}`);
      return r;
    });

    await writeFile(inputs.reportPath, renderJson(report));
    const markdown = renderMarkdown(report);
    if (inputs.writeSummary) await core.summary.addRaw(markdown).write();
    setOutputs(report, inputs.reportPath);
    const first = report.benchmarks[0];
    info(first ? safeLogText(`${first.name}: ${headline(first)}`) : report.verdict);

    const workflowRunMode = runId > 0;
    if (client && onGitHub(context)) await core.group('perf-triage: publish on GitHub', () => publish(client, context, settings, report, markdown, runId));
    else if (context.pullRequest || workflowRunMode) warning('no github-token (or not on GitHub Actions): the report is in the job summary only');

    // In workflow_run mode the check run carries the outcome to the PR; this run itself succeeded.
    if (report.outcome.fail && !workflowRunMode) core.setFailed(`perf-triage: ${report.outcome.reasons.join('; ')}`);
  } catch (error) {
    if (error instanceof InputError || error instanceof ConfigError || error instanceof ContextError) core.setFailed(`perf-triage: ${error.message}`);
    else core.setFailed(`perf-triage failed unexpectedly: ${(error as Error)?.stack ?? String(error)}`);
  }
}

/** The artifact's files as sources, named "artifact:<entry>". */
async function artifactSources(client: GitHubClient | undefined, context: GitHubContext, settings: GitHubSettings, runId: number): Promise<TextSource[]> {
  if (!client || !onGitHub(context)) throw new ConfigError('github-token', 'required in workflow_run mode, to download the results artifact');
  const files = await downloadArtifact(client, context.repository, runId, settings.artifactName, { ...DEFAULT_ARTIFACT_LIMITS, maxArchiveBytes: settings.artifactMaxBytes });
  info(`artifact "${settings.artifactName}" of run ${runId}: ${files.length} file(s)`);
  return files.map((f) => bytesSource(`artifact:${f.name}`, f.data));
}

/**
 * A side from the artifact's files that match the patterns; results must come from the artifact in
 * workflow_run mode, a baseline may also come from the workspace (the base branch's checkout).
 */
async function readSide(label: Side['label'], patterns: string[], inputs: ActionInputs, config: TriageConfig, artifact: TextSource[] | undefined, fromArtifactOnly = false): Promise<Side> {
  const options = { maxBadLineRatio: config.maxBadLineRatio, format: inputs.inputFormat };
  let side: Side;
  if (artifact) {
    const matched = artifact.filter((s) => patterns.some((p) => matchesPattern(p, s.name.slice('artifact:'.length))));
    if (matched.length === 0 && fromArtifactOnly) {
      throw new InputError(`artifact`, `no file matches ${patterns.join(', ')} (it holds ${artifact.map((s) => s.name.slice('artifact:'.length)).slice(0, 10).join(', ') || 'nothing'})`);
    }
    side = matched.length ? await sideFromSources(label, matched, options) : await loadSide(label, patterns, options);
  } else {
    side = await loadSide(label, patterns, options);
  }
  for (const r of side.runs) {
    for (const s of r.sources) {
      info(`${s.file}: ${s.format}, ${s.recordsKept} of ${s.recordsRead} records kept${s.skipped ? `, ${s.skipped} skipped` : ''}`);
      for (const issue of s.issues.slice(0, 5)) info(`  line ${issue.line}${issue.field ? ` ${issue.field}` : ''}: ${issue.message}`);
      for (const w of s.warnings) info(`  ${w}`);
    }
  }
  return side;
}

async function publish(client: GitHubClient, context: GitHubContext & { repository: RepoRef }, settings: GitHubSettings, report: Report, markdown: string, runId: number): Promise<void> {
  const group = settings.group || report.benchmarks[0]?.name || 'perf-triage';
  const summaryUrl = runUrl(context);
  const stamp = `${context.runId}.${context.runAttempt}`;
  let pullNumber = context.pullRequest?.number;
  let headSha = context.pullRequest?.headSha;
  if (runId) {
    const resolution = await resolvePullRequest(client, context.repository, runId);
    if ('skip' in resolution) {
      info(`no pull request to comment on: ${resolution.skip}`);
      pullNumber = undefined;
      headSha = resolution.run?.headSha;
    } else {
      pullNumber = resolution.pull.number;
      headSha = resolution.pull.headSha;
      info(`run ${runId} belongs to pull request #${pullNumber} (head ${headSha.slice(0, 7)})`);
    }
    if (headSha) {
      const check = await publishOutcomeCheck({ client, repo: context.repository, report, headSha, name: settings.checkName, detailsUrl: summaryUrl, externalId: `perf-triage:${group}:${runId}`, summary: markdown });
      core.setOutput('check-run-id', String(check.id));
      info(`check run "${settings.checkName}" on ${headSha.slice(0, 7)}: ${report.outcome.fail ? 'failure' : 'done'}`);
    }
  }
  if (pullNumber === undefined) return;
  const authors = await commentAuthors(client, settings.commentAuthor);
  const result = await publishComment({ client, context, report, pullNumber, group, authors, mode: settings.comment, summaryUrl, stamp });
  if (result.skipped) {
    info(result.skipped);
    return;
  }
  const comment = result.comment!;
  core.setOutput('comment-id', String(comment.id));
  core.setOutput('comment-url', comment.url);
  core.setOutput('pull-request', String(pullNumber));
  info(`comment ${comment.action} on #${pullNumber}${comment.removed ? ` (${comment.removed} duplicate(s) removed)` : ''}${result.detail && result.detail !== 'full' ? ` (${result.detail} to fit)` : ''}`);
}

function setOutputs(report: Report, reportPath: string): void {
  const regressed = report.benchmarks.flatMap((b) => b.metrics.filter((m) => m.verdict === 'regressed').map((m) => m.spec.key));
  const first = report.benchmarks[0];
  const lead = first ? leadMetric(first) : undefined;
  const dominant = first && lead ? attributionFor(first, lead)?.dominant ?? '' : '';
  core.setOutput('verdict', report.verdict);
  core.setOutput('outcome', report.outcome.fail ? 'fail' : 'pass');
  core.setOutput('regressed-metrics', regressed.join(','));
  core.setOutput('dominant-phase', dominant);
  core.setOutput('slo-breached', String(report.benchmarks.some((b) => b.sloBreaches.length > 0)));
  core.setOutput('report-path', reportPath);
}
