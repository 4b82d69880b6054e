// What the public record says, as the public-facts observer (observer.ts) reads it: the cards
// turned over and when, the deaths by night and by day, the nights and what may have acted
// on them, the moments the game was publicly not over, New Moon's facts (who was away,
// the séance's answers, Miracle's victim, the ghost) — read one public event at a time,
// and nothing else. Each fact read bumps `version`, so a posterior is recomputed only after
// something that can change it.

import {
  ALL,
  isNightCause,
  type Event,
  type EventOf,
  type GameSetup,
  type MoonEvent,
  type Role,
  type RuleOptions,
  type SeanceQuestion,
} from '../../engine/index.js';
import { bit } from './placements.js';

/** What the public knows of one night, read at the dawn after it. */
export interface NightFacts {
  readonly night: number;
  /** The moment of the night's start (see `PublicFacts.moment`): the pack wakes before the witch. */
  readonly moment: number;
  /** Seats alive during the night. */
  readonly living: number;
  /** Seats whose card had turned into a plain villager before the night (Miracle). */
  readonly turned: number;
  /** Seats away during the night (Gone Hunting's men): they neither wake nor can be eaten. */
  readonly away: number;
  /** Seats announced dead at the dawn with the public cause "night". */
  deaths: number;
  /** The pack's victim, when the public knows it (Miracle's, or the séance's ghost); NONE: it killed nobody. */
  known: number;
  /** Public: nobody died of the werewolves this night (Spiritualism's "no ghost yet"). */
  noWolfDeath: boolean;
  /** April Fools' round: powers were swapped at the dawn before, between cards alive then. */
  readonly aprilFools: boolean;
  /** Each seat's living neighbours that night, as a mask (made on first use: the Harvest Festival's reach). */
  near: Int32Array | null;
}

export const UNKNOWN = -1;

export const NONE = -2;

/** A moment at which the game was publicly not over (after a death chain, at a vote). */
export interface Checkpoint {
  readonly moment: number;
  readonly living: number;
  readonly turned: number;
}

/** A séance answer about where the werewolves sit, with the table as it was. */
export interface SeancePredicate {
  readonly moment: number;
  readonly question: SeanceQuestion;
  readonly medium: number;
  readonly about: readonly number[];
  readonly answer: boolean;
  readonly living: number;
  readonly turned: number;
  readonly sheriff: number;
}

/** A card seat turned over, and when. */
export interface Sighting {
  readonly moment: number;
  readonly role: Role;
}

export const POTION_TURNS = "the Harvest witch's potion may turn a card unseen (a turn is weighed by a fixed prior)";

export const CARD_ANSWERS_UNREAD = "the séance's answers about cards are read as telling nothing (the Harvest witch's potion may turn cards)";

export const PIPER_SIDE = 'a "same side?" no is read as "not two werewolves" (either may be the Piper)';

/** Events a death chain emits before victory is checked (engine/flow/deaths.ts). */
function inDeathChain(type: Event['type']): boolean {
  // Compared, not looked up in a Set: a Set's lookup of a string costs a hash, these compare pointers.
  return type === 'death' || type === 'shot' || type === 'powers-lost';
}

/** Spiritualism's void when no ghost can be called (engine/moon/spiritualism.ts): a public fact. */
export const NO_GHOST = 'the werewolves have killed nobody yet';

/** The public facts of one game so far, read event by event (`see`). */
export class PublicFacts {  readonly n: number;
  readonly options: RuleOptions;
  readonly deckCount = new Map<Role, number>();
  readonly thief: boolean;
  readonly cupid: boolean;
  readonly harvest: boolean;
  readonly approximations = new Set<string>();
  /** The set as a list (approximationList). */
  private listed: readonly string[] | null = null;
  /**
   * Public events seen so far: the moment of each fact and card shown. The Harvest
   * witch's potion on a night acts after its pack: facts up to the night's start are read
   * with the card before her turn, later ones with it turned.
   */
  moment = 0;
  /** What the setup alone makes approximate. */
  readonly setupApproximations: string[] = [];

  readonly everyone: number;
  alive: number;
  /** The card each seat was dealt, where public (the dead, an Idiot, a Miracle's victim, a Scapegoat). */
  readonly revealed: (Role | null)[];
  /** Every card each seat has shown, and when: a card the Harvest witch's potion turned shows after the turn. */
  readonly sightings: Sighting[][];
  /** When a Miracle turned each seat into a plain villager (Infinity: never). */
  readonly miracleAt: number[];
  /** 004's Harvest Festival with a witch: her potion may turn a card into a werewolf's or a villager's, unseen. */
  readonly potionTurns: boolean;
  /** The night (= day) of each seat's death: it was at the table for nights up to it. */
  readonly lastNight: number[];
  /** Revealed seats whose card is a werewolf's. */
  revealedWolves = 0;
  turned = 0;
  day = 0;
  sheriff = -1;
  male: readonly boolean[] | null = null;
  /** The seats whose `male` is true, as a mask (0 while `male` is null). */
  maleMask = 0;
  awayToday = 0;
  goneHunting = false;
  /** Today's New Moon card. */
  card: MoonEvent | null = null;
  powersLostDay = Infinity;
  deathsPending = false;

