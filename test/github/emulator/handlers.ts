// The emulated endpoints, keyed by OpenAPI operationId. Each handler reads its path params, query
// and (already schema-checked) JSON body from the context and answers like GitHub, including the
// error bodies GitHub gives for the cases that matter to the action.

import { GitError, SHA_RE, type Signature, type TreeEntry, type TreeMode } from './git-store';
import * as shape from './shapes';
import type { ShapeContext } from './shapes';
import type {
  ArtifactRecord,
  CheckRunRecord,
  IssueRecord,
  RepoRecord,
  RoleName,
  TokenRecord,
  UserRecord,
  WorkflowRunRecord,
} from './state';

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Non-JSON body (artifact downloads). */
  raw?: { contentType: string; data: Uint8Array };
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(String(body.message));
  }
}

export interface HandlerContext extends ShapeContext {
  method: string;
  /** Decoded request path. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: any;
  token: TokenRecord;
  user: UserRecord;
  /** The operation's documentation URL (GitHub puts it in error bodies). */
  docUrl: string;
  /** URL of the artifact's bytes on the emulator's blob store (no Authorization needed). */
  blobUrl(artifact: ArtifactRecord): string;
}

export type Handler = (ctx: HandlerContext) => Reply;

// ---- errors ----

export function errorBody(
  status: number,
  message: string,
  docUrl: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return { message, ...extra, documentation_url: docUrl, status: String(status) };
}

function notFound(ctx: HandlerContext, message = 'Not Found'): HttpError {
  return new HttpError(404, errorBody(404, message, ctx.docUrl));
}
function forbidden(ctx: HandlerContext, message: string): HttpError {
  return new HttpError(403, errorBody(403, message, ctx.docUrl));
}
function unprocessable(ctx: HandlerContext, message: string, errors?: unknown[]): HttpError {
  return new HttpError(422, errorBody(422, message, ctx.docUrl, errors ? { errors } : {}));
}
function conflict(ctx: HandlerContext, message: string): HttpError {
  return new HttpError(409, errorBody(409, message, ctx.docUrl));
}
function fromGit(ctx: HandlerContext, err: unknown): never {
  if (err instanceof GitError) throw new HttpError(err.status, errorBody(err.status, err.message, ctx.docUrl));
  throw err;
}

// ---- access ----

function roleOf(repo: RepoRecord, login: string): RoleName | 'none' {
  if (login.toLowerCase() === repo.owner.toLowerCase()) return 'admin';
  return repo.collaborators.get(login.toLowerCase()) ?? 'none';
}

function tokenSees(token: TokenRecord, repo: RepoRecord): boolean {
  return !token.repos || token.repos.some((r) => r.toLowerCase() === repo.fullName.toLowerCase());
}

function repoOf(ctx: HandlerContext): RepoRecord {
  const repo = ctx.state.repo(`${ctx.params.owner}/${ctx.params.repo}`);
  if (!repo || !tokenSees(ctx.token, repo)) throw notFound(ctx);
  if (repo.private && ctx.token.kind !== 'installation' && roleOf(repo, ctx.user.login) === 'none') throw notFound(ctx);
  return repo;
}

const WRITE_ROLES = new Set<string>(['admin', 'maintain', 'write']);

/**
 * Writes: a read-only token (a fork's GITHUB_TOKEN) gets 403; on contents and checks a personal
 * token also needs push access. Commenting only needs read access, as on GitHub.
 */
function requireWrite(
  ctx: HandlerContext,
  repo: RepoRecord,
  scope: 'issues' | 'contents' | 'checks' | 'actions',
): void {
  const by = ctx.token.kind === 'installation' ? 'integration' : 'personal access token';
  if (ctx.token.readOnly) throw forbidden(ctx, `Resource not accessible by ${by}`);
  if (scope === 'checks' && ctx.token.kind !== 'installation')
    throw forbidden(ctx, 'You must authenticate via a GitHub App.');
  if (
    (scope === 'contents' || scope === 'actions') &&
    ctx.token.kind !== 'installation' &&
    !WRITE_ROLES.has(roleOf(repo, ctx.user.login))
  ) {
    throw forbidden(ctx, `Resource not accessible by ${by}`);
  }
}

// ---- pagination ----

function pageParams(ctx: HandlerContext): { perPage: number; page: number } {
  const perPageRaw = Number.parseInt(ctx.query.get('per_page') ?? '', 10);
  const pageRaw = Number.parseInt(ctx.query.get('page') ?? '', 10);
  const perPage = Number.isFinite(perPageRaw) && perPageRaw > 0 ? Math.min(perPageRaw, 100) : 30;
  const page = Number.isFinite(pageRaw) && pageRaw > 0 ? pageRaw : 1;
  return { perPage, page };
}

/** One page of `items` and GitHub's Link header (prev, next, last, first; none for one page). */
function paginate<T>(ctx: HandlerContext, items: T[]): { items: T[]; headers: Record<string, string> } {
  const { perPage, page } = pageParams(ctx);
  const last = Math.max(1, Math.ceil(items.length / perPage));
  const slice = items.slice((page - 1) * perPage, page * perPage);
  const link = (p: number) => {
    const q = new URLSearchParams(ctx.query);
    q.set('page', String(p));
    return `<${ctx.api}${encodePath(ctx.path)}?${q.toString()}>`;
  };
  const parts: string[] = [];
  if (page > 1) parts.push(`${link(Math.min(page - 1, last))}; rel="prev"`);
  if (page < last) parts.push(`${link(page + 1)}; rel="next"`, `${link(last)}; rel="last"`);
  if (page > 1) parts.push(`${link(1)}; rel="first"`);
  return { items: slice, headers: parts.length ? { link: parts.join(', ') } : {} };
}

