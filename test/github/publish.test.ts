// The action's GitHub side against the REST emulator (real HTTP, every request checked against
// GitHub's OpenAPI description): one comment kept up to date, races, retries, rate limits, lost
// POSTs, the comment size limit, fork-safe artifact download and PR resolution, check runs.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createClient } from '../../src/github/client';
import { listOurComments, upsertComment, type CommentTarget } from '../../src/github/comments';
import { COMMENT_LIMIT, cutSafely, fitComment } from '../../src/github/fit';
import { marker } from '../../src/github/marker';
import { resolvePullRequest } from '../../src/github/pull-request';
import { downloadArtifact, DEFAULT_ARTIFACT_LIMITS } from '../../src/github/artifact';
import { publishCheck } from '../../src/github/checks';
import { commentAuthors, ACTIONS_BOT } from '../../src/github/identity';
import { InputError } from '../../src/ingest/errors';
import { runDemo } from '../../src/cli/demo';
import { appliedThenBadGateway, secondaryRateLimit, serverError, startEmulator } from './emulator/server';
import { writeZip } from './emulator/zip-writer';

const SHA = 'a'.repeat(40);
const FORK_SHA = 'b'.repeat(40);
const repo = { owner: 'acme', repo: 'llm' };

async function world() {
  const gh = await startEmulator({ validateResponses: true });
  onTestFinished(() => gh.close());
  const s = gh.state;
  s.addRepo({ owner: 'acme', name: 'llm', ownerType: 'Organization', files: { 'README.md': '# llm\n' } });
  s.addActionsToken('ghs_actions');
  s.addActionsToken('ghs_readonly', { readOnly: true });
  s.addUser({ login: 'alice', token: 'ghp_alice' });
  s.addPull('acme/llm', { number: 7, author: 'alice', head: { ref: 'feat', sha: SHA } });
  s.addPull('acme/llm', { number: 8, author: 'mallory', head: { ref: 'patch-1', sha: FORK_SHA, repo: 'mallory/llm' } });
  const client = createClient({ token: 'ghs_actions', baseUrl: gh.url, retryBaseMs: 10 });
  const target: CommentTarget = { ...repo, issueNumber: 7, group: 'llama', authors: [ACTIONS_BOT] };
  return { gh, s, client, target };
}

const noViolations = (gh: { state: { violations: unknown[] } }) => expect(gh.state.violations).toEqual([]);

