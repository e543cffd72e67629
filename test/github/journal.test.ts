// The performance journal on GitHub, against the REST emulator (real HTTP, every request and answer
// checked against GitHub's OpenAPI description): /perf accept (permission, edits, bots, stale SHA,
// help), the outcome turning green, record mode (one atomic commit, idempotent, ten concurrent
// writers, protected branch, data branch), and the two remote baselines (journal digest, artifact).
import { readFileSync } from 'node:fs';
import { Octokit } from 'octokit';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { loadSide } from '../../src/io/load-side';
import { triage } from '../../src/report/triage';
import { pairBenchmarks } from '../../src/report/groups';
import type { Report } from '../../src/report/model';
import type { Side } from '../../src/model/run';
import { createClient, type GitHubClient } from '../../src/github/client';
import { findAcceptance, handleCommentCommand, type CommentEvent } from '../../src/github/acceptance';
import { marker } from '../../src/github/marker';
import { ACTIONS_BOT } from '../../src/github/identity';
import { recordResults, type RecordRequest } from '../../src/github/record';
import { CommitError } from '../../src/github/git-commit';
import { latestBaselineArtifact } from '../../src/github/baseline-artifact';
import { DEFAULT_ARTIFACT_LIMITS } from '../../src/github/artifact';
import { journalBaseline } from '../../src/action/baseline';
import { runCommand } from '../../src/action/command-mode';
import { journalPaths } from '../../src/journal/paths';
import { parseJournal } from '../../src/journal/jsonl';
import { renderJournal } from '../../src/journal/markdown';
import { HELP } from '../../src/journal/commands';
import { InputError } from '../../src/ingest/errors';
import { serverError, startEmulator, type Emulator } from './emulator/server';

const SHA = 'a'.repeat(40);
const NEW_SHA = 'c'.repeat(40);
const repo = { owner: 'acme', repo: 'llm' };
const GROUP = 'llama-8b-serving';
const paths = journalPaths('.perf-triage');

async function world() {
  const gh = await startEmulator({ validateResponses: true });
  onTestFinished(() => gh.close());
  const s = gh.state;
  s.addRepo({ owner: 'acme', name: 'llm', ownerType: 'Organization', files: { 'README.md': '# llm\n' } });
  s.addActionsToken('ghs_actions');
  s.setPermission('acme/llm', 'maria', 'maintain');
  s.setPermission('acme/llm', 'wes', 'write');
  s.setPermission('acme/llm', 'rita', 'read');
  s.addPull('acme/llm', { number: 7, author: 'alice', title: 'Bigger batches', head: { ref: 'feat', sha: SHA } });
  const client = unthrottled(gh);
  const git = s.requireRepo('acme/llm').git;
  const fileAt = (branch: string, path: string) => {
    const head = git.refs.get(`refs/heads/${branch}`);
    if (!head) return undefined;
    const entry = git.lookup(git.commit(head)!.tree, path);
    return entry?.type === 'blob' ? Buffer.from(git.blob(entry.sha)!.data).toString('utf8') : undefined;
  };
  return { gh, s, client, git, fileAt };
}

/**
 * Without the throttling plugin: its write limiter is shared by every client in one process, which
 * would put writes of "separate runs" 1 s apart (separate runs are separate processes on GitHub).
 */
const unthrottled = (gh: Emulator): GitHubClient =>
  new Octokit({
    auth: 'ghs_actions',
    baseUrl: gh.url,
    retry: { retries: 3, retryAfterBaseValue: 10 },
    throttle: { enabled: false },
  });

const noViolations = (gh: Emulator) => expect(gh.state.violations).toEqual([]);

let demoCache: Promise<{ base: Side; head: Side; report: Report }> | undefined;
function demo() {
  demoCache ??= (async () => {
    const base = await loadSide('base', ['examples/demo/base.jsonl'], { maxBadLineRatio: 0.05 });
    const head = await loadSide('head', ['examples/demo/head.jsonl'], { maxBadLineRatio: 0.05 });
    return { base, head, report: triage(base, head, buildConfig({ slos: ['ttft p95 < 800ms'] })) };
  })();
  return demoCache;
}

