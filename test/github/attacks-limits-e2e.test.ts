// Attacks on the GitHub side through the bundled action (dist/index.js) against the REST emulator
// (issue 12, items 6–8): the size limits of the job summary and the check run, a missing permission
// on each publishing step, /perf help for anyone, quality files in workflow_run mode, a journal over
// 8 MB. Every test asserts the safe behaviour; each failed before its fix.
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
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
  prPayload,
  repository,
  runEvent,
} from './attack-helpers';

/** 400 small benchmarks, base and head, as files of an artifact. */
function manyBenchmarks(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [side, path] of [
    ['base', DEMO.base],
    ['head', DEMO.head],
  ] as const) {
    const [first, ...rest] = readFileSync(path, 'utf8').trim().split('\n');
    for (let i = 0; i < count; i++) {
      const meta = JSON.parse(first);
      meta.metadata.benchmark = `bench-${String(i).padStart(4, '0')}`;
      files[`${side}/b${i}.jsonl`] = [JSON.stringify(meta), ...rest.slice(0, 120)].join('\n') + '\n';
    }
  }
  return files;
}

describe('6. sizes: the job summary and the check run', () => {
  it('400 benchmarks: the summary fits 1 MiB, the check run 65,535 characters, both cut safely with a pointer', async () => {
    const world = await setup(
      'workflow_run',
      {},
      { results: 'head/*.jsonl', baseline: 'base/*.jsonl', resamples: '200', 'report-path': 'report.json' },
    );
    const { s } = world;
    const forkRun = s.addWorkflowRun('acme/llm', {
      headBranch: 'patch-1',
      headSha: FORK_SHA,
      headRepository: 'mallory/llm',
    });
    s.addArtifact(forkRun.id, { name: 'perf-triage-results', files: manyBenchmarks(400) });
    const result = await runEvent(world, 'workflow_run', { workflow_run: { id: forkRun.id }, repository });
    expect(result.code, result.stdout).toBe(0);
    expect(Buffer.byteLength(result.summary)).toBeLessThanOrEqual(1024 * 1024);
    expect(result.summary).toContain('bench-0399');
    expect(result.summary).toMatch(/JSON report/);
    expect(JSON.parse(readFileSync(join(world.dir, 'report.json'), 'utf8')).benchmarks).toHaveLength(400);
    const check = [...s.checkRuns.values()][0];
    const summary = check.output.summary!;
    expect(summary.length).toBeLessThanOrEqual(65_535);
    expect(summary).toMatch(/job summary/);
    // Never cut inside a table row.
    for (const line of summary.split('\n')) if (line.startsWith('|')) expect(line.endsWith('|'), line).toBe(true);
    expect(world.gh.state.violations).toEqual([]);
  }, 120_000);
});

