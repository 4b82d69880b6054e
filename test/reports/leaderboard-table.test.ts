// The leaderboard's table says whether the additive side model behind its scores fits the
// pairings, as the tournament's strengths table does: on games drawn from an additive
// model it says so; on games where one pairing breaks it, it warns.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/index.js';
import { leaderboardTable } from '../../reports/leaderboard-table.js';
import { fitSideOverall, rankEntrants, type SideResult } from '../../tournaments/ratings.js';
import type { Board } from '../../tournaments/leaderboard.js';

const ENTRANTS = ['a', 'b', 'c'];
/** Strengths as the werewolves (w) and as the village (v), and the common level. */
const W: Record<string, number> = { a: 0.6, b: 0, c: -0.6 };
const V: Record<string, number> = { a: 0.5, b: 0, c: -0.5 };

/** Every ordered pairing, `games` each, the village winning with probability σ(c + v − w) (+ `twist` for a against c). */
function pairings(rng: Rng, games: number, twist: number): SideResult[] {
  const out: SideResult[] = [];
  for (const wolves of ENTRANTS)
    for (const village of ENTRANTS) {
      const logit = 0.2 + V[village]! - W[wolves]! + (village === 'a' && wolves === 'c' ? twist : 0);
      const p = 1 / (1 + Math.exp(-logit));
      let villageWins = 0;
      for (let g = 0; g < games; g++) if (rng.float() < p) villageWins++;
      out.push({ wolves, village, games, villageWins, wolvesWins: games - villageWins });
    }
  return out;
}

function boardOf(results: SideResult[]): Board {
  const fit = fitSideOverall(ENTRANTS, results);
  if (!fit.ok) throw new Error(fit.error);
  const rows = rankEntrants(fit.value, 0.05).map((x) => ({ ...x, games: 0, dollars: 0 }));
  return { setup: 'test', rows, model: fit.value.model, pairings: results, runs: 9, skipped: 0, versions: 1, seeds: ['s'], policy: 'keep', excluded: [], uncompared: [], voided: 0 };
}

const notes = (b: Board) => leaderboardTable(b, 0.05).notes!.join('\n');

describe("the leaderboard's model check", () => {
  it('says the additive model fits games drawn from it', () => {
    expect(notes(boardOf(pairings(new Rng('additive'), 400, 0)))).toMatch(/side model behind the scores: deviance [\d.]+ on \d+ df, within chance/);
  });

  it('warns when one pairing breaks it (a beats c as the village far more than their strengths say)', () => {
    expect(notes(boardOf(pairings(new Rng('twisted'), 400, 3)))).toMatch(/above the [\d.]+ that chance reaches 1 time in 20: additive strengths do not explain every pairing/);
  });
});
