// Journal commits through the Git Data API against the REST emulator (real HTTP, every request
// checked against GitHub's OpenAPI description): one atomic commit, concurrent writers on one
// branch, lost answers, protected branches, data branches, bounded retries.
import { Octokit } from 'octokit';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createClient, type GitHubClient } from '../../src/github/client';
import {
  CommitError,
  commitFiles,
  hasTrailer,
  idempotencyTrailer,
  withTrailer,
  type FileReader,
  type RetryEvent,
} from '../../src/github/git-commit';
import { appliedThenBadGateway, startEmulator, type Emulator } from './emulator/server';

const REPO = 'acme/llm';
const where = { owner: 'acme', repo: 'llm' };
const JSONL = 'perf/journal.jsonl';
const MD = 'perf/JOURNAL.md';
const REF_PATH = '/repos/{owner}/{repo}/git/refs/{ref}';
const fast = { baseMs: 10, maxMs: 200 };

async function world() {
  const gh = await startEmulator({ validateResponses: true });
  onTestFinished(() => gh.close());
  const s = gh.state;
  s.addRepo({
    owner: 'acme',
    name: 'llm',
    ownerType: 'Organization',
    files: { 'README.md': '# llm\n', 'src/main.py': 'print(1)\n' },
  });
  s.addActionsToken('ghs_actions');
  s.addActionsToken('ghs_readonly', { readOnly: true });
  const git = s.requireRepo(REPO).git;
  const head = (branch = 'main') => git.refs.get(`refs/heads/${branch}`);
  const fileAt = (branch: string, path: string) => {
    const entry = git.lookup(git.commit(head(branch)!)!.tree, path);
    return entry?.type === 'blob' ? Buffer.from(git.blob(entry.sha)!.data).toString('utf8') : undefined;
  };
  /** Commits from the head down to the root, checking each has at most one parent (a linear history). */
  const history = (branch = 'main') => {
    const out = [];
    for (let sha = head(branch); sha;) {
      const c = git.commit(sha)!;
      expect(c.parents.length, `commit ${sha} is a merge`).toBeLessThanOrEqual(1);
      out.push(c);
      sha = c.parents[0];
    }
    return out;
  };
  return { gh, s, git, head, fileAt, history };
}

/** The action's client (throttled: writes about 1 s apart in this process). */
const actionClient = (gh: Emulator, token = 'ghs_actions') => createClient({ token, baseUrl: gh.url, retryBaseMs: 10 });

/**
 * A client as createClient makes it, without the throttling plugin: every octokit in one process
 * shares the plugin's write limiter (key "no-id"), so separate clients would still be serialized 1 s
 * apart, and createClient has no option to change that. Separate runs are separate processes.
 */
const runClient = (gh: Emulator, token = 'ghs_actions'): GitHubClient =>
  new Octokit({
    auth: token,
    baseUrl: gh.url,
    retry: { retries: 3, retryAfterBaseValue: 10 },
    throttle: { enabled: false },
  });

const noViolations = (gh: Emulator) => expect(gh.state.violations).toEqual([]);

// ---- a journal like the action's: JSONL entries with ids, and markdown derived from them ----

const linesOf = (jsonl: string | undefined) => (jsonl ?? '').split('\n').filter((l) => l !== '');
const idOf = (line: string) => (JSON.parse(line) as { id: string }).id;
const render = (lines: string[]) => ['# Performance journal', '', ...lines.map((l) => `- ${idOf(l)}`), ''].join('\n');

/** Appends the entry unless its id is already there, and re-renders the markdown. */
function appendEntry(id: string, calls?: { n: number }) {
  return async (read: FileReader) => {
    if (calls) calls.n++;
    const lines = linesOf(await read(JSONL));
    if (lines.some((l) => idOf(l) === id)) return 'no-change' as const;
    const next = [...lines, JSON.stringify({ id, ttft_p95_ms: 100 + lines.length })];
    return [
      { path: JSONL, content: `${next.join('\n')}\n` },
      { path: MD, content: render(next) },
    ];
  };
}

