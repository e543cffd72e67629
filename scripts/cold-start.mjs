// Cold start of the bundles: wall time of a fresh `node dist/index.js` (the action, up to its first
// input error: load, parse the bundle, run) and `node dist/cli.js --version`, against a bare `node`,
// median of 15 runs each; and the bundle sizes. `npm run bench:start`.
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';

const RUNS = 15;
function median(cmd) {
  const times = [];
  for (let i = 0; i < RUNS; i++) {
    const t = process.hrtime.bigint();
    spawnSync(process.execPath, cmd, { env: { PATH: process.env.PATH }, stdio: 'ignore' });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}
const bare = median(['-e', '0']);
const action = median(['dist/index.js']);
const cli = median(['dist/cli.js', '--version']);
const kib = (f) => (statSync(f).size / 1024).toFixed(0);
console.log(`node -e 0           ${bare.toFixed(0)} ms`);
console.log(
  `dist/index.js       ${action.toFixed(0)} ms (+${(action - bare).toFixed(0)} ms over bare node)  ${kib('dist/index.js')} KiB`,
);
console.log(
  `dist/cli.js         ${cli.toFixed(0)} ms (+${(cli - bare).toFixed(0)} ms over bare node)  ${kib('dist/cli.js')} KiB`,
);
