// Fails when dist/ is not what `npm run bundle` makes from the sources: rebuilds into a temporary
// folder and compares byte for byte, so a stale or hand-edited dist/ cannot land.
import { build } from 'esbuild';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleOptions } from './bundle-options.mjs';

const out = mkdtempSync(join(tmpdir(), 'perf-triage-dist-'));
try {
  for (const options of bundleOptions(out)) await build(options);
  const expected = readdirSync(out).sort();
  const actual = readdirSync('dist').sort();
  const problems = [];
  for (const file of new Set([...expected, ...actual])) {
    if (!expected.includes(file)) problems.push(`dist/${file} is not produced by the bundle (remove it)`);
    else if (!actual.includes(file)) problems.push(`dist/${file} is missing`);
    else if (!readFileSync(join(out, file)).equals(readFileSync(join('dist', file))))
      problems.push(`dist/${file} differs from a fresh bundle`);
  }
  if (problems.length) {
    console.error(`dist/ is out of date:\n  ${problems.join('\n  ')}\nRun \`npm run bundle\` and commit dist/.`);
    process.exit(1);
  }
  console.log(`dist/ is up to date (${expected.join(', ')})`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
