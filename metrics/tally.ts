// A game's behaviour, counted per seat (counters.ts), from its whole log (the moderator's
// view: every card, every night action), the decision trace (agents/trace.ts: the legal
// targets of each vote, refused answers, stated beliefs) and the driver's counts of wrong
// answers and fallbacks. The public-facts observer (observer/) reads the log's public events
// only, beside it. Pure: the same game, the same counts. Its fractions are rounded to a grid
// (counters.ts GRID) on which every sum of them is exact, whatever the order of the games.

import type { DecisionTrace } from '../agents/trace.js';
import { CLAIM_ACTIONS, teamOf, type Claim, type ClaimAction, type Event, type GameSetup, type Role, type Vote } from '../engine/index.js';
import * as counters from './counters.js';
import { IdealObserver, popcount, type Posterior } from './observer/observer.js';

// The counters' layout as this module's own constants, not imported bindings: an imported
// binding is read through its module's cell and checked for initialisation at every use,
// and the optimiser folds neither (a counter's offset, `C.votes`, cost a cell, a check, a
// map check and a load). Copied once, they are constants it folds: the counter runs a
// game in 6% fewer instructions (docs/benchmarks.md).
const { BIN, binOf, C, COUNTER_COUNT, FRACTIONAL, GRID } = counters;

/**
 * Village roles whose holder the village most needs alive (the `ksr` metric). Compared,
 * not looked up in a Set: a Set's lookup of a string hashes it, these compare pointers
 * (the counter asks it of every seat of every game).
 */
function isKeyRole(role: Role): boolean {
  return role === 'seer' || role === 'witch' || role === 'guard' || role === 'hunter' || role === 'little-girl' || role === 'elder';
}

export interface PlayedForMetrics {
  readonly setup: Pick<GameSetup, 'players' | 'deck' | 'options'>;
  readonly log: readonly Event[];
  readonly trace: DecisionTrace;
  /** Wrong answers and fallbacks per seat (agents/play.ts `PlayedGame`). */
  readonly invalid: readonly number[];
  readonly fallbacks: readonly number[];
}

export interface GameTally {
  /** Per seat, COUNTER_COUNT counts (counters.ts). */
  readonly seats: readonly Float64Array[];
  /** The card each seat holds at the end (its side and role in the metrics' rows). */
  readonly roles: readonly Role[];
  /**
   * The counters from this index on are 0 at every seat (the belief bins, when no seat
   * stated beliefs): a sum need not read them (runs/record.ts adds 42 counters a seat, not 122).
   */
  readonly span: number;
}

const ACTIONS: readonly ClaimAction[] = CLAIM_ACTIONS;

/** A night action as a number: the claims that state one are checked against these. */
function actionCode(seat: number, action: ClaimAction, target: number): number {
  return (seat * ACTIONS.length + ACTIONS.indexOf(action)) * 32 + target;
}

/** Verdicts of a day vote that put a player out (not the Scapegoat's, nor New Moon's judgements). */
function votedOut(reason: Extract<Event, { type: 'verdict' }>['reason']): boolean {
  return reason === 'majority' || reason === 'sheriff' || reason === 'sheriff-vote' || reason === 'random' || reason === 'drawn';
}

/** Ties of the observer's posterior closer than this are ties (its vote is then split evenly). */
const TIE = 1e-9;

/** A game's counts (arrays of its own). */
export function tallyGame(g: PlayedForMetrics): GameTally {
  return new GameCounter(g.setup).count(g);
}

/** The share of werewolves (the seats of the mask `wolves`) among the observer's most likely werewolves in `targets`. */
export function observerHit(p: Float64Array, targets: readonly number[], wolves: number): number {
  let max = -Infinity;
  for (let i = 0; i < targets.length; i++) if (p[targets[i]!]! > max) max = p[targets[i]!]!;
  let n = 0;
  let hits = 0;
  for (let i = 0; i < targets.length; i++) {
    const t = targets[i]!;
    if (p[t]! < max - TIE) continue;
    n++;
    hits += (wolves >>> t) & 1;
  }
  return n === 0 ? 0 : hits / n;
}

const NO_VOTES: readonly Vote[] = [];
const NO_TARGETS: readonly number[] = [];

/**
 * Counts the games of one setup, one after the other: its arrays and its observer are
 * made once and cleared for each game (a worker counts thousands of games a second), so
 * a count's `seats` are valid until the next `count`.
 */