function commentEvent(body: string, user = 'maria', overrides: Partial<CommentEvent> = {}): CommentEvent {
  return {
    action: 'created',
    issueNumber: 7,
    isPullRequest: true,
    comment: {
      id: 555,
      body,
      user,
      userType: 'User',
      createdAt: '2026-11-29T10:00:00Z',
      updatedAt: '2026-11-29T10:00:00Z',
      url: 'https://github.com/acme/llm/pull/7#issuecomment-555',
    },
    ...overrides,
  };
}

const options = { group: GROUP, authors: [ACTIONS_BOT], now: '2026-11-29T10:00:05Z' };
const reportComment = (sha = SHA, stamp = '9001.1') =>
  `### 🔴 perf-triage · ${GROUP}: TTFT p95 regressed\n${marker(GROUP, stamp, sha)}`;

describe('/perf accept', () => {
  it('accepts for the reported commit when a maintainer asks, answers with the record, and a later run finds it', async () => {
    const { gh, s, client } = await world();
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: reportComment() });
    const outcome = await handleCommentCommand(
      client,
      repo,
      commentEvent('/perf accept batch 64 trades 12% TTFT for 2x throughput effort: 2 days\nmore words'),
      options,
    );
    expect(outcome).toMatchObject({
      kind: 'accepted',
      acceptance: { by: 'maria', reason: 'batch 64 trades 12% TTFT for 2x throughput', effort: '2 days', sha: SHA },
    });
    const answer = s.commentsOn('acme/llm', 7).at(-1)!;
    expect(answer.author).toBe(ACTIONS_BOT);
    expect(answer.body).toContain('✅ Regression accepted by @maria for `aaaaaaa`');
    expect(answer.body).toContain('(effort: 2 days)');
    const found = await findAcceptance(client, { repo, issueNumber: 7, group: GROUP, authors: [ACTIONS_BOT] }, SHA);
    expect(found).toMatchObject({
      by: 'maria',
      effort: '2 days',
      sha: SHA,
      commentUrl: 'https://github.com/acme/llm/pull/7#issuecomment-555',
    });
    // Bound to the commit: another SHA has no acceptance.
    expect(
      await findAcceptance(client, { repo, issueNumber: 7, group: GROUP, authors: [ACTIONS_BOT] }, NEW_SHA),
    ).toBeUndefined();
    noViolations(gh);
  });

  it('without a group, accepts every group reported for this commit, and only those', async () => {
    const { gh, s, client } = await world();
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: reportComment() });
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: `### mistral\n${marker('Mistral 7B', '9001.1', SHA)}` });
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: `### old\n${marker('qwen', '8000.1', 'd'.repeat(40))}` });
    const outcome = await handleCommentCommand(client, repo, commentEvent('/perf accept both fine'), {
      authors: [ACTIONS_BOT],
      now: options.now,
    });
    expect(outcome.kind).toBe('accepted');
    const find = (group: string) =>
      findAcceptance(client, { repo, issueNumber: 7, group, authors: [ACTIONS_BOT] }, SHA);
    expect((await find(GROUP))?.by).toBe('maria');
    expect((await find('Mistral 7B'))?.by).toBe('maria');
    expect(await find('qwen')).toBeUndefined();
    noViolations(gh);
  });

  it('a pasted acceptance marker from a user counts for nothing', async () => {
    const { gh, s, client } = await world();
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: reportComment() });
    await handleCommentCommand(client, repo, commentEvent('/perf accept ok'), options);
    const genuine = s.commentsOn('acme/llm', 7).at(-1)!.body;
    const forged = genuine.replace('maria', 'mallory');
    s.addComment('acme/llm', 7, { author: 'mallory', body: forged });
    expect(
      (await findAcceptance(client, { repo, issueNumber: 7, group: GROUP, authors: [ACTIONS_BOT] }, SHA))?.by,
    ).toBe('maria');
    noViolations(gh);
  });

  it('escapes the reason: no mention, no HTML, no link', async () => {
    const { gh, s, client } = await world();
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: reportComment() });
    await handleCommentCommand(
      client,
      repo,
      commentEvent('/perf accept ping @acme/everyone <img src=x> see https://evil.example'),
      options,
    );
    const answer = s.commentsOn('acme/llm', 7).at(-1)!.body;
    expect(answer).not.toMatch(/@acme\/everyone/);
    expect(answer).toContain('\\<img src=x\\>');
    expect(answer).not.toMatch(/(?<!\\)<img/);
    expect(answer).not.toContain('https://evil.example');
    noViolations(gh);
  });

  it('ignores read-only users, edited comments, bots, issues and comments without a command, without a word', async () => {
    const { gh, s, client } = await world();
    s.addUser({ login: 'stranger' });
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: reportComment() });
    const cases: [CommentEvent, RegExp][] = [
      [commentEvent('/perf accept', 'rita'), /rita has read permission/],
      [commentEvent('/perf accept', 'stranger'), /stranger has read permission/],
      [commentEvent('/perf accept', 'maria', { action: 'edited' }), /comment edited/],
      [
        {
          ...commentEvent('/perf accept', 'renovate[bot]'),
          comment: { ...commentEvent('').comment, body: '/perf accept', user: 'renovate[bot]', userType: 'Bot' },
        },
        /bot/,
      ],
      [commentEvent('/perf accept', 'maria', { isPullRequest: false }), /not a pull request/],
      [commentEvent('looks good, /perf accept later'), /no \/perf command/],
    ];
    for (const [event, why] of cases) {
      const outcome = await handleCommentCommand(client, repo, event, options);
      expect(outcome.kind).toBe('ignored');
      expect((outcome as { why: string }).why).toMatch(why);
    }
    expect(s.commentsOn('acme/llm', 7)).toHaveLength(1);
    noViolations(gh);
  });

  it('denies, and says so, when the permission check fails', async () => {
    const { gh, s, client } = await world();
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: reportComment() });
    gh.faults.push(
      serverError({
        method: 'GET',
        path: '/repos/{owner}/{repo}/collaborators/{username}/permission',
        times: Infinity,
      }),
    );
    const outcome = await handleCommentCommand(client, repo, commentEvent('/perf accept'), options);
    expect(outcome).toMatchObject({
      kind: 'denied',
      why: expect.stringMatching(/permission check failed \(HTTP 5\d\d\)/),
    });
    expect(s.commentsOn('acme/llm', 7).at(-1)!.body).toMatch(/^Not accepted: the permission check failed/);
    expect(
      await findAcceptance(client, { repo, issueNumber: 7, group: GROUP, authors: [ACTIONS_BOT] }, SHA),
    ).toBeUndefined();
  });

  it('refuses a stale acceptance: the pull request moved after the report', async () => {
    const { gh, s, client } = await world();
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: reportComment('d'.repeat(40)) });
    const outcome = await handleCommentCommand(client, repo, commentEvent('/perf accept'), options);
    expect(outcome).toMatchObject({ kind: 'stale', reported: 'd'.repeat(40), head: SHA });
    expect(s.commentsOn('acme/llm', 7).at(-1)!.body).toBe(
      'Not accepted: the report is for `ddddddd`, but the pull request is now at `aaaaaaa`. Wait for the new report, then accept it.\n<!-- perf-triage:answer comment=555 -->',
    );
    noViolations(gh);
  });

  it('refuses when there is no report yet', async () => {
    const { gh, s, client } = await world();
    expect(await handleCommentCommand(client, repo, commentEvent('/perf accept'), options)).toMatchObject({
      kind: 'stale',
    });
    expect(s.commentsOn('acme/llm', 7).at(-1)!.body).toBe(
      'Not accepted: there is no perf-triage report on this pull request yet.\n<!-- perf-triage:answer comment=555 -->',
    );
    noViolations(gh);
  });

  it('/perf help lists the commands; an unknown verb gets the list too; both only for users who may accept', async () => {
    const { gh, s, client } = await world();
    expect(await handleCommentCommand(client, repo, commentEvent('/perf help', 'rita'), options)).toMatchObject({
      kind: 'ignored',
      why: 'rita has read permission',
    });
    expect(s.commentsOn('acme/llm', 7)).toHaveLength(0);
    expect(await handleCommentCommand(client, repo, commentEvent('/perf help', 'wes'), options)).toEqual({
      kind: 'help',
    });
    expect(s.commentsOn('acme/llm', 7).at(-1)!.body).toBe(`${HELP}\n<!-- perf-triage:answer comment=555 -->`);
    await handleCommentCommand(
      client,
      repo,
      commentEvent('/perf rollback `now`', 'maria', {
        comment: { ...commentEvent('').comment, id: 556, body: '/perf rollback `now`' },
      }),
      options,
    );
    expect(s.commentsOn('acme/llm', 7).at(-1)!.body).toMatch(/^Unknown command `\/perf rollback ˋnowˋ`\./);
    noViolations(gh);
  });

  it('answers each comment once: a replayed event finds the first answer', async () => {
    const { gh, s, client } = await world();
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: reportComment() });
    expect((await handleCommentCommand(client, repo, commentEvent('/perf accept ok'), options)).kind).toBe('accepted');
    expect(await handleCommentCommand(client, repo, commentEvent('/perf accept ok'), options)).toEqual({
      kind: 'ignored',
      why: 'comment 555 was answered already',
    });
    // A user's comment that quotes the answer marker does not count as an answer.
    s.addComment('acme/llm', 7, { author: 'wes', body: 'quoting\n<!-- perf-triage:answer comment=557 -->' });
    expect(
      (
        await handleCommentCommand(
          client,
          repo,
          commentEvent('/perf help', 'maria', {
            comment: { ...commentEvent('').comment, id: 557, body: '/perf help' },
          }),
          options,
        )
      ).kind,
    ).toBe('help');
    expect(s.commentsOn('acme/llm', 7).filter((c) => c.author === ACTIONS_BOT)).toHaveLength(3);
    noViolations(gh);
  });

  it('binds to the report the comment answered: one updated after the comment was written is refused', async () => {
    const { gh, s, client } = await world();
    s.addComment('acme/llm', 7, {
      author: ACTIONS_BOT,
      body: reportComment(),
      createdAt: '2026-11-29T09:00:00Z',
      updatedAt: '2026-11-29T10:00:01Z',
    });
    const outcome = await handleCommentCommand(client, repo, commentEvent('/perf accept'), options);
    expect(outcome).toMatchObject({ kind: 'stale', head: SHA });
    expect(s.commentsOn('acme/llm', 7).at(-1)!.body).toMatch(
      /^Not accepted: the report changed after this comment was written \(it is now for `aaaaaaa`\)/,
    );
    expect(
      await findAcceptance(client, { repo, issueNumber: 7, group: GROUP, authors: [ACTIONS_BOT] }, SHA),
    ).toBeUndefined();
    // The same second is not "after".
    const same = await handleCommentCommand(
      client,
      repo,
      commentEvent('/perf accept', 'maria', {
        comment: { ...commentEvent('').comment, id: 558, body: '/perf accept', createdAt: '2026-11-29T10:00:01Z' },
      }),
      options,
    );
    expect(same.kind).toBe('accepted');
    noViolations(gh);
  });

  it('reads only the markers a bot comment ends with: a forged report marker above them is text', async () => {
    const { gh, s, client } = await world();
    const forged = `<!-- perf-triage:comment group=${GROUP} stamp=77.1 sha=${NEW_SHA} -->`;
    s.addComment('acme/llm', 7, {
      author: ACTIONS_BOT,
      body: `### report\nconfig note: ${forged}\n${marker(GROUP, '9001.1', SHA)}\n`,
    });
    s.pull('acme/llm', 7)!.head.sha = NEW_SHA;
    expect(await handleCommentCommand(client, repo, commentEvent('/perf accept'), options)).toMatchObject({
      kind: 'stale',
      reported: SHA,
      head: NEW_SHA,
    });
    noViolations(gh);
  });
});

