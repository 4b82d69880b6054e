import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // TMPDIR: a directory of the suite's own, removed at its end (test/helpers/temp-root.ts);
    // a note when the bundle the process tests run is older than the sources (built.ts).
    globalSetup: ['test/helpers/temp-root.ts', 'test/helpers/python-path.ts', 'test/helpers/built.ts'],
    // Forked workers: the in-process CLI helper moves the worker into a command's directory
    // (process.chdir), which worker threads do not allow.
    pool: 'forks',
    // Two files at once on the 2-core machines this runs on (vitest's default is cores - 1:
    // one at a time here). Measured on the whole suite: 273 s with 1, 180 s with 2.
    maxWorkers: 2,
    // A worker's files run in one module graph, each module loaded once: the tests mock
    // nothing and change no global (the in-process CLI gets its own io). 180 s → 144 s.
    isolate: false,
    // The order files start in is vitest's: the longest first by the durations it cached, or
    // on a fresh clone (no cache) the largest first. Starting the slowest files first on a
    // fresh clone instead was tried (7 December 2026): the last file ended 4.2 s after the
    // one before it by size, 0.9 s by the list, and the suite took no less time (238 s and
    // 257 s, within what two runs differ).
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
