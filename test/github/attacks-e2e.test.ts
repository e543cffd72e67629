// Attacks on the GitHub side, each through the bundled action (dist/index.js) against the REST
// emulator, as a fork or a careless permission setting would mount them (issue 12). Every test asserts
// the safe behaviour; each failed before its fix.
import { copyFileSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS_BOT } from '../../src/github/identity';
import { FORK_SHA, HEAD_SHA, parseOutputs, root, run, setup } from './action-harness';

const DEMO = { base: join(root, 'examples/demo/base.jsonl'), head: join(root, 'examples/demo/head.jsonl') };
const OTHER_SHA = 'd'.repeat(40);
const GROUP = 'llama-8b-serving';
const repository = { full_name: 'acme/llm', default_branch: 'main' };

/** The demo's head results with `text` as the value of an engine setting (rendered in the comment). */
function hostileHead(text: string, benchmark?: string): string {
  const [first, ...rest] = readFileSync(DEMO.head, 'utf8').split('\n');
  const meta = JSON.parse(first);
  meta.metadata.config.note = text;
  if (benchmark) meta.metadata.benchmark = benchmark;
  return [JSON.stringify(meta), ...rest].join('\n');
}

function forgedMarker(group: string, stamp: string, sha?: string): string {
  return `<!-- perf-triage:comment group=${group} stamp=${stamp}${sha ? ` sha=${sha}` : ''} -->`;
}

const prPayload = (number = 7, sha = HEAD_SHA) => ({ pull_request: { number, head: { sha, repo: { full_name: 'acme/llm' } }, base: { ref: 'main' } }, repository });

function commentPayload(body: string, options: { user?: string; number?: number; id?: number; createdAt?: string } = {}) {
  const id = options.id ?? 99;
  return {
    action: 'created',
    issue: { number: options.number ?? 7, pull_request: { url: `https://api.github.com/repos/acme/llm/pulls/${options.number ?? 7}` } },
    comment: {
      id,
      body,
      user: { login: options.user ?? 'maria', type: 'User' },
      html_url: `https://github.com/acme/llm/pull/${options.number ?? 7}#issuecomment-${id}`,
      created_at: options.createdAt ?? '2025-01-01T00:10:00Z',
      updated_at: options.createdAt ?? '2025-01-01T00:10:00Z',
    },
    repository,
  };
}

type World = Awaited<ReturnType<typeof setup>>;