export class GameCounter {
  private readonly n: number;
  private readonly all: Float64Array;
  private readonly c: Float64Array[];
  /** What `count` returns (its span set per game). */
  private readonly tally: { seats: readonly Float64Array[]; roles: readonly Role[]; span: number };
  private readonly role: Role[];
  /**
   * The seats holding a werewolf card now, as a mask (kept with `role`: the votes read it
   * for every target; a bit costs a shift where a typed array's element costs its checks).
   */
  private wolves = 0;
  private readonly alive: boolean[];
  private readonly everWolf: boolean[];
  private readonly observer: IdealObserver;
  /**
   * The beliefs stated at each vote, by the vote decision's id (a game's ids count up from 0).
   * An array, not a Map: a Map cleared for each game grows again by rehashing through its
   * sizes as some sixty statements go in (with the array, `sim`'s path at 12 heuristic
   * seats took 0.78 of its time: docs/benchmarks.md).
   */
  private readonly beliefs: (readonly number[] | undefined)[] = [];
  /** The ids whose beliefs this game set (cleared at the next game's start). */
  private readonly beliefIds: number[] = [];
  /** Some seat stated beliefs this game. */
  private scored = false;
  private g: Omit<PlayedForMetrics, 'setup'> | null = null;
  private voteCursor = 0;
  private day = 0;
  private dawn = false;
  /** What seats did at night, as claims could state it (`actionCode(seat, action, target)`): the first `doneCount` (the array is kept from game to game). */
  private readonly done: number[] = [];
  private doneCount = 0;
  /** Werewolves each seer saw (bitmasks). */
  private readonly seen: Int32Array;
  /** Tonight's guard and whom he protects (-1: none). */
  private guardSeat = -1;
  private guardTarget = -1;
  private healerTonight = -1;
  // Today: the latest vote round, the vote-out, who accused whom, speeches with a false role claim.
  private lastVotes: readonly Vote[] = [];
  private votedOut: number | null = null;
  /** Whom each seat accused today (bitmasks), and the seats that made a false role claim today. */
  private readonly accused: Int32Array;
  private fakeSpeakers = 0;
  /** The trace's index of each voter's decision in the current vote round (-1: none). */
  private readonly askedOf: Int32Array;

  constructor(setup: PlayedForMetrics["setup"]) {
    const n = setup.players;
    this.n = n;
    this.all = new Float64Array(n * COUNTER_COUNT);
    this.c = Array.from({ length: n }, (_, s) => this.all.subarray(s * COUNTER_COUNT, (s + 1) * COUNTER_COUNT));
    this.role = new Array<Role>(n).fill('villager');
    this.tally = { seats: this.c, roles: this.role, span: COUNTER_COUNT };
    this.alive = new Array<boolean>(n).fill(true);
    this.everWolf = new Array<boolean>(n).fill(false);
    this.observer = new IdealObserver(setup);
    this.seen = new Int32Array(n);
    this.accused = new Int32Array(n);
    this.askedOf = new Int32Array(n);
  }

  /** Counts one game of this setup. */
  count(g: Omit<PlayedForMetrics, 'setup'>): GameTally {
    this.g = g;
    // Loops, not fill(): eight seats are cleared faster by hand than through the builtins'
    // calls. The last game's counters are 0 from its span on.
    const all = this.all;
    const span = this.tally.span;
    for (let s = 0; s < this.n; s++) {
      for (let at = s * COUNTER_COUNT, end = at + span; at < end; at++) all[at] = 0;
      this.role[s] = 'villager';
      this.alive[s] = true;
      this.everWolf[s] = false;
      this.seen[s] = 0;
      this.accused[s] = 0;
    }
    this.wolves = 0;
    this.tally.span = COUNTER_COUNT; // until this game is counted
    this.observer.reset();
    this.scored = g.trace.beliefs.length > 0;
    if (this.scored || this.beliefIds.length > 0) {
      for (const id of this.beliefIds) this.beliefs[id] = undefined;
      this.beliefIds.length = 0;
      for (const b of g.trace.beliefs) {
        this.beliefs[b.decision] = b.p;
        this.beliefIds.push(b.decision);
      }
    }
    this.voteCursor = 0;
    this.day = 0;
    this.dawn = false;
    this.doneCount = 0;
    this.guardSeat = -1;
    this.guardTarget = -1;
    this.healerTonight = -1;
    this.lastVotes = NO_VOTES;
    this.votedOut = null;
    this.fakeSpeakers = 0;
    return this.run();
  }