describe('one comment per pull request and group', () => {
  it('creates, then updates in place; a pasted marker from a user is not ours', async () => {
    const { gh, s, client, target } = await world();
    s.addComment('acme/llm', 7, { author: 'alice', body: `copying the bot ${marker('llama', '5.1')}` });
    const first = await upsertComment(client, target, 'report v1', '1.1');
    expect(first.action).toBe('created');
    const second = await upsertComment(client, target, 'report v2', '2.1');
    expect(second).toMatchObject({ action: 'updated', id: first.id, removed: 0 });
    const comments = s.commentsOn('acme/llm', 7);
    expect(comments.map((c) => c.author)).toEqual(['alice', ACTIONS_BOT]);
    expect(comments[1].body).toContain('report v2');
    expect(comments[1].body).toContain(marker('llama', '2.1'));
    // Another group gets its own comment.
    await upsertComment(client, { ...target, group: 'mistral' }, 'other', '2.1');
    expect(s.commentsOn('acme/llm', 7)).toHaveLength(3);
    noViolations(gh);
  });

  it('finds its comment among 250, paging through every list, and removes older copies', async () => {
    const { gh, s, client, target } = await world();
    for (let i = 0; i < 250; i++)
      s.addComment('acme/llm', 7, {
        author: i % 2 ? 'alice' : 'bob',
        body: i === 120 ? marker('llama', '6.1') : `comment ${i}`,
      });
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: `old\n${marker('llama', '1.1')}` });
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: `older duplicate\n${marker('llama', '1.2')}` });
    const result = await upsertComment(client, target, 'fresh', '3.1');
    expect(result).toMatchObject({ action: 'updated', removed: 1 });
    const ours = (await listOurComments(client, target)).map((c) => c.body);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toContain('fresh');
    expect(gh.calls('issues/list-comments').filter((r) => r.query.page === '3').length).toBeGreaterThan(0);
    noViolations(gh);
  });

  it('leaves exactly one comment when two runs race', async () => {
    const { gh, s, client, target } = await world();
    const other = createClient({ token: 'ghs_actions', baseUrl: gh.url, retryBaseMs: 10 });
    await Promise.all([
      upsertComment(client, target, 'run A', '101.1'),
      upsertComment(other, target, 'run B', '102.1'),
    ]);
    const ours = s.commentsOn('acme/llm', 7).filter((c) => c.author === ACTIONS_BOT);
    expect(ours).toHaveLength(1);
    expect(ours[0].body).toMatch(/run [AB]/);
    noViolations(gh);
  });

  it('retries a 500, waits out a secondary rate limit, and never posts twice when the answer to a POST is lost', async () => {
    const { gh, s, client, target } = await world();
    gh.faults.push(serverError({ method: 'GET', path: '/repos/{owner}/{repo}/issues/{issue_number}/comments' }));
    gh.faults.push(
      secondaryRateLimit({ method: 'GET', path: '/repos/{owner}/{repo}/issues/{issue_number}/comments' }, 1),
    );
    gh.faults.push(
      appliedThenBadGateway({ method: 'POST', path: '/repos/{owner}/{repo}/issues/{issue_number}/comments' }),
    );
    const result = await upsertComment(client, target, 'report', '4.1');
    expect(result.action).toBe('created');
    expect(s.commentsOn('acme/llm', 7).filter((c) => c.author === ACTIONS_BOT)).toHaveLength(1);
    expect(gh.calls('issues/create-comment')).toHaveLength(1);
    const statuses = gh.calls('issues/list-comments').map((r) => r.status);
    expect(statuses.slice(0, 3)).toEqual([500, 403, 200]);
    noViolations(gh);
  });

  it('knows whose comments are ours: the token asks GitHub, the Actions token cannot', async () => {
    const { gh } = await world();
    expect(await commentAuthors(createClient({ token: 'ghp_alice', baseUrl: gh.url }), undefined)).toEqual(['alice']);
    expect(await commentAuthors(createClient({ token: 'ghs_actions', baseUrl: gh.url }), undefined)).toEqual([
      ACTIONS_BOT,
    ]);
    expect(await commentAuthors(createClient({ token: 'ghs_actions', baseUrl: gh.url }), 'my-app[bot]')).toEqual([
      'my-app[bot]',
    ]);
  });
});

