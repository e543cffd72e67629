// The bundled dist/ run end to end as users run it: the CLI as a process, and the action with the
// environment a runner sets (INPUT_*, GITHUB_OUTPUT, GITHUB_STEP_SUMMARY).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseOutputs } from '../helpers/github-output';

const root = resolve('.');
const demo = { base: join(root, 'examples/demo/base.jsonl'), head: join(root, 'examples/demo/head.jsonl') };

function runAction(inputs: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'pt-action-'));
  const output = join(dir, 'output.txt');
  const summary = join(dir, 'summary.md');
  writeFileSync(output, '');
  writeFileSync(summary, '');
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', GITHUB_OUTPUT: output, GITHUB_STEP_SUMMARY: summary, RUNNER_TEMP: dir };
  for (const [k, v] of Object.entries(inputs)) env[`INPUT_${k.toUpperCase()}`] = v;
  const r = spawnSync(process.execPath, [join(root, 'dist/index.js')], { cwd: dir, env, encoding: 'utf8' });
  return { ...r, dir, outputs: parseOutputs(readFileSync(output, 'utf8')), summary: readFileSync(summary, 'utf8') };
}

describe('dist/cli.js', () => {
  it('runs the demo and prints the diagnosis', () => {
    const r = spawnSync(process.execPath, ['dist/cli.js', 'demo'], { encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('REGRESSED');
    expect(r.stdout).toContain('[capacity] (confirmed, cause: config)');
  });

  it('compares files and exits 1 on a regression', () => {
    const r = spawnSync(process.execPath, ['dist/cli.js', 'compare', demo.base, demo.head, '--format', 'json'], { encoding: 'utf8' });
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout).verdict).toBe('regressed');
  });

  it('on a GitHub runner, artifact text in its output commands nothing (text, and JSON value for value)', () => {
    const base = join(root, 'test/fixtures/vllm/sweep-opt125m-max_num_seqs4-run0.json');
    const hostile = join(mkdtempSync(join(tmpdir(), 'pt-cli-')), 'head.json');
    const model = 'x ##[set-output name=verdict]pass ::error::forged';
    writeFileSync(hostile, JSON.stringify({ ...JSON.parse(readFileSync(base, 'utf8')), model_id: model }));
    const run = (runner: boolean, ...extra: string[]) =>
      spawnSync(process.execPath, ['dist/cli.js', 'compare', base, hostile, ...extra], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', ...(runner ? { GITHUB_ACTIONS: 'true' } : {}) },
      });
    const text = run(true);
    expect(text.stdout).toContain('set-output name=verdict');
    expect(text.stdout).not.toMatch(/##\[|::/);
    const json = run(true, '--format', 'json').stdout;
    expect(json).not.toMatch(/##\[|::/);
    const plain = run(false, '--format', 'json').stdout;
    expect(plain).toContain(model);
    expect(JSON.parse(json)).toEqual(JSON.parse(plain));
  });

  it('starts with a shebang so npm can link it as a bin', () => {
    expect(readFileSync('dist/cli.js', 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(JSON.parse(readFileSync('package.json', 'utf8')).bin).toEqual({ 'perf-triage': 'dist/cli.js' });
  });
});

describe('dist/index.js (the action)', () => {
  it('fails the step on the regression, writes the summary, the report and the outputs', () => {
    const r = runAction({ results: demo.head, baseline: demo.base, slo: 'ttft p95 < 800ms\nitl p99 < 200ms', 'report-path': 'report.json' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('::error::perf-triage: regressed: TTFT p95');
    expect(r.outputs).toMatchObject({ verdict: 'regressed', outcome: 'fail', 'dominant-phase': 'queue_wait', 'slo-breached': 'true', 'report-path': 'report.json' });
    expect(r.outputs['regressed-metrics'].split(',')).toContain('ttft.p95');
    expect(r.summary).toContain('### 🔴 perf-triage · llama-8b-serving');
    const report = JSON.parse(readFileSync(join(r.dir, 'report.json'), 'utf8'));
    expect(report.benchmarks[0].diagnosis.findings[0].hint).toBe('capacity');
  });

  it('passes when nothing regressed', () => {
    const r = runAction({ results: demo.base, baseline: demo.base });
    expect(r.status).toBe(0);
    // One run per side cannot show every metric within its minimum effect: nothing regressed, some undecided.
    expect(r.outputs.verdict).toBe('inconclusive');
    expect(r.outputs['regressed-metrics']).toBe('');
    expect(r.outputs.outcome).toBe('pass');
    expect(r.summary).toMatch(/no regression found; .+ too noisy to rule out a/);
  });

  it('names the input when one is wrong, and fails without a stack trace', () => {
    const r = runAction({ results: demo.head, baseline: demo.base, 'fail-on': 'always' });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('::error::perf-triage: input "fail-on": "always" is not allowed');
    const missing = runAction({ results: 'nothing/*.jsonl', baseline: demo.base });
    expect(missing.stdout).toContain('::error::perf-triage: nothing/*.jsonl: no file matches this pattern (results)');
  });

  it('never lets artifact text issue workflow commands or markup', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-hostile-'));
    const hostile = '\n::error::pwned @octocat <img src=x onerror=alert(1)> [x](https://evil.example) #1';
    const lines = readFileSync(demo.head, 'utf8').split('\n');
    const meta = JSON.parse(lines[0]);
    meta.metadata.benchmark = hostile;
    meta.metadata.config['::set-output name=x::'] = '<script>';
    lines[0] = JSON.stringify(meta);
    lines.splice(3, 0, '{"request_id": "::warning::bad", "first_token_ms": -1, "total_ms": 5}');
    const head = join(dir, 'head.jsonl');
    writeFileSync(head, lines.join('\n'));
    const r = runAction({ results: head, baseline: demo.base });
    expect(r.status).toBe(1);
    const commandLines = r.stdout.split('\n').filter((l) => l.startsWith('::'));
    for (const line of commandLines) expect(line).toMatch(/^::(group|endgroup|error)::/);
    expect(r.stdout).not.toContain('::error::pwned');
    // Escaped text renders literally: "\\<img" shows "<img" as text; "@\u2060octocat" pings nobody.
    expect(r.summary).not.toMatch(/(?<!\\)<(img|script)|(?<!\\)\]\(|@octocat|https:\/\//);
    expect(r.summary).toContain('records skipped');
  });
});
