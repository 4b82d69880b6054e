// `sim export`: the stored games as rows for pandas, R or a spreadsheet — one game a line
// (its run's setup, the winner, days, wrong answers) or one seat a line (the agent, the
// card dealt and played, alive, won, lover, sheriff, when and how it died), as JSON lines
// or CSV (RFC 4180). Read from the database's own views (runs/export-rows.ts), one row at
// a time, so a file of millions of games streams out in constant memory.

import { safeJson } from '../narrate/escape.js';
import { err, gameSeed, ok, teamOf, type Event, type Result, type Role } from '../engine/index.js';
import type { RunRow, Store } from '../runs/storage.js';
import { EXPORT_ROWS, exportColumns, type ExportRows } from '../runs/export-rows.js';
import { storedRunPlayer } from '../runs/games.js';
import { llmGameName, llmRunName } from '../runs/llm/store.js';
import { compareToStored, configOfRun, processesOf, recordFor, replayErrorText, replayIndex } from '../runs/replay.js';
import { visibilityOf } from './replay-data.js';
import { pairings, tournaments } from '../tournaments/tournament-store.js';
import { csvValue } from './export.js';

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Checks the runs asked for (each must be in the file). */
export function checkExport(store: Store, runs: readonly number[] | undefined): Result<void, string> {
  const ids = store.runs().map((r) => r.id);
  if (ids.length === 0) return err(`${store.path} holds no runs yet: play one with \`sim --games N --db ${store.path}\``);
  for (const id of runs ?? [])
    if (!ids.includes(id)) return err(`${store.path} has no run ${id}; its runs are ${ids.join(', ')} (sim runs --db ${store.path} lists them)`);
  return ok(undefined);
}

/** The export's lines, header first for CSV (each ends with its newline: LF for JSON lines, CRLF for CSV). */
export function* exportLines(store: Store, o: { readonly rows: ExportRows; readonly format: ExportFormat; readonly runs?: readonly number[] | undefined }): Generator<string> {
  const columns = exportColumns(o.rows);
  if (o.format === 'csv') yield columns.join(',') + '\r\n';
  // Each run's tournaments, read once (a file holds a few hundred pairings at most).
  const ofRun = new Map<number, Set<number>>();
  for (const t of tournaments(store)) for (const p of pairings(store, t.id)) ofRun.set(p.run, (ofRun.get(p.run) ?? new Set()).add(t.id));
  const named = new Map([...ofRun].map(([run, ids]) => [run, [...ids].join(' ')]));
  const withTournaments = function* (rows: Iterable<Record<string, string | number | null>>): Generator<Record<string, string | number | null>> {
    // Each row is a fresh object of the query's: given its column in place, not copied.
    for (const r of rows) {
      r['tournaments'] = named.get(r['run'] as number) ?? '';
      yield r;
    }
  };
  const rows = withTournaments(store.exportRows(o.rows, o.runs));
  for (const row of o.rows === 'seats' ? withSides(rows) : rows) {
    if (o.format === 'jsonl') yield safeJson(row) + '\n';
    else yield columns.map((c) => csvValue(row[c] ?? null)).join(',') + '\r\n';
  }
}

/**
 * Seat rows with `side`: the team each seat played for at the game's end — its card's
 * (engine/teams.ts), or "lovers" for lovers whose cards' teams differ (they then play,
 * and win, as a couple: engine/outcome.ts). A game's seats come together
 * (ordered by run, game, seat), so one game is held at a time.
 */
function* withSides(rows: Iterable<Record<string, string | number | null>>): Generator<Record<string, string | number | null>> {
  let game: Record<string, string | number | null>[] = [];
  const flush = function* () {
    const lovers = game.filter((r) => r['lover'] === 1);
    // Two lovers, or Cupid's triangle of three (004's Harvest Festival): across the teams when their cards' differ (engine/state.ts crossTeamLovers).
    const couple = new Set(lovers.map((r) => teamOf(r['role'] as Role))).size > 1;
    for (const r of game) {
      r['side'] = couple && r['lover'] === 1 ? 'lovers' : teamOf(r['role'] as Role);
      yield r;
    }
    game = [];
  };
  for (const row of rows) {
    const first = game[0];
    if (first !== undefined && (first['run'] !== row['run'] || first['game'] !== row['game'])) yield* flush();
    game.push(row);
  }
  yield* flush();
}

/** What `sim export --rows` takes: the stored rows, or every event of the games, replayed. */
export const EXPORT_KINDS = [...EXPORT_ROWS, 'events'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/**
 * The events of the stored games of `runs`, a JSON line each: the game (run, game, its
 * seed), the event's place in the game's log (`n`, from 0), the event as `sim show --json`
 * gives it (seats 0-based; `vis`: "all", "moderator" or the seats that saw it), and the
 * run's key last, as the other rows. Events are not stored: each game is replayed
 * (models from their record, process agents only with `runAgents`) and checked against
 * its stored row before a line of it is written; a game that replays otherwise (the run
 * was played by other code) ends the export with why, after the games before it.
 */
export async function* eventLines(store: Store, runs: readonly RunRow[], o: { readonly runAgents: boolean }): AsyncGenerator<string> {
  for (const run of runs) {
    const config = configOfRun(run, 'exported');
    if (!config.ok) throw new ExportStopped(config.error);
    const host = await processesOf(config.value.seating, o);
    if (host !== undefined && !host.ok) throw new ExportStopped(`run ${run.id}: ${host.error}`);
    try {
      const player = storedRunPlayer(store, run.id, config.value, host?.value);
      const record = recordFor(store, config.value);
      const players = config.value.setup.players;
      for (const index of store.storedIndices(run)) {
        const replayed = await replayIndex({ config: config.value, index, player, record, gameKey: llmGameName(run.key, index), run: llmRunName(run) });
        if (!replayed.ok) throw new ExportStopped(`run ${run.id}, game ${index}: ${replayErrorText(replayed.error, { path: store.path, index })}`);
        const row = store.game(run.id, index)!;
        if (!compareToStored(player, index, replayed.value, row).same)
          throw new ExportStopped(
            `run ${run.id}, game ${index} replays otherwise than it was stored: the run was played by other code (code ${run.codeHash}); ` +
              'export its events with the version that played it (sim --version names this one)',
          );
        const game = { run: run.id, game: index, game_seed: gameSeed(run.seed, index) };
        let n = 0;
        for (const { vis, ...body } of replayed.value.game.log)
          yield safeJson({ ...game, n: n++, event: { ...body, vis: visibilityOf({ vis } as Event, players) }, run_key: run.key }) + '\n';
      }
    } finally {
      await host?.value.close();
    }
  }
}

/** Why an event export stopped (its message is one paragraph for the user). */
export class ExportStopped extends Error {}
