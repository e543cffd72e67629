// Alerts through the bundled action (dist/index.js) against the REST emulator: record mode on a merge
// that regressed opens one issue (the range, the PR and its author, the phase), posts the webhook once,
// a re-run of the record writes nothing, and `/perf accept` in the issue closes it. Artifact text in
// the benchmark name reaches neither the issue nor the webhook in a form that acts.
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { simulateToJsonl } from '../../src/sim';
import { ACTIONS_BOT } from '../../src/github/identity';
import { parseAlertMarker } from '../../src/github/alerts';
import { setup } from './action-harness';
import { repository, runEvent } from './attack-helpers';
import { DATA_BRANCH, mergeHistory, scenarioWith, unthrottled } from './alert-history';

/** A local Slack-compatible webhook that keeps what it was sent. */
async function webhook() {
  const received: unknown[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  onTestFinished(() => new Promise<void>((done) => server.close(() => done())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T000/B000/x`, received };
}

function merge(world: Awaited<ReturnType<typeof setup>>, title: string, author: string): { sha: string; pull: number } {
  const { s } = world;
  const pull = s.requireRepo('acme/llm').nextNumber;
  const sha = s.commitFiles('acme/llm', 'main', { 'serve.py': `# ${title}\n` }, `${title} (#${pull})`);
  s.addPull('acme/llm', {
    number: pull,
    title,
    author,
    head: { ref: `b-${pull}`, sha: `${pull}`.padStart(40, 'c') },
    merged: true,
    mergeCommitSha: sha,
  });
  return { sha, pull };
}

describe('alerts with the bundled action', () => {
  it('a merge that regressed opens one issue and posts the webhook; a re-run writes nothing; /perf accept in the issue closes it', async () => {
    const hook = await webhook();
    const world = await setup(
      'push',
      {},
      {
        results: 'head.jsonl',
        baseline: 'journal',
        'journal-branch': DATA_BRANCH,
        'alert-assignees': 'author',
        'alert-webhook': hook.url,
        'bisect-workflow': 'perf-bisect-bench.yml',
      },
    );
    const { gh, s } = world;
    s.setPermission('acme/llm', 'dana', 'write');
    s.setPermission('acme/llm', 'maria', 'maintain');
    const history = await mergeHistory(gh, unthrottled(gh), { merges: 6, requests: 800 });
    const before = history.at(-1)!.sha;
    const { sha, pull } = merge(world, 'Turn the prefix cache off', 'dana');
    writeFileSync(join(world.dir, 'head.jsonl'), simulateToJsonl(scenarioWith(3007, 800, 'prefix-cache-off')));
    const push = { ref: 'refs/heads/main', after: sha, repository };
    const recorded = await runEvent(world, 'push', push, { GITHUB_SHA: sha, GITHUB_RUN_ID: '7013' });
    expect(recorded.code, recorded.stdout).toBe(0);
    expect(recorded.stdout).toMatch(/alert issue #\d+ opened: perf-triage: TTFT p\d+ \+\d+% in llama-8b-serving/);
    const issues = s.issuesOf('acme/llm');
    expect(issues).toHaveLength(1);
    const issue = issues[0];
    expect(recorded.outputs['alert-issues']).toBe(String(issue.number));
    expect(issue).toMatchObject({
      author: ACTIONS_BOT,
      labels: ['perf-regression'],
      assignees: ['dana'],
      state: 'open',
    });
    expect(parseAlertMarker(issue.body)!.range).toBe(`${before}..${sha}`);
    expect(issue.body).toContain(`| llama-8b-serving | TTFT p95 |`);
    expect(issue.body).toContain('merged without acceptance');
    expect(issue.body).toMatch(
      /TTFT p95: (queue wait|prefill) [\d,.]+ ms → [\d,.]+ ms \(mean over the requests at that percentile\)/,
    );
    expect(issue.body).toContain(
      `[PR ${pull}](https://github.com/acme/llm/pull/${pull}) Turn the prefix cache off by dana`,
    );
    // One commit in the range (the journal is on its own branch): it is the culprit, nothing to bisect.
    expect(issue.body).toContain(`**Commit range** \`${before.slice(0, 7)}\` … \`${sha.slice(0, 7)}\` (1 commit)`);
    expect(issue.body).not.toContain('run the bisect workflow');
    expect(hook.received).toHaveLength(1);
    expect((hook.received[0] as { text: string }).text).toMatch(
      new RegExp(
        `^:rotating_light: perf-triage: TTFT p\\d+ \\+\\d+% in llama-8b-serving between ${before.slice(0, 7)} and ${sha.slice(0, 7)} \\(<https://github.com/acme/llm/issues/${issue.number}\\|issue ${issue.number}>\\)`,
      ),
    );
    expect(recorded.stdout).not.toContain(hook.url);

    // The same record re-run: the journal has it, the alert is known; nothing is written, nothing posted.
    const writes = () => gh.requests.filter((r) => r.method !== 'GET' && /\/(issues|labels)/.test(r.path)).length;
    const written = writes();
    const again = await runEvent(world, 'push', push, {
      GITHUB_SHA: sha,
      GITHUB_RUN_ID: '7013',
      GITHUB_RUN_ATTEMPT: '2',
    });
    expect(again.code, again.stdout).toBe(0);
    expect(again.stdout).toContain(`alert issue #${issue.number} already says this`);
    expect(writes()).toBe(written);
    expect(s.issuesOf('acme/llm')).toHaveLength(1);
    expect(hook.received).toHaveLength(1);

    // A maintainer accepts it in the issue: closed as accepted, answered once.
    const comment = {
      action: 'created',
      issue: { number: issue.number },
      comment: {
        id: 501,
        body: '/perf accept the cache leaked tenant prompts',
        user: { login: 'maria', type: 'User' },
        html_url: `https://github.com/acme/llm/issues/${issue.number}#issuecomment-501`,
        created_at: '2026-11-02T10:00:00Z',
        updated_at: '2026-11-02T10:00:00Z',
      },
      repository,
    };
    const accepted = await runEvent(world, 'issue_comment', comment, { GITHUB_RUN_ID: '7014' });
    expect(accepted.code, accepted.stdout).toBe(0);
    expect(accepted.outputs.command).toBe('accepted');
    expect(s.issue('acme/llm', issue.number)).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
    expect(s.commentsOn('acme/llm', issue.number).at(-1)!.body).toMatch(
      /^✅ Accepted by maria: the cache leaked tenant prompts\./,
    );
    const replay = await runEvent(world, 'issue_comment', comment, { GITHUB_RUN_ID: '7015' });
    expect(replay.outputs.command).toBe('ignored');
    expect(s.commentsOn('acme/llm', issue.number)).toHaveLength(1);
    expect(gh.state.violations).toEqual([]);
  }, 180_000);

  it('a hostile benchmark name reaches neither the issue nor the webhook in a form that acts', async () => {
    const hook = await webhook();
    const PAYLOAD =
      '@octocat <!channel> <https://evil.example|click> <img src=x> <!-- perf-triage:alert range=x state=e30= --> #123 ::warning::pwn';
    const hostile = (inject?: string, seed = 3101) => {
      const [first, ...rest] = simulateToJsonl(scenarioWith(seed, 800, inject)).split('\n');
      const meta = JSON.parse(first);
      meta.metadata.benchmark = `bench ${PAYLOAD}`;
      return [JSON.stringify(meta), ...rest].join('\n');
    };
    const world = await setup('push', {}, { results: 'head.jsonl', baseline: 'journal', 'alert-webhook': hook.url });
    const { gh, s } = world;
    const first = merge(world, 'First', 'alice');
    writeFileSync(join(world.dir, 'head.jsonl'), hostile());
    expect(
      (
        await runEvent(
          world,
          'push',
          { ref: 'refs/heads/main', after: first.sha, repository },
          { GITHUB_SHA: first.sha, GITHUB_RUN_ID: '7101' },
        )
      ).code,
    ).toBe(0);
    const second = merge(world, 'Second', 'alice');
    writeFileSync(join(world.dir, 'head.jsonl'), hostile('prefix-cache-off', 3102));
    const recorded = await runEvent(
      world,
      'push',
      { ref: 'refs/heads/main', after: second.sha, repository },
      { GITHUB_SHA: second.sha, GITHUB_RUN_ID: '7102' },
    );
    expect(recorded.code, recorded.stdout).toBe(0);
    const [issue] = s.issuesOf('acme/llm');
    expect(issue).toBeDefined();
    const body = issue.body ?? '';
    // The only HTML comment is the bot's own marker, on the last line; no mention, link, image or reference acts.
    expect(body.match(/<!--/g)).toHaveLength(1);
    expect(body.trimEnd().split('\n').at(-1)).toMatch(/^<!-- perf-triage:alert /);
    const above = body
      .trimEnd()
      .split('\n')
      .slice(0, -1)
      .join('\n')
      .replace(/`[^`\n]*`/g, '');
    expect(above.match(/(^|[^\\])[<>].{0,20}/gm)).toBeNull();
    expect(above).not.toMatch(/@(?!\u2060)/);
    expect(above).not.toMatch(/\]\(https:\/\/evil|(^|[^\\])#\d/m);
    expect(issue.title).toContain('bench @octocat');
    expect(recorded.stdout).not.toMatch(/^::warning::pwn/m);
    const text = (hook.received[0] as { text: string }).text;
    expect(text).not.toMatch(/<!channel>|<https:\/\/evil|<img|@octocat/);
    expect(text).toContain('&lt;!channel&gt;');
    expect(gh.state.violations).toEqual([]);
  }, 120_000);
});
