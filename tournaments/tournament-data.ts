// A stored tournament's games as the counts its ratings need (ratings.ts): per side
// pairing, who won; at mixed tables, per line-up (mixed-data.ts); in seat mode, per entrant and card dealt to its seat, what the seat
// won, and what the reference won in the same seat of the same deal (the baseline run).
// Games are read as stored: an unfinished tournament is rated on the games it has. A side
// or seat tournament's games count as its failure policy says (failure-policy.ts); a side
// tournament's exactly as `sim leaderboard --policy` counts the same games. In seat mode a
// failure is the entrant's seat falling back (the reference's are not charged).

import { ROLES, SIDES, teamOf, type Role, type Team } from '../engine/index.js';
import { addFailures, chargeGame, countedWinners, NO_FAILURES, NOT_COUNTED, seatGameUnder, type FailureCount } from './failure-policy.js';
import { FLAG, decodeSeat } from '../runs/record.js';
import { MetricsPool, type MetricsRow } from '../metrics/pool.js';
import { poolStoredRun } from '../runs/metrics.js';
import { dealCells, type DealCells, type SideResult } from './ratings.js';
import { seatRowOf, type Baseline, type SeatCell } from './seat-ratings.js';
import type { ClusterCell } from '../stats/logistic.js';
import type { ClusterSum } from '../stats/cluster-mean.js';
import type { Store } from '../runs/storage.js';
import { pairings, type PairingRow, type TournamentRow } from './tournament-store.js';
import { badStoredValue } from '../runs/stored-value.js';
import { mixedGames, type MixedGames } from './mixed-data.js';

export interface PairingGames {
  readonly row: PairingRow;
  readonly stored: number;
  readonly planned: number;
}

/** The setup in a few words: `8 players werewolf=2,villager=5,seer (standard, tie=random)`. */
export function setupLabel(r: { readonly players: number; readonly deck: string; readonly preset: string; readonly rules: string }): string {
  return `${r.players} players ${r.deck} (${r.preset}${r.rules === '' ? '' : `, ${r.rules}`})`;
}

/** The behaviour metrics of a tournament's games, pooled over its pairings (the deals they share resampled together). */
export interface TournamentMetrics {
  readonly rows: readonly MetricsRow[];
  /** Runs stored without their counts (played before they were kept): sim metrics replays them. */
  readonly uncounted: readonly number[];
}

export interface SideData {
  readonly mode: 'side';
  readonly tournament: TournamentRow;
  readonly setupLabel: string;
  readonly pairings: readonly PairingGames[];
  readonly metrics: TournamentMetrics;
  /** Per pairing, its games as the tournament's failure policy counts them (the pairings of excluded entrants left out). */
  readonly results: readonly (SideResult & { readonly run: number; readonly other: number })[];
  /** The results' decisive games by deal (game index: every pairing of a tournament plays the same seed), for errors with a deal as the unit. */
  readonly deals: DealCells;
  /** The entrants rated: every entrant, but those the policy excluded. */
  readonly rated: readonly string[];
  /** Per entrant, its games in which its side fell back (whatever the policy counts). */
  readonly failures: ReadonlyMap<string, FailureCount>;
  /** Entrants left off the board (policy exclude), and games left out (void; forfeit when both sides failed). */
  readonly excluded: readonly string[];
  readonly voided: number;
}

export interface SeatData {
  readonly mode: 'seat';
  readonly tournament: TournamentRow;
  readonly setupLabel: string;
  readonly pairings: readonly PairingGames[];
  readonly metrics: TournamentMetrics;
  readonly reference: string;
  readonly baseline: Baseline & { readonly run: number };
  readonly cells: readonly SeatCell[];
  /** The decisive games by deal (game index), each in its row of the seat model (ratings.ts `seatRowOf`), for errors with a deal as the unit. */
  readonly deals: DealCells;
  /** As for a side tournament: the entrants rated, each entrant's games in which its seat fell back, those left off and the games left out. */
  readonly rated: readonly string[];
  readonly failures: ReadonlyMap<string, FailureCount>;
  readonly excluded: readonly string[];
  readonly voided: number;
}

export interface MixedData extends MixedGames {
  readonly mode: 'mixed';
  readonly tournament: TournamentRow;
  readonly setupLabel: string;
  readonly pairings: readonly PairingGames[];
  readonly metrics: TournamentMetrics;
}