  private add(seat: number, counter: number, x = 1): void {
    this.all[seat * COUNTER_COUNT + counter]! += x;
  }

  private wolf(seat: number): boolean {
    return ((this.wolves >>> seat) & 1) === 1;
  }

  private setRole(seat: number, role: Role): void {
    this.role[seat] = role;
    const wolf = role === 'werewolf';
    this.wolves = wolf ? this.wolves | (1 << seat) : this.wolves & ~(1 << seat);
    if (wolf) this.everWolf[seat] = true;
  }

  private run(): GameTally {
    const log = this.g!.log;
    for (let i = 0; i < log.length; i++) {
      // Its type and audience read once for the count and the observer both: the events come
      // in some thirty shapes, so each read of a field they all share is a lookup in the
      // optimiser's generic cache.
      const e = log[i]!;
      const type = this.read(e);
      if (e.vis === -1) this.observer.seePublic(e, type);
    }
    this.endOfDay();
    this.finish();
    this.round();
    this.tally.span = this.scored ? COUNTER_COUNT : BIN.beliefWolf;
    return this.tally;
  }

  /** Counts one event; returns its type (read once: the observer is handed it too). */
  private read(e: Event): Event['type'] {
    const type = e.type;
    // The commonest events first (a switch on strings tries its cases in turn).
    switch (type) {
      case 'speech':
        this.dawn = false;
        this.speech(e.seat, e.claims);
        break;
      case 'deal':
        this.setRole(e.seat, e.role);
        break;
      case 'death':
        this.alive[e.seat] = false;
        this.add(e.seat, C.daysAlive, this.dawn ? this.day - 1 : this.day);
        break;
      case 'death-cause':
      case 'pack-proposals':
      case 'pack':
        break;
      case 'thief-swap':
        if (e.took !== null) this.setRole(e.seat, e.took);
        break;
      case 'thief-steal':
        if (e.took !== null) this.setRole(e.seat, e.took);
        break;
      case 'role-change':
        this.setRole(e.seat, e.role);
        break;
      case 'miracle':
        this.setRole(e.seat, 'villager');
        break;
      case 'night':
        this.endOfDay();
        this.guardSeat = -1;
        this.guardTarget = -1;
        this.healerTonight = -1;
        break;
      case 'day':
        this.day = e.day;
        this.dawn = true;
        break;
      case 'guard':
        this.add(e.seat, C.guardNights);
        this.guardSeat = e.seat;
        this.guardTarget = e.target ?? -1;
        if (e.target !== null) this.did(e.seat, 'protected', e.target);
        break;
      case 'seer':
        if (this.wolf(e.target)) this.seen[e.seat]! |= 1 << e.target;
        break;
      case 'seer-glimpse':
        this.look(e.seat, e.seats);
        break;
      case 'pack-victim':
        if (this.guardSeat >= 0 && e.target === this.guardTarget) this.add(this.guardSeat, C.guardHits);
        break;
      case 'witch':
        if (e.heal !== null) {
          this.add(e.seat, C.witchPotions);
          this.healerTonight = e.seat;
          this.did(e.seat, 'healed', e.heal);
        }
        if (e.poison !== null) this.poison(e.seat, e.poison);
        break;
      case 'witch-potion':
        if (e.effect === 'poison') {
          this.poison(e.seat, e.target);
          break;
        }
        this.add(e.seat, C.witchPotions);
        this.healerTonight = e.seat;
        this.did(e.seat, 'healed', e.target);
        break;
      case 'attack':
        if (e.result === 'healed' && this.healerTonight >= 0 && !this.wolf(e.target)) this.add(this.healerTonight, C.witchSaves);
        break;
      case 'charm':
        for (const t of e.targets) this.did(e.seat, 'charmed', t);
        break;
      case 'shot':
        if (e.target !== null) this.did(e.seat, 'shot-at', e.target);
        break;
      case 'election':
      case 'vouch':
      case 'friends':
      case 'punish':
        this.dawn = false;
        break;
      case 'votes':
        this.dawn = false;
        this.votes(e.votes);
        break;
      case 'verdict':
        if (e.target !== null && votedOut(e.reason)) this.verdict(e.target);
        break;
      default:
        break;
    }
    return type;
  }

  private look(seer: number, seats: readonly number[]): void {
    for (const s of seats) if (this.wolf(s)) this.seen[seer]! |= 1 << s;
  }

