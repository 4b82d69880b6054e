// The public-facts observer: at any point of a game, the exact probability that each player is
// a werewolf given the public facts only — a uniform prior over the deals consistent with
// the deck, the setup and the rule options, and with everything announced to all: the
// deaths and the cards they turned over, an Idiot's or a Scapegoat's card, whom the pack
// could have killed under `packTargets` (004's Harvest Festival: only a neighbour of a
// waking werewolf), the nights nobody died, the game not being over yet, and New Moon's
// public facts (who is away, the séance's questions and true answers, Miracle's victim,
// the ghost as the pack's first victim). Votes, speeches and claims are not evidence for
// it: reading them is the players' job, and the observer is the baseline they must beat.
//
// It is fed the log's public events (`vis === ALL`) and nothing else: `publicEvents` is
// the only door, so no hidden fact can reach it.
//
// How: the cards of the dead and of revealed living players are known; the werewolf
// cards not yet accounted for lie among the other seats. Every placement of them (at most
// C(17,4) = 2,380 for 004's largest table) is checked against the public facts that
// depend on where the werewolves sit, and weighted by the number of ways to deal the
// other cards consistently (a séance's "is he a plain villager?" or "is the witch a
// man?" constrain those). Without such facts every placement is as likely as any other
// and the posterior is the werewolves left over the unknown seats, in closed form.
//
// Where it is approximate (listed in `Posterior.approximations`, and in docs/metrics.md),
// it knows less, never more — it keeps worlds the exact observer would drop: a Thief in
// the deck (his exchange with the two cards left over is treated as not having happened:
// the placements are of the cards as dealt, over the seats and the two spare cards);
// Cupid (the lovers are unknown: their win is ignored, up to one werewolf — two in the
// Harvest Festival — may be a lover across the teams, left out of the pack when the
// game's end is checked, and under 001's immunity any one of a lone werewolf's targets
// may be his lover); the Pied Piper (his win by charms is ignored; a séance's "same
// side?" no says only "not two werewolves"); the Harvest Festival's witch (her potion may
// turn one card, unseen, into a werewolf's or a plain villager's, 004: every world with
// such a turn is kept, weighed by a fixed prior — `computeTurned` — and the séance's
// answers about cards are read as telling nothing); the séance's "has the Seer found a
// werewolf?" (read as telling nothing); more placements than `limit` (then the closed
// form is used). It never rules out a world for want of a potion or a life: a lone
// werewolf's failed kill is taken as explained if a Guard, a Witch or an Elder could be
// alive to explain it (the exact observer would also count the Witch's heal already
// spent; that case is flagged).

import { ALL, type Event, type GameSetup, type Role } from '../../engine/index.js';
import { PublicFacts, UNKNOWN, type Checkpoint, type NightFacts, type SeancePredicate } from './facts.js';
import { flipsPassing, PlacementWalk } from './neighbours.js';
import { seanceHolds } from './seance.js';
import { binomial, bit, DoublesSlab, forEachPlacement, neighbourMasks, popcount, positionsOf } from './placements.js';
import { FAILS, HOLDS, HOLDS_IF_UNSPENT, lastFailure, NEVER, VerdictMemo, type CountFact, type FactAnswer, type TimedFact } from './verdicts.js';

export { popcount } from './placements.js';

export interface Posterior {
  /** Per seat, the probability that it is a werewolf now (seats whose card is known: 0 or 1). */
  readonly p: Float64Array;
  /** True when no approximation was needed (see the file's header). */
  readonly exact: boolean;
  /** Why it is approximate: short phrases, empty when exact. */
  readonly approximations: readonly string[];
  /** Placements of the werewolf cards enumerated (0: the closed form, every placement alike). */
  readonly placements: number;
}

/** A log's public events, the observer's only input. */
export function publicEvents(log: readonly Event[]): Event[] {
  return log.filter((e) => e.vis === ALL);
}

/** Placements enumerated at most; beyond, the closed form (flagged approximate). */
export const DEFAULT_PLACEMENT_LIMIT = 200_000;

export interface ObserverOptions {
  readonly limit?: number;
}

/** What may have acted on a night, as far as the public knows. */
interface NightPowers {
  /** A witch may have poisoned someone. */
  readonly poison: boolean;
  /** A guard may have died of a second night's protection (guardRepeat=lethal). */
  readonly lethalGuard: boolean;
  /** Someone may have stopped a certain kill (guard, witch's heal, the Elder's second life). */
  readonly saver: boolean;
  /** ... but only the witch's heal or the Elder's life, which may have been spent (flagged). */
  readonly saverSpendable: boolean;
}

const SPENT_SAVER = "a lone werewolf's failed kill is explained by a heal or a life that may have been spent";

/** One kind of world under the Harvest witch's potion (IdealObserver.computeTurned). */
interface TurnWorld {
  /** The turned seat, his card shown. */
  readonly x: number;
  /** The dealt werewolf cards already placed (the seats whose cards were shown, x's as the world says). */
  readonly fixed: number;
  /** The positions the other werewolf cards may lie at. */
  readonly free: number;
  /** Turned into a werewolf (else a werewolf turned into a plain villager). */
  readonly toWolf: boolean;
  /** The turn came before a Miracle that turned x into a plain villager (or there was none). */
  readonly regimeA: boolean;
  /** The moments of the nights the turn may have happened on. */
  readonly nights: readonly number[];
}

