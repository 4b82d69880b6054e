// The persuasion study's table (`sim persuasion`, studies/persuasion.ts): per agent and
// side, what its speeches changed in the rest of their day, beside the reference agent's
// figure for the same side, each with its 95% interval.

import type { StudyPlan } from '../studies/study.js';
import type { PersuasionRow } from '../studies/summary.js';
import type { Table } from './table.js';

const fmt = (metric: string, x: number) => (Number.isNaN(x) ? '—' : metric === 'outcome-shift' || metric === 'side-shift' ? `${(100 * x).toFixed(1)}%` : x.toFixed(2));
const range = (r: PersuasionRow) => (Number.isNaN(r.low) ? '' : `${fmt(r.metric, r.low)}–${fmt(r.metric, r.high)}`);

/** The study's rows as a table: each agent × side beside the reference's figure for the same side. */
export function persuasionTable(rows: readonly PersuasionRow[], plan: Pick<StudyPlan, 'reference' | 'referenceSeated'>): Table {
  const pooled = rows.filter((r) => r.role === null);
  const ref = (r: PersuasionRow) => {
    if (r.agent === plan.reference) return 'itself';
    const x = pooled.find((q) => q.agent === plan.reference && q.side === r.side && q.metric === r.metric);
    return x === undefined ? '—' : `${fmt(x.metric, x.value)} (${range(x)})`;
  };
  return {
    id: 'persuasion',
    title: 'What a speech changed in the rest of its day (mean per speech; 95% interval, bootstrap over games)',
    columns: [
      { key: 'agent', title: 'agent', kind: 'text' },
      { key: 'side', title: 'side', kind: 'text' },
      { key: 'metric', title: 'metric', kind: 'text' },
      { key: 'value', title: 'mean', kind: 'num' },
      { key: 'ci', title: '95% CI', kind: 'num' },
      { key: 'n', title: 'speeches', kind: 'int' },
      { key: 'reference', title: `${plan.reference}`, kind: 'text' },
    ],
    rows: pooled.map((r) => ({ agent: r.agent, side: r.side, metric: r.metric, value: fmt(r.metric, r.value), ci: range(r), n: r.n, reference: ref(r) })),
    notes: [
      'vote-shift: votes moved in the first ballot after the speech (½ Σ |with − without| over candidates); outcome-shift: share of samples in which another player went out; side-shift: in which the speaker\'s side fared otherwise (one of its own out, an opponent, nobody); accused-shift: votes the players it accused gained (speeches that accuse).',
      ...(plan.referenceSeated ? [] : [`The reference ${plan.reference} plays in none of these games: give --reference SPEC, or study a seat-mode tournament (its baseline seats the reference).`]),
    ],
  };
}
