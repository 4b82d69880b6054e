// `sim metrics`: the behaviour metrics of a results file's runs (all, --run, or a
// tournament's pairings) as one table, or JSON whose `rows` are {agent, side, role,
// metric, value, low, high, n} (role null for a side's row). Runs stored without their
// counts (before they were kept, or by another version of them) are replayed to count
// them — bots from their configuration and seed, models from the file's LLM record.

import { err, ok, type Result } from '../engine/index.js';
import { MetricsPool, type MetricsRow } from '../metrics/pool.js';
import { distinctRuns, poolReplayedRun, poolStoredRun } from '../runs/metrics.js';
import { Store, type RunRow } from '../runs/storage.js';
import { pairings, tournament } from '../tournaments/tournament-store.js';
import { metricsTable } from '../reports/metrics-tables.js';
import type { Table } from '../reports/table.js';

export interface MetricsArgs {
  readonly db: string;
  /** Only these runs. */
  readonly runs?: readonly number[] | undefined;
  /** Only the runs of these tournaments. */
  readonly tournaments?: readonly number[] | undefined;
  /** Told of each run replayed (the CLI prints it). */
  readonly onReplay?: ((run: RunRow, games: number) => void) | undefined;
  /** Start the programs a run's process agents name, to replay it (--run-agents). */
  readonly runAgents?: boolean | undefined;
}

export interface MetricsOutcome {
  readonly rows: readonly MetricsRow[];
  readonly table: Table;
  /** What the reader should know: runs pooled, replayed, skipped. */
  readonly notes: readonly string[];
}

function selected(store: Store, a: MetricsArgs): Result<RunRow[], string> {
  const all = store.runs();
  if (all.length === 0) return err(`${store.path} holds no runs yet: play some first (e.g. sim --games 1000 --db ${store.path})`);
  let ids: number[] | null = a.runs === undefined ? null : [...a.runs];
  for (const t of a.tournaments ?? []) {
    if (!store.hasTable('tournaments') || tournament(store, t) === undefined) return err(`${store.path} has no tournament ${t} (sim tournament plays one; sim report lists them)`);
    ids = [...(ids ?? []), ...pairings(store, t).map((p) => p.run)];
  }
  if (ids === null) return ok(all);
  const missing = ids.filter((id) => !all.some((r) => r.id === id));
  if (missing.length > 0) return err(`${store.path} has no run ${missing.join(', ')}; its runs are ${all.map((r) => r.id).join(', ')}`);
  return ok(all.filter((r) => ids!.includes(r.id)));
}

export async function runMetrics(a: MetricsArgs): Promise<Result<MetricsOutcome, string>> {
  const opened = Store.open(a.db, 'read');
  if (!opened.ok) return opened;
  const store = opened.value;
  try {
    const runs = selected(store, a);
    if (!runs.ok) return runs;
    const { kept, skipped } = distinctRuns(store, runs.value);
    const pool = new MetricsPool();
    const notes: string[] = [];
    const setups = new Set(kept.map((r) => `${r.preset} ${r.players} players ${r.deck}${r.rules === '' ? '' : ` ${r.rules}`}`));
    notes.push(`${kept.length} run${kept.length === 1 ? '' : 's'} (${kept.map((r) => r.id).join(', ')}) pooled${setups.size > 1 ? `, over ${setups.size} tables: ${[...setups].join('; ')}` : `: ${[...setups][0] ?? ''}`}.`);
    if (skipped.length > 0) notes.push(`Runs ${skipped.map((r) => r.id).join(', ')} repeat games of the runs above and are counted once, through them.`);
    for (const run of kept) {
      if (poolStoredRun(store, run, pool)) continue;
      a.onReplay?.(run, store.storedCount(run.id));
      const r = await poolReplayedRun(store, run, pool, { runAgents: a.runAgents === true });
      if (r.error !== null) notes.push(`Run ${run.id} has no stored counts and cannot be replayed: ${r.error}.`);
      else notes.push(`Run ${run.id} had no stored counts: its ${r.games} games were replayed to count them${r.differ > 0 ? ` (${r.differ} whose replay differs from the stored result, played by other code, left out)` : ''}.`);
    }
    const rows = pool.rows();
    return ok({ rows, notes, table: metricsTable(rows, 'metrics', `Behaviour metrics (${store.path})`, notes) });
  } finally {
    store.close();
  }
}

/** The JSON of `sim metrics --json`. */
export function metricsJson(o: MetricsOutcome): Record<string, unknown> {
  return { rows: o.rows.map((r) => ({ agent: r.agent, side: r.side, role: r.role, metric: r.metric, value: r.value, low: r.low, high: r.high, n: r.n })), notes: o.notes };
}