describe('the outcome turns green', () => {
  const payload = (body: string) => ({
    action: 'created',
    issue: { number: 7, pull_request: { url: 'x' } },
    comment: {
      id: 555,
      body,
      user: { login: 'wes', type: 'User' },
      created_at: '2026-11-29T10:00:00Z',
      updated_at: '2026-11-29T10:00:00Z',
      html_url: 'https://github.com/acme/llm/pull/7#issuecomment-555',
    },
  });
  const context = (gh: Emulator, body: string) => ({
    eventName: 'issue_comment',
    repository: repo,
    apiUrl: gh.url,
    serverUrl: 'https://github.com',
    runId: 9100,
    runAttempt: 1,
    sha: SHA,
    payload: payload(body),
  });

  it('workflow_run mode: the failed check run on that commit becomes a success', async () => {
    const { gh, s } = await world();
    const client = createClient({ token: 'ghs_actions', baseUrl: gh.url, retryBaseMs: 10 });
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: reportComment() });
    const { data: check } = await client.rest.checks.create({
      ...repo,
      name: 'perf-triage',
      head_sha: SHA,
      status: 'completed',
      conclusion: 'failure',
      output: { title: 'regressed', summary: 'x' },
    });
    await runCommand(client, context(gh, '/perf accept known cost'), {
      group: GROUP,
      authors: [ACTIONS_BOT],
      checkName: 'perf-triage',
    });
    expect(s.checkRuns.get(check.id)).toMatchObject({ conclusion: 'success' });
    expect(s.commentsOn('acme/llm', 7).at(-1)!.body).toContain('The "perf-triage" check is now green.');
    noViolations(gh);
  }, 20_000);

  it('pull_request mode: the failed jobs of the run that reported it are re-run', async () => {
    const { gh, s } = await world();
    const client = createClient({ token: 'ghs_actions', baseUrl: gh.url, retryBaseMs: 10 });
    const reporting = s.addWorkflowRun('acme/llm', { headBranch: 'feat', headSha: SHA, conclusion: 'failure' });
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: reportComment(SHA, `${reporting.id}.1`) });
    await runCommand(client, context(gh, '/perf accept known cost'), {
      group: GROUP,
      authors: [ACTIONS_BOT],
      checkName: 'perf-triage',
    });
    expect(gh.calls('actions/re-run-workflow-failed-jobs')).toHaveLength(1);
    expect(s.runs.get(reporting.id)).toMatchObject({ runAttempt: 2, status: 'queued' });
    const answer = s.commentsOn('acme/llm', 7).at(-1)!.body;
    expect(answer).toContain(
      `Re-running the failed jobs of [the run](https://github.com/acme/llm/actions/runs/${reporting.id})`,
    );
    // The marker is in the answer from the first write, before anything re-runs.
    expect(gh.calls('issues/create-comment')[0].body).toMatchObject({
      body: expect.stringContaining('<!-- perf-triage:accept'),
    });
    noViolations(gh);
  }, 20_000);
});

