// One agent process: spawned without a shell in a process group of its own (so the
// terminal's Ctrl-C reaches the host, which lets games in flight finish, and never the
// agent; and so stopping it stops whatever it started), read line by line with a cap on a
// line's length, its stderr handed to the run's log line by line.
//
// Requests are written as soon as they are made, so an agent that reads a line and answers
// it finds the next one waiting (a round trip per decision would bound a fast agent by the
// pipe's latency, not by its own speed). A reply goes to the request whose `id` it names,
// and only to it: any other line (not JSON, no `id`, an `id` not waiting — a duplicate, a
// reply to a request never made) answers nothing and is reported as a stray line (the host
// counts it), the requests waiting still wait for their own replies. Giving such a line to
// some other request would make the games depend on the pipe's timing: which requests are
// written when it arrives. The handshake is the exception: it is the process's only request
// until it is answered, so any line answers it (and a line that is not a greeting refuses it).
// Deadlines are kept for the oldest unanswered request only, from when the agent has
// answered everything before it: an agent that answers in order has the whole deadline
// for each request, however many are waiting behind it.
//
// Whatever goes wrong ends in a `Failure` for every request unanswered and, for the
// process, death: a missed deadline (a process that stops reading or closes its stdout
// misses it), an exit, a line longer than MAX_LINE, more than MAX_LINE characters of stray
// lines since the last reply. The host decides what
// a failure costs (host.ts); this file only makes sure that a dead process is dead —
// its whole group killed — and that nothing it does can block or flood the host.

import { readdirSync, readFileSync } from 'node:fs';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { MAX_LINE, quoteLine, type HostMessage } from './protocol.js';

export type FailureKind = 'timeout' | 'exit' | 'flood' | 'start';

export interface Failure {
  readonly kind: FailureKind;
  readonly message: string;
}

/** A reply line, and its JSON value when it parsed (undefined when it did not). */
export type Reply = { readonly ok: true; readonly line: string; readonly value: unknown } | { readonly ok: false; readonly failure: Failure };

export interface ProcessOptions {
  readonly argv: readonly string[];
  readonly cwd?: string | undefined;
  /** The process's environment (default: this process's). */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Names the process in the log (`exec:python3 bot.py #2`). */
  readonly label: string;
  /** Receives the process's stderr and the host's notes about it, a line at a time. */
  readonly log: (line: string) => void;
  /** A line that answers no waiting request, and why (a protocol error; the host counts it). */
  readonly onStray?: ((line: string, why: string) => void) | undefined;
  /** Called once when the process is gone (exited, or killed for a failure). */
  readonly onDeath?: ((failure: Failure) => void) | undefined;
  readonly maxLine?: number | undefined;
}

interface Pending {
  readonly id: number;
  /** The handshake: any line answers it. */
  readonly anyLine: boolean;
  readonly timeoutMs: number;
  readonly resolve: (r: Reply) => void;
}

const STDERR_LINE = 4096;
/** How long the lines of a process that exited are still read while something keeps its stdout open. */
const DRAIN_MS = 500;

export class AgentProcess {
  readonly pid: number | undefined;
  private readonly child: ChildProcessWithoutNullStreams;
  /** Lines to write at the end of this turn of the event loop. */
  private readonly pendingOut: string[] = [];
  /** Requests written and not answered yet, oldest first. */
  private readonly waiting: Pending[] = [];
  /** The deadline of the oldest unanswered request. */
  private timer: NodeJS.Timeout | undefined;
  private out = '';
  private err = '';
  /** Characters of stray lines since the last reply. */
  private stray = 0;
  private deathValue: Failure | undefined;
  private readonly exited: Promise<void>;
  private readonly maxLine: number;

