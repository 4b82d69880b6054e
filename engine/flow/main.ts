// A whole game: the deal is announced privately, then nights and days alternate until a
// side wins (flow/victory.ts ends the game from inside the death chain).
//
// The phases are driven one after the other by `GamePhases`, not by a generator that
// delegates to each (`yield* night(g)`): every decision of a phase is then yielded
// through one generator frame fewer, and a frame that only delegates costs some 15–20 ns
// at each of a game's yields (the delegating loop resumed and suspended again).

import type { Answer, Decision } from '../decisions.js';
import { ALL, only } from '../events.js';
import type { Game } from '../game.js';
import { setupMoon } from '../moon/round.js';
import { GAME_OVER, endGame, type Flow } from './ask.js';
import { day } from './day.js';
import type { Death } from './deaths.js';
import { night } from './night.js';

/** A safety bound: a game still undecided after this many days is a draw (never reached in practice). */
export const MAX_DAYS = 200;

/** What the Game resumes with the answers owed (none at the start): the decisions owed next, GAME_OVER once a side has won. */
export interface GameFlow {
  next(answers: Answer[] | undefined): readonly Decision[];
}

/** The game's phases in turn: the deal, then night, day, night, … each phase a flow of its own. */
class GamePhases implements GameFlow {
  private phase: Flow<Death[] | void> | null = null;
  private atNight = true;

  constructor(private readonly g: Game) {}

  next(answers: Answer[] | undefined): readonly Decision[] {
    const g = this.g;
    let r: IteratorResult<readonly Decision[], Death[] | void>;
    if (this.phase === null) {
      start(g);
      this.phase = night(g);
      r = this.phase.next();
    } else r = answers === undefined ? this.phase.next() : this.phase.next(answers);
    // A phase over: the next one starts (the night's dead are the dawn's).
    while (r.done === true) {
      if (this.atNight) {
        this.phase = day(g, r.value as Death[]);
        this.atNight = false;
      } else {
        if (g.state.day >= MAX_DAYS) {
          endGame(g, 'draw');
          return GAME_OVER;
        }
        this.phase = night(g);
        this.atNight = true;
      }
      r = this.phase.next();
    }
    return r.value;
  }
}

/** The deal announced: the deck to all, each seat's card to its seat. */
function start(g: Game): void {
  const s = g.state;
  g.emit({ type: 'start', players: s.players, deck: g.setup.deck, vis: ALL });
  for (let i = 0; i < s.players; i++) g.emit({ type: 'deal', seat: i, role: s.seats[i]!.dealt, vis: only(i) });
  setupMoon(g);
}

/** A whole game's flow, from the deal to the end. */
export function playGame(g: Game): GameFlow {
  return new GamePhases(g);
}
