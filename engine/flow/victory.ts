// Victory, checked after every death and its chain reactions (000: "as soon as"), and
// at every dawn (the Pied Piper's last charms land at night).

import type { Game } from '../game.js';
import type { Side } from '../teams.js';
import { crossTeamLovers, type GameState } from '../state.js';
import { endGame } from './ask.js';

export function winnerNow(s: GameState, wolvesWin: 'all' | 'second-last' | 'parity'): Side | null {
  let alive = 0;
  let wolves = 0;
  let pack = 0;
  let piperAlive = false;
  let uncharmed = 0;
  let couple = -1;
  let coupleAlive = 0;
  for (let i = 0; i < s.players; i++) {
    const seat = s.seats[i]!;
    if (!seat.alive) continue;
    alive++;
    if (seat.role === 'piper') piperAlive = true;
    else if (!seat.charmed) uncharmed++;
    const inCouple = seat.lover >= 0 && crossTeamLovers(s, i);
    if (inCouple) {
      couple = i;
      coupleAlive++;
    }
    if (seat.role === 'werewolf') {
      wolves++;
      if (!inCouple) pack++;
    }
  }
  if (alive === 0) return 'draw';
  // The Piper wins alone the moment every other living player is charmed (001, 004).
  if (piperAlive && uncharmed === 0) return 'piper';
  // Cross-team lovers win if they are the last two alive (000, 001, 002, 004); Cupid's
  // Harvest Festival triangle, if its members are all that is left alive.
  if (couple >= 0) {
    if (s.triangle === null ? alive === 2 && s.seats[s.seats[couple]!.lover]!.alive : coupleAlive === alive) return 'lovers';
  }
  // The village wins as soon as the last werewolf is eliminated (000, 002, 004).
  if (wolves === 0) return 'village';
  if (pack === 0) return null;
  const others = alive - pack;
  switch (wolvesWin) {
    case 'all': // 002, 004: the villagers are all dead
      return others === 0 ? 'werewolves' : null;
    case 'second-last': // 000: as soon as the second last villager dies
      return others <= 1 ? 'werewolves' : null;
    case 'parity':
      return pack >= others ? 'werewolves' : null;
  }
}

/** Ends the game if a side has won (true: the caller must then `yield GAME_OVER`). */
export function checkVictory(g: Game): boolean {
  const w = winnerNow(g.state, g.setup.options.wolvesWin);
  if (w === null) return false;
  endGame(g, w);
  return true;
}
