// A whole game: the deal is announced privately, then nights and days alternate until a
// side wins (flow/victory.ts ends the game from inside the death chain).

import { ALL, only } from '../events.js';
import type { Game } from '../game.js';
import { setupMoon } from '../moon/round.js';
import { GAME_OVER, endGame, type Flow } from './ask.js';
import { day } from './day.js';
import { night } from './night.js';

/** A safety bound: a game still undecided after this many days is a draw (never reached in practice). */
export const MAX_DAYS = 200;

export function* playGame(g: Game): Flow {
  const s = g.state;
  g.emit({ type: 'start', players: s.players, deck: g.setup.deck, vis: ALL });
  for (let i = 0; i < s.players; i++) g.emit({ type: 'deal', seat: i, role: s.seats[i]!.dealt, vis: only(i) });
  setupMoon(g);
  for (;;) {
    const deaths = yield* night(g);
    yield* day(g, deaths);
    if (s.day >= MAX_DAYS) {
      endGame(g, 'draw');
      yield GAME_OVER;
    }
  }
}