function encodePath(path: string): string {
  return path
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
}

function intParam(ctx: HandlerContext, name: string): number {
  const n = Number(ctx.params[name]);
  if (!Number.isSafeInteger(n)) throw notFound(ctx);
  return n;
}

// ---- users, repos ----

const users: Record<string, Handler> = {
  'users/get-authenticated': (ctx) => {
    if (ctx.token.kind === 'installation') throw forbidden(ctx, 'Resource not accessible by integration');
    return { status: 200, body: shape.privateUser(ctx, ctx.user) };
  },
  'repos/get': (ctx) => {
    const repo = repoOf(ctx);
    return { status: 200, body: shape.fullRepository(ctx, repo, roleOf(repo, ctx.user.login)) };
  },
  'repos/get-collaborator-permission-level': (ctx) => {
    const repo = repoOf(ctx);
    const user = ctx.state.user(ctx.params.username);
    if (!user) throw notFound(ctx);
    let role = roleOf(repo, user.login);
    // A public repository lets anyone read: GitHub reports "read" for non-collaborators.
    if (role === 'none' && !repo.private) role = 'read';
    return { status: 200, body: shape.collaboratorPermission(ctx, user, role) };
  },
};

// ---- issue comments ----

const MAX_COMMENT = 65536;

function checkCommentBody(ctx: HandlerContext, body: string): void {
  if ([...body].length > MAX_COMMENT) {
    throw unprocessable(ctx, 'Validation Failed', [
      {
        resource: 'IssueComment',
        code: 'custom',
        field: 'body',
        message: `body is too long (maximum is ${MAX_COMMENT} characters)`,
      },
    ]);
  }
  if (body.trim() === '') {
    throw unprocessable(ctx, 'Validation Failed', [{ resource: 'IssueComment', code: 'missing_field', field: 'body' }]);
  }
}

function commentOf(ctx: HandlerContext, repo: RepoRecord) {
  const c = ctx.state.comments.get(intParam(ctx, 'comment_id'));
  if (!c || c.repo !== repo.fullName) throw notFound(ctx);
  return c;
}

function canEditComment(ctx: HandlerContext, repo: RepoRecord, author: string): void {
  if (ctx.token.kind === 'installation') return;
  if (author.toLowerCase() === ctx.user.login.toLowerCase()) return;
  if (WRITE_ROLES.has(roleOf(repo, ctx.user.login))) return;
  throw forbidden(ctx, 'Must have admin rights to Repository.');
}

const comments: Record<string, Handler> = {
  'issues/list-comments': (ctx) => {
    const repo = repoOf(ctx);
    const n = intParam(ctx, 'issue_number');
    if (!ctx.state.issue(repo.fullName, n)) throw notFound(ctx);
    const since = ctx.query.get('since');
    let list = ctx.state.commentsOn(repo.fullName, n);
    if (since) list = list.filter((c) => Date.parse(c.updatedAt) >= Date.parse(since));
    const page = paginate(ctx, list);
    return { status: 200, body: page.items.map((c) => shape.issueComment(ctx, c)), headers: page.headers };
  },
  'issues/create-comment': (ctx) => {
    const repo = repoOf(ctx);
    const n = intParam(ctx, 'issue_number');
    if (!ctx.state.issue(repo.fullName, n)) throw notFound(ctx);
    requireWrite(ctx, repo, 'issues');
    checkCommentBody(ctx, ctx.body.body);
    const c = ctx.state.addComment(repo.fullName, n, { author: ctx.user.login, body: ctx.body.body });
    const json = shape.issueComment(ctx, c);
    return { status: 201, body: json, headers: { location: json.url } };
  },
  'issues/get-comment': (ctx) => {
    const repo = repoOf(ctx);
    return { status: 200, body: shape.issueComment(ctx, commentOf(ctx, repo)) };
  },
  'issues/update-comment': (ctx) => {
    const repo = repoOf(ctx);
    const c = commentOf(ctx, repo);
    requireWrite(ctx, repo, 'issues');
    canEditComment(ctx, repo, c.author);
    checkCommentBody(ctx, ctx.body.body);
    c.body = ctx.body.body;
    c.updatedAt = ctx.state.stamp();
    return { status: 200, body: shape.issueComment(ctx, c) };
  },
  'issues/delete-comment': (ctx) => {
    const repo = repoOf(ctx);
    const c = commentOf(ctx, repo);
    requireWrite(ctx, repo, 'issues');
    canEditComment(ctx, repo, c.author);
    ctx.state.comments.delete(c.id);
    return { status: 204 };
  },
};

// ---- pulls ----

function knownSha(ctx: HandlerContext, repo: RepoRecord, sha: string): boolean {
  if (repo.git.get(sha)) return true;
  const lower = sha.toLowerCase();
  if (
    ctx.state
      .pullsOf(repo.fullName)
      .some((p) => p.head.sha === lower || p.commits.includes(lower) || p.mergeCommitSha === lower)
  )
    return true;
  return [...ctx.state.runs.values()].some((r) => r.repo === repo.fullName && r.headSha === lower);
}