  // New lists at each reset (a game always grows the first two).
  nights: NightFacts[] = [];
  checkpoints: Checkpoint[] = [];
  predicates: SeancePredicate[] = [];
  /** Séance facts about plain villagers and the witch: constraints on the other cards' deal. */
  mustVillager = 0;
  mustNotVillager = 0;
  /** Seats (bits; the thief's spare cards are bits n and n+1) where the witch's card may lie; -1: anywhere. */
  witchAllowed = -1;
  /** A public fact that no placement can explain (a bug in the observer if it ever happens). */
  contradiction: string | null = null;

  version = 0;

  constructor(setup: Pick<GameSetup, 'players' | 'deck' | 'options'>) {
    this.n = setup.players;
    this.options = setup.options;
    for (const r of setup.deck) this.deckCount.set(r, (this.deckCount.get(r) ?? 0) + 1);
    this.thief = this.deckCount.has('thief');
    this.cupid = this.deckCount.has('cupid');
    this.harvest = setup.options.harvestFestival;
    this.everyone = this.n >= 31 ? -1 : (1 << this.n) - 1;
    this.alive = this.everyone;
    this.revealed = new Array<Role | null>(this.n).fill(null);
    this.lastNight = new Array<number>(this.n).fill(Infinity);
    this.sightings = Array.from({ length: this.n }, () => []);
    this.miracleAt = new Array<number>(this.n).fill(Infinity);
    this.potionTurns = this.harvest && this.deckCount.has('witch');
    if (this.thief) this.setupApproximations.push("a Thief's exchange is unseen");
    if (this.cupid) this.setupApproximations.push('the lovers are unknown');
    if (this.deckCount.has('piper')) this.setupApproximations.push("the Piper's charms are unseen");
    if (this.potionTurns) this.setupApproximations.push(POTION_TURNS);
    for (const a of this.setupApproximations) this.approximations.add(a);
  }

  /** Back to the start of a game of the same setup (an observer serves game after game). */
  reset(): void {
    this.alive = this.everyone;
    // Loops, and lengths set only where a game grew them: an observer serves thousands of
    // games a second, and for a dozen seats the builtins' calls cost more than the stores.
    for (let s = 0; s < this.n; s++) {
      this.revealed[s] = null;
      this.lastNight[s] = Infinity;
      this.miracleAt[s] = Infinity;
      // A new list, not the old one cut (setting an array's length is a slow builtin).
      if (this.sightings[s]!.length !== 0) this.sightings[s] = [];
    }
    this.revealedWolves = 0;
    this.turned = 0;
    this.moment = 0;
    this.day = 0;
    this.sheriff = -1;
    this.male = null;
    this.maleMask = 0;
    this.awayToday = 0;
    this.goneHunting = false;
    this.card = null;
    this.powersLostDay = Infinity;
    this.deathsPending = false;
    this.nights = [];
    this.checkpoints = [];
    if (this.predicates.length !== 0) this.predicates = [];
    this.mustVillager = 0;
    this.mustNotVillager = 0;
    this.witchAllowed = -1;
    this.contradiction = null;
    // The set only grows from the setup's: at that size it holds them still.
    if (this.approximations.size !== this.setupApproximations.length) {
      this.approximations.clear();
      for (const a of this.setupApproximations) this.approximations.add(a);
      this.listed = null;
    }
    this.version++;
  }

  /** `approximations` as a list, made again only when the set has grown (it only grows within a game). */
  approximationList(): readonly string[] {
    if (this.listed === null || this.listed.length !== this.approximations.size) this.listed = Object.freeze([...this.approximations]);
    return this.listed;
  }

  /** Reads one public event (in log order). A non-public event is a caller's bug. */
  see(e: Event): void {
    if (e.vis !== ALL) throw new Error(`the public-facts observer was given a '${e.type}' event that is not public`);
    this.seePublic(e, e.type);
  }

