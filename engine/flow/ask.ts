// How the flow asks: `yield` the decisions owed now, get their answers back in order.

import type { Answer, AnswerOf, Decision, DecisionKind } from '../decisions.js';
import type { Game } from '../game.js';
import { ALL } from '../events.js';
import { winnersOf } from '../outcome.js';
import type { Side } from '../teams.js';

/**
 * Yielded once a side has won (`yield GAME_OVER` right after `endGame`): the Game never
 * resumes the flow after it, so the code below never runs and nothing has to unwind
 * (a thrown sentinel, unwinding five generator frames, cost ~4% of a game).
 */
export const GAME_OVER: readonly Decision[] = Object.freeze([]);

export type Flow<T = void> = Generator<readonly Decision[], T, Answer[]>;

/**
 * The first answer of a `yield [decision]`, typed. Hot paths yield directly rather than
 * through `yield* ask(...)`: each delegated generator adds a frame that every later
 * resume passes through (measured: ~15% of a game).
 */
export function first<K extends DecisionKind>(answers: Answer[]): AnswerOf<K> {
  return answers[0] as AnswerOf<K>;
}

/** One decision; its (validated) answer. */
export function* ask<D extends Decision>(d: D): Flow<AnswerOf<D['kind']>> {
  const answers = yield [d];
  return answers[0] as AnswerOf<D['kind']>;
}

/** Simultaneous decisions (votes, the pack's proposals); answers in the same order. */
export function* askAll(ds: readonly Decision[]): Flow<Answer[]> {
  if (ds.length === 0) return [];
  return yield ds;
}

/** Ends the game: records the winner and announces it. The caller then yields GAME_OVER. */
export function endGame(g: Game, winner: Side): void {
  g.state.winner = winner;
  g.emit({ type: 'end', winner, winners: winnersOf(g.state, winner), vis: ALL });
}
