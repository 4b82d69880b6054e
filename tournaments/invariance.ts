// Invariance controls (`sim invariance`): does a rating measure the agent, or the seats it
// was given? The entrants play a side tournament (every ordered pair, each against itself)
// on the same deals twice — as dealt, and under a control that changes only what should not
// matter (`seats`: the deal's cards at other seats, engine `seatShuffle`) — and each
// entrant's overall score (ratings.ts `fitSideOverall`) is compared between the two. The
// shift's 95% interval comes from the bootstrap over deals, both arms resampled together
// (a deal's games in both arms share its cards); the ranking is read in each arm.
//
// A control should move no rating but by noise: a shift whose interval excludes 0, or a
// ranking that changes, says the figure depends on what the control changed.

import { err, ok, Rng, SIDES, type GameSetup, type Result } from '../engine/index.js';
import { GamePlayer } from '../runs/games.js';
import { fitSideOverall, rankEntrants, type SideResult } from './ratings.js';
import { sidesPairing } from './schedule.js';
import { CONTROLS, type Control } from './controls.js';

export interface InvarianceRequest {
  readonly entrants: readonly string[];
  readonly setup: GameSetup;
  readonly seed: string;
  /** Games (deals) per pairing and arm. */
  readonly games: number;
  readonly controls: readonly Control[];
  /** Bootstrap resamples of the deals (default 400). */
  readonly reps?: number;
}

/** An entrant under one control: its score and rank as dealt and under the control, and the shift with its 95% interval. */
export interface InvarianceRow {
  readonly control: Control;
  readonly entrant: string;
  readonly baseScore: number;
  readonly score: number;
  readonly shift: number;
  readonly low: number;
  readonly high: number;
  readonly baseRank: number;
  readonly rank: number;
}

export interface InvarianceResult {
  readonly rows: readonly InvarianceRow[];
  /** Per control: true when the ranking is the same as dealt and every shift's interval holds 0. */
  readonly stable: Readonly<Record<string, boolean>>;
  readonly games: number;
  readonly reps: number;
}

const VILLAGE = SIDES.indexOf('village');
const WOLVES = SIDES.indexOf('werewolves');

/** Each pairing's winner of game i (its place in SIDES), in one arm. */
function playArm(r: InvarianceRequest, control: Control | undefined): Arm {
  const pairs = pairsOf(r.entrants);
  const winners = pairs.map((p) => {
    const player = new GamePlayer({ setup: r.setup, seed: r.seed, seating: sidesPairing(p.wolves, p.village).seating, control });
    const out = new Int8Array(r.games);
    for (let i = 0; i < r.games; i++) out[i] = SIDES.indexOf(player.playSync(i).played.outcome.winner);
    return out;
  });
  return { pairs, winners };
}

/** The pairings' counts over the deals `take` (indices, with repeats). */
function countsOf(pairs: readonly { wolves: string; village: string }[], winners: readonly Int8Array[], take: ArrayLike<number>): SideResult[] {
  return pairs.map((p, k) => {
    let villageWins = 0;
    let wolvesWins = 0;
    for (let n = 0; n < take.length; n++) {
      const w = winners[k]![take[n]!];
      if (w === VILLAGE) villageWins++;
      else if (w === WOLVES) wolvesWins++;
    }
    return { ...p, games: take.length, villageWins, wolvesWins };
  });
}

function scoresOf(entrants: readonly string[], results: readonly SideResult[]): { scores: number[]; ranks: number[] } | null {
  const fit = fitSideOverall(entrants, results);
  if (!fit.ok) return null;
  const ranks = new Array<number>(entrants.length);
  for (const r of rankEntrants(fit.value, 0.02)) ranks[r.index] = r.rank;
  return { scores: fit.value.overall.map((o) => o.score), ranks };
}

/** One arm's games: each pairing's winner of game i (its place in SIDES, −1 where none). */
export interface Arm {
  readonly pairs: readonly { readonly wolves: string; readonly village: string }[];
  readonly winners: readonly Int8Array[];
}

/**
 * An arm against the games as dealt: each entrant's score and rank in both, the shift with
 * its 95% interval (the bootstrap over deals, one resample of the indices for both arms),
 * and whether the control held (the same ranking, every interval holding 0). Null where
 * an arm cannot be rated.
 */