  constructor(private readonly opts: ProcessOptions) {
    this.maxLine = opts.maxLine ?? MAX_LINE;
    const [command, ...args] = opts.argv;
    // detached: a process group of its own (see the header); stdio all piped.
    this.child = spawn(command!, args, { cwd: opts.cwd, env: opts.env as NodeJS.ProcessEnv | undefined, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.pid = this.child.pid;
    this.exited = new Promise((resolve) => {
      this.child.once('exit', (code, signal) => {
        const f: Failure = { kind: 'exit', message: signal === null ? `the process exited with code ${code}` : `the process was ended by ${signal}` };
        // Lines it wrote before it exited may still be in the pipe: they are read (a stray
        // one counted) before it is declared gone, so what is counted does not depend on
        // which of its exit and its last lines the host notices first. Whatever it started
        // is killed now, so the pipe closes; one a process outside its group holds open is
        // given up after DRAIN_MS.
        this.killGroup();
        const drained = () => {
          clearTimeout(timer);
          this.die(f);
          resolve();
        };
        const timer = setTimeout(drained, DRAIN_MS);
        this.child.once('close', drained);
      });
      this.child.once('error', (e) => {
        this.die({ kind: 'start', message: `the process could not be run: ${e.message}` });
        // A process that never started emits no exit.
        if (this.child.pid === undefined) resolve();
      });
    });
    // Writing to a process that has gone fails asynchronously (EPIPE): its death is reported by 'exit'.
    this.child.stdin.on('error', () => {});
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onOut(chunk));
    this.child.stderr.on('data', (chunk: string) => this.onErr(chunk));
    this.child.stderr.on('end', () => {
      if (this.err !== '') opts.log(`[${opts.label} stderr] ${this.err}`);
      this.err = '';
    });
    if (this.pid !== undefined) opts.log(`[${opts.label}] started: pid ${this.pid}`);
  }

  get alive(): boolean {
    return this.deathValue === undefined;
  }

  /** Why the process is gone (undefined while it lives). */
  get death(): Failure | undefined {
    return this.deathValue;
  }

  /** Writes a message that needs no reply. */
  send(message: HostMessage): void {
    if (this.alive) this.write(JSON.stringify(message) + '\n');
  }

  /**
   * Lines are written together once this turn of the event loop is done: the decisions the
   * host makes in one turn (every game whose answer just came) cost one write, not one each.
   */
  private write(line: string): void {
    this.pendingOut.push(line);
    if (this.pendingOut.length === 1) setImmediate(() => this.flush());
  }

  private flush(): void {
    if (this.pendingOut.length === 0) return;
    const text = this.pendingOut.join('');
    this.pendingOut.length = 0;
    if (this.alive) this.child.stdin.write(text);
  }

  /** Writes a request (its `id` names it in the reply); resolves with the reply or the failure. */
  ask(message: HostMessage & { readonly id: number }, timeoutMs: number): Promise<Reply> {
    if (!this.alive) return Promise.resolve({ ok: false, failure: this.deathValue! });
    return new Promise((resolve) => {
      this.waiting.push({ id: message.id, anyLine: message.type === 'hello', timeoutMs, resolve });
      if (this.waiting.length === 1) this.startClock();
      this.write(JSON.stringify(message) + '\n');
    });
  }

  /** The oldest unanswered request's deadline starts now. */
  private startClock(): void {
    clearTimeout(this.timer);
    const head = this.waiting[0];
    this.timer = head === undefined ? undefined : setTimeout(() => this.die({ kind: 'timeout', message: `no answer within ${head.timeoutMs} ms` }), head.timeoutMs);
  }

  private onOut(chunk: string): void {
    if (!this.alive) return;
    this.out += chunk;
    let nl: number;
    while ((nl = this.out.indexOf('\n')) >= 0) {
      const line = this.out.slice(0, nl);
      this.out = this.out.slice(nl + 1);
      this.onLine(line.endsWith('\r') ? line.slice(0, -1) : line);
      if (!this.alive) return;
    }
    if (this.out.length > this.maxLine)
      this.die({ kind: 'flood', message: `a line of more than ${this.maxLine} characters on stdout (it starts ${quoteLine(this.out, 60)})` });
  }

  private onLine(line: string): void {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      value = undefined;
    }
    const id = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as { id?: unknown }).id : undefined;
    let at = this.waiting.findIndex((p) => p.id === id);
    if (at < 0 && this.waiting[0]?.anyLine === true) at = 0;
    if (at < 0) {
      this.stray += line.length + 1;
      if (this.stray > this.maxLine) {
        this.die({ kind: 'flood', message: `more than ${this.maxLine} characters of stray lines on stdout (lines that answer no request)` });
        return;
      }
      this.opts.onStray?.(line, strayReason(value, id));
      return;
    }
    this.stray = 0;
    const [p] = this.waiting.splice(at, 1);
    if (at === 0) this.startClock();
    p!.resolve({ ok: true, line, value });
  }

  private onErr(chunk: string): void {
    this.err += chunk;
    let nl: number;
    while ((nl = this.err.indexOf('\n')) >= 0) {
      this.opts.log(`[${this.opts.label} stderr] ${this.err.slice(0, nl)}`);
      this.err = this.err.slice(nl + 1);
    }
    if (this.err.length > STDERR_LINE) {
      this.opts.log(`[${this.opts.label} stderr] ${this.err.slice(0, STDERR_LINE)}…`);
      this.err = '';
    }
  }

  /**
   * The process is gone or given up: every request waiting on it gets the failure, and its
   * group is killed (a process that exited by itself may have left children behind).
   */
  private die(f: Failure): void {
    if (this.deathValue !== undefined) return;
    this.deathValue = f;
    this.opts.log(`[${this.opts.label}] ${f.kind === 'exit' || f.kind === 'start' ? '' : 'stopped: '}${f.message}`);
    clearTimeout(this.timer);
    for (const p of this.waiting.splice(0)) p.resolve({ ok: false, failure: f });
    this.child.stdout.removeAllListeners('data');
    this.child.stdout.resume(); // keep draining what a dying process still writes
    this.killGroup();
    this.opts.onDeath?.(f);
  }

  /** SIGKILL to the whole group: the process and anything it started. */
  killGroup(): void {
    if (this.pid === undefined) return;
    try {
      process.kill(-this.pid, 'SIGKILL');
    } catch {
      // ESRCH: the group is gone already.
    }
  }

  /**
   * Ends the process: `quit`, stdin closed, up to `graceMs` to exit by itself, then its
   * group killed (also after a clean exit: nothing it started outlives it).
   */
  async close(graceMs: number): Promise<void> {
    // What it started in a session of its own (setsid) is out of its group: found now,
    // while the process lives to be their parent, and killed with it.
    const family = this.pid === undefined ? [] : descendants(this.pid);
    if (this.alive) {
      this.send({ type: 'quit' });
      this.flush();
      this.child.stdin.end();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([this.exited, new Promise<void>((r) => (timer = setTimeout(r, graceMs)))]);
      clearTimeout(timer);
      if (this.alive) this.die({ kind: 'exit', message: `still running ${graceMs} ms after quit: killed` });
    }
    this.killGroup();
    for (const p of family) if (startOf(p.pid) === p.start) tryKill(p.pid);
    await this.exited;
  }
}

function tryKill(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // ESRCH: gone already.
  }
}

/** A process's start time (field 22 of /proc/PID/stat), to tell it from a later one of the same id; null when gone (or not Linux). */
function startOf(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** Every process below `pid` (children, theirs, …) with its start time, from /proc; none where /proc is not. */
function descendants(pid: number): { pid: number; start: string }[] {
  const children = new Map<number, number[]>();
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const list = children.get(parent) ?? [];
      list.push(Number(name));
      children.set(parent, list);
    } catch {
      // gone meanwhile
    }
  }
  const out: { pid: number; start: string }[] = [];
  const todo = [...(children.get(pid) ?? [])];
  while (todo.length > 0) {
    const p = todo.pop()!;
    const start = startOf(p);
    if (start !== null) out.push({ pid: p, start });
    todo.push(...(children.get(p) ?? []));
  }
  return out;
}

/** Why a line answers no waiting request, for the log. */
function strayReason(value: unknown, id: unknown): string {
  if (value === undefined) return 'not JSON';
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not a JSON object';
  if (id === undefined) return 'no "id"';
  return `no request with "id" ${JSON.stringify(id).slice(0, 40)} is waiting (answered already, or never asked)`;
}
