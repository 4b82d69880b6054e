// `sim export`: the stored games as rows for pandas, R or a spreadsheet — one game a line
// (its run's setup, the winner, days, wrong answers) or one seat a line (the agent, the
// card dealt and played, alive, won, lover, sheriff, when and how it died), as JSON lines
// or CSV (RFC 4180). Read from the database's own views (`game_results`, `seats`), one
// row at a time, so a file of millions of games streams out in constant memory.

import { safeJson } from '../narrate/escape.js';
import { err, ok, type Result } from '../engine/index.js';
import type { Store } from '../runs/storage.js';
import { csvValue } from './export.js';

export const EXPORT_FORMATS = ['jsonl', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_ROWS = ['games', 'seats'] as const;
export type ExportRows = (typeof EXPORT_ROWS)[number];

/** The run's columns each row starts with. */
const RUN_COLUMNS = ['run', 'game', 'game_seed', 'preset', 'players', 'deck', 'rules', 'agents'] as const;
const GAME_COLUMNS = [...RUN_COLUMNS, 'winner', 'days', 'invalid', 'fallbacks'] as const;
const SEAT_COLUMNS = [...RUN_COLUMNS, 'seat', 'agent', 'dealt', 'role', 'alive', 'won', 'lover', 'sheriff', 'death_day', 'night', 'cause', 'invalid', 'fallbacks'] as const;

/** The columns of an export, in order (seat is 0-based, as in the database: P1 is seat 0). */
export function exportColumns(rows: ExportRows): readonly string[] {
  return rows === 'games' ? GAME_COLUMNS : SEAT_COLUMNS;
}

const RUN_SELECT = `r.id AS run, x.game AS game, r.seed || '#' || x.game AS game_seed, r.preset AS preset, r.players AS players, r.deck AS deck, r.rules AS rules, r.seating AS agents`;

function query(rows: ExportRows, runs: readonly number[] | undefined): string {
  const where = runs === undefined ? '' : `WHERE x.run IN (${runs.map(() => '?').join(', ')})`;
  return rows === 'games'
    ? `SELECT ${RUN_SELECT}, x.winner, x.days, x.invalid, x.fallbacks FROM game_results x JOIN runs r ON r.id = x.run ${where} ORDER BY x.run, x.game`
    : `SELECT ${RUN_SELECT}, x.seat, x.agent, x.dealt, x.role, x.alive, x.won, x.lover, x.sheriff, x.death_day, x.night, x.cause, x.invalid, x.fallbacks
       FROM seats x JOIN runs r ON r.id = x.run ${where} ORDER BY x.run, x.game, x.seat`;
}

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
  const stmt = store.db.prepare(query(o.rows, o.runs));
  for (const row of stmt.iterate(...(o.runs ?? [])) as Iterable<Record<string, string | number | null>>) {
    if (o.format === 'jsonl') yield safeJson(row) + '\n';
    else yield columns.map((c) => csvValue(row[c] ?? null)).join(',') + '\r\n';
  }
}