const pulls: Record<string, Handler> = {
  'pulls/get': (ctx) => {
    const repo = repoOf(ctx);
    const p = ctx.state.pull(repo.fullName, intParam(ctx, 'pull_number'));
    if (!p) throw notFound(ctx);
    return { status: 200, body: shape.pullRequest(ctx, p) };
  },
  'pulls/list': (ctx) => {
    const repo = repoOf(ctx);
    const state = ctx.query.get('state') ?? 'open';
    const head = ctx.query.get('head');
    const base = ctx.query.get('base');
    const sort = ctx.query.get('sort') ?? 'created';
    const direction = ctx.query.get('direction') ?? (sort === 'created' ? 'desc' : 'asc');
    let list = ctx.state.pullsOf(repo.fullName).filter((p) => state === 'all' || p.state === state);
    // GitHub ignores a `head` without the "owner:" prefix; with it, owner and branch must both match.
    if (head && head.includes(':')) {
      const [owner, ...rest] = head.split(':');
      const ref = rest.join(':');
      list = list.filter(
        (p) => ctx.state.requireRepo(p.head.repo).owner.toLowerCase() === owner.toLowerCase() && p.head.ref === ref,
      );
    }
    if (base) list = list.filter((p) => p.base.ref === base);
    const keyOf = (p: (typeof list)[number]) =>
      (sort === 'updated' ? Date.parse(p.updatedAt) : Date.parse(p.createdAt)) * 1e6 + p.number;
    list.sort((a, b) => (direction === 'asc' ? keyOf(a) - keyOf(b) : keyOf(b) - keyOf(a)));
    const page = paginate(ctx, list);
    return { status: 200, body: page.items.map((p) => shape.pullRequestSimple(ctx, p)), headers: page.headers };
  },
  'repos/list-pull-requests-associated-with-commit': (ctx) => {
    const repo = repoOf(ctx);
    const sha = ctx.params.commit_sha.toLowerCase();
    if (!knownSha(ctx, repo, sha)) throw unprocessable(ctx, `No commit found for SHA: ${ctx.params.commit_sha}`);
    const list = ctx.state
      .pullsOf(repo.fullName)
      .filter((p) => p.head.sha === sha || p.commits.includes(sha) || p.mergeCommitSha === sha)
      .sort((a, b) => b.number - a.number);
    const page = paginate(ctx, list);
    return { status: 200, body: page.items.map((p) => shape.pullRequestSimple(ctx, p)), headers: page.headers };
  },
};

// ---- actions ----

function runOf(ctx: HandlerContext, repo: RepoRecord) {
  const run = ctx.state.runs.get(intParam(ctx, 'run_id'));
  if (!run || run.repo !== repo.fullName) throw notFound(ctx);
  return run;
}

function artifactOf(ctx: HandlerContext, repo: RepoRecord) {
  const a = ctx.state.artifacts.get(intParam(ctx, 'artifact_id'));
  if (!a || a.repo !== repo.fullName) throw notFound(ctx);
  return a;
}

