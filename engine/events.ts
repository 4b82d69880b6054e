// The game log. Every event carries its visibility as a bitmask of seats, resolved when
// it is emitted (a thief who becomes a werewolf on night 1 does not see the pack's past,
// only what it does from then on). A player's observation is the log filtered by its
// bit (observation.ts), so hidden information cannot leak through the log.

import type { Cause } from './causes.js';
import type { Claim } from './claims.js';
import type { Proposal } from './decisions.js';
import type { Role, Side } from './roles.js';

/** Visibility: a bitmask of seats. ALL is every seat; MODERATOR is nobody (transcripts only). */
export type Vis = number;
export const ALL: Vis = -1;
export const MODERATOR: Vis = 0;
export const only = (seat: number): Vis => 1 << seat;
export const sees = (vis: Vis, seat: number): boolean => (vis & (1 << seat)) !== 0;
export function maskOf(seats: Iterable<number>): Vis {
  let m = 0;
  for (const s of seats) m |= 1 << s;
  return m;
}
export function seatsOf(vis: Vis, players: number): number[] {
  const out: number[] = [];
  for (let s = 0; s < players; s++) if (sees(vis, s)) out.push(s);
  return out;
}

export interface Vote {
  readonly voter: number;
  /** null: abstained */
  readonly target: number | null;
  readonly weight: number;
}

export type SeerResult = Role | 'werewolf' | 'not-werewolf';
export type LoverInfo = Role | 'werewolf' | 'human' | null;

/** The public reason given for a death: night deaths are announced without their cause. */
export type PublicCause = 'night' | Exclude<Cause, 'wolves' | 'poison' | 'guard'>;

export type EventBody =
  /** The game begins: how many players, which cards are in the deck (public knowledge). */
  | { readonly type: 'start'; readonly players: number; readonly deck: readonly Role[] }
  | { readonly type: 'deal'; readonly seat: number; readonly role: Role }
  | { readonly type: 'night'; readonly night: number }
  | { readonly type: 'day'; readonly day: number }
  | { readonly type: 'thief-cards'; readonly seat: number; readonly cards: readonly [Role, Role] }
  | { readonly type: 'thief-swap'; readonly seat: number; readonly took: Role | null }
  | { readonly type: 'cupid'; readonly seat: number; readonly lovers: readonly [number, number] }
  | { readonly type: 'lover'; readonly seat: number; readonly partner: number; readonly partnerIs: LoverInfo }
  | { readonly type: 'guard'; readonly seat: number; readonly target: number }
  | { readonly type: 'seer'; readonly seat: number; readonly target: number; readonly result: SeerResult }
  /** The pack wakes and recognises itself. */
  | { readonly type: 'pack'; readonly wolves: readonly number[] }
  | { readonly type: 'pack-proposals'; readonly round: number; readonly proposals: readonly Proposal[] }
  /** The pack's choice: a victim, or null (abstained, or could not agree). */
  | { readonly type: 'pack-victim'; readonly target: number | null; readonly agreed: boolean }
  | { readonly type: 'peek'; readonly seat: number; readonly wolves: readonly number[]; readonly caught: boolean }
  | { readonly type: 'caught'; readonly seat: number }
  | { readonly type: 'witch-victim'; readonly seat: number; readonly victim: number | null }
  | { readonly type: 'witch'; readonly seat: number; readonly heal: number | null; readonly poison: number | null }
  | { readonly type: 'charm'; readonly seat: number; readonly targets: readonly number[] }
  /** The charmed wake and see each other. */
  | { readonly type: 'charmed'; readonly charmed: readonly number[] }
  /** What became of the pack's attack (moderator only). */
  | {
      readonly type: 'attack';
      readonly target: number;
      readonly result: 'protected' | 'healed' | 'life-lost' | 'killed';
    }
  | { readonly type: 'death'; readonly seat: number; readonly role: Role; readonly cause: PublicCause }
  /** The true cause of a death (moderator only; the public one may be "night"). */
  | { readonly type: 'death-cause'; readonly seat: number; readonly cause: Cause }
  | { readonly type: 'powers-lost'; readonly elder: number }
  | { readonly type: 'speech'; readonly seat: number; readonly claims: readonly Claim[]; readonly text?: string | undefined }
  | { readonly type: 'election'; readonly round: number; readonly votes: readonly Vote[] }
  | { readonly type: 'sheriff'; readonly seat: number; readonly how: 'elected' | 'drawn' | 'successor' }
  | { readonly type: 'votes'; readonly round: number; readonly votes: readonly Vote[] }
  | { readonly type: 'tie'; readonly tied: readonly number[]; readonly round: number }
  | { readonly type: 'tie-break'; readonly sheriff: number; readonly target: number | null }
  /** The vote's result: who goes (null: nobody), and why. */
  | {
      readonly type: 'verdict';
      readonly target: number | null;
      readonly reason: 'majority' | 'sheriff' | 'random' | 'scapegoat' | 'no-votes' | 'tie' | 'void';
    }
  | { readonly type: 'idiot-revealed'; readonly seat: number }
  | { readonly type: 'scapegoat-voters'; readonly seat: number; readonly voters: readonly number[] }
  | { readonly type: 'shot'; readonly seat: number; readonly target: number | null }
  | { readonly type: 'end'; readonly winner: Side; readonly winners: readonly number[] };

export type EventType = EventBody['type'];
export type Event = EventBody & { readonly vis: Vis };
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;
