// `baseline: artifact`: the baseline is the results artifact of the latest successful run of the same
// benchmark workflow pushed to the default branch of this repository. Only `push` runs count, and
// only those whose head repository is this one: a pull request from a fork's own `main` also runs
// "on main", with the fork's results. Runs are read newest first; a run whose artifact expired or
// was never uploaded is passed over (and said so), up to a bounded number of runs.

import { InputError } from '../ingest/errors';
import { downloadArtifact, type ArtifactFile, type ArtifactLimits } from './artifact';
import type { GitHubClient } from './client';
import type { RepoRef } from './context';

export interface BaselineArtifactRequest {
  /** A run of the benchmark workflow (this one, or the one that triggered it): names the workflow. */
  workflowRunId: number;
  /** The repository's default branch. */
  branch: string;
  artifactName: string;
  limits: ArtifactLimits;
  /** Runs looked at before giving up. */
  maxRuns?: number;
}

export interface BaselineArtifact {
  runId: number;
  headSha: string;
  url: string;
  files: ArtifactFile[];
  /** Newer runs passed over, and why. */
  passedOver: string[];
}

export async function latestBaselineArtifact(
  client: GitHubClient,
  repo: RepoRef,
  request: BaselineArtifactRequest,
): Promise<BaselineArtifact> {
  const { data: current } = await client.rest.actions.getWorkflowRun({ ...repo, run_id: request.workflowRunId });
  const maxRuns = request.maxRuns ?? 20;
  const { data } = await client.rest.actions.listWorkflowRuns({
    ...repo,
    workflow_id: current.workflow_id,
    branch: request.branch,
    event: 'push',
    status: 'success',
    per_page: Math.min(100, maxRuns),
  });
  const here = `${repo.owner}/${repo.repo}`.toLowerCase();
  // The query filters already; the check stays here, where it is seen.
  const pushed = (r: (typeof data.workflow_runs)[number]) =>
    r.event === 'push' &&
    r.head_branch === request.branch &&
    r.head_repository?.full_name.toLowerCase() === here &&
    r.conclusion === 'success';
  const passedOver: string[] = [];
  for (const run of data.workflow_runs.filter((r) => r.id !== current.id && pushed(r)).slice(0, maxRuns)) {
    const { data: listed } = await client.rest.actions.listWorkflowRunArtifacts({
      ...repo,
      run_id: run.id,
      name: request.artifactName,
      per_page: 100,
    });
    const artifact = listed.artifacts.filter((a) => a.name === request.artifactName).sort((a, b) => b.id - a.id)[0];
    if (!artifact) {
      passedOver.push(`run ${run.id}: no artifact "${request.artifactName}"`);
      continue;
    }
    if (artifact.expired) {
      passedOver.push(`run ${run.id}: artifact expired`);
      continue;
    }
    const files = await downloadArtifact(client, repo, run.id, request.artifactName, request.limits);
    return { runId: run.id, headSha: run.head_sha, url: run.html_url, files, passedOver };
  }
  const looked = data.workflow_runs.length;
  throw new InputError(
    'baseline',
    `no successful push run of "${current.name ?? current.path}" on ${request.branch} has an unexpired artifact "${request.artifactName}" (${looked} run(s) looked at${passedOver.length ? `: ${passedOver.slice(0, 3).join('; ')}` : ''}); run the benchmark on ${request.branch} and upload its results under that name, or give baseline files`,
  );
}
