// Alerts from the journal against the REST emulator (every request and answer checked against GitHub's
// OpenAPI description): a simulated history of 30 merges with one injected step opens exactly one
// issue, naming the right commit range, pull request and phase; re-running a record adds nothing;
// the recovery closes it; a maintainer's /perf accept on the issue closes it as accepted.
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildConfig, minEffectFor } from '../../src/config/config';
import { ALERT_MIN_AFTER, detectAlerts } from '../../src/journal/alerts';
import { parseMetricSpec } from '../../src/metrics/metric-spec';
import { acceptAlert, fileAlerts, parseAlertMarker, type FileResult } from '../../src/github/alerts';
import { ACTIONS_BOT } from '../../src/github/identity';
import { startEmulator } from './emulator/server';
import { mergeHistory, repo, unthrottled, type Merge } from './alert-history';

const config = buildConfig({});
const minEffect = (key: string) =>
  minEffectFor(config, parseMetricSpec(key) as Exclude<ReturnType<typeof parseMetricSpec>, string>);
const settings = { labels: ['perf-regression'], assignees: ['author'], bisectWorkflow: 'perf-bisect-bench.yml' };

async function world() {
  const gh = await startEmulator({ validateResponses: true });
  onTestFinished(() => gh.close());
  const s = gh.state;
  s.addRepo({ owner: 'acme', name: 'llm', ownerType: 'Organization', files: { 'README.md': '# llm\n' } });
  s.addActionsToken('ghs_actions');
  s.setPermission('acme/llm', 'dana', 'write');
  s.setPermission('acme/llm', 'maria', 'maintain');
  return { gh, s, client: unthrottled(gh) };
}

