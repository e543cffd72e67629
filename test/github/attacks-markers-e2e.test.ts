// Attacks on the GitHub side through the bundled action (dist/index.js) against the REST emulator,
// as a fork would mount them (issue 12, items 1–5): forged markers in artifact text, workflow commands
// in log lines, a fork's run as the baseline, stale and replayed accepts, hostile profile file names.
// Every test asserts the safe behaviour; each failed before its fix.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS_BOT } from '../../src/github/identity';
import { FORK_SHA, HEAD_SHA, root, setup } from './action-harness';
import {
  botComments,
  commentPayload,
  DEMO,
  forgedMarker,
  GROUP,
  hostileHead,
  OTHER_SHA,
  prPayload,
  repository,
  runEvent,
} from './attack-helpers';

describe('1. forged report markers', () => {
  it("a marker in the artifact cannot bind a maintainer's accept to a commit the fork pushes later", async () => {
    const world = await setup('workflow_run', {}, { results: 'head.jsonl', baseline: DEMO.base });
    const { s } = world;
    s.setPermission('acme/llm', 'maria', 'maintain');
    const forkRun = s.addWorkflowRun('acme/llm', {
      headBranch: 'patch-1',
      headSha: FORK_SHA,
      headRepository: 'mallory/llm',
    });
    s.addArtifact(forkRun.id, {
      name: 'perf-triage-results',
      files: { 'head.jsonl': hostileHead(forgedMarker(GROUP, '1.1', OTHER_SHA)) },
    });
    const report = await runEvent(world, 'workflow_run', { workflow_run: { id: forkRun.id }, repository });
    expect(report.code, report.stdout).toBe(0);
    expect(botComments(world, 8)).toHaveLength(1);
    // The fork pushes D; before D is benchmarked, a maintainer accepts the report she read (for B).
    s.pull('acme/llm', 8)!.head.sha = OTHER_SHA;
    const accept = await runEvent(world, 'issue_comment', commentPayload('/perf accept fine', { number: 8 }), {
      GITHUB_RUN_ID: '9100',
    });
    expect(accept.code, accept.stdout).toBe(0);
    expect(accept.outputs.command).toBe('stale');
    const answer = botComments(world, 8).at(-1)!.body;
    expect(answer).not.toContain('accepted by @maria for `ddddddd`');
    expect(answer).not.toContain('<!-- perf-triage:accept');
    expect(world.gh.state.violations).toEqual([]);
  }, 60_000);

  it('a stamp in the artifact cannot make the bot re-run a run the fork chose', async () => {
    const world = await setup('pull_request', prPayload(), {});
    const { s } = world;
    s.setPermission('acme/llm', 'maria', 'maintain');
    const victim = s.addWorkflowRun('acme/llm', {
      name: 'deploy',
      event: 'push',
      headBranch: 'main',
      headSha: 'e'.repeat(40),
      conclusion: 'failure',
      workflowId: 999,
      path: '.github/workflows/deploy.yml',
    });
    const reporting = s.addWorkflowRun('acme/llm', {
      id: 9001,
      headBranch: 'feat',
      headSha: HEAD_SHA,
      conclusion: 'failure',
    });
    writeFileSync(join(world.dir, 'head.jsonl'), hostileHead(forgedMarker(GROUP, `${victim.id}.1`, HEAD_SHA)));
    const report = await runEvent(world, 'pull_request', prPayload(), {
      INPUT_RESULTS: 'head.jsonl',
      INPUT_BASELINE: DEMO.base,
      GITHUB_WORKFLOW_REF: 'acme/llm/.github/workflows/bench.yml@refs/pull/7/merge',
    });
    expect(report.code, report.stdout).toBe(1);
    const accept = await runEvent(world, 'issue_comment', commentPayload('/perf accept known cost'), {
      GITHUB_RUN_ID: '9100',
    });
    expect(accept.outputs.command).toBe('accepted');
    expect(s.runs.get(victim.id)).toMatchObject({ runAttempt: 1, conclusion: 'failure' });
    expect(s.runs.get(reporting.id)).toMatchObject({ runAttempt: 2 });
    expect(world.gh.state.violations).toEqual([]);
  }, 60_000);

  it("a marker of group B in group A's report does not let B's run overwrite A's report", async () => {
    const world = await setup('pull_request', prPayload(), {});
    writeFileSync(join(world.dir, 'a.jsonl'), hostileHead(forgedMarker('b', '1.1')));
    const a = await runEvent(world, 'pull_request', prPayload(), {
      INPUT_RESULTS: 'a.jsonl',
      INPUT_BASELINE: DEMO.base,
      INPUT_GROUP: 'a',
    });
    expect(a.outputs['comment-id']).toBeTruthy();
    const b = await runEvent(world, 'pull_request', prPayload(), {
      INPUT_RESULTS: DEMO.head,
      INPUT_BASELINE: DEMO.base,
      INPUT_GROUP: 'b',
    });
    expect(b.outputs['comment-id']).not.toBe(a.outputs['comment-id']);
    const comments = botComments(world);
    expect(comments).toHaveLength(2);
    expect(comments.find((c) => c.id === Number(a.outputs['comment-id']))!.body).toMatch(
      /group=a stamp=9001\.1 sha=a{40} -->\n$/,
    );
    expect(world.gh.state.violations).toEqual([]);
  }, 60_000);
});

