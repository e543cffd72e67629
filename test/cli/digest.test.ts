// Matrix jobs: each uploads a digest instead of raw files; the report job compares them. Shards of
// one benchmark merge back into the run they split, and compare exactly as the unsplit file does.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';

async function cli(args: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd });
  return { code, stdout, stderr };
}

const BASE = resolve('examples/demo/base.jsonl');
const HEAD = resolve('examples/demo/head.jsonl');

/** The demo head split over `n` load generators (request i to generator i mod n), arrival order kept. */
function shardFiles(dir: string, n: number): string[] {
  const [metadata, ...lines] = readFileSync(HEAD, 'utf8').trim().split('\n');
  return Array.from({ length: n }, (_, k) => {
    const file = join(dir, `head-${k + 1}.jsonl`);
    writeFileSync(file, [metadata, ...lines.filter((_, i) => i % n === k)].join('\n') + '\n');
    return file;
  });
}

describe('perf-triage digest', () => {
  it('shards digested apart compare as the whole run does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-digest-'));
    const files = shardFiles(dir, 3);
    for (const [k, file] of files.entries()) {
      const r = await cli(['digest', file, '--out', `digests/shard-${k + 1}.json`, '--shard', `${k + 1}/3`], dir);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(
        new RegExp(
          `^digests/shard-${k + 1}\\.json: llama-8b-serving shard ${k + 1}/3, 1 run\\(s\\), 66[67] of 66[67] requests kept`,
        ),
      );
    }
    const whole = JSON.parse((await cli(['compare', BASE, HEAD, '--format', 'json'], dir)).stdout);
    const merged = JSON.parse((await cli(['compare', BASE, 'digests/*.json', '--format', 'json'], dir)).stdout);
    expect(merged.benchmarks).toHaveLength(1);
    const [w, m] = [whole.benchmarks[0], merged.benchmarks[0]];
    expect(m.head.requests).toBe(2000);
    expect(m.metrics.map((x: { verdict: string }) => x.verdict)).toEqual(
      w.metrics.map((x: { verdict: string }) => x.verdict),
    );
    // Digests keep 6 significant digits.
    m.metrics.forEach((x: { key: string; head: number | null }, i: number) => {
      if (x.head === null) return;
      const whole = w.metrics[i].head;
      expect(whole === 0 ? Math.abs(x.head) : Math.abs(x.head / whole - 1), x.key).toBeLessThan(1e-5);
    });
    expect(m.diagnosis.findings.map((f: { hint: string }) => f.hint)).toEqual(
      w.diagnosis.findings.map((f: { hint: string }) => f.hint),
    );
    expect(m.head.sources[0].warnings.join(' ')).toMatch(/merged from 3 shards/);
  });

  it('several benchmarks from a matrix make one report with a section each', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-digest-'));
    for (const name of ['llama-8b', 'qwen-7b']) {
      await cli(['digest', BASE, '--out', `base/${name}.json`, '--benchmark', name], dir);
      await cli(['digest', HEAD, '--out', `head/${name}.json`, '--benchmark', name], dir);
    }
    const r = await cli(['compare', 'base/*.json', 'head/*.json', '--format', 'markdown'], dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^## 🔴 perf-triage: 2 benchmarks — 2 regressed/);
    expect(r.stdout).toContain('### 🔴 perf-triage · llama-8b:');
    expect(r.stdout).toContain('### 🔴 perf-triage · qwen-7b:');
  });

  it('refuses an incomplete set of shards, naming the missing one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-digest-'));
    const files = shardFiles(dir, 3);
    await cli(['digest', files[0], '--out', 'd/1.json', '--shard', '1/3'], dir);
    await cli(['digest', files[2], '--out', 'd/3.json', '--shard', '3/3'], dir);
    const r = await cli(['compare', BASE, 'd/*.json'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/"llama-8b-serving" is split in 3 shards, but shard 2 is missing/);
    expect((await cli(['digest', files[0], '--out', 'x.json', '--shard', '4/3'], dir)).stderr).toMatch(
      /between 1 and 3/,
    );
  });
});
