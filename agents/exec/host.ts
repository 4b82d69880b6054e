// The processes of a run's `exec:` agents. Each command has a pool of processes (one by
// default), started once and reused for game after game: a fast agent's run is not paid
// in process start-ups. A game's seats of one command go to one process of its pool (the
// one with the fewest games in flight) and stay there; the process serves every seat and
// game it is given, one request at a time, telling them apart by (game, seat).
//
// Failures are the agent's, never the run's. A process that misses a deadline, exits,
// floods its stdout or cannot be started is gone: the seats it was playing get the
// fallback for each of their remaining decisions in those games (charged to them), and
// the next game to need that pool slot starts a new process — at most `maxRestarts`
// times per command, after which its seats get fallbacks to the end of the run. Every
// failure is counted and written to the run's log with the offending line quoted.
//
// `close` ends every process (quit, then SIGKILL to its group); a host process that exits
// any other way kills them too ('exit' hook), so no agent outlives its run.

import { err, ok, type Result } from '../../engine/index.js';
import type { Agent, ExecSeatFactory } from '../types.js';
import { ExecAgent } from './agent.js';
import { RunLog } from './log.js';
import { AgentProcess, type Failure } from './process.js';
import { PROTOCOL_VERSION, quoteLine, readHello, type Hello } from './protocol.js';

export interface ExecHostOptions {
  /** Milliseconds an agent has to answer each decision (default 10 s). */
  readonly timeoutMs?: number | undefined;
  /** Milliseconds a new process has to answer the handshake: start-up included (default 30 s, at least `timeoutMs`). */
  readonly helloTimeoutMs?: number | undefined;
  /** New processes a command may be given after failures, over the run (default 10). */
  readonly maxRestarts?: number | undefined;
  /** Processes per command (default 1). */
  readonly processes?: number | undefined;
  /** Where the processes run (default: this process's directory). */
  readonly cwd?: string | undefined;
  /** The processes' environment (default: this process's). */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
  /** Milliseconds a process has to exit after `quit` before it is killed (default 2 s). */
  readonly quitGraceMs?: number | undefined;
  /** The run's log (default: one kept in memory until `log.open(path)`). */
  readonly log?: RunLog | undefined;
  /** Longest line read from an agent (default protocol.ts MAX_LINE). */
  readonly maxLine?: number | undefined;
  /** Every protocol error as it happens (also in the log). */
  readonly onError?: ((e: ProtocolError) => void) | undefined;
}

export interface ProtocolError {
  /** The command's spec. */
  readonly spec: string;
  readonly kind: 'timeout' | 'exit' | 'flood' | 'start' | 'hello' | 'unreadable' | 'stray';
  readonly message: string;
}

/** What one command did over the run: its processes and its protocol errors by kind. */
export interface ExecCounts {
  readonly spec: string;
  /** The name its handshake gave (null if it never completed one). */
  name: string | null;
  /** Processes started, and how many of those were restarts after a failure. */
  started: number;
  restarts: number;
  /** Seats it played in finished games, decisions asked of it (each asking again included). */
  seats: number;
  asked: number;
  /** Wrong answers (unreadable, or refused by the engine) and fallbacks played, in its seats of finished games. */
  invalid: number;
  fallbacks: number;
  /** Deadlines missed (each stopped its process). */
  timeouts: number;
  /** Processes that exited while playing, or could not start or greet. */
  exits: number;
  /** Processes stopped for writing too much on stdout. */
  floods: number;
  /** Replies (lines naming a waiting request's id) without a readable answer: no answer object, another kind. */
  unreadable: number;
  /**
   * Stray lines: lines that answer no waiting request (not JSON, no id, an id not waiting —
   * a duplicate, a reply to nothing asked). Each is counted once, whenever it comes.
   */
  stray: number;
  /** Decisions answered with the fallback because the seat's process was gone. */
  forfeits: number;
}

export interface ExecCommand {
  /** Canonical spec text (`exec:python3 bot.py`). */
  readonly text: string;
  readonly argv: readonly string[];
}

/** A process of a pool and the games it serves. */
class Slot {
  /** The process of the current generation after its handshake (undefined: it could not start). */
  ready: Promise<AgentProcess | undefined> | undefined;
  proc: AgentProcess | undefined;
  state: 'none' | 'starting' | 'up' | 'down' = 'none';
  games = 0;

  constructor(readonly index: number) {}
}

/** A game's hold on a pool slot: its seats of that command all play through it. */
export interface Lease {
  readonly ready: Promise<AgentProcess | undefined>;
  readonly pool: AgentPool;
  release(): void;
}

