// The public record of one game: what every player sees alike — deaths and revealed
// cards, the day talk (role claims, Seer reports, suspicions, trust, vote intents),
// votes, the sheriff — and what follows from it alone (public evidence, claims proven
// or exposed). Every seat's observation holds these same events in the same order, so
// the heuristic agents of one game keep one record between them instead of eight
// copies (found in the game's shared records, shared.ts): whichever agent reads a
// public event first applies it, and by the time any agent decides, it has read its
// whole observation, so the record holds exactly the public events it has seen.
// Private knowledge stays in each agent's Beliefs.

import type { Event } from '../../engine/index.js';
import type { SeanceQuestion } from '../../engine/index.js';
import type { Role } from '../../engine/index.js';
import { isNightCause, neighboursWhere } from '../../engine/index.js';
import { MAX_PLAYERS } from '../../engine/index.js';
import { checkClaimsOnReveal, readStatement } from './claims-read.js';
import { revealEvidence } from './evidence.js';
import { mix } from './pick.js';
import { doubles } from '../doubles.js';
import { Scratch } from './scratch.js';
import { View } from './view.js';

/** What a player said about another, kept for re-reading when roles are revealed. */
export const SUSPECT = 0;
export const TRUST = 1;
export const INTENT = 2;
export interface Said {
  readonly speaker: number;
  readonly kind: typeof SUSPECT | typeof TRUST | typeof INTENT;
  readonly target: number;
  readonly day: number;
}

/** A day-vote ballot. */
export interface Cast {
  readonly voter: number;
  readonly target: number;
  readonly day: number;
  readonly round: number;
  /** The share of that round's ballots cast for the same target (a unanimous vote says little of anyone). */
  readonly share: number;
}

/** One result an informed claimant reports (a Seer's "seen", a Little Girl's "suspect"). */
export interface Report {
  readonly target: number;
  readonly wolf: boolean;
  /** The role reported, when the report names one (not werewolf / not-werewolf / a suspicion). */
  readonly role: Role | null;
}

/** A claim to be the Seer or the Little Girl: the claims whose words carry information. */
export interface InformedClaim {
  readonly seat: number;
  readonly role: 'seer' | 'little-girl';
  /** How many players claimed this role before (0: the first). */
  readonly order: number;
  readonly day: number;
  /** Named a werewolf by an earlier claimant before claiming: a self-defence counter-claim. */
  readonly accusedFirst: boolean;
  readonly reports: Report[];
  /** Publicly proven false (a report contradicted by a revealed card, or the card itself). */
  liar: boolean;
  /** Publicly proven true (the claimant died holding the card). */
  proven: boolean;
  /** Reports of a werewolf or of a power card confirmed by revealed cards. */
  confirmed: number;
}

/** An ability claim ("I protected P3") with the day it was said. */
export interface ActionClaim {
  readonly seat: number;
  readonly action: string;
  readonly target: number;
  readonly day: number;
}

