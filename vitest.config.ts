import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // TMPDIR: a directory of the suite's own, removed at its end (test/helpers/temp-root.ts).
    globalSetup: ['test/helpers/temp-root.ts', 'test/helpers/python-path.ts'],
    // Forked workers: the in-process CLI helper moves the worker into a command's directory
    // (process.chdir), which worker threads do not allow.
    pool: 'forks',
    // Two files at once on the 2-core machines this runs on (vitest's default is cores - 1:
    // one at a time here). Measured on the whole suite: 273 s with 1, 180 s with 2.
    maxWorkers: 2,
    // A worker's files run in one module graph, each module loaded once: the tests mock
    // nothing and change no global (the in-process CLI gets its own io). 180 s → 144 s.
    isolate: false,
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