export type TournamentData = SideData | SeatData | MixedData;

/**
 * A side tournament's games as its policy counts them: per pairing, each game's winner from
 * game 0 (NOT_COUNTED where left out); the entrants excluded; each entrant's failures. Self-play
 * is one entrant: its games are charged to it once, whichever side fell back.
 */
function sideGames(store: Store, t: TournamentRow, rows: readonly PairingRow[]) {
  const failures = new Map<string, FailureCount>();
  const read = rows.map((row) => {
    const run = store.run(row.run);
    const range = { first: 0, stop: run?.stop ?? 0 };
    const winners = run === undefined ? new Int8Array(0) : store.winnersIn(run.id, range);
    const fallbacks = run === undefined ? new Int32Array(0) : store.sideFallbacksIn(run.id, range);
    const sides = { wolves: row.wolves!, village: row.village! };
    for (let i = 0; i < winners.length; i++) if (winners[i]! >= 0) chargeGame(failures, sides, fallbacks[2 * i]!, fallbacks[2 * i + 1]!);
    return { row, winners, fallbacks };
  });
  const excluded = t.policy === 'exclude' ? t.entrants.filter((e) => (failures.get(e)?.failed ?? 0) > 0) : [];
  let voided = 0;
  const kept = read
    .filter((r) => !excluded.includes(r.row.wolves!) && !excluded.includes(r.row.village!))
    .map(({ row, winners, fallbacks }) => {
      const counted = countedWinners(t.policy, winners, fallbacks);
      voided += counted.filter((w) => w === NOT_COUNTED).length;
      return { row, winners: counted };
    });
  return { kept, excluded, voided, failures, rated: t.entrants.filter((e) => !excluded.includes(e)) };
}

function sideCounter(store: Store) {
  return (run: number) => {
    const t = store.tally(run);
    return { games: t.games, villageWins: t.wins.village, wolvesWins: t.wins.werewolves };
  };
}

/** The stored counts of the tournament's runs, pooled (every run once: equal pairings share one). */
function metricsOf(store: Store, runs: readonly number[]): TournamentMetrics {
  const pool = new MetricsPool();
  const uncounted: number[] = [];
  for (const id of new Set(runs)) {
    const run = store.run(id);
    if (run !== undefined && !poolStoredRun(store, run, pool)) uncounted.push(id);
  }
  return { rows: pool.rows(), uncounted };
}

