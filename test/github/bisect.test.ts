// Bisect mode's search against the REST emulator (real HTTP, every request and answer checked against
// GitHub's OpenAPI description), in process and without waiting: over 16 commits it finds the culprit
// in at most 5 dispatches wherever it is; a step smaller than this setup resolves is "too close to
// call" without a run; a run of another workload is refused; the run budget and the time limit stop
// it and the runs it started are cancelled.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { calibrate } from '../../src/compare/calibrate';
import { noiseFileFrom, noiseFileText } from '../../src/compare/noise-file';
import { parseJournalSettings } from '../../src/action/journal-settings';
import { parseBisectSettings, runBisect } from '../../src/action/bisect-mode';
import { ACTIONS_BOT } from '../../src/github/identity';
import { createRng } from '../../src/stats/rng';
import { startEmulator } from './emulator/server';
import { DATA_BRANCH, paths, repo, simRun, unthrottled } from './alert-history';
import { bisectWorld, WORKFLOW, type BisectWorldOptions } from './bisect-world';

// runBisect writes the job summary and outputs as a runner step would: to files.
const saved: Record<string, string | undefined> = {};
beforeAll(() => {
  const dir = mkdtempSync(join(tmpdir(), 'pt-bisect-'));
  for (const [k, file] of [
    ['GITHUB_STEP_SUMMARY', 'summary.md'],
    ['GITHUB_OUTPUT', 'output.txt'],
  ]) {
    saved[k] = process.env[k];
    process.env[k] = join(dir, file);
    writeFileSync(process.env[k]!, '');
  }
});
afterAll(() => {
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
});

async function bisect(options: BisectWorldOptions, settings: Partial<Record<string, string>> = {}) {
  // A clock that moves only when the bisect waits: the budget of minutes without waiting for it.
  let clock = Date.UTC(2026, 11, 3);
  const gh = await startEmulator({ validateResponses: true });
  onTestFinished(() => gh.close());
  gh.state.addRepo({ owner: 'acme', name: 'llm', ownerType: 'Organization', files: { 'README.md': '# llm\n' } });
  gh.state.addActionsToken('ghs_actions');
  const world = bisectWorld(gh, options);
  const client = unthrottled(gh);
  const outcome = await runBisect({
    client,
    context: {
      eventName: 'workflow_dispatch',
      repository: repo,
      apiUrl: gh.url,
      serverUrl: 'https://github.com',
      runId: 777,
      runAttempt: 1,
      sha: world.shas.at(-1)!,
      payload: {},
    },
    settings: parseBisectSettings({
      workflow: WORKFLOW,
      good: world.shas[0],
      bad: world.shas.at(-1)!,
      ref: '',
      issue: '',
      metric: '',
      maxRuns: '',
      repeats: '',
      timeoutMinutes: '',
      pollSeconds: '',
      ...settings,
    }),
    config: buildConfig({}),
    artifact: {
      name: 'perf-triage-results',
      maxBytes: 1 << 28,
      patterns: ['head.jsonl'],
      format: 'auto',
      maxBadLineRatio: 0.05,
    },
    journal: parseJournalSettings({ mode: 'auto', dir: '.perf-triage', branch: DATA_BRANCH, record: 'auto' }),
    journalRef: DATA_BRANCH,
    defaultBranch: 'main',
    alertLabel: 'perf-regression',
    authors: [ACTIONS_BOT],
    sleep: async (ms) => void (clock += ms),
    now: () => clock,
  });
  return { gh, world, outcome, summary: readFileSync(process.env.GITHUB_STEP_SUMMARY!, 'utf8') };
}

