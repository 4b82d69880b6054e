// Tournaments in the results database (schema.ts: `tournaments`, `tournament_runs`): a
// tournament row per schedule, and a row per pairing naming its run. The runs themselves
// are ordinary runs, so `sim runs`, `sim show`, `sim report` and `sim resume` see them.

import type { Mode, Pairing, PairingKind, Schedule } from './schedule.js';
import type { Store } from '../runs/storage.js';

export interface TournamentRow {
  readonly id: number;
  readonly key: string;
  readonly created: string;
  readonly mode: Mode;
  readonly entrants: readonly string[];
  readonly reference: string | null;
  readonly selfPlay: boolean;
  readonly seed: string;
  /** Games per pairing. */
  readonly games: number;
  readonly setup: string;
  readonly codeHash: string;
}

export interface PairingRow {
  readonly pairing: number;
  readonly run: number;
  readonly kind: PairingKind;
  readonly wolves: string | null;
  readonly village: string | null;
  readonly entrant: string | null;
  readonly seat: number | null;
}

interface RawTournament {
  id: number;
  key: string;
  created: string;
  mode: Mode;
  entrants: string;
  reference: string | null;
  self_play: number;
  seed: string;
  games: number;
  setup: string;
  code_hash: string;
}

function fromRaw(r: RawTournament): TournamentRow {
  return {
    id: r.id,
    key: r.key,
    created: r.created,
    mode: r.mode,
    entrants: JSON.parse(r.entrants) as string[],
    reference: r.reference,
    selfPlay: r.self_play === 1,
    seed: r.seed,
    games: r.games,
    setup: r.setup,
    codeHash: r.code_hash,
  };
}

/** Files of schema 1 (before tournaments) have none. */
function hasTournaments(store: Store): boolean {
  return store.hasTable('tournaments');
}

export function tournaments(store: Store): TournamentRow[] {
  if (!hasTournaments(store)) return [];
  return (store.db.prepare('SELECT * FROM tournaments ORDER BY id').all() as RawTournament[]).map(fromRaw);
}

export function tournament(store: Store, id: number): TournamentRow | undefined {
  if (!hasTournaments(store)) return undefined;
  const r = store.db.prepare('SELECT * FROM tournaments WHERE id = ?').get(id) as RawTournament | undefined;
  return r === undefined ? undefined : fromRaw(r);
}

/** The latest tournament of this key played by this code: the one a rerun continues. */
export function findTournament(store: Store, key: string, codeHash: string): TournamentRow | undefined {
  if (!hasTournaments(store)) return undefined;
  const r = store.db.prepare('SELECT * FROM tournaments WHERE key = ? AND code_hash = ? ORDER BY id DESC LIMIT 1').get(key, codeHash) as RawTournament | undefined;
  return r === undefined ? undefined : fromRaw(r);
}

export function createTournament(store: Store, s: Schedule, setupText: string, codeHash: string): TournamentRow {
  const res = store.db
    .prepare('INSERT INTO tournaments (key, created, mode, entrants, reference, self_play, seed, games, setup, code_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
    .run(s.key, new Date().toISOString(), s.mode, JSON.stringify(s.entrants), s.reference, s.selfPlay ? 1 : 0, s.seed, s.games, setupText, codeHash);
  return tournament(store, Number(res.lastInsertRowid))!;
}

/** Records that pairing `index` of the tournament is played by `run` (kept if already recorded). */
export function linkPairing(store: Store, tournamentId: number, index: number, p: Pairing, run: number): void {
  const cols =
    p.kind === 'sides'
      ? { wolves: p.wolves, village: p.village, entrant: null, seat: null }
      : p.kind === 'seat'
        ? { wolves: null, village: null, entrant: p.entrant, seat: p.seat }
        : { wolves: null, village: null, entrant: null, seat: null };
  store.db
    .prepare(
      `INSERT INTO tournament_runs (tournament, pairing, run, kind, wolves, village, entrant, seat) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (tournament, pairing) DO UPDATE SET run = excluded.run`,
    )
    .run(tournamentId, index, run, p.kind, cols.wolves, cols.village, cols.entrant, cols.seat);
}

export function pairings(store: Store, tournamentId: number): PairingRow[] {
  if (!hasTournaments(store)) return [];
  return store.db
    .prepare('SELECT pairing, run, kind, wolves, village, entrant, seat FROM tournament_runs WHERE tournament = ? ORDER BY pairing')
    .all(tournamentId) as PairingRow[];
}

/** Removes a tournament (and its pairing rows; the runs stay). */
export function deleteTournament(store: Store, id: number): void {
  store.db.transaction(() => {
    store.db.prepare('DELETE FROM tournament_runs WHERE tournament = ?').run(id);
    store.db.prepare('DELETE FROM tournaments WHERE id = ?').run(id);
  })();
}
