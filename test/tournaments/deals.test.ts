// Intervals over games that share deals take the deal as the unit (issue #24). `sim plan
// --tournament` pools two entrants' differences against every opponent both met, and a
// deal's differences share its cards: its interval is the clustered one computed here by
// hand from the stored winners, wider than the one that counts every pair as independent
// where the deals matter. `sim leaderboard` pools the same games by deal as the
// tournament does, and so gives the same errors. scripts/tournament-coverage.ts measures
// the coverage (docs/tournaments.md).

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTournament } from '../../commands/tournament.js';
import { Store } from '../../runs/storage.js';
import { clusteredMean, type ClusterSum } from '../../stats/cluster-mean.js';
import { pairMoments } from '../../stats/sprt.js';
import { Z95 } from '../../stats/wilson.js';
import { storedComparisons } from '../../tournaments/plan.js';
import { sideWins } from '../../tournaments/sprt.js';
import { pairings, tournaments } from '../../tournaments/tournament-store.js';
import { tournamentData } from '../../tournaments/tournament-data.js';
import { fitSideModel, type ModelFit } from '../../tournaments/ratings.js';
import { fitSeatModel, seatScores } from '../../tournaments/seat-ratings.js';
import { leaderboard } from '../../tournaments/leaderboard.js';
import { leaderboardTable } from '../../reports/leaderboard-table.js';
import { setupFromJson } from '../../runs/run-config.js';
import { tournamentReport } from '../../reports/tournament-report.js';
import { removeDir, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('plan-deals');
afterAll(() => removeDir(dir));

const db = join(dir, 't.db');
const agents = ['random', 'heuristic', 'heuristic:fakeClaim=0'];

describe('a played tournament read by deal', () => {
  beforeAll(async () => {
    const played = await runTournament({ db, mode: 'side', agents, rules: [], seed: 'deals', games: 120, workers: 0, concurrency: 1, json: true });
    if (!played.ok) throw new Error(played.error);
  });

  it('gives each comparison of sim plan the clustered interval of its deals', () => {
    const opened = Store.open(db, 'read');
    if (!opened.ok) throw new Error(opened.error);
    const store = opened.value;
    try {
      const t = tournaments(store)[0]!;
      const rows = storedComparisons(store, t, { delta: 0.05, alpha: 0.05, power: 0.8 });
      if (!rows.ok) throw new Error(rows.error);
      const runOf = (wolves: string, village: string) => store.run(pairings(store, t.id).find((p) => p.wolves === wolves && p.village === village)!.run)!;
      let wider = 0;
      for (const c of rows.value) {
        const deals: ClusterSum[] = Array.from({ length: 120 }, () => ({ sum: 0, count: 0 }));
        for (const z of agents) {
          const [rx, ry] = c.side === 'werewolves' ? [runOf(c.x, z), runOf(c.y, z)] : [runOf(z, c.x), runOf(z, c.y)];
          const [wx, wy] = [sideWins(store, rx, c.side), sideWins(store, ry, c.side)];
          for (let i = 0; i < 120; i++) deals[i] = { sum: deals[i]!.sum + wx[i]! - wy[i]!, count: deals[i]!.count + 1 };
        }
        const byHand = clusteredMean(deals);
        expect(c.mean).toBeCloseTo(byHand.mean, 12);
        if (byHand.se === 0) continue; // two entrants that play this side alike: the interval is [0, 0]
        expect(c.high! - c.mean, `${c.side} ${c.x} - ${c.y}`).toBeCloseTo(Z95 * byHand.se!, 12);
        const n = c.counts.plus + c.counts.zero + c.counts.minus;
        if (Z95 * byHand.se! > Z95 * Math.sqrt(pairMoments(c.counts).variance / n)) wider++;
      }
      // The deal matters for most comparisons: pairs of one deal move together.
      expect(wider).toBeGreaterThanOrEqual(4);
    } finally {
      store.close();
    }
  });

  it("gives the leaderboard the tournament's errors, by deal", () => {
    const opened = Store.open(db, 'read');
    if (!opened.ok) throw new Error(opened.error);
    const store = opened.value;
    try {
      const t = tournaments(store)[0]!;
      const data = tournamentData(store, t);
      if (data.mode !== 'side') throw new Error('side');
      const byDeal = fitSideModel(t.entrants, data.results, { deals: data.deals });
      const plain = fitSideModel(t.entrants, data.results);
      const run = store.runs()[0]!;
      const setup = setupFromJson(run.setupJson, run.setup);
      if (!byDeal.ok || !plain.ok || !setup.ok) throw new Error('fit');
      const board = leaderboard(store, setup.value, { precision: 0.02 });
      if (!board.ok) throw new Error(board.error);
      expect(board.value.model.byDeal).toBe(true);
      const se = (m: ModelFit) => Object.fromEntries(m.strengths.map((s) => [s.entrant, [s.villageSe, s.wolvesSe]]));
      const bySe = se(byDeal.value);
      for (const [entrant, [v, w]] of Object.entries(se(board.value.model))) {
        expect(v).toBeCloseTo(bySe[entrant]![0]!, 9);
        expect(w).toBeCloseTo(bySe[entrant]![1]!, 9);
      }
      expect(se(board.value.model)).not.toEqual(se(plain.value));
      expect(leaderboardTable(board.value, 0.02).notes!.join('\n')).toMatch(/Intervals take a deal \(one seed, one game index\) as the unit/);
      // The tournament's report ranks as the leaderboard does, with the same rank intervals (one seed, the same deals).
      const part = tournamentReport(data, { charts: false });
      const table = part.sections.find((x) => x.title === 'Leaderboard')!.tables[0]!;
      expect(table.rows.map((r) => r['entrant'])).toEqual(board.value.rows.map((r) => r.entrant));
      expect(table.rows.map((r) => [r['rank_low'], r['rank_high']])).toEqual(board.value.rows.map((r) => [r.ranks!.low, r.ranks!.high]));
      expect(board.value.rows.map((r) => r.ranks)).toEqual([{ low: 1, high: 1 }, { low: 2, high: 2 }, { low: 3, high: 3 }]);
    } finally {
      store.close();
    }
  });
});

describe('a seat tournament read by deal', () => {
  it("puts every decisive game of the model in its deal, and gives the strengths' errors by deal", async () => {
    const seatDb = join(dir, 'seat.db');
    const played = await runTournament({ db: seatDb, mode: 'seat', agents: ['random', 'heuristic:fakeClaim=0'], reference: 'heuristic', rules: [], seed: 'seat-deals', games: 40, workers: 0, concurrency: 1, json: true });
    if (!played.ok) throw new Error(played.error);
    const opened = Store.open(seatDb, 'read');
    if (!opened.ok) throw new Error(opened.error);
    try {
      const t = tournaments(opened.value)[0]!;
      const data = tournamentData(opened.value, t);
      if (data.mode !== 'seat') throw new Error('seat');
      const byDeal = fitSeatModel(t.entrants, data.reference, data.baseline, data.cells, { deals: data.deals });
      const plain = fitSeatModel(t.entrants, data.reference, data.baseline, data.cells);
      if (!byDeal.ok || !plain.ok) throw new Error('fit');
      // Every game the model reads is in exactly one deal, and a deal is a game index (at most 40 of them).
      expect(data.deals.reduce((n, d) => n + d.reduce((m, c) => m + c.trials, 0), 0)).toBe(byDeal.value.games);
      expect(data.deals.length).toBeLessThanOrEqual(40);
      expect(byDeal.value.byDeal).toBe(true);
      expect(byDeal.value.strengths.map((s) => s.village)).toEqual(plain.value.strengths.map((s) => s.village));
      expect(byDeal.value.strengths.map((s) => s.villageSe)).not.toEqual(plain.value.strengths.map((s) => s.villageSe));
      // The paired comparisons with the reference: each cell's pairs are all in its deals, and a deal is the interval's unit.
      for (const c of data.cells) expect([...c.pairedByDeal!.values()].reduce((n, x) => n + x.count, 0)).toBe(c.paired);
      const unclustered = data.cells.map(({ pairedByDeal: _, ...c }) => c);
      const [withDeals, without] = [seatScores(t.entrants, data.cells), seatScores(t.entrants, unclustered)];
      let differ = 0;
      withDeals.forEach((x, i) => {
        const [a, b] = [x.villageVsReference, without[i]!.villageVsReference];
        expect(a.diff).toBe(b.diff);
        // heuristic:fakeClaim=0 plays the village as the reference does: both intervals are [0, 0].
        if (Math.abs(a.high! - a.low! - (b.high! - b.low!)) > 1e-9) differ++;
      });
      expect(differ).toBeGreaterThan(0);
    } finally {
      opened.value.close();
    }
  });
});
