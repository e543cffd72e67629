// The emulator's in-memory world and the helpers tests use to seed it.

import { GitStore, type Signature } from './git-store';
import { zipFiles } from './zip-writer';

export type UserType = 'User' | 'Bot' | 'Organization';
export type TokenKind = 'pat' | 'installation';
export type RoleName = 'admin' | 'maintain' | 'write' | 'triage' | 'read';

export interface UserRecord {
  id: number;
  login: string;
  type: UserType;
  name: string | null;
  email: string | null;
  createdAt: string;
}

export interface TokenRecord {
  token: string;
  login: string;
  /** 'installation' (GITHUB_TOKEN, GitHub App): cannot call GET /user; may create check runs. */
  kind: TokenKind;
  /** Any write answers 403 "Resource not accessible by integration" (fork pull_request runs). */
  readOnly: boolean;
  /** Repositories (owner/name) the token can see; undefined = all. Others answer 404. */
  repos?: string[];
}

export interface BranchProtection {
  /** Any ref update answers 422 "Protected branch update failed for refs/heads/X." */
  requirePullRequest: boolean;
  /** `force: true` updates answer 422 "Cannot force-push to this branch". */
  allowForcePushes: boolean;
  allowDeletions: boolean;
}

export interface RepoRecord {
  id: number;
  owner: string;
  name: string;
  fullName: string;
  private: boolean;
  fork: boolean;
  /** For a fork, the parent's full name. */
  parent?: string;
  defaultBranch: string;
  description: string | null;
  createdAt: string;
  git: GitStore;
  protectedBranches: Map<string, BranchProtection>;
  /** login (lower case) → role. */
  collaborators: Map<string, RoleName>;
  /** Issue labels, by lower-case name. */
  labels: Map<string, LabelRecord>;
  nextNumber: number;
}

export interface IssueRecord {
  repo: string;
  number: number;
  id: number;
  title: string;
  author: string;
  state: 'open' | 'closed';
  isPull: boolean;
  createdAt: string;
  updatedAt: string;
  body?: string | null;
  /** Label names, in the order applied. */
  labels?: string[];
  assignees?: string[];
  stateReason?: 'completed' | 'reopened' | 'not_planned' | 'duplicate' | null;
  closedAt?: string | null;
  closedBy?: string | null;
}

export interface LabelRecord {
  id: number;
  name: string;
  color: string;
  description: string | null;
}

/**
 * What a dispatched workflow does: called when a workflow_dispatch creates a run (queued); it may add
 * artifacts, and say when the run completes and how (the emulator moves it on as it is polled).
 */
export type DispatchHandler = (dispatch: {
  repo: string;
  workflow: string;
  ref: string;
  inputs: Record<string, unknown>;
  run: WorkflowRunRecord;
  state: EmulatorState;
}) => void | { completeAfterPolls?: number; conclusion?: string };

export interface PullRecord {
  repo: string;
  number: number;
  id: number;
  title: string;
  body: string | null;
  author: string;
  state: 'open' | 'closed';
  draft: boolean;
  merged: boolean;
  mergeCommitSha: string | null;
  head: { ref: string; sha: string; repo: string };
  base: { ref: string; sha: string };
  /** Commits of the PR (head sha included) for GET /commits/{sha}/pulls. */
  commits: string[];
  createdAt: string;
  updatedAt: string;
  closedAt: string | null;
  mergedAt: string | null;
}

export interface CommentRecord {
  id: number;
  repo: string;
  issueNumber: number;
  author: string;
  body: string;
  createdAt: string;
  updatedAt: string;
}

export interface WorkflowRunRecord {
  id: number;
  repo: string;
  name: string;
  event: string;
  headBranch: string | null;
  headSha: string;
  headRepository: string;
  /** PR numbers GitHub lists in `pull_requests`: EMPTY for runs from forks. */
  pullRequests: number[];
  status: string;
  conclusion: string | null;
  runNumber: number;
  runAttempt: number;
  workflowId: number;
  path: string;
  actor: string;
  createdAt: string;
  updatedAt: string;
  /** The run's title (a workflow's run-name), when set. */
  displayTitle?: string;
  /** For dispatched runs: polls of the run left before it completes, and how it will conclude. */
  pending?: { polls: number; conclusion: string };
}