describe('bisect over 16 commits', () => {
  const random = 2 + Math.floor(createRng(20261203).next() * 14);
  for (const culprit of [1, random, 16]) {
    it(`finds the culprit at commit ${culprit} in at most 5 dispatches on clean data`, async () => {
      const { gh, world, outcome } = await bisect({ commits: 16, culprit, inject: 'prefix-cache-off' });
      expect(outcome.result, outcome.reason).toBe('found');
      expect(outcome.culprit!.sha).toBe(world.shas[culprit]);
      expect(outcome.dispatches).toBeLessThanOrEqual(5);
      expect(outcome.dispatches).toBe(world.runs.length);
      // The ends came from the journal's runs: no dispatch at either end.
      expect(world.dispatched[0] + world.dispatched[16]).toBe(0);
      expect(outcome.culprit!.pulls).toEqual([expect.objectContaining({ author: 'dana', title: `Change ${culprit}` })]);
      expect(outcome.culprit!.diagnosis?.verdict).toBe('regressed');
      expect(gh.state.violations).toEqual([]);
    }, 120_000);
  }
});

describe('bisect stops honestly', () => {
  it('a step smaller than the calibrated detectable change is too close to call, with no run started', async () => {
    const runs = await Promise.all([0, 1, 2, 3].map(async (k) => (await simRun('base', 9300 + k, 1000)).runs[0]));
    const noise = noiseFileFrom(
      calibrate({ label: 'base', runs }, buildConfig({}), { benchmark: 'llama-8b-serving' }),
      { calibratedAt: '2026-10-01T00:00:00Z', runner: 'gpu-runner-2', confidence: 0.95 },
    );
    const { outcome, world, summary } = await bisect(
      {
        commits: 16,
        culprit: 9,
        inject: 'decode-4pct-slower',
        extraJournal: { [paths.noise('llama-8b-serving')]: noiseFileText(noise) },
      },
      { metric: 'itl p50' },
    );
    expect(outcome.result).toBe('too-close-to-call');
    expect(outcome.dispatches).toBe(0);
    expect(world.runs).toEqual([]);
    expect(outcome.key).toBe('itl.p50');
    expect(outcome.detectable).toBeCloseTo(noise.metrics['itl.p50'].detectable, 6);
    expect(outcome.step!.verdict).not.toBe('regressed');
    expect(summary).toContain('### 🔎 perf-triage bisect: too close to call');
    expect(summary).toMatch(/This runner's calibration detects about \d+(\.\d)?% on ITL p50/);
  }, 120_000);

  it('refuses a run that measured another workload, and names what differs', async () => {
    const { outcome } = await bisect({
      commits: 16,
      culprit: 5,
      inject: 'prefix-cache-off',
      edit: (text) => {
        const [first, ...rest] = text.split('\n');
        const meta = JSON.parse(first);
        meta.metadata.hardware = '8x NVIDIA A100 80GB';
        return [JSON.stringify(meta), ...rest].join('\n');
      },
    });
    expect(outcome.result).toBe('refused');
    expect(outcome.dispatches).toBe(1);
    expect(outcome.reason).toMatch(
      /measured another workload than the good end .*hardware 1x NVIDIA H100 80GB HBM3 \(simulated\) → 8x NVIDIA A100 80GB/,
    );
  }, 120_000);

  it('stops at its run budget with the range narrowed so far', async () => {
    const { outcome, world } = await bisect({ commits: 16, culprit: 11, inject: 'prefix-cache-off' }, { maxRuns: '2' });
    expect(outcome.result).toBe('budget');
    expect(outcome.dispatches).toBe(2);
    // 16 → 8 → 4 candidates: c8 good, c12 bad.
    expect(outcome.open).toEqual({ good: world.shas[8], bad: world.shas[12], commits: 4 });
  }, 120_000);

  it('stops at its time limit and cancels the run it started', async () => {
    const { gh, outcome, world } = await bisect(
      { commits: 16, culprit: 3, inject: 'prefix-cache-off', polls: Infinity },
      { timeoutMinutes: '30', pollSeconds: '30' },
    );
    expect(outcome.result).toBe('timeout');
    expect(outcome.minutes).toBeGreaterThanOrEqual(29.5);
    expect(world.runs).toHaveLength(1);
    expect(gh.state.runs.get(world.runs[0])).toMatchObject({ status: 'completed', conclusion: 'cancelled' });
    expect(gh.calls('actions/cancel-workflow-run')).toHaveLength(1);
  }, 120_000);
});