describe('one atomic commit', () => {
  it('commits three files in one commit on top of the head, fast-forward only; no change, no commit', async () => {
    const { gh, git, head, fileAt, history } = await world();
    const client = actionClient(gh);
    const before = head()!;
    const result = await commitFiles(client, {
      ...where,
      branch: 'main',
      message: 'perf journal: llama-8b',
      author: { name: 'perf-triage', email: 'perf-triage@users.noreply.github.com' },
      idempotencyKey: 'Perf-Triage-Run: 12345.1',
      apply: async (read) => {
        expect(await read('README.md')).toBe('# llm\n');
        expect(await read(JSONL)).toBeUndefined();
        return [
          { path: JSONL, content: '{"id":"12345.1"}\n' },
          { path: MD, content: '# Performance journal\n\n- 12345.1\n' },
          { path: 'perf/baselines/llama-8b.json', content: '{"ttft_p95_ms": 120}\n' },
        ];
      },
    });
    expect(result).toEqual({ sha: head(), attempts: 1, created: true, branchCreated: false });
    const commit = git.commit(head()!)!;
    expect(commit.parents).toEqual([before]);
    expect(commit.message).toBe('perf journal: llama-8b\n\nPerf-Triage-Run: 12345.1');
    expect(commit.author.name).toBe('perf-triage');
    expect(git.list(commit.tree, true).map((e) => e.path)).toEqual([
      'README.md',
      'perf',
      'perf/JOURNAL.md',
      'perf/baselines',
      'perf/baselines/llama-8b.json',
      'perf/journal.jsonl',
      'src',
      'src/main.py',
    ]);
    expect(fileAt('main', 'perf/baselines/llama-8b.json')).toBe('{"ttft_p95_ms": 120}\n');
    expect(history()).toHaveLength(2);
    expect(gh.calls('git/create-commit')).toHaveLength(1);
    expect(gh.calls('git/update-ref').map((r) => [r.status, (r.body as { force?: boolean }).force])).toEqual([
      [200, false],
    ]);

    // The same content again (no key): nothing to commit, and no write at all.
    const writes = () => gh.requests.filter((r) => r.method !== 'GET').length;
    const writesBefore = writes();
    const same = await commitFiles(client, {
      ...where,
      branch: 'main',
      message: 'again',
      apply: async () => [{ path: JSONL, content: '{"id":"12345.1"}\n' }],
    });
    expect(same).toMatchObject({ skipped: 'no-change', attempts: 1 });
    const nothing = await commitFiles(client, {
      ...where,
      branch: 'main',
      message: 'again',
      apply: async () => 'no-change',
    });
    expect(nothing).toMatchObject({ skipped: 'no-change' });
    expect(writes()).toBe(writesBefore);
    expect(history()).toHaveLength(2);
    noViolations(gh);
  });

  it('reads and writes a journal over 1 MB through the blob API', async () => {
    const { gh, s, fileAt } = await world();
    const big =
      Array.from({ length: 12_000 }, (_, i) => JSON.stringify({ id: `old-${i}`, note: 'x'.repeat(80) })).join('\n') +
      '\n';
    s.commitFiles(REPO, 'main', { [JSONL]: big });
    const result = await commitFiles(runClient(gh), {
      ...where,
      branch: 'main',
      message: 'append',
      apply: appendEntry('new-1'),
    });
    expect(result).toMatchObject({ created: true });
    const after = linesOf(fileAt('main', JSONL));
    expect(after).toHaveLength(12_001);
    expect(idOf(after[12_000])).toBe('new-1');
    expect(gh.calls('git/get-blob').length).toBeGreaterThan(0);
    expect(gh.calls('git/create-blob')).toHaveLength(1);
    noViolations(gh);
  });
});

