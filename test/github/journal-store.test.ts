// The journal's file layout on a branch, against the REST emulator (real HTTP, answers checked
// against GitHub's OpenAPI description): a long journal is stored in segments so a record rewrites a
// bounded amount, today's single-file layout still reads (and moves into segments once), lines it
// cannot read are kept and never block a record, and baseline files are unique per benchmark name.
import { Octokit } from 'octokit';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildConfig } from '../../src/config/config';
import { loadSide } from '../../src/io/load-side';
import { triage } from '../../src/report/triage';
import { pairBenchmarks } from '../../src/report/groups';
import type { Report } from '../../src/report/model';
import type { Side } from '../../src/model/run';
import type { GitHubClient } from '../../src/github/client';
import { recordResults, type RecordRequest } from '../../src/github/record';
import { journalBaseline } from '../../src/action/baseline';
import { readHistory } from '../../src/action/history';
import { parseJournalSettings } from '../../src/action/journal-settings';
import { journalPaths } from '../../src/journal/paths';
import { parseJournal } from '../../src/journal/jsonl';
import { digestSide } from '../../src/ingest/digest/digest';
import { SEGMENT_ENTRIES } from '../../src/journal/store';
import { startEmulator, type Emulator } from './emulator/server';

const repo = { owner: 'acme', repo: 'llm' };
const paths = journalPaths('.perf-triage');
const SHA = 'a'.repeat(40);

async function world(files: Record<string, string> = {}) {
  const gh = await startEmulator({ validateResponses: true });
  onTestFinished(() => gh.close());
  gh.state.addRepo({
    owner: 'acme',
    name: 'llm',
    ownerType: 'Organization',
    files: { 'README.md': '# llm\n', ...files },
  });
  gh.state.addActionsToken('ghs_actions');
  const client: GitHubClient = new Octokit({ auth: 'ghs_actions', baseUrl: gh.url, throttle: { enabled: false } });
  const git = gh.state.requireRepo('acme/llm').git;
  const fileAt = (path: string) => {
    const entry = git.lookup(git.commit(git.refs.get('refs/heads/main')!)!.tree, path);
    return entry?.type === 'blob' ? Buffer.from(git.blob(entry.sha)!.data).toString('utf8') : undefined;
  };
  return { gh, client, fileAt };
}

/** Paths and content bytes of the files the requests since `from` wrote (tree entries, blobs). */
function written(gh: Emulator, from: number): { paths: string[]; bytes: number } {
  const out = { paths: [] as string[], bytes: 0 };
  for (const r of gh.requests.slice(from)) {
    const body = r.body as
      { content?: string; encoding?: string; tree?: { path: string; content?: string }[] } | undefined;
    if (r.operationId === 'git/create-blob' && body?.content)
      out.bytes += Buffer.from(body.content, body.encoding === 'base64' ? 'base64' : 'utf8').length;
    if (r.operationId === 'git/create-tree') {
      for (const t of body?.tree ?? []) {
        out.paths.push(t.path);
        if (t.content !== undefined) out.bytes += Buffer.byteLength(t.content);
      }
    }
  }
  return out;
}

let demoCache: Promise<{ report: Report; heads: Side[]; base: Side; head: Side }> | undefined;
function demo() {
  demoCache ??= (async () => {
    const base = await loadSide('base', ['examples/demo/base.jsonl'], { maxBadLineRatio: 0.05 });
    const head = await loadSide('head', ['examples/demo/head.jsonl'], { maxBadLineRatio: 0.05 });
    const report = triage(base, head, buildConfig({ slos: ['ttft p95 < 800ms'], resamples: '400' }));
    return { report, heads: pairBenchmarks(base, head).pairs.map((p) => p.head), base, head };
  })();
  return demoCache;
}

function request(
  client: GitHubClient,
  report: Report,
  heads: Side[],
  runId: string,
  overrides: Partial<RecordRequest> = {},
): RecordRequest {
  return {
    client,
    repo,
    branch: 'main',
    paths,
    report,
    heads,
    runId,
    recordedAt: '2030-01-02T00:00:00.000Z',
    commit: SHA,
    runUrl: 'https://github.com/acme/llm/actions/runs/1',
    firstBaseline: new Set(),
    retry: { backoff: { baseMs: 5, maxMs: 50 } },
    ...overrides,
  };
}

