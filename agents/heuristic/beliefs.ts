// What one heuristic player knows and believes, built from its own observation only
// (`ctx.observe()`): its card and private knowledge (seer results, packmates, lover,
// thief cards, little-girl peeks, the witch's shown victim, charm), and the public facts
// (claims, revealed roles of the dead, votes, deaths, sheriff, idiot), kept in the
// game's public record (public.ts), found in the game's shared records (shared.ts) its
// agent was made with. It is updated incrementally: each call reads only the events
// added since the last one (an observation's event list only grows).
//
// Every event it reads must be visible to its seat; one that is not is a harness bug
// (someone fed it another seat's hidden information) and is thrown as such, so the
// driver charges it as an error instead of the agent silently using it.

import type { SeenResult } from '../../engine/index.js';
import { ALL, type Event, type LoverInfo } from '../../engine/index.js';
import type { Observation } from '../../engine/index.js';
import type { RuleOptions } from '../../engine/index.js';
import type { Role } from '../../engine/index.js';
import type { Knobs } from './knobs.js';
import type { Scratch } from './scratch.js';
import { SharedRecords } from './shared.js';
import type { View } from './view.js';
import { mix } from './pick.js';
import { noRoles, PublicRecord, type ActionClaim, type Cast, type InformedClaim, type Said } from './public.js';

export { INTENT, SUSPECT, TRUST, type ActionClaim, type Cast, type InformedClaim, type Report, type Said } from './public.js';

/** No seats, and no Seer results: shared by every seat until it has some (constants: typed read-only, never written). */
const NO_SEATS: readonly number[] = [];
const NO_RESULTS: readonly SeerResult[] = [];

/** A Seer's result, as she read it. */
interface SeerResult {
  readonly target: number;
  readonly result: SeenResult;
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
  /** Events read so far, and how many of them were public. */
  private cursor = 0;
  private publicSeen = 0;
  /** The empty set of seats (`SharedRecords.nobody`): never written. */
  private readonly nobody: Uint8Array;
  /** The game's public record (shared with the other heuristic seats, or this seat's own copy). */
  private rec: PublicRecord;
  /** Bumped by private events that can change a view. */
  private privateVersion = 0;
  /**
   * How many of the record's changed facts (`factsChanged`) I have merged into my own
   * knowledge; -1: merge every seat (a new record, or a thief's swap rewrote my card).
   * Merging a seat whose public facts did not change again changes nothing, since my
   * own knowledge only fills what is unknown (`learn`).
   */
  private mergedAt = -1;
  /** `livingOthers()`, and the record and living count it was made from. */
  private others: readonly number[] = NO_SEATS;
  private othersOf: PublicRecord | null = null;
  private othersLiving = -1;

  /** The card played now (a thief's taken card), and the one dealt. */
  role: Role = 'villager';
  dealt: Role = 'villager';
  /** The current night and day, as this seat has read them. */
  night = 0;
  day = 0;

  /** Certain knowledge, public and private: 1 werewolf, -1 not, 0 unknown. */
  readonly known: Int8Array;
  /** The card of each seat, where known (publicly or privately). */
  readonly roleOf: (Role | null)[];
  readonly deckWolves: number;
  readonly hasThief: boolean;
  /**
   * Some seat's card is known to me as the Pied Piper's (`roleOf`; it stays true if that
   * entry is later replaced). Until then the views skip the Piper's rule, and my view of
   * what the village thinks is every other seat's (view.ts `sharedVillageView`).
   */
  knowsPiper = false;

  // Private knowledge.
  /** Werewolves seen in the pack, ever (wolves only). */
  packmate: Uint8Array;
  packSize = 0;
  /** Living wolves at the last pack waking. */
  pack: readonly number[] = NO_SEATS;
  packSalt = 0;
  lover = -1;
  loverIs: LoverInfo = null;
  /** Seer: my results in order. */
  myResults: readonly SeerResult[] = NO_RESULTS;
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
  charmed: Uint8Array;
  powersLost = false;
  /** The pack's last victim and its night (wolves only); the night the Little Girl was caught. */
  lastPackTarget = -1;
  lastPackNight = 0;
  caughtNight = 0;

