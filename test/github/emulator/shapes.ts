// JSON shapes of GitHub's REST responses, built from the emulator's records. Field sets follow the
// response schemas of the OpenAPI description (required properties at least); the emulator's own
// answers are checked against them in debug mode (`validateResponses`).

import type { BlobObject, CommitObject, FlatEntry, GitStore } from './git-store';
import type {
  IssueRecord,
  LabelRecord,
  ArtifactRecord,
  CheckRunRecord,
  CommentRecord,
  EmulatorState,
  PullRecord,
  RepoRecord,
  RoleName,
  UserRecord,
  WorkflowRunRecord,
} from './state';

export const HTML = 'https://github.com';

/** GitHub's legacy global node ids: base64("0<len>:<Type><id>"). */
export function nodeId(type: string, id: number | string): string {
  return Buffer.from(`0${type.length}:${type}${id}`).toString('base64');
}

export interface ShapeContext {
  api: string;
  state: EmulatorState;
}

const ghost: UserRecord = {
  id: 10137,
  login: 'ghost',
  type: 'User',
  name: null,
  email: null,
  createdAt: '2008-05-13T06:14:25Z',
};

export function simpleUser(ctx: ShapeContext, user: UserRecord | string | undefined) {
  const u = typeof user === 'string' ? (ctx.state.user(user) ?? ghost) : (user ?? ghost);
  const url = `${ctx.api}/users/${encodeURIComponent(u.login)}`;
  const bot = u.type === 'Bot';
  return {
    login: u.login,
    id: u.id,
    node_id: nodeId(bot ? 'Bot' : u.type === 'Organization' ? 'Organization' : 'User', u.id),
    avatar_url: bot
      ? `https://avatars.githubusercontent.com/in/15368?v=4`
      : `https://avatars.githubusercontent.com/u/${u.id}?v=4`,
    gravatar_id: '',
    url,
    html_url: bot ? `${HTML}/apps/${u.login.replace(/\[bot\]$/, '')}` : `${HTML}/${u.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: u.type,
    user_view_type: 'public',
    site_admin: false,
  };
}

/** GET /user: the private view of the authenticated account. */
export function privateUser(ctx: ShapeContext, u: UserRecord) {
  return {
    ...simpleUser(ctx, u),
    user_view_type: 'private',
    name: u.name,
    company: null,
    blog: '',
    location: null,
    email: u.email,
    hireable: null,
    bio: null,
    twitter_username: null,
    notification_email: u.email,
    public_repos: [...ctx.state.repos.values()].filter((r) => r.owner === u.login && !r.private).length,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: u.createdAt,
    updated_at: u.createdAt,
    private_gists: 0,
    total_private_repos: 0,
    owned_private_repos: 0,
    disk_usage: 0,
    collaborators: 0,
    two_factor_authentication: true,
    plan: { name: 'free', space: 976562499, collaborators: 0, private_repos: 10000 },
  };
}

/** The GitHub Actions app, as `app` of a check run or `performed_via_github_app`. */
export function actionsApp(ctx: ShapeContext) {
  const owner: UserRecord = {
    id: 9919,
    login: 'github',
    type: 'Organization',
    name: 'GitHub',
    email: null,
    createdAt: '2008-05-11T04:37:31Z',
  };
  return {
    id: 15368,
    slug: 'github-actions',
    node_id: 'MDM6QXBwMTUzNjg=',
    client_id: 'Iv1.05c79e9ad1f6bdfa',
    owner: simpleUser(ctx, owner),
    name: 'GitHub Actions',
    description: 'Automate your workflow from idea to production',
    external_url: 'https://help.github.com/en/actions',
    html_url: `${HTML}/apps/github-actions`,
    created_at: '2018-07-30T09:30:17Z',
    updated_at: '2024-04-10T20:33:16Z',
    permissions: {
      actions: 'write',
      checks: 'write',
      contents: 'write',
      issues: 'write',
      metadata: 'read',
      pull_requests: 'write',
      statuses: 'write',
    },
    events: ['branch_protection_rule', 'check_run', 'check_suite', 'pull_request', 'push', 'workflow_run'],
  };
}

export function repoUrl(ctx: ShapeContext, r: RepoRecord | string): string {
  return `${ctx.api}/repos/${typeof r === 'string' ? r : r.fullName}`;
}

export function repository(ctx: ShapeContext, r: RepoRecord) {
  const url = repoUrl(ctx, r);
  const full = r.fullName;
  const openIssues = [...ctx.state.issues.values()].filter((i) => i.repo === r.fullName && i.state === 'open').length;
  const pushedAt = r.createdAt;
  return {
    id: r.id,
    node_id: nodeId('Repository', r.id),
    name: r.name,
    full_name: full,
    private: r.private,
    owner: simpleUser(ctx, r.owner),
    html_url: `${HTML}/${full}`,
    description: r.description,
    fork: r.fork,
    url,
    forks_url: `${url}/forks`,
    keys_url: `${url}/keys{/key_id}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    teams_url: `${url}/teams`,
    hooks_url: `${url}/hooks`,
    issue_events_url: `${url}/issues/events{/number}`,
    events_url: `${url}/events`,
    assignees_url: `${url}/assignees{/user}`,
    branches_url: `${url}/branches{/branch}`,
    tags_url: `${url}/tags`,
    blobs_url: `${url}/git/blobs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    trees_url: `${url}/git/trees{/sha}`,
    statuses_url: `${url}/statuses/{sha}`,
    languages_url: `${url}/languages`,
    stargazers_url: `${url}/stargazers`,
    contributors_url: `${url}/contributors`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    commits_url: `${url}/commits{/sha}`,
    git_commits_url: `${url}/git/commits{/sha}`,
    comments_url: `${url}/comments{/number}`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    contents_url: `${url}/contents/{+path}`,
    compare_url: `${url}/compare/{base}...{head}`,
    merges_url: `${url}/merges`,
    archive_url: `${url}/{archive_format}{/ref}`,
    downloads_url: `${url}/downloads`,
    issues_url: `${url}/issues{/number}`,
    pulls_url: `${url}/pulls{/number}`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    labels_url: `${url}/labels{/name}`,
    releases_url: `${url}/releases{/id}`,
    deployments_url: `${url}/deployments`,
    created_at: r.createdAt,
    updated_at: r.createdAt,
    pushed_at: pushedAt,
    git_url: `git://github.com/${full}.git`,
    ssh_url: `git@github.com:${full}.git`,
    clone_url: `${HTML}/${full}.git`,
    svn_url: `${HTML}/${full}`,
    homepage: null,
    size: 0,
    stargazers_count: 0,
    watchers_count: 0,
    language: null,
    has_issues: true,
    has_projects: true,
    has_downloads: true,
    has_wiki: true,
    has_pages: false,
    has_discussions: false,
    forks_count: 0,
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: openIssues,
    license: null,
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: [],
    visibility: r.private ? 'private' : 'public',
    forks: 0,
    open_issues: openIssues,
    watchers: 0,
    default_branch: r.defaultBranch,
  };
}

