// `perf-triage calibrate` in process: four runs of one build give the table, the notes and the noise
// file in the journal directory; too few runs say how many more; `compare --noise` and `journal
// record` use the file and the report says where its noise came from.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run';
import { parseNoiseFile } from '../../src/compare/noise-file';
import { baseScenario, simulateToJsonl } from '../../src/sim';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pt-calibrate-'));
  mkdirSync(join(dir, 'runs'));
  for (const k of [1, 2, 3, 4])
    writeFileSync(join(dir, 'runs', `run-${k}.jsonl`), simulateToJsonl(baseScenario(9200 + k, 700)));
  writeFileSync(join(dir, 'base.jsonl'), simulateToJsonl(baseScenario(9300, 700)));
  writeFileSync(join(dir, 'head.jsonl'), simulateToJsonl(baseScenario(9301, 700)));
});

async function cli(args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), cwd: dir });
  return { code, stdout, stderr };
}

describe('perf-triage calibrate', () => {
  it('fewer than 4 runs: exit 2, and how many more', async () => {
    const r = await cli(['calibrate', 'runs/run-1.jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'perf-triage: calibration needs at least 4 runs of one build; got 1: run the benchmark 3 more times on the same build and runner\n',
    );
    expect(existsSync(join(dir, '.perf-triage/noise'))).toBe(false);
  });

  it('four runs: the spread per metric, the A/A pairs, and the noise file in the journal directory', async () => {
    const r = await cli(['calibrate', 'runs/*.jsonl', '--runner', 'gpu-runner-2', '--date', '2026-12-03']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^perf-triage calibrate · llama-8b-serving: 4 runs on gpu-runner-2 \(700 requests each\)\n/,
    );
    expect(r.stdout).toMatch(
      /^metric +between runs +within a run +allowance +resolution +detects \(80%\) +min effect$/m,
    );
    expect(r.stdout).toMatch(/^TTFT p95 +σ [\d.]+% +σ [\d.]+% +[\d.]+% +±[\d.,]+% +\+[\d.,]+% +10%$/m);
    expect(r.stdout).toMatch(
      /Every A\/A pair of these runs \(6\), judged as a pull request would be: with the settings before, \d+ false alarms?, /,
    );
    expect(r.stdout).toContain('Noise file: .perf-triage/noise/llama-8b-serving.json');
    const file = parseNoiseFile(readFileSync(join(dir, '.perf-triage/noise/llama-8b-serving.json'), 'utf8'), 'noise');
    expect(file).toMatchObject({
      benchmark: 'llama-8b-serving',
      runs: 4,
      runner: 'gpu-runner-2',
      calibratedAt: '2026-12-03T00:00:00.000Z',
      requests: [700, 700, 700, 700],
    });
    expect(Object.keys(file.metrics)).toContain('itl.p50');
    // --format json prints the file itself; --dry-run writes nothing.
    const json = await cli(['calibrate', 'runs/*.jsonl', '--dry-run', '--format', 'json', '--dir', 'elsewhere']);
    expect(JSON.parse(json.stdout).schema).toBe('perf-triage/noise@1');
    expect(existsSync(join(dir, 'elsewhere'))).toBe(false);
  }, 120_000);

  it('compare --noise uses it and says so; journal record reads the one in its directory', async () => {
    const compared = await cli([
      'compare',
      'base.jsonl',
      'head.jsonl',
      '--noise',
      '.perf-triage/noise/llama-8b-serving.json',
      '--format',
      'json',
    ]);
    const report = JSON.parse(compared.stdout);
    const file = parseNoiseFile(readFileSync(join(dir, '.perf-triage/noise/llama-8b-serving.json'), 'utf8'), 'noise');
    expect(report.noise).toEqual([
      expect.objectContaining({
        benchmark: 'llama-8b-serving',
        runs: 4,
        runner: 'gpu-runner-2',
        calibratedAt: file.calibratedAt,
      }),
    ]);
    expect(report.benchmarks[0].metrics.find((m: { key: string }) => m.key === 'itl.p50').runNoise.base).toBeCloseTo(
      file.metrics['itl.p50'].allowance,
      4,
    );
    const text = await cli([
      'compare',
      'base.jsonl',
      'head.jsonl',
      '--noise',
      '.perf-triage/noise/llama-8b-serving.json',
    ]);
    expect(text.stdout).toContain(
      `llama-8b-serving: noise band from calibration of 2026-12-03, 4 runs on gpu-runner-2; measured false-alarm rate of this setup: ${file.falseAlarms.after.alarms} of ${file.falseAlarms.after.comparisons} A/A metric comparisons`,
    );
    const missing = await cli(['compare', 'base.jsonl', 'head.jsonl', '--noise', 'nope.json']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      'perf-triage: nope.json: cannot read the noise file: no such file (perf-triage calibrate writes it)\n',
    );
    // journal record reads the calibration in its directory unasked: a broken one is an error naming it.
    mkdirSync(join(dir, 'other/noise'), { recursive: true });
    writeFileSync(join(dir, 'other/noise/llama-8b-serving.json'), '{');
    const broken = await cli([
      'journal',
      'record',
      'base.jsonl',
      'head.jsonl',
      '--commit',
      'c'.repeat(40),
      '--dir',
      'other',
    ]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/^perf-triage: other\/noise\/llama-8b-serving\.json: noise file: not valid JSON/);
    const recorded = await cli(['journal', 'record', 'base.jsonl', 'head.jsonl', '--commit', 'c'.repeat(40)]);
    expect(recorded.code, recorded.stderr).toBe(0);
  }, 120_000);
});
