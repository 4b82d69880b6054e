// How the flow asks: `yield` the decisions owed now, get their answers back in order.

import type { Answer, AnswerOf, Decision } from '../decisions.js';
import type { Game } from '../game.js';
import { ALL } from '../events.js';
import { winnersOf } from '../outcome.js';
import type { Side } from '../roles.js';

/** Thrown inside the flow when a side has won; caught by the Game. Not an Error: no stack to build. */
export const GAME_OVER: unique symbol = Symbol('game over');

export type Flow<T = void> = Generator<readonly Decision[], T, Answer[]>;

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

/** Ends the game: records the winner, announces it, and unwinds the flow. */
export function endGame(g: Game, winner: Side): never {
  g.state.winner = winner;
  g.emit({ type: 'end', winner, winners: winnersOf(g.state, winner), vis: ALL });
  throw GAME_OVER;
}
