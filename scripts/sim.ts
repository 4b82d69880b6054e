#!/usr/bin/env node
// The `sim` command; package.json "bin" installs its bundle, dist/bin/sim.js (scripts/bundle.ts).

import { quitOnStopSignals } from './cli/interrupt.js';
import type { CliIo } from './cli/io.js';
import { prefetchGitDescribe } from '../runs/version.js';

// On a terminal, a first line at once — node and this file take ~60 ms — while the
// commands load (~350 ms: yargs, the engine, the agents, SQLite), cleared before
// anything is printed: a person sees that sim started.
const starting = process.stderr.isTTY === true;
if (starting) process.stderr.write('sim: starting…');
// The version a stored run records (runs/version.ts): git answers while the commands load.
prefetchGitDescribe();
const { main } = await import('./cli/main.js');
if (starting) process.stderr.write('\r\u001b[2K');

// The process's own streams, environment and directory: the only place sim reads them.
const io: CliIo = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd(), exit: (code) => process.exit(code) };

// The arguments (a secret --seed, the --db path, a key given as a flag) are not shown to
// other programs, a process agent among them, through ps or /proc/PID/cmdline.
process.title = 'sim';

// SIGTERM and SIGHUP end sim at once, no agent process left running (cli/interrupt.ts).
quitOnStopSignals(io);

// `sim show … | head` closes the pipe early: that is not an error.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  throw e;
});

main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    // Not a user's mistake: a bug. Keep the stack.
    console.error(e);
    process.exitCode = 1;
  },
);
