// Drivers: they read what the engine owes, ask the seated agents, and submit answers.
// A wrong answer (illegal, malformed, or the agent throwing) is charged to the seat and
// asked again with the error, a bounded number of times; then the documented fallback
// (decisions.ts `fallbackAnswer`) is played. One bad agent never voids a game.
//
// `playSync` is a tight loop for bots; `playAsync` awaits agents (LLM calls), several
// decisions at once when the engine owes them at once. Both give the same game for the
// same answers: the engine takes simultaneous answers in seat order, whatever order
// they arrive in.
//
// An agent that cannot go on at all (its run stopped: budget spent, Ctrl-C, an
// incomplete replay record) throws `AbandonGame`: that is not charged to the seat; the
// driver waits for the other seats' answers in flight, then rethrows it, and the caller
// marks the game unfinished. A failure of what hosts the agent (its record damaged, or a
// write of it failed) is a `HostFailure`, rethrown the same way, which the caller reports.
// An agent that cannot answer this one decision (its model's
// call failed after the transport's own attempts) throws `NoAnswer`: the fallback is
// played at once and charged to the seat, without asking again — asking again would only
// repeat the failed requests (docs/LLM.md, "Requests per decision"); a process agent
// whose process is gone (agents/exec) does the same.
//
// When the game is over (or abandoned), each agent that wants to know is told, with its
// seat's final observation (`Agent.gameOver`).

import { fallbackAnswer, type Answer, type Decision, type DecisionError } from '../engine/index.js';
import type { Game } from '../engine/index.js';
import { Observer } from '../engine/index.js';
import type { Outcome } from '../engine/index.js';
import { seatStreams, zeros, type Rng } from '../engine/index.js';
import type { Agent, DecisionContext } from './types.js';

export interface PlayOptions {
  /** Times a wrong answer is asked again before the fallback (default 2). */
  readonly retries?: number;
  /** Called for every wrong answer (for logs and transcripts). */
  readonly onInvalid?: (error: DecisionError, decision: Decision, fallback: boolean) => void;
}

export interface PlayedGame {
  readonly outcome: Outcome;
  /** Wrong answers per seat. */
  readonly invalid: number[];
  /** Fallback moves played per seat. */
  readonly fallbacks: number[];
  /** Decisions asked per seat (each once, whatever its re-asks). */
  readonly asked: number[];
  readonly decisions: number;
}

/** A context the sync driver reuses for a seat's decisions (one allocation per seat, not per decision). */
interface MutableContext {
  decision: Decision;
  rng: Rng;
  lastError: DecisionError | undefined;
  observe(): import('../engine/index.js').Observation;
}

class Seats {
  private rngs: Rng[] | null = null;
  private readonly contexts: (MutableContext | undefined)[];
  readonly observers: (Observer | undefined)[];
  readonly invalid: number[];
  readonly fallbacks: number[];
  readonly asked: number[];
  decisions = 0;

  constructor(
    readonly game: Game,
    readonly agents: readonly Agent[],
  ) {
    const n = game.setup.players;
    if (agents.length !== n) throw new Error(`${agents.length} agents for ${n} seats`);
    this.contexts = new Array(n);
    this.observers = new Array(n);
    this.invalid = zeros(n);
    this.fallbacks = zeros(n);
    this.asked = zeros(n);
  }

  /** The seat's stream; the first asked seeds every seat's, side by side (rng.ts `seatStreams`: a quarter of the time). */
  private rng(seat: number): Rng {
    return (this.rngs ??= seatStreams(this.game.seed, this.agents.length))[seat]!;
  }

  observe(seat: number) {
    return (this.observers[seat] ??= new Observer(this.game, seat)).current();
  }

  /** A fresh context (async agents may hold theirs across awaits). */
  context(d: Decision, lastError: DecisionError | undefined, abandoned?: AbortSignal): DecisionContext {
    const seat = d.seat;
    return { decision: d, rng: this.rng(seat), lastError, observe: () => this.observe(seat), abandoned };
  }

  /** The seat's reused context, updated (synchronous agents answer before the next decision). */
  reusedContext(d: Decision, lastError: DecisionError | undefined): DecisionContext {
    let c = this.contexts[d.seat];
    if (c === undefined) {
      c = this.newContext(d, lastError);
      this.contexts[d.seat] = c;
    } else {
      c.decision = d;
      c.lastError = lastError;
    }
    return c;
  }

  /**
   * A seat's first context. Made here, not in `reusedContext`: a function whose closure
   * captures one of its variables allocates room for them at every call, taken or not
   * (for `reusedContext`, some fifty times a game).
   */
  private newContext(d: Decision, lastError: DecisionError | undefined): MutableContext {
    const seat = d.seat;
    return { decision: d, rng: this.rng(seat), lastError, observe: () => this.observe(seat) };
  }

  /** Tells the agents that want to know that the game is over (`outcome` undefined: abandoned). */
  tellEnd(outcome: Outcome | undefined): void {
    for (let seat = 0; seat < this.agents.length; seat++) {
      const a = this.agents[seat]!;
      if (a.gameOver !== undefined) a.gameOver(this.observe(seat), outcome);
    }
  }

