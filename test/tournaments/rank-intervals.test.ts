// Rank intervals by the bootstrap over deals: entrants far apart get one rank each, two
// entrants of equal strength share the same two ranks, the same data and seed give the
// same intervals, and a deal is resampled whole — added by kind of deal, the same numbers
// as deal by deal.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/index.js';
import { rankIntervals, type RankInterval } from '../../tournaments/rank-intervals.js';
import type { ClusterCell } from '../../stats/logistic.js';
import { fitLineupOverall, lineupOf, type SideResult } from '../../tournaments/ratings.js';

/** Every ordered pairing (self-play too) plays `deals` deals; the village wins with σ(0.2 + v − w + the deal's own lean). */
function tournament(strength: Record<string, number>, deals: number, seed: string): { entrants: string[]; results: SideResult[]; cells: ClusterCell[][] } {
  const entrants = Object.keys(strength);
  const rng = new Rng(seed);
  const pairings = entrants.flatMap((wolves) => entrants.map((village) => ({ wolves, village })));
  const wins = pairings.map(() => ({ village: 0, wolves: 0 }));
  const cells: ClusterCell[][] = [];
  for (let d = 0; d < deals; d++) {
    const lean = rng.float() < 0.5 ? -1.5 : 1.5; // the cards favour one side for everyone on this deal
    cells.push(
      pairings.map((p, row) => {
        const village = rng.float() < 1 / (1 + Math.exp(-(0.2 + strength[p.village]! - strength[p.wolves]! + lean)));
        wins[row]![village ? 'village' : 'wolves']++;
        return { row, successes: village ? 1 : 0, trials: 1 };
      }),
    );
  }
  const results = pairings.map((p, i) => ({ ...p, games: deals, villageWins: wins[i]!.village, wolvesWins: wins[i]!.wolves }));
  return { entrants, results, cells };
}

describe('rank intervals', () => {
  it('gives entrants far apart one rank each, and two equals the same two ranks', () => {
    const t = tournament({ a: 1.2, b: 0.4, c: 0.4, d: -1.2 }, 600, 'ranks');
    const r = rankIntervals(t.entrants, t.results, t.cells, { seed: 's', reps: 200 });
    expect(r.reps + r.failed).toBe(200);
    expect(r.failed).toBe(0);
    const by = Object.fromEntries(r.intervals.map((x) => [x.entrant, [x.low, x.high]]));
    expect(by['a']).toEqual([1, 1]);
    expect(by['d']).toEqual([4, 4]);
    expect(by['b']).toEqual([2, 3]);
    expect(by['c']).toEqual([2, 3]);
  });

  it('is a function of the data and the seed', () => {
    const t = tournament({ a: 0.3, b: 0.2, c: 0 }, 200, 'same');
    const once = rankIntervals(t.entrants, t.results, t.cells, { seed: 'x', reps: 100 });
    expect(rankIntervals(t.entrants, t.results, t.cells, { seed: 'x', reps: 100 })).toEqual(once);
  });

  it('resamples a deal whole: one deal holding every game ranks by that deal alone', () => {
    // All games in one cluster: every resample is the data itself, so each rank is certain.
    const t = tournament({ a: 0.1, b: 0, c: -0.1 }, 60, 'whole');
    const one = [t.cells.flat()];
    const r = rankIntervals(t.entrants, t.results, one, { seed: 'w', reps: 50 });
    for (const x of r.intervals) expect(x.low).toBe(x.high);
    const split = rankIntervals(t.entrants, t.results, t.cells, { seed: 'w', reps: 50 });
    expect(split.intervals.some((x) => x.low < x.high)).toBe(true);
  });

  // A resample draws deals.length deals; the sums it fits are added by kind of deal (the
  // deals' cells alike), each kind's cells times the deals of it drawn. Whole numbers make
  // that exact, so the intervals must be those of adding deal by deal, as below. Mutations
  // that fail here: deals told apart without their wins, or without their rows.
  it('adds each kind of deal once, times its draws: the intervals of adding deal by deal, exactly', () => {
    for (const [strength, deals] of [
      [{ a: 0.5, b: 0.2, c: 0.2, d: -0.4 }, 300],
      [{ a: 0.1, b: 0, c: -0.1 }, 120],
    ] as const) {
      const t = tournament(strength, deals, 'kinds');
      // Rows missing from some deals, so that kinds differ in their rows too.
      const cells = t.cells.map((deal, d) => deal.filter((c) => (c.row + d) % 5 !== 0));
      const grouped = rankIntervals(t.entrants, t.results, cells, { seed: 'k', reps: 60 });
      expect(grouped.intervals).toEqual(dealByDeal(t.entrants, t.results, cells, 'k', 60));
    }
  });
});

/** rankIntervals as the plain bootstrap: every deal drawn added cell by cell, the side model fitted on the sums. */
function dealByDeal(entrants: readonly string[], results: readonly SideResult[], deals: readonly (readonly ClusterCell[])[], seed: string, reps: number): RankInterval[] {
  const rng = new Rng(seed, '/rank-intervals');
  const idx = new Map(entrants.map((e, i) => [e, i]));
  const ranks: number[][] = entrants.map(() => []);
  for (let r = 0; r < reps; r++) {
    const wins = new Array<number>(results.length).fill(0);
    const games = new Array<number>(results.length).fill(0);
    for (let d = 0; d < deals.length; d++)
      for (const c of deals[rng.int(deals.length)]!) {
        wins[c.row]! += c.successes;
        games[c.row]! += c.trials;
      }
    const lineups = results.map((p, i) => ({ ...lineupOf(entrants.length, idx.get(p.wolves)!, idx.get(p.village)!), games: games[i]!, villageWins: wins[i]!, wolvesWins: games[i]! - wins[i]! }));
    const fit = fitLineupOverall(entrants, lineups, { anchors: undefined, skill: 'sides' });
    if (!fit.ok) throw new Error(fit.error);
    fit.value.overall
      .map((x, i) => ({ score: x.score, entrant: x.entrant, i }))
      .sort((a, b) => b.score - a.score || a.entrant.localeCompare(b.entrant))
      .forEach((x, place) => ranks[x.i]!.push(place + 1));
  }
  return entrants.map((entrant, i) => {
    const sorted = ranks[i]!.sort((a, b) => a - b);
    return { entrant, low: sorted[Math.floor(0.025 * reps)]!, high: sorted[Math.max(0, Math.ceil(0.975 * reps) - 1)]! };
  });
}