export interface ArtifactRecord {
  id: number;
  repo: string;
  runId: number;
  name: string;
  zip: Uint8Array;
  sizeInBytes: number;
  expired: boolean;
  createdAt: string;
  expiresAt: string;
}

export interface CheckRunRecord {
  id: number;
  repo: string;
  name: string;
  headSha: string;
  status: string;
  conclusion: string | null;
  startedAt: string | null;
  completedAt: string | null;
  detailsUrl: string | null;
  externalId: string | null;
  output: { title: string | null; summary: string | null; text: string | null; annotationsCount: number };
  author: string;
}

export interface Violation {
  kind: 'unknown-route' | 'path' | 'query' | 'body' | 'json' | 'response' | 'not-emulated' | 'emulator-error';
  method: string;
  path: string;
  operationId?: string;
  messages: string[];
}

export interface StateOptions {
  /** First timestamp handed out; each stamp() advances the clock by `tickMs`. */
  startTime?: string | Date;
  tickMs?: number;
}

const key = (s: string) => s.toLowerCase();

export class EmulatorState {
  readonly users = new Map<string, UserRecord>();
  readonly tokens = new Map<string, TokenRecord>();
  readonly repos = new Map<string, RepoRecord>();
  readonly issues = new Map<string, IssueRecord>();
  readonly pulls = new Map<string, PullRecord>();
  readonly comments = new Map<number, CommentRecord>();
  readonly runs = new Map<number, WorkflowRunRecord>();
  readonly artifacts = new Map<number, ArtifactRecord>();
  readonly checkRuns = new Map<number, CheckRunRecord>();
  readonly violations: Violation[] = [];
  /** What a workflow_dispatch runs (tests set it); without one, a dispatched run stays queued. */
  onDispatch?: DispatchHandler;
  private clock: number;
  private readonly tickMs: number;
  private nextIds = {
    user: 1001,
    repo: 500001,
    issue: 900001,
    pull: 1700001,
    comment: 2000000001,
    run: 8000000001,
    artifact: 3000000001,
    check: 4000000001,
    label: 6000000001,
  };

  constructor(options: StateOptions = {}) {
    this.clock = new Date(options.startTime ?? '2025-01-01T00:00:00Z').getTime();
    this.tickMs = options.tickMs ?? 1000;
  }

  /** The next timestamp (ISO 8601, seconds, UTC); the clock moves forward each call. */
  stamp(): string {
    const t = new Date(this.clock).toISOString().replace(/\.\d{3}Z$/, 'Z');
    this.clock += this.tickMs;
    return t;
  }

  /** Current time without moving the clock. */
  now(): Date {
    return new Date(this.clock);
  }

  advance(ms: number): void {
    this.clock += ms;
  }

  // ---- users and tokens ----

  addUser(input: {
    login: string;
    type?: UserType;
    id?: number;
    name?: string | null;
    email?: string | null;
    token?: string;
    tokenKind?: TokenKind;
    readOnly?: boolean;
  }): UserRecord {
    const existing = this.users.get(key(input.login));
    const user: UserRecord = existing ?? {
      id: input.id ?? this.nextIds.user++,
      login: input.login,
      type: input.type ?? (input.login.endsWith('[bot]') ? 'Bot' : 'User'),
      name: input.name ?? null,
      email: input.email ?? null,
      createdAt: this.stamp(),
    };
    if (existing && input.type) existing.type = input.type;
    this.users.set(key(user.login), user);
    if (input.token) this.addToken(input.token, user.login, { kind: input.tokenKind, readOnly: input.readOnly });
    return user;
  }

  addToken(
    token: string,
    login: string,
    options: { kind?: TokenKind; readOnly?: boolean; repos?: string[] } = {},
  ): TokenRecord {
    if (!this.users.has(key(login))) this.addUser({ login });
    const record: TokenRecord = {
      token,
      login,
      kind: options.kind ?? 'pat',
      readOnly: options.readOnly ?? false,
      repos: options.repos,
    };
    this.tokens.set(token, record);
    return record;
  }

  /** The GITHUB_TOKEN of a workflow: an installation token acting as github-actions[bot]. */
  addActionsToken(token: string, options: { readOnly?: boolean; repos?: string[] } = {}): TokenRecord {
    this.addUser({ login: 'github-actions[bot]', type: 'Bot', id: 41898282 });
    return this.addToken(token, 'github-actions[bot]', { kind: 'installation', ...options });
  }