  played(): PlayedGame {
    return { outcome: this.game.outcome()!, invalid: this.invalid, fallbacks: this.fallbacks, asked: this.asked, decisions: this.decisions };
  }
}

/**
 * Thrown by an agent to abandon the game rather than answer (its run was stopped: the
 * budget is spent, the record it replays from has no answer). The drivers rethrow it
 * instead of charging the seat; the caller marks the game unfinished.
 */
export class AbandonGame extends Error {
  override readonly name: string = 'AbandonGame';
}

/**
 * Thrown from inside an agent for a failure that is not the agent's: what hosts it is
 * broken (the record a model's seat answers from holds a value this code never writes,
 * or the file a seat's answers are kept in cannot be written). The drivers rethrow it at
 * once, as they do AbandonGame, without charging the seat or asking again: a re-ask would
 * pay for a new answer and play another game than the one recorded. The caller reports
 * it; the game is not stored.
 */
export class HostFailure extends Error {
  override readonly name: string = 'HostFailure';
}

/**
 * Thrown by an agent that cannot answer this decision (its model's call failed after its
 * own retries): the driver plays the fallback at once, charged to the seat as a fallback,
 * not as a wrong answer, and does not ask again.
 */
export class NoAnswer extends Error {
  override readonly name: string = 'NoAnswer';
}

function thrown(seat: number, e: unknown): DecisionError {
  return { code: 'agent-failed', seat, message: `the agent failed: ${e instanceof Error ? e.message : String(e)}` };
}

function submitFallback(seats: Seats, d: Decision, lastError: DecisionError | undefined, opts: PlayOptions): void {
  seats.fallbacks[d.seat]!++;
  if (lastError !== undefined) opts.onInvalid?.(lastError, d, true);
  const r = seats.game.submit(d.seat, fallbackAnswer(d), d.id);
  if (!r.ok) throw new Error(`engine refused its own fallback: ${r.error.message}`);
}

export function playSync(game: Game, agents: readonly Agent[], opts: PlayOptions = {}): PlayedGame {
  const seats = new Seats(game, agents);
  const retries = opts.retries ?? 2;
  while (!game.over) {
    for (const d of game.pending()) {
      seats.decisions++;
      seats.asked[d.seat]!++;
      const agent = agents[d.seat]!;
      let lastError: DecisionError | undefined;
      let done = false;
      for (let attempt = 0; attempt <= retries && !done; attempt++) {
        let a: Answer | Promise<Answer>;
        try {
          a = agent.decide(seats.reusedContext(d, lastError));
        } catch (e) {
          if (e instanceof AbandonGame || e instanceof HostFailure) throw e;
          lastError = thrown(d.seat, e);
          if (e instanceof NoAnswer) break;
          seats.invalid[d.seat]!++;
          continue;
        }
        if (a instanceof Promise) throw new Error(`agent ${agent.name} answers asynchronously: play it with playAsync`);
        const r = game.submit(d.seat, a, d.id);
        if (r.ok) done = true;
        else {
          lastError = r.error;
          seats.invalid[d.seat]!++;
          if (attempt < retries) opts.onInvalid?.(r.error, d, false);
        }
      }
      if (!done) submitFallback(seats, d, lastError, opts);
    }
  }
  seats.tellEnd(game.outcome() ?? undefined);
  return seats.played();
}

export async function playAsync(game: Game, agents: readonly Agent[], opts: PlayOptions = {}): Promise<PlayedGame> {
  const seats = new Seats(game, agents);
  const retries = opts.retries ?? 2;
  // Aborted when a seat abandons the game: the seats still thinking are told (a person stops being asked).
  const abandon = new AbortController();
  const answerOne = async (d: Decision): Promise<void> => {
    seats.decisions++;
    seats.asked[d.seat]!++;
    const agent = agents[d.seat]!;
    let lastError: DecisionError | undefined;
    for (let attempt = 0; attempt <= retries; attempt++) {
      // Another seat abandoned the game while this one was thinking: ask no more.
      if (abandon.signal.aborted) return;
      let a: Answer;
      try {
        a = await agent.decide(seats.context(d, lastError, abandon.signal));
      } catch (e) {
        if (e instanceof AbandonGame || e instanceof HostFailure) {
          if (!abandon.signal.aborted) abandon.abort(e);
          throw e;
        }
        lastError = thrown(d.seat, e);
        if (e instanceof NoAnswer) break;
        seats.invalid[d.seat]!++;
        continue;
      }
      const r = game.submit(d.seat, a, d.id);
      if (r.ok) return;
      lastError = r.error;
      seats.invalid[d.seat]!++;
      if (attempt < retries) opts.onInvalid?.(r.error, d, false);
    }
    if (!abandon.signal.aborted) submitFallback(seats, d, lastError, opts);
  };
  while (!game.over) {
    // allSettled, not all: when a seat abandons the game, the others' calls in flight
    // still end (and are recorded) before the driver returns, so none is paid twice.
    const settled = await Promise.allSettled(game.pending().map(answerOne));
    for (const s of settled)
      if (s.status === 'rejected') {
        seats.tellEnd(undefined);
        throw s.reason;
      }
  }
  seats.tellEnd(game.outcome() ?? undefined);
  return seats.played();
}