export function compareArms(entrants: readonly string[], base: Arm, arm: Arm, o: { readonly control: Control; readonly games: number; readonly seed: string; readonly reps: number }): { rows: InvarianceRow[]; stable: boolean } | null {
  // The deals every pairing finished in both arms (a model's stopped session leaves some unplayed).
  const all = completeDeals([base, arm], o.games);
  if (all.length === 0) return null;
  const b0 = scoresOf(entrants, countsOf(base.pairs, base.winners, all));
  const a0 = scoresOf(entrants, countsOf(arm.pairs, arm.winners, all));
  if (b0 === null || a0 === null) return null;
  const rng = new Rng(o.seed, `/invariance/${o.control}`);
  const shifts = entrants.map(() => [] as number[]);
  const take = new Int32Array(all.length);
  for (let b = 0; b < o.reps; b++) {
    for (let n = 0; n < all.length; n++) take[n] = all[rng.int(all.length)]!;
    const x = scoresOf(entrants, countsOf(base.pairs, base.winners, take));
    const y = scoresOf(entrants, countsOf(arm.pairs, arm.winners, take));
    if (x === null || y === null) continue;
    entrants.forEach((_, j) => shifts[j]!.push(y.scores[j]! - x.scores[j]!));
  }
  let stable = a0.ranks.every((rank, j) => rank === b0.ranks[j]);
  const rows = entrants.map((entrant, j): InvarianceRow => {
    const s = [...shifts[j]!].sort((a, b) => a - b);
    const low = s[Math.floor(0.025 * s.length)] ?? NaN;
    const high = s[Math.max(0, Math.ceil(0.975 * s.length) - 1)] ?? NaN;
    if (!(low <= 0 && high >= 0)) stable = false;
    return { control: o.control, entrant, baseScore: b0.scores[j]!, score: a0.scores[j]!, shift: a0.scores[j]! - b0.scores[j]!, low, high, baseRank: b0.ranks[j]!, rank: a0.ranks[j]! };
  });
  return { rows, stable };
}

/** A game an arm did not finish (a model's session stopped): its deal is left out of the comparison. */
export const UNPLAYED = -2;

/** The deals (game indices) that every pairing of every arm finished. */
function completeDeals(arms: readonly Arm[], games: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < games; i++) if (arms.every((a) => a.winners.every((w) => w[i] !== UNPLAYED))) out.push(i);
  return out;
}

function checkRequest(r: InvarianceRequest): Result<void, string> {
  if (r.entrants.length < 2) return err('an invariance study ranks two entrants or more: give --agents twice or more');
  if (r.controls.length === 0) return err(`no control: name one with --control (${CONTROLS.join(', ')})`);
  return ok(undefined);
}

/** Each control's arm against the games as dealt. */
function study(r: InvarianceRequest, base: Arm, arms: readonly Arm[]): Result<InvarianceResult, string> {
  const reps = r.reps ?? 400;
  const rows: InvarianceRow[] = [];
  const stable: Record<string, boolean> = {};
  for (const [k, control] of r.controls.entries()) {
    const compared = compareArms(r.entrants, base, arms[k]!, { control, games: r.games, seed: r.seed, reps });
    if (compared === null) return err(`the games as dealt or under the ${control} control cannot be rated (a pairing was won by one side in every game, or no deal was finished in both): play more games`);
    rows.push(...compared.rows);
    stable[control] = compared.stable;
  }
  return ok({ rows, stable, games: r.games, reps });
}

/** The study with built-in bots, played in this thread. */
export function runInvariance(r: InvarianceRequest): Result<InvarianceResult, string> {
  const checked = checkRequest(r);
  if (!checked.ok) return checked;
  return study(r, playArm(r, undefined), r.controls.map((c) => playArm(r, c)));
}

/**
 * Plays one arm: each pairing's winner of games 0 … games − 1 (its place in SIDES, UNPLAYED
 * where a game did not finish). With models the caller plays it (their session, record and
 * budget are the command's).
 */
export type ArmPlayer = (pairs: readonly { readonly wolves: string; readonly village: string }[], control: Control | undefined) => Promise<Arm>;

/** The study with arms played by `play` (models, programs), the games as dealt first. */
export async function runInvarianceWith(r: InvarianceRequest, play: ArmPlayer): Promise<Result<InvarianceResult, string>> {
  const checked = checkRequest(r);
  if (!checked.ok) return checked;
  const pairs = pairsOf(r.entrants);
  const base = await play(pairs, undefined);
  const arms: Arm[] = [];
  for (const c of r.controls) arms.push(await play(pairs, c));
  return study(r, base, arms);
}

/** Every ordered pair of entrants (wolves, village), each against itself too. */
export function pairsOf(entrants: readonly string[]): { wolves: string; village: string }[] {
  return entrants.flatMap((wolves) => entrants.map((village) => ({ wolves, village })));
}
