// Confirming re-runs and calibration through the bundled action (dist/index.js) against the REST
// emulator. Confirm: in fork-safe mode with confirm-attempts 3, an undecided report re-runs the
// benchmark run instead of calling it, each attempt's artifact is pooled, and after the third attempt
// (three runs a side: the between-run noise measured) the verdict stands — two re-runs, one comment.
// Calibrate: four runs of one build give the noise file, committed to the journal, and the next pull
// request's comment says where its noise came from and the false-alarm rate measured for it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { simulateToJsonl } from '../../src/sim';
import { ACTIONS_BOT } from '../../src/github/identity';
import { parseNoiseFile } from '../../src/compare/noise-file';
import { HEAD_SHA, setup } from './action-harness';
import { prPayload, repository, runEvent } from './attack-helpers';
import { scenarioWith } from './alert-history';

describe('confirm before crying wolf', () => {
  it('re-runs the benchmark run while more runs could decide, pools every attempt, and stops after the last', async () => {
    const world = await setup(
      'workflow_run',
      {},
      { results: 'head.jsonl', baseline: 'base.jsonl', 'confirm-attempts': '3' },
    );
    const { gh, s } = world;
    const bench = s.addWorkflowRun('acme/llm', { headBranch: 'feat', headSha: HEAD_SHA, name: 'perf-benchmark' });
    const attempt = (k: number) => {
      // Each attempt measures the base and the head on the same runner, one after the other.
      s.addArtifact(bench.id, {
        name: `perf-triage-results-${k}`,
        files: {
          'base.jsonl': simulateToJsonl(scenarioWith(6100 + k, 1000)),
          'head.jsonl': simulateToJsonl(scenarioWith(6200 + k, 1000)),
        },
      });
      Object.assign(s.runs.get(bench.id)!, { status: 'completed', conclusion: 'success' });
    };
    const report = (k: number) =>
      runEvent(
        world,
        'workflow_run',
        { workflow_run: { id: bench.id, run_attempt: k }, repository },
        { GITHUB_RUN_ID: String(9500 + k) },
      );

    attempt(1);
    const first = await report(1);
    expect(first.code, first.stdout).toBe(0);
    expect(first.outputs).toMatchObject({ confirming: 'true', outcome: 'pass' });
    expect(first.stdout).toMatch(
      /confirming before calling it: .* could go either way with one run a side, so the benchmark runs again \(attempt 2 of 3\)/,
    );
    expect(s.runs.get(bench.id)).toMatchObject({ runAttempt: 2, status: 'queued' });
    const comment = () => s.commentsOn('acme/llm', 7).filter((c) => c.author === ACTIONS_BOT);
    expect(comment()).toHaveLength(1);
    expect(comment()[0].body).toContain('`confirming`: confirming before calling it');

    attempt(2);
    const second = await report(2);
    expect(second.outputs.confirming).toBe('true');
    expect(second.stdout).toContain('2 attempt(s) pooled');
    expect(s.runs.get(bench.id)!.runAttempt).toBe(3);

    attempt(3);
    const third = await report(3);
    expect(third.code, third.stdout).toBe(0);
    expect(third.outputs.confirming).toBe('false');
    expect(third.stdout).toContain('3 attempt(s) pooled');
    const json = JSON.parse(readFileSync(join(world.dir, 'perf-triage-report.json'), 'utf8'));
    expect(json.benchmarks[0].base.runs).toBe(3);
    expect(json.benchmarks[0].head.runs).toBe(3);
    // Three runs a side: the between-run noise is measured, no allowance assumed.
    expect(json.benchmarks[0].metrics.find((m: { key: string }) => m.key === 'ttft.p50').runNoise).toEqual({
      base: 0,
      head: 0,
    });
    expect(gh.calls('actions/re-run-workflow')).toHaveLength(2);
    expect(comment()).toHaveLength(1);
    expect(comment()[0].body).not.toContain('confirming before calling it');
    expect(gh.calls('checks/create')).toHaveLength(1);
    expect(gh.state.violations).toEqual([]);
  }, 180_000);
});

describe('calibrate mode', () => {
  it('commits the noise file to the journal; the next pull request says where its noise came from', async () => {
    const world = await setup(
      'workflow_dispatch',
      {},
      { mode: 'calibrate', results: 'runs/*.jsonl', runner: 'gpu-runner-2' },
    );
    const { gh, s, dir } = world;
    mkdirSync(join(dir, 'runs'));
    for (const k of [1, 2, 3, 4])
      writeFileSync(join(dir, 'runs', `run-${k}.jsonl`), simulateToJsonl(scenarioWith(6300 + k, 600)));
    const calibrated = await runEvent(
      world,
      'workflow_dispatch',
      { inputs: {}, repository },
      { GITHUB_RUN_ID: '9600' },
    );
    expect(calibrated.code, calibrated.stdout).toBe(0);
    expect(calibrated.outputs['noise-file']).toBe('.perf-triage/noise/llama-8b-serving.json');
    expect(Number(calibrated.outputs['false-alarm-rate'])).toBeLessThanOrEqual(0.05);
    expect(calibrated.summary).toContain('### perf-triage calibrate · llama-8b-serving');
    expect(calibrated.summary).toMatch(/\| TTFT p95 \| σ [\d.]+% \| σ [\d.]+% \|/);
    const git = s.requireRepo('acme/llm').git;
    const entry = git.lookup(
      git.commit(git.refs.get('refs/heads/main')!)!.tree,
      '.perf-triage/noise/llama-8b-serving.json',
    )!;
    const noise = parseNoiseFile(Buffer.from(git.blob(entry.sha)!.data).toString('utf8'), 'noise.json');
    expect(noise).toMatchObject({ benchmark: 'llama-8b-serving', runs: 4, runner: 'gpu-runner-2' });

    // A pull request compared on this runner: its noise is the calibration's, and the comment says so.
    writeFileSync(join(dir, 'base.jsonl'), simulateToJsonl(scenarioWith(6400, 800)));
    writeFileSync(join(dir, 'head.jsonl'), simulateToJsonl(scenarioWith(6401, 800)));
    const pr = await runEvent(world, 'pull_request', prPayload(), {
      INPUT_MODE: 'auto',
      INPUT_RESULTS: 'head.jsonl',
      INPUT_BASELINE: 'base.jsonl',
      GITHUB_RUN_ID: '9601',
    });
    expect(pr.stdout).toContain(
      `noise of llama-8b-serving: the calibration of ${noise.calibratedAt.slice(0, 10)} (4 runs on gpu-runner-2)`,
    );
    const body = s.commentsOn('acme/llm', 7).find((c) => c.author === ACTIONS_BOT)!.body;
    const after = noise.falseAlarms.after;
    expect(body).toContain(
      `llama-8b-serving: noise band from calibration of ${noise.calibratedAt.slice(0, 10)}, 4 runs on gpu-runner-2; measured false-alarm rate of this setup: ${after.alarms} of ${after.comparisons} A/A metric comparisons`,
    );
    const json = JSON.parse(readFileSync(join(dir, 'perf-triage-report.json'), 'utf8'));
    expect(json.benchmarks[0].metrics.find((m: { key: string }) => m.key === 'ttft.p95').runNoise.base).toBeCloseTo(
      noise.metrics['ttft.p95'].allowance,
      3,
    );
    expect(gh.state.violations).toEqual([]);
  }, 180_000);
});