interface PlacementContext {
  /** Positions a werewolf card may hold: unrevealed seats (and, with a thief, the two spare cards). */
  readonly positions: number;
  /** Werewolf cards among the positions. */
  readonly k: number;
  readonly villagers: number;
  readonly witchUnseen: boolean;
  /** Each night's test (nightTestOf). */
  readonly nightTests: readonly ((wolves: number) => FactAnswer)[];
}

export class IdealObserver {
  /** The public facts read so far (facts.ts). */
  private readonly f: PublicFacts;
  private readonly limit: number;
  private cachedVersion = -1;
  private cached: Posterior | null = null;
  /** The facts' verdicts on sets of werewolves, kept from one posterior to the next (made on first use: computeTurned). */
  private memo: VerdictMemo | null = null;
  /** The placements' walk with their neighbours' verdicts (made on first use: computeTurned). */
  private walk: PlacementWalk | null = null;
  /** The posteriors' per-seat numbers (placements.ts: cut from a buffer, not made outside the heap one by one). */
  private readonly doubles = new DoublesSlab();
  private readonly facts = new FactCache();

  constructor(setup: Pick<GameSetup, 'players' | 'deck' | 'options'>, opts: ObserverOptions = {}) {
    this.f = new PublicFacts(setup);
    this.limit = opts.limit ?? DEFAULT_PLACEMENT_LIMIT;
  }

  /** Back to the start of a game of the same setup (an observer serves game after game). */
  reset(): void {
    this.f.reset();
    this.cached = null;
  }

  /** Reads one public event (in log order). A non-public event is a caller's bug. */
  see(e: Event): void {
    this.f.see(e);
  }

  /** Reads one public event the caller has checked public, `type` its type as read (facts.ts `seePublic`). */
  seePublic(e: Event, type: Event['type']): void {
    this.f.seePublic(e, type);
  }

  /** The posterior now (recomputed only after a public fact that can change it). */
  posterior(): Posterior {
    if (this.cached !== null && this.cachedVersion === this.f.version) return this.cached;
    this.cached = this.compute();
    this.cachedVersion = this.f.version;
    return this.cached;
  }

  /**
   * The weight of one placement of the werewolf cards (a mask over the seats, with the
   * thief's spare cards at bits n and n+1): the deals of the other cards consistent with
   * the public facts (0: inconsistent). For tests: the true placement must never weigh 0.
   */
  weightOf(wolves: number): number {
    const ctx = this.context();
    if (ctx === null) return 0;
    const unknown = wolves & ctx.positions;
    if ((wolves & ~ctx.positions) !== this.f.revealedWolves || popcount(unknown) !== ctx.k) return 0;
    return this.weigh(unknown, ctx);
  }

  private seatMask(): number {
    return this.f.n >= 31 ? -1 : (1 << this.f.n) - 1;
  }

  /** What every placement shares: the unknown positions, the werewolves among them, the nights' powers. */
  private context(): PlacementContext | null {
    let positions = this.f.thief ? bit(this.f.n) | bit(this.f.n + 1) : 0;
    for (let s = 0; s < this.f.n; s++) if (this.f.revealed[s] === null) positions |= bit(s);
    // The cards not yet seen: the deck minus the revealed ones.
    const unseen = new Map(this.f.deckCount);
    for (const r of this.f.revealed) if (r !== null) unseen.set(r, (unseen.get(r) ?? 0) - 1);
    const k = unseen.get('werewolf') ?? 0;
    const villagers = unseen.get('villager') ?? 0;
    for (const c of unseen.values()) if (c < 0) return null;
    if (k > popcount(positions)) return null;
    const nightTests = this.f.nights.map((nf) => this.nightTestOf(nf, this.powersOf(nf)));
    return { positions, k, villagers, witchUnseen: (unseen.get('witch') ?? 0) > 0, nightTests };
  }

  /** Whether a card could be at the table on a night: unseen (so held by a living seat), or seen on a seat alive then. */
  private cardAt(role: Role, night: number): boolean {
    const total = this.f.deckCount.get(role) ?? 0;
    if (total === 0) return false;
    let seen = 0;
    for (let s = 0; s < this.f.n; s++) {
      if (this.f.revealed[s] !== role) continue;
      seen++;
      if (this.f.lastNight[s]! >= night) return true;
    }
    return seen < total;
  }

  private powersOf(nf: NightFacts): NightPowers {
    // April Fools: a power swapped at the dawn stays with its new holder through the night, its card dead or not.
    const at = nf.aprilFools ? nf.night - 1 : nf.night;
    const powered = nf.night <= this.f.powersLostDay;
    const witch = powered && this.cardAt('witch', at);
    const guard = powered && this.cardAt('guard', at);
    const elder = this.cardAt('elder', at);
    return {
      poison: witch,
      lethalGuard: guard && this.f.options.guardRepeat === 'lethal',
      saver: witch || guard || elder,
      saverSpendable: !guard && (witch || elder),
    };
  }

