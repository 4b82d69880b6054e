// The behaviour metrics (metrics/) as a report table: one row per agent × side (role
// "all") and agent × role, per metric, with its 95% interval and the observations behind it.

import type { MetricsRow } from '../metrics/pool.js';
import { METRICS, metricSpec } from '../metrics/catalog.js';
import { DEFAULT_REPLICATES, DEFAULT_UNITS } from '../stats/bootstrap.js';
import type { Table } from './table.js';

/** "skill ↑", "skill ↓" or "description" (metrics/catalog.ts `reads`). */
function readsAs(key: string): string {
  const m = metricSpec(key);
  return m === undefined ? '' : m.reads === 'description' ? 'description' : `skill ${m.better === 'higher' ? '↑' : '↓'}`;
}

export function metricsTable(rows: readonly MetricsRow[], id: string, title: string, notes: readonly string[] = []): Table {
  return {
    id,
    title,
    columns: [
      { key: 'agent', title: 'agent', kind: 'text' },
      { key: 'side', title: 'side', kind: 'text' },
      { key: 'role', title: 'role', kind: 'text' },
      { key: 'metric', title: 'metric', kind: 'text' },
      { key: 'value', title: 'value', kind: 'num', digits: 3 },
      { key: 'low', title: 'low', kind: 'num', digits: 3, shown: false },
      { key: 'high', title: 'high', kind: 'num', digits: 3, shown: false },
      { key: 'interval', title: '95% interval', kind: 'interval', low: 'low', high: 'high', digits: 3 },
      { key: 'n', title: 'n', kind: 'int' },
      { key: 'reads', title: 'reads as', kind: 'text', shown: false },
    ],
    rows: rows.map((r) => ({ agent: r.agent, side: r.side, role: r.role ?? 'all', metric: r.metric, value: r.value, low: r.low, high: r.high, n: r.n, reads: readsAs(r.metric) })),
    notes: [
      `Intervals: percentile bootstrap over deals (${DEFAULT_REPLICATES} replicates; the games of one deal resampled together, deals dealt into at most ${DEFAULT_UNITS} units); — : games of a single deal, which cannot say how the metric varies (no interval; JSON null). n: the observations behind a value (votes, seats, speeches, claims, belief pairs). Definitions, sources and limits: docs/metrics.md.`,
      `Skill signals (checked to rank agents of known skill in order; ↑ higher is better, ↓ lower): ${METRICS.filter((m) => m.reads === 'skill').map((m) => `${m.key} ${m.better === 'higher' ? '↑' : '↓'}`).join(', ')}. The others describe what an agent did; a higher value is not a better agent.`,
      ...notes,
    ],
  };
}

/** Whether a row is in the short form: a skill signal (metrics/catalog.ts) of a whole side. */
const inSummary = (r: MetricsRow) => r.role === null && metricSpec(r.metric)?.reads === 'skill';

/**
 * The behaviour metrics in short, for a report's first reading (the terminal, the
 * page's open part): the skill signals of each agent × side, over all its roles — the
 * metrics checked to rank agents of known skill in order. The rest (descriptions, and
 * every metric per role) is the full table, `more` says how many rows and where.
 */
export function metricsSummary(rows: readonly MetricsRow[], id: string, title: string): { readonly table: Table; readonly more: number } {
  const short = rows.filter(inSummary);
  const t = metricsTable(short, `${id}-summary`, title);
  return { table: { ...t, notes: (t.notes ?? []).slice(0, 1) }, more: rows.length - short.length };
}