describe('the outcome turns green only through the run that reported', () => {
  const context = (gh: Emulator) => ({
    eventName: 'issue_comment',
    repository: repo,
    apiUrl: gh.url,
    serverUrl: 'https://github.com',
    runId: 9100,
    runAttempt: 1,
    sha: SHA,
    payload: {
      action: 'created',
      issue: { number: 7, pull_request: { url: 'x' } },
      comment: {
        id: 555,
        body: '/perf accept ok',
        user: { login: 'wes', type: 'User' },
        created_at: '2026-11-29T10:00:00Z',
        updated_at: '2026-11-29T10:00:00Z',
        html_url: 'https://github.com/acme/llm/pull/7#issuecomment-555',
      },
    },
  });

  it('a run of another commit, another event or another workflow is never re-run', async () => {
    const cases = [
      {
        run: { headBranch: 'feat', headSha: NEW_SHA, conclusion: 'failure' },
        workflow: undefined,
        why: /ran on ccccccc, not on the accepted aaaaaaa/,
      },
      {
        run: { headBranch: 'main', headSha: SHA, conclusion: 'failure', event: 'push' },
        workflow: undefined,
        why: /came from a push event/,
      },
      {
        run: { headBranch: 'feat', headSha: SHA, conclusion: 'failure', path: '.github/workflows/deploy.yml' },
        workflow: '.github/workflows/bench.yml',
        why: /is a run of \.github\/workflows\/deploy\.yml, not of \.github\/workflows\/bench\.yml/,
      },
    ];
    for (const c of cases) {
      const { gh, s } = await world();
      const client = createClient({ token: 'ghs_actions', baseUrl: gh.url, retryBaseMs: 10 });
      const run = s.addWorkflowRun('acme/llm', c.run);
      s.addComment('acme/llm', 7, {
        author: ACTIONS_BOT,
        body: `### report\n${marker(GROUP, `${run.id}.1`, SHA, c.workflow)}`,
      });
      const warnings: string[] = [];
      const original = process.stdout.write.bind(process.stdout);
      process.stdout.write = ((chunk: string) => (warnings.push(String(chunk)), true)) as typeof process.stdout.write;
      try {
        await runCommand(client, context(gh), { group: GROUP, authors: [ACTIONS_BOT], checkName: 'perf-triage' });
      } finally {
        process.stdout.write = original;
      }
      expect(gh.calls('actions/re-run-workflow-failed-jobs')).toHaveLength(0);
      expect(warnings.join('')).toMatch(c.why);
      noViolations(gh);
    }
    // The run that reported, of the workflow its marker names, is re-run.
    const { gh, s } = await world();
    const client = createClient({ token: 'ghs_actions', baseUrl: gh.url, retryBaseMs: 10 });
    const run = s.addWorkflowRun('acme/llm', {
      headBranch: 'feat',
      headSha: SHA,
      conclusion: 'failure',
      path: '.github/workflows/bench.yml',
    });
    s.addComment('acme/llm', 7, {
      author: ACTIONS_BOT,
      body: `### report\n${marker(GROUP, `${run.id}.1`, SHA, '.github/workflows/bench.yml')}`,
    });
    await runCommand(client, context(gh), { group: GROUP, authors: [ACTIONS_BOT], checkName: 'perf-triage' });
    expect(gh.calls('actions/re-run-workflow-failed-jobs')).toHaveLength(1);
  }, 30_000);
});

