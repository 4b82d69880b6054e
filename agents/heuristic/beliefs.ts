// What one heuristic player knows and believes, built from its own observation only
// (`ctx.observe()`): its card and private knowledge (seer results, packmates, lover,
// thief cards, little-girl peeks, the witch's shown victim, charm), and the public facts
// (claims, revealed roles of the dead, votes, deaths, sheriff, idiot). It is updated
// incrementally: each call reads only the events added since the last one (an
// observation's event list only grows).
//
// Every event it reads must be visible to its seat; one that is not is a harness bug
// (someone fed it another seat's hidden information) and is thrown as such, so the
// driver charges it as an error instead of the agent silently using it.

import type { SeenResult } from '../../engine/claims.js';
import type { Event, LoverInfo } from '../../engine/events.js';
import type { Observation } from '../../engine/observation.js';
import type { RuleOptions } from '../../engine/options.js';
import type { Role } from '../../engine/roles.js';
import { readStatement, checkClaimsOnReveal } from './claims-read.js';
import { revealEvidence } from './evidence.js';
import type { Knobs } from './knobs.js';
import { mix } from './pick.js';

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

/** Thrown when an agent is fed an event its seat may not see (a harness bug, never a game event). */
export class ForeignInformationError extends Error {}

export class Beliefs {
  readonly me: number;
  readonly n: number;
  readonly options: RuleOptions;
  readonly deck: readonly Role[];
  readonly knobs: Knobs;
  private readonly bit: number;
  /** Events read so far. */
  private cursor = 0;
  /** Bumped by every event that can change a view (view.ts): views of an older version are stale. */
  version = 0;

  /** The card played now (a thief's taken card), and the one dealt. */
  role: Role = 'villager';
  dealt: Role = 'villager';
  night = 0;
  day = 0;
  readonly alive: Uint8Array;
  livingCount: number;

  /** Certain public knowledge of each seat: 1 werewolf, -1 not, 0 unknown. */
  readonly pub: Int8Array;
  /** Certain knowledge, public and private: 1 werewolf, -1 not, 0 unknown. */
  readonly known: Int8Array;
  /** The card of each seat, where known (publicly or privately). */
  readonly roleOf: (Role | null)[];
  /** Public evidence of being a werewolf, as log-odds added to the prior (evidence.ts). */
  readonly llr: Float64Array;
  readonly deckWolves: number;
  readonly hasThief: boolean;
  deadWolves = 0;
  /** A hash of the public facts so far, the same for every player (pick.ts `argmaxShared`). */
  salt = 0x2545f491;

  // Private knowledge.
  /** Werewolves seen in the pack, ever (wolves only). */
  readonly packmate: Uint8Array;
  packSize = 0;
  /** Living wolves at the last pack waking. */
  pack: readonly number[] = [];
  packSalt = 0;
  lover = -1;
  loverIs: LoverInfo = null;
  /** Seer: my results in order. */
  readonly myResults: { readonly target: number; readonly result: SeenResult }[] = [];
  /** Guard: whom I protected last, and which night. */
  lastGuard = -1;
  lastGuardNight = 0;
  /** Witch: potions I have used. */
  healUsed = false;
  poisonUsed = false;
  /** Thief: the two left-over cards I was shown, and the werewolf cards left out of play once I chose (-1: not yet). */
  thiefCards: readonly [Role, Role] | null = null;
  wolvesOut = -1;
  /** Little Girl: I have seen the pack. */
  peeked = false;
  /** Charmed players I know of (the Piper, or charmed players). */
  readonly charmed: Uint8Array;
  powersLost = false;
  /** The pack's last victim and its night (wolves only); the night the Little Girl was caught. */
  lastPackTarget = -1;
  lastPackNight = 0;
  caughtNight = 0;

  // Public facts.
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
  readonly trustToday: Float64Array;
  /** Who spoke today, in order. */
  readonly spokeToday: number[] = [];