export function tournamentData(store: Store, t: TournamentRow): TournamentData {
  const rows = pairings(store, t.id);
  const metrics = metricsOf(store, rows.map((r) => r.run));
  const games: PairingGames[] = rows.map((row) => {
    const run = store.run(row.run);
    return { row, stored: store.storedCount(row.run), planned: run === undefined ? 0 : run.stop - run.first };
  });
  const count = sideCounter(store);
  const first = rows.length === 0 ? undefined : store.run(rows[0]!.run);
  const label = first === undefined ? t.setup : setupLabel(first);
  if (t.mode === 'side') {
    const read = sideGames(
      store,
      t,
      rows.filter((r) => r.kind === 'sides'),
    );
    const village = SIDES.indexOf('village');
    const wolves = SIDES.indexOf('werewolves');
    const results = read.kept.map(({ row, winners }) => {
      let n = 0;
      let villageWins = 0;
      let wolvesWins = 0;
      for (const w of winners) {
        if (w < 0) continue;
        n++;
        if (w === village) villageWins++;
        if (w === wolves) wolvesWins++;
      }
      return { run: row.run, wolves: row.wolves!, village: row.village!, games: n, villageWins, wolvesWins, other: n - villageWins - wolvesWins };
    });
    const deals = dealCells(read.kept.map((k) => k.winners));
    return { mode: 'side', tournament: t, setupLabel: label, pairings: games, results, deals, metrics, rated: read.rated, failures: read.failures, excluded: read.excluded, voided: read.voided };
  }
  if (t.mode === 'mixed') return { mode: 'mixed', tournament: t, setupLabel: label, pairings: games, metrics, ...mixedGames(store, t, rows.filter((r) => r.kind === 'table')) };
  const base = rows.find((r) => r.kind === 'baseline');
  if (base === undefined) throw new Error(`tournament ${t.id}: a seat tournament without its baseline run`);
  const roleNames = store.names('roles');
  const sideNames = store.names('sides');
  const baselineSeats = new Map<number, string>();
  // Per game index, its decisive games in the seat model's rows: the baseline's, and each entrant's by the team its seat played.
  const byDeal = new Map<number, ClusterCell[]>();
  const inDeal = (idx: number, row: number, winner: string | undefined) => {
    if (winner !== 'village' && winner !== 'werewolves') return;
    const list = byDeal.get(idx) ?? [];
    byDeal.set(idx, list);
    list.push({ row, successes: winner === 'village' ? 1 : 0, trials: 1 });
  };
  for (const g of store.gameRows(base.run)) {
    baselineSeats.set(g.idx, g.seats);
    inDeal(g.idx, 0, sideNames.get(g.winner));
  }
  const cells = new Map<string, { -readonly [K in keyof SeatCell]: SeatCell[K] }>();
  const roleOf = (code: number): Role => {
    const r = roleNames.get(code);
    if (r === undefined || !(ROLES as readonly string[]).includes(r)) badStoredValue(`stored role code ${code} has no known role`);
    return r as Role;
  };
  const seatRows = rows.filter((p) => p.kind === 'seat');
  // Failures first: the policy exclude leaves off an entrant that failed anywhere.
  const failures = new Map<string, FailureCount>();
  // Read twice rather than held: a seat tournament's games may be many.
  for (const p of seatRows)
    for (const g of store.gameRows(p.run)) failures.set(p.entrant!, addFailures(failures.get(p.entrant!) ?? NO_FAILURES, decodeSeat(g.seats, p.seat!).fallbacks));
  const excluded = t.policy === 'exclude' ? t.entrants.filter((e) => (failures.get(e)?.failed ?? 0) > 0) : [];
  const rated = t.entrants.filter((e) => !excluded.includes(e));
  let voided = 0;
  for (const p of seatRows) {
    if (excluded.includes(p.entrant!)) continue;
    const seat = p.seat!;
    for (const g of store.gameRows(p.run)) {
      const s = decodeSeat(g.seats, seat);
      const dealt = roleOf(s.dealt);
      const team: Team = teamOf(roleOf(s.role));
      const counted = seatGameUnder(t.policy, { won: (s.flags & FLAG.won) !== 0, winner: sideNames.get(g.winner), team }, s.fallbacks > 0);
      if (counted === null) {
        voided++;
        continue;
      }
      const { won, winner } = counted;
      const key = `${p.entrant}\0${dealt}\0${team}`;
      let c = cells.get(key);
      if (c === undefined) {
        c = { entrant: p.entrant!, role: dealt, team, games: 0, won: 0, villageWins: 0, wolvesWins: 0, paired: 0, onlyEntrant: 0, onlyReference: 0, referenceWon: 0, pairedByDeal: new Map<number, ClusterSum>() };
        cells.set(key, c);
      }
      if (team !== 'piper') inDeal(g.idx, seatRowOf(rated.indexOf(p.entrant!), team), winner);
      c.games++;
      if (won) c.won++;
      if (winner === 'village') c.villageWins++;
      if (winner === 'werewolves') c.wolvesWins++;
      const ref = baselineSeats.get(g.idx);
      if (ref !== undefined) {
        const refWon = (decodeSeat(ref, seat).flags & FLAG.won) !== 0;
        const deals = c.pairedByDeal as Map<number, ClusterSum>;
        const x = deals.get(g.idx) ?? { sum: 0, count: 0 };
        deals.set(g.idx, { sum: x.sum + (won ? 1 : 0) - (refWon ? 1 : 0), count: x.count + 1 });
        c.paired++;
        if (refWon) c.referenceWon++;
        if (won && !refWon) c.onlyEntrant++;
        if (refWon && !won) c.onlyReference++;
      }
    }
  }
  const order = (c: SeatCell) => [t.entrants.indexOf(c.entrant), ROLES.indexOf(c.role), c.team === 'village' ? 0 : c.team === 'werewolves' ? 1 : 2];
  const sorted = [...cells.values()].sort((a, b) => {
    const x = order(a);
    const y = order(b);
    return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
  });
  return { mode: 'seat', tournament: t, setupLabel: label, pairings: games, reference: t.reference!, baseline: { run: base.run, ...count(base.run) }, cells: sorted, deals: [...byDeal.keys()].sort((a, b) => a - b).map((i) => byDeal.get(i)!), metrics, rated, failures, excluded, voided };
}