  private didIt(code: number): boolean {
    for (let i = 0; i < this.doneCount; i++) if (this.done[i] === code) return true;
    return false;
  }

  private did(seat: number, action: ClaimAction, target: number): void {
    this.done[this.doneCount++] = actionCode(seat, action, target);
  }

  private poison(witch: number, target: number): void {
    this.add(witch, C.witchPotions);
    if (this.wolf(target)) this.add(witch, C.witchPoisonWolf);
    this.did(witch, 'poisoned', target);
  }

  private speech(seat: number, claims: readonly Claim[]): void {
    this.add(seat, C.speeches);
    if (claims.length === 0) return;
    let falseRole = false;
    for (const claim of claims) {
      this.add(seat, C.claims);
      const truth = this.truthOf(seat, claim);
      this.add(seat, truth === null ? C.claimsUnverifiable : truth ? C.claimsTrue : C.claimsFalse);
      if (claim.type === 'role' && truth === false) falseRole = true;
      const accuses = claim.type === 'suspect' || (claim.type === 'seen' && claim.result === 'werewolf');
      if (accuses) {
        this.add(seat, C.accusations);
        if (this.wolf(claim.target)) this.add(seat, C.accusationsOnWolf);
      }
      if (accuses || claim.type === 'vote-intent') this.accused[seat]! |= 1 << claim.target;
    }
    if (falseRole) {
      this.add(seat, C.falseRoleSpeeches);
      this.fakeSpeakers |= 1 << seat;
    }
  }

  /** A claim checked against the truth when spoken: true, false, or null (an opinion or a promise). */
  private truthOf(seat: number, claim: Claim): boolean | null {
    switch (claim.type) {
      case 'role':
        return this.role[seat] === claim.role;
      case 'seen': {
        const r = this.role[claim.target]!;
        if (claim.result === 'werewolf') return r === 'werewolf';
        if (claim.result === 'not-werewolf') return r !== 'werewolf';
        return r === claim.result;
      }
      case 'action':
        return this.didIt(actionCode(seat, claim.action, claim.target));
      case 'suspect':
      case 'trust':
      case 'vote-intent':
        return null;
    }
  }

  /** The decisions of a vote round: the next ones the trace holds, indexed by voter (askedOf). */
  private ask(votes: readonly Vote[]): void {
    const list = this.g!.trace.votes;
    for (let s = 0; s < this.n; s++) this.askedOf[s] = -1;
    for (let i = 0; i < votes.length && this.voteCursor < list.length; i++) this.askedOf[list[this.voteCursor]!.seat] = this.voteCursor++;
  }

  private votes(votes: readonly Vote[]): void {
    const post = this.observer.posterior();
    const asked = this.g!.trace.votes;
    const all = this.all;
    const wolfMask = this.wolves;
    this.ask(votes);
    for (let i = 0; i < votes.length; i++) {
      const { voter, target } = votes[i]!;
      const at = this.askedOf[voter]!;
      const d = at < 0 ? undefined : asked[at];
      const targets = d === undefined ? NO_TARGETS : d.targets;
      const c = voter * COUNTER_COUNT;
      all[c + C.voteDecisions]! += 1;
      if (targets.length > 0) {
        all[c + C.voteChances]! += 1;
        if (target === null) all[c + C.abstained]! += 1;
      }
      if (d !== undefined && this.scored) this.scoreBeliefs(voter, d.id, post);
      if (target === null) continue;
      all[c + C.votes]! += 1;
      if (((wolfMask >>> target) & 1) === 1) all[c + C.votesOnWolf]! += 1;
      all[target * COUNTER_COUNT + C.votesReceived]! += 1;
      if (targets.length === 0) continue;
      all[c + C.observerOnWolf]! += observerHit(post.p, targets, wolfMask);
      if (post.exact) all[c + C.observerExact]! += 1;
      let wolvesAmong = 0;
      const share = 1 / targets.length;
      for (let k = 0; k < targets.length; k++) {
        const t = targets[k]!;
        wolvesAmong += (wolfMask >>> t) & 1;
        all[t * COUNTER_COUNT + C.votesExpected]! += share;
      }
      all[c + C.chanceOnWolf]! += wolvesAmong / targets.length;
    }
    this.lastVotes = votes;
  }

