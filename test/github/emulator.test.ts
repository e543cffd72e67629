// The GitHub REST emulator, driven by the real octokit client: every endpoint the action uses
// answers like GitHub (shapes checked against the OpenAPI response schemas), calls GitHub would
// reject are recorded as spec violations, faults can be injected, and the git data endpoints
// compute the same SHAs as git.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Octokit } from 'octokit';
import { describe, expect, it, onTestFinished } from 'vitest';
import { readZip } from '../../src/github/zip';
import { openApiSpec } from './emulator/openapi';
import {
  appliedThenBadGateway,
  secondaryRateLimit,
  serverError,
  startEmulator,
  type Emulator,
  type EmulatorOptions,
} from './emulator/server';

const SHA_A = 'a'.repeat(40);
const SHA_B = 'b'.repeat(40);
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const repo = { owner: 'acme', repo: 'llm' };
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

type OctokitOptions = ConstructorParameters<typeof Octokit>[0];

interface World {
  gh: Emulator;
  /** The workflow's GITHUB_TOKEN (installation token, github-actions[bot]). */
  actions: Octokit;
  client(auth?: string, options?: OctokitOptions): Octokit;
  runId: number;
  forkRunId: number;
}

/** A fresh emulator with a small world: a repo, a same-repo PR and a fork PR, their runs, artifacts. */
async function world(options: EmulatorOptions = {}): Promise<World> {
  const gh = await startEmulator({ validateResponses: true, ...options });
  onTestFinished(() => gh.close());
  const s = gh.state;
  s.addRepo({ owner: 'acme', name: 'llm', ownerType: 'Organization', files: { 'README.md': '# llm\n' } });
  s.addActionsToken('ghs_actions');
  s.addActionsToken('ghs_readonly', { readOnly: true });
  s.addUser({ login: 'alice', name: 'Alice', token: 'ghp_alice' });
  s.addUser({ login: 'bob', token: 'ghp_bob' });
  s.setPermission('acme/llm', 'alice', 'write');
  s.addPull('acme/llm', { number: 7, title: 'Faster prefill', author: 'alice', head: { ref: 'feat', sha: SHA_A } });
  s.addPull('acme/llm', {
    number: 8,
    title: 'From a fork',
    author: 'mallory',
    head: { ref: 'patch-1', sha: SHA_B, repo: 'mallory/llm' },
  });
  const run = s.addWorkflowRun('acme/llm', { headBranch: 'feat', headSha: SHA_A });
  const forkRun = s.addWorkflowRun('acme/llm', {
    headBranch: 'patch-1',
    headSha: SHA_B,
    headRepository: 'mallory/llm',
  });
  s.addArtifact(run.id, {
    name: 'perf-results',
    files: { 'results/summary.json': '{"p50_ms": 41.2}', 'results/requests.csv': 'id,ttft\n1,40\n' },
  });
  s.addArtifact(run.id, { name: 'perf-logs', files: { 'log.txt': 'ok' } });
  s.addArtifact(run.id, { name: 'perf-old', files: { x: '1' }, expired: true });
  const client = (auth?: string, more: OctokitOptions = {}) =>
    new Octokit({
      auth,
      baseUrl: gh.url,
      log: quiet,
      throttle: { enabled: false },
      retry: { enabled: false },
      ...more,
    });
  return { gh, actions: client('ghs_actions'), client, runId: run.id, forkRunId: forkRun.id };
}

/** The error of a rejected octokit call. */
async function failure(
  p: Promise<unknown>,
): Promise<{ status: number; data: any; headers: Record<string, string | undefined> }> {
  try {
    await p;
  } catch (err) {
    const e = err as { status: number; response?: { data: unknown; headers: Record<string, string | undefined> } };
    return { status: e.status, data: e.response?.data, headers: e.response?.headers ?? {} };
  }
  throw new Error('expected the call to fail');
}

function parseLink(header: string | undefined): Record<string, URL> {
  const out: Record<string, URL> = {};
  for (const part of (header ?? '').split(',')) {
    const m = /<([^>]+)>;\s*rel="(\w+)"/.exec(part);
    if (m) out[m[2]] = new URL(m[1]);
  }
  return out;
}

describe('OpenAPI description', () => {
  it('loads once per process, quickly', async () => {
    const spec = openApiSpec();
    expect(openApiSpec()).toBe(spec);
    console.log(
      `OpenAPI ${spec.stats.file.replace(/.*node_modules\//, '')} v${spec.stats.version}: ${(spec.stats.bytes / 1e6).toFixed(1)} MB, ` +
        `${spec.stats.operations} operations, loaded in ${spec.stats.totalMs.toFixed(0)} ms ` +
        `(read ${spec.stats.readMs.toFixed(0)}, parse ${spec.stats.parseMs.toFixed(0)}, prepare ${spec.stats.prepareMs.toFixed(0)})`,
    );
    expect(spec.stats.totalMs).toBeLessThan(5000);
    expect(spec.stats.operations).toBeGreaterThan(1000);
  });

  it('catches a response that breaks its schema (the emulator checks itself)', async () => {
    const spec = openApiSpec();
    const match = spec.match('GET', '/repos/acme/llm/issues/comments/1')!;
    expect(match.route.operationId).toBe('issues/get-comment');
    expect(spec.validateResponse(match.route, 200, { id: 'one', body: 'x' }).map((p) => p.message)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/response\/id must be integer/),
        expect.stringMatching(/must have required property 'node_id'/),
      ]),
    );
    expect(spec.validateResponse(match.route, 418, {})).toEqual([]);
    expect(spec.validateResponse(match.route, 201, {})[0].message).toMatch(/status 201 is not documented/);
  });
});

