// esbuild options for the action (dist/index.js) and the CLI (dist/cli.js), shared by the bundle
// and the dist check. Deterministic: the same sources and lockfile give the same bytes.

// CommonJS dependencies (tunnel under @actions/http-client) call require() on Node built-ins; an
// ESM bundle has no require unless we make one.
const banner =
  "import { createRequire as __ptCreateRequire } from 'node:module'; const require = __ptCreateRequire(import.meta.url);";

export function bundleOptions(outdir = 'dist') {
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
  return [
    { ...common, entryPoints: ['src/index.ts'], outfile: `${outdir}/index.js` },
    { ...common, entryPoints: ['src/cli.ts'], outfile: `${outdir}/cli.js` },
  ];
}