describe('concurrent writers', () => {
  it('ten runs appending to the same journal at once: ten lines, no duplicates, derived markdown, linear history', async () => {
    const { gh, git, fileAt, history } = await world();
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        commitFiles(runClient(gh), {
          ...where,
          branch: 'main',
          message: `perf journal: run ${i}`,
          idempotencyKey: `Perf-Triage-Run: ${7000 + i}.1`,
          backoff: { baseMs: 10, maxMs: 1000 },
          apply: appendEntry(`run-${i}`),
        }),
      ),
    );
    for (const r of results) expect(r).toMatchObject({ created: true, branchCreated: false });
    const attempts = results.map((r) => ('attempts' in r ? r.attempts : 0));
    expect(Math.max(...attempts)).toBeGreaterThan(1); // someone lost a race, re-read and re-applied

    const lines = linesOf(fileAt('main', JSONL));
    expect(lines).toHaveLength(10);
    expect(new Set(lines.map(idOf))).toEqual(new Set(Array.from({ length: 10 }, (_, i) => `run-${i}`)));
    expect(fileAt('main', MD)).toBe(render(lines));

    // Linear: ten commits on top of the initial one, each the parent of the next, one per run.
    const commits = history();
    expect(commits).toHaveLength(11);
    for (let i = 0; i < 10; i++)
      expect(commits.filter((c) => hasTrailer(c.message, `Perf-Triage-Run: ${7000 + i}.1`))).toHaveLength(1);
    // Each commit's journal is its parent's plus one line: nothing appended by another writer was lost.
    for (const c of commits.slice(0, 10)) {
      const mine = linesOf(Buffer.from(git.blob(git.lookup(c.tree, JSONL)!.sha)!.data).toString());
      const parentEntry = git.lookup(git.commit(c.parents[0])!.tree, JSONL);
      const theirs = parentEntry ? linesOf(Buffer.from(git.blob(parentEntry.sha)!.data).toString()) : [];
      expect(mine.slice(0, -1)).toEqual(theirs);
    }
    const updates = gh.calls('git/update-ref');
    expect(updates.filter((r) => r.status === 200)).toHaveLength(10);
    expect(updates.filter((r) => r.status === 422).length).toBe(updates.length - 10);
    noViolations(gh);
  });

  it('a writer that loses the race re-reads the new head and re-applies on it', async () => {
    const { gh, s, fileAt, history } = await world();
    const retries: RetryEvent[] = [];
    const calls = { n: 0 };
    const inner = appendEntry('run-A', calls);
    const result = await commitFiles(runClient(gh), {
      ...where,
      branch: 'main',
      message: 'perf journal: A',
      backoff: fast,
      onRetry: (e) => retries.push(e),
      apply: async (read) => {
        const changes = await inner(read);
        // Another run commits between our read and our ref update, once.
        if (calls.n === 1) {
          const lines = [...linesOf(fileAt('main', JSONL)), JSON.stringify({ id: 'run-B' })];
          s.commitFiles(REPO, 'main', { [JSONL]: `${lines.join('\n')}\n`, [MD]: render(lines) }, 'perf journal: B');
        }
        return changes;
      },
    });
    expect(result).toMatchObject({ attempts: 2, created: true });
    expect(calls.n).toBe(2);
    expect(retries).toEqual([
      { attempt: 2, maxAttempts: 8, delayMs: expect.any(Number), reason: expect.stringMatching(/not a fast forward/) },
    ]);
    expect(retries[0].delayMs).toBeLessThanOrEqual(fast.maxMs);
    expect(linesOf(fileAt('main', JSONL)).map(idOf)).toEqual(['run-B', 'run-A']);
    expect(fileAt('main', MD)).toBe(render(linesOf(fileAt('main', JSONL))));
    expect(history().map((c) => c.message.split('\n')[0])).toEqual([
      'perf journal: A',
      'perf journal: B',
      'Initial commit',
    ]);
    expect(gh.calls('git/update-ref').map((r) => r.status)).toEqual([422, 200]);
    noViolations(gh);
  });

  it('gives up with a clear error after maxAttempts when the branch moves on every attempt', async () => {
    const { gh, s, head } = await world();
    const retries: RetryEvent[] = [];
    let n = 0;
    const failure = await commitFiles(runClient(gh), {
      ...where,
      branch: 'main',
      message: 'perf journal',
      maxAttempts: 3,
      backoff: fast,
      onRetry: (e) => retries.push(e),
      apply: async (read) => {
        const changes = await appendEntry('run-A')(read);
        s.commitFiles(REPO, 'main', { 'busy.txt': `${++n}\n` }, `busy ${n}`);
        return changes;
      },
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CommitError);
    expect((failure as CommitError).kind).toBe('conflict');
    expect((failure as CommitError).message).toMatch(
      /Gave up committing to acme\/llm@main after 3 attempts: the branch kept moving/,
    );
    expect(gh.calls('git/update-ref').map((r) => r.status)).toEqual([422, 422, 422]);
    expect(retries.map((r) => r.attempt)).toEqual([2, 3]);
    for (const r of retries) expect(r.delayMs).toBeLessThanOrEqual(fast.maxMs);
    expect(s.requireRepo(REPO).git.commit(head()!)!.message).toBe('busy 3');
    noViolations(gh);
  });
});

