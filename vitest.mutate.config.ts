// The tests Stryker runs against mutants (npm run mutate, scripts/mutate.mjs). MUTATE_GROUP picks
// the set: "core" (src/stats, src/compare, src/diagnose) runs the in-process tests; "marker"
// (src/github/marker.ts) the GitHub tests that call it in-process. Left out: tests that spawn the
// bundle, the CLI or a workflow linter (they run dist/, which Stryker does not mutate), and the
// end-to-end ones that re-run the whole pipeline (eval, CLI, journal digest, action history) — a
// surviving mutant re-runs every test that covers it, and those cover everything (docs/mutation.md).
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const spawning = ['test/dist/**', 'test/cli/**', 'test/workflows/**', 'test/github/action-e2e.test.ts', 'test/github/journal-e2e.test.ts', 'test/github/emulator.test.ts', 'test/github/zip.test.ts'];
const endToEnd = ['test/eval/**', 'test/journal/digest.test.ts', 'test/action/**'];
const groups: Record<string, { include: string[]; exclude: string[] }> = {
  core: { include: ['test/**/*.test.ts'], exclude: [...spawning, ...endToEnd, 'test/github/**'] },
  marker: { include: ['test/github/**/*.test.ts'], exclude: spawning },
};
const group = groups[process.env.MUTATE_GROUP ?? 'core'];
if (!group) throw new Error(`MUTATE_GROUP must be one of ${Object.keys(groups).join(', ')}`);

/** A mutant run stops at its first failing test: run last failed, then the fastest files first. */
class FastFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const cache = this.ctx.cache;
    const key = (f: TestSpecification) => `${f.project.name}:${relative(this.ctx.config.root, f.moduleId)}`;
    const failed = (f: TestSpecification) => (cache.getFileTestResults(key(f))?.failed ? 0 : 1);
    const cost = (f: TestSpecification) => cache.getFileTestResults(key(f))?.duration ?? cache.getFileStats(key(f))?.size ?? Infinity;
    return [...files].sort((a, b) => failed(a) - failed(b) || cost(a) - cost(b));
  }
}

export default defineConfig({
  test: {
    include: group.include,
    exclude: [...group.exclude, '**/node_modules/**'],
    testTimeout: 60_000,
    setupFiles: ['test/setup/fast-check.ts'],
    sequence: { sequencer: FastFirst },
  },
});
