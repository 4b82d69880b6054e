// Who won: the side, and each seat's share in it. Cross-team lovers leave their team:
// they win only as a couple (docs/rules.md; 000_06b6149326798635.txt, 004_898f49a7aa6e44c5.txt).

import type { Cause } from './causes.js';
import type { Game } from './game.js';
import { teamOf, type Role, type Side } from './teams.js';
import { crossTeamLovers, type GameState } from './state.js';

export interface SeatOutcome {
  readonly seat: number;
  readonly dealt: Role;
  /** The card played at the end (a thief's taken card). */
  readonly role: Role;
  readonly alive: boolean;
  readonly won: boolean;
  readonly lover: boolean;
  readonly sheriff: boolean;
  /** New Moon, Pact with the Devil: he made the pact (its price, if he won, is for the next game). */
  readonly pact: boolean;
  readonly death: { readonly day: number; readonly night: boolean; readonly cause: Cause } | null;
}

export interface Outcome {
  readonly winner: Side;
  /** Seats on the winning side, dead or alive. */
  readonly winners: readonly number[];
  /** Days begun (the game always ends by day: at dawn or after a vote). */
  readonly days: number;
  readonly seats: readonly SeatOutcome[];
}

export function winnersOf(s: GameState, winner: Side): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.players; i++) {
    const seat = s.seats[i]!;
    const couple = crossTeamLovers(s, i);
    let won: boolean;
    switch (winner) {
      case 'village':
      case 'werewolves':
      case 'piper':
        won = !couple && teamOf(seat.role) === winner;
        break;
      case 'lovers':
        won = couple;
        break;
      case 'draw':
        won = false;
        break;
    }
    if (won) out.push(i);
  }
  return out;
}

export function outcomeOf(g: Game): Outcome {
  const s = g.state;
  if (s.winner === null) throw new Error('outcomeOf: the game has no winner');
  const winners = winnersOf(s, s.winner);
  // Pushed, not mapped: state.ts newState says why.
  const seats: SeatOutcome[] = [];
  for (let i = 0; i < s.players; i++) {
    const seat = s.seats[i]!;
    seats.push({
      seat: i,
      dealt: seat.dealt,
      role: seat.role,
      alive: seat.alive,
      won: winners.includes(i),
      lover: seat.lover >= 0,
      sheriff: s.sheriff === i,
      pact: seat.pact,
      death: seat.death,
    });
  }
  return {
    winner: s.winner,
    winners,
    days: s.day,
    seats,
  };
}
