// The tests Stryker runs against mutants (npm run mutate, scripts/mutate.mjs): MUTATE_GROUP names
// the folder being mutated, and each folder is judged by its own tests plus the golden reports
// (which show every verdict and diagnosis). A surviving mutant re-runs every test that covers it,
// and the end-to-end tests (eval, CLI, journal, action) cover the whole core with thousands of
// requests each: with them a run took hours per folder on 2 shared cores (docs/mutation.md).
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const goldens = 'test/render/golden.test.ts';
// The test folders mirror the source folders, except that the quality comparisons (src/compare/quality)
// are tested in test/quality and the profile comparisons (src/diagnose/profile) in test/profile.
const groups: Record<string, string[]> = {
  stats: ['test/stats/**/*.test.ts'],
  compare: [
    'test/compare/**/*.test.ts',
    'test/quality/**/*.test.ts',
    'test/report/**/*.test.ts',
    'test/diagnose/comparability.test.ts',
    goldens,
  ],
  diagnose: ['test/diagnose/**/*.test.ts', 'test/profile/**/*.test.ts', 'test/report/**/*.test.ts', goldens],
  // The GitHub tests that call the marker in-process (not the ones that spawn dist/).
  marker: ['test/github/**/*.test.ts'],
};
// The sandbox has no dist/ (ignorePatterns), so every test that runs the bundle is left out: the
// *-e2e files (action, journal, alerts, attacks, bisect, confirm) and the emulator and zip tests.
const spawning = ['test/github/**/*-e2e.test.ts', 'test/github/emulator.test.ts', 'test/github/zip.test.ts'];
const include = groups[process.env.MUTATE_GROUP ?? 'stats'];
if (!include) throw new Error(`MUTATE_GROUP must be one of ${Object.keys(groups).join(', ')}`);

/** A mutant run stops at its first failing test: run last failed, then the fastest files first. */
class FastFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const key = (f: TestSpecification) => `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`;
    const failed = (f: TestSpecification) => (cache.getFileTestResults(key(f))?.failed ? 0 : 1);
    const cost = (f: TestSpecification) =>
      cache.getFileTestResults(key(f))?.duration ?? cache.getFileStats(key(f))?.size ?? Infinity;
    return [...files].sort((a, b) => failed(a) - failed(b) || cost(a) - cost(b));
  }
}

export default defineConfig({
  test: {
    include,
    exclude: [...spawning, '**/node_modules/**'],
    // Instrumented code runs several times slower, and several Stryker workers may share the 2 cores:
    // a property test over generated tables (test/diagnose/measures.test.ts) went over 60 s in a dry run.
    testTimeout: 180_000,
    setupFiles: ['test/setup/fast-check.ts'],
    sequence: { sequencer: FastFirst },
  },
});
