// The game's state: plain data, mutated only by the flow (flow/*.ts, roles/*.ts).
// Everything a player may know is in the log; the state is the moderator's view.

import type { Cause } from './causes.js';
import type { MoonState } from './moon/state.js';
import { teamOf, type Role, type Side } from './teams.js';

export interface Seat {
  /** The card the seat plays now (a thief's taken card). */
  role: Role;
  /** The card dealt. */
  readonly dealt: Role;
  alive: boolean;
  /** The partner seat, or -1. */
  lover: number;
  charmed: boolean;
  /** False once a revealed Idiot (or, for the day, a Scapegoat's restriction). */
  mayVote: boolean;
  idiotRevealed: boolean;
  /** Lives against the werewolves (Elder: 2). */
  lives: number;
  death: { day: number; night: boolean; cause: Cause } | null;
  /** New Moon, Pact with the Devil (004): convicted, he made a pact and was not hanged. */
  pact: boolean;
}

/**
 * Harvest Festival (004): Cupid's third, secret lover. A (abandoned) and B (unfaithful)
 * are the first pair; C is B's secret lover. Seats' `lover` fields: A→B, B→C, C→B, so
 * the vote rule ("may not vote for your lover") gives 004's restrictions as they are:
 * A may not vote for B, B and C not for each other, B may vote for A.
 */
export interface LoveTriangle {
  readonly a: number;
  readonly b: number;
  readonly c: number;
}

/** What tonight's steps decided, read by the later steps and the dawn. */
export interface NightRecord {
  /** The pack's victim, after the Little Girl's catch (-1: none). */
  attack: number;
  /** The attack is on the Little Girl the pack caught peeking (witchSavesCaughtGirl). */
  caught: boolean;
  guarded: number;
  guardedToDeath: boolean;
  healed: boolean;
  poisoned: number;
  /** The pack agreed on no victim and starves (packStarves, 000): its werewolves. */
  starved: readonly number[];
}

export function newNight(): NightRecord {
  return { attack: -1, caught: false, guarded: -1, guardedToDeath: false, healed: false, poisoned: -1, starved: [] };
}

export interface GameState {
  readonly players: number;
  readonly seats: Seat[];
  /** The two cards left face down when a thief is in play. */
  readonly leftover: Role[];
  night: number;
  day: number;
  sheriff: number;
  healPotion: boolean;
  poisonPotion: boolean;
  /** Whom the guard protected last night (-1 none). */
  lastGuarded: number;
  tonight: NightRecord;
  /** Lost when the Elder dies by anything but the werewolves. */
  villagePowers: boolean;
  /** The seats whose death the dawn announces, seat-ordered. */
  nightDeaths: { seat: number; cause: Cause }[];
  /** The first seat announced dead at dawn (for speakingOrder=after-victim), or -1. */
  dawnVictim: number;
  /** A Scapegoat's choice: who may vote on the coming day (null: no restriction). */
  nextDayVoters: number[] | null;
  winner: Side | null;
  /** The most recent death (in announcement order), or -1: New Moon's "the last dead". */
  lastDead: number;
  /** The first player the werewolves killed, or -1: Spiritualism's ghost. */
  firstWolfVictim: number;
  /** The seer has seen a werewolf's card (Spiritualism's first question). */
  seerFoundWolf: boolean;
  /** Harvest Festival: Cupid's triangle, once formed. */
  triangle: LoveTriangle | null;
  /** New Moon: the deck and the round's event (null when the option is off). */
  moon: MoonState | null;
}

export function newState(players: number, dealt: readonly Role[], leftover: Role[]): GameState {
  // Pushed, not mapped: the array's elements kind must not depend on whether `map` ran as
  // the builtin or inlined into optimized code. It did: once newState was optimized (some
  // thousand games into a run) the seats came in arrays of another map, and every optimized
  // function that read them was thrown away and compiled again.
  const seats: Seat[] = [];
  for (const role of dealt)
    seats.push({
      role,
      dealt: role,
      alive: true,
      lover: -1,
      charmed: false,
      mayVote: true,
      idiotRevealed: false,
      lives: role === 'elder' ? 2 : 1,
      death: null,
      pact: false,
    });
  return {
    players,
    seats,
    leftover,
    night: 0,
    day: 0,
    sheriff: -1,
    healPotion: true,
    poisonPotion: true,
    lastGuarded: -1,
    tonight: newNight(),
    villagePowers: true,
    nightDeaths: [],
    dawnVictim: -1,
    nextDayVoters: null,
    winner: null,
    lastDead: -1,
    firstWolfVictim: -1,
    seerFoundWolf: false,
    triangle: null,
    moon: null,
  };
}

/** The living seat holding `role`, or -1. Roles other than werewolf/villager are unique. */
export function seatOf(s: GameState, role: Role): number {
  for (let i = 0; i < s.players; i++) if (s.seats[i]!.alive && s.seats[i]!.role === role) return i;
  return -1;
}

/**
 * `n` zeros, pushed: an array without holes. `new Array(n).fill(0)` makes a holey array
 * and fills it through the runtime's slow builtin (made for every game's per-seat counts
 * and every vote's tally).
 */
export function zeros(n: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(0);
  return out;
}

export function living(s: GameState): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.players; i++) if (s.seats[i]!.alive) out.push(i);
  return out;
}

export function livingWolves(s: GameState): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.players; i++) if (s.seats[i]!.alive && s.seats[i]!.role === 'werewolf') out.push(i);
  return out;
}

/**
 * A couple whose members play for different teams (their goal becomes being the last two).
 * With Harvest Festival's triangle, its three members are one group: cross-team when their
 * teams are not all the same, and then all three leave their teams.
 */
export function crossTeamLovers(s: GameState, a: number): boolean {
  const b = s.seats[a]!.lover;
  if (b < 0) return false;
  const t = s.triangle;
  if (t !== null && (a === t.a || a === t.b || a === t.c)) return crossTeamTriangle(s, t);
  return teamOf(s.seats[a]!.role) !== teamOf(s.seats[b]!.role);
}

export function crossTeamTriangle(s: GameState, t: LoveTriangle): boolean {
  const team = teamOf(s.seats[t.a]!.role);
  return teamOf(s.seats[t.b]!.role) !== team || teamOf(s.seats[t.c]!.role) !== team;
}

/** Changes a seat's card in play (a thief's steal, a potion, a miracle): an Elder's lives go with the card. */
export function setRole(s: GameState, seat: number, role: Role): void {
  const st = s.seats[seat]!;
  st.role = role;
  st.lives = role === 'elder' ? 2 : 1;
}