describe('issue comments', () => {
  it('create, get, update, list and delete like GitHub', async () => {
    const { gh, actions } = await world();
    const created = await actions.rest.issues.createComment({
      ...repo,
      issue_number: 7,
      body: '<!-- perf-triage -->\nfirst',
    });
    expect(created.status).toBe(201);
    expect(created.headers.location).toBe(created.data.url);
    expect(created.data).toMatchObject({
      body: '<!-- perf-triage -->\nfirst',
      user: { login: 'github-actions[bot]', type: 'Bot', id: 41898282 },
      html_url: `https://github.com/acme/llm/pull/7#issuecomment-${created.data.id}`,
      issue_url: `${gh.url}/repos/acme/llm/issues/7`,
      author_association: 'NONE',
    });
    expect(created.data.created_at).toMatch(ISO);
    expect(created.data.node_id).toEqual(expect.any(String));

    const got = await actions.rest.issues.getComment({ ...repo, comment_id: created.data.id });
    expect(got.data.body).toBe(created.data.body);

    const updated = await actions.rest.issues.updateComment({ ...repo, comment_id: created.data.id, body: 'second' });
    expect(updated.data.body).toBe('second');
    expect(updated.data.created_at).toBe(created.data.created_at);
    expect(Date.parse(updated.data.updated_at)).toBeGreaterThan(Date.parse(created.data.updated_at));

    gh.state.addComment('acme/llm', 7, { author: 'alice', body: 'looks slow' });
    const list = await actions.rest.issues.listComments({ ...repo, issue_number: 7 });
    expect(list.data.map((c) => [c.user?.login, c.body, c.author_association])).toEqual([
      ['github-actions[bot]', 'second', 'NONE'],
      ['alice', 'looks slow', 'COLLABORATOR'],
    ]);
    const since = await actions.rest.issues.listComments({ ...repo, issue_number: 7, since: list.data[1].updated_at });
    expect(since.data.map((c) => c.body)).toEqual(['looks slow']);

    expect((await actions.rest.issues.deleteComment({ ...repo, comment_id: created.data.id })).status).toBe(204);
    expect((await failure(actions.rest.issues.getComment({ ...repo, comment_id: created.data.id }))).status).toBe(404);
    expect(gh.state.commentsOn('acme/llm', 7).map((c) => c.body)).toEqual(['looks slow']);
    expect((await failure(actions.rest.issues.listComments({ ...repo, issue_number: 999 }))).status).toBe(404);
    expect(gh.state.violations).toEqual([]);
  });

  it('refuses a body over 65,536 characters with GitHub error JSON', async () => {
    const { gh, actions } = await world();
    const ok = await actions.rest.issues.createComment({ ...repo, issue_number: 7, body: 'x'.repeat(65536) });
    expect(ok.status).toBe(201);
    const err = await failure(actions.rest.issues.createComment({ ...repo, issue_number: 7, body: 'x'.repeat(65537) }));
    expect(err.status).toBe(422);
    expect(err.data).toMatchObject({
      message: 'Validation Failed',
      errors: [
        {
          resource: 'IssueComment',
          code: 'custom',
          field: 'body',
          message: 'body is too long (maximum is 65536 characters)',
        },
      ],
      documentation_url: expect.stringMatching(/^https:\/\/docs\.github\.com\//),
    });
    const upd = await failure(
      actions.rest.issues.updateComment({ ...repo, comment_id: ok.data.id, body: 'é'.repeat(65537) }),
    );
    expect(upd.status).toBe(422);
    expect(gh.state.commentsOn('acme/llm', 7)).toHaveLength(1);
    expect(gh.state.violations).toEqual([]);
  });

  it('paginates 250 comments with per_page/page and a correct Link header', async () => {
    const { gh, actions } = await world();
    for (let i = 0; i < 250; i++)
      gh.state.addComment('acme/llm', 7, { author: i % 2 ? 'alice' : 'bob', body: `comment ${i}` });

    const all = await actions.paginate(actions.rest.issues.listComments, { ...repo, issue_number: 7, per_page: 100 });
    expect(all.map((c) => c.body)).toEqual(Array.from({ length: 250 }, (_, i) => `comment ${i}`));
    expect(gh.calls('issues/list-comments').map((r) => r.query.page ?? '1')).toEqual(['1', '2', '3']);

    const byDefault = await actions.paginate(actions.rest.issues.listComments, { ...repo, issue_number: 7 });
    expect(byDefault).toHaveLength(250);
    expect(gh.calls('issues/list-comments')).toHaveLength(3 + 9);

    const first = await actions.rest.issues.listComments({ ...repo, issue_number: 7, per_page: 100 });
    const links = parseLink(first.headers.link);
    expect(Object.keys(links).sort()).toEqual(['last', 'next']);
    expect(links.next.searchParams.get('page')).toBe('2');
    expect(links.next.searchParams.get('per_page')).toBe('100');
    expect(links.last.searchParams.get('page')).toBe('3');
    expect(links.next.origin + links.next.pathname).toBe(`${gh.url}/repos/acme/llm/issues/7/comments`);

    const middle = await actions.rest.issues.listComments({ ...repo, issue_number: 7, per_page: 100, page: 2 });
    expect(Object.keys(parseLink(middle.headers.link)).sort()).toEqual(['first', 'last', 'next', 'prev']);
    const last = await actions.rest.issues.listComments({ ...repo, issue_number: 7, per_page: 100, page: 3 });
    expect(last.data).toHaveLength(50);
    expect(Object.keys(parseLink(last.headers.link)).sort()).toEqual(['first', 'prev']);
    const beyond = await actions.rest.issues.listComments({ ...repo, issue_number: 7, per_page: 100, page: 4 });
    expect(beyond.data).toEqual([]);

    const clamped = await actions.rest.issues.listComments({ ...repo, issue_number: 7, per_page: 500 });
    expect(clamped.data).toHaveLength(100);
    const single = await actions.rest.issues.listComments({ ...repo, issue_number: 8 });
    expect(single.headers.link).toBeUndefined();
    expect(gh.state.violations).toEqual([]);
  });
});

describe('authentication', () => {
  it('maps tokens to users and refuses missing, unknown and read-only tokens', async () => {
    const { gh, client } = await world();
    expect((await client('ghp_alice').rest.users.getAuthenticated()).data).toMatchObject({
      login: 'alice',
      type: 'User',
      name: 'Alice',
    });
    expect(
      (
        await client('ghp_alice', { auth: undefined }).request('GET /user', {
          headers: { authorization: 'Bearer ghp_alice' },
        })
      ).data.login,
    ).toBe('alice');

    const missing = await failure(client(undefined).rest.issues.listComments({ ...repo, issue_number: 7 }));
    expect([missing.status, missing.data.message]).toEqual([401, 'Requires authentication']);
    const unknown = await failure(client('ghp_nope').rest.issues.listComments({ ...repo, issue_number: 7 }));
    expect([unknown.status, unknown.data.message]).toEqual([401, 'Bad credentials']);

    const readOnly = client('ghs_readonly');
    expect((await readOnly.rest.issues.listComments({ ...repo, issue_number: 7 })).status).toBe(200);
    const write = await failure(readOnly.rest.issues.createComment({ ...repo, issue_number: 7, body: 'x' }));
    expect([write.status, write.data.message]).toEqual([403, 'Resource not accessible by integration']);

    const app = await failure(client('ghs_actions').rest.users.getAuthenticated());
    expect([app.status, app.data.message]).toEqual([403, 'Resource not accessible by integration']);
    expect(gh.requests.find((r) => r.login === 'alice')?.headers.authorization).toBe('token ghp_alice');
    expect(gh.state.violations).toEqual([]);
  });

  it('hides private repositories and limits scoped tokens', async () => {
    const { gh, client } = await world();
    gh.state.addRepo({ owner: 'acme', name: 'secret', private: true });
    gh.state.addIssue('acme/secret', { number: 1 });
    gh.state.addToken('ghs_scoped', 'github-actions[bot]', { kind: 'installation', repos: ['acme/llm'] });
    expect(
      (await failure(client('ghp_bob').rest.issues.listComments({ owner: 'acme', repo: 'secret', issue_number: 1 })))
        .status,
    ).toBe(404);
    expect(
      (await client('ghs_actions').rest.issues.listComments({ owner: 'acme', repo: 'secret', issue_number: 1 })).status,
    ).toBe(200);
    expect(
      (await failure(client('ghs_scoped').rest.issues.listComments({ owner: 'acme', repo: 'secret', issue_number: 1 })))
        .status,
    ).toBe(404);
    expect(gh.state.violations).toEqual([]);
  });
});

describe('pull requests', () => {
  it('gets one, lists with state/head/base filters and finds PRs of a commit', async () => {
    const { gh, actions } = await world();
    gh.state.addPull('acme/llm', {
      number: 9,
      author: 'alice',
      head: { ref: 'old', sha: 'c'.repeat(40) },
      base: { ref: 'release' },
      state: 'closed',
    });

    const pr = await actions.rest.pulls.get({ ...repo, pull_number: 8 });
    expect(pr.data).toMatchObject({
      number: 8,
      state: 'open',
      head: { ref: 'patch-1', sha: SHA_B, label: 'mallory:patch-1', repo: { full_name: 'mallory/llm', fork: true } },
      base: { ref: 'main', repo: { full_name: 'acme/llm' } },
      user: { login: 'mallory' },
    });
    expect((await failure(actions.rest.pulls.get({ ...repo, pull_number: 99 }))).status).toBe(404);

    const numbers = async (params: Record<string, string>) =>
      (await actions.rest.pulls.list({ ...repo, ...params })).data.map((p) => p.number);
    expect(await numbers({})).toEqual([8, 7]);
    expect(await numbers({ state: 'all' })).toEqual([9, 8, 7]);
    expect(await numbers({ state: 'all', direction: 'asc' })).toEqual([7, 8, 9]);
    expect(await numbers({ state: 'closed' })).toEqual([9]);
    expect(await numbers({ head: 'acme:feat' })).toEqual([7]);
    expect(await numbers({ head: 'mallory:patch-1' })).toEqual([8]);
    expect(await numbers({ head: 'acme:patch-1' })).toEqual([]);
    expect(await numbers({ head: 'feat' })).toEqual([8, 7]); // GitHub ignores a head without "owner:"
    expect(await numbers({ state: 'all', base: 'release' })).toEqual([9]);
    const paged = await actions.rest.pulls.list({ ...repo, state: 'all', per_page: 2 });
    expect(paged.data).toHaveLength(2);
    expect(parseLink(paged.headers.link).last.searchParams.get('page')).toBe('2');

    const forCommit = await actions.rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: SHA_B });
    expect(forCommit.data.map((p) => p.number)).toEqual([8]);
    const unknown = await failure(
      actions.rest.repos.listPullRequestsAssociatedWithCommit({ ...repo, commit_sha: 'd'.repeat(40) }),
    );
    expect([unknown.status, unknown.data.message]).toEqual([422, `No commit found for SHA: ${'d'.repeat(40)}`]);
    expect(gh.state.violations).toEqual([]);
  });
});

