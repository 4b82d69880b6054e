// The behaviour metrics of stored runs: their games' counters, summed per resampling unit
// as they were stored (metrics/pack.ts), pooled by agent and card; and, for runs stored
// before they were (or by another version of them), the games replayed to count them —
// bots from the run's configuration and seed, models from the LLM record in the file.

import { ROLES, type Role } from '../engine/index.js';
import { COUNTER_COUNT, METRICS_VERSION } from '../metrics/counters.js';
import { addSums, storedUnit } from '../metrics/pack.js';
import type { MetricsPool } from '../metrics/pool.js';
import { llmSpecsOf } from '../agents/llm/kinds.js';
import { storedRunPlayer } from './games.js';
import { llmGameName, llmRunName } from './llm/store.js';
import type { RunConfig } from './run-config.js';
import type { RunRow, Store } from './storage.js';
import type { ExecHost } from '../agents/exec/host.js';
import { compareToStored, configOfRun, processesOf, recordFor, replayIndex } from './replay.js';

/** Runs that play the same deals with the same agents: the same games (a report counts each once). */
function sameGamesKey(r: RunRow): string {
  return [r.setup, r.seating, r.seed].join('\u0000');
}

/**
 * The runs whose games are pooled: of runs that play the same games (same setup, agents and
 * seed) with overlapping indices, the one with more stored games (the report counts each
 * game once; sums cannot be split by game).
 */
export function distinctRuns(store: Store, runs: readonly RunRow[]): { kept: RunRow[]; skipped: RunRow[] } {
  const stored = new Map<number, number>();
  const count = (r: RunRow) => {
    let n = stored.get(r.id);
    if (n === undefined) stored.set(r.id, (n = store.storedCount(r.id)));
    return n;
  };
  const byKey = new Map<string, RunRow[]>();
  for (const r of runs) {
    const k = sameGamesKey(r);
    let list = byKey.get(k);
    if (list === undefined) byKey.set(k, (list = []));
    list.push(r);
  }
  const kept: RunRow[] = [];
  const skipped: RunRow[] = [];
  for (const list of byKey.values()) {
    if (list.length === 1) {
      kept.push(list[0]!);
      continue;
    }
    const mine: RunRow[] = [];
    for (const r of [...list].sort((a, b) => count(b) - count(a) || a.id - b.id)) {
      if (mine.some((m) => r.first < m.stop && m.first < r.stop)) skipped.push(r);
      else mine.push(r);
    }
    kept.push(...mine);
  }
  return { kept: kept.sort((a, b) => a.id - b.id), skipped };
}

/** Adds a run's stored sums to the pool; false when the run has stored games but no sums of this version. */
export function poolStoredRun(store: Store, run: RunRow, pool: MetricsPool): boolean {
  const rows = store.metricSums(run.id).filter((r) => r.version === METRICS_VERSION);
  if (rows.length === 0) return store.storedCount(run.id) === 0;
  const agents = store.agents(run.id);
  const roles = store.names('roles');
  const counters = new Float64Array(COUNTER_COUNT);
  for (const row of rows) {
    const role = roles.get(row.role);
    counters.fill(0);
    if (role === undefined || !(ROLES as readonly string[]).includes(role) || !addSums(row.counters, counters)) return false;
    pool.addUnit(row.unit, agents[row.agent - 1] ?? '?', role as Role, counters);
  }
  return true;
}

export interface Replayed {
  /** Games replayed and counted. */
  readonly games: number;
  /** Games whose replay differs from the stored result (played by other code): not counted. */
  readonly differ: number;
  /** Why none could be replayed (the LLM record is not in the file), or null. */
  readonly error: string | null;
}

/** Replays a run's stored games and pools their counters (a run stored without sums). */
export async function poolReplayedRun(store: Store, run: RunRow, pool: MetricsPool, o: { readonly runAgents: boolean }): Promise<Replayed> {
  const configured = configOfRun(run, 'replayed');
  if (!configured.ok) return { games: 0, differ: 0, error: configured.error };
  const config = configured.value;
  const host = await processesOf(config.seating, o);
  if (host !== undefined && !host.ok) return { games: 0, differ: 0, error: `run ${run.id} cannot be replayed: ${host.error}` };
  try {
    return await poolReplayed({ store, run, config, pool, exec: host?.value });
  } finally {
    await host?.value.close();
  }
}

async function poolReplayed(o: { store: Store; run: RunRow; config: RunConfig; pool: MetricsPool; exec: ExecHost | undefined }): Promise<Replayed> {
  const { store, run, config, pool } = o;
  const player = storedRunPlayer(store, run.id, config, o.exec);
  const record = recordFor(store, config);
  if (llmSpecsOf(config.seating).length > 0 && record === null) return { games: 0, differ: 0, error: `run ${run.id} has model seats and its LLM record is not in ${store.path}` };
  let games = 0;
  let differ = 0;
  for (const row of store.gameRows(run.id)) {
    const replayed = await replayIndex({ config, index: row.idx, player, record, gameKey: llmGameName(run.key, row.idx), run: llmRunName(run) });
    if (!replayed.ok || !compareToStored(player, row.idx, replayed.value, row).same) {
      differ++;
      continue;
    }
    const played = replayed.value;
    const unit = storedUnit(run.seed, row.idx);
    played.played.outcome.seats.forEach((s, i) => pool.addUnit(unit, played.specs[i]!, s.role, played.tally.seats[i]!));
    games++;
  }
  return { games, differ, error: null };
}