  /**
   * Reads one public event whose type and audience the caller has read (the behaviour
   * counter: metrics/tally.ts). Events come in some thirty shapes, so each read of a field
   * they all share is a lookup in the optimiser's generic cache, not a load: the counter's
   * two and this one's two were four such lookups a public event. Each case names the
   * event's shape for the compiler (`ev`), which cannot narrow `e` by a type read elsewhere.
   */
  seePublic(e: Event, type: Event['type']): void {
    this.moment++;
    if (this.deathsPending && !inDeathChain(type)) {
      // The death chain is over (victory is checked then): if the game went on, it was not over.
      // Under victoryAt=each-death it was checked at each death too; the state after the
      // last one is this one, and a checkpoint inside the chain (before a shot) would say
      // nothing this one does not, but for wolvesWin=parity, which no document uses.
      if (type !== 'end') this.checkpoint();
      this.deathsPending = false;
    }
    switch (type) {
      case 'night': {
        const ev = e as EventOf<'night'>;
        this.nights.push({
          night: ev.night,
          moment: this.moment,
          living: this.alive,
          turned: this.turned,
          away: this.goneHunting ? this.awayToday & this.alive : 0,
          deaths: 0,
          known: UNKNOWN,
          noWolfDeath: false,
          aprilFools: this.card === 'april-fools',
          near: null,
        });
        this.version++;
        return;
      }
      case 'day': {
        const ev = e as EventOf<'day'>;
        // nightCausePublic (000): a dawn that names no victim of the pack says it killed nobody.
        const last = this.nights[this.nights.length - 1];
        if (this.options.nightCausePublic && last !== undefined && last.known === UNKNOWN) {
          last.known = NONE;
          this.version++;
        }
        this.day = ev.day;
        this.awayToday = 0;
        this.goneHunting = false;
        this.card = null;
        return;
      }
      case 'moon': {
        const ev = e as EventOf<'moon'>;
        this.card = ev.event;
        return;
      }
      case 'attributes': {
        const ev = e as EventOf<'attributes'>;
        this.male = ev.male;
        this.maleMask = 0;
        for (let s = 0; s < this.n; s++) if (ev.male[s] === true) this.maleMask |= bit(s);
        return;
      }
      case 'away': {
        const ev = e as EventOf<'away'>;
        this.awayToday = 0;
        for (const s of ev.seats) this.awayToday |= bit(s);
        this.goneHunting = ev.event === 'gone-hunting';
        return;
      }
      case 'death': {
        const ev = e as EventOf<'death'>;
        this.die(ev.seat, ev.role, isNightCause(ev.cause));
        // nightCausePublic (000): the dawn names the pack's victim.
        if (ev.cause === 'wolves') this.packVictim(ev.seat);
        return;
      }
      case 'miracle': {
        const ev = e as EventOf<'miracle'>;
        // The pack's victim, turned over, lives on as a plain villager.
        this.reveal(ev.seat, ev.role);
        this.turned |= bit(ev.seat);
        this.miracleAt[ev.seat] = this.moment;
        const last = this.nights[this.nights.length - 1];
        if (last !== undefined) last.known = ev.seat;
        this.version++;
        return;
      }
      case 'moon-void': {
        const ev = e as EventOf<'moon-void'>;
        this.moonVoid(ev.event, ev.reason);
        return;
      }
      case 'idiot-revealed': {
        const ev = e as EventOf<'idiot-revealed'>;
        this.reveal(ev.seat, 'idiot');
        return;
      }
      case 'sacrifice': {
        const ev = e as EventOf<'sacrifice'>;
        this.reveal(ev.scapegoat, 'scapegoat');
        return;
      }
      case 'verdict': {
        const ev = e as EventOf<'verdict'>;
        // A tie kills the Scapegoat himself (in the Harvest Festival, a neighbour of his: the
        // `sacrifice` vote names him, when there is one).
        if (ev.reason === 'scapegoat' && ev.target !== null && !this.harvest) this.reveal(ev.target, 'scapegoat');
        return;
      }
      case 'sheriff': {
        const ev = e as EventOf<'sheriff'>;
        this.sheriff = ev.seat;
        return;
      }
      case 'no-successor':
        this.sheriff = -1;
        return;
      case 'powers-lost':
        // Public only when the Elder died by day: the village's powers are gone from the next night.
        this.powersLostDay = Math.min(this.powersLostDay, this.day);
        this.version++;
        return;
      case 'seance': {
        const ev = e as EventOf<'seance'>;
        this.seance(ev.medium, ev.ghost, ev.question, ev.about, ev.answer);
        return;
      }
      case 'votes':
        this.checkpoint();
        return;
      default:
        return;
    }
  }

  /** The game went on: it was not over now. A fact like any other (a posterior made before it is out of date). */
  private checkpoint(): void {
    this.checkpoints.push({ moment: this.moment, living: this.alive, turned: this.turned });
    this.version++;
  }

  /** A seat's card turned over (at a death, a Miracle, an Idiot's or a Scapegoat's reveal). */
  private reveal(seat: number, role: Role): void {
    this.sightings[seat]!.push({ moment: this.moment, role });
    if (this.revealed[seat] !== null) return;
    this.revealed[seat] = role;
    if (role === 'werewolf') this.revealedWolves |= bit(seat);
    this.version++;
  }

