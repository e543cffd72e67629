// `npm run bundle`: builds dist/ (see bundle-options.mjs). dist/ is committed; check-dist.mjs
// verifies it matches the sources.
import { build } from 'esbuild';
import { bundleOptions } from './bundle-options.mjs';

for (const options of bundleOptions()) await build(options);