describe('workflow runs and artifacts', () => {
  it('lists the PR of a same-repo run and none for a fork run', async () => {
    const { gh, actions, runId, forkRunId } = await world();
    const run = await actions.rest.actions.getWorkflowRun({ ...repo, run_id: runId });
    expect(run.data).toMatchObject({
      id: runId,
      event: 'pull_request',
      head_branch: 'feat',
      head_sha: SHA_A,
      head_repository: { full_name: 'acme/llm' },
    });
    expect(run.data.pull_requests?.map((p) => p.number)).toEqual([7]);
    const fork = await actions.rest.actions.getWorkflowRun({ ...repo, run_id: forkRunId });
    expect(fork.data.head_repository.full_name).toBe('mallory/llm');
    expect(fork.data.pull_requests).toEqual([]);
    expect(
      (await actions.rest.actions.getWorkflowRun({ ...repo, run_id: runId, exclude_pull_requests: true })).data
        .pull_requests,
    ).toEqual([]);
    expect((await failure(actions.rest.actions.getWorkflowRun({ ...repo, run_id: 1 }))).status).toBe(404);
    expect(gh.state.violations).toEqual([]);
  });

  it('lists artifacts by name with pagination', async () => {
    const { gh, actions, runId } = await world();
    const all = await actions.rest.actions.listWorkflowRunArtifacts({ ...repo, run_id: runId });
    expect(all.data.total_count).toBe(3);
    expect(all.data.artifacts.map((a) => a.name)).toEqual(['perf-old', 'perf-logs', 'perf-results']);
    const named = await actions.rest.actions.listWorkflowRunArtifacts({ ...repo, run_id: runId, name: 'perf-results' });
    expect(named.data.artifacts).toHaveLength(1);
    expect(named.data.artifacts[0]).toMatchObject({
      name: 'perf-results',
      expired: false,
      workflow_run: { id: runId, head_sha: SHA_A },
    });
    expect(named.data.artifacts[0].archive_download_url).toBe(
      `${gh.url}/repos/acme/llm/actions/artifacts/${named.data.artifacts[0].id}/zip`,
    );
    const paged = await actions.paginate(actions.rest.actions.listWorkflowRunArtifacts, {
      ...repo,
      run_id: runId,
      per_page: 1,
    });
    expect(paged.map((a) => a.name)).toEqual(['perf-old', 'perf-logs', 'perf-results']);
    expect(gh.state.violations).toEqual([]);
  });

  it('downloads through a 302 to blob storage that needs no Authorization, and 410s expired artifacts', async () => {
    const { gh, actions, runId } = await world();
    const [results] = (
      await actions.rest.actions.listWorkflowRunArtifacts({ ...repo, run_id: runId, name: 'perf-results' })
    ).data.artifacts;
    const download = await actions.rest.actions.downloadArtifact({
      ...repo,
      artifact_id: results.id,
      archive_format: 'zip',
    });
    expect(download.status).toBe(200);
    const files = readZip(new Uint8Array(download.data as ArrayBuffer), {
      maxEntries: 10,
      maxEntryBytes: 1 << 20,
      maxTotalBytes: 1 << 20,
      maxRatio: 100,
    });
    expect(Object.fromEntries(files.map((f) => [f.name, new TextDecoder().decode(f.data)]))).toEqual({
      'results/summary.json': '{"p50_ms": 41.2}',
      'results/requests.csv': 'id,ttft\n1,40\n',
    });
    const [api, blob] = gh.requests.slice(-2);
    expect([api.operationId, api.status, blob.operationId, blob.status]).toEqual([
      'actions/download-artifact',
      302,
      'blob-storage',
      200,
    ]);
    expect(blob.headers.authorization).toBeUndefined(); // fetch dropped it on the cross-origin redirect

    // The redirect itself, and what the store says to a client that forwards the token.
    const manual = await actions
      .request('GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}', {
        ...repo,
        artifact_id: results.id,
        archive_format: 'zip',
        request: { redirect: 'manual' },
      })
      .catch((e: { status: number; response: { headers: Record<string, string> } }) => e.response);
    const location = manual.headers.location!;
    expect(new URL(location).origin).not.toBe(gh.url);
    expect((await fetch(location)).status).toBe(200);
    expect((await fetch(location, { headers: { authorization: 'token ghs_actions' } })).status).toBe(400);
    expect((await fetch(location.replace(/sig=[0-9a-f]+/, 'sig=00'))).status).toBe(403);

    const expired = [...gh.state.artifacts.values()].find((a) => a.expired)!;
    const gone = await failure(
      actions.rest.actions.downloadArtifact({ ...repo, artifact_id: expired.id, archive_format: 'zip' }),
    );
    expect([gone.status, gone.data.message]).toEqual([410, 'Artifact has expired']);
    expect(gh.state.violations).toEqual([]);
  });
});

