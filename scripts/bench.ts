// `npm run bench`: wall time, throughput and peak memory of the bundled CLI comparing two simulated
// runs, process start included, as a user runs it: 2×10k, 2×100k and 100k (base) vs 1M (head)
// requests, side by side with three references on the same files, each also a process of its own:
//   - JSON.parse: a plain reader JSON.parse-ing every line, computing four p95 columns;
//   - DuckDB p95s (@duckdb/node-api, default settings, all cores), per file:
//       SELECT quantile_cont(first_token_ms, 0.95), quantile_cont(total_ms, 0.95),
//              quantile_cont(queue_wait_ms, 0.95), quantile_cont(prefill_ms, 0.95)
//       FROM read_json_auto('FILE', format='newline_delimited')
//   - DuckDB equivalent: the work the comparison does, per file — the same quantiles of the same
//     columns (scripts/bench-reference.ts EQUIVALENT_WORK, checked against the metrics the CLI's
//     report judged), Σ output_tokens, the first and last arrival and the request count.
// The "×" columns are the CLI's wall time over each reference's. Then the CLI's time by phase (read,
// statistics, diagnosis, render; scripts/bench-phases.ts, the same work in one process, median of the
// runs), so a slowdown shows where it happens. Inputs are generated once into .tmp/bench/ by the
// simulator (seed 11; the head with --inject decode-kernel-slower).
// Options: --pairs 10000:10000,100000:1000000 (base:head requests), --repeat N (median shown),
// --smoke (2×10k, one run: for CI; DuckDB is left out when it does not load), --root DIR (time the
// CLI bundle DIR/dist/cli.js and DIR/scripts/bench-phases.ts instead of this checkout's), --against
// DIR (also time DIR's, run by run in turn with this checkout's and the references: a before and an
// after measured side by side, with the ratio of their wall times). Asserts nothing.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { duckdbAvailable, EQUIVALENT_OTHER_KEYS, EQUIVALENT_WORK, P95_COLUMNS } from './bench-reference';

const { values } = parseArgs({
  options: {
    pairs: { type: 'string' },
    sizes: { type: 'string' },
    repeat: { type: 'string' },
    smoke: { type: 'boolean' },
    root: { type: 'string' },
    against: { type: 'string' },
  },
});
const smoke = values.smoke ?? false;
const pairs = (
  values.pairs ??
  (values.sizes
    ? values.sizes
        .split(',')
        .map((n) => `${n}:${n}`)
        .join(',')
    : smoke
      ? '10000:10000'
      : '10000:10000,100000:100000,100000:1000000')
)
  .split(',')
  .map((p) => p.split(':').map(Number) as [number, number]);
const repeat = Number(values.repeat ?? (smoke ? 1 : 3));

const dir = '.tmp/bench';
mkdirSync(dir, { recursive: true });