export class AgentPool {
  private readonly slots: Slot[];
  readonly counts: ExecCounts;

  constructor(
    readonly host: ExecHost,
    readonly command: ExecCommand,
    processes: number,
  ) {
    this.slots = Array.from({ length: processes }, (_, i) => new Slot(i));
    this.counts = {
      spec: command.text,
      name: null,
      started: 0,
      restarts: 0,
      seats: 0,
      asked: 0,
      invalid: 0,
      fallbacks: 0,
      timeouts: 0,
      exits: 0,
      floods: 0,
      unreadable: 0,
      stray: 0,
      forfeits: 0,
    };
  }

  /** The first process (the run's preflight): an error says why the command cannot play. */
  async first(): Promise<Result<void, string>> {
    const slot = this.slots[0]!;
    const p = await this.acquire(slot);
    if (p !== undefined) return ok(undefined);
    const mine = this.host.log.tail().filter((l) => l.startsWith(`[${this.label(slot)}`));
    const why = mine.map((l) => l.replace(/^\[[^\]]*\] ?/, '')).filter((l) => !l.startsWith('started: pid'));
    return err(`agent '${this.command.text}' could not start: ${why.join('; ') || 'no reason given'}`);
  }

  label(slot: Slot): string {
    return `${this.command.text} #${slot.index + 1}`;
  }

  /** A lease on the slot with the fewest games in flight. */
  lease(): Lease {
    let slot = this.slots[0]!;
    for (const s of this.slots) if (s.games < slot.games) slot = s;
    slot.games++;
    let released = false;
    return {
      ready: this.acquire(slot),
      pool: this,
      release: () => {
        if (!released) slot.games--;
        released = true;
      },
    };
  }

  /** The slot's live process, a new one if it has none and a restart is left, else undefined. */
  private acquire(slot: Slot): Promise<AgentProcess | undefined> {
    if (slot.state === 'starting' || slot.state === 'up') return slot.ready!;
    if (slot.state === 'down') {
      if (this.counts.restarts >= this.host.maxRestarts) return Promise.resolve(undefined);
      this.counts.restarts++;
    }
    slot.state = 'starting';
    slot.ready = this.start(slot);
    return slot.ready;
  }

  private async start(slot: Slot): Promise<AgentProcess | undefined> {
    const label = this.label(slot);
    const log = this.host.log;
    this.counts.started++;
    const proc = new AgentProcess({
      argv: this.command.argv,
      cwd: this.host.cwd,
      env: this.host.opts.env,
      label,
      log: (line) => log.line(line),
      maxLine: this.host.maxLine,
      onStray: (line, why) => {
        this.counts.stray++;
        this.host.error(label, { spec: this.command.text, kind: 'stray', message: `a line that answers no request (${why}): ${quoteLine(line)}` });
      },
      onDeath: (f) => this.died(slot, proc, f),
    });
    slot.proc = proc;
    this.host.track(proc);
    const reply = await proc.ask({ type: 'hello', id: 0, protocol: PROTOCOL_VERSION, deadline_ms: this.host.timeoutMs }, this.host.helloTimeoutMs);
    let hello: Result<Hello, string>;
    if (reply.ok) hello = readHello(reply.line, 0);
    else hello = err(reply.failure.message);
    if (!hello.ok) {
      if (proc.alive) {
        this.host.error(label, { spec: this.command.text, kind: 'hello', message: hello.error });
        await proc.close(0); // counted as an exit when it dies
      }
      slot.state = 'down';
      return undefined;
    }
    this.counts.name ??= hello.value.name;
    log.line(`[${label}] hello: ${JSON.stringify({ name: hello.value.name, options: hello.value.options }).slice(0, 1000)}`);
    if (proc.alive) slot.state = 'up';
    return proc.alive ? proc : undefined;
  }

  private died(slot: Slot, proc: AgentProcess, f: Failure): void {
    if (slot.proc === proc) slot.state = 'down';
    if (this.host.closing) return;
    if (f.kind === 'timeout') this.counts.timeouts++;
    else if (f.kind === 'flood') this.counts.floods++;
    else this.counts.exits++;
    this.host.opts.onError?.({ spec: this.command.text, kind: f.kind, message: f.message });
  }
}

/** Protocol errors of a command: wrong answers and every failure of its processes. */
export function protocolErrors(c: ExecCounts): number {
  return c.invalid + c.timeouts + c.exits + c.floods + c.stray;
}

