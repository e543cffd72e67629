// What the runner tells the action about where it runs: the event, the repository, the run, and the
// event payload. Read once from the environment a runner sets (GITHUB_EVENT_NAME, GITHUB_EVENT_PATH,
// GITHUB_REPOSITORY, GITHUB_API_URL, …); never from anything an artifact says.

import { readFileSync } from 'node:fs';

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface GitHubContext {
  eventName: string;
  /** Undefined outside GitHub Actions (a local run): nothing is published then. */
  repository?: RepoRef;
  apiUrl: string;
  serverUrl: string;
  runId: number;
  runAttempt: number;
  sha: string;
  payload: Record<string, unknown>;
  /** For pull_request and pull_request_target events. */
  pullRequest?: { number: number; headSha: string; headRepo: string };
  /** For workflow_run events: the run that triggered this one. */
  workflowRun?: { id: number };
  /** This run's workflow file (".github/workflows/perf.yml"), from GITHUB_WORKFLOW_REF. */
  workflowPath?: string;
}

export class ContextError extends Error {}

export function readContext(env: Record<string, string | undefined>): GitHubContext {
  const repository = env.GITHUB_REPOSITORY ? parseRepo(env.GITHUB_REPOSITORY) : undefined;
  const eventName = env.GITHUB_EVENT_NAME ?? '';
  let payload: Record<string, unknown> = {};
  if (env.GITHUB_EVENT_PATH) {
    try {
      payload = JSON.parse(readFileSync(env.GITHUB_EVENT_PATH, 'utf8')) as Record<string, unknown>;
    } catch (error) {
      throw new ContextError(`cannot read the event payload at GITHUB_EVENT_PATH: ${(error as Error).message}`);
    }
  }
  const context: GitHubContext = {
    eventName,
    repository,
    apiUrl: env.GITHUB_API_URL ?? 'https://api.github.com',
    serverUrl: env.GITHUB_SERVER_URL ?? 'https://github.com',
    runId: Number(env.GITHUB_RUN_ID ?? 0),
    runAttempt: Number(env.GITHUB_RUN_ATTEMPT ?? 1),
    sha: env.GITHUB_SHA ?? '',
    payload,
  };
  const pr = object(payload.pull_request);
  if (pr && (eventName === 'pull_request' || eventName === 'pull_request_target')) {
    const head = object(pr.head);
    context.pullRequest = {
      number: Number(pr.number),
      headSha: String(head?.sha ?? ''),
      headRepo: String(object(head?.repo)?.full_name ?? ''),
    };
  }
  // "owner/repo/.github/workflows/perf.yml@refs/pull/7/merge"
  const workflow = /^[^/]+\/[^/]+\/(\.github\/workflows\/[^@]+)@/.exec(env.GITHUB_WORKFLOW_REF ?? '');
  if (workflow) context.workflowPath = workflow[1];
  const run = object(payload.workflow_run);
  if (run && eventName === 'workflow_run') context.workflowRun = { id: Number(run.id) };
  return context;
}

function parseRepo(value: string | undefined): RepoRef {
  const match = /^([^/\s]+)\/([^/\s]+)$/.exec(value ?? '');
  if (!match)
    throw new ContextError(
      `GITHUB_REPOSITORY is "${value ?? ''}": expected owner/repo (is this running on GitHub Actions?)`,
    );
  return { owner: match[1], repo: match[2] };
}

function object(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** The job summary of this run, where the full report is. */
export function runUrl(context: GitHubContext & { repository: RepoRef }): string {
  return `${context.serverUrl}/${context.repository.owner}/${context.repository.repo}/actions/runs/${context.runId}${context.runAttempt > 1 ? `/attempts/${context.runAttempt}` : ''}`;
}

export function onGitHub(context: GitHubContext): context is GitHubContext & { repository: RepoRef } {
  return context.repository !== undefined;
}

/** The repository's default branch as the event payload names it; undefined when the event does not. */
export function defaultBranch(context: GitHubContext): string | undefined {
  const repository = context.payload.repository as { default_branch?: unknown } | undefined;
  return typeof repository?.default_branch === 'string' ? repository.default_branch : undefined;
}
