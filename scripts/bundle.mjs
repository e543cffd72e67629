// Bundles the action (dist/index.js) and the CLI (dist/cli.js) with esbuild. Deterministic: the
// same sources and lockfile give the same bytes, which scripts/check-dist.mjs relies on.
import { build } from 'esbuild';

// CommonJS dependencies (tunnel under @actions/http-client) call require() on Node built-ins;
// an ESM bundle has no require unless we make one.
const banner = "import { createRequire as __ptCreateRequire } from 'node:module'; const require = __ptCreateRequire(import.meta.url);";

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  legalComments: 'none',
  charset: 'utf8',
  logLevel: 'warning',
  banner: { js: banner },
};

await build({ ...common, entryPoints: ['src/index.ts'], outfile: 'dist/index.js' });
await build({ ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js' });
