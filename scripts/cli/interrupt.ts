// Ctrl-C during a run: the first stops the run cleanly (the games in flight are stored,
// nothing new starts); the second quits at once, which is safe too (every stored batch
// is a committed transaction).

import { EXIT_INTERRUPTED } from './errors.js';

export interface InterruptOptions {
  /** Clears the progress bar before writing. */
  readonly clear: () => void;
  /** How to continue later, for the "quitting now" line. */
  readonly continueHint: string;
  /** The "stopping" line (default: storing the games in flight). */
  readonly stoppingMessage?: string;
  /** Called on the first Ctrl-C (e.g. to stop LLM calls). */
  readonly onFirst?: () => void;
}

export interface Interrupt {
  stopping(): boolean;
  dispose(): void;
}

export function onInterrupt(o: InterruptOptions): Interrupt {
  let stopping = false;
  const handler = () => {
    o.clear();
    if (stopping) {
      process.stderr.write(`\nquitting now; the stored games are safe (${o.continueHint})\n`);
      process.exit(EXIT_INTERRUPTED);
    }
    stopping = true;
    o.onFirst?.();
    process.stderr.write(`\n${o.stoppingMessage ?? 'stopping: storing the games in flight'} (Ctrl-C again to quit at once)\n`);
  };
  process.on('SIGINT', handler);
  return { stopping: () => stopping, dispose: () => process.off('SIGINT', handler) };
}
