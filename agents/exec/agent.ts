// An `exec:` seat: one seat of one game played by an outside process (host.ts). Before
// its first decision the process is told of the game (the public setup, the seat, the
// seat's seed); each decision carries the events of the seat's observation it has not
// been sent yet, and nothing else; the end carries the rest and the result.
//
// A reply that cannot be read is a wrong answer (the driver asks again with the error,
// then plays the fallback); a process that is gone — before or during this decision —
// forfeits the decision (`NoAnswer`: the fallback, charged, no asking again).

import type { Answer, Observation } from '../../engine/index.js';
import { NoAnswer } from '../play.js';
import type { Agent, DecisionContext } from '../types.js';
import type { ExecGame, Lease } from './host.js';
import { decideMessage, endMessage, gameMessage, readAnswer, seatEvents, seatSeed } from './protocol.js';
import type { AgentProcess } from './process.js';

export interface ExecSeat {
  readonly game: ExecGame;
  readonly lease: Lease;
  readonly seat: number;
  /** The canonical spec (`exec:…`). */
  readonly name: string;
  /** Called once, when the game is over for this seat. */
  readonly done: () => void;
}

export class ExecAgent implements Agent {
  readonly name: string;
  /** Events of the observation already sent. */
  private sent = 0;
  private greeted: AgentProcess | undefined;
  private over = false;

  constructor(private readonly s: ExecSeat) {
    this.name = s.name;
  }

  private forfeit(why: string): never {
    this.s.lease.pool.counts.forfeits++;
    throw new NoAnswer(`${this.name} cannot answer: ${why}`);
  }

  private greet(p: AgentProcess, obs: Observation): void {
    if (this.greeted === p) return;
    p.send(gameMessage(this.s.game.id, obs, seatSeed(this.s.game.seed, this.s.seat)));
    this.greeted = p;
  }

  async decide(ctx: DecisionContext): Promise<Answer> {
    const p = await this.s.lease.ready;
    if (p === undefined) this.forfeit('its process could not be started (restarts used up: see the run log)');
    if (!p.alive) this.forfeit(`its process is gone (${p.death!.message})`);
    const obs = ctx.observe();
    this.greet(p, obs);
    const events = seatEvents(obs.events, this.sent);
    this.sent = obs.events.length;
    const host = this.s.game.host;
    const id = host.requestId();
    this.s.lease.pool.counts.asked++;
    const d = ctx.decision;
    const reply = await p.ask(
      decideMessage({ id, game: this.s.game.id, events, decision: d, deadlineMs: host.timeoutMs, error: ctx.lastError?.message }),
      host.timeoutMs,
    );
    if (!reply.ok) this.forfeit(reply.failure.message);
    const a = readAnswer(reply.line, id, d, reply.value);
    if (!a.ok) {
      this.s.lease.pool.counts.unreadable++;
      host.error(this.name, { spec: this.name, kind: 'unreadable', message: `game ${this.s.game.id}, seat ${this.s.seat}, decision ${d.id} (${d.kind}): ${a.error}` });
      throw new Error(a.error);
    }
    return a.value as Answer;
  }

  gameOver(obs: Observation): void {
    if (this.over) return;
    this.over = true;
    // A seat never asked is told of the game with its end; a gone process is told nothing.
    void this.s.lease.ready.then((p) => {
      if (p !== undefined && p.alive) {
        this.greet(p, obs);
        p.send(endMessage(this.s.game.id, obs, this.sent));
      }
      this.s.done();
    });
  }
}