  /** `shared`: the game's records, shared with its other heuristic seats; without them the seat keeps its own. */
  constructor(obs: Observation, knobs: Knobs, shared: SharedRecords = new SharedRecords()) {
    this.me = obs.seat;
    this.n = obs.players;
    this.options = obs.options;
    this.deck = obs.deck;
    this.knobs = knobs;
    this.bit = 1 << obs.seat;
    const n = obs.players;
    this.nobody = this.packmate = this.charmed = shared.nobody;
    this.rec = shared.publicRecord(n);
    this.known = new Int8Array(n);
    this.roleOf = noRoles(n);
    const deck = shared.deckCount(obs.deck);
    this.deckWolves = deck.wolves;
    this.hasThief = deck.thief;
  }

  /** The game's scratch arrays, kept with its public record (scratch.ts). */
  get scratch(): Scratch {
    return this.rec.scratch;
  }

  /** The game's public record as this seat reads it (the shared one, or its own after a fork). */
  get record(): PublicRecord {
    return this.rec;
  }

  // The public facts, from the record.
  get alive(): Uint8Array {
    return this.rec.alive;
  }
  get livingCount(): number {
    return this.rec.livingCount;
  }
  /** Certain public knowledge of each seat: 1 werewolf, -1 not, 0 unknown. */
  get pub(): Int8Array {
    return this.rec.known;
  }
  /** Public evidence of being a werewolf, as log-odds added to the prior (evidence.ts). */
  get llr(): number[] {
    return this.rec.llr;
  }
  /** exp(-llr) per seat. */
  get odds(): number[] {
    return this.rec.odds;
  }
  get deadWolves(): number {
    return this.rec.deadWolves;
  }
  /** A hash of the public facts so far, the same for every player (pick.ts `argmaxShared`). */
  get salt(): number {
    return this.rec.salt;
  }
  get sheriff(): number {
    return this.rec.sheriff;
  }
  /** The latest role each seat claimed, and on which day. */
  get claimed(): readonly (Role | null)[] {
    return this.rec.claimed;
  }
  get claimDay(): Int16Array {
    return this.rec.claimDay;
  }
  /** Seats caught lying about their role. */
  get roleLiar(): Uint8Array {
    return this.rec.roleLiar;
  }
  get informed(): readonly InformedClaim[] {
    return this.rec.informed;
  }
  get actions(): readonly ActionClaim[] {
    return this.rec.actions;
  }
  get said(): readonly Said[] {
    return this.rec.said;
  }
  get casts(): readonly Cast[] {
    return this.rec.casts;
  }
  /** Today's announced vote intent of each speaker (-1: none). */
  get intent(): Int16Array {
    return this.rec.intent;
  }
  /** Today's trust claims per target. */
  get trustToday(): number[] {
    return this.rec.trustToday;
  }
  /** Changes whenever a view (view.ts) may change: views of an older version are stale. */
  get version(): number {
    return this.rec.version + this.privateVersion;
  }
  /** Changes whenever a view from public facts only may change. */
  get publicVersion(): number {
    return this.rec.version;
  }
  /** The game's village view for my trust knob, shared with the other seats (view.ts `sharedVillageView`). */
  sharedVillageView(): View {
    return this.rec.villageView(this.knobs.trust);
  }

  /** The game's bystanders' view for my trust knob, shared with the other seats (view.ts `fromBystanderView`). */
  sharedBystanderView(): View {
    return this.rec.bystanderView(this.knobs.trust);
  }

  /**
   * I am a bystander: alive, not publicly known, and I know for certain nothing the
   * public facts do not say but that I am no werewolf; nor anything the views read
   * besides (a pack, the werewolf cards a thief left out, a Piper's card, being the
   * Seer or the Little Girl, whose claims I would believe of myself alone); and no
   * claimant reported me a werewolf. My own view is then the bystanders' shared one
   * with my seat cleared (view.ts `fromBystanderView`).
   */
  bystander(): boolean {
    const me = this.me;
    const pub = this.rec.known;
    const known = this.known;
    if (known[me] !== -1 || pub[me] !== 0 || this.rec.alive[me] === 0) return false;
    if (this.packSize > 0 || this.wolvesOut >= 0 || this.knowsPiper || this.role === 'seer' || this.role === 'little-girl') return false;
    for (let s = 0; s < this.n; s++) if (s !== me && known[s] !== pub[s]) return false;
    for (const c of this.rec.informed) for (const r of c.reports) if (r.target === me && r.wolf) return false;
    return true;
  }

