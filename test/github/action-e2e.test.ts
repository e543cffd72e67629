// The bundled action (dist/index.js) as a runner starts it: the environment a runner sets
// (GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL, INPUT_*, GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY), talking to the REST emulator over HTTP.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS_BOT } from '../../src/github/identity';
import { FORK_SHA, HEAD_SHA, root, run, setup } from './action-harness';
import { parseOutputs } from '../helpers/github-output';

describe('the bundled action against the emulator', () => {
  it('pull_request: fails on the regression, comments once, and updates the same comment on the next push', async () => {
    const payload = { pull_request: { number: 7, head: { sha: HEAD_SHA, repo: { full_name: 'acme/llm' } } } };
    const inputs = {
      results: join(root, 'examples/demo/head.jsonl'),
      baseline: join(root, 'examples/demo/base.jsonl'),
      slo: 'ttft p95 < 800ms',
    };
    const { gh, s, dir, env, files } = await setup('pull_request', payload, inputs);
    const first = await run(env, dir);
    expect(first.code).toBe(1);
    const outputs = parseOutputs(readFileSync(files.output, 'utf8'));
    expect(outputs).toMatchObject({ verdict: 'regressed', 'pull-request': '7' });
    const comments = s.commentsOn('acme/llm', 7);
    expect(comments).toHaveLength(1);
    expect(comments[0].author).toBe(ACTIONS_BOT);
    expect(comments[0].body).toContain('perf-triage · llama-8b-serving: TTFT p95 regressed');
    // The compared head commit is named and linked under the headline.
    expect(comments[0].body).toContain(`this PR [\`${HEAD_SHA.slice(0, 7)}\`](`);
    expect(comments[0].body).toContain(`/commit/${HEAD_SHA})`);
    expect(comments[0].body).toContain(
      `<!-- perf-triage:comment group=llama-8b-serving stamp=9001.1 sha=${HEAD_SHA} -->`,
    );
    expect(readFileSync(files.summary, 'utf8')).toContain('### 🔴 perf-triage');

    const second = await run({ ...env, GITHUB_RUN_ID: '9002' }, dir);
    expect(second.code).toBe(1);
    const after = s.commentsOn('acme/llm', 7);
    expect(after).toHaveLength(1);
    expect(after[0].id).toBe(comments[0].id);
    expect(after[0].body).toContain('stamp=9002.1');
    expect(gh.state.violations).toEqual([]);
  }, 60_000);

  it('workflow_run (fork-safe): reads the artifact, finds the fork PR from the run, and puts the outcome in a check run', async () => {
    const inputs = { results: 'head.jsonl', baseline: join(root, 'examples/demo/base.jsonl'), slo: 'ttft p95 < 800ms' };
    const { gh, s, dir, env, files } = await setup('workflow_run', {}, inputs);
    const forkRun = s.addWorkflowRun('acme/llm', {
      headBranch: 'patch-1',
      headSha: FORK_SHA,
      headRepository: 'mallory/llm',
    });
    // The artifact claims PR 7 (not the fork's): nothing reads that.
    s.addArtifact(forkRun.id, {
      name: 'perf-triage-results',
      files: { 'head.jsonl': readFileSync(join(root, 'examples/demo/head.jsonl'), 'utf8'), 'pr.txt': '7' },
    });
    writeFileSync(
      env.GITHUB_EVENT_PATH,
      JSON.stringify({ workflow_run: { id: forkRun.id, pull_requests: [{ number: 7 }] } }),
    );
    const result = await run(env, dir);
    // The step itself succeeds: in this mode the check run carries the outcome to the pull request.
    expect(result.code).toBe(0);
    const outputs = parseOutputs(readFileSync(files.output, 'utf8'));
    expect(outputs).toMatchObject({ verdict: 'regressed', outcome: 'fail', 'pull-request': '8' });
    expect(s.commentsOn('acme/llm', 7)).toHaveLength(0);
    expect(s.commentsOn('acme/llm', 8)).toHaveLength(1);
    const checks = gh.calls('checks/create');
    expect(checks).toHaveLength(1);
    expect(checks[0].body).toMatchObject({ head_sha: FORK_SHA, conclusion: 'failure', name: 'perf-triage' });
    expect(gh.state.violations).toEqual([]);
  }, 60_000);

  it('matrix: shard jobs write digests only; the report job merges them and comments once', async () => {
    const payload = { pull_request: { number: 7, head: { sha: HEAD_SHA, repo: { full_name: 'acme/llm' } } } };
    const { s, dir, env, files } = await setup('pull_request', payload, {});
    const [metadata, ...lines] = readFileSync(join(root, 'examples/demo/head.jsonl'), 'utf8').trim().split('\n');
    for (const k of [1, 2]) {
      writeFileSync(
        join(dir, `shard-${k}.jsonl`),
        [metadata, ...lines.filter((_, i) => i % 2 === k - 1)].join('\n') + '\n',
      );
      writeFileSync(files.output, '');
      const shard = await run(
        {
          ...env,
          INPUT_RESULTS: `shard-${k}.jsonl`,
          INPUT_DIGEST: 'digests/',
          INPUT_SHARD: `${k}/2`,
          'INPUT_GITHUB-TOKEN': '',
        },
        dir,
      );
      expect(shard.code).toBe(0);
      expect(parseOutputs(readFileSync(files.output, 'utf8'))['digest-paths']).toBe(
        `digests/llama-8b-serving.shard-${k}-of-2.json`,
      );
    }
    expect(s.commentsOn('acme/llm', 7)).toHaveLength(0);
    writeFileSync(files.output, '');
    const report = await run(
      {
        ...env,
        INPUT_RESULTS: 'digests/*.json',
        INPUT_BASELINE: join(root, 'examples/demo/base.jsonl'),
        INPUT_SLO: 'ttft p95 < 800ms',
      },
      dir,
    );
    expect(report.code).toBe(1);
    expect(parseOutputs(readFileSync(files.output, 'utf8'))).toMatchObject({
      verdict: 'regressed',
      'dominant-phase': 'queue_wait',
    });
    const comments = s.commentsOn('acme/llm', 7);
    expect(comments).toHaveLength(1);
    expect(comments[0].body).toContain('perf-triage · llama-8b-serving: TTFT p95 regressed 179 ms → 2,304 ms');
  }, 60_000);

  it('pull_request without contents permission: the journal is skipped with a warning, the report still lands', async () => {
    const payload = {
      pull_request: { number: 7, head: { sha: HEAD_SHA, repo: { full_name: 'acme/llm' } } },
      repository: { default_branch: 'main' },
    };
    const inputs = {
      results: join(root, 'examples/demo/head.jsonl'),
      baseline: join(root, 'examples/demo/base.jsonl'),
    };
    const { gh, s, dir, env } = await setup('pull_request', payload, inputs);
    gh.faults.push({ method: 'GET', path: '/repos/{owner}/{repo}/contents/{path}', status: 403, times: Infinity });
    const result = await run(env, dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /::warning::the journal on main was not read: the token lacks contents: read \(HTTP 403\)/,
    );
    expect(s.commentsOn('acme/llm', 7)).toHaveLength(1);
  }, 60_000);
});
