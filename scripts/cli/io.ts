// What a command meets of the world outside its arguments: where it writes (stdout,
// stderr), the environment it reads (API keys, a process agent's environment) and the
// directory it runs from. The `sim` binary hands `main` the process's own (processIo);
// the tests hand it strings and a map, and run a command in-process as the binary would.
// Nothing below the entry file reads process.stdout, process.env or process.cwd().

/** A stream a command writes text to: process.stdout, or a test's collector. */
export interface OutStream {
  write(text: string): boolean;
  /** A terminal: progress bars are drawn, tables fit its width. */
  readonly isTTY?: boolean;
  readonly columns?: number;
  /** Waits for a full pipe to drain (export writes megabytes). */
  once?(event: 'drain', listener: () => void): unknown;
}

export interface CliIo {
  readonly stdout: OutStream;
  readonly stderr: OutStream;
  /** The environment: API keys by name, and what process agents are started with. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * The directory the command runs from: process agents start there, and messages name it.
   * Relative file paths are opened from the process's working directory, which the binary
   * and the tests' in-process helper set to this one.
   */
  readonly cwd: string;
  /** Ends the process at once with this code (a second Ctrl-C, SIGTERM): the binary's process.exit. */
  readonly exit: (code: number) => never;
}


/** The width tables are printed to: the terminal's, or 80 when stdout is not a terminal (a pipe, a file). */
export function terminalWidth(io: CliIo): number {
  return io.stdout.isTTY === true && (io.stdout.columns ?? 0) > 0 ? io.stdout.columns! : 80;
}