const actions: Record<string, Handler> = {
  'actions/get-workflow-run': (ctx) => {
    const repo = repoOf(ctx);
    const run = runOf(ctx, repo);
    progress(ctx, run);
    return { status: 200, body: shape.workflowRun(ctx, run, ctx.query.get('exclude_pull_requests') === 'true') };
  },
  'actions/create-workflow-dispatch': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'actions');
    const workflow = ctx.params.workflow_id;
    const path = /^\d+$/.test(workflow)
      ? [...ctx.state.runs.values()].find((r) => r.repo === repo.fullName && String(r.workflowId) === workflow)?.path
      : `.github/workflows/${workflow}`;
    if (!path) throw notFound(ctx);
    const ref = String(ctx.body.ref).replace(/^refs\/(heads|tags)\//, '');
    const sha = repo.git.refs.get(`refs/heads/${ref}`) ?? repo.git.refs.get(`refs/tags/${ref}`);
    if (!sha) throw unprocessable(ctx, `No ref found for: ${ctx.body.ref}`);
    const inputs = (ctx.body.inputs ?? {}) as Record<string, unknown>;
    const run = ctx.state.addWorkflowRun(repo.fullName, {
      event: 'workflow_dispatch',
      headBranch: ref,
      headSha: sha,
      status: 'queued',
      conclusion: null,
      path,
      workflowId: workflowIdOf(path),
      name: path
        .split('/')
        .pop()!
        .replace(/\.ya?ml$/, ''),
      actor: ctx.user.login,
    });
    const plan = ctx.state.onDispatch?.({ repo: repo.fullName, workflow: path, ref, inputs, run, state: ctx.state });
    if (plan) run.pending = { polls: plan.completeAfterPolls ?? 1, conclusion: plan.conclusion ?? 'success' };
    if (ctx.body.return_run_details !== true) return { status: 204 };
    return {
      status: 200,
      body: {
        workflow_run_id: run.id,
        run_url: `${shape.repoUrl(ctx, repo)}/actions/runs/${run.id}`,
        html_url: `${shape.HTML}/${repo.fullName}/actions/runs/${run.id}`,
      },
    };
  },
  'actions/cancel-workflow-run': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'actions');
    const run = runOf(ctx, repo);
    if (run.status === 'completed') throw conflict(ctx, 'Cannot cancel a workflow run that is completed.');
    run.status = 'completed';
    run.conclusion = 'cancelled';
    run.pending = undefined;
    run.updatedAt = ctx.state.stamp();
    return { status: 202, body: {} };
  },
  'actions/re-run-workflow': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'actions');
    const run = runOf(ctx, repo);
    if (run.status !== 'completed') throw forbidden(ctx, 'This workflow is already running');
    run.runAttempt += 1;
    run.status = 'queued';
    run.conclusion = null;
    run.updatedAt = ctx.state.stamp();
    return { status: 201, body: {} };
  },
  'actions/list-workflow-runs': (ctx) => {
    const repo = repoOf(ctx);
    const workflow = ctx.params.workflow_id;
    const q = (name: string) => ctx.query.get(name);
    // `status` filters by status or, for the conclusion values, by conclusion (as GitHub documents).
    const conclusions = new Set([
      'success',
      'failure',
      'neutral',
      'cancelled',
      'skipped',
      'timed_out',
      'action_required',
      'stale',
      'startup_failure',
    ]);
    const status = q('status');
    const list = [...ctx.state.runs.values()]
      .filter((r) => r.repo === repo.fullName && (String(r.workflowId) === workflow || r.path.endsWith(`/${workflow}`)))
      .filter((r) => q('branch') === null || r.headBranch === q('branch'))
      .filter((r) => q('event') === null || r.event === q('event'))
      .filter((r) => q('head_sha') === null || r.headSha === q('head_sha'))
      .filter((r) => status === null || (conclusions.has(status) ? r.conclusion === status : r.status === status))
      .sort((a, b) => b.id - a.id);
    const page = paginate(ctx, list);
    return {
      status: 200,
      body: { total_count: list.length, workflow_runs: page.items.map((r) => shape.workflowRun(ctx, r)) },
      headers: page.headers,
    };
  },
  'actions/re-run-workflow-failed-jobs': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'actions');
    const run = runOf(ctx, repo);
    if (run.status !== 'completed' || run.conclusion === 'success')
      throw forbidden(ctx, 'This workflow run cannot be retried');
    run.runAttempt += 1;
    run.status = 'queued';
    run.conclusion = null;
    run.updatedAt = ctx.state.stamp();
    return { status: 201, body: {} };
  },
  'actions/list-workflow-run-artifacts': (ctx) => {
    const repo = repoOf(ctx);
    const run = runOf(ctx, repo);
    const name = ctx.query.get('name');
    const direction = ctx.query.get('direction') ?? 'desc';
    const list = [...ctx.state.artifacts.values()]
      .filter((a) => a.runId === run.id && (name === null || a.name === name))
      .sort((a, b) => (direction === 'asc' ? a.id - b.id : b.id - a.id));
    const page = paginate(ctx, list);
    return {
      status: 200,
      body: { total_count: list.length, artifacts: page.items.map((a) => shape.artifact(ctx, a)) },
      headers: page.headers,
    };
  },
  'actions/get-artifact': (ctx) => {
    const repo = repoOf(ctx);
    return { status: 200, body: shape.artifact(ctx, artifactOf(ctx, repo)) };
  },
  'actions/download-artifact': (ctx) => {
    const repo = repoOf(ctx);
    const a = artifactOf(ctx, repo);
    if (ctx.params.archive_format !== 'zip') throw notFound(ctx);
    if (a.expired) throw new HttpError(410, errorBody(410, 'Artifact has expired', ctx.docUrl));
    return { status: 302, headers: { location: ctx.blobUrl(a) } };
  },
};

/** A dispatched run moves on each time it is read: in progress, then completed as its plan says. */
function progress(ctx: HandlerContext, run: WorkflowRunRecord): void {
  if (!run.pending || run.status === 'completed') return;
  run.pending.polls -= 1;
  run.updatedAt = ctx.state.stamp();
  if (run.pending.polls > 0) {
    run.status = 'in_progress';
    return;
  }
  run.status = 'completed';
  run.conclusion = run.pending.conclusion;
  run.pending = undefined;
}

/** A stable workflow id per workflow file, as GitHub gives each workflow one. */
function workflowIdOf(path: string): number {
  let h = 7;
  for (const c of path) h = (h * 31 + c.charCodeAt(0)) % 900_000;
  return 100_000 + h;
}

// ---- issues and labels ----

function issueOf(ctx: HandlerContext, repo: RepoRecord): IssueRecord {
  const i = ctx.state.issue(repo.fullName, intParam(ctx, 'issue_number'));
  if (!i) throw notFound(ctx);
  return i;
}

function assignable(repo: RepoRecord, login: string): boolean {
  return roleOf(repo, login) !== 'none';
}

function labelNames(value: unknown): string[] {
  return Array.isArray(value)
    ? value
        .map((l) => (typeof l === 'string' ? l : String((l as { name?: unknown }).name ?? '')))
        .filter((n) => n !== '')
    : [];
}

function checkAssignees(ctx: HandlerContext, repo: RepoRecord, assignees: unknown): string[] {
  const logins = Array.isArray(assignees) ? assignees.map(String) : [];
  const invalid = logins.filter((l) => !assignable(repo, l));
  if (invalid.length)
    throw unprocessable(
      ctx,
      'Validation Failed',
      invalid.map((value) => ({ value, resource: 'Issue', field: 'assignees', code: 'invalid' })),
    );
  return logins.map((l) => ctx.state.user(l)?.login ?? l);
}

