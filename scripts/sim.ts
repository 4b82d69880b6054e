#!/usr/bin/env node
// The `sim` binary (package.json "bin"; compiled to dist/scripts/sim.js by `prepare`).

import { main } from './cli/main.js';

// `sim show … | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // Not a user's mistake: a bug. Keep the stack.
    console.error(e);
    process.exitCode = 1;
  },
);
