// Seat mode's ratings (ratings.ts has the side and mixed modes): one entrant at a time in
// one seat of a table of reference agents, its win rate per role beside the reference's in
// the same seats of the same deals (a paired difference), and the model
//     logit P(village wins) = c + v_X (X in a village seat) − w_X (X a wolf),
// the reference agent at 0: the shift of the village's log-odds when the entrant replaces
// the reference in one seat. Given the deals, errors take a deal as the unit.

import { err, ok, type Result } from '../engine/index.js';
import type { Role, Team } from '../engine/index.js';
import { clusteredMean, type ClusterSum } from '../stats/cluster-mean.js';
import { clusterCovariance, type BinomialRow } from '../stats/logistic.js';
import { Z95 } from '../stats/wilson.js';
import { decisive, diagonal, fitWithFallback, linear, rateOf, type DealCells, type ModelFit, type Rate, type Strength } from './ratings.js';

/** Seat mode: the entrant's games in one seat, grouped by the role dealt to it. */
export interface SeatCell {
  readonly entrant: string;
  /** The card dealt to the entrant's seat. */
  readonly role: Role;
  /** The team it played for at the end (a thief's taken card decides). */
  readonly team: Team;
  readonly games: number;
  /** Games the entrant's seat won. */
  readonly won: number;
  readonly villageWins: number;
  readonly wolvesWins: number;
  /** Games whose baseline deal is stored too (the reference in the same seat): */
  readonly paired: number;
  /** … won by the entrant and lost by the reference, and the other way round. */
  readonly onlyEntrant: number;
  readonly onlyReference: number;
  /** … won by the reference. */
  readonly referenceWon: number;
  /**
   * The paired differences (entrant won − reference won) by deal (game index): the sum and
   * the count of each deal's pairs. An entrant's seat runs share each deal, so its pairs
   * of one deal move together: with these, the interval takes the deal as the unit.
   */
  readonly pairedByDeal?: ReadonlyMap<number, ClusterSum>;
}

export interface Baseline {
  readonly games: number;
  readonly villageWins: number;
  readonly wolvesWins: number;
}

/** A paired comparison: the entrant's win rate minus the reference's on the same seats of the same deals. */
export interface Paired {
  readonly games: number;
  readonly entrant: number | null;
  readonly reference: number | null;
  readonly diff: number | null;
  readonly low: number | null;
  readonly high: number | null;
}

export function pairedOf(c: Pick<SeatCell, 'paired' | 'onlyEntrant' | 'onlyReference' | 'referenceWon' | 'pairedByDeal'>): Paired {
  const n = c.paired;
  if (n === 0) return { games: 0, entrant: null, reference: null, diff: null, low: null, high: null };
  const d = (c.onlyEntrant - c.onlyReference) / n;
  const reference = c.referenceWon / n;
  const half = c.pairedByDeal !== undefined ? dealHalf(c.pairedByDeal) : pairHalf(c, d);
  return { games: n, entrant: reference + d, reference, diff: d, low: half === null ? null : d - half, high: half === null ? null : d + half };
}

/** The 95% half-width with a deal as the unit: the entrant's seats of one deal share its cards. */
function dealHalf(byDeal: ReadonlyMap<number, ClusterSum>): number | null {
  const { se } = clusteredMean(byDeal.values());
  return se === null ? null : Z95 * se;
}

/** The 95% half-width with every pair independent: the sample variance of d_i ∈ {−1, 0, 1}, E[d²] = (a + b)/n. */
function pairHalf(c: Pick<SeatCell, 'paired' | 'onlyEntrant' | 'onlyReference'>, d: number): number | null {
  const n = c.paired;
  if (n < 2) return null;
  const variance = (((c.onlyEntrant + c.onlyReference) / n - d * d) * n) / (n - 1);
  return Z95 * Math.sqrt(variance / n);
}

export interface SeatScore {
  readonly entrant: string;
  readonly asWolves: Rate;
  readonly asVillage: Rate;
  /** Against the reference in the same seats: */
  readonly wolvesVsReference: Paired;
  readonly villageVsReference: Paired;
}