  private compute(): Posterior {
    const p = this.doubles.take(this.f.n);
    const fixedWolves = this.f.revealedWolves & ~this.f.turned;
    for (let s = 0; s < this.f.n; s++) if ((fixedWolves & bit(s)) !== 0) p[s] = 1;
    if (!this.dependsOnPlacement() && this.f.contradiction === null) return this.closedForm(p);
    const approximations = new Set(this.f.approximations);
    if (this.f.potionTurns && this.f.contradiction === null) {
      const powers = this.f.nights.map((nf) => this.powersOf(nf));
      if (powers.some((pw) => pw.poison)) return this.computeTurned(powers, approximations);
    }
    const ctx = this.context();
    if (ctx === null || this.f.contradiction !== null) {
      approximations.add(`the public facts contradict each other (${this.f.contradiction ?? 'more cards seen than dealt'})`);
      return this.knowNothing(approximations);
    }
    const seats = positionsOf(ctx.positions);
    const count = binomial(seats.length, ctx.k);
    if (count > this.limit) {
      approximations.add(`more than ${this.limit} placements of the werewolves: the public facts that depend on them are ignored`);
      return this.uniform(p, ctx, approximations);
    }
    const mass = this.doubles.take(this.f.n);
    let total = 0;
    let spendable = false;
    forEachPlacement(seats, ctx.k, (w) => {
      const weight = this.weigh(w, ctx);
      if (weight === 0) return;
      if (this.lastWeighSpendable) spendable = true;
      total += weight;
      for (let s = 0; s < this.f.n; s++) if ((w & bit(s)) !== 0) mass[s]! += weight;
    });
    if (total === 0) {
      approximations.add('the public facts contradict each other (no placement explains them)');
      return this.knowNothing(approximations);
    }
    if (spendable) approximations.add(SPENT_SAVER);
    for (let s = 0; s < this.f.n; s++) if ((ctx.positions & bit(s)) !== 0) p[s] = mass[s]! / total;
    return { p, exact: approximations.size === 0, approximations: [...approximations], placements: count };
  }