function generate(requests: number, seed: number, inject?: string): string {
  const file = join(dir, `sim-${requests}-${seed}${inject ? `-${inject}` : ''}.jsonl`);
  if (!existsSync(file)) {
    const args = [
      'dist/cli.js',
      'simulate',
      '--seed',
      String(seed),
      '--requests',
      String(requests),
      '--out',
      file,
      ...(inject ? ['--inject', inject] : []),
    ];
    const r = spawnSync(process.execPath, args, { stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`simulate failed for ${file}`);
  }
  return resolve(file);
}

/** `main` (an ESM call of an exported function) and what it imports, as one file a child process runs. */
async function bundle(outName: string, contents: string, resolveDir: string): Promise<string> {
  const outfile = resolve(dir, outName);
  await build({
    stdin: { contents, resolveDir, sourcefile: `${outName}.ts`, loader: 'ts' },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
    // The bundle lives in .tmp/bench: packages resolve from this checkout's node_modules.
    nodePaths: [resolve('node_modules')],
  });
  return outfile;
}

const referenceModule = await bundle(
  'reference.mjs',
  "import { runReference } from './scripts/bench-reference.ts';\nawait runReference(process.argv[2], process.argv.slice(3));\n",
  process.cwd(),
);

/** A checkout whose CLI is timed: its bundle and its phases script (when it has one). */
interface Subject {
  name: string;
  cli: string;
  phases: string | undefined;
}
async function subject(dir: string, name: string, index: number): Promise<Subject> {
  const root = resolve(dir);
  const phases = existsSync(join(root, 'scripts/bench-phases.ts'))
    ? await bundle(
        `phases-${index}.mjs`,
        "import { runPhases } from './scripts/bench-phases.ts';\nawait runPhases([...process.argv.slice(2), '--json']);\n",
        root,
      )
    : undefined;
  return { name, cli: join(root, 'dist/cli.js'), phases };
}
const subjects: Subject[] = [await subject(values.root ?? '.', values.root ? values.root : 'this checkout', 0)];
if (values.against) subjects.push(await subject(values.against, values.against, 1));

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
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', wrapper, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 28,
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const kb = Number(/PEAK_RSS_KB (\d+)/.exec(r.stderr)?.[1] ?? NaN);
  if (r.status !== 0) process.stderr.write(r.stderr);
  return { seconds, peakMb: kb / 1024, code: r.status, stdout: r.stdout };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function checked(module: string, args: string[]): Measured {
  const run = measure(module, args);
  if (run.code !== 0) throw new Error(`${module} ${args.join(' ')} failed`);
  return run;
}
function summary(runs: Measured[]): Measured {
  return {
    seconds: median(runs.map((r) => r.seconds)),
    peakMb: median(runs.map((r) => r.peakMb)),
    code: 0,
    stdout: runs[0].stdout,
  };
}

const withDuckdb = await duckdbAvailable();
if (!withDuckdb) console.log('(@duckdb/node-api does not load here: the DuckDB columns are left out)');
const cell = (text: string, width: number) => text.padStart(width);
const num = (n: number) => Math.round(n).toLocaleString('en-US');
const ratio = (a: number, b: number) => (a / b).toFixed(2);

console.log(
  `perf-triage bench — node ${process.version}, ${repeat} run${repeat === 1 ? '' : 's'} each, median shown; wall times include process start${subjects.length > 1 || values.root ? `; CLIs: ${subjects.map((x) => x.name).join(' | ')}` : ''}`,
);
console.log(
  [
    ...(subjects.length > 1 ? [cell('CLI', 14)] : []),
    cell('requests/side', 15),
    cell('file MB/side', 13),
    cell('wall s', 7),
    cell('peak RSS MB', 11),
    cell('requests/s', 10),
    cell('JSON.parse s', 12),
    cell('×', 5),
    ...(withDuckdb
      ? [cell('DuckDB p95s s', 13), cell('×', 5), cell('DuckDB equiv. s', 15), cell('MB', 4), cell('×', 5)]
      : []),
  ].join('  '),
);
const startup = subjects.map((x) => measure(x.cli, ['version']));
const checks: string[] = [];
const phaseRows: string[] = [];
const short = (name: string) => (name.length > 14 ? `…${name.slice(-13)}` : name);
for (const [baseN, headN] of pairs) {
  const base = generate(baseN, 11);
  const head = generate(headN, 11, 'decode-kernel-slower');
  const baseMb = statSync(base).size / 1e6;
  const headMb = statSync(head).size / 1e6;
  // The CLIs and the references in turn, run by run, so a change in the machine's load hits all alike.
  const runs: Record<string, Measured[]> = { plain: [], duck: [], equivalent: [] };
  const cliRuns = subjects.map((): Measured[] => []);
  const phased = subjects.map((): { seconds: Record<string, number | undefined> }[] => []);
  for (let r = 0; r < repeat; r++) {
    subjects.forEach((x, k) =>
      cliRuns[k].push(checked(x.cli, ['compare', base, head, '--format', 'json', '--fail-on', 'never'])),
    );
    runs.plain.push(checked(referenceModule, ['jsonparse', base, head]));
    if (withDuckdb) {
      runs.duck.push(checked(referenceModule, ['duckdb', base, head]));
      runs.equivalent.push(checked(referenceModule, ['duckdb-equivalent', base, head]));
    }
    subjects.forEach((x, k) => {
      if (x.phases) phased[k].push(JSON.parse(checked(x.phases, [base, head]).stdout));
    });
  }
  const plain = summary(runs.plain);
  const duck = withDuckdb ? summary(runs.duck) : undefined;
  const equivalent = withDuckdb ? summary(runs.equivalent) : undefined;
  const label = baseN === headN ? String(baseN) : `${baseN}/${headN}`;
  const clis = cliRuns.map(summary);
  if (duck && equivalent) {
    // The two p95 references must agree: the same files, the same quantile.
    const a = JSON.parse(plain.stdout).p95 as number[][];
    const b = JSON.parse(duck.stdout).p95 as number[][];
    const off = a.flat().some((v, i) => Math.abs(v - b.flat()[i]) > 1e-9 * Math.max(1, Math.abs(v)));
    checks.push(
      `${label} p95 ${P95_COLUMNS.join(', ')}: ${off ? `MISMATCH JSON.parse ${JSON.stringify(a)} DuckDB ${JSON.stringify(b)}` : `agree (head ${b[1].map((v) => v.toFixed(3)).join(', ')})`}; DuckDB query time in process ${JSON.parse(duck.stdout).innerSeconds.toFixed(2)} s (p95s), ${JSON.parse(equivalent.stdout).innerSeconds.toFixed(2)} s (equivalent)`,
    );
    // The equivalent work must be what the CLI judged: the same metric keys.
    const judged = ((JSON.parse(clis[0].stdout).benchmarks as { metrics: { key: string }[] }[])[0]?.metrics ?? [])
      .map((m) => m.key)
      .sort();
    const modelled = [...EQUIVALENT_WORK.map((w) => w.key), ...EQUIVALENT_OTHER_KEYS].sort();
    if (judged.join() !== modelled.join())
      checks.push(
        `${label} WARNING: the CLI judged ${judged.join(', ')}; the DuckDB equivalent work models ${modelled.join(', ')}`,
      );
  }
  subjects.forEach((x, k) => {
    const cli = clis[k];
    console.log(
      [
        ...(subjects.length > 1 ? [cell(short(x.name), 14)] : []),
        cell(label, 15),
        cell(baseN === headN ? baseMb.toFixed(1) : `${baseMb.toFixed(1)}/${headMb.toFixed(1)}`, 13),
        cell(cli.seconds.toFixed(2), 7),
        cell(cli.peakMb.toFixed(0), 11),
        cell(num((baseN + headN) / cli.seconds), 10),
        cell(plain.seconds.toFixed(2), 12),
        cell(ratio(cli.seconds, plain.seconds), 5),
        ...(duck && equivalent
          ? [
              cell(duck.seconds.toFixed(2), 13),
              cell(ratio(cli.seconds, duck.seconds), 5),
              cell(equivalent.seconds.toFixed(2), 15),
              cell(equivalent.peakMb.toFixed(0), 4),
              cell(ratio(cli.seconds, equivalent.seconds), 5),
            ]
          : []),
      ].join('  '),
    );
    const phase = (name: string) => {
      const xs = phased[k].map((p) => p.seconds[name]).filter((v): v is number => v !== undefined);
      return xs.length ? `${median(xs).toFixed(2)} s` : '—';
    };
    if (x.phases)
      phaseRows.push(
        `${subjects.length > 1 ? `${cell(short(x.name), 14)}  ` : ''}${label.padStart(15)}  read ${phase('read')}  statistics ${phase('statistics')}  diagnosis ${phase('diagnosis')}  render ${phase('render')}`,
      );
  });
  if (subjects.length > 1) {
    const pairsOf = cliRuns[0].map((r, i) => r.seconds / cliRuns[1][i].seconds);
    checks.push(
      `${label}: ${subjects[0].name} / ${subjects[1].name} wall time, run by run: median ${median(pairsOf).toFixed(2)} (${pairsOf.map((v) => v.toFixed(2)).join(', ')})`,
    );
  }
}
subjects.forEach((x, k) =>
  console.log(
    `process start alone (perf-triage version${subjects.length > 1 ? `, ${x.name}` : ''}): ${startup[k].seconds.toFixed(2)} s, ${startup[k].peakMb.toFixed(0)} MB`,
  ),
);
if (phaseRows.length) {
  console.log('time by phase, in one process (scripts/bench-phases.ts; median):');
  for (const row of phaseRows) console.log(row);
}
for (const line of checks) console.log(line);
