// Ctrl-C during a run: the first stops the run cleanly (the games in flight are stored,
// nothing new starts); the second quits at once, which is safe too (every stored batch
// is a committed transaction).
//
// SIGTERM (how `timeout`, Slurm, Kubernetes and systemd stop a job) and SIGHUP (a closed
// terminal) quit at once, with 128 + the signal's number. Their default action would end
// Node without running its 'exit' hooks, and so leave the process agents running; ended
// through `process.exit`, the hooks kill every agent's process group (agents/exec/host.ts).
// Quitting at once stores nothing half-written: a batch is written in one synchronous
// transaction, which no signal handler can cut in two.

import { EXIT_HANGUP, EXIT_INTERRUPTED, EXIT_TERMINATED } from './errors.js';
import type { CliIo } from './io.js';

/** The signals that end a command at once, and its exit code for each. */
const STOP_SIGNALS: readonly (readonly [NodeJS.Signals, number])[] = [
  ['SIGTERM', EXIT_TERMINATED],
  ['SIGHUP', EXIT_HANGUP],
];

/** For the whole of `sim` (scripts/sim.ts): SIGTERM and SIGHUP end it at once, its agents' process groups killed. */
export function quitOnStopSignals(io: CliIo): void {
  for (const [signal, code] of STOP_SIGNALS)
    process.on(signal, () => {
      io.stderr.write(`\nsim: stopped by ${signal}\n`);
      io.exit(code);
    });
}

export interface InterruptOptions {
  /** Clears the progress bar before writing. */
  readonly clear: () => void;
  /** How to continue later, for the "quitting now" line (a function: what it names may be known only later). */
  readonly continueHint: string | (() => string);
  /** The "stopping" line (default: storing the games in flight). */
  readonly stoppingMessage?: string;
  /** What quitting at once leaves behind, for the "quitting now" line (default: the stored games are safe). */
  readonly quitMessage?: string;
  /** Called on the first Ctrl-C (e.g. to stop LLM calls). */
  readonly onFirst?: () => void;
}

export interface Interrupt {
  stopping(): boolean;
  dispose(): void;
}

export function onInterrupt(io: CliIo, o: InterruptOptions): Interrupt {
  let stopping = false;
  const hint = () => (typeof o.continueHint === 'string' ? o.continueHint : o.continueHint());
  const left = o.quitMessage ?? 'the stored games are safe';
  const handler = () => {
    o.clear();
    if (stopping) {
      io.stderr.write(`\nquitting now; ${left} (${hint()})\n`);
      io.exit(EXIT_INTERRUPTED);
    }
    stopping = true;
    o.onFirst?.();
    io.stderr.write(`\n${o.stoppingMessage ?? 'stopping: storing the games in flight'} (Ctrl-C again to quit at once)\n`);
  };
  // Before quitOnStopSignals' handlers: this command says how to continue, then quits.
  const stops = STOP_SIGNALS.map(([signal, code]) => {
    const quit = () => {
      o.clear();
      io.stderr.write(`\nstopped by ${signal}: quitting now; ${left} (${hint()})\n`);
      io.exit(code);
    };
    process.prependListener(signal, quit);
    return [signal, quit] as const;
  });
  process.on('SIGINT', handler);
  return {
    stopping: () => stopping,
    dispose: () => {
      process.off('SIGINT', handler);
      for (const [signal, quit] of stops) process.off(signal, quit);
    },
  };
}
