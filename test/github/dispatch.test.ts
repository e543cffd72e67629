// The runs bisect starts, against the REST emulator: a dispatch finds its run by the id GitHub returns,
// or — where GitHub refuses return_run_details (an older Enterprise Server) — by the token in the run's
// title; waiting stops at the deadline; cancelling a completed run is not an error.
import { Octokit } from 'octokit';
import { describe, expect, it, onTestFinished } from 'vitest';
import { cancelRun, dispatchRun, waitForRun } from '../../src/github/dispatch';
import { startEmulator } from './emulator/server';

const repo = { owner: 'acme', repo: 'llm' };

async function world() {
  const gh = await startEmulator({ validateResponses: true });
  onTestFinished(() => gh.close());
  gh.state.addRepo({ owner: 'acme', name: 'llm', ownerType: 'Organization', files: { 'README.md': '# llm\n' } });
  gh.state.addActionsToken('ghs_actions');
  gh.state.onDispatch = ({ run, inputs }) => {
    run.displayTitle = `perf-bisect ${String(inputs.ref)} ${String(inputs.token)}`;
    return { completeAfterPolls: 3 };
  };
  return {
    gh,
    client: new Octokit({
      auth: 'ghs_actions',
      baseUrl: gh.url,
      throttle: { enabled: false },
      retry: { enabled: false },
    }),
  };
}

const noWait = { sleep: async () => {}, pollMs: 10 };

describe('dispatched runs', () => {
  it('finds the run by the id GitHub returns, waits for it, and cancelling it then is a no-op', async () => {
    const { gh, client } = await world();
    const run = await dispatchRun(
      client,
      repo,
      { workflow: 'perf-bisect-bench.yml', ref: 'main', inputs: { ref: 'abc1234', token: '5-1' }, token: '5-1' },
      noWait,
    );
    expect(gh.state.runs.get(run.id)).toMatchObject({
      event: 'workflow_dispatch',
      path: '.github/workflows/perf-bisect-bench.yml',
    });
    expect(await waitForRun(client, repo, run.id, { ...noWait, deadline: Date.now() + 60_000 })).toEqual({
      status: 'completed',
      conclusion: 'success',
      timedOut: false,
    });
    expect(await cancelRun(client, repo, run.id)).toBe(false);
    expect(gh.state.violations).toEqual([]);
  });

  it('without return_run_details, finds the run by the token in its title', async () => {
    const { gh, client } = await world();
    gh.faults.push({
      method: 'POST',
      path: '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches',
      status: 422,
      body: {
        message: 'Invalid request.\n\nreturn_run_details is not a permitted key.',
        documentation_url: 'https://docs.github.com/rest',
        status: '422',
      },
    });
    gh.state.addWorkflowRun('acme/llm', {
      event: 'workflow_dispatch',
      headBranch: 'main',
      headSha: 'a'.repeat(40),
      path: '.github/workflows/perf-bisect-bench.yml',
      displayTitle: 'perf-bisect old 4-9',
    });
    const run = await dispatchRun(
      client,
      repo,
      { workflow: 'perf-bisect-bench.yml', ref: 'main', inputs: { ref: 'def5678', token: '5-2' }, token: '5-2' },
      noWait,
    );
    expect(gh.state.runs.get(run.id)!.displayTitle).toBe('perf-bisect def5678 5-2');
    const dispatches = gh.calls('actions/create-workflow-dispatch');
    expect(dispatches.map((r) => [r.status, (r.body as { return_run_details?: boolean }).return_run_details])).toEqual([
      [422, true],
      [204, undefined],
    ]);
  });

  it('stops waiting at the deadline', async () => {
    const { gh, client } = await world();
    gh.state.onDispatch = () => ({ completeAfterPolls: Infinity });
    const run = await dispatchRun(
      client,
      repo,
      { workflow: 'perf-bisect-bench.yml', ref: 'main', inputs: { ref: 'x', token: 't' }, token: 't' },
      noWait,
    );
    let now = 0;
    const outcome = await waitForRun(client, repo, run.id, {
      sleep: async () => void (now += 10),
      pollMs: 10,
      deadline: 50,
      now: () => now,
    });
    expect(outcome).toMatchObject({ timedOut: true, status: 'in_progress' });
    expect(await cancelRun(client, repo, run.id)).toBe(true);
  });
});
