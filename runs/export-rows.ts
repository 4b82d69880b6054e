// The rows `sim export` writes, as the database's own views give them (`game_results`,
// `seats`, schema.ts): one game a line, or one seat a line, each starting with its run's
// setup. The columns and the query that reads them, side by side.

export const EXPORT_ROWS = ['games', 'seats'] as const;
export type ExportRows = (typeof EXPORT_ROWS)[number];

/** The run's columns each row starts with. */
const RUN_COLUMNS = ['run', 'game', 'game_seed', 'preset', 'players', 'deck', 'rules', 'agents'] as const;
// Last, so that the columns before keep their places: the run's key (equal keys, equal
// games: the same `game` of two runs with one key is one game played twice — a tournament's
// pairing reused, a run played again — to count once).
// Then `tournaments`: the ids of the tournaments whose pairings hold the run, separated by
// spaces ('' for none; a run may be a pairing of several), which the export adds from
// the tournaments' tables (reports/game-export.ts). A seat row ends with `side`:
// the team the seat played for at the end (its card's, or "lovers" for a couple across
// the teams), which the export adds from each game's seats (reports/game-export.ts).
const GAME_COLUMNS = [...RUN_COLUMNS, 'winner', 'days', 'invalid', 'fallbacks', 'run_key', 'tournaments'] as const;
const SEAT_COLUMNS = [...RUN_COLUMNS, 'seat', 'agent', 'dealt', 'role', 'alive', 'won', 'lover', 'sheriff', 'death_day', 'night', 'cause', 'invalid', 'fallbacks', 'run_key', 'tournaments', 'side'] as const;

/** The columns of an export, in order (seat is 0-based, as in the database: P1 is seat 0). */
export function exportColumns(rows: ExportRows): readonly string[] {
  return rows === 'games' ? GAME_COLUMNS : SEAT_COLUMNS;
}

const RUN_SELECT = `r.id AS run, x.game AS game, r.seed || '#' || x.game AS game_seed, r.preset AS preset, r.players AS players, r.deck AS deck, r.rules AS rules, r.seating AS agents`;

/** The query of an export (`runs`: the runs it keeps, as many `?` parameters; undefined: all). */
export function exportQuery(rows: ExportRows, runs: readonly number[] | undefined): string {
  const where = runs === undefined ? '' : `WHERE x.run IN (${runs.map(() => '?').join(', ')})`;
  return rows === 'games'
    ? `SELECT ${RUN_SELECT}, x.winner, x.days, x.invalid, x.fallbacks, r.key AS run_key FROM game_results x JOIN runs r ON r.id = x.run ${where} ORDER BY x.run, x.game`
    : `SELECT ${RUN_SELECT}, x.seat, x.agent, x.dealt, x.role, x.alive, x.won, x.lover, x.sheriff, x.death_day, x.night, x.cause, x.invalid, x.fallbacks, r.key AS run_key
       FROM seats x JOIN runs r ON r.id = x.run ${where} ORDER BY x.run, x.game, x.seat`;
}
