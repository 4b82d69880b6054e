// The table of an invariance study (tournaments/invariance.ts, `sim invariance`): per
// control and entrant, its rank and score as dealt and under the control, and the shift
// with its 95% interval.

import type { InvarianceResult } from '../tournaments/invariance.js';
import type { Table } from './table.js';

export function invarianceTable(r: InvarianceResult): Table {
  return {
    id: 'invariance',
    title: 'Each entrant’s overall score as dealt and under each control, and how far it moved',
    columns: [
      { key: 'control', title: 'control', kind: 'text' },
      { key: 'entrant', title: 'entrant', kind: 'text' },
      { key: 'base_rank', title: '# dealt', kind: 'int' },
      { key: 'rank', title: '# ctl', kind: 'int' },
      { key: 'base_score', title: 'dealt', kind: 'pct' },
      { key: 'score', title: 'control', kind: 'pct' },
      { key: 'shift', title: 'shift', kind: 'pct' },
      { key: 'low', title: 'shift low', kind: 'pct', shown: false },
      { key: 'high', title: 'shift high', kind: 'pct', shown: false },
      { key: 'ci', title: '95% CI', kind: 'interval', low: 'low', high: 'high' },
    ],
    rows: r.rows.map((x) => ({ control: x.control, entrant: x.entrant, base_rank: x.baseRank, rank: x.rank, base_score: x.baseScore, score: x.score, shift: x.shift, low: x.low, high: x.high })),
    notes: [
      `score: the entrant's win rate against an average entrant, both sides averaged (the side model, as sim leaderboard ranks); # dealt, # ctl: its rank in each arm. shift: the score under the control minus as dealt, on the same ${r.games} deals per pairing; its 95% interval from ${r.reps} resamples of the deals, both arms together.`,
    ],
  };
}