  private die(seat: number, role: Role, atNight: boolean): void {
    // A Miracle's victim dying later shows the villager card she now holds: her dealt card is known already.
    this.reveal(seat, role);
    this.alive &= ~bit(seat);
    this.lastNight[seat] = this.day;
    if (atNight) {
      const last = this.nights[this.nights.length - 1];
      if (last !== undefined) last.deaths |= bit(seat);
    }
    this.deathsPending = true;
    this.version++;
  }

  /** The pack's victim of the last night, announced as such (nightCausePublic). */
  private packVictim(seat: number): void {
    const last = this.nights[this.nights.length - 1];
    if (last === undefined) return;
    // A second victim named for one night would be a new rule: know nothing rather than one.
    last.known = last.known === NONE || last.known === seat ? seat : UNKNOWN;
    this.version++;
  }

  private moonVoid(event: string, reason: string): void {
    // Miracle with no victim: the pack's kill did not land last night.
    if (event === 'miracle') {
      const last = this.nights[this.nights.length - 1];
      if (last !== undefined) last.known = NONE;
      this.version++;
    }
    // Spiritualism with no ghost: nobody has died of the werewolves yet.
    if (event === 'spiritualism' && reason.startsWith(NO_GHOST)) {
      for (const nf of this.nights) nf.noWolfDeath = true;
      this.version++;
    }
  }

  private seance(medium: number, ghost: number, question: SeanceQuestion, about: readonly number[], answer: boolean): void {
    this.version++;
    // The ghost is the first player the werewolves killed: his night's kill was him, none before.
    const died = this.lastNight[ghost]!;
    for (const nf of this.nights) {
      if (nf.night < died) nf.noWolfDeath = true;
      else if (nf.night === died && (nf.deaths & bit(ghost)) !== 0) nf.known = ghost;
    }
    switch (question) {
      case 'seer-found-wolf':
        this.approximations.add("the séance's question about the Seer is read as telling nothing");
        return;
      case 'am-i-villager':
        return this.villagerFact(medium, answer);
      case 'is-villager':
        return this.villagerFact(about[0]!, answer);
      case 'sheriff-is-villager':
        if (this.sheriff < 0) return this.check(!answer, 'a sheriff-is-villager yes without a sheriff');
        return this.villagerFact(this.sheriff, answer);
      case 'witch-is-man':
        return this.witchFact(answer);
      case 'same-side':
        if (this.deckCount.has('piper') && !answer) this.approximations.add(PIPER_SIDE);
        break;
      default:
        break;
    }
    this.predicates.push({ moment: this.moment, question, medium, about, answer, living: this.alive, turned: this.turned, sheriff: this.sheriff });
  }

  private check(ok: boolean, what: string): void {
    if (!ok && this.contradiction === null) this.contradiction = what;
  }

  /** "Is seat s a plain villager?" answered: his card (he is alive: no Miracle turned it, or it is public). */
  private villagerFact(seat: number, yes: boolean): void {
    if (this.potionTurns) return void this.approximations.add(CARD_ANSWERS_UNREAD);
    const known = this.revealed[seat];
    if (known !== null && known !== undefined) {
      const villagerNow = (this.turned & bit(seat)) !== 0 || known === 'villager';
      return this.check(villagerNow === yes, `a séance answer about seat ${seat}'s card contradicts it`);
    }
    if (yes) this.mustVillager |= bit(seat);
    else this.mustNotVillager |= bit(seat);
  }

  private witchFact(man: boolean): void {
    // The potion may have turned the witch's own card (or a card into a plain villager's): read as telling nothing.
    if (this.potionTurns) return void this.approximations.add(CARD_ANSWERS_UNREAD);
    if ((this.deckCount.get('witch') ?? 0) === 0) return this.check(!man, 'a witch-is-man yes without a witch');
    const at = this.revealed.indexOf('witch');
    const male = this.male;
    if (male === null) return this.check(false, 'a witch-is-man answer without the players\' sexes');
    // A Miracle's victim holds a plain villager's card since: nobody holds the witch's then ("no").
    if (at >= 0) return this.check(((this.turned & bit(at)) === 0 && male[at] === true) === man, "a witch-is-man answer contradicts the witch's card");
    let allowed = 0;
    for (let s = 0; s < this.n; s++) if (male[s] === man) allowed |= bit(s);
    // With a thief the witch's card may lie among the spare cards: then nobody holds it ("no").
    if (this.thief && !man) allowed |= bit(this.n) | bit(this.n + 1);
    this.witchAllowed &= allowed;
  }

  /** The seats whose revealed card is `role`, as a mask. */
  revealedAs(role: Role): number {
    let m = 0;
    for (let s = 0; s < this.n; s++) if (this.revealed[s] === role) m |= bit(s);
    return m;
  }
}
