// Runs of the team's benchmark workflow that perf-triage starts (bisect) or asks for again (confirming
// re-runs): workflow_dispatch with a `ref` input and a token the workflow puts in its run-name, waiting
// for the run, cancelling it, re-running a completed one. Every run started is known by id, so the
// caller can cancel what it started and nothing else.

import { statusOf, type GitHubClient } from './client';
import type { RepoRef } from './context';

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export interface DispatchRequest {
  /** The workflow file name ("perf-bisect.yml") or id. */
  workflow: string;
  /** The branch the workflow file is taken from (workflow_dispatch needs a branch or tag). */
  ref: string;
  /** The workflow's inputs: the commit to benchmark (`ref`), and a token its run-name carries. */
  inputs: Record<string, string>;
  token: string;
}

/** Dispatches the workflow and finds the run it started: by the id GitHub returns, else by the token in the run's title. */
export async function dispatchRun(
  client: GitHubClient,
  repo: RepoRef,
  request: DispatchRequest,
  wait: { sleep: Sleep; pollMs: number; attempts?: number },
): Promise<{ id: number; url: string }> {
  const dispatch = (details: boolean) =>
    client.request('POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', {
      ...repo,
      workflow_id: request.workflow,
      ref: request.ref,
      inputs: request.inputs,
      ...(details ? { return_run_details: true } : {}),
    });
  // An older GitHub Enterprise Server refuses the return_run_details field: dispatch without it.
  const response = await dispatch(true).catch((error: unknown) => {
    if (statusOf(error) === 422 && /return_run_details/.test(String((error as Error)?.message))) return dispatch(false);
    throw error;
  });
  const details = response.data as { workflow_run_id?: unknown; html_url?: unknown } | undefined;
  if (typeof details?.workflow_run_id === 'number')
    return { id: details.workflow_run_id, url: typeof details.html_url === 'string' ? details.html_url : '' };
  // GitHub Enterprise answers 204 without the run: find it by the token in its title (the workflow's run-name).
  for (let attempt = 0; attempt < (wait.attempts ?? 20); attempt++) {
    const { data } = await client.rest.actions.listWorkflowRuns({
      ...repo,
      workflow_id: request.workflow,
      event: 'workflow_dispatch',
      per_page: 30,
    });
    const run = data.workflow_runs.find((r) => (r.display_title ?? '').includes(request.token));
    if (run) return { id: run.id, url: run.html_url };
    await wait.sleep(wait.pollMs);
  }
  throw new Error(
    `the dispatched run of ${request.workflow} did not appear (its run-name must contain the token input; see examples/workflows/perf-bisect-bench.yml)`,
  );
}

export interface RunOutcome {
  status: string;
  conclusion: string | null;
  /** The deadline passed first. */
  timedOut: boolean;
}

/** Polls the run until it completes or the deadline (ms since the epoch) passes. */
export async function waitForRun(
  client: GitHubClient,
  repo: RepoRef,
  runId: number,
  wait: { sleep: Sleep; pollMs: number; deadline: number; now?: () => number },
): Promise<RunOutcome> {
  const now = wait.now ?? Date.now;
  for (;;) {
    const { data } = await client.rest.actions.getWorkflowRun({ ...repo, run_id: runId, exclude_pull_requests: true });
    if (data.status === 'completed') return { status: data.status, conclusion: data.conclusion, timedOut: false };
    if (now() + wait.pollMs > wait.deadline)
      return { status: data.status ?? 'unknown', conclusion: data.conclusion, timedOut: true };
    await wait.sleep(wait.pollMs);
  }
}

/** Cancels a run; false when it had completed already (409). */
export async function cancelRun(client: GitHubClient, repo: RepoRef, runId: number): Promise<boolean> {
  try {
    await client.rest.actions.cancelWorkflowRun({ ...repo, run_id: runId });
    return true;
  } catch (error) {
    if (statusOf(error) === 409) return false;
    throw error;
  }
}

/** Re-runs every job of a completed run (a new attempt of the same run). */
export async function rerunRun(client: GitHubClient, repo: RepoRef, runId: number): Promise<void> {
  await client.rest.actions.reRunWorkflow({ ...repo, run_id: runId });
}