describe('idempotent', () => {
  it('the same run committing twice makes one commit; a re-run is left to apply (no-change)', async () => {
    const { gh, history } = await world();
    const client = runClient(gh);
    const calls = { n: 0 };
    const request = {
      ...where,
      branch: 'main',
      message: 'perf journal',
      idempotencyKey: '555.1',
      apply: appendEntry('555', calls),
    };
    const first = await commitFiles(client, request);
    const second = await commitFiles(client, request);
    expect(first).toMatchObject({ created: true, attempts: 1 });
    expect(second).toEqual({ sha: (first as { sha: string }).sha, attempts: 1, created: false, branchCreated: false });
    expect(calls.n).toBe(1); // the head carries the key: apply is not even asked
    expect(history()[0].message).toBe('perf journal\n\nPerf-Triage-Run: 555.1');
    // A re-run (attempt 2, another key) after someone else committed: the journal knows the entry.
    gh.state.commitFiles(REPO, 'main', { 'other.txt': 'x\n' });
    const rerun = await commitFiles(client, { ...request, idempotencyKey: '555.2' });
    expect(rerun).toMatchObject({ skipped: 'no-change' });
    expect(gh.calls('git/create-commit')).toHaveLength(1);
    expect(history()).toHaveLength(3);
    noViolations(gh);
  });

  it('a ref update that landed but answered 502 is not committed again', async () => {
    const { gh, fileAt, history } = await world();
    gh.faults.push(appliedThenBadGateway({ method: 'PATCH', path: REF_PATH }));
    const result = await commitFiles(actionClient(gh), {
      ...where,
      branch: 'main',
      message: 'perf journal',
      idempotencyKey: '777.1',
      backoff: fast,
      apply: appendEntry('777'),
    });
    expect(result).toMatchObject({ created: true, attempts: 1 });
    expect(gh.calls('git/update-ref').map((r) => r.status)).toEqual([502]);
    expect(gh.calls('git/create-commit')).toHaveLength(1);
    expect(linesOf(fileAt('main', JSONL)).map(idOf)).toEqual(['777']);
    expect(history()).toHaveLength(2);
    noViolations(gh);
  });

  it("finds its lost commit under another writer's, even without a key and with an apply that would append again", async () => {
    const { gh, s, head, fileAt, history } = await world();
    const start = head()!;
    gh.faults.push({ ...appliedThenBadGateway({ method: 'PATCH', path: REF_PATH }), delayMs: 300 });
    // While the 502 is on its way, another run commits on top of ours.
    const other = (async () => {
      while (head() === start) await new Promise((r) => setTimeout(r, 5));
      s.commitFiles(REPO, 'main', { 'perf/other.txt': 'another run\n' }, 'another run');
    })();
    const naive = async (read: FileReader) => [
      { path: JSONL, content: `${(await read(JSONL)) ?? ''}{"id":"lost-answer"}\n` },
    ];
    const result = await commitFiles(runClient(gh), {
      ...where,
      branch: 'main',
      message: 'perf journal',
      backoff: fast,
      apply: naive,
    });
    await other;
    expect(result).toMatchObject({ created: true, attempts: 1 });
    expect((result as { sha: string }).sha).toBe(history()[1].sha);
    expect(linesOf(fileAt('main', JSONL))).toEqual(['{"id":"lost-answer"}']);
    expect(history().map((c) => c.message)).toEqual(['another run', 'perf journal', 'Initial commit']);
    expect(gh.calls('git/create-commit')).toHaveLength(1);
    noViolations(gh);
  });
});