  user(login: string): UserRecord | undefined {
    return this.users.get(key(login));
  }

  private ensureUser(login: string): UserRecord {
    return this.user(login) ?? this.addUser({ login });
  }

  // ---- repositories ----

  addRepo(input: {
    owner: string;
    name: string;
    private?: boolean;
    fork?: boolean;
    parent?: string;
    defaultBranch?: string;
    description?: string | null;
    ownerType?: UserType;
    /** Files of an initial commit on the default branch; omit for an empty repository. */
    files?: Record<string, string | Uint8Array>;
  }): RepoRecord {
    const fullName = `${input.owner}/${input.name}`;
    if (this.repos.has(key(fullName))) throw new Error(`repo ${fullName} already exists`);
    if (!this.user(input.owner)) this.addUser({ login: input.owner, type: input.ownerType ?? 'User' });
    const repo: RepoRecord = {
      id: this.nextIds.repo++,
      owner: this.user(input.owner)!.login,
      name: input.name,
      fullName,
      private: input.private ?? false,
      fork: input.fork ?? input.parent !== undefined,
      parent: input.parent,
      defaultBranch: input.defaultBranch ?? 'main',
      description: input.description ?? null,
      createdAt: this.stamp(),
      git: new GitStore(),
      protectedBranches: new Map(),
      collaborators: new Map(),
      labels: new Map(),
      nextNumber: 1,
    };
    this.repos.set(key(fullName), repo);
    if (input.files) this.commitFiles(fullName, repo.defaultBranch, input.files, 'Initial commit');
    return repo;
  }

  repo(fullName: string): RepoRecord | undefined {
    return this.repos.get(key(fullName));
  }

  requireRepo(fullName: string): RepoRecord {
    const r = this.repo(fullName);
    if (!r) throw new Error(`no repo ${fullName} seeded`);
    return r;
  }

  /** A fork (or any other repo) known by name only is created on demand. */
  ensureRepo(fullName: string, parent?: string): RepoRecord {
    const existing = this.repo(fullName);
    if (existing) return existing;
    const [owner, name] = fullName.split('/');
    return this.addRepo({ owner, name, parent });
  }

  protectBranch(repo: string, branch: string, protection: Partial<BranchProtection> = {}): void {
    this.requireRepo(repo).protectedBranches.set(branch, {
      requirePullRequest: protection.requirePullRequest ?? true,
      allowForcePushes: protection.allowForcePushes ?? false,
      allowDeletions: protection.allowDeletions ?? false,
    });
  }

  setPermission(repo: string, login: string, role: RoleName | 'none'): void {
    this.ensureUser(login);
    const r = this.requireRepo(repo);
    if (role === 'none') r.collaborators.delete(key(login));
    else r.collaborators.set(key(login), role);
  }

  /** A commit of `files` (null deletes) on top of `branch`, which moves to it. Returns the sha. */
  commitFiles(
    repo: string,
    branch: string,
    files: Record<string, string | Uint8Array | null>,
    message = 'Update',
  ): string {
    const r = this.requireRepo(repo);
    const parent = r.git.refs.get(`refs/heads/${branch}`);
    const baseTree = parent ? r.git.commit(parent)!.tree : undefined;
    const changes = new Map(
      Object.entries(files).map(([path, data]) => [
        path,
        data === null ? null : { mode: '100644' as const, type: 'blob' as const, sha: r.git.writeBlob(data) },
      ]),
    );
    const tree = r.git.writeTreeWithChanges(baseTree, changes);
    const author: Signature = { name: 'Seed', email: 'seed@example.com', date: this.stamp() };
    const sha = r.git.writeCommit({ tree, parents: parent ? [parent] : [], author, message });
    r.git.refs.set(`refs/heads/${branch}`, sha);
    return sha;
  }

  // ---- issues, pulls, comments ----

  private issueKey(repo: string, n: number): string {
    return `${key(repo)}#${n}`;
  }

