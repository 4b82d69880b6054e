// The players sit in a circle (Harvest Festival, New Moon): seat i+1 is on seat i's
// left (speakingOrder=after-victim goes "clockwise from the left of the victim" the same
// way). A seat's neighbours are the nearest *living* players on each side: the dead
// leave the circle (004's 隔壁, "next door", read as the next player still in the game).

import type { GameState } from '../state.js';

/** The nearest seat from `seat` in direction `step` (+1: left, −1: right) that `alive` says lives, not `seat` itself; -1 if none. */
function nearest(players: number, alive: (seat: number) => boolean, seat: number, step: 1 | -1): number {
  for (let k = 1; k < players; k++) {
    const i = (seat + step * k + players) % players;
    if (alive(i)) return i;
  }
  return -1;
}

/** The nearest living seat on the left of `seat` (seat+1, seat+2, …), not `seat` itself; -1 if none. */
export function leftOf(s: GameState, seat: number): number {
  return nearest(s.players, (i) => s.seats[i]!.alive, seat, 1);
}

/** The nearest living seat on the right of `seat`; -1 if none. */
export function rightOf(s: GameState, seat: number): number {
  return nearest(s.players, (i) => s.seats[i]!.alive, seat, -1);
}

/**
 * The neighbours of `seat` among the seats `alive` says live (`seat` itself alive or
 * not): 0, 1 or 2 seats, ascending. Also for agents, who know who lives from the log.
 */
export function neighboursWhere(players: number, alive: (seat: number) => boolean, seat: number): number[] {
  const l = nearest(players, alive, seat, 1);
  if (l < 0) return [];
  const r = nearest(players, alive, seat, -1);
  if (r === l) return [l];
  return l < r ? [l, r] : [r, l];
}

/** The living neighbours of `seat` (alive or not itself): 0, 1 or 2 seats, ascending. */
export function neighbours(s: GameState, seat: number): number[] {
  return neighboursWhere(s.players, (i) => s.seats[i]!.alive, seat);
}
