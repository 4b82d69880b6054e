// What a seating does to a rule set's figures, read from the games' logs: seat luck (the
// village's win rate by the seat a werewolf card was dealt to), herding (how often the
// day's first speaker names the one the vote sends out) and Seer wars (with the real
// Seer and a false one both alive, whom the vote sends out). A balance verdict made with
// agents that herd, or that hand out seat luck, measures the agents as much as the role
// mix; these counts say how much (docs/metrics.md "Table bias").

import type { Event, Outcome } from '../engine/index.js';

export interface TableBias {
  games: number;
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
