// The CLI in-process: exit codes, formats, and errors that name the problem.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: process.cwd() });
  return { code, stdout, stderr };
}

const demo = { base: 'examples/demo/base.jsonl', head: 'examples/demo/head.jsonl' };

describe('perf-triage compare', () => {
  it('exits 1 on the shipped regression and prints the diagnosis', async () => {
    const r = await cli(['compare', demo.base, demo.head, '--slo', 'ttft p95 < 800ms']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('REGRESSED');
    expect(r.stdout).toContain('[capacity]');
    expect(r.stdout).toContain('max_num_seqs 64 → 24');
    expect(r.stderr).toBe('');
  });

  it('exits 0 when the same run is compared with itself, and with --fail-on never', async () => {
    expect((await cli(['compare', demo.base, demo.base])).code).toBe(0);
    expect((await cli(['compare', demo.base, demo.head, '--fail-on', 'never'])).code).toBe(0);
  });

  it('prints JSON with the documented fields, and writes the markdown next to it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-cli-'));
    const md = join(dir, 'report.md');
    const r = await cli([
      'compare',
      demo.base,
      demo.head,
      '--format',
      'json',
      '--metric',
      'ttft p95',
      '--markdown',
      md,
    ]);
    const json = JSON.parse(r.stdout);
    expect(json.schemaVersion).toBe(2);
    expect(json.verdict).toBe('regressed');
    const m = json.benchmarks[0].metrics[0];
    expect(m).toMatchObject({
      metric: 'ttft',
      stat: 'p95',
      verdict: 'regressed',
      dominantPhase: 'queue_wait',
      hints: ['capacity'],
    });
    expect(m.interval.lower).toBeLessThan(m.change);
    expect(readFileSync(md, 'utf8')).toContain('### 🔴 perf-triage');
  });

  it('is reproducible: the same seed gives the same report, byte for byte', async () => {
    const a = await cli(['compare', demo.base, demo.head, '--format', 'json', '--seed', '7']);
    const b = await cli(['compare', demo.base, demo.head, '--format', 'json', '--seed', '7']);
    expect(a.stdout).toBe(b.stdout);
  });

  it('accepts several runs per side as repeats (the same file named twice counts once)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-cli-'));
    writeFileSync(join(dir, 'base-2.jsonl'), readFileSync(demo.base));
    writeFileSync(join(dir, 'head-2.jsonl'), readFileSync(demo.head));
    const r = await cli([
      'compare',
      demo.base,
      demo.head,
      '--base',
      join(dir, 'base-2.jsonl'),
      '--base',
      demo.base,
      '--head',
      join(dir, 'head-2.jsonl'),
      '--format',
      'json',
      '--metric',
      'ttft p50',
    ]);
    const json = JSON.parse(r.stdout);
    expect(json.benchmarks[0].base.runs).toBe(2);
    expect(json.benchmarks[0].metrics[0].baseDetail.perRun).toHaveLength(2);
  });

  it('exits 2 with a message naming the problem', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-cli-'));
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"first_token_ms": 10, "total_ms": -5}\n');
    const cases: [string[], RegExp][] = [
      [['compare', demo.base], /needs a baseline and a head/],
      [['compare', demo.base, join(dir, 'missing.jsonl')], /missing\.jsonl: cannot read: no such file/],
      [['compare', demo.base, bad], /bad\.jsonl:1: field "total_ms": expected a duration in ms ≥ 0, got -5/],
      [
        ['compare', demo.base, demo.head, '--slo', 'ttft p95 < 800'],
        /input "slo": SLO "ttft p95 < 800": missing unit after 800/,
      ],
      [['compare', demo.base, demo.head, '--fail-on', 'sometimes'], /input "fail-on": "sometimes" is not allowed/],
      [['compare', demo.base, demo.head, '--format', 'xml'], /--format "xml" is not one of text, markdown, json/],
      [
        ['compare', demo.base, demo.head, '--bogus'],
        /unknown option --bogus for compare; see perf-triage compare --help/,
      ],
      [['frobnicate'], /unknown command "frobnicate"/],
    ];
    for (const [args, message] of cases) {
      const r = await cli(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(message);
    }
  });
});