  private scoreBeliefs(voter: number, decision: number, post: Posterior): void {
    const p = this.beliefs[decision];
    if (p === undefined) return;
    for (let t = 0; t < this.n; t++) {
      const q = p[t];
      if (t === voter || !this.alive[t] || q === undefined || Number.isNaN(q)) continue;
      const wolf = this.wolf(t);
      const y = wolf ? 1 : 0;
      const o = post.p[t]!;
      const c = this.all;
      const at = voter * COUNTER_COUNT;
      c[at + C.beliefPairs]!++;
      c[at + C.beliefSq]! += (q - y) * (q - y);
      c[at + C.observerSq]! += (o - y) * (o - y);
      c[at + (wolf ? BIN.beliefWolf : BIN.beliefNot) + binOf(q)]!++;
      c[at + (wolf ? BIN.observerWolf : BIN.observerNot) + binOf(o)]!++;
    }
  }

  private verdict(target: number): void {
    if (this.votedOut === null) this.votedOut = target;
    if (!this.wolf(target)) return;
    for (const v of this.lastVotes) {
      if (v.target === null || teamOf(this.role[v.voter]!) !== 'village') continue;
      this.add(v.voter, C.vssDays);
      if (v.target === target) this.add(v.voter, C.vssFor);
    }
  }

  /** A false role claim succeeded if its speaker lived through the day and the vote-out was one he accused. */
  private endOfDay(): void {
    const out = this.votedOut;
    if (this.fakeSpeakers !== 0)
      for (let s = 0; s < this.n; s++)
        if ((this.fakeSpeakers & (1 << s)) !== 0 && out !== null && out !== s && (this.accused[s]! & (1 << out)) !== 0) this.add(s, C.fakeSuccess);
    this.fakeSpeakers = 0;
    for (let s = 0; s < this.n; s++) this.accused[s] = 0;
    this.votedOut = null;
    this.lastVotes = NO_VOTES;
  }

  /** The fractional counters onto the grid whose sums are exact in any order (counters.ts GRID). */
  private round(): void {
    const c = this.all;
    for (let at = 0; at < c.length; at += COUNTER_COUNT)
      for (let i = 0; i < FRACTIONAL.length; i++) {
        // A 0 stays 0 (most are: a seat's belief scores when no one stated beliefs).
        const x = c[at + FRACTIONAL[i]!]!;
        if (x !== 0) c[at + FRACTIONAL[i]!] = Math.round(x * GRID) / GRID;
      }
  }

  private finish(): void {
    const g = this.g!;
    const t = g.trace;
    const all = this.all;
    let wolves = 0;
    for (let s = 0; s < this.n; s++) if (this.everWolf[s]) wolves++;
    for (const { seat, target } of t.pack) {
      this.add(seat, C.packAnswers);
      if (target !== null && target !== seat && this.wolf(target)) this.add(seat, C.packmateNamed);
    }
    // The game's end: who won (Kaggle's win-dependent readings).
    let end: Extract<Event, { type: 'end' }> | undefined;
    for (let i = g.log.length - 1; i >= 0 && end === undefined; i--) {
      const e = g.log[i]!;
      if (e.type === 'end') end = e;
    }
    const villageWon = end?.winner === 'village';
    for (let s = 0; s < this.n; s++) {
      const role = this.role[s]!;
      const alive = this.alive[s]!;
      const c = s * COUNTER_COUNT;
      all[c + C.seats]! += 1;
      if (alive) {
        all[c + C.aliveEnd]! += 1;
        if (end !== undefined && end.winners.includes(s)) all[c + C.wonAlive]! += 1;
      }
      if (villageWon) {
        all[c + C.votesOnWolfWon]! += all[c + C.votesOnWolf]!;
        all[c + C.vssForWon]! += all[c + C.vssFor]!;
      }
      if (alive) all[c + C.daysAlive]! += this.day;
      if (isKeyRole(role)) {
        all[c + C.keySeats]! += 1;
        if (alive) all[c + C.keyAlive]! += 1;
      }
      const seen = this.seen[s]!;
      if (role === 'seer' || seen !== 0) {
        all[c + C.seerWolves]! += wolves;
        all[c + C.seerFound]! += popcount(seen);
      }
      all[c + C.decisions]! += t.decisions[s] ?? 0;
      all[c + C.answers]! += t.answers[s] ?? 0;
      all[c + C.selfVotes]! += t.selfVotes[s] ?? 0;
      all[c + C.invalid]! += g.invalid[s] ?? 0;
      all[c + C.fallbacks]! += g.fallbacks[s] ?? 0;
    }
  }

}
