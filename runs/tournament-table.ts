// The tournaments' tables in the results file (schema.ts: `tournaments`, `tournament_runs`),
// read and written for tournaments/ (tournament-store.ts), which gives their rows meaning:
// here a tournament's mode and a pairing's kind are the words stored, checked there. A
// file of schema 1 (before tournaments) has no such tables: it lists none.

import type Database from 'better-sqlite3';
import { badStoredValue } from './stored-value.js';

type DB = Database.Database;

/** A tournament's row as stored (entrants decoded from their JSON list). */
export interface StoredTournament {
  readonly id: number;
  readonly key: string;
  readonly created: string;
  readonly mode: string;
  readonly entrants: readonly string[];
  readonly reference: string | null;
  readonly selfPlay: boolean;
  readonly seed: string;
  /** Games per pairing. */
  readonly games: number;
  readonly setup: string;
  readonly codeHash: string;
  /** What a game in which an agent failed counts for (the word stored; 'keep' in a file older than schema 4). */
  readonly policy: string;
}

/** A pairing's row: which run plays pairing `pairing` of a tournament, and who is in it. */
export interface StoredPairing {
  readonly pairing: number;
  readonly run: number;
  readonly kind: string;
  readonly wolves: string | null;
  readonly village: string | null;
  readonly entrant: string | null;
  readonly seat: number | null;
}

interface RawTournament {
  id: number;
  key: string;
  created: string;
  mode: string;
  entrants: string;
  reference: string | null;
  self_play: number;
  seed: string;
  games: number;
  setup: string;
  code_hash: string;
  /** Absent in a file of schema 2 or 3, read as it is. */
  policy?: string;
}

function entrantsOf(r: RawTournament): string[] {
  let list: unknown;
  try {
    list = JSON.parse(r.entrants);
  } catch {
    list = null;
  }
  if (!Array.isArray(list) || !list.every((e) => typeof e === 'string')) badStoredValue(`tournament ${r.id}: its entrants are not a list of names`);
  return list as string[];
}

function fromRaw(r: RawTournament): StoredTournament {
  return {
    id: r.id,
    key: r.key,
    created: r.created,
    mode: r.mode,
    entrants: entrantsOf(r),
    reference: r.reference,
    selfPlay: r.self_play === 1,
    seed: r.seed,
    games: r.games,
    setup: r.setup,
    codeHash: r.code_hash,
    policy: r.policy ?? 'keep',
  };
}

export class TournamentTable {
  /** False for a file of schema 1, opened to read: it has no tournaments. */
  private readonly present: boolean;

  constructor(private readonly db: DB) {
    this.present = (db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'tournaments'").pluck().get() as number) === 1;
  }

  all(): StoredTournament[] {
    if (!this.present) return [];
    return (this.db.prepare('SELECT * FROM tournaments ORDER BY id').all() as RawTournament[]).map(fromRaw);
  }

  byId(id: number): StoredTournament | undefined {
    if (!this.present) return undefined;
    const r = this.db.prepare('SELECT * FROM tournaments WHERE id = ?').get(id) as RawTournament | undefined;
    return r === undefined ? undefined : fromRaw(r);
  }

  /** The latest tournament of this key played by this code. */
  latest(key: string, codeHash: string): StoredTournament | undefined {
    if (!this.present) return undefined;
    const r = this.db.prepare('SELECT * FROM tournaments WHERE key = ? AND code_hash = ? ORDER BY id DESC LIMIT 1').get(key, codeHash) as RawTournament | undefined;
    return r === undefined ? undefined : fromRaw(r);
  }

  insert(t: Omit<StoredTournament, 'id' | 'created'>): StoredTournament {
    const res = this.db
      .prepare('INSERT INTO tournaments (key, created, mode, entrants, reference, self_play, seed, games, setup, code_hash, policy) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .run(t.key, new Date().toISOString(), t.mode, JSON.stringify(t.entrants), t.reference, t.selfPlay ? 1 : 0, t.seed, t.games, t.setup, t.codeHash, t.policy);
    return this.byId(Number(res.lastInsertRowid))!;
  }

  /** Records that pairing `p.pairing` of the tournament is played by `p.run` (the run replaced if already recorded). */
  link(tournament: number, p: StoredPairing): void {
    this.db
      .prepare(
        `INSERT INTO tournament_runs (tournament, pairing, run, kind, wolves, village, entrant, seat) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (tournament, pairing) DO UPDATE SET run = excluded.run`,
      )
      .run(tournament, p.pairing, p.run, p.kind, p.wolves, p.village, p.entrant, p.seat);
  }

  pairings(tournament: number): StoredPairing[] {
    if (!this.present) return [];
    return this.db.prepare('SELECT pairing, run, kind, wolves, village, entrant, seat FROM tournament_runs WHERE tournament = ? ORDER BY pairing').all(tournament) as StoredPairing[];
  }

  /** Removes a tournament and its pairing rows (the runs stay), in one transaction. */
  delete(id: number): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM tournament_runs WHERE tournament = ?').run(id);
      this.db.prepare('DELETE FROM tournaments WHERE id = ?').run(id);
    })();
  }
}
