// A run's log of its agent processes: their stderr, their starts and ends, and every
// protocol error with the offending line quoted. Lines wait in memory until the run knows
// where its log goes (`open`: the run's row is made after the processes have started),
// so a refused command writes nothing; the last lines are kept for error messages. The
// file is capped: an agent that floods its stderr cannot fill the disk.

import { closeSync, fstatSync, openSync, writeSync } from 'node:fs';
import { visibleLine } from '../../narrate/escape.js';

const TAIL = 20;

export class RunLog {
  private fd: number | undefined;
  private readonly waiting: string[] = [];
  private readonly last: string[] = [];
  private written = 0;
  private capped = false;
  private filePath: string | undefined;
  /** Why the log stopped being written, if a write failed (undefined: none did). */
  failure: string | undefined;

  constructor(private readonly maxBytes = 64 << 20) {}

  get path(): string | undefined {
    return this.filePath;
  }

  line(raw: string): void {
    // An agent's stderr is its own text: escaped, one line, so `cat` of the log acts on no terminal.
    const text = visibleLine(raw);
    const stamped = `${new Date().toISOString().slice(11, 23)} ${text}\n`;
    this.last.push(text);
    if (this.last.length > TAIL) this.last.shift();
    if (this.fd === undefined) {
      if (this.waiting.length < 10_000) this.waiting.push(stamped);
      return;
    }
    this.write(stamped);
  }

  private write(s: string): void {
    if (this.capped || this.fd === undefined) return;
    const bytes = Buffer.byteLength(s);
    if (this.written + bytes > this.maxBytes) {
      this.capped = true;
      this.written = this.maxBytes;
      this.append(`… the log reached ${this.maxBytes} bytes: nothing more is written\n`);
      return;
    }
    this.written += bytes;
    this.append(s);
  }

  /**
   * A write that fails (a full disk) stops the log, not the run: lines come from the
   * processes' stderr handlers, where a throw would end the process with a stack trace,
   * and the log is the agents' diagnostics, not the games. The run says so at its end.
   */
  private append(s: string): void {
    try {
      writeSync(this.fd!, s);
    } catch (e) {
      this.capped = true;
      this.failure = e instanceof Error ? e.message : String(e);
    }
  }

  /** From now on lines go to `path` (appended: a resumed run adds to its log). */
  open(path: string): void {
    if (this.fd !== undefined) return;
    this.fd = openSync(path, 'a');
    this.filePath = path;
    // The cap is the file's, not this session's: every resume appends to the same log.
    this.written = fstatSync(this.fd).size;
    this.capped = this.written >= this.maxBytes;
    for (const s of this.waiting.splice(0)) this.write(s);
  }

  /** The last lines logged (for an error message). */
  tail(): readonly string[] {
    return this.last;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}
