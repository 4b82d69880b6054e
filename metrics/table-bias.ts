// What a seating does to a rule set's figures, read from the games' logs: seat luck (the
// village's win rate by the seat a werewolf card was dealt to), herding (how often the
// day's first speaker names the one the vote sends out) and Seer wars (with the real
// Seer and a false one both alive, whom the vote sends out). A balance verdict made with
// agents that herd, or that hand out seat luck, measures the agents as much as the role
// mix; these counts say how much (docs/metrics.md "Table bias").

import { Rng, type Event, type Outcome } from '../engine/index.js';

export interface TableBias {
  games: number;
  /** Games the village won. */
  villageWon: number;
  /** Per seat: games in which it was dealt a werewolf card, and of those the village won. */
  readonly wolfGames: number[];
  readonly wolfGamesVillageWon: number[];
  /** Days whose first speaker named a target and whose vote sent someone out. */
  namedDays: number;
  /** … of which the one sent out was the first speaker's target. */
  namedLynched: number;
  /**
   * Steering: days with a first speaker and a vote that sent someone out, by whether the
   * first speaker was dealt a werewolf card (index 1) or not (0); of those, the days the
   * one sent out was dealt one; and the sum over those days of the werewolf cards' share
   * of the living at the vote (what a vote blind to the talk would send out). A first
   * voice the village follows shows as fewer werewolves sent out, against that share,
   * on the days a werewolf speaks first (`steering`).
   */
  readonly firstSpeakerDays: [number, number];
  readonly firstSpeakerWolfOut: [number, number];
  readonly firstSpeakerWolfShare: [number, number];
  /** The same per game, for the interval (a game's days are not independent): its days, and werewolves sent out less their share. */
  readonly firstSpeakerByGame: { readonly days: [number, number]; readonly excess: [number, number] }[];
  /** Days with a lynch while a real Seer and a false one had both claimed and were alive. */
  seerWarDays: number;
  realSeerLynched: number;
  falseSeerLynched: number;
}

export function emptyTableBias(players: number): TableBias {
  return {
    games: 0,
    villageWon: 0,
    wolfGames: Array<number>(players).fill(0),
    wolfGamesVillageWon: Array<number>(players).fill(0),
    namedDays: 0,
    namedLynched: 0,
    firstSpeakerDays: [0, 0],
    firstSpeakerWolfOut: [0, 0],
    firstSpeakerWolfShare: [0, 0],
    firstSpeakerByGame: [],
    seerWarDays: 0,
    realSeerLynched: 0,
    falseSeerLynched: 0,
  };
}

/**
 * A statement's declared target: the player it says it will vote for, else the one it
 * suspects, else the one it reports seen as a werewolf; -1 if none.
 */
export function declaredTarget(claims: readonly { readonly type: string; readonly target?: number; readonly result?: string }[]): number {
  for (const type of ['vote-intent', 'suspect'] as const) {
    const c = claims.find((x) => x.type === type);
    if (c?.target !== undefined) return c.target;
  }
  const seen = claims.find((x) => x.type === 'seen' && x.result === 'werewolf');
  return seen?.target ?? -1;
}

/** Adds one finished game. `dealt` is each seat's dealt card (the outcome's `dealt`). */
export function addTableBias(into: TableBias, log: readonly Event[], outcome: Outcome): void {
  into.games++;
  const villageWon = outcome.winner === 'village';
  if (villageWon) into.villageWon++;
  for (const s of outcome.seats) {
    if (s.dealt !== 'werewolf') continue;
    into.wolfGames[s.seat]!++;
    if (villageWon) into.wolfGamesVillageWon[s.seat]!++;
  }
  const seer = outcome.seats.find((s) => s.dealt === 'seer')?.seat ?? -1;
  const alive = outcome.seats.map(() => true);
  const claimedSeer = new Set<number>();
  const steer = { days: [0, 0] as [number, number], excess: [0, 0] as [number, number] };
  let firstTarget = -2; // -2: the day's first statement is still to come
  let firstSpeaker = -1;
  let judged = false;
  for (const e of log) {
    switch (e.type) {
      case 'day':
        firstTarget = -2;
        firstSpeaker = -1;
        judged = false;
        break;
      case 'death':
        alive[e.seat] = false;
        break;
      case 'speech':
        if (firstTarget === -2) {
          firstTarget = declaredTarget(e.claims);
          firstSpeaker = e.seat;
        }
        if (e.claims.some((c) => c.type === 'role' && c.role === 'seer')) claimedSeer.add(e.seat);
        break;
      case 'verdict': {
        if (judged || e.target === null) break;
        judged = true; // the day's vote (a re-vote's verdict is the same day's)
        if (firstTarget >= 0) {
          into.namedDays++;
          if (e.target === firstTarget) into.namedLynched++;
        }
        if (firstSpeaker >= 0) {
          const k = outcome.seats[firstSpeaker]?.dealt === 'werewolf' ? 1 : 0;
          into.firstSpeakerDays[k]++;
          if (outcome.seats[e.target]?.dealt === 'werewolf') into.firstSpeakerWolfOut[k]++;
          let living = 0;
          let wolves = 0;
          for (const s of outcome.seats) {
            if (alive[s.seat] !== true) continue;
            living++;
            if (s.dealt === 'werewolf') wolves++;
          }
          const share = wolves / Math.max(1, living);
          into.firstSpeakerWolfShare[k] += share;
          steer.days[k]++;
          steer.excess[k] += (outcome.seats[e.target]?.dealt === 'werewolf' ? 1 : 0) - share;
        }
        const real = seer >= 0 && alive[seer] === true && claimedSeer.has(seer);
        const fakes = [...claimedSeer].filter((s) => s !== seer && alive[s] === true);
        if (real && fakes.length > 0) {
          into.seerWarDays++;
          if (e.target === seer) into.realSeerLynched++;
          if (fakes.includes(e.target)) into.falseSeerLynched++;
        }
        break;
      }
      default:
        break;
    }
  }
  into.firstSpeakerByGame.push(steer);
}