describe('check runs', () => {
  it('creates, updates and lists check runs for a sha or a branch', async () => {
    const { gh, actions, client } = await world();
    const main = gh.state.requireRepo('acme/llm').git.refs.get('refs/heads/main')!;
    const created = await actions.rest.checks.create({
      ...repo,
      name: 'perf-triage',
      head_sha: SHA_A,
      status: 'in_progress',
    });
    expect(created.data).toMatchObject({
      name: 'perf-triage',
      status: 'in_progress',
      conclusion: null,
      app: { slug: 'github-actions' },
    });
    expect(created.data.pull_requests.map((p) => p.number)).toEqual([7]);
    const done = await actions.rest.checks.update({
      ...repo,
      check_run_id: created.data.id,
      conclusion: 'failure',
      output: {
        title: 'TTFT +18%',
        summary: 'prefill regressed',
        annotations: [{ path: 'bench.json', start_line: 1, end_line: 1, annotation_level: 'warning', message: 'slow' }],
      },
    });
    expect(done.data).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      output: { title: 'TTFT +18%', annotations_count: 1 },
    });
    expect(done.data.completed_at).toMatch(ISO);
    await actions.rest.checks.create({
      ...repo,
      name: 'perf-triage',
      head_sha: SHA_A,
      conclusion: 'success',
      output: { title: 'ok', summary: 'rerun' },
    });
    await actions.rest.checks.create({ ...repo, name: 'other', head_sha: main, status: 'queued' });

    const latest = await actions.rest.checks.listForRef({ ...repo, ref: SHA_A });
    expect(latest.data.check_runs.map((c) => [c.name, c.conclusion])).toEqual([['perf-triage', 'success']]);
    const every = await actions.rest.checks.listForRef({ ...repo, ref: SHA_A, filter: 'all' });
    expect(every.data.total_count).toBe(2);
    expect((await actions.rest.checks.listForRef({ ...repo, ref: 'main' })).data.check_runs.map((c) => c.name)).toEqual(
      ['other'],
    );
    expect(
      (await actions.rest.checks.listForRef({ ...repo, ref: 'heads/main', check_name: 'nope' })).data.total_count,
    ).toBe(0);

    const pat = await failure(client('ghp_alice').rest.checks.create({ ...repo, name: 'x', head_sha: SHA_A }));
    expect([pat.status, pat.data.message]).toEqual([403, 'You must authenticate via a GitHub App.']);
    const noConclusion = await failure(
      actions.rest.checks.create({ ...repo, name: 'x', head_sha: SHA_A, status: 'completed' }),
    );
    expect(noConclusion.status).toBe(422);
    expect(gh.state.violations).toEqual([]);

    // A summary over the documented maxLength is a spec violation (and a 422, as on GitHub).
    const long = await failure(
      actions.rest.checks.create({
        ...repo,
        name: 'x',
        head_sha: SHA_A,
        output: { title: 't', summary: 's'.repeat(65536) },
      }),
    );
    expect(long.status).toBe(422);
    expect(gh.state.violations).toEqual([
      expect.objectContaining({
        kind: 'body',
        operationId: 'checks/create',
        messages: [expect.stringMatching(/summary must NOT have more than 65535 characters/)],
      }),
    ]);
  });
});