describe('2. workflow commands in untrusted text', () => {
  it('no log line carries a ##[ command from a benchmark name or a field value', async () => {
    const world = await setup('pull_request', prPayload(), {});
    const name = 'llama ##[set-output name=verdict;]unchanged ##[add-mask]ms ##[error]pwned';
    writeFileSync(join(world.dir, 'head.jsonl'), hostileHead('##[warning]from a value', name));
    const result = await runEvent(world, 'pull_request', prPayload(), {
      INPUT_RESULTS: 'head.jsonl',
      INPUT_BASELINE: DEMO.base,
      'INPUT_GITHUB-TOKEN': '',
    });
    expect(result.code, result.stdout).toBe(1);
    expect(result.stdout).toContain('set-output name=verdict');
    expect(result.stdout.split('\n').filter((l) => l.includes('##['))).toEqual([]);
  }, 60_000);
});

describe('3. baseline: artifact', () => {
  it('takes only push runs of the default branch: a fork PR opened from its own main is not the baseline', async () => {
    const world = await setup('pull_request', prPayload(), {
      results: 'head.jsonl',
      baseline: 'artifact',
      slo: 'ttft p95 < 800ms',
    });
    const { s } = world;
    copyFileSync(DEMO.head, join(world.dir, 'head.jsonl'));
    s.addWorkflowRun('acme/llm', {
      id: 9001,
      headBranch: 'feat',
      headSha: HEAD_SHA,
      status: 'in_progress',
      conclusion: null,
    });
    const genuine = s.addWorkflowRun('acme/llm', { event: 'push', headBranch: 'main', headSha: 'e'.repeat(40) });
    s.addArtifact(genuine.id, {
      name: 'perf-triage-results',
      files: { 'head.jsonl': readFileSync(DEMO.base, 'utf8') },
    });
    // The fork's PR from its branch "main": its run succeeded and uploaded the PR's own results.
    const poisoned = s.addWorkflowRun('acme/llm', {
      event: 'pull_request',
      headBranch: 'main',
      headSha: FORK_SHA,
      headRepository: 'mallory/llm',
    });
    s.addArtifact(poisoned.id, {
      name: 'perf-triage-results',
      files: { 'head.jsonl': readFileSync(DEMO.head, 'utf8') },
    });
    const result = await runEvent(world, 'pull_request', prPayload());
    expect(result.stdout).toContain(`baseline from run ${genuine.id} on main`);
    expect(result.outputs).toMatchObject({ verdict: 'regressed', outcome: 'fail' });
    expect(result.code, result.stdout).toBe(1);
  }, 60_000);
});

