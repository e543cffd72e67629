// `perf-triage journal init | record | add | show | render` on files in a checkout, through the
// bundled dist/cli.js as a process (as a user runs it), and the baseline digest taken by path like
// any baseline file.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseJournal } from '../../src/journal/jsonl';
import { renderJournal } from '../../src/journal/markdown';

const root = resolve('.');
function cli(args: string[], cwd: string) {
  const r = spawnSync(process.execPath, [join(root, 'dist/cli.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const BASE = resolve('examples/demo/base.jsonl');
const HEAD = resolve('examples/demo/head.jsonl');
const tmp = () => mkdtempSync(join(tmpdir(), 'pt-journal-'));
const entriesIn = (dir: string) =>
  parseJournal(readFileSync(join(dir, '.perf-triage/journal.jsonl'), 'utf8'), 'journal.jsonl').entries;

describe('perf-triage journal init', () => {
  it('records a first baseline that compare then takes by path', () => {
    const dir = tmp();
    const init = cli(['journal', 'init', BASE, '--commit', 'e84ef93'], dir);
    expect(init).toMatchObject({ code: 0, stderr: '' });
    expect(init.stdout).toContain('baseline for llama-8b-serving: .perf-triage/baselines/llama-8b-serving.json');
    const entries = entriesIn(dir);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'manual', verdict: 'first baseline', commit: 'e84ef93' });
    expect(entries[0].metrics.find((m) => m.key === 'ttft.p95')!.value).toBeCloseTo(179, -1);
    const compared = cli(
      ['compare', '.perf-triage/baselines/llama-8b-serving.json', HEAD, '--slo', 'ttft p95 < 800ms'],
      dir,
    );
    expect(compared.code).toBe(1);
    expect(compared.stdout).toMatch(/^REGRESSED {2}llama-8b-serving: TTFT p95 regressed 179 ms → 2,304 ms/);
  });

  it('refuses to replace an existing baseline without --force, and says what it would replace', () => {
    const dir = tmp();
    expect(cli(['journal', 'init', BASE, '--commit', 'e84ef93'], dir).code).toBe(0);
    const digest = readFileSync(join(dir, '.perf-triage/baselines/llama-8b-serving.json'), 'utf8');
    const again = cli(['journal', 'init', HEAD], dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(
      /^perf-triage: a baseline exists for llama-8b-serving: \.perf-triage\/baselines\/llama-8b-serving\.json \(recorded \d{4}-\d\d-\d\d from commit e84ef93\)\. journal init would replace it with .*head\.jsonl; pass --force to replace it/,
    );
    // Nothing changed: no second "first baseline", the digest is the same.
    expect(entriesIn(dir)).toHaveLength(1);
    expect(readFileSync(join(dir, '.perf-triage/baselines/llama-8b-serving.json'), 'utf8')).toBe(digest);
    const forced = cli(['journal', 'init', HEAD, '--force', '--commit', 'f00d123'], dir);
    expect(forced.code).toBe(0);
    expect(forced.stdout).toContain('.perf-triage/baselines/llama-8b-serving.json (replaced)');
    expect(entriesIn(dir).map((e) => e.verdict)).toEqual(['first baseline', 'baseline replaced']);
    expect(JSON.parse(readFileSync(join(dir, '.perf-triage/baselines/llama-8b-serving.json'), 'utf8')).commit).toBe(
      'f00d123',
    );
  });
});

describe('perf-triage journal record', () => {
  it('records a compared result as the action does on a merge: flagged regression, baseline moved, idempotent per commit', () => {
    const dir = tmp();
    cli(['journal', 'init', BASE, '--commit', 'e84ef93'], dir);
    const rec = cli(
      [
        'journal',
        'record',
        '.perf-triage/baselines/llama-8b-serving.json',
        HEAD,
        '--commit',
        'abc1234',
        '--pr',
        '7',
        '--slo',
        'ttft p95 < 800ms',
      ],
      dir,
    );
    expect(rec.code).toBe(0);
    expect(rec.stdout).toMatch(
      /^recorded llama-8b-serving: unaccepted-regression \(a regression recorded without acceptance\); baseline moved to \.perf-triage\/baselines\/llama-8b-serving\.json/,
    );
    const entries = entriesIn(dir);
    expect(entries.map((e) => [e.id, e.kind, e.verdict])).toEqual([
      [expect.stringMatching(/^init:/), 'manual', 'first baseline'],
      ['cli:abc1234:llama-8b-serving', 'unaccepted-regression', 'regressed'],
    ]);
    expect(entries[1]).toMatchObject({ commit: 'abc1234', pullRequest: { number: 7 } });
    expect(Object.keys(entries[1].phases ?? {})).toEqual(expect.arrayContaining(['queue_wait', 'decode']));
    const digest = JSON.parse(readFileSync(join(dir, '.perf-triage/baselines/llama-8b-serving.json'), 'utf8'));
    expect(digest).toMatchObject({ commit: 'abc1234', entryId: 'cli:abc1234:llama-8b-serving' });
    expect(readFileSync(join(dir, '.perf-triage/JOURNAL.md'), 'utf8')).toContain('⚠️ **merged without acceptance**');
    // The same commit again: nothing appended.
    const again = cli(['journal', 'record', BASE, HEAD, '--commit', 'abc1234'], dir);
    expect(again.stdout).toBe(
      'already in .perf-triage/journal.jsonl: cli:abc1234:llama-8b-serving (nothing appended)\n',
    );
    expect(entriesIn(dir)).toHaveLength(2);
    // Compared with the moved baseline (the head itself), nothing regresses.
    expect(cli(['compare', '.perf-triage/baselines/llama-8b-serving.json', HEAD], dir).code).toBe(0);
  });

  it('journals an acceptance given with --accept and --by, as /perf accept writes it', () => {
    const dir = tmp();
    const rec = cli(
      [
        'journal',
        'record',
        BASE,
        HEAD,
        '--commit',
        'abc1234',
        '--accept',
        'bigger batches by design effort: 2 days',
        '--by',
        'maria',
      ],
      dir,
    );
    expect(rec.code).toBe(0);
    expect(entriesIn(dir)[0]).toMatchObject({
      kind: 'accepted',
      effort: '2 days',
      acceptance: { by: 'maria', reason: 'bigger batches by design', effort: '2 days', sha: 'abc1234' },
    });
    expect(cli(['journal', 'record', BASE, HEAD, '--accept', 'x'], dir).stderr).toMatch(/--accept needs --by NAME/);
  });
});

describe('perf-triage journal add and show', () => {
  it('show lists by date whatever the order added, formats numbers, filters by benchmark, metric and dates', () => {
    const dir = tmp();
    const add = (date: string, value: string, benchmark = 'llama-8b') =>
      cli(
        [
          'journal',
          'add',
          '--benchmark',
          benchmark,
          '--date',
          date,
          '--metric',
          `ttft p95=${value}`,
          '--metric',
          'throughput=3000tok/s',
          '--symptom',
          'TTFT p95 over target',
          '--diagnosis',
          'queue wait, capacity',
          '--change',
          'max_num_seqs 24 → 64',
          '--effort',
          '2 days',
        ],
        dir,
      );
    expect(add('2026-10-15', '510.56895ms').code).toBe(0);
    expect(add('2026-10-01', '480ms').code).toBe(0);
    expect(add('2026-10-20', '1.23456s', 'mistral').code).toBe(0);
    const markdown = readFileSync(join(dir, '.perf-triage/JOURNAL.md'), 'utf8');
    expect(markdown).toContain('| Date | Verdict | Symptom | Diagnosis | Change | Result | Effort |');
    expect(markdown).toContain('| queue wait, capacity | max\\_num\\_seqs 24 → 64 | — | 2 days |');

    const byMetric = cli(['journal', 'show', '--metric', 'TTFT p95'], dir);
    expect(byMetric.stdout.split('\n').filter(Boolean)).toEqual([
      '2026-10-01  llama-8b  TTFT p95    480 ms  recorded by hand',
      '2026-10-15  llama-8b  TTFT p95    511 ms  recorded by hand',
      '2026-10-20  mistral   TTFT p95  1,235 ms  recorded by hand',
    ]);
    const since = cli(['journal', 'show', '--since', '2026-10-10', '--json'], dir);
    expect(
      since.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).date),
    ).toEqual(['2026-10-15', '2026-10-20']);
    const until = cli(['journal', 'show', '--until', '2026-10-01'], dir);
    expect(until.stdout).toContain('SYMPTOM    TTFT p95 over target');
    expect(until.stdout).not.toContain('2026-10-15');
    expect(cli(['journal', 'show', '--benchmark', 'nope'], dir).stdout).toBe(
      'no entries match (the journal has 3 entries of llama-8b, mistral)\n',
    );
  });

  it('show validates dates and says when there is no journal', () => {
    const dir = tmp();
    for (const [flag, value] of [
      ['--since', '2026-13-01'],
      ['--until', '2026-02-30'],
      ['--since', 'yesterday'],
    ]) {
      const r = cli(['journal', 'show', flag, value], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(new RegExp(`^perf-triage: ${flag} "${value}" is not a date: expected YYYY-MM-DD`));
    }
    expect(cli(['journal', 'show', '--since', '2026-10-02', '--until', '2026-10-01'], dir).stderr).toMatch(
      /--since 2026-10-02 is after --until 2026-10-01/,
    );
    const none = cli(['journal', 'show', '--dir', 'no/such/dir'], dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'perf-triage: no/such/dir: no journal here (no/such/dir/journal.jsonl does not exist): start one with perf-triage journal init FILE… or journal record BASE HEAD\n',
    );
    expect(cli(['journal', 'add', '--benchmark', 'b', '--date', '2026-13-01'], dir).stderr).toMatch(
      /--date "2026-13-01" is not a date/,
    );
    expect(cli(['journal', 'add', '--date', '2026-10-01'], dir).stderr).toMatch(/journal add needs --benchmark NAME/);
  });
});

describe('lossless reading', () => {
  it('render rewrites JOURNAL.md from the JSONL, with trend charts, and lists the lines it could not read', () => {
    const dir = tmp();
    for (const [date, v] of [
      ['2026-10-01', '480'],
      ['2026-10-08', '490'],
      ['2026-10-15', '530'],
    ]) {
      cli(['journal', 'add', '--benchmark', 'llama-8b', '--date', date, '--metric', `ttft p95=${v}ms`], dir);
    }
    const file = join(dir, '.perf-triage/JOURNAL.md');
    const before = readFileSync(file, 'utf8');
    rmSync(file);
    appendFileSync(
      join(dir, '.perf-triage/journal.jsonl'),
      '{"schema":"perf-triage/journal@1","id":"hand:1", "kind": broken\n',
    );
    const rendered = cli(['journal', 'render'], dir);
    expect(rendered.stdout).toBe('rendered 3 entries into .perf-triage/JOURNAL.md\n');
    expect(rendered.stderr).toMatch(
      /^\.perf-triage\/journal\.jsonl line 4: not valid JSON: .* \(kept in the file, not read\)\n$/,
    );
    const after = readFileSync(file, 'utf8');
    expect(after.startsWith(before.trimEnd())).toBe(true);
    expect(after).toContain('## ⚠️ 1 line not shown');
    expect(after).toContain('journal.jsonl line 4: not valid JSON');
    expect(after).toContain('"id":"hand:1", "kind": broken');
    expect(after).toContain('title "TTFT p95 · % change from 2026-10-01 (480 ms)"');
    expect(after).toContain('line [0, 2.08, 10.42]');
    const { entries } = parseJournal(readFileSync(join(dir, '.perf-triage/journal.jsonl'), 'utf8'), 'j');
    expect(before).toBe(renderJournal(entries));
  });

  it('a newer schema line is kept and skipped with its version named; later records still append', () => {
    const dir = tmp();
    cli(['journal', 'add', '--benchmark', 'b', '--date', '2026-10-01'], dir);
    const newer = '{"schema":"perf-triage/journal@2","id":"x","future":true}';
    appendFileSync(join(dir, '.perf-triage/journal.jsonl'), `${newer}\n`);
    const show = cli(['journal', 'show'], dir);
    expect(show.code).toBe(0);
    expect(show.stderr).toBe(
      '.perf-triage/journal.jsonl line 2: an entry of perf-triage/journal@2, newer than this perf-triage reads (perf-triage/journal@1): kept in the file, not read; update perf-triage to read it\n',
    );
    expect(cli(['journal', 'add', '--benchmark', 'b', '--date', '2026-10-02'], dir).code).toBe(0);
    const lines = readFileSync(join(dir, '.perf-triage/journal.jsonl'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(newer);
    const markdown = readFileSync(join(dir, '.perf-triage/JOURNAL.md'), 'utf8');
    expect(markdown).toContain('## ⚠️ 1 line not shown');
    expect(markdown).toContain('newer than this perf-triage reads');
    expect(markdown).toContain(`\`\`\`text\n  ${newer}\n  \`\`\``);
  });

  it('a hand-broken line that holds an entry id still counts: the same record is not appended twice', () => {
    const dir = tmp();
    cli(['journal', 'record', BASE, HEAD, '--commit', 'abc1234'], dir);
    const file = join(dir, '.perf-triage/journal.jsonl');
    // Someone breaks the line by hand (a stray edit that is no longer JSON).
    writeFileSync(file, readFileSync(file, 'utf8').replace('"kind":', '"kind" '));
    const again = cli(['journal', 'record', BASE, HEAD, '--commit', 'abc1234'], dir);
    expect(again.stdout).toMatch(/^already in .*cli:abc1234:llama-8b-serving \(nothing appended\)/);
    expect(again.stderr).toMatch(/journal\.jsonl line 1: not valid JSON/);
    expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(dir, '.perf-triage/JOURNAL.md'))).toBe(true);
  });
});
