// issue_comment events: `/perf accept` and `/perf help` on a pull request. No benchmark runs here:
// the command is checked, answered in the thread, and an accepted outcome turns the check green.

import * as core from '@actions/core';
import { ConfigError } from '../config/config';
import type { GitHubClient } from '../github/client';
import { onGitHub, type GitHubContext, type RepoRef } from '../github/context';
import { commentAuthors } from '../github/identity';
import {
  handleCommentCommand,
  permissionOf,
  type CommentEvent,
  type ReportRun,
  type Settle,
} from '../github/acceptance';
import { acceptAlert } from '../github/alerts';
import { parseCommand } from '../journal/commands';
import { statusOf } from '../github/client';
import { needing, permissionError } from '../github/permissions';
import type { Acceptance } from '../report/model';
import type { ActionRun } from './action-run';
import { info, warning } from './log';
import { markdownText, plainText } from '../render/escape';

export function commentEvent(payload: Record<string, unknown>, action: string): CommentEvent | undefined {
  const comment = payload.comment as Record<string, unknown> | undefined;
  const issue = payload.issue as Record<string, unknown> | undefined;
  if (!comment || !issue) return undefined;
  const user = (comment.user ?? {}) as Record<string, unknown>;
  return {
    action,
    issueNumber: Number(issue.number),
    isPullRequest: issue.pull_request !== undefined && issue.pull_request !== null,
    comment: {
      id: Number(comment.id),
      body: typeof comment.body === 'string' ? comment.body : '',
      user: String(user.login ?? ''),
      userType: String(user.type ?? ''),
      createdAt: String(comment.created_at ?? ''),
      updatedAt: String(comment.updated_at ?? ''),
      url: String(comment.html_url ?? ''),
    },
  };
}

export async function runCommand(
  client: GitHubClient,
  context: GitHubContext & { repository: RepoRef },
  options: { group?: string; authors: readonly string[]; checkName: string },
): Promise<void> {
  const event = commentEvent(context.payload, String(context.payload.action ?? ''));
  if (!event) {
    info('issue_comment event without a comment: nothing to do');
    return;
  }
  // On an issue, `/perf accept` can only be about a perf-triage alert: it closes the alert as accepted.
  if (!event.isPullRequest) {
    const outcome = await needing('the /perf command on the issue was not answered', () =>
      alertCommand(client, context.repository, event, options.authors),
    );
    core.setOutput('command', outcome.kind);
    info(`/perf command on issue #${event.issueNumber}: ${outcome.kind}${'why' in outcome ? ` (${outcome.why})` : ''}`);
    return;
  }
  const settle: Settle = (acceptance, reportRuns) =>
    turnGreen(client, context.repository, acceptance, reportRuns, options.checkName);
  const outcome = await needing('the /perf command was not answered', () =>
    handleCommentCommand(client, context.repository, event, {
      ...(options.group ? { group: options.group } : {}),
      authors: options.authors,
      now: new Date().toISOString(),
      settle,
    }),
  );
  core.setOutput('command', outcome.kind);
  info(`/perf command: ${outcome.kind}${'why' in outcome ? ` (${outcome.why})` : ''}`);
}

/**
 * The outcome turns green: a failed check run for that commit (workflow_run mode) is marked
 * successful; otherwise the failed jobs of the run that wrote the report (pull_request mode) are
 * re-run, and that run finds the acceptance and passes — only when GitHub says that run is a pull
 * request run of the accepted commit, of the workflow that wrote the report. Says what it did, or
 * what the team can do.
 */
