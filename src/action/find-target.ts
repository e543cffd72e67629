// Where the report goes on GitHub: the pull request, the comment group, whose comments count as ours,
// and a maintainer's acceptance that applies to this commit.

import type { Acceptance } from '../report/model';
import type { Report } from '../report/model';
import type { GitHubClient } from '../github/client';
import { findAcceptance } from '../github/acceptance';
import { commentAuthors } from '../github/identity';
import { resolvePullRequest } from '../github/pull-request';
import type { GitHubSettings } from '../github/settings';
import type { OnGitHub } from './action-run';
import { info } from './log';
import { softly } from './soft-call';

/** Where the report goes on GitHub, and the acceptance that applies to it. */
export interface Target {
  group: string;
  pullNumber?: number;
  headSha?: string;
  authors: string[];
  acceptance?: Acceptance;
}

/**
 * The pull request (from the event, or in workflow_run mode from the triggering run as GitHub reports
 * it), whose comments count as ours, and a maintainer's /perf accept for this very commit. A read the
 * token may not make (HTTP 403) is said, with the permission it needs, and the run goes on without it.
 */
export async function findTarget(
  client: GitHubClient,
  context: OnGitHub,
  settings: GitHubSettings,
  report: Report,
  runId: number,
): Promise<Target> {
  const group = commentGroup(settings, report);
  let pullNumber = context.pullRequest?.number;
  let headSha = context.pullRequest?.headSha;
  if (runId) {
    const resolution = await softly(`the pull request of run ${runId} was not found`, () =>
      resolvePullRequest(client, context.repository, runId),
    );
    if (!resolution) {
      pullNumber = undefined;
      headSha = undefined;
    } else if ('skip' in resolution) {
      info(`no pull request to comment on: ${resolution.skip}`);
      pullNumber = undefined;
      headSha = resolution.run?.headSha;
    } else {
      pullNumber = resolution.pull.number;
      headSha = resolution.pull.headSha;
      info(`run ${runId} belongs to pull request #${pullNumber} (head ${headSha.slice(0, 7)})`);
    }
  }
  const authors = await commentAuthors(client, settings.commentAuthor);
  // A maintainer's /perf accept for this very commit turns the outcome green.
  const acceptance =
    pullNumber !== undefined && headSha && report.outcome.fail
      ? await softly(`the acceptances on #${pullNumber} were not read`, () =>
          findAcceptance(client, { repo: context.repository, issueNumber: pullNumber, group, authors }, headSha),
        )
      : undefined;
  return {
    group,
    authors,
    ...(pullNumber !== undefined ? { pullNumber } : {}),
    ...(headSha ? { headSha } : {}),
    ...(acceptance ? { acceptance } : {}),
  };
}

/** The comment group: the input, else the first benchmark's name. The acceptance is found under it too. */
export function commentGroup(settings: GitHubSettings, report: Report): string {
  return settings.group || report.benchmarks[0]?.name || 'perf-triage';
}
