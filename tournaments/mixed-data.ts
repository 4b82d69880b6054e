// A mixed tournament's games as its ratings need them (ratings.ts `fitLineupOverall`): each
// game is a line-up — every entrant's share of the village team's seats and of the
// werewolves' — and who won it, as the tournament's failure policy counts it. Games with
// the same line-up are one row of the model; a deal (one game index: every rotation of
// the table plays the same seed) is the unit of its errors. Beside the model, each
// entrant's seats' own win rates on each team, with a deal as the unit too.
//
// A seat's team is the team of the card it ends the game with (a thief's taken card
// decides); seats of a third team (the piper) are in neither share, as their wins are not
// in the model.

import { ROLES, SIDES, teamOf, type Role } from '../engine/index.js';
import { decodeSeat } from '../runs/record.js';
import { seatingFromText } from '../runs/run-config.js';
import type { Store } from '../runs/storage.js';
import { badStoredValue } from '../runs/stored-value.js';
import { clusteredMean, type ClusterSum } from '../stats/cluster-mean.js';
import type { ClusterCell } from '../stats/logistic.js';
import { Z95 } from '../stats/wilson.js';
import { addFailures, countedWinners, NO_FAILURES, NOT_COUNTED, type FailureCount } from './failure-policy.js';
import type { DealCells, LineupResult } from './ratings.js';
import type { PairingRow, TournamentRow } from './tournament-store.js';

/** A rate over an entrant's seats of one team, with its 95% interval taking a deal as the unit (null before two deals). */
export interface SeatRate {
  readonly seats: number;
  readonly rate: number | null;
  readonly low: number | null;
  readonly high: number | null;
}

export interface MixedSeats {
  readonly entrant: string;
  /** Its seats on the village team, and the share of them on the winning team; the same on the werewolves'. */
  readonly asVillage: SeatRate;
  readonly asWolves: SeatRate;
}

export interface MixedGames {
  /** One row per line-up seen, in the order first seen. */
  readonly lineups: readonly LineupResult[];
  /** Per deal, each line-up's decisive games of it (the row its place in `lineups`). */
  readonly deals: DealCells;
  readonly seats: readonly MixedSeats[];
  readonly failures: ReadonlyMap<string, FailureCount>;
  /** Games the policy left out (void; forfeit when both teams failed). */
  readonly voided: number;
  /** Games stored but neither team's win (lovers, the piper, draws): not in the model. */
  readonly other: number;
}

/** Who plays each seat of a mixed table's run: its stored seating read back (an entrant by seat, the first entrant elsewhere). */
function seatEntrants(seatingText: string, players: number, run: number): string[] {
  const s = seatingFromText(seatingText);
  if (!s.ok) badStoredValue(`run ${run}: ${s.error}`);
  const fallback = s.value.assignments.find((a) => a.who.by === 'default')?.spec.text;
  return Array.from({ length: players }, (_, k) => {
    const a = s.value.assignments.find((x) => x.who.by === 'seat' && x.who.seat === k);
    const who = a?.spec.text ?? fallback;
    if (who === undefined || s.value.assignments.some((x) => x.who.by !== 'seat' && x.who.by !== 'default')) badStoredValue(`run ${run}: the seating '${seatingText}' is not a mixed table's`);
    return who;
  });
}

const rate = (byDeal: ReadonlyMap<number, ClusterSum>): SeatRate => {
  const m = clusteredMean(byDeal.values());
  if (m.n === 0) return { seats: 0, rate: null, low: null, high: null };
  return { seats: m.n, rate: m.mean, low: m.se === null ? null : Math.max(0, m.mean - Z95 * m.se), high: m.se === null ? null : Math.min(1, m.mean + Z95 * m.se) };
};

