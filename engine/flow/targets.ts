// Legal target lists, built often: keep them cheap.

import type { Game } from '../game.js';
import { moonBarsVote } from '../moon/round.js';
import type { GameState } from '../state.js';

/** Living seats, ascending, except up to three seats (-1: none). */
export function livingExcept(s: GameState, a = -1, b = -1, c = -1): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.players; i++) if (s.seats[i]!.alive && i !== a && i !== b && i !== c) out.push(i);
  return out;
}

/**
 * `seats` in their order except up to two seats (-1: none). A loop, not `filter`: a
 * callback naming a variable of its caller is a closure made at every call (the
 * election's lists, one a voter).
 */
export function seatsExcept(seats: readonly number[], a: number, b = -1): number[] {
  const out: number[] = [];
  for (let k = 0; k < seats.length; k++) {
    const i = seats[k]!;
    if (i !== a && i !== b) out.push(i);
  }
  return out;
}

/** The lover a seat may not harm (001: lovers never point at or kill each other), or -1. */
export function protectedLover(g: Game, seat: number): number {
  return g.setup.options.loversMayKillEachOther ? -1 : g.state.seats[seat]!.lover;
}

/**
 * The lover a seat may not vote against (loversMayVoteEachOther=false), or -1. Cupid's
 * Harvest Festival triangle restricts its votes whatever the option says (state.ts).
 */
export function unvotableLover(g: Game, seat: number): number {
  return g.setup.options.loversMayVoteEachOther && g.state.triangle === null ? -1 : g.state.seats[seat]!.lover;
}

/**
 * Whether a seat votes today: alive, not a revealed Idiot, named by yesterday's
 * Scapegoat if he named voters (`allowed`), and not barred by the round's New Moon event.
 */
export function mayVoteToday(g: Game, seat: number, allowed: readonly number[] | null): boolean {
  const st = g.state.seats[seat]!;
  return st.alive && st.mayVote && (allowed === null || allowed.includes(seat)) && !moonBarsVote(g, seat);
}