describe('perf-triage demo and simulate', () => {
  it('demo prints the diagnosis and exits 0', async () => {
    const r = await cli(['demo']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/TTFT p95 regressed 179 ms → 2,304 ms/);
    expect(r.stdout).toContain('Do first: restore running-batch capacity');
  });

  it('the shipped example files are exactly what the simulator makes', async () => {
    const { demoTexts } = await import('../../src/cli/demo');
    const texts = demoTexts();
    expect(readFileSync(demo.base, 'utf8')).toBe(texts.base);
    expect(readFileSync(demo.head, 'utf8')).toBe(texts.head);
  });

  it('simulate writes telemetry the compare command reads, and lists the injected regressions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-sim-'));
    const out = join(dir, 'run.jsonl');
    expect(
      (await cli(['simulate', '--seed', '3', '--requests', '300', '--inject', 'tokenizer-slower', '--out', out])).code,
    ).toBe(0);
    const lines = readFileSync(out, 'utf8').trim().split('\n');
    expect(lines).toHaveLength(301);
    expect(JSON.parse(lines[0]).metadata.config.max_num_seqs).toBe(64);
    const list = await cli(['simulate', '--list']);
    expect(list.stdout).toContain('capacity-cut');
    expect((await cli(['simulate', '--inject', 'nope'])).stderr).toMatch(/--inject "nope" is not one of/);
  });
});

describe('perf-triage validate', () => {
  it('names the format, what it found, and exits 0 only when every file is usable', async () => {
    const ok = await cli(['validate', demo.base, 'test/fixtures/vllm/sweep-opt125m-max_num_seqs4-run0.json']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('✓ examples/demo/base.jsonl: native-jsonl (per-request phase telemetry (§4)), 1 run');
    // Each run's workload label: what makes runs repeats, and what base and head are matched on.
    expect(ok.stdout).toContain(
      '  workload: model llama-3.1-8b-instruct@2025-10-01, hardware 1x NVIDIA H100 80GB HBM3 (simulated)',
    );
    expect(ok.stdout).toContain('phases: tokenize, queue_wait, prefill, network, decode, detokenize');
    expect(ok.stdout).toMatch(
      /✓ test\/fixtures\/vllm\/sweep-opt125m-max_num_seqs4-run0\.json: vllm \(vLLM bench serve result\), 1 run/,
    );
    expect(ok.stdout).toContain('  workload: max request rate, concurrency 2, model facebook/opt-125m');
    // The tool's version where the file has it; the detected format from content alone.
    const aiperf = await cli([
      'validate',
      'test/fixtures/aiperf/aiperf_0.10.0_concurrency16_profile_export_aiperf.json',
    ]);
    expect(aiperf.stdout).toContain(
      'aiperf_0.10.0_concurrency16_profile_export_aiperf.json: aiperf (NVIDIA AIPerf export), written by aiperf 0.10.0, 1 run',
    );
    expect(aiperf.stdout).toContain(
      '  workload: dataset datasets/aiperf/nvfp4_agent.jsonl, concurrency 16, streaming, model qwen3.6-nvfp4',
    );
    const forced = await cli([
      'validate',
      '--input-format',
      'vllm',
      'test/fixtures/aiperf/aiperf_0.10.0_concurrency16_profile_export_aiperf.json',
    ]);
    expect(forced.code).toBe(1);
    expect(forced.stdout).toMatch(/✗ .*: read as vLLM bench serve result \(vllm\), but it has no usable metric/);
    const dir = mkdtempSync(join(tmpdir(), 'pt-validate-'));
    const bad = join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"first_token_ms": 1, "total_ms": 2}\n{"first_token_ms": -1, "total_ms": 2}\n');
    const mixed = await cli(['validate', demo.base, bad, join(dir, 'nothing-*.json')]);
    expect(mixed.code).toBe(1);
    expect(mixed.stdout).toContain(
      `✗ ${bad}:2: field "first_token_ms": expected a duration in ms ≥ 0, got -1 — 1 of 2 records are bad`,
    );
    expect(mixed.stdout).toMatch(/✗ .*nothing-\*\.json: no file matches this pattern/);
  });
});