describe('alerts from the journal', () => {
  it('30 merges, one injected step: one issue for the right range and phase; re-runs add nothing; recovery closes it', async () => {
    const { gh, s, client } = await world();
    const STEP = 18;
    const filed: { k: number; result: FileResult; ranges: string[] }[] = [];
    const file = async (merge: Merge) => {
      const alerts = detectAlerts({
        entries: merge.entries,
        recorded: merge.recorded,
        report: merge.report,
        minEffect,
        level: 0.95,
      });
      const result = await fileAlerts(client, repo, alerts, {
        authors: [ACTIONS_BOT],
        settings,
        entries: merge.entries,
      });
      filed.push({ k: merge.k, result, ranges: alerts.map((a) => a.range) });
    };
    const merges = await mergeHistory(gh, client, {
      merges: 30,
      requests: 1000,
      stepAt: STEP,
      inject: 'decode-kernel-slower',
      after: file,
    });

    // With one run a side at 1,000 requests, merge 18's own comparison cannot tell (ITL p50 about +9%,
    // inconclusive); the journal can: once 7 entries follow the step, change-point detection places it.
    const issues = s.issuesOf('acme/llm');
    expect(issues, JSON.stringify(filed.filter((f) => f.ranges.length).map((f) => [f.k, f.ranges]))).toHaveLength(1);
    expect(merges[STEP - 1].recorded[0].kind).toBe('recorded');
    expect(filed.find((f) => f.result.opened.length)!.k).toBe(STEP + ALERT_MIN_AFTER - 1);
    const issue = issues[0];
    const before = merges[STEP - 2].sha;
    const after = merges[STEP - 1].sha;
    expect(parseAlertMarker(issue.body)!.range).toBe(`${before}..${after}`);
    expect(issue.title).toMatch(
      new RegExp(
        `^perf-triage: ITL p50 \\+\\d+(\\.\\d)?% in llama-8b-serving.* between ${before.slice(0, 7)} and ${after.slice(0, 7)}$`,
      ),
    );
    expect(issue.body).toMatch(
      /\| llama-8b-serving \| ITL p50 \| \d+\.\d ms \| \d+\.\d ms \| \+\d+(\.\d)?% \| \+\d+(\.\d)?% … \+\d+(\.\d)?% \(95%\) \| step in the journal, p = 0\.\d+ \|/,
    );
    expect(issue.body).toMatch(/ITL p50: decode [\d,.]+ ms → [\d,.]+ ms \(median of the runs' means\)/);
    const pr = merges[STEP - 1].pull;
    expect(issue.body).toContain(
      `\`${after.slice(0, 7)}\` Change ${STEP} (\\#\u2060${pr}) — [PR ${pr}](https://github.com/acme/llm/pull/${pr}) Change ${STEP} by dana`,
    );
    expect(issue.body).toContain(`[the run after](https://github.com/acme/llm/actions/runs/${5000 + STEP})`);
    expect(issue.labels).toEqual(['perf-regression']);
    expect(issue.assignees).toEqual(['dana']);
    expect(gh.calls('issues/create')).toHaveLength(1);
    // Later merges found the same step again (as a change point) and said nothing new, or added metrics to it.
    expect(filed.filter((f) => f.result.opened.length).map((f) => f.k)).toEqual([STEP + ALERT_MIN_AFTER - 1]);

    // Re-running the last record changes nothing: no issue written.
    const writes = () => gh.requests.filter((r) => r.method !== 'GET' && r.path.includes('/issues')).length;
    const written = writes();
    await file(merges.at(-1)!);
    expect(writes()).toBe(written);
    expect(s.issuesOf('acme/llm')).toHaveLength(1);

    // The step is reverted: three merges back within the minimum effect close the alert.
    await mergeHistory(gh, client, {
      merges: 3,
      first: 31,
      previous: merges.at(-1)!.head,
      requests: 1000,
      after: file,
    });
    const closed = s.issuesOf('acme/llm')[0];
    expect(closed).toMatchObject({ state: 'closed', stateReason: 'completed' });
    expect(parseAlertMarker(closed.body)!.status).toBe('recovered');
    expect(s.commentsOn('acme/llm', closed.number).at(-1)!.body).toMatch(/^✅ \*\*Recovered\*\*/);
    expect(
      s.issuesOf('acme/llm').map((i) => i.title),
      JSON.stringify(
        filed.filter((f) => f.k > 30).map((f) => [f.k, f.ranges, f.result.opened.map((o) => o.alert.metrics)]),
      ),
    ).toHaveLength(1);
    expect(gh.state.violations).toEqual([]);
  }, 240_000);

  it("/perf accept on an alert issue closes it as accepted, once; nobody else's issue counts", async () => {
    const { gh, s, client } = await world();
    const merges = await mergeHistory(gh, client, { merges: 3, requests: 600, stepAt: 3, inject: 'prefix-cache-off' });
    const last = merges.at(-1)!;
    const alerts = detectAlerts({
      entries: last.entries,
      recorded: last.recorded,
      report: last.report,
      minEffect,
      level: 0.95,
    });
    expect(alerts).toHaveLength(1);
    // Merged without acceptance: found by the merge's own comparison, the phase from its attribution.
    expect(alerts[0].metrics.find((m) => m.key === 'ttft.p95')).toMatchObject({
      source: 'regression',
      phase: { basis: 'tail' },
    });
    expect(alerts[0].range).toBe(`${merges[1].sha}..${merges[2].sha}`);
    const { opened } = await fileAlerts(client, repo, alerts, {
      authors: [ACTIONS_BOT],
      settings,
      entries: last.entries,
    });
    const number = opened[0].number;
    const accept = { issueNumber: number, commentId: 77, user: 'maria', reason: 'prefix cache off by design' };
    expect(await acceptAlert(client, repo, accept, [ACTIONS_BOT])).toEqual({ kind: 'accepted' });
    expect(s.issue('acme/llm', number)).toMatchObject({ state: 'closed', stateReason: 'not_planned' });
    expect(parseAlertMarker(s.issue('acme/llm', number)!.body)!.status).toBe('accepted');
    expect(await acceptAlert(client, repo, accept, [ACTIONS_BOT])).toEqual({
      kind: 'ignored',
      why: 'comment 77 was answered already',
    });
    // An issue a user wrote, with a pasted marker, is not an alert.
    const pasted = s.addIssue('acme/llm', { author: 'mallory', body: s.issue('acme/llm', number)!.body ?? '' });
    expect(
      await acceptAlert(client, repo, { ...accept, issueNumber: pasted.number, commentId: 78 }, [ACTIONS_BOT]),
    ).toEqual({ kind: 'ignored', why: 'not a perf-triage alert issue' });
    // The same alert found again is left alone: the team closed it.
    const again = await fileAlerts(client, repo, alerts, { authors: [ACTIONS_BOT], settings, entries: last.entries });
    expect(again).toMatchObject({ opened: [], closedAlready: [number] });
    expect(gh.state.violations).toEqual([]);
  }, 120_000);
});