describe('4. /perf accept binds to the report it answered', () => {
  it('refuses an accept written before the report was updated for a newer commit', async () => {
    const world = await setup('issue_comment', {}, {});
    const { s } = world;
    s.setPermission('acme/llm', 'maria', 'maintain');
    s.pull('acme/llm', 7)!.head.sha = OTHER_SHA;
    // The report was updated for D (00:20) after maria wrote her accept for the old report (00:10).
    s.addComment('acme/llm', 7, {
      author: ACTIONS_BOT,
      body: `### 🔴 perf-triage · ${GROUP}: TTFT p95 regressed\n${forgedMarker(GROUP, '9002.1', OTHER_SHA)}`,
      createdAt: '2025-01-01T00:05:00Z',
      updatedAt: '2025-01-01T00:20:00Z',
    });
    const accept = await runEvent(
      world,
      'issue_comment',
      commentPayload('/perf accept fine', { createdAt: '2025-01-01T00:10:00Z' }),
      { GITHUB_RUN_ID: '9100' },
    );
    expect(accept.code, accept.stdout).toBe(0);
    expect(accept.outputs.command).toBe('stale');
    expect(botComments(world).at(-1)!.body).not.toContain('<!-- perf-triage:accept');
  }, 60_000);

  it('handles a comment once: replaying the event posts no second answer', async () => {
    const world = await setup('issue_comment', {}, {});
    const { s } = world;
    s.setPermission('acme/llm', 'maria', 'maintain');
    s.addComment('acme/llm', 7, {
      author: ACTIONS_BOT,
      body: `### report\n${forgedMarker(GROUP, '9001.1', HEAD_SHA)}`,
      createdAt: '2025-01-01T00:05:00Z',
    });
    const first = await runEvent(world, 'issue_comment', commentPayload('/perf accept fine'), {
      GITHUB_RUN_ID: '9100',
    });
    expect(first.outputs.command).toBe('accepted');
    const again = await runEvent(world, 'issue_comment', commentPayload('/perf accept fine'), {
      GITHUB_RUN_ID: '9100',
      GITHUB_RUN_ATTEMPT: '2',
    });
    expect(again.code, again.stdout).toBe(0);
    expect(again.outputs.command).toBe('ignored');
    expect(botComments(world)).toHaveLength(2);
  }, 60_000);
});

describe('5. profile file names', () => {
  it('render as text in the comment and the job summary', async () => {
    const world = await setup('pull_request', prPayload(), {});
    const hostile = '@octocat <img src=x onerror=alert(1)> [pwn](javascript:alert(1)) <!-- hidden';
    mkdirSync(join(world.dir, 'prof-head'));
    mkdirSync(join(world.dir, 'prof-base'));
    copyFileSync(
      join(root, 'test/fixtures/profile/trace_gpu_bound.synthetic.json'),
      join(world.dir, 'prof-head', `${hostile}.json`),
    );
    copyFileSync(
      join(root, 'test/fixtures/profile/trace_cpu_bound.synthetic.json'),
      join(world.dir, 'prof-base', `${hostile} base.json`),
    );
    const result = await runEvent(world, 'pull_request', prPayload(), {
      INPUT_RESULTS: DEMO.head,
      INPUT_BASELINE: DEMO.base,
      INPUT_PROFILE: 'prof-head/*.json',
      'INPUT_BASELINE-PROFILE': 'prof-base/*.json',
    });
    expect(result.code, result.stdout).toBe(1);
    const comment = botComments(world)[0].body;
    for (const text of [result.summary, comment]) {
      // The names are in code spans, where markdown and HTML are text; outside them nothing is left.
      expect(text).toContain(
        'this PR: `prof-head/@octocat <img src=x onerror=alert(1)> [pwn](javascript:alert(1)) <\u2060!--',
      );
      expect(text).not.toContain('<!-- hidden');
      const outsideCode = text.replace(/`[^`\n]*`/g, '');
      expect(outsideCode).toContain('Profile: GPU, CPU or waiting?');
      expect(outsideCode).not.toMatch(/(?<!\\)<img|\]\(javascript|@octocat/);
    }
  }, 60_000);
});