  addIssue(
    repo: string,
    input: {
      number?: number;
      title?: string;
      author?: string;
      state?: 'open' | 'closed';
      body?: string | null;
      labels?: string[];
      assignees?: string[];
    } = {},
  ): IssueRecord {
    const r = this.requireRepo(repo);
    const number = input.number ?? r.nextNumber;
    if (this.issues.has(this.issueKey(r.fullName, number)))
      throw new Error(`#${number} already exists in ${repo}: issues and pull requests share numbers`);
    r.nextNumber = Math.max(r.nextNumber, number + 1);
    const author = this.ensureUser(input.author ?? r.owner).login;
    const at = this.stamp();
    const labels = (input.labels ?? []).map((name) => this.ensureLabel(r.fullName, name).name);
    const issue: IssueRecord = {
      repo: r.fullName,
      number,
      id: this.nextIds.issue++,
      title: input.title ?? `Issue ${number}`,
      author,
      state: input.state ?? 'open',
      isPull: false,
      createdAt: at,
      updatedAt: at,
      body: input.body ?? null,
      labels,
      assignees: input.assignees ?? [],
      stateReason: null,
      closedAt: input.state === 'closed' ? at : null,
      closedBy: null,
    };
    this.issues.set(this.issueKey(r.fullName, number), issue);
    return issue;
  }

  /** Issues (not pull requests) of a repository, by number. */
  issuesOf(repo: string): IssueRecord[] {
    return [...this.issues.values()]
      .filter((i) => key(i.repo) === key(repo) && !i.isPull)
      .sort((a, b) => a.number - b.number);
  }

  /** A label of the repository, created (as GitHub does when an issue names a new one) if missing. */
  ensureLabel(repo: string, name: string, input: { color?: string; description?: string | null } = {}): LabelRecord {
    const r = this.requireRepo(repo);
    const existing = r.labels.get(key(name));
    if (existing) return existing;
    const label: LabelRecord = {
      id: this.nextIds.label++,
      name,
      color: input.color ?? 'ededed',
      description: input.description ?? null,
    };
    r.labels.set(key(name), label);
    return label;
  }

  issue(repo: string, n: number): IssueRecord | undefined {
    return this.issues.get(this.issueKey(repo, n));
  }

  addPull(
    repo: string,
    input: {
      number?: number;
      title?: string;
      body?: string | null;
      author?: string;
      head: { ref: string; sha: string; repo?: string };
      base?: { ref?: string; sha?: string };
      state?: 'open' | 'closed';
      draft?: boolean;
      merged?: boolean;
      mergeCommitSha?: string;
      commits?: string[];
    },
  ): PullRecord {
    const r = this.requireRepo(repo);
    const number = input.number ?? r.nextNumber;
    if (this.issues.has(this.issueKey(r.fullName, number)))
      throw new Error(`#${number} already exists in ${repo}: issues and pull requests share numbers`);
    r.nextNumber = Math.max(r.nextNumber, number + 1);
    const headRepo = input.head.repo ? this.ensureRepo(input.head.repo, r.fullName).fullName : r.fullName;
    const author = this.ensureUser(input.author ?? this.repo(headRepo)!.owner).login;
    const baseRef = input.base?.ref ?? r.defaultBranch;
    const at = this.stamp();
    const closed = input.state === 'closed' || input.merged === true;
    const pull: PullRecord = {
      repo: r.fullName,
      number,
      id: this.nextIds.pull++,
      title: input.title ?? `Pull request ${number}`,
      body: input.body ?? null,
      author,
      state: closed ? 'closed' : 'open',
      draft: input.draft ?? false,
      merged: input.merged ?? false,
      mergeCommitSha: input.mergeCommitSha ?? null,
      head: { ref: input.head.ref, sha: input.head.sha, repo: headRepo },
      base: { ref: baseRef, sha: input.base?.sha ?? r.git.refs.get(`refs/heads/${baseRef}`) ?? '0'.repeat(40) },
      commits: input.commits ?? [input.head.sha],
      createdAt: at,
      updatedAt: at,
      closedAt: closed ? at : null,
      mergedAt: input.merged ? at : null,
    };
    this.pulls.set(this.issueKey(r.fullName, number), pull);
    this.issues.set(this.issueKey(r.fullName, number), {
      repo: r.fullName,
      number,
      id: this.nextIds.issue++,
      title: pull.title,
      author,
      state: pull.state,
      isPull: true,
      createdAt: at,
      updatedAt: at,
    });
    return pull;
  }

  pull(repo: string, n: number): PullRecord | undefined {
    return this.pulls.get(this.issueKey(repo, n));
  }

