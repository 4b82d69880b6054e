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
  let firstTarget = -2; // -2: the day's first statement is still to come
  let judged = false;
  for (const e of log) {
    switch (e.type) {
      case 'day':
        firstTarget = -2;
        judged = false;
        break;
      case 'death':
        alive[e.seat] = false;
        break;
      case 'speech':
        if (firstTarget === -2) firstTarget = declaredTarget(e.claims);
        if (e.claims.some((c) => c.type === 'role' && c.role === 'seer')) claimedSeer.add(e.seat);
        break;
      case 'verdict': {
        if (judged || e.target === null) break;
        judged = true; // the day's vote (a re-vote's verdict is the same day's)
        if (firstTarget >= 0) {
          into.namedDays++;
          if (e.target === firstTarget) into.namedLynched++;
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
