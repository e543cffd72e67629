// The journal's whole story with the bundled action (dist/index.js) against the REST emulator: the
// first push records a baseline, a pull request is compared with it (`baseline: journal`) and fails,
// a maintainer's `/perf accept` re-runs the failed job, which then passes, and the merge records the
// accepted regression and moves the baseline; a re-run of the merge's run records nothing twice.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTIONS_BOT } from '../../src/github/identity';
import { acceptanceMarker } from '../../src/github/acceptance';
import { journalPaths } from '../../src/journal/paths';
import { parseJournal } from '../../src/journal/jsonl';
import { renderJournal } from '../../src/journal/markdown';
import { HEAD_SHA, root, run, setup } from './action-harness';
import { parseOutputs } from '../helpers/github-output';

const paths = journalPaths('.perf-triage');
const BASE = join(root, 'examples/demo/base.jsonl');
const HEAD = join(root, 'examples/demo/head.jsonl');

describe('the journal with the bundled action', () => {
  it('records, compares, accepts, re-runs green, and journals the accepted regression at merge', async () => {
    const repository = { full_name: 'acme/llm', default_branch: 'main' };
    const { gh, s, dir, env, files } = await setup(
      'push',
      {},
      { results: BASE, baseline: 'journal', slo: 'ttft p95 < 800ms' },
    );
    s.setPermission('acme/llm', 'maria', 'maintain');
    const git = s.requireRepo('acme/llm').git;
    const main = () => git.refs.get('refs/heads/main')!;
    const fileAt = (path: string) => {
      const entry = git.lookup(git.commit(main())!.tree, path);
      return entry?.type === 'blob' ? Buffer.from(git.blob(entry.sha)!.data).toString('utf8') : undefined;
    };
    const event = (name: string, payload: Record<string, unknown>, extra: Record<string, string> = {}) => {
      writeFileSync(env.GITHUB_EVENT_PATH, JSON.stringify(payload));
      writeFileSync(files.output, '');
      return { ...env, GITHUB_EVENT_NAME: name, ...extra };
    };
    const outputs = () => parseOutputs(readFileSync(files.output, 'utf8'));

    // 1. The first push to main: no baseline yet, so this result becomes it.
    const seed = main();
    const first = await run(
      event('push', { ref: 'refs/heads/main', after: seed, repository }, { GITHUB_SHA: seed, GITHUB_RUN_ID: '8001' }),
      dir,
    );
    expect(first.stdout).not.toMatch(/::error::/);
    expect(first.code).toBe(0);
    expect(outputs()['journal-commit']).toBe(main());
    let journal = parseJournal(fileAt(paths.jsonl)!, paths.jsonl).entries;
    expect(journal.map((e) => [e.id, e.verdict])).toEqual([['8001:llama-8b-serving', 'first baseline']]);
    expect(fileAt(paths.baseline('llama-8b-serving'))).toContain('"schema":"perf-triage/baseline@1"');

    // 2. A pull request compared with the journal's baseline: regressed, the job fails.
    const reporting = s.addWorkflowRun('acme/llm', {
      id: 8002,
      headBranch: 'feat',
      headSha: HEAD_SHA,
      conclusion: 'failure',
    });
    const prPayload = {
      pull_request: { number: 7, head: { sha: HEAD_SHA, repo: { full_name: 'acme/llm' } }, base: { ref: 'main' } },
      repository,
    };
    const pr = await run(
      event('pull_request', prPayload, { GITHUB_SHA: HEAD_SHA, GITHUB_RUN_ID: '8002', INPUT_RESULTS: HEAD }),
      dir,
    );
    expect(pr.code).toBe(1);
    expect(outputs()).toMatchObject({ verdict: 'regressed', outcome: 'fail' });
    const report = s.commentsOn('acme/llm', 7).find((c) => c.author === ACTIONS_BOT)!;
    expect(report.body).toContain(`stamp=8002.1 sha=${HEAD_SHA}`);

    // 3. A maintainer accepts: the bot answers and re-runs the failed job.
    const acceptPayload = {
      action: 'created',
      issue: { number: 7, pull_request: { url: 'https://api.github.com/repos/acme/llm/pulls/7' } },
      comment: {
        id: 99,
        body: '/perf accept bigger batches: TTFT for throughput effort: 1 day',
        user: { login: 'maria', type: 'User' },
        html_url: 'https://github.com/acme/llm/pull/7#issuecomment-99',
        created_at: '2026-11-29T10:00:00Z',
        updated_at: '2026-11-29T10:00:00Z',
      },
      repository,
    };
    const accept = await run(event('issue_comment', acceptPayload, { GITHUB_RUN_ID: '8003' }), dir);
    expect(accept.code).toBe(0);
    expect(outputs().command).toBe('accepted');
    expect(s.commentsOn('acme/llm', 7).at(-1)!.body).toMatch(
      /Regression accepted by @maria for `aaaaaaa`.*Re-running the failed jobs/s,
    );
    expect(s.runs.get(reporting.id)).toMatchObject({ runAttempt: 2 });

    // 4. The re-run finds the acceptance for this commit and passes.
    const rerun = await run(
      event('pull_request', prPayload, {
        GITHUB_SHA: HEAD_SHA,
        GITHUB_RUN_ID: '8002',
        GITHUB_RUN_ATTEMPT: '2',
        INPUT_RESULTS: HEAD,
      }),
      dir,
    );
    expect(rerun.code).toBe(0);
    expect(outputs()).toMatchObject({ verdict: 'regressed', outcome: 'pass' });
    expect(s.commentsOn('acme/llm', 7).find((c) => c.id === report.id)!.body).toContain(
      '✅ **Accepted** by maria for `aaaaaaa`',
    );

    // 5. The merge: recorded as an accepted regression, with who, why and the effort; the baseline moves.
    const merge = s.commitFiles('acme/llm', 'main', { 'serve.py': 'batch = 64\n' }, 'Bigger batches (#7)');
    Object.assign(s.pull('acme/llm', 7)!, {
      state: 'closed',
      merged: true,
      mergedAt: '2026-11-29T11:00:00Z',
      mergeCommitSha: merge,
    });
    const push = event(
      'push',
      { ref: 'refs/heads/main', after: merge, repository },
      { GITHUB_SHA: merge, GITHUB_RUN_ID: '8004', INPUT_RESULTS: HEAD },
    );
    const merged = await run(push, dir);
    expect(merged.code).toBe(0);
    const recorded = outputs()['journal-commit'];
    expect(recorded).toBe(main());
    journal = parseJournal(fileAt(paths.jsonl)!, paths.jsonl).entries;
    expect(journal).toHaveLength(2);
    expect(journal[1]).toMatchObject({
      kind: 'accepted',
      commit: merge,
      effort: '1 day',
      pullRequest: { number: 7 },
      acceptance: { by: 'maria', sha: HEAD_SHA, reason: 'bigger batches: TTFT for throughput' },
    });
    expect(fileAt(paths.markdown)).toBe(renderJournal(journal));
    expect(JSON.parse(fileAt(paths.baseline('llama-8b-serving'))!)).toMatchObject({ commit: merge });

    // 6. Re-running the merge's run appends nothing.
    const again = await run({ ...push, GITHUB_RUN_ATTEMPT: '2' }, dir);
    expect(again.code).toBe(0);
    expect(main()).toBe(recorded);
    expect(parseJournal(fileAt(paths.jsonl)!, paths.jsonl).entries).toHaveLength(2);
    expect(gh.state.violations).toEqual([]);
  }, 180_000);

  it('a merge finds the acceptance under the group input, as the PR comment was written', async () => {
    const repository = { full_name: 'acme/llm', default_branch: 'main' };
    const { s, dir, env, files } = await setup('push', {}, { results: HEAD, baseline: BASE, group: 'perf' });
    const acceptance = { by: 'maria', reason: 'by design', sha: HEAD_SHA, at: '2026-11-29T10:00:00Z' };
    s.addComment('acme/llm', 7, { author: ACTIONS_BOT, body: `✅ accepted\n${acceptanceMarker('perf', acceptance)}` });
    const merge = s.commitFiles('acme/llm', 'main', { 'serve.py': 'batch = 64\n' }, 'Bigger batches (#7)');
    Object.assign(s.pull('acme/llm', 7)!, {
      state: 'closed',
      merged: true,
      mergedAt: '2026-11-29T11:00:00Z',
      mergeCommitSha: merge,
    });
    writeFileSync(env.GITHUB_EVENT_PATH, JSON.stringify({ ref: 'refs/heads/main', after: merge, repository }));
    const result = await run({ ...env, GITHUB_SHA: merge, GITHUB_RUN_ID: '8101' }, dir);
    expect(result.code).toBe(0);
    expect(parseOutputs(readFileSync(files.output, 'utf8'))['journal-commit']).toMatch(/^[0-9a-f]{40}$/);
    const git = s.requireRepo('acme/llm').git;
    const entry = git.lookup(git.commit(git.refs.get('refs/heads/main')!)!.tree, paths.jsonl)!;
    const journal = parseJournal(Buffer.from(git.blob(entry.sha)!.data).toString('utf8'), paths.jsonl).entries;
    expect(journal[0]).toMatchObject({ kind: 'accepted', acceptance: { by: 'maria', reason: 'by design' } });
  }, 60_000);

  it('a journal line of a newer schema neither blocks the record nor reads as a permission problem', async () => {
    const repository = { full_name: 'acme/llm', default_branch: 'main' };
    const newer = JSON.stringify({
      schema: 'perf-triage/journal@2',
      id: '7000:llama-8b-serving',
      from: 'a newer perf-triage',
    });
    const { s, dir, env, files } = await setup('push', {}, { results: HEAD, baseline: BASE });
    const seed = s.commitFiles(
      'acme/llm',
      'main',
      { [paths.jsonl]: `${newer}\n` },
      'A journal written by a newer perf-triage',
    );
    writeFileSync(env.GITHUB_EVENT_PATH, JSON.stringify({ ref: 'refs/heads/main', after: seed, repository }));
    const result = await run({ ...env, GITHUB_SHA: seed, GITHUB_RUN_ID: '8201' }, dir);
    expect(result.code).toBe(0);
    expect(result.stdout).not.toMatch(/contents: read|::error::/);
    expect(result.stdout).toContain(
      'journal: main:.perf-triage/journal.jsonl line 1: an entry of perf-triage/journal@2, newer than this perf-triage reads',
    );
    expect(parseOutputs(readFileSync(files.output, 'utf8'))['journal-commit']).toMatch(/^[0-9a-f]{40}$/);
    const git = s.requireRepo('acme/llm').git;
    const entry = git.lookup(git.commit(git.refs.get('refs/heads/main')!)!.tree, paths.jsonl)!;
    const lines = Buffer.from(git.blob(entry.sha)!.data).toString('utf8').trim().split('\n');
    expect(lines[0]).toBe(newer);
    expect(JSON.parse(lines[1])).toMatchObject({ id: '8201:llama-8b-serving', kind: 'unaccepted-regression' });
  }, 60_000);
});
