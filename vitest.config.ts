import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The GitHub emulator and dist end-to-end tests spawn processes; keep the pool small on 2 cores.
    pool: 'forks',
    testTimeout: 60_000,
    setupFiles: ['test/setup/fast-check.ts'],
  },
});
