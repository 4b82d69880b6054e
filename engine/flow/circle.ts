// The players sit in a circle (Harvest Festival, New Moon): seat i+1 is on seat i's
// left (speakingOrder=after-victim goes "clockwise from the left of the victim" the same
// way). A seat's neighbours are the nearest *living* players on each side: the dead
// leave the circle (004's 隔壁, "next door", read as the next player still in the game).

import type { GameState } from '../state.js';

/** The nearest living seat on the left of `seat` (seat+1, seat+2, …), not `seat` itself; -1 if none. */
export function leftOf(s: GameState, seat: number): number {
  for (let k = 1; k < s.players; k++) {
    const i = (seat + k) % s.players;
    if (s.seats[i]!.alive) return i;
  }
  return -1;
}

/** The nearest living seat on the right of `seat`; -1 if none. */
export function rightOf(s: GameState, seat: number): number {
  for (let k = 1; k < s.players; k++) {
    const i = (seat - k + s.players) % s.players;
    if (s.seats[i]!.alive) return i;
  }
  return -1;
}

/** The living neighbours of `seat` (alive or not itself): 0, 1 or 2 seats, ascending. */
export function neighbours(s: GameState, seat: number): number[] {
  const l = leftOf(s, seat);
  if (l < 0) return [];
  const r = rightOf(s, seat);
  if (r === l) return [l];
  return l < r ? [l, r] : [r, l];
}
