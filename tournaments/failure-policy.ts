// What a game counts for when an agent failed in it. A seat whose agent fails to answer (a
// model's request failing after its retries, a program that crashes or times out, an
// answer refused) has its move made by the documented fallback, and the game goes on; how
// that game then enters a rating is a choice, and a benchmark's readers should see it:
//
//   keep     the game counts as played: the fallback's moves are the failing side's
//            (the default; a model that fails often is rated on its fallback's play);
//   forfeit  the side whose seat failed loses the game; both failed: the game is void;
//   void     a game in which any seat failed is left out (Kaggle's choice);
//   exclude  an entrant that failed in any game is left off the board with all its games
//            (a disqualification): the others are rated on the games between themselves.
//
// A policy changes only what the stored games count for, never how they were played, so
// re-rating stored games under another policy (`sim leaderboard --policy`) is exact.

import { SIDES } from '../engine/index.js';
import { RUN_POLICIES } from '../runs/run-config.js';

export const FAILURE_POLICIES = ['keep', 'forfeit', 'void', 'exclude'] as const;
export type FailurePolicy = (typeof FAILURE_POLICIES)[number];

const VILLAGE = SIDES.indexOf('village');
const WOLVES = SIDES.indexOf('werewolves');

/**
 * A game's winner (its place in SIDES) under the policy, or null when the game is not
 * counted; `villageFailed` / `wolvesFailed`: whether a seat of that side fell back.
 * `exclude` acts on entrants (the board drops them), not on games: here it keeps the game.
 */
export function winnerUnder(policy: FailurePolicy, winner: number, villageFailed: boolean, wolvesFailed: boolean): number | null {
  if (!villageFailed && !wolvesFailed) return winner;
  switch (policy) {
    case 'keep':
    case 'exclude':
      return winner;
    case 'void':
      return null;
    case 'forfeit':
      return villageFailed && wolvesFailed ? null : villageFailed ? WOLVES : VILLAGE;
  }
}

/**
 * One seat's game under the policy (seat tournaments: the entrant in one seat among
 * reference bots; `failed`: that seat fell back): whether the seat won and which side won
 * (a name of SIDES), or null when the game is not counted. Forfeit gives a failed village
 * or werewolf seat's game to the other side; a failed seat of another team (the Piper, the
 * lovers) has no other side to give it to, and its game is left out.
 */
export function seatGameUnder(policy: FailurePolicy, game: { readonly won: boolean; readonly winner: string | undefined; readonly team: string }, failed: boolean): { readonly won: boolean; readonly winner: string | undefined } | null {
  if (!failed || policy === 'keep' || policy === 'exclude') return { won: game.won, winner: game.winner };
  if (policy === 'void') return null;
  if (game.team === 'village') return { won: false, winner: 'werewolves' };
  if (game.team === 'werewolves') return { won: false, winner: 'village' };
  return null;
}

/** A game the policy leaves out, among a run's winners (where −1 is a game not stored). */
export const NOT_COUNTED = -2;

/**
 * A side run's games as the policy counts them: `winners` (each game's side, its place in
 * SIDES; −1: not stored) and `fallbacks` (Store.sideFallbacksIn: per game the village's then
 * the werewolves' fallback moves) give each game's counted winner, NOT_COUNTED where the
 * policy leaves it out.
 */
export function countedWinners(policy: FailurePolicy, winners: Int8Array, fallbacks: Int32Array): Int8Array {
  return winners.map((w, i) => (w < 0 ? w : (winnerUnder(policy, w, fallbacks[2 * i]! > 0, fallbacks[2 * i + 1]! > 0) ?? NOT_COUNTED)));
}

/** An entrant's failures over the games it played: games in which its side fell back, and its fallback moves. */
export interface FailureCount {
  readonly games: number;
  readonly failed: number;
  readonly fallbacks: number;
}

export const NO_FAILURES: FailureCount = { games: 0, failed: 0, fallbacks: 0 };

export function addFailures(c: FailureCount, fallbacks: number): FailureCount {
  return { games: c.games + 1, failed: c.failed + (fallbacks > 0 ? 1 : 0), fallbacks: c.fallbacks + fallbacks };
}

/**
 * Charges one game of a side pairing to its entrants: the village's fallbacks to the
 * village entrant, the werewolves' to the wolves entrant; self-play is one entrant, charged
 * once with both.
 */
export function chargeGame(failures: Map<string, FailureCount>, sides: { readonly wolves: string; readonly village: string }, villageFallbacks: number, wolvesFallbacks: number): void {
  const charged = sides.wolves === sides.village ? [[sides.village, villageFallbacks + wolvesFallbacks] as const] : [[sides.village, villageFallbacks] as const, [sides.wolves, wolvesFallbacks] as const];
  for (const [e, n] of charged) failures.set(e, addFailures(failures.get(e) ?? NO_FAILURES, n));
}

/** A run's games counted under one policy: how many count, and the sides' wins among them. */
export interface PolicyReading {
  readonly policy: FailurePolicy;
  readonly games: number;
  readonly villageWins: number;
  readonly wolvesWins: number;
}

/** A run's failures, and its games under each policy a single run can be read under. */
export interface RunFailures {
  /** Stored games in which a seat fell back; of them, those where a village-side seat did, and a werewolf seat. */
  readonly failed: number;
  readonly villageFailed: number;
  readonly wolvesFailed: number;
  /** keep, forfeit and void (exclude leaves an entrant off a board: a run has none). */
  readonly readings: readonly PolicyReading[];
}


/**
 * A run's games (Store `winnersIn` and `sideFallbacksIn` over its range) read under each
 * run policy, so a reader sees how much of its figure is its agents' failures.
 */
export function runFailures(winners: Int8Array, fallbacks: Int32Array): RunFailures {
  let failed = 0;
  let villageFailed = 0;
  let wolvesFailed = 0;
  for (let i = 0; i < winners.length; i++) {
    if (winners[i]! < 0) continue;
    const v = fallbacks[2 * i]! > 0;
    const w = fallbacks[2 * i + 1]! > 0;
    if (v || w) failed++;
    if (v) villageFailed++;
    if (w) wolvesFailed++;
  }
  const readings = RUN_POLICIES.map((policy) => {
    let games = 0;
    let villageWins = 0;
    let wolvesWins = 0;
    for (const w of countedWinners(policy, winners, fallbacks)) {
      if (w < 0) continue;
      games++;
      if (w === VILLAGE) villageWins++;
      else if (w === WOLVES) wolvesWins++;
    }
    return { policy, games, villageWins, wolvesWins };
  });
  return { failed, villageFailed, wolvesFailed, readings };
}