  /**
   * The posterior when the Harvest witch's potion may have turned a card (POTION_TURNS). A
   * world is a placement of the werewolf cards as dealt (over the seats, and a thief's two
   * spare cards) with either no turn, or one seat x turned — a non-werewolf into a
   * werewolf, or a werewolf into a plain villager — on a night t when a witch could act
   * and x was alive. The facts up to night t's pack hold for the cards as dealt, the later
   * ones for x turned (he wakes with the pack from night t + 1, the game's end counts him),
   * and every card a seat turned over is its card at that moment. A world with a turn
   * weighs 1/(4 × players) of one without: the box's turning face (1 in 4) on a target
   * among the seats. The night of the turn is not weighed: any night that explains the
   * facts will do. Cards shown, not counted: a turned card makes one more werewolf or
   * villager card than the deck holds.
   */
  private computeTurned(powers: readonly NightPowers[], approximations: Set<string>): Posterior {
    const n = this.f.n;
    const seats = this.seatMask();
    const facts = this.timedFacts(powers);
    let positions = this.f.thief ? bit(n) | bit(n + 1) : 0;
    for (let s = 0; s < n; s++) if (this.f.revealed[s] === null) positions |= bit(s);
    const deckWolves = this.f.deckCount.get('werewolf') ?? 0;
    // A seat whose shown cards no world without a turn explains must be the turned one.
    let changed = 0;
    for (let s = 0; s < n; s++) if (!this.sightingsAgree(s)) changed |= bit(s);
    if (popcount(changed) > 1) {
      approximations.add('the public facts contradict each other (two cards changed)');
      return this.knowNothing(approximations);
    }
    // Turns of a seat whose card is unknown: the nights he was alive and a witch could act
    // (in the order of the game; one list shared by the seats with the same nights).
    // A list is known by the nights it holds: their places in the game's list, as a mask
    // while there are at most 31 nights (text beyond).
    const unknownTurns: number[][] = [];
    const lists = new Map<number | string, number[]>();
    const masks = this.f.nights.length <= 31;
    const nightList = this.f.nights;
    let unknown = 0;
    for (let x = 0; x < n; x++) {
      let nights: number[] = [];
      let mask = 0;
      if (changed === 0 && (positions & bit(x)) !== 0)
        for (let i = 0; i < nightList.length; i++) {
          const nf = nightList[i]!;
          if (powers[i]!.poison && (nf.living & bit(x)) !== 0) {
            nights.push(nf.moment);
            mask |= 1 << i;
          }
        }
      const key = masks ? mask : nights.join();
      const kept = lists.get(key);
      if (kept === undefined) lists.set(key, nights);
      else nights = kept;
      unknownTurns.push(nights);
      if (nights.length > 0) unknown |= bit(x);
    }
    // Turns of a seat whose card was shown (dead, an Idiot, a Scapegoat, a Miracle's victim).
    const shown: TurnWorld[] = [];
    for (let x = 0; x < n; x++)
      if (this.f.revealed[x] !== null && (changed === 0 || changed === bit(x))) {
        this.turnsOf(x, true, positions, powers, shown);
        this.turnsOf(x, false, positions, powers, shown);
      }
    const free = popcount(positions);
    const k = deckWolves - popcount(this.f.revealedWolves);
    let count = binomial(free, k) * (1 + popcount(unknown));
    for (const w of shown) count += binomial(free, deckWolves - popcount(w.fixed));
    if (count > this.limit) {
      approximations.add(`more than ${this.limit} placements of the werewolves: the public facts that depend on them are ignored`);
      return this.knowNothing(approximations);
    }
    // The facts' verdict on a set of werewolves (verdicts.ts): the moment of the first fact it
    // fails (the cards as dealt must pass every fact up to the turn) or of the last one (the
    // turned cards must pass every fact after it), times 2, plus 1 if a spent heal was needed.
    const memo = (this.memo ??= new VerdictMemo(n));
    memo.align(facts);
    const mass = this.doubles.take(n);
    // The weights' sum in an array's cell, not a variable the closures below share: a shared
    // float is boxed anew at every addition.
    const sum = new Float64Array(1);
    let spendable = false;
    // The weights in whole numbers (a world with no turn 4 × players, one with a turn 1):
    // their sums are exact, the same in any order, so a placement's turns are added at once.
    const noTurn = 4 * n;
    const add = (now: number, weight: number, spent: boolean) => {
      if (spent) spendable = true;
      sum[0]! += weight;
      for (let m = now; m !== 0; m &= m - 1) mass[31 - Math.clz32(m & -m)]! += weight;
    };
    /** The turn (to `after`, the werewolves then) fits a night the dealt cards explain until, and the turned ones from. */
    const turnFits = (before: number, after: number, nights: readonly number[]): boolean => {
      const beforeFail = before >> 1;
      const afterFail = after >> 1;
      for (const e of nights) if (afterFail <= e && e < beforeFail) return true;
      return false;
    };
    // The werewolf cards as dealt beside the cards shown: no turn, or the turn of a seat whose
    // card is unknown. The seats with the same nights turn alike (turnFits, with the latest of
    // those nights the dealt cards explain found once: the turned cards fit if they explain
    // the facts from it on); the placements are walked with their neighbours ranked
    // (neighbours.ts). Each turn's werewolves are the dealt ones with x's card flipped: every
    // dealt werewolf but a turned one is a werewolf in each world of the placement, a turned
    // seat in his world only if dealt none.
    // A turn on a night after which every fact is a count (the game not over at the
    // checkpoints since) is read from the counts for all the group's seats at once
    // (flipsPassing), without the neighbours' verdicts. Its world then needs a spent heal
    // only if the dealt cards did by that night: the facts after it spend nothing.
    let lastUncounted = -Infinity;
    for (const f of facts) if (f.count === undefined) lastUncounted = Math.max(lastUncounted, f.moment);
    const countsAfter = (night: number): CountFact[] | undefined => {
      if (night < lastUncounted) return undefined;
      const counts: CountFact[] = [];
      for (const f of facts) if (f.moment > night) counts.push(f.count!);
      return counts;
    };
    /** The seats with the same nights, and for each night the facts after it when all are counts. */
    const groups: { readonly nights: readonly number[]; seats: number; readonly countsAfter: readonly (CountFact[] | undefined)[] }[] = [];
    for (let m = unknown; m !== 0; m &= m - 1) {
      const x = 31 - Math.clz32(m & -m);
      const nights = unknownTurns[x]!;
      const g = groups.find((h) => h.nights === nights);
      if (g === undefined) groups.push({ nights, seats: bit(x), countsAfter: nights.map(countsAfter) });
      else g.seats |= bit(x);
    }
    const walk = (this.walk ??= new PlacementWalk());
    const turned = this.f.turned;
    // The placements' weights summed here, the seats' in `mass` (whole numbers: exact in any order).
    let walked = 0;
    // A world whose turn flips seat x makes him a werewolf if he was dealt none, and none if
    // he was dealt one: each flip adds 1 to x's mass, and takes 2 off a dealt werewolf's (whose
    // mass counts every world of the placement). The flipped seats are added in runs of the
    // same mask: consecutive placements mostly flip the same seats (a turn moves a
    // checkpoint's count alike wherever the dealt werewolves sit among the living).
    let runMask = 0;
    let runLength = 0;
    if (walk.start(positionsOf(positions), k))
      do {
        const dealt = (this.f.revealedWolves | walk.mask) & seats;
        const before = memo.first(dealt);
        // The world without a turn, then one per seat whose card the turn flips: the dealt
        // werewolves but a turned one are werewolves in each.
        let weight = 0;
        if (changed === 0 && before >= 2 * NEVER) {
          weight = noTurn;
          if ((before & 1) !== 0) spendable = true;
        }
        let flips = 0;
        for (const g of groups) {
          // The latest of the nights the dealt cards explain (the last, unless they fail a fact before it).
          const nights = g.nights;
          let i = nights.length - 1;
          while (i >= 0 && nights[i]! >= before >> 1) i--;
          if (i < 0) continue; // the dealt cards fail a fact by the first night they could be turned
          const counts = g.countsAfter[i];
          if (counts !== undefined) {
            flips |= flipsPassing(g.seats, dealt, counts);
            continue;
          }
          flips |= walk.turnsWithin(g.seats, nights[i]!, dealt, memo);
          if (walk.spent) spendable = true;
        }
        const flipped = flips & ~turned;
        if (flips !== 0) {
          if ((before & 1) !== 0) spendable = true;
          weight += popcount(flips);
          if (flipped !== runMask) {
            for (let m = runMask; m !== 0; m &= m - 1) mass[31 - Math.clz32(m & -m)]! += runLength;
            runMask = flipped;
            runLength = 0;
          }
          runLength++;
        }
        if (weight === 0) continue;
        walked += weight;
        for (let m = dealt & ~turned; m !== 0; m &= m - 1) {
          const s = 31 - Math.clz32(m & -m);
          mass[s]! += weight - 2 * ((flipped >>> s) & 1);
        }
      } while (walk.next());
    for (let m = runMask; m !== 0; m &= m - 1) mass[31 - Math.clz32(m & -m)]! += runLength;
    sum[0]! += walked;
    // The turn of a seat whose card was shown: his dealt card set by the world. The worlds in
    // which the potion turned his dealt werewolf card into a villager's before any Miracle (a
    // dead villager may have been dealt a werewolf: the commonest) leave the placement's
    // werewolves whoever he is: the seats with the same other cards are read together, each
    // placement's turned cards asked of the memo once and its worlds added at once.
    const intoVillager = new Map<number, TurnWorld[]>();
    for (const world of shown) {
      if (!world.regimeA || world.toWolf) continue;
      const others = world.fixed & ~bit(world.x);
      const worlds = intoVillager.get(others);
      if (worlds === undefined) intoVillager.set(others, [world]);
      else worlds.push(world);
    }
    for (const [others, worlds] of intoVillager) {
      forEachPlacement(positionsOf(worlds[0]!.free), deckWolves - popcount(others) - 1, (w) => {
        const afterTurn = (others | w) & seats;
        const after = memo.last(afterTurn);
        let fits = 0;
        let spent = false;
        for (const world of worlds) {
          const last = world.nights[world.nights.length - 1]!;
          if (after >> 1 > last) continue; // the turned cards fail a fact after his last night
          const before = memo.first((world.fixed | w) & seats, last);
          if (!turnFits(before, after, world.nights)) continue;
          fits++;
          if (((before | after) & 1) !== 0) spent = true;
        }
        if (fits > 0) add(afterTurn & ~this.f.turned, fits, spent);
      });
    }
    for (const world of shown) {
      if (world.regimeA && !world.toWolf) continue;
      const xb = bit(world.x);
      forEachPlacement(positionsOf(world.free), deckWolves - popcount(world.fixed), (w) => {
        const dealt = (world.fixed | w) & seats;
        const before = memo.first(dealt, world.nights[world.nights.length - 1]!);
        const afterTurn = world.toWolf ? dealt | xb : dealt & ~xb;
        // After a Miracle on x (regime B) the potion turns him back into a werewolf: his Miracle no longer counts.
        const after = world.regimeA ? memo.last(afterTurn) : lastFailure(facts, afterTurn, xb);
        if (!turnFits(before, after, world.nights)) return;
        const now = world.regimeA ? afterTurn & ~this.f.turned : (afterTurn & ~this.f.turned) | xb;
        add(now, 1, ((before | after) & 1) !== 0);
      });
    }
    const total = sum[0]!;
    if (total === 0) {
      approximations.add('the public facts contradict each other (no placement explains them)');
      return this.knowNothing(approximations);
    }
    if (spendable) approximations.add(SPENT_SAVER);
    const p = this.doubles.take(n);
    for (let s = 0; s < n; s++) p[s] = mass[s]! / total;
    return { p, exact: approximations.size === 0, approximations: [...approximations], placements: count };
  }

