// A user's mistake (bad flag, unknown preset, a file that is not ours…) is a UsageError:
// main.ts prints its message as one paragraph on stderr and exits with code 2, without a
// stack trace. Anything else thrown is a bug and keeps its stack. Exit codes are below.

import type { Result } from '../../engine/index.js';

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function fail(message: string): never {
  throw new UsageError(message);
}

/** The value of a Result, or a UsageError with its message (prefixed with where it came from). */
export function unwrap<T>(r: Result<T, string>, context?: string): T {
  if (!r.ok) fail(context === undefined ? r.error : `${context}: ${r.error}`);
  return r.value;
}

export const EXIT_USAGE = 2;
/** Stopped by Ctrl-C (128 + SIGINT), as shells report it. */
export const EXIT_INTERRUPTED = 130;
/** Stopped by SIGTERM (128 + 15): `timeout`, Slurm, Kubernetes, systemd, `kill`. */
export const EXIT_TERMINATED = 143;
/** Stopped by SIGHUP (128 + 1): the terminal closed. */
export const EXIT_HANGUP = 129;
/** An LLM run stopped before its end by its budget (--max-cost), or a replay whose record lacks answers: resume it. */
export const EXIT_LLM_INCOMPLETE = 3;
/** An LLM run stopped by its provider: a key refused (401/403), an unknown model (404), a server that cannot be reached. */
export const EXIT_LLM_PROVIDER = 4;
/** A write failed (disk full, read-only file or directory, I/O error): what was stored before is safe; free space and continue. */
export const EXIT_WRITE = 5;