async function turnGreen(
  client: GitHubClient,
  repo: RepoRef,
  acceptance: Acceptance,
  reportRuns: readonly ReportRun[],
  checkName: string,
): Promise<string> {
  const lacking = (error: unknown, what: string) => {
    const missing = permissionError(error, what);
    if (!missing) throw error;
    warning(missing.message);
    return `Give the commands workflow \`${missing.permission}\`, or re-run the failed perf-triage job, to turn it green.`;
  };
  let failed: { id: number }[];
  try {
    const { data } = await client.rest.checks.listForRef({
      ...repo,
      ref: acceptance.sha,
      check_name: checkName,
      per_page: 100,
    });
    failed = data.check_runs.filter((c) => c.conclusion === 'failure');
  } catch (error) {
    return lacking(error, `the "${checkName}" check runs of ${acceptance.sha.slice(0, 7)} were not read`);
  }
  try {
    for (const check of failed) {
      await client.rest.checks.update({
        ...repo,
        check_run_id: check.id,
        conclusion: 'success',
        output: {
          title: `accepted by ${plainText(acceptance.by, 60)}`,
          summary: `Regression accepted by ${markdownText(acceptance.by, 60)}: ${markdownText(acceptance.reason, 500)}`,
        },
      });
    }
  } catch (error) {
    return lacking(error, `the "${checkName}" check of ${acceptance.sha.slice(0, 7)} was not marked successful`);
  }
  if (failed.length) return `The "${markdownText(checkName, 60)}" check is now green.`;
  const said: string[] = [];
  for (const report of reportRuns) {
    try {
      const { data: run } = await client.rest.actions.getWorkflowRun({ ...repo, run_id: report.id });
      const why = notTheReportingRun(run, acceptance.sha, report.workflow);
      if (why) {
        warning(`run ${report.id} is not re-run: ${why}`);
        continue;
      }
      if (run.conclusion !== 'failure') continue;
      await client.rest.actions.reRunWorkflowFailedJobs({ ...repo, run_id: report.id });
      said.push(`Re-running the failed jobs of [the run](${run.html_url}) that reported it; it will pass.`);
    } catch (error) {
      info(`could not re-run run ${report.id}: HTTP ${statusOf(error) ?? String(error)}`);
      said.push(
        'Re-run the failed perf-triage job to turn it green (this workflow needs `actions: write` to do it for you).',
      );
    }
  }
  return [...new Set(said)].join(' ');
}

/** Why a run is not the one that reported on this commit, or undefined when it is. */
function notTheReportingRun(
  run: { head_sha: string; event: string; path?: string },
  sha: string,
  workflow: string | undefined,
): string | undefined {
  if (run.head_sha !== sha) return `it ran on ${run.head_sha.slice(0, 7)}, not on the accepted ${sha.slice(0, 7)}`;
  if (run.event !== 'pull_request' && run.event !== 'pull_request_target')
    return `it came from a ${run.event} event, not a pull request`;
  if (workflow && run.path?.replace(/@.*$/, '') !== workflow)
    return `it is a run of ${run.path ?? 'another workflow'}, not of ${workflow}, which wrote the report`;
  return undefined;
}

/**
 * `/perf accept <reason>` on an alert issue: new comments only, not by a bot, from a user with write
 * access (checked; a failed check denies), answered once. Anything else on an issue is ignored
 * silently, so nobody can make the bot talk.
 */
async function alertCommand(
  client: GitHubClient,
  repo: RepoRef,
  event: CommentEvent,
  authors: readonly string[],
): Promise<{ kind: 'accepted' | 'ignored' | 'denied'; why?: string }> {
  if (event.action !== 'created') return { kind: 'ignored', why: `comment ${event.action}` };
  if (event.comment.userType === 'Bot' || authors.includes(event.comment.user))
    return { kind: 'ignored', why: 'comment by a bot' };
  const command = parseCommand(event.comment.body);
  if (command?.name !== 'accept') return { kind: 'ignored', why: 'only /perf accept is a command on an alert issue' };
  const permission = await permissionOf(client, repo, event.comment.user);
  if (!permission.allowed) return { kind: 'ignored', why: `${event.comment.user}: ${permission.why}` };
  return acceptAlert(
    client,
    repo,
    { issueNumber: event.issueNumber, commentId: event.comment.id, user: event.comment.user, reason: command.reason },
    authors,
  );
}

/** issue_comment: `/perf accept` or `/perf help` on a pull request (or an alert issue); no benchmark runs. */
export async function commandMode({ client, context, settings }: ActionRun): Promise<void> {
  if (!client || !onGitHub(context)) throw new ConfigError('github-token', 'required to answer /perf commands');
  const authors = await commentAuthors(client, settings.commentAuthor);
  await runCommand(client, context, {
    ...(settings.group ? { group: settings.group } : {}),
    authors,
    checkName: settings.checkName,
  });
}