  /** Reads the events added since the last call. */
  update(obs: Observation): void {
    const events = obs.events;
    while (this.cursor < events.length) {
      this.skipApplied(events);
      if (this.cursor < events.length) this.readNew(events);
    }
    // A record ahead of what I have seen (an agent joining late, or fed an earlier
    // observation of the same game) would tell me the future: keep my own from here.
    if (this.rec.events.length !== this.publicSeen) this.fork(events, this.cursor - 1);
    if (this.mergedAt !== this.rec.factsChanged.length) this.merge();
  }

  /**
   * Moves past the public events another seat of this game has applied to the shared
   * record already: most events. They are recognised by identity, without reading the
   * event's fields (an event may have any of thirty shapes, and such reads are slow).
   * Of those, a seat itself reads only the night, the day, and the Elder's lost powers.
   */
  private skipApplied(events: readonly Event[]): void {
    const applied = this.rec.events;
    const types = this.rec.types;
    let i = this.cursor;
    let k = this.publicSeen;
    for (; i < events.length && applied[k] === events[i]; i++, k++) {
      const t = types[k];
      if (t === 'night' || t === 'day' || t === 'powers-lost') this.read(events[i]!);
    }
    this.cursor = i;
    this.publicSeen = k;
  }

  /** Reads the event at the cursor, one the record does not hold: private, or public and new. */
  private readNew(events: readonly Event[]): void {
    const e = events[this.cursor]!;
    // Read once: each read of a field all thirty event shapes have is a generic lookup.
    const vis = e.vis;
    if ((vis & this.bit) === 0)
      throw new ForeignInformationError(
        `seat ${this.me} was given a '${e.type}' event it may not see (visibility ${vis}): an agent reads its own observation only`,
      );
    if (vis === ALL) {
      // A public event no seat has applied yet, or (the record already holds another
      // event at this place) my observation is not the game the record follows.
      const k = this.publicSeen++;
      if (k === this.rec.events.length) this.rec.apply(e);
      else this.fork(events, this.cursor);
    }
    this.read(e);
    this.cursor++;
  }

  /** Continues on a public record of my own, rebuilt from my observation up to `last`. */
  private fork(events: readonly Event[], last: number): void {
    const own = new PublicRecord(this.n);
    for (let i = 0; i <= last; i++) if (events[i]!.vis === ALL) own.apply(events[i]!);
    this.rec = own;
    this.mergedAt = -1;
    this.privateVersion++;
  }

  /** Public knowledge joins mine (a turned-over card is the truth; otherwise what I know privately stands). */
  private merge(): void {
    const changed = this.rec.factsChanged;
    if (this.mergedAt < 0) for (let s = 0; s < this.n; s++) this.mergeSeat(s);
    else for (let i = this.mergedAt; i < changed.length; i++) this.mergeSeat(changed[i]!);
    this.mergedAt = changed.length;
  }

