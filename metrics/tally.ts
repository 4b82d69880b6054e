// A game's behaviour, counted per seat (counters.ts), from its whole log (the moderator's
// view: every card, every night action), the decision trace (agents/trace.ts: the legal
// targets of each vote, refused answers, stated beliefs) and the driver's counts of wrong
// answers and fallbacks. The ideal observer (observer.ts) reads the log's public events
// only, beside it. Pure: the same game, the same counts. Its fractions are rounded to a grid
// (counters.ts GRID) on which every sum of them is exact, whatever the order of the games.

import type { DecisionTrace } from '../agents/trace.js';
import { CLAIM_ACTIONS, teamOf, type Claim, type ClaimAction, type Event, type GameSetup, type Role, type Vote } from '../engine/index.js';
import { BIN, binOf, C, COUNTER_COUNT, FRACTIONAL, GRID } from './counters.js';
import { IdealObserver, popcount, type Posterior } from './observer.js';

/** Village roles whose holder the village most needs alive (the `ksr` metric). */
export const KEY_ROLES: ReadonlySet<Role> = new Set<Role>(['seer', 'witch', 'guard', 'hunter', 'little-girl', 'elder']);

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
}

const ACTIONS: readonly ClaimAction[] = CLAIM_ACTIONS;

/** A night action as a number: the claims that state one are checked against these. */
function actionCode(seat: number, action: ClaimAction, target: number): number {
  return (seat * ACTIONS.length + ACTIONS.indexOf(action)) * 32 + target;
}

/** Verdicts of a day vote that put a player out (not the Scapegoat's, nor New Moon's judgements). */
const VOTED_OUT: ReadonlySet<string> = new Set(['majority', 'sheriff', 'sheriff-vote', 'random', 'drawn']);

/** Ties of the observer's posterior closer than this are ties (its vote is then split evenly). */
const TIE = 1e-9;

/** A game's counts (arrays of its own). */
export function tallyGame(g: PlayedForMetrics): GameTally {
  return new GameCounter(g.setup).count(g);
}

/** The share of werewolves among the observer's most likely werewolves in `targets`. */
export function observerHit(p: Float64Array, targets: readonly number[], wolf: (seat: number) => boolean): number {
  let max = -Infinity;
  for (const t of targets) if (p[t]! > max) max = p[t]!;
  let n = 0;
  let hits = 0;
  for (const t of targets) {
    if (p[t]! < max - TIE) continue;
    n++;
    if (wolf(t)) hits++;
  }
  return n === 0 ? 0 : hits / n;
}

/**
 * Counts the games of one setup, one after the other: its arrays and its observer are
 * made once and cleared for each game (a worker counts thousands of games a second), so
 * a count's `seats` are valid until the next `count`.
 */
