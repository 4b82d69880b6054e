// New Moon's part of the game state: the deck, the round's card and what it does.

import type { Role } from '../teams.js';
import type { MoonCard } from './cards.js';

/** The players' ages and sexes, drawn at setup from the moderator's stream (attributes.ts). */
export interface SeatAttributes {
  readonly male: readonly boolean[];
  /** Seniority rank per seat: 0 is the oldest player. */
  readonly seniority: readonly number[];
}

export interface MoonState {
  /** The cards in drawing order; reshuffled when all are drawn. */
  readonly deck: MoonCard[];
  next: number;
  /** The round's card (from the dawn it was drawn at until the next), or null before the first dawn. */
  card: MoonCard | null;
  readonly attributes: SeatAttributes | null;
  /** Seats away today (and, Gone Hunting, tonight): no talk, no vote, cannot be voted (bitmask). */
  away: number;
  /** Seats that lost their vote today (Not Me – Nor Wolf) (bitmask). */
  noVote: number;
  /** April Fools: the seat that holds each swapped role's power this round. */
  powers: ReadonlyMap<Role, number> | null;
}

export function bit(seat: number): number {
  return 1 << seat;
}
