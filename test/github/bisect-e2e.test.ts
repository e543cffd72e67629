// Bisect mode through the bundled action (dist/index.js) against the REST emulator: dispatched by a
// workflow_dispatch of the bisect workflow, it finds the culprit among 16 commits in at most 5 runs of
// the team's benchmark workflow and posts the table of tested commits on the alert issue of the range.
import { describe, expect, it } from 'vitest';
import { ACTIONS_BOT } from '../../src/github/identity';
import { alertMarker } from '../../src/github/alerts';
import { setup } from './action-harness';
import { repository, runEvent } from './attack-helpers';
import { DATA_BRANCH } from './alert-history';
import { bisectWorld, WORKFLOW } from './bisect-world';

describe('bisect with the bundled action', () => {
  it('finds the culprit at a random position among 16 commits in at most 5 dispatches and reports on the alert issue', async () => {
    // A fresh position on every run (the in-process tests cover 1, 16 and a seeded one); it is in every message.
    const culprit = 1 + Math.floor(Math.random() * 16);
    const world = await setup('workflow_dispatch', {}, {});
    const { gh, s } = world;
    const bisect = bisectWorld(gh, { commits: 16, culprit, inject: 'prefix-cache-off' });
    const range = `${bisect.shas[0]}..${bisect.shas[16]}`;
    const alert = s.addIssue('acme/llm', {
      author: ACTIONS_BOT,
      title: 'perf-triage: TTFT p95 +100%',
      labels: ['perf-regression'],
      body: `alert\n${alertMarker({ v: 1, status: 'open', range, metrics: [] })}`,
    });
    const inputs = {
      INPUT_MODE: 'bisect',
      'INPUT_BISECT-WORKFLOW': WORKFLOW,
      'INPUT_BISECT-GOOD': bisect.shas[0],
      'INPUT_BISECT-BAD': bisect.shas[16],
      'INPUT_BISECT-POLL-SECONDS': '0.05',
      'INPUT_JOURNAL-BRANCH': DATA_BRANCH,
      INPUT_RESULTS: 'head.jsonl',
    };
    const result = await runEvent(
      world,
      'workflow_dispatch',
      { inputs: {}, ref: 'refs/heads/main', repository },
      { ...inputs, GITHUB_RUN_ID: '9900' },
    );
    expect(result.code, `culprit at ${culprit}: ${result.stdout}`).toBe(0);
    expect(result.outputs, `culprit at ${culprit}`).toMatchObject({
      'bisect-result': 'found',
      culprit: bisect.shas[culprit],
    });
    expect(Number(result.outputs['bisect-runs'])).toBeLessThanOrEqual(5);
    expect(
      gh.calls('actions/create-workflow-dispatch').map((r) => (r.body as { inputs: { ref: string } }).inputs.ref),
    ).toEqual(
      bisect.runs
        .map((id) => s.runs.get(id)!.displayTitle!.split(' ')[1])
        .map((short) => bisect.shas.find((sha) => sha.startsWith(short))),
    );
    const [posted] = s.commentsOn('acme/llm', alert.number);
    expect(posted.author).toBe(ACTIONS_BOT);
    expect(posted.body).toContain(
      `### 🔎 perf-triage bisect: \`${bisect.shas[culprit].slice(0, 7)}\` is the first bad commit`,
    );
    expect(posted.body).toMatch(
      /\| commit \| pull request \| runs \| TTFT p\d+ \| vs good end \| vs bad end \| verdict \|/,
    );
    expect(posted.body).toContain(`(good end)`);
    expect(posted.body).toMatch(/by dana/);
    expect(result.summary).toBe(posted.body);
    expect(gh.state.violations).toEqual([]);
  }, 120_000);
});
