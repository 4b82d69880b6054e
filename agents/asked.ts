// Agents whose decisions are written down as they are asked: each decision's id, seat and
// kind, where in the log it was asked, and the answer the game took. `sim show` numbers a
// transcript's lines with these ids, and a fork (studies/fork.ts) finds the decision it
// changes by its id. The wrapper only watches: it passes every context and answer through
// unchanged, so a recorded game is the game of its seed. (The behaviour metrics' trace,
// trace.ts, records other things: vote targets, refused answers, stated beliefs.)

import { fallbackAnswer, validateAnswer, type Answer, type Decision, type DecisionKind, type Game } from '../engine/index.js';
import { AbandonGame } from './play.js';
import type { Agent, DecisionContext } from './types.js';

/** One decision as it was asked and answered. */
export interface AskedDecision {
  readonly id: number;
  readonly seat: number;
  readonly kind: DecisionKind;
  /** The log's length when it was asked: the events before it are `log.slice(0, asked)`. */
  readonly asked: number;
  readonly decision: Decision;
  /**
   * The answer the game took: the agent's last answer when it was legal, else the
   * documented fallback the driver played (`fallbackAnswer`).
   */
  answer: Answer;
}

/** Decisions by id (a hole for an id never asked), in the order they were asked. */
export type DecisionsAsked = (AskedDecision | undefined)[];

class Recorded implements Agent {
  readonly name: string;
  readonly gameOver?: Agent['gameOver'];

  constructor(
    private readonly inner: Agent,
    private readonly game: Game,
    private readonly asked: DecisionsAsked,
  ) {
    this.name = inner.name;
    // The end of the game reaches the agent as if unwrapped (a process agent settles its game on it).
    if (inner.gameOver !== undefined) this.gameOver = (obs, outcome) => inner.gameOver!(obs, outcome);
  }

  decide(ctx: DecisionContext): Answer | Promise<Answer> {
    const d = ctx.decision;
    let entry = this.asked[d.id];
    if (entry === undefined) {
      entry = { id: d.id, seat: d.seat, kind: d.kind, asked: this.game.log.length, decision: d, answer: fallbackAnswer(d) };
      this.asked[d.id] = entry;
    }
    const took = (a: Answer): Answer => {
      // An illegal answer is refused and asked again, or replaced by the fallback in the end.
      const v = validateAnswer(d, a);
      if (v.ok) entry.answer = v.value;
      return a;
    };
    const failed = (e: unknown): never => {
      if (!(e instanceof AbandonGame)) entry.answer = fallbackAnswer(d);
      throw e;
    };
    let a: Answer | Promise<Answer>;
    try {
      a = this.inner.decide(ctx);
    } catch (e) {
      return failed(e);
    }
    return a instanceof Promise ? a.then(took, failed) : took(a);
  }
}

/** The agents of `game`, each writing its decisions into `asked` (indexed by decision id). */
export function recordAsked(agents: readonly Agent[], game: Game, asked: DecisionsAsked): Agent[] {
  return agents.map((a) => new Recorded(a, game, asked));
}