  /**
   * The worlds in which the potion turned seat x, dealt a werewolf card (`xIn`) or not: one
   * per regime (the turn before or after a Miracle that turned x into a plain villager),
   * with the nights it may have happened on, as the cards x showed allow: added to `out`.
   */
  private turnsOf(x: number, xIn: boolean, positions: number, powers: readonly NightPowers[], out: TurnWorld[]): void {
    const xb = bit(x);
    const fixed = (this.f.revealedWolves & ~xb) | (xIn ? xb : 0);
    const free = positions;
    const miracle = this.f.miracleAt[x]!;
    const sightings = this.f.sightings[x]!;
    const nightList = this.f.nights;
    // Regime A, then (after a Miracle on x) regime B.
    const regimes = miracle === Infinity ? 1 : 2;
    for (let r = 0; r < regimes; r++) {
      const regimeA = r === 0;
      // Before the turn x is a werewolf if dealt one and no Miracle came first; the turn flips that.
      const toWolf = !(xIn && regimeA);
      // The turn's night (its moment) must lie in [lo, hi): before the Miracle (regime A) or after it.
      let lo = regimeA ? -Infinity : miracle;
      let hi = regimeA ? miracle : Infinity;
      for (let j = 0; j < sightings.length; j++) {
        const { moment, role } = sightings[j]!;
        const before = miracle < moment ? role === 'villager' : (role === 'werewolf') === xIn;
        const after = regimeA && miracle < moment ? role === 'villager' : role === (toWolf ? 'werewolf' : 'villager');
        if (!before && !after) {
          lo = Infinity;
          break;
        }
        if (!after) lo = Math.max(lo, moment); // shown before the turn
        if (!before) hi = Math.min(hi, moment); // shown after it
      }
      const nights: number[] = [];
      for (let i = 0; i < nightList.length; i++) {
        const nf = nightList[i]!;
        if (powers[i]!.poison && (nf.living & xb) !== 0 && lo <= nf.moment && nf.moment < hi) nights.push(nf.moment);
      }
      if (nights.length > 0) out.push({ x, fixed, free, toWolf, regimeA, nights });
    }
  }

  /** Whether the cards seat s showed agree with one card all game (a Miracle's plain villager after it). */
  private sightingsAgree(s: number): boolean {
    const wolf = this.f.revealed[s] === 'werewolf';
    const miracle = this.f.miracleAt[s]!;
    const sightings = this.f.sightings[s]!;
    for (let j = 0; j < sightings.length; j++) {
      const { moment, role } = sightings[j]!;
      if (!(miracle < moment ? role === 'villager' : (role === 'werewolf') === wolf)) return false;
    }
    return true;
  }