describe('collaborator permission', () => {
  it('reports admin, write, read (public repo) and 404 for unknown users', async () => {
    const { gh, actions } = await world();
    gh.state.addUser({ login: 'carol' });
    gh.state.setPermission('acme/llm', 'carol', 'maintain');
    const level = async (username: string) => {
      const { data } = await actions.rest.repos.getCollaboratorPermissionLevel({ ...repo, username });
      return [data.permission, data.role_name, data.user?.login];
    };
    expect(await level('acme')).toEqual(['admin', 'admin', 'acme']);
    expect(await level('alice')).toEqual(['write', 'write', 'alice']);
    expect(await level('carol')).toEqual(['write', 'maintain', 'carol']);
    expect(await level('bob')).toEqual(['read', 'read', 'bob']);
    expect(
      (await failure(actions.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: 'nobody' }))).status,
    ).toBe(404);
    expect(gh.state.violations).toEqual([]);
  });
});

describe('git data (performance journal)', () => {
  it('writes a journal commit with blobs, trees, commits and refs', async () => {
    const { gh, actions } = await world();
    const head = (await actions.rest.git.getRef({ ...repo, ref: 'heads/main' })).data;
    expect(head).toMatchObject({ ref: 'refs/heads/main', object: { type: 'commit' } });
    const parent = (await actions.rest.git.getCommit({ ...repo, commit_sha: head.object.sha })).data;

    const blob = await actions.rest.git.createBlob({
      ...repo,
      content: Buffer.from('{"run": 1}\n').toString('base64'),
      encoding: 'base64',
    });
    expect(blob.status).toBe(201);
    const tree = await actions.rest.git.createTree({
      ...repo,
      base_tree: parent.tree.sha,
      tree: [
        { path: 'journal/2025/01/run-1.json', mode: '100644', type: 'blob', sha: blob.data.sha },
        { path: 'journal/index.md', mode: '100644', type: 'blob', content: '# Journal\n' },
      ],
    });
    expect(tree.data.tree.map((e) => [e.path, e.type])).toEqual([
      ['README.md', 'blob'],
      ['journal', 'tree'],
    ]);
    const commit = await actions.rest.git.createCommit({
      ...repo,
      message: 'perf journal: run 1',
      tree: tree.data.sha,
      parents: [head.object.sha],
    });
    expect(commit.data).toMatchObject({
      message: 'perf journal: run 1',
      tree: { sha: tree.data.sha },
      parents: [{ sha: head.object.sha }],
      verification: { verified: false },
    });
    const moved = await actions.rest.git.updateRef({ ...repo, ref: 'heads/main', sha: commit.data.sha });
    expect(moved.data.object.sha).toBe(commit.data.sha);

    const recursive = await actions.rest.git.getTree({ ...repo, tree_sha: 'main', recursive: '1' });
    expect(recursive.data.tree.map((e) => e.path)).toEqual([
      'README.md',
      'journal',
      'journal/2025',
      'journal/2025/01',
      'journal/2025/01/run-1.json',
      'journal/index.md',
    ]);
    const flat = await actions.rest.git.getTree({ ...repo, tree_sha: commit.data.sha });
    expect(flat.data.tree).toHaveLength(2);

    const gotBlob = await actions.rest.git.getBlob({ ...repo, file_sha: blob.data.sha });
    expect(gotBlob.data.encoding).toBe('base64');
    expect(Buffer.from(gotBlob.data.content, 'base64').toString()).toBe('{"run": 1}\n');

    const file = await actions.rest.repos.getContent({ ...repo, path: 'journal/2025/01/run-1.json' });
    expect(Array.isArray(file.data)).toBe(false);
    const content = file.data as { type: string; content: string; sha: string; encoding: string };
    expect([content.type, content.encoding, content.sha]).toEqual(['file', 'base64', blob.data.sha]);
    expect(Buffer.from(content.content, 'base64').toString()).toBe('{"run": 1}\n');
    const dir = await actions.rest.repos.getContent({ ...repo, path: 'journal', ref: commit.data.sha });
    expect((dir.data as { name: string; type: string }[]).map((e) => [e.name, e.type])).toEqual([
      ['2025', 'dir'],
      ['index.md', 'file'],
    ]);
    expect((await failure(actions.rest.repos.getContent({ ...repo, path: 'journal/nope.json' }))).status).toBe(404);
    const before = await failure(actions.rest.repos.getContent({ ...repo, path: 'journal', ref: head.object.sha }));
    expect(before.status).toBe(404);

    // Deleting through a tree with sha: null
    const pruned = await actions.rest.git.createTree({
      ...repo,
      base_tree: tree.data.sha,
      tree: [{ path: 'journal/index.md', mode: '100644', type: 'blob', sha: null }],
    });
    const prunedAll = (
      await actions.rest.git.getTree({ ...repo, tree_sha: pruned.data.sha, recursive: 'true' })
    ).data.tree.map((e) => e.path);
    expect(prunedAll).not.toContain('journal/index.md');
    expect(prunedAll).toContain('journal/2025/01/run-1.json');

    const branch = await actions.rest.git.createRef({ ...repo, ref: 'refs/heads/perf-journal', sha: commit.data.sha });
    expect(branch.status).toBe(201);
    const exists = await failure(
      actions.rest.git.createRef({ ...repo, ref: 'refs/heads/perf-journal', sha: commit.data.sha }),
    );
    expect([exists.status, exists.data.message]).toEqual([422, 'Reference already exists']);
    expect(gh.state.violations).toEqual([]);
  });

  it('updates refs fast-forward only unless forced, and guards protected branches', async () => {
    const { gh, actions, client } = await world();
    const s = gh.state;
    const git = s.requireRepo('acme/llm').git;
    const base = git.refs.get('refs/heads/main')!;
    const commitOn = (parent: string, message: string) =>
      git.writeCommit({
        tree: git.commit(parent)!.tree,
        parents: [parent],
        author: { name: 'a', email: 'a@example.com', date: '2025-01-02T00:00:00Z' },
        message,
      });
    const ahead = commitOn(base, 'ahead');
    const sideways = commitOn(base, 'sideways');
    await actions.rest.git.createRef({ ...repo, ref: 'refs/heads/journal', sha: base });
    expect((await actions.rest.git.updateRef({ ...repo, ref: 'heads/journal', sha: ahead })).data.object.sha).toBe(
      ahead,
    );
    expect((await actions.rest.git.updateRef({ ...repo, ref: 'heads/journal', sha: ahead })).status).toBe(200); // no-op is a fast forward

    const notFf = await failure(actions.rest.git.updateRef({ ...repo, ref: 'heads/journal', sha: sideways }));
    expect([notFf.status, notFf.data.message]).toEqual([422, 'Update is not a fast forward']);
    const forced = await actions.rest.git.updateRef({ ...repo, ref: 'heads/journal', sha: sideways, force: true });
    expect(forced.data.object.sha).toBe(sideways);

    s.protectBranch('acme/llm', 'main');
    const protectedUpdate = await failure(actions.rest.git.updateRef({ ...repo, ref: 'heads/main', sha: ahead }));
    expect([protectedUpdate.status, protectedUpdate.data.message]).toEqual([
      422,
      'Protected branch update failed for refs/heads/main.',
    ]);
    s.protectBranch('acme/llm', 'journal', { requirePullRequest: false });
    const forcePush = await failure(
      actions.rest.git.updateRef({ ...repo, ref: 'heads/journal', sha: ahead, force: true }),
    );
    expect([forcePush.status, forcePush.data.message]).toEqual([422, 'Cannot force-push to this branch']);
    expect(
      (await actions.rest.git.updateRef({ ...repo, ref: 'heads/journal', sha: commitOn(sideways, 'next') })).status,
    ).toBe(200);
    expect((await failure(actions.rest.git.deleteRef({ ...repo, ref: 'heads/main' }))).status).toBe(422);
    await actions.rest.git.createRef({ ...repo, ref: 'refs/heads/tmp', sha: base });
    expect((await actions.rest.git.deleteRef({ ...repo, ref: 'heads/tmp' })).status).toBe(204);
    expect((await failure(actions.rest.git.deleteRef({ ...repo, ref: 'heads/tmp' }))).data.message).toBe(
      'Reference does not exist',
    );
    expect(
      (await failure(actions.rest.git.updateRef({ ...repo, ref: 'heads/journal', sha: 'f'.repeat(40) }))).data.message,
    ).toBe('Object does not exist');

    const readOnly = await failure(client('ghs_readonly').rest.git.createBlob({ ...repo, content: 'x' }));
    expect([readOnly.status, readOnly.data.message]).toEqual([403, 'Resource not accessible by integration']);
    const bob = await failure(client('ghp_bob').rest.git.createBlob({ ...repo, content: 'x' }));
    expect(bob.status).toBe(403);

    s.addRepo({ owner: 'acme', name: 'empty' });
    const empty = await failure(actions.rest.git.getRef({ owner: 'acme', repo: 'empty', ref: 'heads/main' }));
    expect([empty.status, empty.data.message]).toEqual([409, 'Git Repository is empty.']);
    expect((await failure(actions.rest.git.getRef({ ...repo, ref: 'heads/nope' }))).status).toBe(404);
    expect(gh.state.violations).toEqual([]);
  });

  it('computes the SHAs git computes', async () => {
    const { gh, actions } = await world();
    const files = {
      'a.txt': 'hello\n',
      'dir/b.json': '{"x":1}\n',
      'dir/sub/c.bin': '\u0000\u0001binary',
      'dir.txt': 'sorts before dir/ in git order\n',
    };
    const blobs: Record<string, string> = {};
    for (const [path, content] of Object.entries(files))
      blobs[path] = (await actions.rest.git.createBlob({ ...repo, content })).data.sha;
    expect(blobs['a.txt']).toBe('ce013625030ba8dba906f756967f9e9ca394464a');
    const tree = await actions.rest.git.createTree({
      ...repo,
      tree: Object.entries(blobs).map(([path, sha]) => ({ path, mode: '100644' as const, type: 'blob' as const, sha })),
    });
    const date = '2025-02-03T04:05:06Z';
    const who = { name: 'Perf Bot', email: 'perf@example.com', date };
    const commit = await actions.rest.git.createCommit({
      ...repo,
      message: 'journal\n',
      tree: tree.data.sha,
      author: who,
      committer: who,
    });
    expect((await actions.rest.git.createTree({ ...repo, tree: [] })).data.sha).toBe(
      '4b825dc642cb6eb9a060e54bf8d69288fbee4904',
    );

    let hasGit = true;
    try {
      execFileSync('git', ['--version'], { stdio: 'ignore' });
    } catch {
      hasGit = false;
    }
    if (!hasGit) {
      console.warn('git not installed: tree/commit SHAs checked against fixed values only');
      return;
    }
    const dir = mkdtempSync(join(tmpdir(), 'perf-triage-git-'));
    try {
      const git = (...args: string[]) =>
        execFileSync('git', args, {
          cwd: dir,
          encoding: 'utf8',
          env: {
            ...process.env,
            GIT_AUTHOR_NAME: 'Perf Bot',
            GIT_AUTHOR_EMAIL: 'perf@example.com',
            GIT_AUTHOR_DATE: date,
            GIT_COMMITTER_NAME: 'Perf Bot',
            GIT_COMMITTER_EMAIL: 'perf@example.com',
            GIT_COMMITTER_DATE: date,
          },
        }).trim();
      git('init', '-q');
      for (const [path, content] of Object.entries(files)) {
        execFileSync('mkdir', ['-p', join(dir, path, '..')]);
        writeFileSync(join(dir, path), content);
      }
      git('add', '-A');
      const gitTree = git('write-tree');
      expect(tree.data.sha).toBe(gitTree);
      expect(commit.data.sha).toBe(git('commit-tree', gitTree, '-m', 'journal'));
      expect(blobs['dir/sub/c.bin']).toBe(git('hash-object', 'dir/sub/c.bin'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(gh.state.violations).toEqual([]);
  });
});

describe('fault injection', () => {
  it('a 500 once, then success through octokit retries', async () => {
    const { gh, client } = await world();
    const fault = gh.faults.push(serverError({ method: 'GET', path: '/repos/{owner}/{repo}/pulls/{pull_number}' }));
    const octokit = client('ghs_actions', { retry: { retryAfterBaseValue: 1 } });
    expect((await octokit.rest.pulls.get({ ...repo, pull_number: 7 })).status).toBe(200);
    expect(gh.calls('pulls/get').map((r) => [r.status, r.fault ?? false])).toEqual([
      [500, true],
      [200, false],
    ]);
    expect(fault.hits).toBe(1);
    expect(gh.faults.pending()).toEqual([]);
  });

  it('a secondary rate limit with retry-after, honoured by the throttling plugin', async () => {
    const { gh, client } = await world();
    gh.faults.push(secondaryRateLimit({ method: 'GET', path: /\/issues\/7\/comments$/ }, 1));
    const seen: number[] = [];
    const octokit = client('ghs_actions', {
      throttle: {
        retryAfterBaseValue: 5,
        onRateLimit: () => false,
        onSecondaryRateLimit: (retryAfter: number) => {
          seen.push(retryAfter);
          return true;
        },
      },
    });
    expect((await octokit.rest.issues.listComments({ ...repo, issue_number: 7 })).status).toBe(200);
    expect(seen).toEqual([1]);
    const [limited] = gh.calls('issues/list-comments');
    expect(limited.status).toBe(403);

    gh.faults.push(secondaryRateLimit({ method: 'GET', path: /\/issues\/7\/comments$/ }, 1));
    const raw = await failure(client('ghs_actions').rest.issues.listComments({ ...repo, issue_number: 7 }));
    expect(raw.status).toBe(403);
    expect(raw.headers['retry-after']).toBe('1');
    expect(raw.data.message).toMatch(/^You have exceeded a secondary rate limit/);
  });

  it('a 502 after the POST was applied: a blind retry duplicates, a marker lookup does not', async () => {
    const { gh, client } = await world();
    const marker = '<!-- perf-triage:pr-7 -->';
    gh.faults.push(
      appliedThenBadGateway({ method: 'POST', path: '/repos/{owner}/{repo}/issues/{issue_number}/comments' }),
    );
    const naive = client('ghs_actions', { retry: { retryAfterBaseValue: 1 } });
    await naive.rest.issues.createComment({ ...repo, issue_number: 7, body: `${marker}\nreport` });
    expect(gh.state.commentsOn('acme/llm', 7)).toHaveLength(2); // octokit's retry posted it twice

    // What the action must do instead: after a failed POST, look for its marker before posting again.
    gh.faults.push(
      appliedThenBadGateway({ method: 'POST', path: '/repos/{owner}/{repo}/issues/{issue_number}/comments' }),
    );
    const careful = client('ghs_actions');
    const upsert = async (body: string) => {
      const find = async () =>
        (await careful.paginate(careful.rest.issues.listComments, { ...repo, issue_number: 8, per_page: 100 })).find(
          (c) => c.body?.startsWith(marker),
        );
      const existing = await find();
      if (existing) return careful.rest.issues.updateComment({ ...repo, comment_id: existing.id, body });
      try {
        return await careful.rest.issues.createComment({ ...repo, issue_number: 8, body });
      } catch (err) {
        const landed = await find();
        if (landed) return careful.rest.issues.updateComment({ ...repo, comment_id: landed.id, body });
        throw err;
      }
    };
    await upsert(`${marker}\nreport v1`);
    await upsert(`${marker}\nreport v2`);
    expect(gh.state.commentsOn('acme/llm', 8).map((c) => c.body)).toEqual([`${marker}\nreport v2`]);
    expect(
      gh
        .calls('issues/create-comment')
        .filter((r) => r.fault)
        .map((r) => r.status),
    ).toEqual([502, 502]);
    expect(gh.state.violations).toEqual([]);
  });

  it('faults can be delayed, repeated and matched by regex or exact path', async () => {
    const { gh, actions } = await world();
    gh.faults.push({
      method: '*',
      path: '/repos/acme/llm/pulls/7',
      status: 503,
      times: 2,
      delayMs: 20,
      body: { message: 'busy' },
    });
    const t = performance.now();
    expect((await failure(actions.rest.pulls.get({ ...repo, pull_number: 7 }))).data).toEqual({ message: 'busy' });
    expect(performance.now() - t).toBeGreaterThanOrEqual(15);
    expect((await failure(actions.rest.pulls.get({ ...repo, pull_number: 7 }))).status).toBe(503);
    expect((await actions.rest.pulls.get({ ...repo, pull_number: 7 })).status).toBe(200);
    expect((await actions.rest.pulls.get({ ...repo, pull_number: 8 })).status).toBe(200);
  });
});

describe('OpenAPI conformance of requests', () => {
  it('records a body that does not match the operation schema', async () => {
    const { gh, actions } = await world();
    const err = await failure(actions.request('POST /repos/acme/llm/issues/7/comments', { bdy: 'x' }));
    expect(err.status).toBe(422);
    expect(err.data.message).toMatch(/^Invalid request/);
    expect(gh.state.violations).toEqual([
      {
        kind: 'body',
        method: 'POST',
        path: '/repos/acme/llm/issues/7/comments',
        operationId: 'issues/create-comment',
        messages: ["body must have required property 'body'"],
      },
    ]);
    expect(gh.state.commentsOn('acme/llm', 7)).toEqual([]);
  });

  it('records unknown paths, wrong methods, bad query values, unknown query params and bad path params', async () => {
    const { gh, actions } = await world();
    expect((await failure(actions.request('GET /repos/{owner}/{repo}/perf-triage', repo))).status).toBe(404);
    // Not in the description (GitHub still answers it): the action must use GET /git/ref/{ref}.
    expect(
      (await failure(actions.request('GET /repos/{owner}/{repo}/git/refs/{ref}', { ...repo, ref: 'heads/main' })))
        .status,
    ).toBe(404);
    expect(
      (
        await failure(
          actions.request('PUT /repos/{owner}/{repo}/issues/comments/{comment_id}', {
            ...repo,
            comment_id: 1,
            body: 'x',
          }),
        )
      ).status,
    ).toBe(404);
    expect((await failure(actions.request('GET /repos/acme/llm/pulls', { state: 'merged' }))).status).toBe(422);
    expect((await failure(actions.request('GET /repos/{owner}/{repo}/pulls', { ...repo, perPage: 5 }))).status).toBe(
      422,
    );
    expect((await failure(actions.request('GET /repos/acme/llm/issues/seven/comments'))).status).toBe(422);
    expect(
      (
        await failure(
          actions.request('DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}', {
            ...repo,
            comment_id: 1,
            reason: 'x',
          }),
        )
      ).status,
    ).toBe(422);
    expect(gh.state.violations.map((v) => [v.kind, v.operationId ?? v.path])).toEqual([
      ['unknown-route', '/repos/acme/llm/perf-triage'],
      ['unknown-route', '/repos/acme/llm/git/refs/heads/main'],
      ['unknown-route', '/repos/acme/llm/issues/comments/1'],
      ['query', 'pulls/list'],
      ['query', 'pulls/list'],
      ['path', 'issues/list-comments'],
      ['body', 'issues/delete-comment'],
    ]);
    expect(gh.state.violations[3].messages[0]).toMatch(/state must be equal to one of the allowed values/);
    expect(gh.state.violations[4].messages[0]).toMatch(/'perPage' is not defined/);
    expect(gh.state.violations[2].messages[0]).toMatch(/the path exists, but not for this method/);
  });

  it('records every request with method, path, query, headers, body and status', async () => {
    const { gh, actions } = await world();
    await actions.rest.issues.createComment({ ...repo, issue_number: 7, body: 'hi' });
    await actions.rest.issues.listComments({ ...repo, issue_number: 7, per_page: 5 });
    const [post, get] = gh.requests;
    expect(post).toMatchObject({
      method: 'POST',
      path: '/repos/acme/llm/issues/7/comments',
      body: { body: 'hi' },
      status: 201,
      operationId: 'issues/create-comment',
      template: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
      login: 'github-actions[bot]',
    });
    expect(post.headers['content-type']).toMatch(/^application\/json/);
    expect(get).toMatchObject({ method: 'GET', query: { per_page: '5' }, status: 200, body: undefined });
  });
});