  constructor(obs: Observation, knobs: Knobs) {
    this.me = obs.seat;
    this.n = obs.players;
    this.options = obs.options;
    this.deck = obs.deck;
    this.knobs = knobs;
    this.bit = 1 << obs.seat;
    const n = obs.players;
    this.alive = new Uint8Array(n).fill(1);
    this.livingCount = n;
    this.pub = new Int8Array(n);
    this.known = new Int8Array(n);
    this.roleOf = new Array<Role | null>(n).fill(null);
    this.llr = new Float64Array(n);
    this.packmate = new Uint8Array(n);
    this.charmed = new Uint8Array(n);
    this.claimed = new Array<Role | null>(n).fill(null);
    this.claimDay = new Int16Array(n);
    this.roleLiar = new Uint8Array(n);
    this.intent = new Int16Array(n).fill(-1);
    this.trustToday = new Float64Array(n);
    let wolves = 0;
    let thief = false;
    for (const r of obs.deck) {
      if (r === 'werewolf') wolves++;
      else if (r === 'thief') thief = true;
    }
    this.deckWolves = wolves;
    this.hasThief = thief;
  }

  /** Reads the events added since the last call. */
  update(obs: Observation): void {
    const events = obs.events;
    for (; this.cursor < events.length; this.cursor++) this.read(events[this.cursor]!);
  }

  /** True if I play for the pack (a werewolf not in a cross-team couple). */
  get wolfTeam(): boolean {
    return this.role === 'werewolf' && !this.crossTeam;
  }

  /** True if I am in a couple whose other member plays for another team, as far as I know. */
  get crossTeam(): boolean {
    if (this.lover < 0) return false;
    const partnerWolf = this.known[this.lover]! === 1;
    const meWolf = this.role === 'werewolf';
    return meWolf ? this.known[this.lover]! === -1 : partnerWolf;
  }

  /** Someone I will not vote against, shoot, poison or name as victim: my lover, and my pack if I play for it. */
  ally(s: number): boolean {
    return s === this.lover || (this.packmate[s] === 1 && this.wolfTeam);
  }

  /** Wolves in play, as well as I can tell (a thief's two left-over cards may hold some). */
  wolvesInPlay(priv: boolean): number {
    if (priv && this.packSize > 0) return this.packSize;
    if (priv && this.wolvesOut >= 0) return this.deckWolves - this.wolvesOut;
    if (!this.hasThief) return this.deckWolves;
    return this.deckWolves - (2 * this.deckWolves) / (this.n + 2);
  }

  /** Records a certain fact about a seat. */
  learn(seat: number, wolf: boolean, role: Role | null, isPublic: boolean): void {
    const v = wolf ? 1 : -1;
    if (isPublic && this.pub[seat] === 0) this.pub[seat] = v;
    if (this.known[seat] === 0) this.known[seat] = v;
    if (role !== null && this.roleOf[seat] === null) this.roleOf[seat] = role;
  }

