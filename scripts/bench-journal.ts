// What a record writes when the journal is long: the bytes of the files one record commits (and
// the bytes it reads), through the GitHub REST emulator, with a journal of N entries already on the
// branch in today's single-file layout (journal.jsonl with every entry):
//   record 1: the first record on that journal (with segments: the one-time move into segments);
//   record 2 and 3: the steady state.
//   node scripts/run-ts.mjs scripts/bench-journal.ts [--entries 10000]
// Prints one line per record; asserts nothing. Uses only recordResults, so the same script measures
// an older checkout of perf-triage too.
import { parseArgs } from 'node:util';
import { Octokit } from 'octokit';
import { buildConfig } from '../src/config/config';
import { loadSide } from '../src/io/load-side';
import { entryFromReport } from '../src/journal/entry';
import { journalPaths } from '../src/journal/paths';
import { recordResults } from '../src/github/record';
import { pairBenchmarks } from '../src/report/groups';
import { triage } from '../src/report/triage';
import { startEmulator } from '../test/github/emulator/server';

const { values } = parseArgs({ options: { entries: { type: 'string' } } });
const count = Number(values.entries ?? 10000);
const paths = journalPaths('.perf-triage');

const base = await loadSide('base', ['examples/demo/base.jsonl'], { maxBadLineRatio: 0.05 });
const head = await loadSide('head', ['examples/demo/head.jsonl'], { maxBadLineRatio: 0.05 });
const report = triage(base, head, buildConfig({ slos: ['ttft p95 < 800ms'], resamples: '400' }));
const heads = pairBenchmarks(base, head).pairs.map((p) => p.head);

// N realistic entries: the demo's entry, one a day, values moved by a few per cent.
const template = entryFromReport(report.benchmarks[0], {
  id: 'x',
  kind: 'recorded',
  recordedAt: '2026-01-01T00:00:00.000Z',
  commit: 'a'.repeat(40),
  runUrl: 'https://github.com/acme/llm/actions/runs/1',
  pullRequest: { number: 1, title: 'Change', url: 'https://github.com/acme/llm/pull/1' },
});
const lines: string[] = [];
for (let i = 0; i < count; i++) {
  const recordedAt = new Date(Date.parse('2000-01-01T12:00:00Z') + i * 86_400_000).toISOString();
  const wobble = 1 + 0.03 * Math.sin(i * 1.7);
  lines.push(
    JSON.stringify({
      ...template,
      id: `${1000 + i}:${template.benchmark}`,
      recordedAt,
      date: recordedAt.slice(0, 10),
      metrics: template.metrics.map((m) => ({ ...m, value: Number((m.value * wobble).toPrecision(6)) })),
    }),
  );
}
const journal = `${lines.join('\n')}\n`;

const gh = await startEmulator({ maxBodyBytes: 200 * 1024 * 1024 });
gh.state.addRepo({
  owner: 'acme',
  name: 'llm',
  ownerType: 'Organization',
  files: { 'README.md': '# llm\n', [paths.jsonl]: journal },
});
gh.state.addActionsToken('ghs_actions');
const client = new Octokit({ auth: 'ghs_actions', baseUrl: gh.url, throttle: { enabled: false } });

const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
process.stdout.write(`journal of ${count} entries in one journal.jsonl: ${mb(Buffer.byteLength(journal))}\n`);
for (let k = 1; k <= 3; k++) {
  const from = gh.requests.length;
  const started = Date.now();
  const result = await recordResults({
    client,
    repo: { owner: 'acme', repo: 'llm' },
    branch: 'main',
    paths,
    report,
    heads,
    runId: String(90000 + k),
    recordedAt: new Date(Date.parse('2030-01-01T00:00:00Z') + k * 86_400_000).toISOString(),
    commit: 'b'.repeat(40),
    runUrl: 'https://github.com/acme/llm/actions/runs/9',
    firstBaseline: new Set(),
  });
  const requests = gh.requests.slice(from);
  let written = 0;
  const files: string[] = [];
  for (const r of requests) {
    const body = r.body as
      { content?: string; encoding?: string; tree?: { path: string; content?: string }[] } | undefined;
    if (r.operationId === 'git/create-blob' && body?.content)
      written += Buffer.from(body.content, body.encoding === 'base64' ? 'base64' : 'utf8').length;
    if (r.operationId === 'git/create-tree')
      for (const t of body?.tree ?? []) {
        files.push(t.path);
        if (t.content !== undefined) written += Buffer.byteLength(t.content);
      }
  }
  const sent = requests.reduce(
    (s, r) =>
      s + (r.body === undefined ? 0 : Buffer.byteLength(typeof r.body === 'string' ? r.body : JSON.stringify(r.body))),
    0,
  );
  process.stdout.write(
    `record ${k}: ${mb(written)} of files written (${files.length} files: ${files.slice(0, 4).join(', ')}${files.length > 4 ? ', …' : ''}), ${mb(sent)} sent in ${requests.length} requests, ${Date.now() - started} ms${result.commit ? '' : ` (${result.skipped})`}\n`,
  );
}
await gh.close();