/** GET /repos/{owner}/{repo}. */
export function fullRepository(ctx: ShapeContext, r: RepoRecord, role: RoleName | 'none') {
  const parent = r.parent ? ctx.state.repo(r.parent) : undefined;
  return {
    ...repository(ctx, r),
    permissions: {
      admin: role === 'admin',
      maintain: role === 'admin' || role === 'maintain',
      push: role === 'admin' || role === 'maintain' || role === 'write',
      triage: role !== 'read' && role !== 'none',
      pull: role !== 'none' || !r.private,
    },
    network_count: 0,
    subscribers_count: 0,
    ...(parent ? { parent: repository(ctx, parent), source: repository(ctx, parent) } : {}),
  };
}

export function authorAssociation(state: EmulatorState, repo: RepoRecord, login: string): string {
  if (login.toLowerCase() === repo.owner.toLowerCase()) return 'OWNER';
  if (repo.collaborators.has(login.toLowerCase())) return 'COLLABORATOR';
  const contributed = state
    .pullsOf(repo.fullName)
    .some((p) => p.merged && p.author.toLowerCase() === login.toLowerCase());
  return contributed ? 'CONTRIBUTOR' : 'NONE';
}

export function issueComment(ctx: ShapeContext, c: CommentRecord) {
  const repo = ctx.state.requireRepo(c.repo);
  const isPull = ctx.state.issue(c.repo, c.issueNumber)?.isPull === true;
  const url = repoUrl(ctx, repo);
  return {
    id: c.id,
    node_id: nodeId('IssueComment', c.id),
    url: `${url}/issues/comments/${c.id}`,
    html_url: `${HTML}/${repo.fullName}/${isPull ? 'pull' : 'issues'}/${c.issueNumber}#issuecomment-${c.id}`,
    body: c.body,
    user: simpleUser(ctx, c.author),
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    issue_url: `${url}/issues/${c.issueNumber}`,
    author_association: authorAssociation(ctx.state, repo, c.author),
    performed_via_github_app: null,
    reactions: {
      url: `${url}/issues/comments/${c.id}/reactions`,
      total_count: 0,
      '+1': 0,
      '-1': 0,
      laugh: 0,
      hooray: 0,
      confused: 0,
      heart: 0,
      rocket: 0,
      eyes: 0,
    },
  };
}