  /** Every public fact about where the werewolves sit, with its moment, in the order of the game; each keyed by all it reads. */
  private timedFacts(powers: readonly NightPowers[]): TimedFact[] {
    const nights: TimedFact[] = [];
    const girls = this.f.harvest ? 0 : this.f.revealedAs('little-girl');
    for (let i = 0; i < this.f.nights.length; i++) {
      const nf = this.f.nights[i]!;
      const pw = powers[i]!;
      const kept = this.facts.night(i, nf, pw, girls);
      nights.push((kept.fact ??= { moment: nf.moment, turned: nf.turned, key: kept.key, test: this.nightTestOf(nf, pw) }));
    }
    // A checkpoint like the one before it with no night between (the vote's, after the dawn's
    // deaths; a revote's) says nothing more: a set fails both or neither, and a verdict's moment
    // is only ever compared with the nights'.
    const checkpoints: TimedFact[] = [];
    let night = 0;
    let last: Checkpoint | null = null;
    for (let i = 0; i < this.f.checkpoints.length; i++) {
      const cp = this.f.checkpoints[i]!;
      while (night < this.f.nights.length && this.f.nights[night]!.moment < cp.moment) {
        night++;
        last = null;
      }
      if (last !== null && last.living === cp.living && last.turned === cp.turned) continue;
      last = cp;
      const kept = this.facts.checkpoint(i, cp);
      checkpoints.push((kept.fact ??= this.checkpointFact(cp, kept.key)));
    }
    const seances: TimedFact[] = [];
    for (let i = 0; i < this.f.predicates.length; i++) {
      const q = this.f.predicates[i]!;
      const kept = this.facts.seance(i, q, this.f.male);
      seances.push((kept.fact ??= { moment: q.moment, turned: q.turned, key: kept.key, test: (w) => (seanceHolds(this.f, w, q) ? HOLDS : FAILS) }));
    }
    // In the order of the game: the three lists' stable sort, merged.
    return byMoment(byMoment(nights, checkpoints), seances);
  }

  /** The fact that the game was not over at checkpoint `cp`: a count (`notOverCount`). */
  private checkpointFact(cp: Checkpoint, key: string): TimedFact {
    const count = this.notOverCount(cp);
    const answers = count.answers;
    const within = count.within;
    return { moment: cp.moment, turned: cp.turned, key, test: (w) => answers[popcount(w & within)] as FactAnswer, count };
  }

  /**
   * The public facts contradict each other (or are too many to weigh): the observer says
   * only what the dead's cards say, and spreads the werewolf cards not seen dead over the
   * living, never 0 nor 1 — knowing less, never more.
   */
  private knowNothing(approximations: Set<string>): Posterior {
    const p = this.doubles.take(this.f.n);
    let living = 0;
    let deadWolves = 0;
    for (let s = 0; s < this.f.n; s++) {
      const shown = this.f.sightings[s]!;
      const last = shown[shown.length - 1];
      if ((this.f.alive & bit(s)) !== 0) living++;
      else if (last?.role === 'werewolf') {
        p[s] = 1;
        deadWolves++;
      }
    }
    const left = (this.f.deckCount.get('werewolf') ?? 0) - deadWolves;
    const q = living === 0 ? 0 : Math.min(Math.max(left / living, 1 / (2 * living)), 1 - 1 / (2 * living));
    for (let s = 0; s < this.f.n; s++) if ((this.f.alive & bit(s)) !== 0) p[s] = q;
    return { p, exact: false, approximations: [...approximations], placements: 0 };
  }

  /**
   * No public fact tells placements apart: the werewolf cards not seen are spread evenly
   * over the seats whose card is not known (no thief here: every card is on a seat).
   */
  private closedForm(p: Float64Array): Posterior {
    let unknown = 0;
    let seenWolves = 0;
    for (let s = 0; s < this.f.n; s++) {
      const r = this.f.revealed[s];
      if (r === null) unknown++;
      else if (r === 'werewolf') seenWolves++;
    }
    const k = (this.f.deckCount.get('werewolf') ?? 0) - seenWolves;
    const q = unknown === 0 ? 0 : k / unknown;
    for (let s = 0; s < this.f.n; s++) if (this.f.revealed[s] === null) p[s] = q;
    return { p, exact: this.f.approximations.size === 0, approximations: this.f.approximationList(), placements: 0 };
  }

  /** The werewolves left, spread evenly over the unknown positions. */
  private uniform(p: Float64Array, ctx: PlacementContext | null, approximations: Set<string>): Posterior {
    if (ctx !== null) {
      const m = popcount(ctx.positions);
      for (let s = 0; s < this.f.n; s++) if ((ctx.positions & bit(s)) !== 0) p[s] = m === 0 ? 0 : ctx.k / m;
    }
    return { p, exact: approximations.size === 0, approximations: [...approximations], placements: 0 };
  }

  /** True when some public fact tells placements apart (else the closed form is exact). */
  private dependsOnPlacement(): boolean {
    if (this.f.predicates.length > 0 || this.f.mustVillager !== 0 || this.f.mustNotVillager !== 0 || this.f.witchAllowed !== -1) return true;
    if (this.f.thief) return true;
    if (this.f.harvest && this.f.nights.length > 0) return true;
    return this.f.nights.some((nf) => nf.away !== 0);
  }

  private lastWeighSpendable = false;