function recordRequest(
  client: GitHubClient,
  report: Report,
  heads: Side[],
  overrides: Partial<RecordRequest> = {},
): RecordRequest {
  return {
    client,
    repo,
    branch: 'main',
    paths,
    report,
    heads,
    runId: '9200',
    recordedAt: '2026-11-29T12:00:00.000Z',
    commit: SHA,
    runUrl: 'https://github.com/acme/llm/actions/runs/9200',
    pullRequest: { number: 7, title: 'Bigger batches', url: 'https://github.com/acme/llm/pull/7' },
    firstBaseline: new Set(),
    retry: { backoff: { baseMs: 5, maxMs: 100 } },
    ...overrides,
  };
}

describe('record mode', () => {
  it('appends the entry, renders the journal and moves the baseline in one commit; a regression merged unaccepted is flagged', async () => {
    const { gh, git, client, fileAt } = await world();
    const { report, base, head } = await demo();
    const heads = pairBenchmarks(base, head).pairs.map((p) => p.head);
    const before = git.refs.get('refs/heads/main');
    const result = await recordResults(recordRequest(client, report, heads));
    expect(result.commit).toMatch(/^[0-9a-f]{40}$/);
    const commit = git.commit(git.refs.get('refs/heads/main')!)!;
    expect(commit.parents).toEqual([before]);
    expect(commit.message).toMatch(/^perf-triage: record llama-8b-serving \(regressed\)\n\nPerf-Triage-Run: 9200/);
    const { entries, issues } = parseJournal(fileAt('main', paths.jsonl)!, paths.jsonl);
    expect(issues).toEqual([]);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'unaccepted-regression',
      benchmark: GROUP,
      commit: SHA,
      pullRequest: { number: 7 },
      verdict: 'regressed',
    });
    expect(Object.keys(entries[0].phases ?? {})).toEqual(expect.arrayContaining(['queue_wait', 'prefill', 'decode']));
    const markdown = fileAt('main', paths.markdown)!;
    expect(markdown).toBe(renderJournal(entries));
    expect(markdown).toContain('⚠️ **merged without acceptance**');
    expect(JSON.parse(fileAt('main', paths.baseline(GROUP))!)).toMatchObject({
      schema: 'perf-triage/baseline@1',
      benchmark: GROUP,
      commit: SHA,
    });
    noViolations(gh);
  });

  it('journals the acceptance (who, reason, effort) of the merged pull request', async () => {
    const { client, fileAt } = await world();
    const { report, base, head } = await demo();
    const heads = pairBenchmarks(base, head).pairs.map((p) => p.head);
    const acceptance = {
      by: 'maria',
      reason: 'bigger batches, by design',
      effort: '2 days',
      sha: SHA,
      at: '2026-11-29T10:00:05Z',
    };
    await recordResults(recordRequest(client, report, heads, { acceptance }));
    const [entry] = parseJournal(fileAt('main', paths.jsonl)!, paths.jsonl).entries;
    expect(entry).toMatchObject({ kind: 'accepted', effort: '2 days', acceptance });
    expect(fileAt('main', paths.markdown)).toContain('✅ accepted by maria:<br>bigger batches, by design');
  });

  it('is idempotent: the same run recorded twice appends once', async () => {
    const { s, git, client, fileAt } = await world();
    const { report, base, head } = await demo();
    const heads = pairBenchmarks(base, head).pairs.map((p) => p.head);
    await recordResults(recordRequest(client, report, heads));
    const sha = git.refs.get('refs/heads/main');
    // A re-run of the same run: its commit is already there.
    const again = await recordResults(recordRequest(client, report, heads));
    expect(again).toMatchObject({ skipped: 'already recorded by this run', commit: sha });
    // The journal already holds the entry (a commit on top since): nothing new either.
    s.commitFiles('acme/llm', 'main', { 'src/x.py': 'x\n' });
    const later = await recordResults(recordRequest(client, report, heads));
    expect(later.skipped).toBe('already in the journal');
    expect(parseJournal(fileAt('main', paths.jsonl)!, paths.jsonl).entries).toHaveLength(1);
  });

  it('ten concurrent writers leave ten entries and a markdown journal that matches the JSONL', async () => {
    const { gh, git, fileAt } = await world();
    const { report, base, head } = await demo();
    const heads = pairBenchmarks(base, head).pairs.map((p) => p.head);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        recordResults(
          recordRequest(unthrottled(gh), report, heads, {
            runId: `93${i.toString().padStart(2, '0')}`,
            recordedAt: `2026-11-29T12:00:${String(i).padStart(2, '0')}.000Z`,
            retry: { maxAttempts: 30, backoff: { baseMs: 5, maxMs: 200 } },
          }),
        ),
      ),
    );
    expect(results.every((r) => r.commit)).toBe(true);
    const { entries } = parseJournal(fileAt('main', paths.jsonl)!, paths.jsonl);
    expect(entries.map((e) => e.id).sort()).toEqual(
      Array.from({ length: 10 }, (_, i) => `93${i.toString().padStart(2, '0')}:${GROUP}`),
    );
    expect(fileAt('main', paths.markdown)).toBe(renderJournal(entries));
    // Linear history: ten commits on top of the seed commit.
    let count = 0;
    for (let sha = git.refs.get('refs/heads/main'); sha; sha = git.commit(sha)!.parents[0]) count++;
    expect(count).toBe(11);
    noViolations(gh);
  }, 60_000);

  it('a protected branch gives an actionable error; a data branch is created and used instead', async () => {
    const { s, client, fileAt } = await world();
    const { report, base, head } = await demo();
    const heads = pairBenchmarks(base, head).pairs.map((p) => p.head);
    s.protectBranch('acme/llm', 'main');
    const error = await recordResults(recordRequest(client, report, heads)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CommitError);
    expect((error as Error).message).toMatch(/protected/i);
    expect((error as Error).message).toMatch(/journal-branch|data branch/);
    const onData = await recordResults(recordRequest(client, report, heads, { branch: 'perf-data' }));
    expect(onData.commit).toBeDefined();
    expect(parseJournal(fileAt('perf-data', paths.jsonl)!, paths.jsonl).entries).toHaveLength(1);
    expect(fileAt('main', paths.jsonl)).toBeUndefined();
  });
});