function pullSide(ctx: ShapeContext, side: { ref: string; sha: string; repo: string }) {
  const repo = ctx.state.requireRepo(side.repo);
  return {
    label: `${repo.owner}:${side.ref}`,
    ref: side.ref,
    sha: side.sha,
    user: simpleUser(ctx, repo.owner),
    repo: repository(ctx, repo),
  };
}

export function pullRequestSimple(ctx: ShapeContext, p: PullRecord) {
  const repo = ctx.state.requireRepo(p.repo);
  const url = repoUrl(ctx, repo);
  const self = `${url}/pulls/${p.number}`;
  const html = `${HTML}/${repo.fullName}/pull/${p.number}`;
  return {
    url: self,
    id: p.id,
    node_id: nodeId('PullRequest', p.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: `${url}/issues/${p.number}`,
    number: p.number,
    state: p.state,
    locked: false,
    title: p.title,
    user: simpleUser(ctx, p.author),
    body: p.body,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
    closed_at: p.closedAt,
    merged_at: p.mergedAt,
    merge_commit_sha: p.mergeCommitSha,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    labels: [],
    milestone: null,
    draft: p.draft,
    commits_url: `${self}/commits`,
    review_comments_url: `${self}/comments`,
    review_comment_url: `${url}/pulls/comments{/number}`,
    comments_url: `${url}/issues/${p.number}/comments`,
    statuses_url: `${url}/statuses/${p.head.sha}`,
    head: pullSide(ctx, p.head),
    base: pullSide(ctx, { ...p.base, repo: p.repo }),
    _links: {
      self: { href: self },
      html: { href: html },
      issue: { href: `${url}/issues/${p.number}` },
      comments: { href: `${url}/issues/${p.number}/comments` },
      review_comments: { href: `${self}/comments` },
      review_comment: { href: `${url}/pulls/comments{/number}` },
      commits: { href: `${self}/commits` },
      statuses: { href: `${url}/statuses/${p.head.sha}` },
    },
    author_association: authorAssociation(ctx.state, repo, p.author),
    auto_merge: null,
    active_lock_reason: null,
  };
}

export function pullRequest(ctx: ShapeContext, p: PullRecord) {
  return {
    ...pullRequestSimple(ctx, p),
    merged: p.merged,
    mergeable: p.state === 'open' ? true : null,
    rebaseable: p.state === 'open' ? true : null,
    mergeable_state: p.state === 'open' ? 'clean' : 'unknown',
    merged_by: null,
    comments: ctx.state.commentsOn(p.repo, p.number).length,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: p.commits.length,
    additions: 0,
    deletions: 0,
    changed_files: 0,
  };
}

export function pullRequestMinimal(ctx: ShapeContext, p: PullRecord) {
  const base = ctx.state.requireRepo(p.repo);
  const head = ctx.state.requireRepo(p.head.repo);
  return {
    id: p.id,
    number: p.number,
    url: `${repoUrl(ctx, base)}/pulls/${p.number}`,
    head: { ref: p.head.ref, sha: p.head.sha, repo: { id: head.id, url: repoUrl(ctx, head), name: head.name } },
    base: { ref: p.base.ref, sha: p.base.sha, repo: { id: base.id, url: repoUrl(ctx, base), name: base.name } },
  };
}

export function workflowRun(ctx: ShapeContext, run: WorkflowRunRecord, excludePullRequests = false) {
  const repo = ctx.state.requireRepo(run.repo);
  const head = ctx.state.requireRepo(run.headRepository);
  const url = `${repoUrl(ctx, repo)}/actions/runs/${run.id}`;
  const pulls = excludePullRequests
    ? []
    : run.pullRequests.map((n) => ctx.state.pull(repo.fullName, n)).filter((p) => p !== undefined);
  const commit = head.git.commit(run.headSha) ?? repo.git.commit(run.headSha);
  const actor = simpleUser(ctx, run.actor);
  return {
    id: run.id,
    name: run.name,
    node_id: nodeId('WorkflowRun', run.id),
    head_branch: run.headBranch,
    head_sha: run.headSha,
    path: run.path,
    display_title: run.displayTitle ?? pulls[0]?.title ?? commit?.message.split('\n')[0] ?? run.name,
    run_number: run.runNumber,
    event: run.event,
    status: run.status,
    conclusion: run.conclusion,
    workflow_id: run.workflowId,
    check_suite_id: run.id + 1,
    check_suite_node_id: nodeId('CheckSuite', run.id + 1),
    url,
    html_url: `${HTML}/${repo.fullName}/actions/runs/${run.id}`,
    pull_requests: pulls.map((p) => pullRequestMinimal(ctx, p)),
    created_at: run.createdAt,
    updated_at: run.updatedAt,
    actor,
    run_attempt: run.runAttempt,
    referenced_workflows: [],
    run_started_at: run.createdAt,
    triggering_actor: actor,
    jobs_url: `${url}/jobs`,
    logs_url: `${url}/logs`,
    check_suite_url: `${repoUrl(ctx, repo)}/check-suites/${run.id + 1}`,
    artifacts_url: `${url}/artifacts`,
    cancel_url: `${url}/cancel`,
    rerun_url: `${url}/rerun`,
    previous_attempt_url: run.runAttempt > 1 ? `${url}/attempts/${run.runAttempt - 1}` : null,
    workflow_url: `${repoUrl(ctx, repo)}/actions/workflows/${run.workflowId}`,
    head_commit: {
      id: run.headSha,
      tree_id: commit?.tree ?? '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      message: commit?.message ?? 'Benchmark changes',
      timestamp: commit?.committer.date ?? run.createdAt,
      author: {
        name: commit?.author.name ?? run.actor,
        email: commit?.author.email ?? `${run.actor}@users.noreply.github.com`,
      },
      committer: { name: commit?.committer.name ?? 'GitHub', email: commit?.committer.email ?? 'noreply@github.com' },
    },
    repository: repository(ctx, repo),
    head_repository: repository(ctx, head),
    head_repository_id: head.id,
  };
}

export function artifact(ctx: ShapeContext, a: ArtifactRecord) {
  const repo = ctx.state.requireRepo(a.repo);
  const run = ctx.state.runs.get(a.runId)!;
  const head = ctx.state.requireRepo(run.headRepository);
  const url = `${repoUrl(ctx, repo)}/actions/artifacts/${a.id}`;
  return {
    id: a.id,
    node_id: nodeId('Artifact', a.id),
    name: a.name,
    size_in_bytes: a.sizeInBytes,
    url,
    archive_download_url: `${url}/zip`,
    expired: a.expired,
    digest: null,
    created_at: a.createdAt,
    updated_at: a.createdAt,
    expires_at: a.expiresAt,
    workflow_run: {
      id: run.id,
      repository_id: repo.id,
      head_repository_id: head.id,
      head_branch: run.headBranch ?? '',
      head_sha: run.headSha,
    },
  };
}

export function checkRun(ctx: ShapeContext, c: CheckRunRecord) {
  const repo = ctx.state.requireRepo(c.repo);
  const url = `${repoUrl(ctx, repo)}/check-runs/${c.id}`;
  const html = `${HTML}/${repo.fullName}/runs/${c.id}`;
  const pulls = ctx.state
    .pullsOf(repo.fullName)
    .filter((p) => p.head.sha === c.headSha && p.head.repo === repo.fullName && p.state === 'open');
  return {
    id: c.id,
    head_sha: c.headSha,
    node_id: nodeId('CheckRun', c.id),
    external_id: c.externalId ?? '',
    url,
    html_url: html,
    details_url: c.detailsUrl ?? html,
    status: c.status,
    conclusion: c.conclusion,
    started_at: c.startedAt,
    completed_at: c.completedAt,
    output: {
      title: c.output.title,
      summary: c.output.summary,
      text: c.output.text,
      annotations_count: c.output.annotationsCount,
      annotations_url: `${url}/annotations`,
    },
    name: c.name,
    check_suite: { id: c.id + 7 },
    app: actionsApp(ctx),
    pull_requests: pulls.map((p) => pullRequestMinimal(ctx, p)),
  };
}

export function collaboratorPermission(ctx: ShapeContext, u: UserRecord, role: RoleName | 'none') {
  const permission =
    role === 'admin' ? 'admin' : role === 'maintain' || role === 'write' ? 'write' : role === 'none' ? 'none' : 'read';
  const permissions = {
    admin: role === 'admin',
    maintain: role === 'admin' || role === 'maintain',
    push: permission === 'admin' || permission === 'write',
    triage: role === 'admin' || role === 'maintain' || role === 'write' || role === 'triage',
    pull: role !== 'none',
  };
  return {
    permission,
    role_name: role,
    user: { ...simpleUser(ctx, u), permissions, role_name: role },
  };
}

// ---- git data ----

export function gitRef(ctx: ShapeContext, repo: RepoRecord, ref: string, sha: string) {
  const object = repo.git.get(sha);
  const url = repoUrl(ctx, repo);
  return {
    ref,
    node_id: nodeId('Ref', `${repo.id}:${ref}`),
    url: `${url}/git/${ref}`,
    object: { sha, type: object?.type ?? 'commit', url: `${url}/git/${object?.type ?? 'commit'}s/${sha}` },
  };
}

/** Base64 with a newline every 60 characters and at the end, as GitHub's Ruby encoder writes it. */
export function githubBase64(data: Uint8Array): string {
  const b64 = Buffer.from(data.buffer, data.byteOffset, data.length).toString('base64');
  if (b64.length === 0) return '';
  return `${b64.match(/.{1,60}/g)!.join('\n')}\n`;
}

export function blob(ctx: ShapeContext, repo: RepoRecord, b: BlobObject) {
  return {
    sha: b.sha,
    node_id: nodeId('Blob', `${repo.id}:${b.sha}`),
    size: b.data.length,
    url: `${repoUrl(ctx, repo)}/git/blobs/${b.sha}`,
    content: githubBase64(b.data),
    encoding: 'base64',
  };
}

export function treeEntry(ctx: ShapeContext, repo: RepoRecord, e: FlatEntry) {
  const url = repoUrl(ctx, repo);
  return {
    path: e.path,
    mode: e.mode,
    type: e.type,
    sha: e.sha,
    ...(e.type === 'blob' ? { size: e.size ?? 0 } : {}),
    ...(e.type !== 'commit' ? { url: `${url}/git/${e.type}s/${e.sha}` } : {}),
  };
}

export function gitTree(ctx: ShapeContext, repo: RepoRecord, sha: string, entries: FlatEntry[]) {
  return {
    sha,
    url: `${repoUrl(ctx, repo)}/git/trees/${sha}`,
    tree: entries.map((e) => treeEntry(ctx, repo, e)),
    truncated: false,
  };
}

export function gitCommit(ctx: ShapeContext, repo: RepoRecord, c: CommitObject) {
  const url = repoUrl(ctx, repo);
  return {
    sha: c.sha,
    node_id: nodeId('Commit', `${repo.id}:${c.sha}`),
    url: `${url}/git/commits/${c.sha}`,
    html_url: `${HTML}/${repo.fullName}/commit/${c.sha}`,
    author: { ...c.author },
    committer: { ...c.committer },
    tree: { sha: c.tree, url: `${url}/git/trees/${c.tree}` },
    message: c.message,
    parents: c.parents.map((p) => ({
      sha: p,
      url: `${url}/git/commits/${p}`,
      html_url: `${HTML}/${repo.fullName}/commit/${p}`,
    })),
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
  };
}

const ONE_MB = 1024 * 1024;

export function contentEntry(
  ctx: ShapeContext,
  repo: RepoRecord,
  git: GitStore,
  e: FlatEntry,
  ref: string,
  withContent: boolean,
) {
  const url = repoUrl(ctx, repo);
  const type = e.type === 'tree' ? 'dir' : e.type === 'commit' ? 'submodule' : e.mode === '120000' ? 'symlink' : 'file';
  const name = e.path.split('/').pop() ?? e.path;
  const self = `${url}/contents/${e.path.split('/').map(encodeURIComponent).join('/')}?ref=${encodeURIComponent(ref)}`;
  const gitUrl = e.type === 'commit' ? null : `${url}/git/${e.type}s/${e.sha}`;
  const html = `${HTML}/${repo.fullName}/${e.type === 'tree' ? 'tree' : 'blob'}/${ref}/${e.path}`;
  const base = {
    type,
    size: e.type === 'blob' ? (e.size ?? 0) : 0,
    name,
    path: e.path,
    sha: e.sha,
    url: self,
    git_url: gitUrl,
    html_url: html,
    download_url: e.type === 'blob' ? `https://raw.githubusercontent.com/${repo.fullName}/${ref}/${e.path}` : null,
    _links: { self, git: gitUrl, html },
  };
  if (!withContent || e.type !== 'blob') return base;
  const data = git.blob(e.sha)!.data;
  if (e.mode === '120000') return { ...base, target: Buffer.from(data).toString('utf8') };
  // Files over 1 MB come back without content (encoding "none"), like GitHub's contents API.
  return data.length > ONE_MB
    ? { ...base, content: '', encoding: 'none' }
    : { ...base, content: githubBase64(data), encoding: 'base64' };
}

export function label(ctx: ShapeContext, repo: RepoRecord, l: LabelRecord) {
  return {
    id: l.id,
    node_id: nodeId('Label', l.id),
    url: `${repoUrl(ctx, repo)}/labels/${encodeURIComponent(l.name)}`,
    name: l.name,
    description: l.description,
    color: l.color,
    default: false,
  };
}

export function issue(ctx: ShapeContext, i: IssueRecord) {
  const repo = ctx.state.requireRepo(i.repo);
  const url = `${repoUrl(ctx, repo)}/issues/${i.number}`;
  const assignees = (i.assignees ?? []).map((a) => simpleUser(ctx, a));
  return {
    id: i.id,
    node_id: nodeId('Issue', i.id),
    url,
    repository_url: repoUrl(ctx, repo),
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${HTML}/${repo.fullName}/${i.isPull ? 'pull' : 'issues'}/${i.number}`,
    number: i.number,
    state: i.state,
    state_reason: i.stateReason ?? null,
    title: i.title,
    body: i.body ?? null,
    user: simpleUser(ctx, i.author),
    labels: (i.labels ?? []).map((name) => label(ctx, repo, ctx.state.ensureLabel(repo.fullName, name))),
    assignee: assignees[0] ?? null,
    assignees,
    milestone: null,
    locked: false,
    active_lock_reason: null,
    comments: ctx.state.commentsOn(repo.fullName, i.number).length,
    ...(i.isPull
      ? {
          pull_request: {
            url: `${repoUrl(ctx, repo)}/pulls/${i.number}`,
            html_url: `${HTML}/${repo.fullName}/pull/${i.number}`,
            diff_url: null,
            patch_url: null,
          },
        }
      : {}),
    closed_at: i.closedAt ?? null,
    created_at: i.createdAt,
    updated_at: i.updatedAt,
    closed_by: i.closedBy ? simpleUser(ctx, i.closedBy) : null,
    author_association: authorAssociation(ctx.state, repo, i.author),
  };
}

/** One commit as the commits and compare endpoints list it. */
export function commitSummary(ctx: ShapeContext, repo: RepoRecord, c: CommitObject) {
  const url = repoUrl(ctx, repo);
  return {
    url: `${url}/commits/${c.sha}`,
    sha: c.sha,
    node_id: nodeId('Commit', `${repo.id}:${c.sha}`),
    html_url: `${HTML}/${repo.fullName}/commit/${c.sha}`,
    comments_url: `${url}/commits/${c.sha}/comments`,
    commit: {
      url: `${url}/git/commits/${c.sha}`,
      author: { ...c.author },
      committer: { ...c.committer },
      message: c.message,
      comment_count: 0,
      tree: { sha: c.tree, url: `${url}/git/trees/${c.tree}` },
      verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
    },
    author: null,
    committer: null,
    parents: c.parents.map((p) => ({
      sha: p,
      url: `${url}/commits/${p}`,
      html_url: `${HTML}/${repo.fullName}/commit/${p}`,
    })),
  };
}

export function commitComparison(
  ctx: ShapeContext,
  repo: RepoRecord,
  base: CommitObject,
  head: CommitObject,
  mergeBase: CommitObject,
  commits: CommitObject[],
  behindBy: number,
) {
  const url = repoUrl(ctx, repo);
  const aheadBy = commits.length;
  return {
    url: `${url}/compare/${base.sha}...${head.sha}`,
    html_url: `${HTML}/${repo.fullName}/compare/${base.sha}...${head.sha}`,
    permalink_url: `${HTML}/${repo.fullName}/compare/${repo.owner}:${base.sha.slice(0, 7)}...${repo.owner}:${head.sha.slice(0, 7)}`,
    diff_url: `${HTML}/${repo.fullName}/compare/${base.sha}...${head.sha}.diff`,
    patch_url: `${HTML}/${repo.fullName}/compare/${base.sha}...${head.sha}.patch`,
    base_commit: commitSummary(ctx, repo, base),
    merge_base_commit: commitSummary(ctx, repo, mergeBase),
    status: aheadBy && behindBy ? 'diverged' : aheadBy ? 'ahead' : behindBy ? 'behind' : 'identical',
    ahead_by: aheadBy,
    behind_by: behindBy,
    total_commits: aheadBy,
    commits: commits.map((c) => commitSummary(ctx, repo, c)),
    files: [],
  };
}