/**
 * How far the day's first speaker steers the vote: werewolves sent out beyond their share
 * of the living on days an innocent speaks first, less the same on days a werewolf does
 * (0 for a vote blind to who spoke first; positive when a werewolf's first word keeps his
 * pack in), with its 95% interval, games as the unit (the delta method for the two ratios
 * of per-game sums, their covariance within games included). Null without days of both kinds.
 */
export function steering(b: TableBias): { readonly value: number; readonly low: number; readonly high: number } | null {
  const n = [0, 0];
  const x = [0, 0];
  for (const g of b.firstSpeakerByGame) for (const k of [0, 1] as const) {
    n[k]! += g.days[k];
    x[k]! += g.excess[k];
  }
  if (n[0] === 0 || n[1] === 0) return null;
  const r = [x[0]! / n[0]!, x[1]! / n[1]!];
  // Each ratio's linearised residual per game, e_k = (excess_k − r_k days_k) / N_k; the
  // difference's variance is the sum over games of (e_0 − e_1)², times G / (G − 1).
  let ss = 0;
  for (const g of b.firstSpeakerByGame) {
    const e = (k: 0 | 1) => (g.excess[k] - r[k]! * g.days[k]) / n[k]!;
    ss += (e(0) - e(1)) ** 2;
  }
  const games = b.firstSpeakerByGame.length;
  const se = Math.sqrt((ss * games) / Math.max(1, games - 1));
  const value = r[0]! - r[1]!;
  return { value, low: value - 1.96 * se, high: value + 1.96 * se };
}

/** `steering` in words, for the scripts that print it. */
export function steeringLine(b: TableBias): string {
  const s = steering(b);
  const pts = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(100 * x).toFixed(1)}`;
  if (s === null) return 'steering by the first speaker: no days with both an innocent and a werewolf speaking first';
  return `steering by the first speaker: ${pts(s.value)} points (95% ${pts(s.low)} to ${pts(s.high)}): werewolves sent out beyond their share of the living when an innocent speaks first, less when a werewolf does (0: the vote does not follow the first voice)`;
}

export interface SeatLuck {
  /** Per seat, the village's win rate when it was dealt a werewolf card (null: never was). */
  readonly rates: readonly (number | null)[];
  /** From the best seat to the worst. */
  readonly span: number;
  /** The span sampling alone gives: the mean range of as many independent rates at the pooled rate and mean count. */
  readonly sampling: number;
}

export function seatLuck(b: TableBias): SeatLuck {
  const rates = b.wolfGames.map((n, s) => (n === 0 ? null : b.wolfGamesVillageWon[s]! / n));
  const seen = rates.filter((r): r is number => r !== null);
  const games = b.wolfGames.reduce((a, x) => a + x, 0);
  const pooled = b.wolfGamesVillageWon.reduce((a, x) => a + x, 0) / Math.max(1, games);
  const meanN = games / Math.max(1, seen.length);
  return {
    rates,
    span: seen.length === 0 ? 0 : Math.max(...seen) - Math.min(...seen),
    sampling: expectedRange(seen.length) * Math.sqrt((pooled * (1 - pooled)) / Math.max(1, meanN)),
  };
}

/** The mean range of k independent standard normals (Monte Carlo, seeded: the same every time). */
function expectedRange(k: number): number {
  if (k < 2) return 0;
  const rng = new Rng('expected-range');
  const draws = 20_000;
  let sum = 0;
  for (let d = 0; d < draws; d++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let i = 0; i < k; i++) {
      const z = Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float());
      lo = Math.min(lo, z);
      hi = Math.max(hi, z);
    }
    sum += hi - lo;
  }
  return sum / draws;
}
