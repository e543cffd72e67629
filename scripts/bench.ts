// `npm run bench`: wall time and peak memory of the bundled CLI comparing two simulated runs, process
// start included, as a user runs it: 2×10k and 2×100k requests (override with --sizes 10000,100000).
// Inputs are generated once into .tmp/bench/ by the simulator. Prints numbers; asserts nothing.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { sizes: { type: 'string' }, repeat: { type: 'string' } } });
const sizes = (values.sizes ?? '10000,100000').split(',').map(Number);
const repeat = Number(values.repeat ?? 3);
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

/** Runs the CLI in a child that reports its own peak RSS on exit. */
function measure(args: string[]): { seconds: number; peakMb: number; code: number | null } {
  const wrapper = `process.on('exit', () => process.stderr.write('\\nPEAK_RSS_KB ' + process.resourceUsage().maxRSS + '\\n')); process.argv.splice(1, 0, 'dist/cli.js'); await import('./dist/cli.js');`;
  const started = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', wrapper, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const kb = Number(/PEAK_RSS_KB (\d+)/.exec(r.stderr)?.[1] ?? NaN);
  return { seconds, peakMb: kb / 1024, code: r.status };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`perf-triage bench — node ${process.version}, ${repeat} runs each, median shown`);
console.log('requests/side  file MB/side  wall s  peak RSS MB  requests/s');
const startup = measure(['version']);
for (const n of sizes) {
  const base = generate(n, 11);
  const head = generate(n, 11, 'decode-kernel-slower');
  const mb = statSync(base).size / 1e6;
  const runs = Array.from({ length: repeat }, () => measure(['compare', base, head, '--format', 'json', '--fail-on', 'never']));
  if (runs.some((r) => r.code !== 0)) throw new Error(`compare failed at ${n} requests`);
  const wall = median(runs.map((r) => r.seconds));
  const peak = median(runs.map((r) => r.peakMb));
  console.log(`${String(n).padStart(13)}  ${mb.toFixed(1).padStart(12)}  ${wall.toFixed(2).padStart(6)}  ${peak.toFixed(0).padStart(11)}  ${Math.round((2 * n) / wall).toLocaleString('en-US').padStart(10)}`);
}
console.log(`process start alone (perf-triage version): ${startup.seconds.toFixed(2)} s, ${startup.peakMb.toFixed(0)} MB`);