/** Runs the action for another event in the same world. */
async function runEvent(world: World, name: string, payload: unknown, extra: Record<string, string | undefined> = {}) {
  writeFileSync(world.env.GITHUB_EVENT_PATH, JSON.stringify(payload));
  writeFileSync(world.files.output, '');
  writeFileSync(world.files.summary, '');
  const env: Record<string, string> = { ...world.env, GITHUB_EVENT_NAME: name };
  for (const [k, v] of Object.entries(extra)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  const result = await run(env, world.dir);
  return { ...result, outputs: parseOutputs(readFileSync(world.files.output, 'utf8')), summary: readFileSync(world.files.summary, 'utf8') };
}

const botComments = (world: World, pull = 7) => world.s.commentsOn('acme/llm', pull).filter((c) => c.author === ACTIONS_BOT);

describe('1. forged report markers', () => {
  it('a marker in the artifact cannot bind a maintainer\'s accept to a commit the fork pushes later', async () => {
    const world = await setup('workflow_run', {}, { results: 'head.jsonl', baseline: DEMO.base });
    const { s } = world;
    s.setPermission('acme/llm', 'maria', 'maintain');
    const forkRun = s.addWorkflowRun('acme/llm', { headBranch: 'patch-1', headSha: FORK_SHA, headRepository: 'mallory/llm' });
    s.addArtifact(forkRun.id, { name: 'perf-triage-results', files: { 'head.jsonl': hostileHead(forgedMarker(GROUP, '1.1', OTHER_SHA)) } });
    const report = await runEvent(world, 'workflow_run', { workflow_run: { id: forkRun.id }, repository });
    expect(report.code).toBe(0);
    expect(botComments(world, 8)).toHaveLength(1);
    // The fork pushes D; before D is benchmarked, a maintainer accepts the report she read (for B).
    s.pull('acme/llm', 8)!.head.sha = OTHER_SHA;
    const accept = await runEvent(world, 'issue_comment', commentPayload('/perf accept fine', { number: 8 }), { GITHUB_RUN_ID: '9100' });
    expect(accept.code).toBe(0);
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
    const victim = s.addWorkflowRun('acme/llm', { name: 'deploy', event: 'push', headBranch: 'main', headSha: 'e'.repeat(40), conclusion: 'failure', workflowId: 999, path: '.github/workflows/deploy.yml' });
    const reporting = s.addWorkflowRun('acme/llm', { id: 9001, headBranch: 'feat', headSha: HEAD_SHA, conclusion: 'failure' });
    writeFileSync(join(world.dir, 'head.jsonl'), hostileHead(forgedMarker(GROUP, `${victim.id}.1`, HEAD_SHA)));
    const report = await runEvent(world, 'pull_request', prPayload(), { INPUT_RESULTS: 'head.jsonl', INPUT_BASELINE: DEMO.base, GITHUB_WORKFLOW_REF: 'acme/llm/.github/workflows/bench.yml@refs/pull/7/merge' });
    expect(report.code).toBe(1);
    const accept = await runEvent(world, 'issue_comment', commentPayload('/perf accept known cost'), { GITHUB_RUN_ID: '9100' });
    expect(accept.outputs.command).toBe('accepted');
    expect(s.runs.get(victim.id)).toMatchObject({ runAttempt: 1, conclusion: 'failure' });
    expect(s.runs.get(reporting.id)).toMatchObject({ runAttempt: 2 });
    expect(world.gh.state.violations).toEqual([]);
  }, 60_000);

  it('a marker of group B in group A\'s report does not let B\'s run overwrite A\'s report', async () => {
    const world = await setup('pull_request', prPayload(), {});
    writeFileSync(join(world.dir, 'a.jsonl'), hostileHead(forgedMarker('b', '1.1')));
    const a = await runEvent(world, 'pull_request', prPayload(), { INPUT_RESULTS: 'a.jsonl', INPUT_BASELINE: DEMO.base, INPUT_GROUP: 'a' });
    expect(a.outputs['comment-id']).toBeTruthy();
    const b = await runEvent(world, 'pull_request', prPayload(), { INPUT_RESULTS: DEMO.head, INPUT_BASELINE: DEMO.base, INPUT_GROUP: 'b' });
    expect(b.outputs['comment-id']).not.toBe(a.outputs['comment-id']);
    const comments = botComments(world);
    expect(comments).toHaveLength(2);
    expect(comments.find((c) => c.id === Number(a.outputs['comment-id']))!.body).toMatch(/group=a stamp=9001\.1 sha=a{40} -->\n$/);
    expect(world.gh.state.violations).toEqual([]);
  }, 60_000);
});

describe('2. workflow commands in untrusted text', () => {
  it('no log line carries a ##[ command from a benchmark name or a field value', async () => {
    const world = await setup('pull_request', prPayload(), {});
    const name = 'llama ##[set-output name=verdict;]unchanged ##[add-mask]ms ##[error]pwned';
    writeFileSync(join(world.dir, 'head.jsonl'), hostileHead('##[warning]from a value', name));
    const result = await runEvent(world, 'pull_request', prPayload(), { INPUT_RESULTS: 'head.jsonl', INPUT_BASELINE: DEMO.base, 'INPUT_GITHUB-TOKEN': '' });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('set-output name=verdict');
    expect(result.stdout.split('\n').filter((l) => l.includes('##['))).toEqual([]);
  }, 60_000);
});

describe('3. baseline: artifact', () => {
  it('takes only push runs of the default branch: a fork PR opened from its own main is not the baseline', async () => {
    const world = await setup('pull_request', prPayload(), { results: 'head.jsonl', baseline: 'artifact', slo: 'ttft p95 < 800ms' });
    const { s } = world;
    copyFileSync(DEMO.head, join(world.dir, 'head.jsonl'));
    s.addWorkflowRun('acme/llm', { id: 9001, headBranch: 'feat', headSha: HEAD_SHA, status: 'in_progress', conclusion: null });
    const genuine = s.addWorkflowRun('acme/llm', { event: 'push', headBranch: 'main', headSha: 'e'.repeat(40) });
    s.addArtifact(genuine.id, { name: 'perf-triage-results', files: { 'head.jsonl': readFileSync(DEMO.base, 'utf8') } });
    // The fork's PR from its branch "main": its run succeeded and uploaded the PR's own results.
    const poisoned = s.addWorkflowRun('acme/llm', { event: 'pull_request', headBranch: 'main', headSha: FORK_SHA, headRepository: 'mallory/llm' });
    s.addArtifact(poisoned.id, { name: 'perf-triage-results', files: { 'head.jsonl': readFileSync(DEMO.head, 'utf8') } });
    const result = await runEvent(world, 'pull_request', prPayload());
    expect(result.stdout).toContain(`baseline from run ${genuine.id} on main`);
    expect(result.outputs).toMatchObject({ verdict: 'regressed', outcome: 'fail' });
    expect(result.code).toBe(1);
  }, 60_000);
});

describe('4. /perf accept binds to the report it answered', () => {
  it('refuses an accept written before the report was updated for a newer commit', async () => {
    const world = await setup('issue_comment', {}, {});
    const { s } = world;
    s.setPermission('acme/llm', 'maria', 'maintain');
    s.pull('acme/llm', 7)!.head.sha = OTHER_SHA;
    // The report was updated for D (00:20) after maria wrote her accept for the old report (00:10).
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: `### 🔴 perf-triage · ${GROUP}: TTFT p95 regressed\n${forgedMarker(GROUP, '9002.1', OTHER_SHA)}`, createdAt: '2025-01-01T00:05:00Z', updatedAt: '2025-01-01T00:20:00Z' });
    const accept = await runEvent(world, 'issue_comment', commentPayload('/perf accept fine', { createdAt: '2025-01-01T00:10:00Z' }), { GITHUB_RUN_ID: '9100' });
    expect(accept.code).toBe(0);
    expect(accept.outputs.command).toBe('stale');
    expect(botComments(world).at(-1)!.body).not.toContain('<!-- perf-triage:accept');
  }, 60_000);

  it('handles a comment once: replaying the event posts no second answer', async () => {
    const world = await setup('issue_comment', {}, {});
    const { s } = world;
    s.setPermission('acme/llm', 'maria', 'maintain');
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: `### report\n${forgedMarker(GROUP, '9001.1', HEAD_SHA)}`, createdAt: '2025-01-01T00:05:00Z' });
    const first = await runEvent(world, 'issue_comment', commentPayload('/perf accept fine'), { GITHUB_RUN_ID: '9100' });
    expect(first.outputs.command).toBe('accepted');
    const again = await runEvent(world, 'issue_comment', commentPayload('/perf accept fine'), { GITHUB_RUN_ID: '9100', GITHUB_RUN_ATTEMPT: '2' });
    expect(again.code).toBe(0);
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
    copyFileSync(join(root, 'test/fixtures/profile/trace_gpu_bound.synthetic.json'), join(world.dir, 'prof-head', `${hostile}.json`));
    copyFileSync(join(root, 'test/fixtures/profile/trace_cpu_bound.synthetic.json'), join(world.dir, 'prof-base', `${hostile} base.json`));
    const result = await runEvent(world, 'pull_request', prPayload(), { INPUT_RESULTS: DEMO.head, INPUT_BASELINE: DEMO.base, INPUT_PROFILE: 'prof-head/*.json', 'INPUT_BASELINE-PROFILE': 'prof-base/*.json' });
    expect(result.code).toBe(1);
    const comment = botComments(world)[0].body;
    for (const text of [result.summary, comment]) {
      // The names are in code spans, where markdown and HTML are text; outside them nothing is left.
      expect(text).toContain('this PR: `prof-head/@octocat <img src=x onerror=alert(1)> [pwn](javascript:alert(1)) <\u2060!--');
      expect(text).not.toContain('<!-- hidden');
      const outsideCode = text.replace(/`[^`\n]*`/g, '');
      expect(outsideCode).toContain('Profile: GPU, CPU or waiting?');
      expect(outsideCode).not.toMatch(/(?<!\\)<img|\]\(javascript|@octocat/);
    }
  }, 60_000);
});

/** 400 small benchmarks, base and head, as files of an artifact. */
function manyBenchmarks(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [side, path] of [['base', DEMO.base], ['head', DEMO.head]] as const) {
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
    const world = await setup('workflow_run', {}, { results: 'head/*.jsonl', baseline: 'base/*.jsonl', resamples: '200', 'report-path': 'report.json' });
    const { s } = world;
    const forkRun = s.addWorkflowRun('acme/llm', { headBranch: 'patch-1', headSha: FORK_SHA, headRepository: 'mallory/llm' });
    s.addArtifact(forkRun.id, { name: 'perf-triage-results', files: manyBenchmarks(400) });
    const result = await runEvent(world, 'workflow_run', { workflow_run: { id: forkRun.id }, repository });
    expect(result.code).toBe(0);
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
    const world = await setup('workflow_run', {}, { results: 'head.jsonl', baseline: DEMO.base, 'report-path': 'report.json' });
    const { s, gh } = world;
    const forkRun = s.addWorkflowRun('acme/llm', { headBranch: 'patch-1', headSha: FORK_SHA, headRepository: 'mallory/llm' });
    s.addArtifact(forkRun.id, { name: 'perf-triage-results', files: { 'head.jsonl': readFileSync(DEMO.head, 'utf8') } });
    gh.faults.push({ method: 'POST', path: '/repos/{owner}/{repo}/check-runs', status: 403, times: Infinity });
    const result = await runEvent(world, 'workflow_run', { workflow_run: { id: forkRun.id }, repository });
    expect(result.stdout).not.toContain('failed unexpectedly');
    expect(result.stdout).toMatch(/::warning::.*checks: write/);
    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({ verdict: 'regressed', outcome: 'fail', 'pull-request': '8' });
    expect(botComments(world, 8)).toHaveLength(1);
    expect(result.summary).toContain('### 🔴 perf-triage');
    expect(existsSync(join(world.dir, 'report.json'))).toBe(true);
  }, 60_000);

  it('403 on listing the artifacts: an error that names actions: read, no stack', async () => {
    const world = await setup('workflow_run', {}, { results: 'head.jsonl', baseline: DEMO.base });
    const forkRun = world.s.addWorkflowRun('acme/llm', { headBranch: 'patch-1', headSha: FORK_SHA, headRepository: 'mallory/llm' });
    world.gh.faults.push({ method: 'GET', path: '/repos/{owner}/{repo}/actions/runs/{run_id}/artifacts', status: 403, times: Infinity });
    const result = await runEvent(world, 'workflow_run', { workflow_run: { id: forkRun.id }, repository });
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('failed unexpectedly');
    expect(result.stdout).toMatch(/::error::.*actions: read/);
  }, 60_000);

  it('403 on the merged pull request lookup in record mode: the log names pull-requests: read and the journal is recorded', async () => {
    const world = await setup('push', {}, { results: DEMO.head, baseline: DEMO.base });
    const sha = world.s.requireRepo('acme/llm').git.refs.get('refs/heads/main')!;
    world.gh.faults.push({ method: 'GET', path: '/repos/{owner}/{repo}/commits/{commit_sha}/pulls', status: 403, times: Infinity });
    const result = await runEvent(world, 'push', { ref: 'refs/heads/main', after: sha, repository }, { GITHUB_SHA: sha, GITHUB_RUN_ID: '8001' });
    expect(result.stdout).not.toContain('failed unexpectedly');
    expect(result.stdout).toMatch(/::warning::.*pull-requests: read/);
    expect(result.code).toBe(0);
    expect(result.outputs['journal-commit']).toMatch(/^[0-9a-f]{40}$/);
  }, 60_000);

  it('403 on updating the check after an accept: the accept is answered and the log names checks: write', async () => {
    const world = await setup('issue_comment', {}, {});
    const { s, gh } = world;
    s.setPermission('acme/llm', 'maria', 'maintain');
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: `### report\n${forgedMarker(GROUP, '9001.1', HEAD_SHA)}`, createdAt: '2025-01-01T00:05:00Z' });
    const check = s.nextCheckRunId();
    s.checkRuns.set(check, { id: check, repo: 'acme/llm', name: 'perf-triage', headSha: HEAD_SHA, status: 'completed', conclusion: 'failure', startedAt: null, completedAt: null, detailsUrl: null, externalId: null, output: { title: 'x', summary: 'x', text: null, annotationsCount: 0 }, author: ACTIONS_BOT });
    gh.faults.push({ method: 'PATCH', path: '/repos/{owner}/{repo}/check-runs/{check_run_id}', status: 403, times: Infinity });
    const result = await runEvent(world, 'issue_comment', commentPayload('/perf accept fine'), { GITHUB_RUN_ID: '9100' });
    expect(result.stdout).not.toContain('failed unexpectedly');
    expect(result.code).toBe(0);
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
    for (const [body, user] of [['/perf help', 'rita'], ['/perf rollback now', 'stranger'], ['/perf', 'rita']]) {
      const result = await runEvent(world, 'issue_comment', commentPayload(body, { user, id: 100 + body.length }));
      expect(result.outputs.command).toBe('ignored');
    }
    expect(s.commentsOn('acme/llm', 7)).toHaveLength(0);
    const help = await runEvent(world, 'issue_comment', commentPayload('/perf help', { user: 'maria', id: 200 }));
    expect(help.outputs.command).toBe('help');
    expect(botComments(world)).toHaveLength(1);
  }, 60_000);

  it('workflow_run: the quality files come from the artifact, not from the default branch\'s checkout', async () => {
    const world = await setup('workflow_run', {}, { results: 'head.jsonl', baseline: DEMO.base, quality: 'quality/scores.json', 'baseline-quality': join(root, 'test/fixtures/quality/scores_base.synthetic.json') });
    const { s } = world;
    const forkRun = s.addWorkflowRun('acme/llm', { headBranch: 'patch-1', headSha: FORK_SHA, headRepository: 'mallory/llm' });
    s.addArtifact(forkRun.id, { name: 'perf-triage-results', files: { 'head.jsonl': readFileSync(DEMO.head, 'utf8'), 'quality/scores.json': readFileSync(join(root, 'test/fixtures/quality/scores_head.synthetic.json'), 'utf8') } });
    // The default branch's checkout holds an older copy under the same name: it must not be read.
    mkdirSync(join(world.dir, 'quality'));
    copyFileSync(join(root, 'test/fixtures/quality/scores_base.synthetic.json'), join(world.dir, 'quality/scores.json'));
    const result = await runEvent(world, 'workflow_run', { workflow_run: { id: forkRun.id }, repository });
    expect(result.code).toBe(0);
    expect(result.summary).toMatch(/\*\*Quality: eval scores\*\*/);
    expect(result.summary).toMatch(/\| accuracy \| 0\.712 ± 0\.0045 \| 0\.681 ± 0\.0047 \|.*\*\*changed\*\*/);
  }, 60_000);

  it('a journal over 8 MB is read (octokit on Node 20 left such replies unparsed)', async () => {
    const world = await setup('push', {}, { results: DEMO.base, baseline: 'journal' });
    const { s } = world;
    const git = s.requireRepo('acme/llm').git;
    const main = () => git.refs.get('refs/heads/main')!;
    const seeded = await runEvent(world, 'push', { ref: 'refs/heads/main', after: main(), repository }, { GITHUB_SHA: main(), GITHUB_RUN_ID: '8001' });
    expect(seeded.code).toBe(0);
    const entry = git.lookup(git.commit(main())!.tree, '.perf-triage/journal.jsonl')!;
    const line = Buffer.from(git.blob(entry.sha)!.data).toString('utf8').trim();
    const lines: string[] = [];
    for (let i = 0, bytes = 0; bytes < 9 * 1024 * 1024; i++) {
      lines.push(line.replace('"8001:', `"${7000 + i}:`));
      bytes += Buffer.byteLength(line) + 1;
    }
    s.commitFiles('acme/llm', 'main', { '.perf-triage/journal.jsonl': `${lines.join('\n')}\n` }, 'a long history');
    const result = await runEvent(world, 'pull_request', prPayload(), { INPUT_RESULTS: DEMO.head, GITHUB_RUN_ID: '8002' });
    expect(result.stdout).not.toMatch(/journal on main was not read/);
    expect(result.stdout).toContain(`journal on main: ${lines.length} entries`);
    expect(statSync(world.files.summary).size).toBeGreaterThan(0);
  }, 120_000);
});
