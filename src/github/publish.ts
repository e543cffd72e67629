// Puts the report where people see it: one PR comment (per benchmark group) kept up to date, and in
// workflow_run mode a check run on the PR's head SHA, since that mode's step status never shows on
// the pull request.

import type { Report } from '../report/model';
import { headline } from '../render/summary';
import { statusOf, type GitHubClient } from './client';
import { upsertComment, listOurComments, type CommentResult, type CommentTarget } from './comments';
import type { GitHubContext, RepoRef } from './context';
import { CHECK_SUMMARY_LIMIT, fitComment, fitReport } from './fit';
import { plainText } from '../render/escape';
import { marker } from './marker';
import { publishCheck } from './checks';

export type CommentMode = 'always' | 'changed' | 'regressed' | 'never';

export interface PublishRequest {
  client: GitHubClient;
  context: GitHubContext;
  report: Report;
  pullNumber: number;
  group: string;
  authors: readonly string[];
  mode: CommentMode;
  summaryUrl: string;
  /** Identifies this run's writes, so a retried POST is recognised. */
  stamp: string;
  /** The head commit the report is for (an acceptance binds to it). */
  headSha?: string;
  /** The workflow file of this run (GITHUB_WORKFLOW_REF), for an accept to check the run it re-runs. */
  workflow?: string;
}

export interface PublishResult {
  comment?: CommentResult;
  skipped?: string;
  detail?: string;
}

export async function publishComment(request: PublishRequest): Promise<PublishResult> {
  const { client, context, report } = request;
  if (request.mode === 'never') return { skipped: 'comment: never' };
  const target: CommentTarget = {
    ...context.repository!,
    issueNumber: request.pullNumber,
    group: request.group,
    authors: request.authors,
  };
  const noteworthy =
    request.mode === 'always' ||
    (request.mode === 'changed'
      ? report.verdict !== 'unchanged' || breached(report)
      : report.verdict === 'regressed' || breached(report));
  if (!noteworthy) {
    // A comment from an earlier push must not keep showing a verdict that no longer holds.
    const earlier = await listOurComments(client, target);
    if (earlier.length === 0) return { skipped: `comment: ${request.mode}, and the verdict is ${report.verdict}` };
  }
  const reserve = marker(request.group, request.stamp, request.headSha, request.workflow).length + 2;
  const repositoryUrl = `${context.serverUrl}/${target.owner}/${target.repo}`;
  const fitted = fitComment(report, {
    reserve,
    summaryUrl: request.summaryUrl,
    repositoryUrl,
    ...(request.headSha ? { headSha: request.headSha } : {}),
  });
  try {
    const comment = await upsertComment(client, target, fitted.body, request.stamp, request.headSha, request.workflow);
    return { comment, detail: fitted.truncated ? 'truncated' : fitted.detail };
  } catch (error) {
    if (statusOf(error) === 403) {
      return {
        skipped:
          'the token cannot write comments here (HTTP 403): it needs pull-requests: write, and a pull request from a fork only ever gets a read-only token there; use the two-workflow mode in docs/github.md',
      };
    }
    throw error;
  }
}

function breached(report: Report): boolean {
  return report.benchmarks.some((b) => b.sloBreaches.length > 0);
}

export interface CheckRequest {
  client: GitHubClient;
  repo: RepoRef;
  report: Report;
  headSha: string;
  name: string;
  /** The job summary of this run: the check's details link, and where a shortened summary points. */
  detailsUrl: string;
  externalId: string;
}

export async function publishOutcomeCheck(request: CheckRequest): Promise<{ id: number; url: string }> {
  const { report } = request;
  const first = report.benchmarks[0];
  const title = first ? `${plainText(first.name, 100)}: ${headline(first).replace(/`/g, '')}` : report.verdict;
  // The same levels of detail as the comment, from compact down, and the same safe cut.
  const summary = fitReport(report, {
    limit: CHECK_SUMMARY_LIMIT,
    from: 'compact',
    summaryUrl: request.detailsUrl,
  }).body;
  return publishCheck(request.client, request.repo, {
    name: request.name,
    headSha: request.headSha,
    conclusion: report.outcome.fail ? 'failure' : report.verdict === 'inconclusive' ? 'neutral' : 'success',
    title,
    summary,
    detailsUrl: request.detailsUrl,
    externalId: request.externalId,
  });
}