describe('protected branches and data branches', () => {
  it('refuses a protected branch with an actionable error, without retrying', async () => {
    const { gh, s, head, history } = await world();
    s.protectBranch(REPO, 'main');
    const before = head();
    const failure = await commitFiles(actionClient(gh), {
      ...where,
      branch: 'main',
      message: 'perf journal',
      apply: appendEntry('1'),
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CommitError);
    const error = failure as CommitError;
    expect(error.kind).toBe('protected');
    expect(error.message).toMatch(/acme\/llm@main: the branch is protected/);
    expect(error.message).toContain('Protected branch update failed for refs/heads/main.');
    expect(error.message).toMatch(/`journal-branch: perf-journal`/);
    expect(error.message).toMatch(/bypass list of the branch's ruleset/);
    expect(gh.calls('git/update-ref')).toHaveLength(1);
    expect(head()).toBe(before);
    expect(history()).toHaveLength(1);

    // A ruleset answers differently; same advice (the injected answer comes before the emulator's).
    gh.faults.push({
      method: 'PATCH',
      path: REF_PATH,
      status: 422,
      body: {
        message: 'Repository rule violations found\n\nCannot update this protected ref.\n\n',
        documentation_url: 'https://docs.github.com/rest/git/refs#update-a-reference',
        status: '422',
      },
    });
    const ruleset = await commitFiles(runClient(gh), {
      ...where,
      branch: 'main',
      message: 'perf journal',
      apply: appendEntry('1'),
    }).catch((e: unknown) => e);
    expect((ruleset as CommitError).kind).toBe('protected');
    noViolations(gh);
  });

  it('creates a missing data branch as an orphan holding only the journal, and builds on it', async () => {
    const { gh, git, head, fileAt, history } = await world();
    const client = runClient(gh);
    const mainBefore = head('main');
    const missing = await commitFiles(client, {
      ...where,
      branch: 'perf-journal',
      message: 'perf journal',
      apply: appendEntry('1'),
    }).catch((e: unknown) => e);
    expect((missing as CommitError).kind).toBe('missing-branch');

    const created = await commitFiles(client, {
      ...where,
      branch: 'perf-journal',
      createBranchIfMissing: true,
      message: 'perf journal: 1',
      apply: appendEntry('1'),
    });
    expect(created).toMatchObject({ created: true, branchCreated: true, attempts: 1 });
    const root = git.commit(head('perf-journal')!)!;
    expect(root.parents).toEqual([]);
    expect(git.list(root.tree, true).map((e) => e.path)).toEqual(['perf', 'perf/JOURNAL.md', 'perf/journal.jsonl']);
    expect(head('main')).toBe(mainBefore);

    const next = await commitFiles(client, {
      ...where,
      branch: 'perf-journal',
      createBranchIfMissing: true,
      message: 'perf journal: 2',
      apply: appendEntry('2'),
    });
    expect(next).toMatchObject({ created: true, branchCreated: false });
    expect(linesOf(fileAt('perf-journal', JSONL)).map(idOf)).toEqual(['1', '2']);
    expect(history('perf-journal')).toHaveLength(2);
    noViolations(gh);
  });

  it('two runs creating the data branch at once: one creates it, the other commits on top', async () => {
    const { gh, fileAt, history } = await world();
    const branch = 'data/perf-journal'; // a slash in the name: encoded as %2F in the ref path
    const results = await Promise.all(
      ['a', 'b'].map((id) =>
        commitFiles(runClient(gh), {
          ...where,
          branch,
          createBranchIfMissing: true,
          message: `perf journal: ${id}`,
          backoff: fast,
          apply: appendEntry(id),
        }),
      ),
    );
    expect(results.map((r) => 'branchCreated' in r && r.branchCreated).sort()).toEqual([false, true]);
    expect(linesOf(fileAt(branch, JSONL)).map(idOf).sort()).toEqual(['a', 'b']);
    expect(history(branch)).toHaveLength(2);
    const creates = gh.calls('git/create-ref');
    expect(creates.map((r) => r.status).sort()).toEqual(creates.length === 1 ? [201] : [201, 422]);
    noViolations(gh);
  });

  it('a read-only token gets an error naming the permission', async () => {
    const { gh, history } = await world();
    const failure = await commitFiles(actionClient(gh, 'ghs_readonly'), {
      ...where,
      branch: 'main',
      message: 'perf journal',
      apply: appendEntry('1'),
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(CommitError);
    expect((failure as CommitError).kind).toBe('permission');
    expect((failure as CommitError).message).toMatch(
      /Resource not accessible by integration.*`permissions: contents: write`/s,
    );
    expect(gh.requests.filter((r) => r.method !== 'GET').map((r) => [r.operationId, r.status])).toEqual([
      ['git/create-tree', 403],
    ]);
    expect(history()).toHaveLength(1);
    noViolations(gh);
  });
});

describe('idempotency trailer', () => {
  it('is a git trailer in the last paragraph, added once', () => {
    expect(idempotencyTrailer('12345.1')).toBe('Perf-Triage-Run: 12345.1');
    expect(idempotencyTrailer('Perf-Triage-Run: 12345.1')).toBe('Perf-Triage-Run: 12345.1');
    expect(() => idempotencyTrailer('a\nb')).toThrow(/one non-empty line/);
    const t = 'Perf-Triage-Run: 9.1';
    expect(withTrailer('perf journal\n', t)).toBe('perf journal\n\nPerf-Triage-Run: 9.1');
    expect(withTrailer('perf journal\n\nCo-authored-by: A <a@example.com>', t)).toBe(
      'perf journal\n\nCo-authored-by: A <a@example.com>\nPerf-Triage-Run: 9.1',
    );
    expect(withTrailer(withTrailer('x', t), t)).toBe('x\n\nPerf-Triage-Run: 9.1');
    expect(hasTrailer('x\n\nperf-triage-run: 9.1\n', t)).toBe(true);
    expect(hasTrailer('Perf-Triage-Run: 9.1', t)).toBe(false); // a subject line is not a trailer
    expect(hasTrailer('x\n\nPerf-Triage-Run: 9.10', t)).toBe(false);
    expect(hasTrailer('x\n\nPerf-Triage-Run: 9.1\n\nmore text', t)).toBe(false);
  });
});
