// Runs a TypeScript script on Node 20 (which cannot strip types): bundle it with esbuild into a
// temporary ESM file next to node_modules, then import it. Usage: node scripts/run-ts.mjs FILE [args]
import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/run-ts.mjs FILE.ts [args]');
  process.exit(2);
}
const dir = resolve('.tmp');
mkdirSync(dir, { recursive: true });
const outfile = join(dir, `${basename(entry, '.ts')}-${process.pid}.mjs`);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
});
process.argv = [process.argv[0], entry, ...args];
try {
  await import(pathToFileURL(outfile).href);
} finally {
  rmSync(outfile, { force: true });
}
