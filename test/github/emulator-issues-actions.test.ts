// The emulator's endpoints for alerts, bisect and confirming re-runs — issues, labels, assignees,
// comparisons of commits, workflow dispatch, cancelling and re-running runs — answered like GitHub and
// every request and answer checked against GitHub's OpenAPI description (validateResponses).
import { Octokit } from 'octokit';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startEmulator } from './emulator/server';

async function world() {
  const gh = await startEmulator({ validateResponses: true });
  onTestFinished(() => gh.close());
  const s = gh.state;
  s.addRepo({ owner: 'acme', name: 'llm', ownerType: 'Organization', files: { 'README.md': '# llm\n' } });
  s.addActionsToken('ghs_actions');
  s.addActionsToken('ghs_readonly', { readOnly: true });
  s.setPermission('acme/llm', 'alice', 'write');
  s.addUser({ login: 'stranger' });
  const client = (auth: string) =>
    new Octokit({ auth, baseUrl: gh.url, throttle: { enabled: false }, retry: { enabled: false } });
  return { gh, s, octokit: client('ghs_actions'), readonly: client('ghs_readonly') };
}

const repo = { owner: 'acme', repo: 'llm' };

async function status(p: Promise<unknown>): Promise<number> {
  try {
    await p;
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe('emulated issues and labels', () => {
  it('creates, lists by label and creator, updates and closes issues; labels are created as GitHub does', async () => {
    const { gh, s, octokit, readonly } = await world();
    expect(await status(octokit.rest.issues.getLabel({ ...repo, name: 'perf-regression' }))).toBe(404);
    await octokit.rest.issues.createLabel({
      ...repo,
      name: 'perf-regression',
      color: 'd73a4a',
      description: 'perf-triage alerts',
    });
    expect(await status(octokit.rest.issues.createLabel({ ...repo, name: 'perf-regression', color: 'd73a4a' }))).toBe(
      422,
    );
    const { data: created } = await octokit.rest.issues.create({
      ...repo,
      title: 'TTFT p95 +20%',
      body: 'body',
      labels: ['perf-regression', 'triage'],
      assignees: ['alice'],
    });
    expect(created).toMatchObject({
      number: 1,
      state: 'open',
      user: { login: 'github-actions[bot]' },
      assignees: [{ login: 'alice' }],
    });
    expect(created.labels.map((l) => (typeof l === 'string' ? l : l.name))).toEqual(['perf-regression', 'triage']);
    expect(s.requireRepo('acme/llm').labels.has('triage')).toBe(true);
    expect(await status(octokit.rest.issues.create({ ...repo, title: 'x', assignees: ['stranger'] }))).toBe(422);
    expect(await status(readonly.rest.issues.create({ ...repo, title: 'x' }))).toBe(403);
    s.addIssue('acme/llm', { title: 'unrelated', author: 'alice' });
    const listed = await octokit.paginate(octokit.rest.issues.listForRepo, {
      ...repo,
      labels: 'perf-regression',
      state: 'all',
      per_page: 100,
    });
    expect(listed.map((i) => i.number)).toEqual([1]);
    const { data: closed } = await octokit.rest.issues.update({
      ...repo,
      issue_number: 1,
      state: 'closed',
      state_reason: 'not_planned',
    });
    expect(closed).toMatchObject({
      state: 'closed',
      state_reason: 'not_planned',
      closed_by: { login: 'github-actions[bot]' },
    });
    expect((await octokit.rest.issues.listForRepo({ ...repo, labels: 'perf-regression' })).data).toEqual([]);
    expect(await status(octokit.rest.issues.checkUserCanBeAssigned({ ...repo, assignee: 'alice' }))).toBe(200);
    expect(await status(octokit.rest.issues.checkUserCanBeAssigned({ ...repo, assignee: 'stranger' }))).toBe(404);
    expect(gh.state.violations).toEqual([]);
  });

  it('compares commits oldest first, as GitHub lists a range', async () => {
    const { gh, s, octokit } = await world();
    const base = s.requireRepo('acme/llm').git.refs.get('refs/heads/main')!;
    const shas = [1, 2, 3].map((k) => s.commitFiles('acme/llm', 'main', { [`f${k}`]: String(k) }, `change ${k}`));
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({ ...repo, basehead: `${base}...${shas[2]}` });
    expect(data).toMatchObject({ status: 'ahead', ahead_by: 3, behind_by: 0, total_commits: 3 });
    expect(data.commits.map((c) => c.sha)).toEqual(shas);
    expect(data.commits[0].commit.message).toBe('change 1');
    expect(gh.state.violations).toEqual([]);
  });
});

describe('emulated workflow dispatch, cancel and re-run', () => {
  it('a dispatch creates a run that moves on as it is polled, with an artifact its handler adds', async () => {
    const { gh, s, octokit } = await world();
    s.onDispatch = ({ run, inputs, state }) => {
      run.displayTitle = `perf bisect ${String(inputs.ref)}`;
      state.addArtifact(run.id, { name: 'perf-triage-results', files: { 'head.jsonl': '{}' } });
      return { completeAfterPolls: 2 };
    };
    const { status: code, data } = await octokit.rest.actions.createWorkflowDispatch({
      ...repo,
      workflow_id: 'perf-bisect.yml',
      ref: 'main',
      inputs: { ref: 'abc' },
      return_run_details: true,
    });
    expect(code).toBe(200);
    const id = (data as unknown as { workflow_run_id: number }).workflow_run_id;
    const first = await octokit.rest.actions.getWorkflowRun({ ...repo, run_id: id });
    expect(first.data).toMatchObject({
      status: 'in_progress',
      event: 'workflow_dispatch',
      display_title: 'perf bisect abc',
      path: '.github/workflows/perf-bisect.yml',
    });
    expect((await octokit.rest.actions.getWorkflowRun({ ...repo, run_id: id })).data).toMatchObject({
      status: 'completed',
      conclusion: 'success',
    });
    expect(
      (await octokit.rest.actions.listWorkflowRunArtifacts({ ...repo, run_id: id })).data.artifacts.map((a) => a.name),
    ).toEqual(['perf-triage-results']);
    expect(
      await status(
        octokit.rest.actions.createWorkflowDispatch({ ...repo, workflow_id: 'perf-bisect.yml', ref: 'no-such-branch' }),
      ),
    ).toBe(422);
    const plain = await octokit.rest.actions.createWorkflowDispatch({
      ...repo,
      workflow_id: 'perf-bisect.yml',
      ref: 'main',
    });
    expect(plain.status).toBe(204);
    expect(gh.state.violations).toEqual([]);
  });

  it('cancels a run in progress (409 once completed) and re-runs a completed one as a new attempt', async () => {
    const { gh, s, octokit, readonly } = await world();
    s.onDispatch = () => ({ completeAfterPolls: 100 });
    const { data } = await octokit.rest.actions.createWorkflowDispatch({
      ...repo,
      workflow_id: 'perf-bisect.yml',
      ref: 'main',
      return_run_details: true,
    });
    const id = (data as unknown as { workflow_run_id: number }).workflow_run_id;
    expect(await status(readonly.rest.actions.cancelWorkflowRun({ ...repo, run_id: id }))).toBe(403);
    expect((await octokit.rest.actions.cancelWorkflowRun({ ...repo, run_id: id })).status).toBe(202);
    expect(s.runs.get(id)).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
    expect(await status(octokit.rest.actions.cancelWorkflowRun({ ...repo, run_id: id }))).toBe(409);
    const bench = s.addWorkflowRun('acme/llm', { headBranch: 'feat', headSha: 'a'.repeat(40) });
    expect((await octokit.rest.actions.reRunWorkflow({ ...repo, run_id: bench.id })).status).toBe(201);
    expect(s.runs.get(bench.id)).toMatchObject({ runAttempt: 2, status: 'queued' });
    expect(await status(octokit.rest.actions.reRunWorkflow({ ...repo, run_id: bench.id }))).toBe(403);
    expect(gh.state.violations).toEqual([]);
  });
});
