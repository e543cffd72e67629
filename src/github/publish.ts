// Puts the report where people see it: one PR comment (per benchmark group) kept up to date, and in
// workflow_run mode a check run on the PR's head SHA, since that mode's step status never shows on
// the pull request.

import type { Report } from '../report/model';
import { headline } from '../render/summary';
import { statusOf, type GitHubClient } from './client';
import { upsertComment, listOurComments, type CommentResult, type CommentTarget } from './comments';
import type { GitHubContext, RepoRef } from './context';
import { fitComment } from './fit';
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
}

export interface PublishResult {
  comment?: CommentResult;
  skipped?: string;
  detail?: string;
}

export async function publishComment(request: PublishRequest): Promise<PublishResult> {
  const { client, context, report } = request;
  if (request.mode === 'never') return { skipped: 'comment: never' };
  const target: CommentTarget = { ...context.repository!, issueNumber: request.pullNumber, group: request.group, authors: request.authors };
  const noteworthy = request.mode === 'always' || (request.mode === 'changed' ? report.verdict !== 'unchanged' || breached(report) : report.verdict === 'regressed' || breached(report));
  if (!noteworthy) {
    // A comment from an earlier push must not keep showing a verdict that no longer holds.
    const earlier = await listOurComments(client, target);
    if (earlier.length === 0) return { skipped: `comment: ${request.mode}, and the verdict is ${report.verdict}` };
  }
  const reserve = marker(request.group, request.stamp, request.headSha).length + 2;
  const fitted = fitComment(report, { reserve, summaryUrl: request.summaryUrl });
  try {
    const comment = await upsertComment(client, target, fitted.body, request.stamp, request.headSha);
    return { comment, detail: fitted.truncated ? 'truncated' : fitted.detail };
  } catch (error) {
    if (statusOf(error) === 403) {
      return { skipped: 'the token cannot write comments here (read-only, as for a pull request from a fork): use the two-workflow mode in docs/github.md' };
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
  detailsUrl: string;
  externalId: string;
  summary: string;
}

export async function publishOutcomeCheck(request: CheckRequest): Promise<{ id: number; url: string }> {
  const { report } = request;
  const first = report.benchmarks[0];
  const title = first ? `${first.name}: ${headline(first).replace(/`/g, '')}` : report.verdict;
  return publishCheck(request.client, request.repo, {
    name: request.name,
    headSha: request.headSha,
    conclusion: report.outcome.fail ? 'failure' : report.verdict === 'inconclusive' ? 'neutral' : 'success',
    title,
    summary: request.summary,
    detailsUrl: request.detailsUrl,
    externalId: request.externalId,
  });
}