describe("the comment fits GitHub's limit", () => {
  it('GitHub refuses a body over 65,536 characters, and a huge report is re-rendered to fit', async () => {
    const { gh, client, target } = await world();
    const tooLong = await client.rest.issues
      .createComment({ ...repo, issue_number: 7, body: 'x'.repeat(COMMENT_LIMIT + 1) })
      .catch((e) => e);
    expect(tooLong.status).toBe(422);
    const report = await runDemo({});
    // A hundred benchmarks with long caveats: far over the limit in full.
    const huge = {
      ...report,
      benchmarks: Array.from({ length: 100 }, (_, i) => ({
        ...report.benchmarks[0],
        name: `bench-${i}`,
        caveats: [...report.benchmarks[0].caveats, { kind: 'input-warning' as const, message: 'x'.repeat(400) }],
      })),
    };
    const fitted = fitComment(huge, { reserve: 200, summaryUrl: 'https://github.com/acme/llm/actions/runs/1' });
    expect(fitted.body.length).toBeLessThanOrEqual(COMMENT_LIMIT - 200);
    expect(fitted.truncated).toBe(true);
    expect(fitted.body).toContain('the rest is in the [job summary](https://github.com/acme/llm/actions/runs/1)');
    await upsertComment(client, target, fitted.body, '5.1');
    noViolations(gh);
  });

  it('never cuts inside a details block, a code fence or between a table header and its rows', () => {
    const text = [
      '# t',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      '<details>',
      '',
      'inside',
      '',
      '</details>',
      '',
      '```',
      'code',
      '```',
      '',
      'end',
    ].join('\n');
    for (let max = 1; max <= text.length; max++) {
      const cut = cutSafely(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect((cut.match(/<details>/g) ?? []).length).toBe((cut.match(/<\/details>/g) ?? []).length);
      expect((cut.match(/```/g) ?? []).length % 2).toBe(0);
      expect(cut.endsWith('|---|---|')).toBe(false);
    }
  });
});

describe('fork-safe mode', () => {
  it('finds the PR of a same-repository run, and of a fork run that lists no pull requests', async () => {
    const { gh, s, client } = await world();
    const run = s.addWorkflowRun('acme/llm', { headBranch: 'feat', headSha: SHA });
    const forkRun = s.addWorkflowRun('acme/llm', {
      headBranch: 'patch-1',
      headSha: FORK_SHA,
      headRepository: 'mallory/llm',
    });
    const same = await resolvePullRequest(client, repo, run.id);
    expect('pull' in same && same.pull.number).toBe(7);
    const fork = await resolvePullRequest(client, repo, forkRun.id);
    expect('pull' in fork && fork.pull.number).toBe(8);
    // The fork pushed again after the benchmark ran: its run no longer matches an open PR's head.
    const stale = s.addWorkflowRun('acme/llm', {
      headBranch: 'patch-1',
      headSha: 'c'.repeat(40),
      headRepository: 'mallory/llm',
    });
    expect(await resolvePullRequest(client, repo, stale.id)).toMatchObject({
      skip: expect.stringMatching(/no open pull request has head mallory\/llm:patch-1 at ccccccc/),
    });
    noViolations(gh);
  });

  it('downloads only the named artifact, refuses an expired or oversized one, and ignores what the artifact claims', async () => {
    const { gh, s, client } = await world();
    const forkRun = s.addWorkflowRun('acme/llm', {
      headBranch: 'patch-1',
      headSha: FORK_SHA,
      headRepository: 'mallory/llm',
    });
    // The fork's workflow wrote a file that names another PR; nothing reads it for that.
    s.addArtifact(forkRun.id, {
      name: 'perf-triage-results',
      files: { 'head.jsonl': '{"first_token_ms": 1, "total_ms": 2}\n', 'pr.json': '{"pull_request": 7}' },
    });
    s.addArtifact(forkRun.id, { name: 'perf-triage-results-old', files: { x: '1' }, expired: true });
    const files = await downloadArtifact(client, repo, forkRun.id, 'perf-triage-results', DEFAULT_ARTIFACT_LIMITS);
    expect(files.map((f) => f.name).sort()).toEqual(['head.jsonl', 'pr.json']);
    const resolved = await resolvePullRequest(client, repo, forkRun.id);
    expect('pull' in resolved && resolved.pull.number).toBe(8);
    await expect(
      downloadArtifact(client, repo, forkRun.id, 'perf-triage-results-old', DEFAULT_ARTIFACT_LIMITS),
    ).rejects.toThrow(/expired/);
    await expect(
      downloadArtifact(client, repo, forkRun.id, 'perf-triage-results', {
        ...DEFAULT_ARTIFACT_LIMITS,
        maxArchiveBytes: 10,
      }),
    ).rejects.toThrow(/over the 10-byte limit/);
    await expect(downloadArtifact(client, repo, forkRun.id, 'nope', DEFAULT_ARTIFACT_LIMITS)).rejects.toBeInstanceOf(
      InputError,
    );
    noViolations(gh);
  });

  it('refuses an archive that tries path traversal', async () => {
    const { s, client } = await world();
    const run = s.addWorkflowRun('acme/llm', { headBranch: 'feat', headSha: SHA });
    s.addArtifact(run.id, {
      name: 'evil',
      zip: writeZip([{ name: '../../.github/workflows/x.yml', data: 'on: push' }]),
    });
    await expect(downloadArtifact(client, repo, run.id, 'evil', DEFAULT_ARTIFACT_LIMITS)).rejects.toThrow(/refused/);
  });

  it('puts the outcome on the PR head as one check run, updated on a re-run', async () => {
    const { gh, client } = await world();
    const outcome = {
      name: 'perf-triage',
      headSha: FORK_SHA,
      conclusion: 'failure' as const,
      title: 'TTFT p95 regressed',
      summary: '### report',
      externalId: 'perf-triage:llama:42',
    };
    const first = await publishCheck(client, repo, outcome);
    const again = await publishCheck(client, repo, { ...outcome, conclusion: 'success', title: 'accepted' });
    expect(again.id).toBe(first.id);
    const { data } = await client.rest.checks.listForRef({ ...repo, ref: FORK_SHA });
    expect(data.check_runs).toHaveLength(1);
    expect(data.check_runs[0]).toMatchObject({ conclusion: 'success', output: { title: 'accepted' } });
    noViolations(gh);
  });
});