describe('remote baselines', () => {
  it('baseline: journal reads the digest from the branch and compares like the raw baseline', async () => {
    const { client } = await world();
    const { report, base, head } = await demo();
    // The first recording: the base run is the baseline.
    const baseHeads = pairBenchmarks(base, base).pairs.map((p) => p.head);
    const self = triage(base, base, buildConfig({}));
    await recordResults(recordRequest(client, self, baseHeads, { firstBaseline: new Set([GROUP]) }));
    const found = await journalBaseline(client, repo, 'main', paths, head);
    expect(found.missing).toEqual([]);
    const viaDigest = triage(found.side, head, buildConfig({ slos: ['ttft p95 < 800ms'] }));
    const [d, r] = [viaDigest.benchmarks[0], report.benchmarks[0]];
    expect(d.metrics.map((m) => m.verdict)).toEqual(r.metrics.map((m) => m.verdict));
    expect(d.findings.map((f) => f.hint)).toEqual(r.findings.map((f) => f.hint));
    const missing = await journalBaseline(client, repo, 'main', paths, {
      ...head,
      runs: head.runs.map((run) => ({ ...run, meta: { ...run.meta, benchmark: 'mistral' } })),
    });
    expect(missing.missing).toEqual(['mistral']);
  });

  it('baseline: artifact takes the newest successful base-branch run of the same workflow with an unexpired artifact', async () => {
    const { gh, s, client } = await world();
    const results = readFileSync('examples/demo/base.jsonl', 'utf8');
    const old = s.addWorkflowRun('acme/llm', { event: 'push', headBranch: 'main', headSha: 'e'.repeat(40) });
    s.addArtifact(old.id, { name: 'perf-triage-results', files: { 'results.jsonl': results } });
    const expired = s.addWorkflowRun('acme/llm', { event: 'push', headBranch: 'main', headSha: 'f'.repeat(40) });
    s.addArtifact(expired.id, { name: 'perf-triage-results', files: { 'results.jsonl': results }, expired: true });
    const failed = s.addWorkflowRun('acme/llm', {
      event: 'push',
      headBranch: 'main',
      headSha: '1'.repeat(40),
      conclusion: 'failure',
    });
    s.addArtifact(failed.id, { name: 'perf-triage-results', files: { 'results.jsonl': 'garbage' } });
    const other = s.addWorkflowRun('acme/llm', {
      event: 'push',
      headBranch: 'main',
      headSha: '2'.repeat(40),
      workflowId: 999,
      path: '.github/workflows/other.yml',
    });
    s.addArtifact(other.id, { name: 'perf-triage-results', files: { 'results.jsonl': 'garbage' } });
    const current = s.addWorkflowRun('acme/llm', {
      headBranch: 'feat',
      headSha: SHA,
      status: 'in_progress',
      conclusion: null,
    });
    const found = await latestBaselineArtifact(client, repo, {
      workflowRunId: current.id,
      branch: 'main',
      artifactName: 'perf-triage-results',
      limits: DEFAULT_ARTIFACT_LIMITS,
    });
    expect(found).toMatchObject({
      runId: old.id,
      headSha: 'e'.repeat(40),
      passedOver: [`run ${expired.id}: artifact expired`],
    });
    expect(found.files.map((f) => f.name)).toEqual(['results.jsonl']);
    const none = await latestBaselineArtifact(client, repo, {
      workflowRunId: current.id,
      branch: 'release',
      artifactName: 'perf-triage-results',
      limits: DEFAULT_ARTIFACT_LIMITS,
    }).catch((e: unknown) => e);
    expect(none).toBeInstanceOf(InputError);
    expect((none as Error).message).toMatch(
      /no successful push run of .* on release has an unexpired artifact "perf-triage-results"/,
    );
    noViolations(gh);
  });
});
