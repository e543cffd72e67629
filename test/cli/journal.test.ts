// `perf-triage journal init | add | show | render` on files in a checkout, and the baseline digest
// taken by path like any baseline file.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';
import { parseJournal } from '../../src/journal/jsonl';
import { renderJournal } from '../../src/journal/markdown';

async function cli(args: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

const BASE = resolve('examples/demo/base.jsonl');
const HEAD = resolve('examples/demo/head.jsonl');

describe('perf-triage journal', () => {
  it('init records a first baseline that compare then takes by path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-journal-'));
    const init = await cli(['journal', 'init', BASE, '--commit', 'e84ef93'], dir);
    expect(init).toMatchObject({ code: 0, stderr: '' });
    expect(init.stdout).toContain('baseline for llama-8b-serving: .perf-triage/baselines/llama-8b-serving.json');
    const { entries } = parseJournal(readFileSync(join(dir, '.perf-triage/journal.jsonl'), 'utf8'), 'journal.jsonl');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'manual', verdict: 'first baseline', commit: 'e84ef93' });
    expect(entries[0].metrics.find((m) => m.key === 'ttft.p95')!.value).toBeCloseTo(179, -1);
    const compared = await cli(['compare', '.perf-triage/baselines/llama-8b-serving.json', HEAD, '--slo', 'ttft p95 < 800ms'], dir);
    expect(compared.code).toBe(1);
    expect(compared.stdout).toMatch(/^REGRESSED {2}llama-8b-serving: TTFT p95 regressed 179 ms → 2,304 ms/);
  });

  it('add appends a hand-recorded result in the §8 format; show filters by benchmark, metric and dates', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-journal-'));
    const add = (date: string, value: string, benchmark = 'llama-8b') =>
      cli(['journal', 'add', '--benchmark', benchmark, '--date', date, '--metric', `ttft p95=${value}`, '--metric', 'throughput=3000tok/s', '--symptom', 'TTFT p95 over target', '--diagnosis', 'queue wait, capacity', '--change', 'max_num_seqs 24 → 64', '--effort', '2 days'], dir);
    expect((await add('2026-10-01', '480ms')).code).toBe(0);
    expect((await add('2026-10-15', '0.51s')).code).toBe(0);
    expect((await add('2026-10-20', '900ms', 'mistral')).code).toBe(0);
    const markdown = readFileSync(join(dir, '.perf-triage/JOURNAL.md'), 'utf8');
    expect(markdown).toContain('EFFORT     2 days');
    expect(markdown).toContain('CHANGE     max_num_seqs 24 → 64');

    const byMetric = await cli(['journal', 'show', '--benchmark', 'llama-8b', '--metric', 'ttft p95'], dir);
    expect(byMetric.stdout.split('\n').filter(Boolean)).toEqual([
      '2026-10-01  llama-8b                 ttft.p95 480 ms  recorded by hand',
      '2026-10-15  llama-8b                 ttft.p95 510 ms  recorded by hand',
    ]);
    const since = await cli(['journal', 'show', '--since', '2026-10-10', '--json'], dir);
    expect(since.stdout.trim().split('\n').map((l) => JSON.parse(l).date)).toEqual(['2026-10-15', '2026-10-20']);
    const until = await cli(['journal', 'show', '--until', '2026-10-01'], dir);
    expect(until.stdout).toContain('SYMPTOM    TTFT p95 over target');
    expect(until.stdout).not.toContain('2026-10-15');
    expect((await cli(['journal', 'show', '--benchmark', 'nope'], dir)).stdout).toBe('no entries match\n');
  });

  it('render rewrites the markdown from the JSONL, with trend charts, and reports lines it skipped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-journal-'));
    for (const [date, v] of [['2026-10-01', '480'], ['2026-10-08', '490'], ['2026-10-15', '530']]) {
      await cli(['journal', 'add', '--benchmark', 'llama-8b', '--date', date, '--metric', `ttft p95=${v}ms`], dir);
    }
    const file = join(dir, '.perf-triage/JOURNAL.md');
    const before = readFileSync(file, 'utf8');
    rmSync(file);
    appendFileSync(join(dir, '.perf-triage/journal.jsonl'), 'not json\n');
    const rendered = await cli(['journal', 'render'], dir);
    expect(rendered.stdout).toBe('rendered 3 entries into .perf-triage/JOURNAL.md\n');
    expect(rendered.stderr).toMatch(/^\.perf-triage\/journal\.jsonl:4: not valid JSON/);
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(before);
    expect(after).toContain('```mermaid\n%%{init');
    expect(after).toContain('title "llama-8b: ttft.p95"');
    expect(after).toContain('line [480, 490, 530]');
    const { entries } = parseJournal(readFileSync(join(dir, '.perf-triage/journal.jsonl'), 'utf8'), 'j');
    expect(after).toBe(renderJournal(entries));
  });

  it('refuses a newer journal schema instead of misreading it, and bad flags with usage', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-journal-'));
    await cli(['journal', 'add', '--benchmark', 'b', '--date', '2026-10-01'], dir);
    writeFileSync(join(dir, '.perf-triage/journal.jsonl'), '{"schema":"perf-triage/journal@2","id":"x"}\n');
    const newer = await cli(['journal', 'show'], dir);
    expect(newer.code).toBe(2);
    expect(newer.stderr).toMatch(/journal@2 is newer than this perf-triage reads.*update perf-triage/);
    const bad = await cli(['journal', 'add', '--date', '2026-10-01'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/journal add needs --benchmark NAME/);
    expect((await cli(['journal', 'add', '--benchmark', 'b', '--date', 'yesterday'], dir)).stderr).toMatch(/--date "yesterday" is not a date/);
    expect((await cli(['journal', 'rewrite'], dir)).stderr).toMatch(/journal needs show, add, render or init \(got "rewrite"\)/);
  });
});