export class PublicRecord {
  readonly n: number;
  /**
   * The public events applied, in order: a seat checks its own events against them by
   * identity (the engine gives every seat the same event objects), which costs one
   * comparison where a fingerprint of the event cost several property reads of an
   * event of any of thirty shapes (slow, megamorphic reads) per seat and event.
   */
  readonly events: Event[] = [];
  /** Their types (a seat reads a few types of public event itself). */
  readonly types: Event['type'][] = [];
  /** Bumped by every public event that can change a view (view.ts). */
  version = 0;
  /**
   * The seats whose `known`, `roleOf` or `alive` changed, in order, repeats included:
   * a seat merges into its own knowledge only those it has not merged yet.
   */
  readonly factsChanged: number[] = [];
  day = 0;
  readonly alive: Uint8Array;
  livingCount: number;
  /** Certain public knowledge of each seat: 1 werewolf, -1 not, 0 unknown. */
  readonly known: Int8Array;
  /** Publicly known cards (turned over, revealed Idiot, a proven Seer's reports). */
  readonly roleOf: (Role | null)[];
  /** Public evidence of being a werewolf, as log-odds added to the prior (evidence.ts). */
  readonly llr: number[];
  /** exp(-llr), kept with it: the views multiply odds instead of calling exp for every seat. */
  readonly odds: number[];
  /** The llr each seat's odds were computed from (exp is called again only where it changed). */
  private readonly oddsOf: number[];
  deadWolves = 0;
  /** A hash of the public facts so far, the same for every player (pick.ts `argmaxShared`). */
  salt = 0x2545f491;
  /**
   * A hash of the public facts at today's talk: the salt at dawn and the dawn's deaths.
   * The same for every player all day, whoever has spoken: a pack's shared choice for the
   * day (heuristic/wolf.ts, the belief agent's fake claim) is drawn from it.
   */
  daySalt = 0x2545f491;
  /** Who has spoken today (1), reset at dawn. */
  readonly spokeToday: Uint8Array;
  sheriff = -1;
  /** The latest role each seat claimed, and on which day. */
  readonly claimed: (Role | null)[];
  readonly claimDay: Int16Array;
  /** Seats caught lying about their role (a unique role someone else provably holds, or a changed story). */
  readonly roleLiar: Uint8Array;
  readonly informed: InformedClaim[] = [];
  readonly actions: ActionClaim[] = [];
  readonly said: Said[] = [];
  readonly casts: Cast[] = [];
  /** Today's announced vote intent of each speaker (-1: none), and today's trust claims per target. */
  readonly intent: Int16Array;
  readonly trustToday: number[];
  /** The village's views shared by the seats (view.ts `sharedVillageView`), one per trust knob in play; likewise the bystanders' (view.ts `fromBystanderView`). */
  private readonly villageViews: View[] = [];
  private readonly bystanderViews: View[] = [];

  constructor(
    n: number,
    /** The game's scratch arrays, used by its seats too (scratch.ts). */
    readonly scratch: Scratch = new Scratch(n),
  ) {
    this.n = n;
    this.alive = new Uint8Array(n).fill(1);
    this.livingCount = n;
    this.known = new Int8Array(n);
    this.roleOf = noRoles(n);
    this.llr = doubles(n);
    this.odds = doubles(n, 1);
    this.oddsOf = doubles(n);
    this.claimed = noRoles(n);
    this.claimDay = new Int16Array(n);
    this.roleLiar = new Uint8Array(n);
    this.intent = new Int16Array(n).fill(-1);
    this.trustToday = doubles(n);
    this.spokeToday = new Uint8Array(n);
  }

  /** Records a certain public fact about a seat. */
  learn(seat: number, wolf: boolean, role: Role | null): void {
    if (this.known[seat] === 0) this.known[seat] = wolf ? 1 : -1;
    if (role !== null && this.roleOf[seat] === null) this.roleOf[seat] = role;
    this.version++;
    this.factsChanged.push(seat);
  }

  /** The village view shared by the seats with this trust knob. */
  villageView(trust: number): View {
    return viewFor(this.villageViews, this.n, trust);
  }

  /** The bystanders' view shared by the seats with this trust knob. */
  bystanderView(trust: number): View {
    return viewFor(this.bystanderViews, this.n, trust);
  }

  /** Applies the next public event (one every seat sees). */
  apply(e: Event): void {
    this.events.push(e);
    this.types.push(e.type);
    switch (e.type) {
      case 'day':
        this.day = e.day;
        this.daySalt = mix(this.salt, 0xda7 + e.day);
        // Loops rather than `fill`: for a dozen seats the calls cost more than the stores.
        for (let s = 0; s < this.n; s++) {
          this.intent[s] = -1;
          this.trustToday[s] = 0;
          this.spokeToday[s] = 0;
        }
        return;
      case 'death':
        this.version++;
        this.daySalt = mix(this.daySalt, 0xdea + e.seat);
        return this.readDeath(e.seat, e.role, isNightCause(e.cause));
      case 'idiot-revealed':
        this.salt = mix(this.salt, 0x1d + e.seat);
        this.claimed[e.seat] = 'idiot';
        return this.learn(e.seat, false, 'idiot');
      case 'speech':
        this.salt = mix(this.salt, (e.seat << 8) | e.claims.length);
        this.spokeToday[e.seat] = 1;
        if (readStatement(this, e.seat, e.claims)) this.version++;
        return;
      case 'sheriff':
        this.sheriff = e.seat;
        this.salt = mix(this.salt, 0x5e + e.seat);
        return;
      case 'no-successor':
        this.sheriff = -1;
        return;
      case 'votes':
        return this.readVotes(e.votes, e.round);
      case 'seance':
        this.salt = mix(this.salt, 0x5ea + e.medium);
        return this.readSeance(e.medium, e.question, e.about, e.answer);
      default:
        // Nothing else public moves the record (start, night, election, tie, verdict, shot,
        // scapegoat-voters, end, and event types added later).
        return;
    }
  }