export class GameCounter {
  private readonly n: number;
  private readonly all: Float64Array;
  private readonly c: Float64Array[];
  private readonly role: Role[];
  private readonly alive: boolean[];
  private readonly everWolf: boolean[];
  private readonly observer: IdealObserver;
  private readonly beliefs = new Map<number, Float64Array>();
  /** Some seat stated beliefs this game. */
  private scored = false;
  private g: Omit<PlayedForMetrics, 'setup'> | null = null;
  private voteCursor = 0;
  private day = 0;
  private dawn = false;
  /** What seats did at night, as claims could state it (`actionCode(seat, action, target)`). */
  private readonly done: number[] = [];
  /** Werewolves each seer saw (bitmasks). */
  private readonly seen: Int32Array;
  private guardTonight: { seat: number; target: number } | null = null;
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
    this.all.fill(0);
    this.role.fill('villager');
    this.alive.fill(true);
    this.everWolf.fill(false);
    this.observer.reset();
    this.beliefs.clear();
    for (const b of g.trace.beliefs) this.beliefs.set(b.decision, b.p);
    this.scored = g.trace.beliefs.length > 0;
    this.voteCursor = 0;
    this.day = 0;
    this.dawn = false;
    this.done.length = 0;
    this.seen.fill(0);
    this.guardTonight = null;
    this.healerTonight = -1;
    this.lastVotes = [];
    this.votedOut = null;
    this.accused.fill(0);
    this.fakeSpeakers = 0;
    return this.run();
  }

  private add(seat: number, counter: number, x = 1): void {
    this.all[seat * COUNTER_COUNT + counter]! += x;
  }

  private wolf = (seat: number): boolean => this.role[seat] === 'werewolf';

  private setRole(seat: number, role: Role): void {
    this.role[seat] = role;
    if (role === 'werewolf') this.everWolf[seat] = true;
  }

  private run(): GameTally {
    for (const e of this.g!.log) {
      this.read(e);
      if (e.vis === -1) this.observer.see(e);
    }
    this.endOfDay();
    this.finish();
    this.round();
    return { seats: this.c, roles: this.role };
  }

  private read(e: Event): void {
    switch (e.type) {
      case 'deal':
        return this.setRole(e.seat, e.role);
      case 'thief-swap':
        if (e.took !== null) this.setRole(e.seat, e.took);
        return;
      case 'thief-steal':
        if (e.took !== null) this.setRole(e.seat, e.took);
        return;
      case 'role-change':
        return this.setRole(e.seat, e.role);
      case 'miracle':
        return this.setRole(e.seat, 'villager');
      case 'night':
        this.endOfDay();
        this.guardTonight = null;
        this.healerTonight = -1;
        return;
      case 'day':
        this.day = e.day;
        this.dawn = true;
        return;
      case 'guard':
        this.add(e.seat, C.guardNights);
        this.guardTonight = { seat: e.seat, target: e.target };
        this.did(e.seat, 'protected', e.target);
        return;
      case 'seer':
        return this.look(e.seat, [e.target]);
      case 'seer-glimpse':
        return this.look(e.seat, e.seats);
      case 'pack-victim':
        if (this.guardTonight !== null && e.target === this.guardTonight.target) this.add(this.guardTonight.seat, C.guardHits);
        return;
      case 'witch':
        if (e.heal !== null) {
          this.add(e.seat, C.witchPotions);
          this.healerTonight = e.seat;
          this.did(e.seat, 'healed', e.heal);
        }
        if (e.poison !== null) this.poison(e.seat, e.poison);
        return;
      case 'witch-potion':
        if (e.effect === 'poison') return this.poison(e.seat, e.target);
        this.add(e.seat, C.witchPotions);
        this.healerTonight = e.seat;
        this.did(e.seat, 'healed', e.target);
        return;
      case 'attack':
        if (e.result === 'healed' && this.healerTonight >= 0 && !this.wolf(e.target)) this.add(this.healerTonight, C.witchSaves);
        return;
      case 'charm':
        for (const t of e.targets) this.did(e.seat, 'charmed', t);
        return;
      case 'shot':
        if (e.target !== null) this.did(e.seat, 'shot-at', e.target);
        return;
      case 'death':
        this.alive[e.seat] = false;
        this.add(e.seat, C.daysAlive, this.dawn ? this.day - 1 : this.day);
        return;
      case 'speech':
        this.dawn = false;
        return this.speech(e.seat, e.claims);
      case 'election':
      case 'vouch':
      case 'friends':
      case 'punish':
        this.dawn = false;
        return;
      case 'votes':
        this.dawn = false;
        return this.votes(e.votes);
      case 'verdict':
        if (e.target !== null && VOTED_OUT.has(e.reason)) this.verdict(e.target);
        return;
      default:
        return;
    }
  }

  private look(seer: number, seats: readonly number[]): void {
    for (const s of seats) if (this.wolf(s)) this.seen[seer]! |= 1 << s;
  }

  private did(seat: number, action: ClaimAction, target: number): void {
    this.done.push(actionCode(seat, action, target));
  }

  private poison(witch: number, target: number): void {
    this.add(witch, C.witchPotions);
    if (this.wolf(target)) this.add(witch, C.witchPoisonWolf);
    this.did(witch, 'poisoned', target);
  }

  private speech(seat: number, claims: readonly Claim[]): void {
    this.add(seat, C.speeches);
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
        return this.done.includes(actionCode(seat, claim.action, claim.target));
      case 'suspect':
      case 'trust':
      case 'vote-intent':
        return null;
    }
  }

  /** The decisions of a vote round: the next ones the trace holds, indexed by voter (askedOf). */
  private ask(votes: readonly Vote[]): void {
    const list = this.g!.trace.votes;
    this.askedOf.fill(-1);
    for (let i = 0; i < votes.length && this.voteCursor < list.length; i++) this.askedOf[list[this.voteCursor]!.seat] = this.voteCursor++;
  }

  private votes(votes: readonly Vote[]): void {
    const post = this.observer.posterior();
    this.ask(votes);
    for (const v of votes) {
      const at = this.askedOf[v.voter]!;
      const d = at < 0 ? undefined : this.g!.trace.votes[at];
      this.add(v.voter, C.voteDecisions);
      if (d !== undefined && d.targets.length > 0) {
        this.add(v.voter, C.voteChances);
        if (v.target === null) this.add(v.voter, C.abstained);
      }
      if (d !== undefined && this.scored) this.scoreBeliefs(v.voter, d.id, post);
      if (v.target === null) continue;
      this.add(v.voter, C.votes);
      if (this.wolf(v.target)) this.add(v.voter, C.votesOnWolf);
      this.add(v.target, C.votesReceived);
      if (d === undefined || d.targets.length === 0) continue;
      this.add(v.voter, C.observerOnWolf, observerHit(post.p, d.targets, this.wolf));
      if (post.exact) this.add(v.voter, C.observerExact);
      let wolves = 0;
      const share = 1 / d.targets.length;
      for (const t of d.targets) {
        if (this.role[t] === 'werewolf') wolves++;
        this.all[t * COUNTER_COUNT + C.votesExpected]! += share;
      }
      this.add(v.voter, C.chanceOnWolf, wolves / d.targets.length);
    }
    this.lastVotes = votes;
  }

  private scoreBeliefs(voter: number, decision: number, post: Posterior): void {
    const p = this.beliefs.get(decision);
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
    this.accused.fill(0);
    this.votedOut = null;
    this.lastVotes = [];
  }

  /** The fractional counters onto the grid whose sums are exact in any order (counters.ts GRID). */
  private round(): void {
    const c = this.all;
    for (let at = 0; at < c.length; at += COUNTER_COUNT)
      for (const j of FRACTIONAL) c[at + j] = Math.round(c[at + j]! * GRID) / GRID;
  }

  private finish(): void {
    const t = this.g!.trace;
    let wolves = 0;
    for (let s = 0; s < this.n; s++) if (this.everWolf[s]) wolves++;
    for (const { seat, target } of t.pack) {
      this.add(seat, C.packAnswers);
      if (target !== null && target !== seat && this.wolf(target)) this.add(seat, C.packmateNamed);
    }
    for (let s = 0; s < this.n; s++) {
      const role = this.role[s]!;
      this.add(s, C.seats);
      if (this.alive[s]) this.add(s, C.daysAlive, this.day);
      if (KEY_ROLES.has(role)) {
        this.add(s, C.keySeats);
        if (this.alive[s]) this.add(s, C.keyAlive);
      }
      if (role === 'seer' || this.seen[s] !== 0) {
        this.add(s, C.seerWolves, wolves);
        this.add(s, C.seerFound, popcount(this.seen[s]!));
      }
      this.add(s, C.decisions, t.decisions[s] ?? 0);
      this.add(s, C.answers, t.answers[s] ?? 0);
      this.add(s, C.selfVotes, t.selfVotes[s] ?? 0);
      this.add(s, C.invalid, this.g!.invalid[s] ?? 0);
      this.add(s, C.fallbacks, this.g!.fallbacks[s] ?? 0);
    }
  }
}
