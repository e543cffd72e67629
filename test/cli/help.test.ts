// The CLI as a person meets it, through the bundled dist/cli.js as a process: help on every command
// and subcommand, suggestions for slips, the action's input names, metric names as the report
// prints them, and errors whose first line is the useful one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { COMMAND_HELP } from '../../src/cli/usage';
import { ACTION_INPUT_ALIASES, COMMON_OPTIONS } from '../../src/cli/compare-options';
import { METRICS } from '../../src/metrics/catalog';
import { makeSpec, MEAN, parseMetricSpec, percentile, specLabel } from '../../src/metrics/metric-spec';

const root = resolve('.');
const demo = { base: join(root, 'examples/demo/base.jsonl'), head: join(root, 'examples/demo/head.jsonl') };

function cli(args: string[], cwd = root) {
  const r = spawnSync(process.execPath, [join(root, 'dist/cli.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Node's own parseArgs wording, which must never reach a user. */
const RAW_NODE = /To specify a positional argument|argument is ambiguous|Unexpected argument '|ERR_PARSE_ARGS/;

describe('help', () => {
  it("--help and -h on every command and journal subcommand print that command's usage and exit 0", () => {
    for (const topic of Object.keys(COMMAND_HELP)) {
      for (const flag of ['--help', '-h']) {
        const r = cli([...topic.split(' '), flag]);
        expect(r.code, `${topic} ${flag}`).toBe(0);
        expect(r.stdout.startsWith(`Usage: perf-triage ${topic}`), `${topic} ${flag}`).toBe(true);
        expect(r.stderr).toBe('');
      }
      expect(cli(['help', ...topic.split(' ')]).stdout).toBe(COMMAND_HELP[topic]);
    }
    // Help wins over missing arguments and other flags.
    expect(cli(['journal', 'record', '--slo', 'x', '--help']).code).toBe(0);
    expect(cli(['--help']).stdout).toMatch(/^perf-triage — /);
    expect(cli([]).code).toBe(0);
  });
});

describe("slips get a suggestion, never Node's raw message", () => {
  it('commands and journal subcommands', () => {
    const r = cli(['comapre', demo.base, demo.head]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'perf-triage: unknown command "comapre"; did you mean "compare"?\nRun perf-triage --help for the commands.\n',
    );
    expect(cli(['jornal', 'show']).stderr).toMatch(/did you mean "journal"\?/);
    const sub = cli(['journal', 'shwo']);
    expect(sub.code).toBe(2);
    expect(sub.stderr).toMatch(/^perf-triage: unknown journal command "shwo"; did you mean "show"\?/);
  });

  it('flags, missing values and stray arguments, for every command', () => {
    const slos = cli(['compare', demo.base, demo.head, '--slos', 'ttft p95 < 800ms']);
    expect(slos.code).toBe(2);
    expect(slos.stderr).toBe('perf-triage: unknown option --slos for compare; did you mean --slo?\n');
    expect(cli(['journal', 'show', '--benchmrk', 'x']).stderr).toMatch(
      /unknown option --benchmrk for journal show; did you mean --benchmark\?/,
    );
    expect(cli(['compare', demo.base, demo.head, '--slo']).stderr).toBe(
      'perf-triage: --slo needs a value; see perf-triage compare --help\n',
    );
    const commands = [
      ['compare'],
      ['demo'],
      ['simulate'],
      ['validate'],
      ['digest'],
      ['calibrate'],
      ['amdahl'],
      ['split'],
      ['floor'],
      ['journal', 'init'],
      ['journal', 'record'],
      ['journal', 'show'],
      ['journal', 'add'],
      ['journal', 'render'],
    ];
    for (const command of commands) {
      const r = cli([...command, '--no-such-flag-at-all']);
      expect(r.code, command.join(' ')).toBe(2);
      expect(r.stderr, command.join(' ')).toMatch(
        new RegExp(
          `^perf-triage: unknown option --no-such-flag-at-all for ${command.join(' ')}; see perf-triage ${command.join(' ')} --help\\n$`,
        ),
      );
      expect(r.stderr).not.toMatch(RAW_NODE);
    }
    expect(cli(['compare', demo.base, demo.head, '--slo', '-5']).stderr).not.toMatch(RAW_NODE);
    expect(cli(['compare', demo.base, demo.head, '--format', 'mdd']).stderr).toMatch(
      /--format "mdd" is not one of text, markdown, json \(or md\)/,
    );
  });
});

describe('what the CLI accepts', () => {
  it('--format md prints the markdown report', () => {
    const md = cli(['compare', demo.base, demo.head, '--format', 'md']);
    expect(md.code).toBe(1);
    expect(md.stdout).toMatch(/^### 🔴 perf-triage · llama-8b-serving/);
    expect(md.stdout).toBe(cli(['compare', demo.base, demo.head, '--format', 'markdown']).stdout);
  });

  it('every input of action.yml is a CLI flag of the same name, an alias of one, or GitHub-only', () => {
    const inputs = Object.keys(parseYaml(readFileSync('action.yml', 'utf8')).inputs);
    // What only means something on GitHub (or is another command's job: digest/shard are `perf-triage digest`).
    const githubOnly = [
      'job-summary',
      'github-token',
      'comment',
      'group',
      'workflow-run-id',
      'artifact-name',
      'artifact-max-bytes',
      'check-name',
      'comment-author',
      'digest',
      'shard',
      'journal',
      'journal-branch',
      'record',
      // The action's modes and what only GitHub does (calibrate's runner is `perf-triage calibrate --runner`).
      'mode',
      'runner',
      'alerts',
      'alert-labels',
      'alert-assignees',
      'alert-webhook',
      'bisect-workflow',
      'bisect-good',
      'bisect-bad',
      'bisect-ref',
      'bisect-issue',
      'bisect-metric',
      'bisect-max-runs',
      'bisect-repeats',
      'bisect-timeout-minutes',
      'bisect-poll-seconds',
      'confirm-attempts',
      'confirm-margin',
    ];
    const flags = new Set(Object.keys(COMMON_OPTIONS));
    const journalOnly = ['journal-dir'];
    for (const input of inputs) {
      const known =
        flags.has(input) ||
        (Object.hasOwn(ACTION_INPUT_ALIASES, input) && flags.has(ACTION_INPUT_ALIASES[input])) ||
        githubOnly.includes(input) ||
        journalOnly.includes(input);
      expect(known, `action input "${input}" has no CLI flag`).toBe(true);
    }
    expect(Object.keys(ACTION_INPUT_ALIASES).every((a) => inputs.includes(a))).toBe(true);
    // The aliases do what the action's inputs do.
    const dir = mkdtempSync(join(tmpdir(), 'pt-alias-'));
    const report = join(dir, 'r.json');
    const viaInputs = cli([
      'compare',
      '--baseline',
      demo.base,
      '--results',
      demo.head,
      '--metrics',
      'ttft p95',
      '--report-path',
      report,
      '--format',
      'json',
    ]);
    const viaFlags = cli(['compare', demo.base, demo.head, '--metric', 'ttft p95', '--format', 'json']);
    expect(viaInputs.code).toBe(1);
    expect(viaInputs.stdout).toBe(viaFlags.stdout);
    expect(readFileSync(report, 'utf8')).toBe(viaFlags.stdout);
    expect(cli(['journal', 'show', '--journal-dir', join(dir, 'none')]).stderr).toMatch(/no journal/);
  });

  it('metric names as every renderer prints them', () => {
    const labels: [string, string][] = [];
    for (const metric of Object.values(METRICS)) {
      for (const stat of metric.level === 'run' ? [MEAN] : [percentile(95), percentile(99.9), MEAN]) {
        const spec = makeSpec(metric, stat);
        labels.push([specLabel(spec), spec.key], [specLabel(spec).toLowerCase(), spec.key], [spec.key, spec.key]);
      }
    }
    for (const [label, key] of labels) {
      const parsed = parseMetricSpec(label);
      expect(typeof parsed === 'string' ? parsed : parsed.key, label).toBe(key);
    }
    const r = cli([
      'compare',
      demo.base,
      demo.head,
      '--metric',
      'client ttft p95',
      '--metric',
      'queue wait p99',
      '--slo',
      'client TTFT p95 < 800ms',
      '--format',
      'json',
    ]);
    expect(
      JSON.parse(r.stdout).benchmarks[0].metrics.map((m: { metric: string; stat: string }) => `${m.metric} ${m.stat}`),
    ).toEqual(['ttft_client p95', 'failed mean', 'queue_wait p99']);
    expect(cli(['compare', demo.base, demo.head, '--metric', 'tfft p95']).stderr).toMatch(
      /unknown metric "tfft": did you mean "ttft"\?/,
    );
  });
});

describe('errors lead with the useful line', () => {
  it('a CSV with a wrong header: what it has and what it needs first, the formats tried after, short', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pt-csv-'));
    const file = join(dir, 'results.csv');
    writeFileSync(file, 'timestamp,ttft,total_ms_x\n1,2,3\n4,5,6\n');
    const r = cli(['compare', file, file]);
    expect(r.code).toBe(2);
    const [first, second] = r.stderr.split('\n');
    expect(first).toBe(
      `perf-triage: ${file}: a CSV whose header names none of the fields perf-triage reads ("timestamp", "ttft", "total_ms_x"): a per-request CSV needs §4 columns such as first_token_ms and total_ms (docs/native-format.md); did you mean total_ms for "total_ms_x"?`,
    );
    expect(second).toMatch(
      /^ {2}\(tried \d+ formats: .*vllm, .*native; perf-triage validate FILE --input-format ID says why one does not fit\)$/,
    );
    expect(r.stderr.length).toBeLessThan(first.length + 300);
  });
});
