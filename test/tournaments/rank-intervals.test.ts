// Rank intervals by the bootstrap over deals: entrants far apart get one rank each, two
// entrants of equal strength share the same two ranks, the same data and seed give the
// same intervals, and a deal is resampled whole.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/index.js';
import { rankIntervals } from '../../tournaments/rank-intervals.js';
import type { ClusterCell } from '../../stats/logistic.js';
import type { SideResult } from '../../tournaments/ratings.js';

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
});