/** One game's side of the host: makes its `exec:` seats' agents. */
export class ExecGame implements ExecSeatFactory {
  private readonly leases = new Map<string, { lease: Lease; seats: number }>();
  private readonly poolOfSeat = new Map<number, AgentPool>();

  constructor(
    readonly host: ExecHost,
    /** The game's handle in messages (unique within the host). */
    readonly id: number,
    readonly seed: string,
  ) {}

  agent(command: readonly string[], text: string, seat: number): Agent {
    let l = this.leases.get(text);
    if (l === undefined) {
      l = { lease: this.host.pool({ text, argv: command }).lease(), seats: 0 };
      this.leases.set(text, l);
    }
    l.seats++;
    this.poolOfSeat.set(seat, l.lease.pool);
    const held = l;
    return new ExecAgent({
      game: this,
      lease: l.lease,
      seat,
      name: text,
      done: () => {
        if (--held.seats === 0) held.lease.release();
      },
    });
  }

  /** The finished game's counts of its `exec:` seats, added to their commands' (wrong answers, fallbacks). */
  settle(played: { readonly invalid: readonly number[]; readonly fallbacks: readonly number[] }): void {
    for (const [seat, pool] of this.poolOfSeat) {
      pool.counts.seats++;
      pool.counts.invalid += played.invalid[seat] ?? 0;
      pool.counts.fallbacks += played.fallbacks[seat] ?? 0;
    }
  }
}

export class ExecHost {
  readonly timeoutMs: number;
  readonly helloTimeoutMs: number;
  readonly maxRestarts: number;
  readonly processes: number;
  readonly cwd: string | undefined;
  readonly quitGraceMs: number;
  readonly maxLine: number | undefined;
  readonly log: RunLog;
  closing = false;
  private readonly pools = new Map<string, AgentPool>();
  private readonly live = new Set<AgentProcess>();
  private readonly everPids: number[] = [];
  private games = 0;
  private nextRequest = 1;
  private readonly onExit = () => {
    for (const p of this.live) p.killGroup();
  };

  constructor(readonly opts: ExecHostOptions = {}) {
    this.timeoutMs = opts.timeoutMs ?? 10_000;
    this.helloTimeoutMs = Math.max(this.timeoutMs, opts.helloTimeoutMs ?? 30_000);
    this.maxRestarts = opts.maxRestarts ?? 10;
    this.processes = Math.max(1, opts.processes ?? 1);
    this.cwd = opts.cwd;
    this.quitGraceMs = opts.quitGraceMs ?? 2000;
    this.maxLine = opts.maxLine;
    this.log = opts.log ?? new RunLog();
    process.on('exit', this.onExit);
  }

  /**
   * A host with one process of each command started and greeted: a command that cannot
   * play (not found, exits, does not answer the handshake) is an error for the user, and
   * nothing is left running.
   */
  static async start(commands: readonly ExecCommand[], opts: ExecHostOptions = {}): Promise<Result<ExecHost, string>> {
    const host = new ExecHost(opts);
    const firsts = await Promise.all(commands.map((c) => host.pool(c).first()));
    const failed = firsts.find((r) => !r.ok);
    if (failed !== undefined && !failed.ok) {
      await host.close();
      return err(failed.error);
    }
    return ok(host);
  }

  pool(command: ExecCommand): AgentPool {
    let p = this.pools.get(command.text);
    if (p === undefined) {
      p = new AgentPool(this, command, this.processes);
      this.pools.set(command.text, p);
    }
    return p;
  }

  /** A game's factory for its `exec:` seats (`gameSeed`: `gameSeed(runSeed, index)`). */
  game(gameSeed: string): ExecGame {
    return new ExecGame(this, ++this.games, gameSeed);
  }

  /** A protocol error: logged under the process's label, and reported. */
  error(label: string, e: ProtocolError): void {
    this.log.line(`[${label}] protocol error: ${e.message}`);
    this.opts.onError?.(e);
  }

  requestId(): number {
    return this.nextRequest++;
  }

  track(p: AgentProcess): void {
    this.live.add(p);
    if (p.pid !== undefined) this.everPids.push(p.pid);
  }

  /** Every process id this host started (their process groups carry the same ids). */
  pids(): readonly number[] {
    return this.everPids;
  }

  counts(): ExecCounts[] {
    return [...this.pools.values()].map((p) => ({ ...p.counts }));
  }

  /** Ends every process (quit, then kill), and closes the log. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.live].map((p) => p.close(this.quitGraceMs)));
    this.live.clear();
    process.off('exit', this.onExit);
    this.log.close();
  }
}