const issues: Record<string, Handler> = {
  'issues/create': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'issues');
    const title = String(ctx.body.title ?? '');
    if (title.trim() === '')
      throw unprocessable(ctx, 'Validation Failed', [{ resource: 'Issue', code: 'missing_field', field: 'title' }]);
    if (typeof ctx.body.body === 'string') checkCommentBody(ctx, ctx.body.body);
    const assignees = checkAssignees(ctx, repo, ctx.body.assignees);
    const created = ctx.state.addIssue(repo.fullName, {
      title,
      author: ctx.user.login,
      body: ctx.body.body ?? null,
      labels: labelNames(ctx.body.labels),
      assignees,
    });
    const json = shape.issue(ctx, created);
    return { status: 201, body: json, headers: { location: json.url } };
  },
  'issues/get': (ctx) => {
    const repo = repoOf(ctx);
    return { status: 200, body: shape.issue(ctx, issueOf(ctx, repo)) };
  },
  'issues/update': (ctx) => {
    const repo = repoOf(ctx);
    const i = issueOf(ctx, repo);
    requireWrite(ctx, repo, 'issues');
    if (ctx.body.title !== undefined && ctx.body.title !== null) i.title = String(ctx.body.title);
    if (ctx.body.body !== undefined) {
      if (typeof ctx.body.body === 'string') checkCommentBody(ctx, ctx.body.body);
      i.body = ctx.body.body;
    }
    if (ctx.body.labels !== undefined)
      i.labels = labelNames(ctx.body.labels).map((n) => ctx.state.ensureLabel(repo.fullName, n).name);
    if (ctx.body.assignees !== undefined) i.assignees = checkAssignees(ctx, repo, ctx.body.assignees);
    if (ctx.body.state === 'closed' && i.state !== 'closed') {
      i.state = 'closed';
      i.closedAt = ctx.state.stamp();
      i.closedBy = ctx.user.login;
      i.stateReason = ctx.body.state_reason ?? 'completed';
    } else if (ctx.body.state === 'open' && i.state !== 'open') {
      i.state = 'open';
      i.closedAt = null;
      i.closedBy = null;
      i.stateReason = 'reopened';
    } else if (ctx.body.state_reason !== undefined && i.state === 'closed') {
      i.stateReason = ctx.body.state_reason;
    }
    i.updatedAt = ctx.state.stamp();
    return { status: 200, body: shape.issue(ctx, i) };
  },
  'issues/list-for-repo': (ctx) => {
    const repo = repoOf(ctx);
    const q = (name: string) => ctx.query.get(name);
    const state = q('state') ?? 'open';
    const labels = (q('labels') ?? '')
      .split(',')
      .map((l) => l.trim().toLowerCase())
      .filter(Boolean);
    const creator = q('creator')?.toLowerCase();
    const since = q('since');
    const sort = q('sort') ?? 'created';
    const direction = q('direction') ?? 'desc';
    const list = [...ctx.state.issues.values()]
      .filter((i) => i.repo === repo.fullName && (state === 'all' || i.state === state))
      .filter((i) => labels.every((l) => (i.labels ?? []).some((x) => x.toLowerCase() === l)))
      .filter((i) => creator === undefined || i.author.toLowerCase() === creator)
      .filter((i) => since === null || Date.parse(i.updatedAt) >= Date.parse(since))
      .sort((a, b) => {
        const key = (i: IssueRecord) =>
          (sort === 'updated' ? Date.parse(i.updatedAt) : Date.parse(i.createdAt)) * 1e6 + i.number;
        return direction === 'asc' ? key(a) - key(b) : key(b) - key(a);
      });
    const page = paginate(ctx, list);
    return { status: 200, body: page.items.map((i) => shape.issue(ctx, i)), headers: page.headers };
  },
  'issues/get-label': (ctx) => {
    const repo = repoOf(ctx);
    const l = repo.labels.get(ctx.params.name.toLowerCase());
    if (!l) throw notFound(ctx);
    return { status: 200, body: shape.label(ctx, repo, l) };
  },
  'issues/create-label': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'issues');
    const name = String(ctx.body.name);
    if (repo.labels.has(name.toLowerCase()))
      throw unprocessable(ctx, 'Validation Failed', [{ resource: 'Label', code: 'already_exists', field: 'name' }]);
    const l = ctx.state.ensureLabel(repo.fullName, name, {
      color: String(ctx.body.color ?? 'ededed').replace(/^#/, ''),
      description: ctx.body.description ?? null,
    });
    const json = shape.label(ctx, repo, l);
    return { status: 201, body: json, headers: { location: json.url } };
  },
  'issues/check-user-can-be-assigned': (ctx) => {
    const repo = repoOf(ctx);
    if (!ctx.state.user(ctx.params.assignee) || !assignable(repo, ctx.params.assignee)) throw notFound(ctx);
    return { status: 204 };
  },
  'repos/compare-commits-with-basehead': (ctx) => compareCommits(ctx, ctx.params.basehead),
  // octokit's path for the same endpoint: GET /repos/{owner}/{repo}/compare/{base}...{head}.
  'repos/compare-commits': (ctx) => compareCommits(ctx, `${ctx.params.base}...${ctx.params.head}`),
};