  private mergeSeat(s: number): void {
    const pub = this.rec.known[s]!;
    const role = this.rec.roleOf[s]!;
    const dead = this.rec.alive[s] === 0;
    if (pub !== 0 && (this.known[s] === 0 || dead)) this.known[s] = pub;
    if (role !== null && (this.roleOf[s] === null || dead)) this.setRole(s, role);
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

  /** `xs` without my allies (`xs` itself when it holds none: most players have none). */
  withoutAllies(xs: readonly number[]): readonly number[] {
    // No lover and no pack to play for (most seats): nobody is an ally, no seat need be asked.
    if (this.lover < 0 && (this.packmate === this.nobody || this.role !== 'werewolf')) return xs;
    for (const s of xs) if (this.ally(s)) return xs.filter((x) => !this.ally(x));
    return xs;
  }

  /**
   * The living players other than me, in seat order. Kept until someone dies (it is
   * asked for at every speech): callers must not change it.
   */
  livingOthers(): readonly number[] {
    const rec = this.rec;
    if (this.othersOf !== rec || this.othersLiving !== rec.livingCount) {
      const out: number[] = [];
      for (let s = 0; s < this.n; s++) if (s !== this.me && rec.alive[s] === 1) out.push(s);
      this.others = out;
      this.othersOf = rec;
      this.othersLiving = rec.livingCount;
    }
    return this.others;
  }

  /** Wolves in play, as well as I can tell (a thief's two left-over cards may hold some). */
  wolvesInPlay(priv: boolean): number {
    if (priv && this.packSize > 0) return this.packSize;
    if (priv && this.wolvesOut >= 0) return this.deckWolves - this.wolvesOut;
    if (!this.hasThief) return this.deckWolves;
    return this.deckWolves - (2 * this.deckWolves) / (this.n + 2);
  }

  private setRole(seat: number, role: Role): void {
    this.roleOf[seat] = role;
    if (role === 'piper') this.knowsPiper = true;
  }

  /** Records a certain private fact about a seat. */
  learn(seat: number, wolf: boolean, role: Role | null): void {
    if (this.known[seat] === 0) this.known[seat] = wolf ? 1 : -1;
    if (role !== null && this.roleOf[seat] === null) this.setRole(seat, role);
    this.privateVersion++;
  }

  /** What this seat itself learns from an event (the public record is updated apart). */
  private read(e: Event): void {
    switch (e.type) {
      case 'deal':
        if (e.seat === this.me) {
          this.role = this.dealt = e.role;
          this.learn(this.me, e.role === 'werewolf', e.role);
        }
        return;
      case 'night':
        this.night = e.night;
        return;
      case 'day':
        this.day = e.day;
        return;
      case 'thief-cards':
        this.thiefCards = e.cards;
        return;
      case 'thief-swap':
        this.privateVersion++;
        return this.thiefSwap(e.took);
      case 'lover':
        return this.readLover(e.partner, e.partnerIs);
      case 'guard':
        this.lastGuard = e.target ?? -1;
        this.lastGuardNight = this.night;
        return;
      case 'guard-refused':
        return this.learn(e.target, false, e.role);
      case 'seer': {
        this.myResults = [...this.myResults, { target: e.target, result: e.result }];
        const wolf = e.result === 'werewolf';
        const role = e.result === 'not-werewolf' ? null : e.result;
        return this.learn(e.target, wolf, role);
      }
      case 'pack':
        return this.readPack(e.wolves);
      case 'pack-victim':
        this.lastPackTarget = e.target ?? -1;
        this.lastPackNight = this.night;
        return;
      case 'peek':
        this.peeked = true;
        return this.learnAllWolves(e.wolves);
      case 'caught':
        this.caughtNight = this.night;
        return;
      case 'witch-victim':
        // Under non-wolves the pack's victim cannot be a werewolf.
        if (e.victim !== null && this.options.packTargets === 'non-wolves') this.learn(e.victim, false, null);
        return;
      case 'witch':
        if (e.heal !== null) this.healUsed = true;
        if (e.poison !== null) this.poisonUsed = true;
        return;
      case 'charm':
        for (const t of e.targets) this.ownCharmed()[t] = 1;
        return;
      case 'charmed':
        for (const t of e.charmed) this.ownCharmed()[t] = 1;
        return;
      case 'powers-lost':
        this.powersLost = true;
        return;
      default:
        // Public events (the record has them), and event types added later.
        return;
    }
  }

  private ownCharmed(): Uint8Array {
    if (this.charmed === this.nobody) this.charmed = new Uint8Array(this.n);
    return this.charmed;
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
      this.setRole(this.me, took);
      this.privateVersion++;
      this.mergedAt = -1;
    }
    this.wolvesOut = out;
  }

  private readLover(partner: number, info: LoverInfo): void {
    this.lover = partner;
    this.loverIs = info;
    this.privateVersion++;
    if (info === 'werewolf') this.learn(partner, true, 'werewolf');
    else if (info === 'human') this.learn(partner, false, null);
    else if (info !== null) this.learn(partner, false, info);
  }

  private readPack(wolves: readonly number[]): void {
    this.pack = wolves;
    for (const w of wolves) {
      if (this.packmate[w] === 0) {
        if (this.packmate === this.nobody) this.packmate = new Uint8Array(this.n);
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
    for (const w of wolves) this.learn(w, true, 'werewolf');
    for (let s = 0; s < this.n; s++) if (this.alive[s] === 1 && !wolves.includes(s)) this.learn(s, false, null);
  }
}
