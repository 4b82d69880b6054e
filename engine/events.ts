// The game log. Every event carries its visibility as a bitmask of seats, resolved when
// it is emitted (a thief who becomes a werewolf on night 1 does not see the pack's past,
// only what it does from then on). A player's observation is the log filtered by its
// bit (observation.ts), so hidden information cannot leak through the log.

import type { Cause } from './causes.js';
import type { Claim } from './claims.js';
import type { Proposal } from './decisions.js';
import type { MoonEvent, SeanceQuestion } from './moon/cards.js';
import type { Role, Side } from './teams.js';

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

/** Harvest Festival: what the witch's single potion did (a draw of four, 004's box toss). */
export const POTION_EFFECTS = ['heal', 'heal-villager', 'heal-werewolf', 'poison'] as const;
export type PotionEffect = (typeof POTION_EFFECTS)[number];

/** Why a seat's card in play changed. */
export type RoleChangeReason = 'stolen' | 'potion' | 'miracle';
export type LoverInfo = Role | 'werewolf' | 'human' | null;

/**
 * The public reason given for a death: night deaths are announced without their cause
 * ('night'), or, under nightCausePublic (000), with it ('wolves', 'poison', 'guard').
 */
export type PublicCause = 'night' | Cause;

/** Whether a public cause is a death of the night (announced at dawn). */
export function isNightCause(cause: PublicCause): boolean {
  return cause === 'night' || cause === 'wolves' || cause === 'poison' || cause === 'guard';
  // (hunger is announced at dawn too, but as the pack's end, not as a death the night's powers explain)
}

