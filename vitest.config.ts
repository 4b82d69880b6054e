import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Forked workers: the in-process CLI helper moves the worker into a command's directory
    // (process.chdir), which worker threads do not allow.
    pool: 'forks',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    reporters: ['default'],
  },
});