function sumCells(cells: readonly SeatCell[]) {
  const byDeal = cells.length > 0 && cells.every((c) => c.pairedByDeal !== undefined) ? new Map<number, ClusterSum>() : undefined;
  const s = { games: 0, won: 0, villageWins: 0, wolvesWins: 0, paired: 0, onlyEntrant: 0, onlyReference: 0, referenceWon: 0, pairedByDeal: byDeal };
  for (const c of cells) {
    if (byDeal !== undefined)
      for (const [deal, x] of c.pairedByDeal!) {
        const y = byDeal.get(deal) ?? { sum: 0, count: 0 };
        byDeal.set(deal, { sum: y.sum + x.sum, count: y.count + x.count });
      }
    s.games += c.games;
    s.won += c.won;
    s.villageWins += c.villageWins;
    s.wolvesWins += c.wolvesWins;
    s.paired += c.paired;
    s.onlyEntrant += c.onlyEntrant;
    s.onlyReference += c.onlyReference;
    s.referenceWon += c.referenceWon;
  }
  return s;
}

export function seatScores(entrants: readonly string[], cells: readonly SeatCell[]): SeatScore[] {
  return entrants.map((e) => {
    const wolves = sumCells(cells.filter((c) => c.entrant === e && c.team === 'werewolves'));
    const village = sumCells(cells.filter((c) => c.entrant === e && c.team === 'village'));
    return {
      entrant: e,
      asWolves: rateOf(wolves.won, wolves.games),
      asVillage: rateOf(village.won, village.games),
      wolvesVsReference: pairedOf(wolves),
      villageVsReference: pairedOf(village),
    };
  });
}

/** Per entrant and role dealt: its win rate, and the reference's on the same deals. */
export function roleScores(cells: readonly SeatCell[]): { entrant: string; role: Role; rate: Rate; vsReference: Paired }[] {
  return cells.map((c) => ({ entrant: c.entrant, role: c.role, rate: rateOf(c.won, c.games), vsReference: pairedOf(c) }));
}

/** Seat mode: logit P(village) = c + v_X [X village] − w_X [X a wolf]; the reference is 0. */
/** The row of the seat model that entrant j's games in a seat of `team` fall in (row 0: the baseline's games). */
export function seatRowOf(j: number, team: 'village' | 'werewolves'): number {
  return 1 + 2 * j + (team === 'village' ? 0 : 1);
}

export function fitSeatModel(entrants: readonly string[], reference: string, baseline: Baseline, cells: readonly SeatCell[], o: { readonly deals?: DealCells | undefined } = {}): Result<ModelFit, string> {
  const k = entrants.length;
  const rows: BinomialRow[] = [{ x: new Array<number>(2 * k).fill(0), successes: baseline.villageWins, trials: decisive(baseline) }];
  entrants.forEach((e, j) => {
    // Rows in seatRowOf's order: the entrant's village seats, then its werewolf seats.
    for (const team of ['village', 'werewolves'] as const) {
      const s = sumCells(cells.filter((c) => c.entrant === e && c.team === team));
      const x = new Array<number>(2 * k).fill(0);
      x[team === 'village' ? j : k + j] = team === 'village' ? 1 : -1;
      rows.push({ x, successes: s.villageWins, trials: decisive(s) });
    }
  });
  if (decisive(baseline) === 0) return err('the baseline (the reference in every seat) has no decisive game stored yet');
  const missing = rows.slice(1).findIndex((r) => r.trials === 0);
  if (missing >= 0) {
    const e = entrants[Math.floor(missing / 2)]!;
    return err(`${e} has no decisive game ${missing % 2 === 0 ? 'in a village seat' : 'as a werewolf'} yet: play more games`);
  }
  const fit = fitWithFallback(rows, (lambda) => diagonal(1 + 2 * k, lambda));
  if (!fit.ok) return fit;
  // With the deals, the errors take a deal as the unit: the entrant's seat runs and the baseline share each deal's cards.
  const f = o.deals === undefined ? fit.value.fit : { ...fit.value.fit, ...clusterCovariance(fit.value.fit, rows, o.deals) };
  const strengths: Strength[] = entrants.map((e, j) => ({
    entrant: e,
    village: f.coef[1 + j]!,
    villageSe: f.se[1 + j]!,
    wolves: f.coef[1 + k + j]!,
    wolvesSe: f.se[1 + k + j]!,
    sumSe: linear(f, f.coef.map((_, i) => (i === 1 + j || i === 1 + k + j ? 1 : 0))).se,
    reference: false,
  }));
  strengths.push({ entrant: reference, village: 0, villageSe: 0, wolves: 0, wolvesSe: 0, sumSe: 0, reference: true });
  return ok({ advantage: f.coef[0]!, advantageSe: f.se[0]!, strengths, games: rows.reduce((s, r) => s + r.trials, 0), deviance: f.deviance, df: f.df, prior: fit.value.prior, byDeal: o.deals !== undefined });
}
