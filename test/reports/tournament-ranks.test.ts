// A side tournament's leaderboard in its report: ranked by the fitted score, each rank with
// its interval from the bootstrap over deals — none where the fit stands on its weak prior
// (a pairing won by one side in every game), since refits on resampled deals would fix the
// same strengths again and the ranks would look surer than the scores. Mutation that fails
// here: rank columns kept for a fit on its prior.

import { describe, expect, it } from 'vitest';
import { leaderboard } from '../../reports/tournament-report.js';
import type { Table } from '../../reports/table.js';

const scores: Table = {
  id: 'scores',
  title: 'scores',
  columns: [
    { key: 'entrant', title: 'entrant', kind: 'text' },
    { key: 'wolves', title: 'wolves', kind: 'pct' },
    { key: 'village', title: 'village', kind: 'pct' },
  ],
  rows: [
    { entrant: 'a', wolves: 0.3, village: 0.6 },
    { entrant: 'b', wolves: 0.5, village: 0.7 },
  ],
};

describe("a side tournament's leaderboard", () => {
  it('gives rank intervals from the bootstrap, and none for a fit on its prior', () => {
    const ranked = leaderboard(scores, { order: ['b', 'a'], ranks: new Map([['b', { low: 1, high: 1 }], ['a', { low: 2, high: 2 }]]) });
    expect(ranked.columns.map((c) => c.key)).toContain('ranks');
    expect(ranked.rows.map((r) => [r['entrant'], r['ranks']])).toEqual([['b', '1'], ['a', '2']]);
    const prior = leaderboard(scores, { order: ['b', 'a'], ranks: null });
    expect(prior.columns.map((c) => c.key)).not.toContain('ranks');
    expect(prior.rows.map((r) => r['entrant'])).toEqual(['b', 'a']);
    expect(prior.notes!.join('\n')).toMatch(/Ranked by the fitted model's overall score.*no rank intervals: the fit stands on its weak prior/);
  });
});