  /** The weight of the placement `w` of the unknown werewolves (bits of ctx.positions). */
  private weigh(w: number, ctx: PlacementContext): number {
    this.lastWeighSpendable = false;
    const wolves = (w | this.f.revealedWolves) & this.seatMask();
    for (const cp of this.f.checkpoints) if (!this.notOver(wolves & ~cp.turned, cp)) return 0;
    for (const q of this.f.predicates) if (!seanceHolds(this.f, wolves & ~q.turned, q)) return 0;
    for (let i = 0; i < this.f.nights.length; i++) {
      const answer = ctx.nightTests[i]!(wolves & ~this.f.nights[i]!.turned);
      if (answer === FAILS) return 0;
      if (answer === HOLDS_IF_UNSPENT) this.lastWeighSpendable = true;
    }
    return this.deals(w, ctx);
  }

  /** Deals of the other cards over the positions left (villager and witch facts), up to a factor common to all placements. */
  private deals(w: number, ctx: PlacementContext): number {
    const rest = ctx.positions & ~w;
    if ((this.f.mustVillager & w) !== 0) return 0;
    const mustV = this.f.mustVillager & rest;
    const mustNot = this.f.mustNotVillager & rest;
    const free = rest & ~mustV & ~mustNot;
    const f = popcount(free);
    const v = ctx.villagers - popcount(mustV);
    if (v < 0 || v > f) return 0;
    // (the other cards, all different, then fill the seats left in as many ways for every placement)
    if (this.f.witchAllowed === -1 || !ctx.witchUnseen) return binomial(f, v);
    return popcount(this.f.witchAllowed & mustNot) * binomial(f, v) + popcount(this.f.witchAllowed & free) * binomial(f - 1, v);
  }

  /**
   * Whether the game was not over at `cp` with the werewolves then at `wolves`. A werewolf
   * in love across the teams is not counted in the pack (engine/flow/victory.ts), and the
   * lovers are unknown: as many werewolves as may be such lovers are left out of it — one
   * if a living non-werewolf could be his partner (a partner's death kills him of grief);
   * in the Harvest Festival two, whoever lives (Cupid's triangle: its abandoned lover
   * outlives the others; a potion may turn a lover into a werewolf). Only the lovers' and
   * the Piper's own wins are ignored: facts dropped, never worlds.
   */
  private notOver(wolves: number, cp: Checkpoint): boolean {
    return this.notOverWith(popcount(wolves & cp.living), popcount(cp.living));
  }

  /** notOver as a count of the living werewolves, its answer for each size of the pack read once (it depends on nothing else). */
  private notOverCount(cp: Checkpoint): CountFact {
    const living = popcount(cp.living);
    const answers = new Uint8Array(living + 1);
    for (let pack = 0; pack <= living; pack++) answers[pack] = this.notOverWith(pack, living) ? HOLDS : FAILS;
    // The tests read the set with the checkpoint's turned seats taken off (verdicts.ts).
    return { within: cp.living & ~cp.turned, answers };
  }

  private notOverWith(pack: number, living: number): boolean {
    if (pack === 0) return false;
    const lovers = !this.f.cupid ? 0 : this.f.harvest ? 2 : living > pack ? 1 : 0;
    if (pack <= lovers) return true;
    return this.wolvesHaveNotWon(pack - lovers, living - pack + lovers);
  }

  private wolvesHaveNotWon(pack: number, others: number): boolean {
    switch (this.f.options.wolvesWin) {
      case 'all':
        return others > 0;
      case 'second-last':
        return others > 1;
      case 'parity':
        return pack < others;
    }
  }

  /**
   * Whether the night's public outcome has an explanation with the werewolves of that night
   * at `wolves`, as a test made once per posterior (what does not depend on the werewolves
   * read beforehand: it is asked for thousands of placements): FAILS, HOLDS, or
   * HOLDS_IF_UNSPENT when only a heal or a life that may have been spent explains it.
   */
  private nightTestOf(nf: NightFacts, powers: NightPowers): (wolves: number) => FactAnswer {
    const { living, away, known, deaths: died } = nf;
    const within = living & ~away;
    const masks = this.f.harvest ? (nf.near ??= neighbourMasks(this.f.n, living)) : null;
    const targets = this.f.options.packTargets;
    const others = (powers.poison ? 1 : 0) + (powers.lethalGuard ? 1 : 0);
    const deaths = popcount(died);
    // The Little Girl caught peeking is the pack's victim whatever it chose (not in the Harvest Festival).
    const caught = this.f.harvest ? 0 : died & this.f.revealedAs('little-girl');
    const victim = known >= 0 ? bit(known) : 0;
    const victimAlone = popcount(died & ~victim) <= others;
    // A death the pack may have caused, the others explaining the rest.
    const packMayHaveKilled = known === UNKNOWN && !nf.noWolfDeath && deaths - 1 <= others;
    // Nobody died of the werewolves: the others must explain every death.
    const othersTooFew = deaths > others;
    // A lone werewolf may not name his lover (001: loversMayKillEachOther=false), and the
    // lovers are unknown: any one of his targets may be that lover.
    const sparedLover = this.f.cupid && !this.f.options.loversMayKillEachOther ? 1 : 0;
    const mayAbstain = this.f.options.packMayAbstain;
    // A certain kill that did not land: saved, by a power that may have been spent or not.
    const saved: FactAnswer = !powers.saver ? FAILS : powers.saverSpendable ? HOLDS_IF_UNSPENT : HOLDS;
    // A death the others explain and no certain kill to account for: the pack's reach is not read.
    const explained = known === UNKNOWN && !othersTooFew;
    return (wolves) => {
      const now = wolves & living;
      const awake = now & ~away;
      if (explained && (saved === HOLDS || mayAbstain || (awake & (awake - 1)) !== 0 || awake === 0)) return HOLDS;
      let legal = 0;
      if (awake !== 0) {
        let reach = within;
        if (masks !== null) {
          let near = 0;
          for (let a = awake; a !== 0; a &= a - 1) near |= masks[31 - Math.clz32(a & -a)]!;
          reach &= near;
        }
        legal = targets === 'non-wolves' ? reach & ~now : targets === 'anyone' ? reach : reach & (~now | awake);
      }
      if (known >= 0) return awake === 0 || ((legal | caught) & victim) === 0 || !victimAlone ? FAILS : HOLDS;
      if (packMayHaveKilled && awake !== 0 && (died & (legal | caught)) !== 0) return HOLDS;
      if (othersTooFew) return FAILS;
      const certainKill = popcount(awake) === 1 && !mayAbstain && popcount(legal) > sparedLover;
      return certainKill ? saved : HOLDS;
    };
  }

}