  /**
   * Spiritualism (004): the ghost's answer is true and public. What it settles for certain
   * is learnt; answers that only narrow things down ("not a plain villager", "a neighbour
   * is a werewolf", two players' sides, the werewolves' sexes) are left out.
   */
  private readSeance(medium: number, q: SeanceQuestion, about: readonly number[], answer: boolean): void {
    switch (q) {
      case 'am-i-wolf':
        return this.learn(medium, answer, null);
      case 'am-i-villager':
        if (answer) this.learn(medium, false, 'villager');
        return;
      case 'is-villager':
        if (answer) this.learn(about[0]!, false, 'villager');
        return;
      case 'sheriff-is-wolf':
        if (this.sheriff >= 0) this.learn(this.sheriff, answer, null);
        return;
      case 'sheriff-is-villager':
        if (answer && this.sheriff >= 0) this.learn(this.sheriff, false, 'villager');
        return;
      case 'neighbour-wolf':
        // No werewolf beside him: both living neighbours are cleared.
        if (!answer) for (const x of livingNeighbours(this.alive, about[0]!)) this.learn(x, false, null);
        return;
      case 'seer-found-wolf':
      case 'wolves-adjacent':
      case 'same-side':
      case 'witch-is-man':
      case 'all-wolves-men':
      case 'all-wolves-women':
      case 'any-wolf-man':
      case 'any-wolf-woman':
        return;
    }
  }

  private readVotes(votes: readonly { voter: number; target: number | null }[], round: number): void {
    const tally = this.scratch.tally.fill(0, 0, this.n);
    let ballots = 0;
    for (const v of votes) {
      if (v.target === null) continue;
      ballots++;
      tally[v.target]!++;
    }
    for (const v of votes) {
      if (v.target === null) continue;
      this.casts.push({ voter: v.voter, target: v.target, day: this.day, round, share: tally[v.target]! / ballots });
      this.salt = mix(this.salt, (v.voter << 5) | v.target);
    }
  }

  private readDeath(seat: number, role: Role, atNight: boolean): void {
    this.factsChanged.push(seat);
    if (this.alive[seat] === 1) {
      this.alive[seat] = 0;
      this.livingCount--;
    }
    this.salt = mix(this.salt, (seat << 4) | 0xd);
    const wolf = role === 'werewolf';
    if (wolf) this.deadWolves++;
    this.known[seat] = wolf ? 1 : -1;
    this.roleOf[seat] = role;
    revealEvidence(this, seat, wolf, atNight);
    for (let s = 0; s < this.n; s++) {
      const llr = this.llr[s]!;
      if (llr === this.oddsOf[s]) continue;
      this.oddsOf[s] = llr;
      this.odds[s] = Math.exp(-llr);
    }
    checkClaimsOnReveal(this, seat, role);
  }
}

/** The view in `views` for this trust knob, made on first use. */
function viewFor(views: View[], n: number, trust: number): View {
  for (const v of views) if (v.trust === trust) return v;
  const v = new View(n, trust);
  views.push(v);
  return v;
}

/** No card per seat, for `noRoles` to copy (a constant: typed read-only, written once as it is made). */
const NO_ROLES: readonly null[] = packedNulls(MAX_PLAYERS);

/** `n` nulls, filled by pushes, so the array and its copies are packed, without holes. */
function packedNulls(n: number): null[] {
  const out: null[] = [];
  for (let s = 0; s < n; s++) out.push(null);
  return out;
}

/**
 * A card per seat, none known yet: a copy of a packed array of nulls, faster to make
 * than `new Array(n).fill(null)` (made by every seat of every game), whose holes every
 * read would check for.
 */
export function noRoles(n: number): (Role | null)[] {
  return NO_ROLES.slice(0, n);
}

/** The living neighbours of `seat` around the table, by the record's `alive` (engine/flow/circle.ts). */
export function livingNeighbours(alive: Uint8Array, seat: number): number[] {
  return neighboursWhere(alive.length, (i) => alive[i] === 1, seat);
}
