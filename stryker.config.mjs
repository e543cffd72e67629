// StrykerJS over the pure core, one target at a time (scripts/mutate.mjs sets MUTATE_GLOB, MUTATE_NAME
// and MUTATE_GROUP): each target keeps its own incremental file, so re-running it reuses the results
// of mutants whose code and covering tests did not change. See docs/mutation.md.
const mutate = [process.env.MUTATE_GLOB ?? 'src/stats/**/*.ts'];
const name = process.env.MUTATE_NAME ?? 'stats';

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'vitest.mutate.config.ts' },
  mutate,
  coverageAnalysis: 'perTest',
  // Mutants in module-level code (constant tables, word lists) need every test re-run each; they
  // are counted as ignored, not as survivors (docs/mutation.md).
  ignoreStatic: true,
  concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 2),
  incremental: true,
  incrementalFile: `reports/mutation/${name}.incremental.json`,
  reporters: ['json', 'progress-append-only'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  tempDirName: '.stryker-tmp',
  // Stryker rewrites tsconfig paths with the TypeScript JS API, which TypeScript 7 (native) does not
  // have; our tsconfig has no extends or references to rewrite, so it is not given.
  tsconfigFile: 'no-tsconfig-to-rewrite.json',
  ignorePatterns: ['dist', 'reports', '.tmp'],
  timeoutMS: 5_000,
  // The first run covers every related test with per-test coverage: minutes on a shared 2-core machine.
  dryRunTimeoutMinutes: 30,
  cleanTempDir: 'always',
};