export type EventBody =
  /** The game begins: how many players, which cards are in the deck (public knowledge). */
  | { readonly type: 'start'; readonly players: number; readonly deck: readonly Role[] }
  | { readonly type: 'deal'; readonly seat: number; readonly role: Role }
  | { readonly type: 'night'; readonly night: number }
  | { readonly type: 'day'; readonly day: number }
  | { readonly type: 'thief-cards'; readonly seat: number; readonly cards: readonly [Role, Role] }
  | { readonly type: 'thief-swap'; readonly seat: number; readonly took: Role | null }
  | { readonly type: 'cupid'; readonly seat: number; readonly lovers: readonly [number, number] }
  /** A lover wakes and sees the partner; `secret`: Harvest Festival's second waking (B and C). */
  | { readonly type: 'lover'; readonly seat: number; readonly partner: number; readonly partnerIs: LoverInfo; readonly secret?: boolean }
  /** The guard's choice (null: nobody tonight, guardMayPass). */
  | { readonly type: 'guard'; readonly seat: number; readonly target: number | null }
  /** guardLittleGirl=refused (001): the moderator turns the guard away from the Little Girl, showing him her card. */
  | { readonly type: 'guard-refused'; readonly seat: number; readonly target: number; readonly role: Role }
  | { readonly type: 'seer'; readonly seat: number; readonly target: number; readonly result: SeerResult }
  /** The pack wakes and recognises itself. */
  | { readonly type: 'pack'; readonly wolves: readonly number[] }
  | { readonly type: 'pack-proposals'; readonly round: number; readonly proposals: readonly Proposal[] }
  /** The pack's choice: a victim, or null (abstained, or could not agree). */
  | { readonly type: 'pack-victim'; readonly target: number | null; readonly agreed: boolean }
  | { readonly type: 'peek'; readonly seat: number; readonly wolves: readonly number[]; readonly caught: boolean }
  | { readonly type: 'caught'; readonly seat: number }
  /**
   * The pack caught her and let her live; its victim stands. caughtGirl=pack-chooses (001, 002):
   * `leader` decided so for the pack; or `leader` is her lover, the only wolf awake, who may not
   * kill her (001, loversMayKillEachOther=false).
   */
  | { readonly type: 'girl-spared'; readonly seat: number; readonly leader: number }
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
  /** The witch's poison failed: the guard protected its target (guardBlocks=night, 004; moderator only). */
  | { readonly type: 'poison-blocked'; readonly target: number }
  | { readonly type: 'death'; readonly seat: number; readonly role: Role; readonly cause: PublicCause }
  /** The true cause of a death (moderator only; the public one may be "night"). */
  | { readonly type: 'death-cause'; readonly seat: number; readonly cause: Cause }
  | { readonly type: 'powers-lost'; readonly elder: number }
  | { readonly type: 'speech'; readonly seat: number; readonly claims: readonly Claim[]; readonly text?: string | undefined }
  | { readonly type: 'election'; readonly round: number; readonly votes: readonly Vote[] }
  | { readonly type: 'sheriff'; readonly seat: number; readonly how: 'elected' | 'drawn' | 'successor' }
  /** The dying sheriff named no successor (successorMayPass): no sheriff from now on. */
  | { readonly type: 'no-successor'; readonly seat: number }
  | { readonly type: 'votes'; readonly round: number; readonly votes: readonly Vote[] }
  | { readonly type: 'tie'; readonly tied: readonly number[]; readonly round: number }
  | { readonly type: 'tie-break'; readonly sheriff: number; readonly target: number | null }
  /** The vote's result: who goes (null: nobody), and why. */
  | {
      readonly type: 'verdict';
      readonly target: number | null;
      readonly reason:
        | 'majority'
        | 'sheriff'
        | 'sheriff-vote' // sheriffTieBreak=vote (000): the tied player the sheriff voted for
        | 'random'
        | 'drawn' // lastTie=draw: still tied after the last re-vote, the moderator drew one (002)
        | 'scapegoat'
        | 'no-votes'
        | 'tie'
        | 'void'
        | 'unvouched' // Bleak Monday: the last one standing
        | 'friendless'; // Great Distrust: nobody's friend
    }
  | { readonly type: 'idiot-revealed'; readonly seat: number }
  | { readonly type: 'scapegoat-voters'; readonly seat: number; readonly voters: readonly number[] }
  | { readonly type: 'shot'; readonly seat: number; readonly target: number | null }
  // ---- Harvest Festival (004)
  /** The seer is shown the target's and both neighbours' cards, unlabelled (results sorted). */
  | {
      readonly type: 'seer-glimpse';
      readonly seat: number;
      readonly target: number;
      readonly seats: readonly number[];
      readonly results: readonly SeerResult[];
    }
  /** The thief swapped his card with a player's (target null: kept his own). */
  | { readonly type: 'thief-steal'; readonly seat: number; readonly target: number | null; readonly took: Role | null }
  /** A seat's card in play changed; shown to whoever learns it. */
  | { readonly type: 'role-change'; readonly seat: number; readonly role: Role; readonly reason: RoleChangeReason }
  /** Cupid names the unfaithful lover (B) and the secret lover (C). */
  | { readonly type: 'secret-lover'; readonly seat: number; readonly unfaithful: number; readonly secret: number }
  /** The sheriff's vote, made and shown before the others vote. */
  | { readonly type: 'sheriff-vote'; readonly voter: number; readonly target: number | null }
  /** The village's vote between the Scapegoat's neighbours; target dies (null: nobody could be chosen). */
  | { readonly type: 'sacrifice'; readonly scapegoat: number; readonly votes: readonly Vote[]; readonly target: number | null }
  | { readonly type: 'witch-potion'; readonly seat: number; readonly target: number; readonly effect: PotionEffect }
  /** The Little Girl peeks in the witch's turn: she sees the witch (null: nobody woke). */
  | { readonly type: 'peek-witch'; readonly seat: number; readonly witch: number | null; readonly caught: boolean }
  /** She peeked, but the pack chose no victim and so kept its eyes closed (000): she sees nothing, and cannot be caught. */
  | { readonly type: 'peek-dark'; readonly seat: number }
  /** The witch caught the Little Girl peeking: she learns who she is. */
  | { readonly type: 'girl-seen'; readonly seat: number }
  // ---- New Moon (004)
  /** The players' seeded sexes and ages (public: everyone sees the table). */
  | { readonly type: 'attributes'; readonly male: readonly boolean[]; readonly seniority: readonly number[] }
  /** The round's event card (variant: which Spiritualism card, 0–4). */
  | { readonly type: 'moon'; readonly event: MoonEvent; readonly variant: number }
  /** An event that could not apply (nobody dead yet, no ghost, ...). */
  | { readonly type: 'moon-void'; readonly event: MoonEvent; readonly reason: string }
  /** Miracle: the wolves' victim is revealed but lives on as a plain villager. */
  | { readonly type: 'miracle'; readonly seat: number; readonly role: Role }
  /** Away today: no talk, no vote, cannot be voted (Luncheon for Seniors, Gone Hunting). */
  | { readonly type: 'away'; readonly seats: readonly number[]; readonly event: MoonEvent }
  /** April Fools: this seat holds another role's power this round. */
  | { readonly type: 'power-swap'; readonly seat: number; readonly power: Role }
  /** April Fools: a lover died and the other lives; they love each other no more. */
  | { readonly type: 'lovers-parted'; readonly seat: number; readonly freed: readonly number[] }
  /** Not Me – Nor Wolf: the speaker said a banned word and loses today's vote. */
  | { readonly type: 'banned-word'; readonly seat: number; readonly word: string }
  /** Spiritualism: the medium's question to the ghost, and the true answer. */
  | {
      readonly type: 'seance';
      readonly medium: number;
      readonly ghost: number;
      readonly question: SeanceQuestion;
      readonly about: readonly number[];
      readonly answer: boolean;
    }
  /** Punishment: the last dead names a player. */
  | { readonly type: 'punish'; readonly seat: number; readonly target: number }
  /** Punishment: who vouched for the accused; two save him. */
  | { readonly type: 'defence'; readonly accused: number; readonly defenders: readonly number[]; readonly saved: boolean }
  /** Bleak Monday: a standing player vouches for another, who sits down. */
  | { readonly type: 'vouch'; readonly seat: number; readonly target: number }
  /** Great Distrust: each voter's two best friends. */
  | { readonly type: 'friends'; readonly votes: readonly { readonly voter: number; readonly friends: readonly number[] }[] }
  /** Pact with the Devil: the convicted's choice. */
  | { readonly type: 'pact'; readonly seat: number; readonly accepted: boolean }
  | { readonly type: 'end'; readonly winner: Side; readonly winners: readonly number[] };

export type EventType = EventBody['type'];
export type Event = EventBody & { readonly vis: Vis };
export type EventOf<T extends EventType> = Extract<Event, { type: T }>;