/** n entry lines in today's layout: one a day from 2020-01-01. */
function legacyJournal(n: number, benchmark = 'llama-8b-serving'): string {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const recordedAt = new Date(Date.parse('2020-01-01T12:00:00Z') + i * 86_400_000).toISOString();
    lines.push(
      JSON.stringify({
        schema: 'perf-triage/journal@1',
        id: `${1000 + i}:${benchmark}`,
        kind: 'recorded',
        benchmark,
        recordedAt,
        date: recordedAt.slice(0, 10),
        symptom: '—',
        workload: '—',
        baseline: '—',
        diagnosis: '—',
        change: '—',
        result: '—',
        quality: '—',
        effort: '—',
        verdict: 'unchanged',
        metrics: [{ key: 'ttft.p95', unit: 'ms', value: 180 + (i % 7) }],
        hints: [],
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}

describe('a long journal', () => {
  it("today's single-file layout is read, moved into segments once, and then a record writes three small files", async () => {
    const n = 2 * SEGMENT_ENTRIES + 40;
    const { gh, client, fileAt } = await world({ [paths.jsonl]: legacyJournal(n) });
    const { report, heads } = await demo();
    // The history a pull request is judged with reads today's layout.
    const settings = parseJournalSettings({ mode: 'auto', dir: '.perf-triage', branch: '', record: 'auto' });
    expect((await readHistory(client, repo, 'main', settings))?.entries).toHaveLength(n);

    const first = await recordResults(request(client, report, heads, '5001'));
    expect(first.commit).toBeDefined();
    expect(fileAt(paths.segment(1))!.trim().split('\n')).toHaveLength(SEGMENT_ENTRIES);
    expect(fileAt(paths.segment(2))!.trim().split('\n')).toHaveLength(SEGMENT_ENTRIES);
    expect(fileAt(paths.segment(3))).toBeUndefined();
    // Lossless: every old line, byte for byte, then the new entry.
    const all = [paths.segment(1), paths.segment(2), paths.jsonl].map((p) => fileAt(p)!).join('');
    expect(all).toBe(legacyJournal(n) + `${JSON.stringify(first.entries[0])}\n`);
    expect(JSON.parse(fileAt(paths.index)!)).toMatchObject({
      schema: 'perf-triage/journal-index@1',
      segments: [
        { file: '0001.jsonl', lines: SEGMENT_ENTRIES, from: '2020-01-01' },
        { file: '0002.jsonl', page: '0002.md' },
      ],
    });
    const markdown = fileAt(paths.markdown)!;
    expect(markdown).toContain(
      'Older entries, newest first: [2020-09-07 – 2021-05-14](journal/0002.md) (250) · [2020-01-01 – 2020-09-06](journal/0001.md) (250).',
    );
    expect(fileAt(paths.segmentPage(1))).toContain('# Performance journal, segment 1 (2020-01-01 – 2020-09-06)');

    // Steady state: the newest segment, JOURNAL.md and the baseline; nothing of the full segments.
    const from = gh.requests.length;
    await recordResults(request(client, report, heads, '5002', { recordedAt: '2030-01-03T00:00:00.000Z' }));
    const second = written(gh, from);
    expect(second.paths.sort()).toEqual([paths.markdown, paths.jsonl, paths.baseline('llama-8b-serving')].sort());
    const newest = fileAt(paths.jsonl)!;
    expect(newest.trim().split('\n')).toHaveLength(42);
    expect(second.bytes).toBeLessThan(
      Buffer.byteLength(newest) +
        Buffer.byteLength(fileAt(paths.markdown)!) +
        Buffer.byteLength(fileAt(paths.baseline('llama-8b-serving'))!) +
        1,
    );
    // And the history still reaches back over the last full segment.
    expect((await readHistory(client, repo, 'main', settings))?.entries.length).toBe(SEGMENT_ENTRIES + 42);
    expect(gh.state.violations).toEqual([]);
  }, 60_000);
});

describe('lines that cannot be read', () => {
  it('an entry of a newer schema is kept and skipped; records after it append, and the history reads', async () => {
    const newer = JSON.stringify({ schema: 'perf-triage/journal@2', id: '4000:llama-8b-serving', shape: 'unknown' });
    const { client, fileAt } = await world({ [paths.jsonl]: `${legacyJournal(3)}${newer}\n` });
    const { report, heads } = await demo();
    const settings = parseJournalSettings({ mode: 'auto', dir: '.perf-triage', branch: '', record: 'auto' });
    expect((await readHistory(client, repo, 'main', settings))?.entries).toHaveLength(3);
    const result = await recordResults(request(client, report, heads, '5101'));
    expect(result.commit).toBeDefined();
    const lines = fileAt(paths.jsonl)!.trim().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[3]).toBe(newer);
    expect(fileAt(paths.markdown)).toContain(
      'journal.jsonl line 4: an entry of perf-triage/journal@⁠2, newer than this perf-triage reads',
    );
  });

  it("a hand-broken line is listed in JOURNAL.md, and if it holds this run's entry a re-run appends nothing", async () => {
    const broken =
      '{"schema":"perf-triage/journal@1","id":"5201:llama-8b-serving","kind":"recorded" "benchmark":"llama-8b-serving"}';
    const { client, fileAt } = await world({ [paths.jsonl]: `${legacyJournal(2)}${broken}\n` });
    const { report, heads } = await demo();
    const rerun = await recordResults(request(client, report, heads, '5201'));
    expect(rerun.skipped).toBe('already in the journal');
    expect(fileAt(paths.jsonl)!.trim().split('\n')).toHaveLength(3);
    await recordResults(request(client, report, heads, '5202'));
    const markdown = fileAt(paths.markdown)!;
    expect(markdown).toContain('## ⚠️ 1 line not shown');
    expect(markdown).toContain(broken);
    expect(parseJournal(fileAt(paths.jsonl)!, 'j').entries.map((e) => e.id)).toEqual([
      '1000:llama-8b-serving',
      '1001:llama-8b-serving',
      '5202:llama-8b-serving',
    ]);
  });
});

describe('baseline files', () => {
  /** The demo with its runs named `names` (one benchmark each). */
  async function named(names: string[]) {
    const { base, head } = await demo();
    const rename = (side: Side): Side => ({
      ...side,
      runs: names.map((name) => ({ ...side.runs[0], meta: { ...side.runs[0].meta, benchmark: name } })),
    });
    const b = rename(base);
    const h = rename(head);
    return {
      base: b,
      head: h,
      report: triage(b, h, buildConfig({ resamples: '400' })),
      heads: pairBenchmarks(b, h).pairs.map((p) => p.head),
    };
  }

  it('two names with one slug get two files in one run, each read back by its own name', async () => {
    const { client, fileAt } = await world();
    const { report, heads, head } = await named(['llama-8b', 'Llama 8B']);
    const result = await recordResults(request(client, report, heads, '5301'));
    expect(result.commit).toBeDefined();
    expect(paths.baseline('llama-8b')).toBe('.perf-triage/baselines/llama-8b.json');
    expect(paths.baseline('Llama 8B')).toBe('.perf-triage/baselines/llama-8b-561a6b00.json');
    expect(JSON.parse(fileAt(paths.baseline('llama-8b'))!).benchmark).toBe('llama-8b');
    expect(JSON.parse(fileAt(paths.baseline('Llama 8B'))!).benchmark).toBe('Llama 8B');
    const found = await journalBaseline(client, repo, 'main', paths, head);
    expect(found.missing).toEqual([]);
    expect(found.side.runs.map((r) => r.meta.benchmark).sort()).toEqual(['Llama 8B', 'llama-8b']);
  }, 30_000);

  it('across runs: a file written by an older perf-triage for another name is never taken or overwritten', async () => {
    const { base } = await demo();
    // Before 0.2 "Llama 8B" was kept at the slug path, which "llama-8b" now owns.
    const old = `${JSON.stringify(digestSide(base, 'Llama 8B', '2029-01-01T00:00:00.000Z'))}\n`;
    const { client, fileAt } = await world({ [paths.legacyBaseline('Llama 8B')]: old });
    const { report, heads, head } = await named(['llama-8b']);
    // The old file is read for its own benchmark, not for the other name.
    const mine = await journalBaseline(client, repo, 'main', paths, {
      ...head,
      runs: head.runs.map((r) => ({ ...r, meta: { ...r.meta, benchmark: 'Llama 8B' } })),
    });
    expect(mine.missing).toEqual([]);
    expect((await journalBaseline(client, repo, 'main', paths, head)).missing).toEqual(['llama-8b']);
    // Recording "llama-8b" goes to its long-hash file; "Llama 8B"'s old baseline stays as it was.
    await recordResults(request(client, report, heads, '5401', { firstBaseline: new Set(['llama-8b']) }));
    expect(fileAt(paths.legacyBaseline('Llama 8B'))).toBe(old);
    const found = await journalBaseline(client, repo, 'main', paths, head);
    expect(found.missing).toEqual([]);
    expect(found.side.runs[0].sources[0].file).toMatch(/baselines\/llama-8b-[0-9a-f]{64}\.json#run1$/);
  }, 30_000);
});