  private read(e: Event): void {
    if ((e.vis & this.bit) === 0)
      throw new ForeignInformationError(
        `seat ${this.me} was given a '${e.type}' event it may not see (visibility ${e.vis}): an agent reads its own observation only`,
      );
    switch (e.type) {
      case 'deal':
        if (e.seat === this.me) {
          this.version++;
          this.role = this.dealt = e.role;
          this.learn(this.me, e.role === 'werewolf', e.role, false);
        }
        return;
      case 'night':
        this.night = e.night;
        return;
      case 'day':
        this.day = e.day;
        this.intent.fill(-1);
        this.trustToday.fill(0);
        this.spokeToday.length = 0;
        return;
      case 'thief-cards':
        this.thiefCards = e.cards;
        return;
      case 'thief-swap':
        this.version++;
        return this.thiefSwap(e.took);
      case 'lover':
        this.version++;
        return this.readLover(e.partner, e.partnerIs);
      case 'guard':
        this.lastGuard = e.target;
        this.lastGuardNight = this.night;
        return;
      case 'seer': {
        this.version++;
        this.myResults.push({ target: e.target, result: e.result });
        const wolf = e.result === 'werewolf';
        const role = e.result === 'not-werewolf' ? null : e.result;
        return this.learn(e.target, wolf, role, false);
      }
      case 'pack':
        this.version++;
        return this.readPack(e.wolves);
      case 'pack-victim':
        this.lastPackTarget = e.target ?? -1;
        this.lastPackNight = this.night;
        return;
      case 'peek':
        this.version++;
        this.peeked = true;
        return this.learnAllWolves(e.wolves);
      case 'caught':
        this.caughtNight = this.night;
        return;
      case 'witch-victim':
        this.version++;
        // Under non-wolves the pack's victim cannot be a werewolf.
        if (e.victim !== null && this.options.packTargets === 'non-wolves') this.learn(e.victim, false, null, false);
        return;
      case 'witch':
        if (e.heal !== null) this.healUsed = true;
        if (e.poison !== null) this.poisonUsed = true;
        return;
      case 'charm':
        for (const t of e.targets) this.charmed[t] = 1;
        return;
      case 'charmed':
        for (const t of e.charmed) this.charmed[t] = 1;
        return;
      case 'powers-lost':
        this.powersLost = true;
        return;
      case 'death':
        this.version++;
        return this.readDeath(e.seat, e.role, e.cause === 'night');
      case 'idiot-revealed':
        this.version++;
        this.salt = mix(this.salt, 0x1d + e.seat);
        this.claimed[e.seat] = 'idiot';
        return this.learn(e.seat, false, 'idiot', true);
      case 'speech':
        this.salt = mix(this.salt, (e.seat << 8) | e.claims.length);
        this.spokeToday.push(e.seat);
        if (readStatement(this, e.seat, e.claims)) this.version++;
        return;
      case 'sheriff':
        this.sheriff = e.seat;
        this.salt = mix(this.salt, 0x5e + e.seat);
        return;
      case 'votes': {
        let ballots = 0;
        for (const v of e.votes) if (v.target !== null) ballots++;
        for (const v of e.votes) {
          if (v.target === null) continue;
          let same = 0;
          for (const o of e.votes) if (o.target === v.target) same++;
          this.casts.push({ voter: v.voter, target: v.target, day: this.day, round: e.round, share: same / ballots });
          this.salt = mix(this.salt, (v.voter << 5) | v.target);
        }
        return;
      }
      default:
        // start, cupid, thief-cards, pack-proposals, election, tie, tie-break, verdict,
        // scapegoat-voters, shot, end, and event types added later: nothing to learn here.
        return;
    }
  }

  private thiefSwap(took: Role | null): void {
    // The cards I did not take are out of play; with `took` null both are.
    const cards = this.thiefCards;
    if (cards === null) return;
    let out = 0;
    if (took === null) out = (cards[0] === 'werewolf' ? 1 : 0) + (cards[1] === 'werewolf' ? 1 : 0);
    else {
      const other = cards[0] === took ? cards[1] : cards[0];
      out = other === 'werewolf' ? 1 : 0;
      this.role = took;
      this.known[this.me] = took === 'werewolf' ? 1 : -1;
      this.roleOf[this.me] = took;
    }
    this.wolvesOut = out;
  }

  private readLover(partner: number, info: LoverInfo): void {
    this.lover = partner;
    this.loverIs = info;
    if (info === 'werewolf') this.learn(partner, true, 'werewolf', false);
    else if (info === 'human') this.learn(partner, false, null, false);
    else if (info !== null) this.learn(partner, false, info, false);
  }

  private readPack(wolves: readonly number[]): void {
    this.pack = wolves;
    for (const w of wolves) {
      if (this.packmate[w] === 0) {
        this.packmate[w] = 1;
        this.packSize++;
      }
    }
    if (this.packSalt === 0) {
      let h = 0x9e3779b1;
      for (const w of wolves) h = mix(h, w);
      this.packSalt = h;
    }
    this.learnAllWolves(wolves);
  }

  /** `wolves` are all the living werewolves: everyone else alive is not one. */
  private learnAllWolves(wolves: readonly number[]): void {
    for (const w of wolves) this.learn(w, true, 'werewolf', false);
    for (let s = 0; s < this.n; s++) if (this.alive[s] === 1 && !wolves.includes(s)) this.learn(s, false, null, false);
  }

  private readDeath(seat: number, role: Role, atNight: boolean): void {
    if (this.alive[seat] === 1) {
      this.alive[seat] = 0;
      this.livingCount--;
    }
    this.salt = mix(this.salt, (seat << 4) | 0xd);
    const wolf = role === 'werewolf';
    if (wolf) this.deadWolves++;
    this.pub[seat] = wolf ? 1 : -1;
    this.known[seat] = wolf ? 1 : -1;
    this.roleOf[seat] = role;
    revealEvidence(this, seat, wolf, atNight);
    checkClaimsOnReveal(this, seat, role);
  }
}