/**
 * Two lists of facts, each in the order of the game (made from the facts' lists, which
 * grow as the events come), merged as their stable sort would order them: on a tie, the
 * first list's fact first.
 */
function byMoment(a: TimedFact[], b: TimedFact[]): TimedFact[] {
  if (b.length === 0) return a;
  const out: TimedFact[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(b[j]!.moment < a[i]!.moment ? b[j++]! : a[i++]!);
  while (i < a.length) out.push(a[i++]!);
  while (j < b.length) out.push(b[j++]!);
  return out;
}

/** A night's fact, its key and what it was made of (its night's facts some of which change later, its powers). */
interface NightKey {
  readonly nf: NightFacts;
  readonly deaths: number;
  readonly known: number;
  readonly noWolfDeath: boolean;
  readonly pw: NightPowers;
  readonly girls: number;
  readonly key: string;
  /** The fact, made on its first use with this key. */
  fact?: TimedFact;
}

/** A checkpoint's fact, its key and the checkpoint it was made from. */
interface CheckpointKey {
  readonly cp: Checkpoint;
  readonly key: string;
  fact?: TimedFact;
}

/** A séance's fact, its key and the answer and sexes it was made from. */
interface SeanceKey {
  readonly q: SeancePredicate;
  readonly male: readonly boolean[] | null;
  readonly key: string;
  fact?: TimedFact;
}

/**
 * The facts of the nights, checkpoints and séances, with their keys (verdicts.ts `VerdictMemo.align`
 * compares the keys from one posterior to the next), made again only when what they say
 * changed: a fact is a function of all its key holds, so one made for a key serves every
 * posterior that finds the same key (a night's test made at every vote, a checkpoint's
 * count table, and a night's key — text of fourteen numbers and flags — were before). A
 * fact is kept by the night's or checkpoint's place in the game's lists, with the object it
 * was made from: another game's lists hold other objects.
 */
class FactCache {
  private readonly nights: (NightKey | undefined)[] = [];
  private readonly checkpoints: (CheckpointKey | undefined)[] = [];
  private readonly seances: (SeanceKey | undefined)[] = [];

  night(i: number, nf: NightFacts, pw: NightPowers, girls: number): NightKey {
    const kept = this.nights[i];
    if (
      kept !== undefined &&
      kept.nf === nf &&
      kept.deaths === nf.deaths &&
      kept.known === nf.known &&
      kept.noWolfDeath === nf.noWolfDeath &&
      kept.girls === girls &&
      kept.pw.poison === pw.poison &&
      kept.pw.lethalGuard === pw.lethalGuard &&
      kept.pw.saver === pw.saver &&
      kept.pw.saverSpendable === pw.saverSpendable
    )
      return kept;
    const key =
      `n${nf.moment}/${nf.night}/${nf.living}/${nf.turned}/${nf.away}/${nf.deaths}/${nf.known}/${nf.noWolfDeath}/${nf.aprilFools}/` +
      `${pw.poison}/${pw.lethalGuard}/${pw.saver}/${pw.saverSpendable}/${girls}`;
    const made: NightKey = { nf, deaths: nf.deaths, known: nf.known, noWolfDeath: nf.noWolfDeath, pw, girls, key };
    this.nights[i] = made;
    return made;
  }

  checkpoint(i: number, cp: Checkpoint): CheckpointKey {
    const kept = this.checkpoints[i];
    if (kept !== undefined && kept.cp === cp) return kept;
    const made: CheckpointKey = { cp, key: `c${cp.moment}/${cp.living}/${cp.turned}` };
    this.checkpoints[i] = made;
    return made;
  }

  /** `male`: the players' sexes as the public knows them (null: not told), which a séance's questions about sexes read. */
  seance(i: number, q: SeancePredicate, male: readonly boolean[] | null): SeanceKey {
    const kept = this.seances[i];
    if (kept !== undefined && kept.q === q && kept.male === male) return kept;
    const sexes = male === null ? '-' : male.map((m) => (m ? 1 : 0)).join('');
    const key = `q${q.moment}/${q.question}/${q.medium}/${q.about.join(',')}/${q.answer}/${q.living}/${q.turned}/${q.sheriff}/${sexes}`;
    const made: SeanceKey = { q, male, key };
    this.seances[i] = made;
    return made;
  }
}