function compareCommits(ctx: HandlerContext, basehead: string): Reply {
  const repo = repoOf(ctx);
  const [baseRef, headRef] = basehead.split(/\.{2,3}/);
  const base = baseRef ? repo.git.resolveCommitish(baseRef) : undefined;
  const head = headRef ? repo.git.resolveCommitish(headRef) : undefined;
  if (!base || !head) throw notFound(ctx);
  const ancestors = (sha: string) => {
    const seen = new Set<string>();
    const stack = [sha];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(repo.git.commit(next)?.parents ?? []));
    }
    return seen;
  };
  const ofBase = ancestors(base);
  const ofHead = ancestors(head);
  // Oldest first along the parents, as GitHub lists a comparison.
  const ahead: string[] = [];
  for (let sha: string | undefined = head; sha && !ofBase.has(sha); sha = repo.git.commit(sha)?.parents[0])
    ahead.unshift(sha);
  const mergeBase =
    [...ofHead].find((sha) => ofBase.has(sha) && repo.git.isAncestor(sha, base) && ahead.every((a) => a !== sha)) ??
    base;
  const behind = [...ofBase].filter((sha) => !ofHead.has(sha)).length;
  const { perPage, page } = {
    perPage: Math.min(Number(ctx.query.get('per_page') ?? 250) || 250, 250),
    page: Number(ctx.query.get('page') ?? 1) || 1,
  };
  const commits = ahead.slice((page - 1) * perPage, page * perPage).map((sha) => repo.git.commit(sha)!);
  return {
    status: 200,
    body: shape.commitComparison(
      ctx,
      repo,
      repo.git.commit(base)!,
      repo.git.commit(head)!,
      repo.git.commit(mergeBase)!,
      commits,
      behind,
    ),
  };
}

// ---- checks ----

function checkOutput(c: CheckRunRecord, output: any): void {
  if (!output) return;
  c.output.title = output.title ?? c.output.title;
  c.output.summary = output.summary ?? c.output.summary;
  c.output.text = output.text ?? c.output.text;
  c.output.annotationsCount += Array.isArray(output.annotations) ? output.annotations.length : 0;
}

function applyCheckStatus(ctx: HandlerContext, c: CheckRunRecord, body: any): void {
  if (body.started_at !== undefined) c.startedAt = body.started_at;
  if (body.status !== undefined) c.status = body.status;
  if (body.conclusion !== undefined) {
    c.conclusion = body.conclusion;
    c.status = 'completed';
    c.completedAt = body.completed_at ?? c.completedAt ?? ctx.state.stamp();
  } else if (body.completed_at !== undefined || c.status === 'completed') {
    if (c.conclusion === null) {
      throw unprocessable(
        ctx,
        'Invalid request.\n\n`conclusion` is required when `status` is "completed" or `completed_at` is given.',
      );
    }
    if (body.completed_at !== undefined) c.completedAt = body.completed_at;
  }
}

const checks: Record<string, Handler> = {
  'checks/create': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'checks');
    const sha = String(ctx.body.head_sha).toLowerCase();
    if (!SHA_RE.test(sha)) throw unprocessable(ctx, `No commit found for SHA: ${ctx.body.head_sha}`);
    const c: CheckRunRecord = {
      id: ctx.state.nextCheckRunId(),
      repo: repo.fullName,
      name: ctx.body.name,
      headSha: sha,
      status: 'queued',
      conclusion: null,
      startedAt: ctx.state.stamp(),
      completedAt: null,
      detailsUrl: ctx.body.details_url ?? null,
      externalId: ctx.body.external_id ?? null,
      output: { title: null, summary: null, text: null, annotationsCount: 0 },
      author: ctx.user.login,
    };
    applyCheckStatus(ctx, c, ctx.body);
    checkOutput(c, ctx.body.output);
    ctx.state.checkRuns.set(c.id, c);
    return { status: 201, body: shape.checkRun(ctx, c) };
  },
  'checks/update': (ctx) => {
    const repo = repoOf(ctx);
    const existing = ctx.state.checkRuns.get(intParam(ctx, 'check_run_id'));
    if (!existing || existing.repo !== repo.fullName) throw notFound(ctx);
    requireWrite(ctx, repo, 'checks');
    const c: CheckRunRecord = { ...existing, output: { ...existing.output } };
    if (ctx.body.name !== undefined) c.name = ctx.body.name;
    if (ctx.body.details_url !== undefined) c.detailsUrl = ctx.body.details_url;
    if (ctx.body.external_id !== undefined) c.externalId = ctx.body.external_id;
    applyCheckStatus(ctx, c, ctx.body);
    checkOutput(c, ctx.body.output);
    ctx.state.checkRuns.set(c.id, c);
    return { status: 200, body: shape.checkRun(ctx, c) };
  },
  'checks/get': (ctx) => {
    const repo = repoOf(ctx);
    const c = ctx.state.checkRuns.get(intParam(ctx, 'check_run_id'));
    if (!c || c.repo !== repo.fullName) throw notFound(ctx);
    return { status: 200, body: shape.checkRun(ctx, c) };
  },
  'checks/list-for-ref': (ctx) => {
    const repo = repoOf(ctx);
    const ref = ctx.params.ref;
    const sha = SHA_RE.test(ref.toLowerCase()) ? ref.toLowerCase() : repo.git.resolveCommitish(ref);
    if (!sha) throw unprocessable(ctx, `No commit found for SHA: ${ref}`);
    const checkName = ctx.query.get('check_name');
    const status = ctx.query.get('status');
    let list = [...ctx.state.checkRuns.values()]
      .filter((c) => c.repo === repo.fullName && c.headSha === sha)
      .filter((c) => checkName === null || c.name === checkName)
      .filter((c) => status === null || c.status === status)
      .sort((a, b) => b.id - a.id);
    if ((ctx.query.get('filter') ?? 'latest') === 'latest') {
      const seen = new Set<string>();
      list = list.filter((c) => !seen.has(c.name) && seen.add(c.name));
    }
    const page = paginate(ctx, list);
    return {
      status: 200,
      body: { total_count: list.length, check_runs: page.items.map((c) => shape.checkRun(ctx, c)) },
      headers: page.headers,
    };
  },
};

