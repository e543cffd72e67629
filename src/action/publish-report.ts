// The report on GitHub: the check run (workflow_run mode) and the pull request's comment, with their
// ids as outputs.

import * as core from '@actions/core';
import type { Report } from '../report/model';
import type { GitHubClient } from '../github/client';
import { runUrl } from '../github/context';
import { publishComment, publishOutcomeCheck } from '../github/publish';
import type { GitHubSettings } from '../github/settings';
import type { OnGitHub } from './action-run';
import type { Target } from './find-target';
import { info } from './log';
import { softly } from './soft-call';

/** The check run (workflow_run mode) and the comment; each says what it needs when refused. */
export async function publishReport(
  client: GitHubClient,
  context: OnGitHub,
  settings: GitHubSettings,
  report: Report,
  runId: number,
  target: Target,
): Promise<void> {
  const summaryUrl = runUrl(context);
  const stamp = `${context.runId}.${context.runAttempt}`;
  const { group, pullNumber, headSha } = target;
  if (runId && headSha) {
    const check = await softly(`the check run "${settings.checkName}" was not written`, () =>
      publishOutcomeCheck({
        client,
        repo: context.repository,
        report,
        headSha,
        name: settings.checkName,
        detailsUrl: summaryUrl,
        externalId: `perf-triage:${group}:${runId}`,
      }),
    );
    if (check) {
      core.setOutput('check-run-id', String(check.id));
      info(`check run "${settings.checkName}" on ${headSha.slice(0, 7)}: ${report.outcome.fail ? 'failure' : 'done'}`);
    }
  }
  if (pullNumber === undefined) return;
  const result = await softly(`the comment on #${pullNumber} was not written`, () =>
    publishComment({
      client,
      context,
      report,
      pullNumber,
      group,
      authors: target.authors,
      mode: settings.comment,
      summaryUrl,
      stamp,
      ...(headSha ? { headSha } : {}),
      ...(context.workflowPath ? { workflow: context.workflowPath } : {}),
    }),
  );
  if (!result) return;
  if (result.skipped) {
    info(result.skipped);
    return;
  }
  const comment = result.comment!;
  core.setOutput('comment-id', String(comment.id));
  core.setOutput('comment-url', comment.url);
  core.setOutput('pull-request', String(pullNumber));
  info(
    `comment ${comment.action} on #${pullNumber}${comment.removed ? ` (${comment.removed} duplicate(s) removed)` : ''}${result.detail && result.detail !== 'full' ? ` (${result.detail} to fit)` : ''}`,
  );
}
