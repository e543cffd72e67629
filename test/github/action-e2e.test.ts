// The bundled action (dist/index.js) as a runner starts it: the environment a runner sets
// (GITHUB_EVENT_NAME, GITHUB_EVENT_PATH, GITHUB_REPOSITORY, GITHUB_API_URL, INPUT_*, GITHUB_OUTPUT,
// GITHUB_STEP_SUMMARY), talking to the REST emulator over HTTP.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { ACTIONS_BOT } from '../../src/github/identity';
import { startEmulator } from './emulator/server';

const root = resolve('.');
const HEAD_SHA = 'a'.repeat(40);
const FORK_SHA = 'b'.repeat(40);

function run(env: Record<string, string>, cwd: string): Promise<{ code: number | null; stdout: string }> {
  return new Promise((done) => {
    // Async, not spawnSync: the emulator answers from this process's event loop.
    const child = spawn(process.execPath, [join(root, 'dist/index.js')], { cwd, env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stdout += d));
    child.on('close', (code) => done({ code, stdout }));
  });
}

function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<]+)<<(.+)$/.exec(lines[i]);
    if (!m) continue;
    const value: string[] = [];
    for (i++; i < lines.length && lines[i] !== m[2]; i++) value.push(lines[i]);
    out[m[1]] = value.join('\n');
  }
  return out;
}

async function setup(event: string, payload: Record<string, unknown>, inputs: Record<string, string>) {
  const gh = await startEmulator({});
  onTestFinished(() => gh.close());
  const s = gh.state;
  s.addRepo({ owner: 'acme', name: 'llm', ownerType: 'Organization', files: { 'README.md': '# llm\n' } });
  s.addActionsToken('ghs_actions');
  s.addPull('acme/llm', { number: 7, author: 'alice', head: { ref: 'feat', sha: HEAD_SHA } });
  s.addPull('acme/llm', { number: 8, author: 'mallory', head: { ref: 'patch-1', sha: FORK_SHA, repo: 'mallory/llm' } });
  const dir = mkdtempSync(join(tmpdir(), 'pt-e2e-'));
  const files = { event: join(dir, 'event.json'), output: join(dir, 'output.txt'), summary: join(dir, 'summary.md') };
  writeFileSync(files.event, JSON.stringify(payload));
  writeFileSync(files.output, '');
  writeFileSync(files.summary, '');
  const env: Record<string, string> = {
    GITHUB_ACTIONS: 'true',
    GITHUB_EVENT_NAME: event,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_REPOSITORY: 'acme/llm',
    GITHUB_API_URL: gh.url,
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_RUN_ID: '9001',
    GITHUB_RUN_ATTEMPT: '1',
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    RUNNER_TEMP: dir,
    'INPUT_GITHUB-TOKEN': 'ghs_actions',
  };
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
  return { gh, s, dir, env, files };
}

describe('the bundled action against the emulator', () => {
  it('pull_request: fails on the regression, comments once, and updates the same comment on the next push', async () => {
    const payload = { pull_request: { number: 7, head: { sha: HEAD_SHA, repo: { full_name: 'acme/llm' } } } };
    const inputs = { results: join(root, 'examples/demo/head.jsonl'), baseline: join(root, 'examples/demo/base.jsonl'), slo: 'ttft p95 < 800ms' };
    const { gh, s, dir, env, files } = await setup('pull_request', payload, inputs);
    const first = await run(env, dir);
    expect(first.code).toBe(1);
    const outputs = parseOutputs(readFileSync(files.output, 'utf8'));
    expect(outputs).toMatchObject({ verdict: 'regressed', 'pull-request': '7' });
    const comments = s.commentsOn('acme/llm', 7);
    expect(comments).toHaveLength(1);
    expect(comments[0].author).toBe(ACTIONS_BOT);
    expect(comments[0].body).toContain('perf-triage · llama-8b-serving: TTFT p95 regressed');
    expect(comments[0].body).toContain('<!-- perf-triage:comment group=llama-8b-serving stamp=9001.1 -->');
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
    const forkRun = s.addWorkflowRun('acme/llm', { headBranch: 'patch-1', headSha: FORK_SHA, headRepository: 'mallory/llm' });
    // The artifact claims PR 7 (not the fork's): nothing reads that.
    s.addArtifact(forkRun.id, { name: 'perf-triage-results', files: { 'head.jsonl': readFileSync(join(root, 'examples/demo/head.jsonl'), 'utf8'), 'pr.txt': '7' } });
    writeFileSync(env.GITHUB_EVENT_PATH, JSON.stringify({ workflow_run: { id: forkRun.id, pull_requests: [{ number: 7 }] } }));
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
});