describe('7. a missing permission', () => {
  it('403 on creating the check run: the comment, summary, JSON report and outputs still land; the log names checks: write', async () => {
    const world = await setup(
      'workflow_run',
      {},
      { results: 'head.jsonl', baseline: DEMO.base, 'report-path': 'report.json' },
    );
    const { s, gh } = world;
    const forkRun = s.addWorkflowRun('acme/llm', {
      headBranch: 'patch-1',
      headSha: FORK_SHA,
      headRepository: 'mallory/llm',
    });
    s.addArtifact(forkRun.id, {
      name: 'perf-triage-results',
      files: { 'head.jsonl': readFileSync(DEMO.head, 'utf8') },
    });
    gh.faults.push({ method: 'POST', path: '/repos/{owner}/{repo}/check-runs', status: 403, times: Infinity });
    const result = await runEvent(world, 'workflow_run', { workflow_run: { id: forkRun.id }, repository });
    expect(result.stdout).not.toContain('failed unexpectedly');
    expect(result.stdout).toMatch(/::warning::.*checks: write/);
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({ verdict: 'regressed', outcome: 'fail', 'pull-request': '8' });
    expect(botComments(world, 8)).toHaveLength(1);
    expect(result.summary).toContain('### 🔴 perf-triage');
    expect(existsSync(join(world.dir, 'report.json'))).toBe(true);
  }, 60_000);

  it('403 on listing the artifacts: an error that names actions: read, no stack', async () => {
    const world = await setup('workflow_run', {}, { results: 'head.jsonl', baseline: DEMO.base });
    const forkRun = world.s.addWorkflowRun('acme/llm', {
      headBranch: 'patch-1',
      headSha: FORK_SHA,
      headRepository: 'mallory/llm',
    });
    world.gh.faults.push({
      method: 'GET',
      path: '/repos/{owner}/{repo}/actions/runs/{run_id}/artifacts',
      status: 403,
      times: Infinity,
    });
    const result = await runEvent(world, 'workflow_run', { workflow_run: { id: forkRun.id }, repository });
    expect(result.code, result.stdout).toBe(1);
    expect(result.stdout).not.toContain('failed unexpectedly');
    expect(result.stdout).toMatch(/::error::.*actions: read/);
  }, 60_000);

  it('403 on the merged pull request lookup in record mode: the log names pull-requests: read and the journal is recorded', async () => {
    const world = await setup('push', {}, { results: DEMO.head, baseline: DEMO.base });
    const sha = world.s.requireRepo('acme/llm').git.refs.get('refs/heads/main')!;
    world.gh.faults.push({
      method: 'GET',
      path: '/repos/{owner}/{repo}/commits/{commit_sha}/pulls',
      status: 403,
      times: Infinity,
    });
    const result = await runEvent(
      world,
      'push',
      { ref: 'refs/heads/main', after: sha, repository },
      { GITHUB_SHA: sha, GITHUB_RUN_ID: '8001' },
    );
    expect(result.stdout).not.toContain('failed unexpectedly');
    expect(result.stdout).toMatch(/::warning::.*pull-requests: read/);
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs['journal-commit']).toMatch(/^[0-9a-f]{40}$/);
  }, 60_000);

  it('403 on updating the check after an accept: the accept is answered and the log names checks: write', async () => {
    const world = await setup('issue_comment', {}, {});
    const { s, gh } = world;
    s.setPermission('acme/llm', 'maria', 'maintain');
    s.addComment('acme/llm', 7, {
      author: ACTIONS_BOT,
      body: `### report\n${forgedMarker(GROUP, '9001.1', HEAD_SHA)}`,
      createdAt: '2025-01-01T00:05:00Z',
    });
    const check = s.nextCheckRunId();
    s.checkRuns.set(check, {
      id: check,
      repo: 'acme/llm',
      name: 'perf-triage',
      headSha: HEAD_SHA,
      status: 'completed',
      conclusion: 'failure',
      startedAt: null,
      completedAt: null,
      detailsUrl: null,
      externalId: null,
      output: { title: 'x', summary: 'x', text: null, annotationsCount: 0 },
      author: ACTIONS_BOT,
    });
    gh.faults.push({
      method: 'PATCH',
      path: '/repos/{owner}/{repo}/check-runs/{check_run_id}',
      status: 403,
      times: Infinity,
    });
    const result = await runEvent(world, 'issue_comment', commentPayload('/perf accept fine'), {
      GITHUB_RUN_ID: '9100',
    });
    expect(result.stdout).not.toContain('failed unexpectedly');
    expect(result.code, result.stdout).toBe(0);
    expect(result.outputs.command).toBe('accepted');
    expect(result.stdout).toMatch(/::warning::.*checks: write/);
    expect(botComments(world).at(-1)!.body).toContain('Regression accepted by @maria');
  }, 60_000);
});