  pullsOf(repo: string): PullRecord[] {
    return [...this.pulls.values()].filter((p) => key(p.repo) === key(repo));
  }

  addComment(
    repo: string,
    issueNumber: number,
    input: { author: string; body: string; createdAt?: string; updatedAt?: string },
  ): CommentRecord {
    const r = this.requireRepo(repo);
    if (!this.issue(r.fullName, issueNumber)) throw new Error(`no issue or pull request #${issueNumber} in ${repo}`);
    const createdAt = input.createdAt ?? this.stamp();
    const comment: CommentRecord = {
      id: this.nextIds.comment++,
      repo: r.fullName,
      issueNumber,
      author: this.ensureUser(input.author).login,
      body: input.body,
      createdAt,
      updatedAt: input.updatedAt ?? createdAt,
    };
    this.comments.set(comment.id, comment);
    return comment;
  }

  /** Comments of one issue or PR, ascending id (GitHub's order). */
  commentsOn(repo: string, issueNumber: number): CommentRecord[] {
    return [...this.comments.values()]
      .filter((c) => key(c.repo) === key(repo) && c.issueNumber === issueNumber)
      .sort((a, b) => a.id - b.id);
  }

  // ---- actions ----

  addWorkflowRun(
    repo: string,
    input: {
      id?: number;
      name?: string;
      event?: string;
      headBranch: string | null;
      headSha: string;
      /** owner/name of the repo the head commit lives in; a fork makes `pull_requests` empty. */
      headRepository?: string;
      /** Explicit PR numbers; by default those GitHub would list (none for a fork). */
      pullRequests?: number[];
      status?: string;
      conclusion?: string | null;
      runNumber?: number;
      workflowId?: number;
      path?: string;
      actor?: string;
      displayTitle?: string;
    },
  ): WorkflowRunRecord {
    const r = this.requireRepo(repo);
    const headRepository = input.headRepository
      ? this.ensureRepo(input.headRepository, r.fullName).fullName
      : r.fullName;
    const fromFork = key(headRepository) !== key(r.fullName);
    const pullRequests =
      input.pullRequests ??
      (fromFork
        ? []
        : this.pullsOf(r.fullName)
            .filter(
              (p) => p.state === 'open' && key(p.head.repo) === key(r.fullName) && p.head.ref === input.headBranch,
            )
            .map((p) => p.number));
    const at = this.stamp();
    const id = input.id ?? this.nextIds.run++;
    const run: WorkflowRunRecord = {
      ...(input.displayTitle ? { displayTitle: input.displayTitle } : {}),
      id,
      repo: r.fullName,
      name: input.name ?? 'Benchmark',
      event: input.event ?? 'pull_request',
      headBranch: input.headBranch,
      headSha: input.headSha,
      headRepository,
      pullRequests,
      status: input.status ?? 'completed',
      conclusion: input.conclusion === undefined ? 'success' : input.conclusion,
      runNumber: input.runNumber ?? this.runs.size + 1,
      runAttempt: 1,
      workflowId: input.workflowId ?? 161335,
      path: input.path ?? '.github/workflows/bench.yml',
      actor: this.ensureUser(input.actor ?? this.repo(headRepository)!.owner).login,
      createdAt: at,
      updatedAt: at,
    };
    this.runs.set(id, run);
    return run;
  }

  addArtifact(
    runId: number,
    input: {
      id?: number;
      name: string;
      zip?: Uint8Array;
      files?: Record<string, string | Uint8Array>;
      expired?: boolean;
      sizeInBytes?: number;
    },
  ): ArtifactRecord {
    const run = this.runs.get(runId);
    if (!run) throw new Error(`no workflow run ${runId}`);
    const zip = input.zip ?? zipFiles(input.files ?? {});
    const createdAt = this.stamp();
    const artifact: ArtifactRecord = {
      id: input.id ?? this.nextIds.artifact++,
      repo: run.repo,
      runId,
      name: input.name,
      zip,
      sizeInBytes: input.sizeInBytes ?? zip.length,
      expired: input.expired ?? false,
      createdAt,
      expiresAt: new Date(Date.parse(createdAt) + 90 * 86400_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    };
    this.artifacts.set(artifact.id, artifact);
    return artifact;
  }

  nextCheckRunId(): number {
    return this.nextIds.check++;
  }

  nextCommentId(): number {
    return this.nextIds.comment++;
  }
}