// ---- git data ----

function nonEmpty(ctx: HandlerContext, repo: RepoRecord): void {
  if (repo.git.refs.size === 0) throw conflict(ctx, 'Git Repository is empty.');
}

function branchOf(ref: string): string | undefined {
  return ref.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : undefined;
}

function signature(ctx: HandlerContext, given: any, fallback?: Signature): Signature {
  if (given)
    return {
      name: given.name,
      email: given.email,
      date: given.date ? new Date(given.date).toISOString().replace(/\.\d{3}Z$/, 'Z') : ctx.state.stamp(),
    };
  if (fallback) return fallback;
  return {
    name: ctx.user.name ?? ctx.user.login,
    email: `${ctx.user.id}+${ctx.user.login}@users.noreply.github.com`,
    date: ctx.state.stamp(),
  };
}

const MODE_TYPES: Record<TreeMode, TreeEntry['type']> = {
  '100644': 'blob',
  '100755': 'blob',
  '120000': 'blob',
  '040000': 'tree',
  '160000': 'commit',
};

const git: Record<string, Handler> = {
  'git/get-ref': (ctx) => {
    const repo = repoOf(ctx);
    nonEmpty(ctx, repo);
    const ref = `refs/${ctx.params.ref}`;
    const sha = repo.git.refs.get(ref);
    if (!sha) throw notFound(ctx);
    return { status: 200, body: shape.gitRef(ctx, repo, ref, sha) };
  },
  'git/list-matching-refs': (ctx) => {
    const repo = repoOf(ctx);
    const prefix = `refs/${ctx.params.ref}`;
    const refs = [...repo.git.refs.entries()]
      .filter(([r]) => r.startsWith(prefix))
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return { status: 200, body: refs.map(([r, sha]) => shape.gitRef(ctx, repo, r, sha)) };
  },
  'git/create-ref': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'contents');
    const ref: string = ctx.body.ref;
    if (!ref.startsWith('refs/') || ref.split('/').length < 3 || ref.split('/').some((s) => s === '' || s === '..')) {
      throw unprocessable(ctx, `${ref} is not a valid ref name.`);
    }
    const sha = String(ctx.body.sha).toLowerCase();
    if (!repo.git.get(sha)) throw unprocessable(ctx, 'Object does not exist');
    if (repo.git.refs.has(ref)) throw unprocessable(ctx, 'Reference already exists');
    repo.git.refs.set(ref, sha);
    const json = shape.gitRef(ctx, repo, ref, sha);
    return { status: 201, body: json, headers: { location: json.url } };
  },
  'git/update-ref': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'contents');
    const ref = `refs/${ctx.params.ref}`;
    const current = repo.git.refs.get(ref);
    if (!current) throw unprocessable(ctx, 'Reference does not exist');
    const sha = String(ctx.body.sha).toLowerCase();
    if (!repo.git.commit(sha)) throw unprocessable(ctx, 'Object does not exist');
    const fastForward = repo.git.isAncestor(current, sha);
    const branch = branchOf(ref);
    const protection = branch ? repo.protectedBranches.get(branch) : undefined;
    if (protection?.requirePullRequest) throw unprocessable(ctx, `Protected branch update failed for ${ref}.`);
    if (!fastForward) {
      if (ctx.body.force !== true) throw unprocessable(ctx, 'Update is not a fast forward');
      if (protection && !protection.allowForcePushes) throw unprocessable(ctx, 'Cannot force-push to this branch');
    }
    repo.git.refs.set(ref, sha);
    return { status: 200, body: shape.gitRef(ctx, repo, ref, sha) };
  },
  'git/delete-ref': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'contents');
    const ref = `refs/${ctx.params.ref}`;
    if (!repo.git.refs.has(ref)) throw unprocessable(ctx, 'Reference does not exist');
    const branch = branchOf(ref);
    const protection = branch ? repo.protectedBranches.get(branch) : undefined;
    if (protection && !protection.allowDeletions) throw unprocessable(ctx, 'Cannot delete this protected branch');
    repo.git.refs.delete(ref);
    return { status: 204 };
  },
  'git/create-blob': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'contents');
    const encoding = ctx.body.encoding ?? 'utf-8';
    if (encoding !== 'utf-8' && encoding !== 'utf8' && encoding !== 'base64') {
      throw unprocessable(ctx, 'Validation Failed', [
        { resource: 'Blob', code: 'custom', field: 'encoding', message: 'encoding must be utf-8 or base64' },
      ]);
    }
    const data =
      encoding === 'base64' ? Buffer.from(ctx.body.content, 'base64') : Buffer.from(ctx.body.content, 'utf8');
    const sha = repo.git.writeBlob(data);
    const url = `${shape.repoUrl(ctx, repo)}/git/blobs/${sha}`;
    return { status: 201, body: { url, sha }, headers: { location: url } };
  },
  'git/get-blob': (ctx) => {
    const repo = repoOf(ctx);
    const b = repo.git.blob(ctx.params.file_sha);
    if (!b) throw notFound(ctx);
    return { status: 200, body: shape.blob(ctx, repo, b) };
  },
  'git/create-tree': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'contents');
    const changes = new Map<string, Omit<TreeEntry, 'name'> | null>();
    for (const [i, e] of (ctx.body.tree as any[]).entries()) {
      const where = `tree.${i}`;
      if (typeof e.path !== 'string' || e.path === '')
        throw unprocessable(ctx, `Invalid request.\n\n${where}.path is required.`);
      if (!e.mode || !e.type) throw unprocessable(ctx, `Invalid request.\n\n${where} needs both mode and type.`);
      if (MODE_TYPES[e.mode as TreeMode] !== e.type)
        throw unprocessable(ctx, `Invalid request.\n\n${where}: mode ${e.mode} does not fit type ${e.type}.`);
      const hasSha = Object.prototype.hasOwnProperty.call(e, 'sha');
      if (hasSha && e.content !== undefined)
        throw unprocessable(ctx, `Invalid request.\n\n${where}: use either sha or content, not both.`);
      if (hasSha && e.sha === null) {
        changes.set(e.path, null);
        continue;
      }
      let sha: string;
      if (e.content !== undefined) {
        if (e.type !== 'blob') throw unprocessable(ctx, `Invalid request.\n\n${where}: content is only for blobs.`);
        sha = repo.git.writeBlob(String(e.content));
      } else if (hasSha) {
        sha = String(e.sha).toLowerCase();
        const object = repo.git.get(sha);
        if (e.type !== 'commit' && object?.type !== e.type)
          throw unprocessable(ctx, `tree.sha ${e.sha} is not a valid ${e.type}`);
      } else {
        throw unprocessable(ctx, `Invalid request.\n\n${where} needs either sha or content.`);
      }
      changes.set(e.path, { mode: e.mode, type: e.type, sha });
    }
    let treeSha: string;
    try {
      treeSha = repo.git.writeTreeWithChanges(ctx.body.base_tree, changes);
    } catch (err) {
      fromGit(ctx, err);
    }
    const json = shape.gitTree(ctx, repo, treeSha, repo.git.list(treeSha, false));
    return { status: 201, body: json, headers: { location: json.url } };
  },
  'git/get-tree': (ctx) => {
    const repo = repoOf(ctx);
    const sha = repo.git.resolveTreeish(ctx.params.tree_sha);
    if (!sha) throw notFound(ctx);
    return { status: 200, body: shape.gitTree(ctx, repo, sha, repo.git.list(sha, ctx.query.has('recursive'))) };
  },
  'git/create-commit': (ctx) => {
    const repo = repoOf(ctx);
    requireWrite(ctx, repo, 'contents');
    const author = signature(ctx, ctx.body.author);
    const committer = signature(ctx, ctx.body.committer, author);
    let sha: string;
    try {
      sha = repo.git.writeCommit({
        tree: String(ctx.body.tree).toLowerCase(),
        parents: ((ctx.body.parents ?? []) as string[]).map((p) => p.toLowerCase()),
        author,
        committer,
        message: ctx.body.message,
      });
    } catch (err) {
      fromGit(ctx, err);
    }
    const json = shape.gitCommit(ctx, repo, repo.git.commit(sha)!);
    return { status: 201, body: json, headers: { location: json.url } };
  },
  'git/get-commit': (ctx) => {
    const repo = repoOf(ctx);
    const c = repo.git.commit(ctx.params.commit_sha);
    if (!c) throw notFound(ctx);
    return { status: 200, body: shape.gitCommit(ctx, repo, c) };
  },
  'repos/get-content': (ctx) => {
    const repo = repoOf(ctx);
    const ref = ctx.query.get('ref') ?? repo.defaultBranch;
    if (repo.git.refs.size === 0) throw notFound(ctx, 'This repository is empty.');
    const commit = repo.git.resolveCommitish(ref);
    if (!commit) throw notFound(ctx, `No commit found for the ref ${ref}`);
    const path = (ctx.params.path ?? '').replace(/^\/+|\/+$/g, '');
    const entry = repo.git.lookup(repo.git.commit(commit)!.tree, path);
    if (!entry) throw notFound(ctx);
    if (entry.type === 'tree') {
      return {
        status: 200,
        body: repo.git.list(entry.sha, false, path).map((e) => shape.contentEntry(ctx, repo, repo.git, e, ref, false)),
      };
    }
    return { status: 200, body: shape.contentEntry(ctx, repo, repo.git, entry, ref, true) };
  },
};

export const handlers: Record<string, Handler> = {
  ...users,
  ...comments,
  ...pulls,
  ...actions,
  ...issues,
  ...checks,
  ...git,
};