export function mixedGames(store: Store, t: TournamentRow, rows: readonly PairingRow[]): MixedGames {
  const k = t.entrants.length;
  const place = new Map(t.entrants.map((e, i) => [e, i]));
  const roleNames = store.names('roles');
  const village = SIDES.indexOf('village');
  const wolves = SIDES.indexOf('werewolves');
  const lineups: { -readonly [K in keyof LineupResult]: LineupResult[K] }[] = [];
  const rowOf = new Map<string, number>();
  const byDeal = new Map<number, Map<number, ClusterCell>>();
  const seatDeals = t.entrants.map(() => ({ village: new Map<number, ClusterSum>(), werewolves: new Map<number, ClusterSum>() }));
  const failures = new Map<string, FailureCount>();
  let voided = 0;
  let other = 0;
  const teamOfCode = (code: number) => {
    const r = roleNames.get(code);
    if (r === undefined || !(ROLES as readonly string[]).includes(r)) badStoredValue(`stored role code ${code} has no known role`);
    return teamOf(r as Role);
  };
  for (const p of rows) {
    const run = store.run(p.run);
    if (run === undefined) continue;
    const who = seatEntrants(run.seating, run.players, run.id).map((e) => {
      const j = place.get(e);
      if (j === undefined) badStoredValue(`run ${run.id}: its seating seats ${e}, not an entrant of tournament ${t.id}`);
      return j;
    });
    const range = { first: 0, stop: run.stop };
    const counted = countedWinners(t.policy, store.winnersIn(run.id, range), store.sideFallbacksIn(run.id, range));
    for (const g of store.gameRows(run.id)) {
      const teams = who.map((_, seat) => teamOfCode(decodeSeat(g.seats, seat).role));
      const fell = new Map<number, number>();
      who.forEach((j, seat) => fell.set(j, (fell.get(j) ?? 0) + decodeSeat(g.seats, seat).fallbacks));
      for (const [j, n] of fell) failures.set(t.entrants[j]!, addFailures(failures.get(t.entrants[j]!) ?? NO_FAILURES, n));
      const winner = counted[g.idx]!;
      if (winner === NOT_COUNTED) {
        voided++;
        continue;
      }
      if (winner !== village && winner !== wolves) {
        other++;
        continue;
      }
      const shares = (team: 'village' | 'werewolves') => {
        const n = teams.filter((x) => x === team).length;
        const out = new Array<number>(k).fill(0);
        who.forEach((j, seat) => {
          if (teams[seat] === team) out[j]! += 1 / n;
        });
        return out;
      };
      const v = shares('village');
      const w = shares('werewolves');
      const key = `${v.join(',')}|${w.join(',')}`;
      let row = rowOf.get(key);
      if (row === undefined) {
        row = lineups.length;
        rowOf.set(key, row);
        lineups.push({ village: v, wolves: w, games: 0, villageWins: 0, wolvesWins: 0 });
      }
      const l = lineups[row]!;
      const won = winner === village ? 1 : 0;
      l.games++;
      l.villageWins += won;
      l.wolvesWins += 1 - won;
      const cells = byDeal.get(g.idx) ?? new Map<number, ClusterCell>();
      byDeal.set(g.idx, cells);
      const c = cells.get(row) ?? { row, successes: 0, trials: 0 };
      cells.set(row, { row, successes: c.successes + won, trials: c.trials + 1 });
      who.forEach((j, seat) => {
        const team = teams[seat];
        if (team !== 'village' && team !== 'werewolves') return;
        const m = seatDeals[j]![team];
        const x = m.get(g.idx) ?? { sum: 0, count: 0 };
        m.set(g.idx, { sum: x.sum + ((team === 'village') === (won === 1) ? 1 : 0), count: x.count + 1 });
      });
    }
  }
  const deals = [...byDeal.keys()].sort((a, b) => a - b).map((i) => [...byDeal.get(i)!.values()]);
  const seats = t.entrants.map((entrant, j): MixedSeats => ({ entrant, asVillage: rate(seatDeals[j]!.village), asWolves: rate(seatDeals[j]!.werewolves) }));
  return { lineups, deals, seats, failures, voided, other };
}