describe('8. smaller items', () => {
  it('/perf help and unknown verbs are answered only for users allowed to accept', async () => {
    const world = await setup('issue_comment', {}, {});
    const { s } = world;
    s.setPermission('acme/llm', 'rita', 'read');
    s.setPermission('acme/llm', 'maria', 'maintain');
    for (const [body, user] of [
      ['/perf help', 'rita'],
      ['/perf rollback now', 'stranger'],
      ['/perf', 'rita'],
    ]) {
      const result = await runEvent(world, 'issue_comment', commentPayload(body, { user, id: 100 + body.length }));
      expect(result.outputs.command).toBe('ignored');
    }
    expect(s.commentsOn('acme/llm', 7)).toHaveLength(0);
    const help = await runEvent(world, 'issue_comment', commentPayload('/perf help', { user: 'maria', id: 200 }));
    expect(help.outputs.command).toBe('help');
    expect(botComments(world)).toHaveLength(1);
  }, 60_000);

  it("workflow_run: the quality files come from the artifact, not from the default branch's checkout", async () => {
    const world = await setup(
      'workflow_run',
      {},
      {
        results: 'head.jsonl',
        baseline: DEMO.base,
        quality: 'quality/scores.json',
        'baseline-quality': join(root, 'test/fixtures/quality/scores_base.synthetic.json'),
      },
    );
    const { s } = world;
    const forkRun = s.addWorkflowRun('acme/llm', {
      headBranch: 'patch-1',
      headSha: FORK_SHA,
      headRepository: 'mallory/llm',
    });
    s.addArtifact(forkRun.id, {
      name: 'perf-triage-results',
      files: {
        'head.jsonl': readFileSync(DEMO.head, 'utf8'),
        'quality/scores.json': readFileSync(join(root, 'test/fixtures/quality/scores_head.synthetic.json'), 'utf8'),
      },
    });
    // The default branch's checkout holds an older copy under the same name: it must not be read.
    mkdirSync(join(world.dir, 'quality'));
    copyFileSync(
      join(root, 'test/fixtures/quality/scores_base.synthetic.json'),
      join(world.dir, 'quality/scores.json'),
    );
    const result = await runEvent(world, 'workflow_run', { workflow_run: { id: forkRun.id }, repository });
    expect(result.code, result.stdout).toBe(0);
    expect(result.summary).toMatch(/\*\*Quality: eval scores\*\*/);
    expect(result.summary).toMatch(/\| accuracy \| 0\.712 ± 0\.0045 \| 0\.681 ± 0\.0047 \|.*\*\*changed\*\*/);
  }, 60_000);

  it('a journal over 8 MB is read (octokit on Node 20 left such replies unparsed)', async () => {
    const world = await setup('push', {}, { results: DEMO.base, baseline: 'journal' });
    const { s } = world;
    const git = s.requireRepo('acme/llm').git;
    const main = () => git.refs.get('refs/heads/main')!;
    const seeded = await runEvent(
      world,
      'push',
      { ref: 'refs/heads/main', after: main(), repository },
      { GITHUB_SHA: main(), GITHUB_RUN_ID: '8001' },
    );
    expect(seeded.code, seeded.stdout).toBe(0);
    const entry = git.lookup(git.commit(main())!.tree, '.perf-triage/journal.jsonl')!;
    const line = Buffer.from(git.blob(entry.sha)!.data).toString('utf8').trim();
    const lines: string[] = [];
    for (let i = 0, bytes = 0; bytes < 9 * 1024 * 1024; i++) {
      lines.push(line.replace('"8001:', `"${7000 + i}:`));
      bytes += Buffer.byteLength(line) + 1;
    }
    s.commitFiles('acme/llm', 'main', { '.perf-triage/journal.jsonl': `${lines.join('\n')}\n` }, 'a long history');
    const result = await runEvent(world, 'pull_request', prPayload(), {
      INPUT_RESULTS: DEMO.head,
      GITHUB_RUN_ID: '8002',
    });
    expect(result.stdout).not.toMatch(/journal on main was not read/);
    expect(result.stdout).toContain(`journal on main: ${lines.length} entries`);
    expect(statSync(world.files.summary).size).toBeGreaterThan(0);
  }, 120_000);
});
