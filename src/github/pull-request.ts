// Which pull request a triggering workflow run belongs to, from what GitHub reports about the run:
// its head repository, branch and SHA. Never from the artifact (a fork's workflow writes it, and could
// name any PR). For a fork PR GitHub lists no pull_requests on the run, so the open PRs whose head
// is that repository, branch and SHA are searched instead.

import type { GitHubClient } from './client';
import type { RepoRef } from './context';

export interface TriggeringRun {
  id: number;
  event: string;
  headSha: string;
  headBranch: string;
  /** owner/name of the repository the run's code came from (the fork, for a fork PR). */
  headRepository: string;
  conclusion: string | null;
}

export type Resolution =
  | { pull: { number: number; headSha: string; url: string }; run: TriggeringRun }
  | { skip: string; run?: TriggeringRun };

export async function getRun(
  client: GitHubClient,
  repo: RepoRef,
  runId: number,
): Promise<TriggeringRun & { pullNumbers: number[] }> {
  const { data } = await client.rest.actions.getWorkflowRun({ ...repo, run_id: runId });
  return {
    id: data.id,
    event: data.event,
    headSha: data.head_sha,
    headBranch: data.head_branch ?? '',
    headRepository: data.head_repository?.full_name ?? '',
    conclusion: data.conclusion ?? null,
    pullNumbers: (data.pull_requests ?? []).map((p) => p.number),
  };
}

export async function resolvePullRequest(client: GitHubClient, repo: RepoRef, runId: number): Promise<Resolution> {
  const run = await getRun(client, repo, runId);
  if (run.event !== 'pull_request' && run.event !== 'pull_request_target') {
    return { skip: `the triggering run ${run.id} came from a ${run.event} event, not a pull request`, run };
  }
  const matches = (pull: { head: { sha: string; repo: { full_name: string } | null }; state: string }) =>
    pull.head.sha === run.headSha && pull.head.repo?.full_name === run.headRepository && pull.state === 'open';

  // Same-repository PRs are listed on the run; check each against the run's head anyway.
  for (const number of run.pullNumbers) {
    const { data } = await client.rest.pulls.get({ ...repo, pull_number: number });
    if (matches(data)) return { pull: { number: data.number, headSha: data.head.sha, url: data.html_url }, run };
  }
  const headOwner = run.headRepository.split('/')[0];
  if (!headOwner || !run.headBranch)
    return { skip: `the triggering run ${run.id} names no head repository or branch`, run };
  const pulls = await client.paginate(client.rest.pulls.list, {
    ...repo,
    state: 'open',
    head: `${headOwner}:${run.headBranch}`,
    per_page: 100,
  });
  const found = pulls.filter(matches);
  if (found.length === 1)
    return { pull: { number: found[0].number, headSha: found[0].head.sha, url: found[0].html_url }, run };
  if (found.length > 1)
    return {
      skip: `${found.length} open pull requests have head ${run.headRepository}@${run.headSha.slice(0, 7)}; not guessing`,
      run,
    };
  return {
    skip: `no open pull request has head ${run.headRepository}:${run.headBranch} at ${run.headSha.slice(0, 7)} (closed, or pushed again since the run)`,
    run,
  };
}
