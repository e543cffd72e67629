// `npm run bench`: wall time, throughput and peak memory of the bundled CLI comparing two simulated
// runs, process start included, as a user runs it: 2×10k, 2×100k and 100k (base) vs 1M (head)
// requests, side by side with two references on the same files, each also a process of its own:
//   - JSON.parse: a plain reader JSON.parse-ing every line, computing four p95 columns;
//   - DuckDB (@duckdb/node-api, default settings, all cores), per file:
//       SELECT quantile_cont(first_token_ms, 0.95), quantile_cont(total_ms, 0.95),
//              quantile_cont(queue_wait_ms, 0.95), quantile_cont(prefill_ms, 0.95)
//       FROM read_json_auto('FILE', format='newline_delimited')
// The "× …" columns are the CLI's wall time over the reference's. Inputs are generated once into
// .tmp/bench/ by the simulator (seed 11; the head with --inject decode-kernel-slower).
// Options: --pairs 10000:10000,100000:1000000 (base:head requests), --repeat N (median shown),
// --smoke (2×10k, one run: for CI; DuckDB is left out when it does not load). Asserts nothing.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { duckdbAvailable, P95_COLUMNS } from './bench-reference';

const { values } = parseArgs({ options: { pairs: { type: 'string' }, sizes: { type: 'string' }, repeat: { type: 'string' }, smoke: { type: 'boolean' } } });
const smoke = values.smoke ?? false;
const pairs = (values.pairs ?? (values.sizes ? values.sizes.split(',').map((n) => `${n}:${n}`).join(',') : smoke ? '10000:10000' : '10000:10000,100000:100000,100000:1000000'))
  .split(',')
  .map((p) => p.split(':').map(Number) as [number, number]);
const repeat = Number(values.repeat ?? (smoke ? 1 : 3));
const dir = '.tmp/bench';
mkdirSync(dir, { recursive: true });

function generate(requests: number, seed: number, inject?: string): string {
  const file = join(dir, `sim-${requests}-${seed}${inject ? `-${inject}` : ''}.jsonl`);
  if (!existsSync(file)) {
    const args = ['dist/cli.js', 'simulate', '--seed', String(seed), '--requests', String(requests), '--out', file, ...(inject ? ['--inject', inject] : [])];
    const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`simulate failed for ${file}`);
  }
  return file;
}

/** The references as one ESM file a child process can run (scripts/bench-reference.ts). */
const referenceModule = resolve(dir, 'reference.mjs');
await build({
  stdin: { contents: "import { runReference } from './scripts/bench-reference.ts';\nawait runReference(process.argv[2], process.argv.slice(3));\n", resolveDir: process.cwd(), sourcefile: 'bench-reference-main.ts', loader: 'ts' },
  outfile: referenceModule,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});

interface Measured {
  seconds: number;
  peakMb: number;
  code: number | null;
  stdout: string;
}

/** Runs `module` with `args` in a child that reports its own peak RSS on exit; wall time includes its start. */
function measure(module: string, args: string[]): Measured {
  const url = pathToFileURL(resolve(module)).href;
  const wrapper = `process.on('exit', () => process.stderr.write('\\nPEAK_RSS_KB ' + process.resourceUsage().maxRSS + '\\n')); process.argv.splice(1, 0, ${JSON.stringify(module)}); await import(${JSON.stringify(url)});`;
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', wrapper, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const kb = Number(/PEAK_RSS_KB (\d+)/.exec(r.stderr)?.[1] ?? NaN);
  if (r.status !== 0) process.stderr.write(r.stderr);
  return { seconds, peakMb: kb / 1024, code: r.status, stdout: r.stdout };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function repeated(module: string, args: string[]): Measured {
  const runs = Array.from({ length: repeat }, () => measure(module, args));
  const failed = runs.find((r) => r.code !== 0);
  if (failed) throw new Error(`${module} ${args.join(' ')} failed`);
  return { seconds: median(runs.map((r) => r.seconds)), peakMb: median(runs.map((r) => r.peakMb)), code: 0, stdout: runs[0].stdout };
}

const withDuckdb = await duckdbAvailable();
if (!withDuckdb) console.log('(@duckdb/node-api does not load here: the DuckDB columns are left out)');
const cell = (text: string, width: number) => text.padStart(width);
const num = (n: number) => Math.round(n).toLocaleString('en-US');

console.log(`perf-triage bench — node ${process.version}, ${repeat} run${repeat === 1 ? '' : 's'} each, median shown; wall times include process start`);
console.log(
  [
    cell('requests/side', 15), cell('file MB/side', 13), cell('wall s', 7), cell('peak RSS MB', 11), cell('requests/s', 10), cell('MB/s', 6),
    cell('JSON.parse s', 12), cell('MB', 4), cell('×', 5),
    ...(withDuckdb ? [cell('DuckDB s', 8), cell('MB', 4), cell('×', 5)] : []),
  ].join('  '),
);
const startup = measure('dist/cli.js', ['version']);
const checks: string[] = [];
for (const [baseN, headN] of pairs) {
  const base = generate(baseN, 11);
  const head = generate(headN, 11, 'decode-kernel-slower');
  const baseMb = statSync(base).size / 1e6;
  const headMb = statSync(head).size / 1e6;
  const cli = repeated('dist/cli.js', ['compare', base, head, '--format', 'json', '--fail-on', 'never']);
  const plain = repeated(referenceModule, ['jsonparse', base, head]);
  const duck = withDuckdb ? repeated(referenceModule, ['duckdb', base, head]) : undefined;
  if (duck) {
    // The two references must agree on the four p95s: the same files, the same quantile.
    const a = JSON.parse(plain.stdout).p95 as number[][];
    const b = JSON.parse(duck.stdout).p95 as number[][];
    const off = a.flat().some((v, i) => Math.abs(v - b.flat()[i]) > 1e-9 * Math.max(1, Math.abs(v)));
    checks.push(`${baseN}:${headN} p95 ${P95_COLUMNS.join(', ')}: ${off ? `MISMATCH JSON.parse ${JSON.stringify(a)} DuckDB ${JSON.stringify(b)}` : `agree (head ${b[1].map((v) => v.toFixed(3)).join(', ')})`}; DuckDB query time ${JSON.parse(duck.stdout).innerSeconds.toFixed(2)} s in process`);
  }
  const requests = baseN + headN;
  const mb = baseMb + headMb;
  console.log(
    [
      cell(baseN === headN ? String(baseN) : `${baseN}/${headN}`, 15),
      cell(baseN === headN ? baseMb.toFixed(1) : `${baseMb.toFixed(1)}/${headMb.toFixed(1)}`, 13),
      cell(cli.seconds.toFixed(2), 7),
      cell(cli.peakMb.toFixed(0), 11),
      cell(num(requests / cli.seconds), 10),
      cell((mb / cli.seconds).toFixed(1), 6),
      cell(plain.seconds.toFixed(2), 12),
      cell(plain.peakMb.toFixed(0), 4),
      cell((cli.seconds / plain.seconds).toFixed(1), 5),
      ...(duck ? [cell(duck.seconds.toFixed(2), 8), cell(duck.peakMb.toFixed(0), 4), cell((cli.seconds / duck.seconds).toFixed(1), 5)] : []),
    ].join('  '),
  );
}
console.log(`process start alone (perf-triage version): ${startup.seconds.toFixed(2)} s, ${startup.peakMb.toFixed(0)} MB`);
for (const line of checks) console.log(line);
