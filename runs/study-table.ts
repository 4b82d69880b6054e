// The studies' tables in the results file, read and written for studies/ (study-store.ts
// says what a study is). They are made when a study first writes (like the LLM record's),
// so files without a study keep their schema as it was:
//
//   studies          id, key (16 hex digits of sha256 of the request and code), created,
//                    kind ('persuasion'), request (JSON), code_hash
//   study_games      (study, run, game, speeches): the games measured
//   study_speeches   (study, run, game, decision): seat, agent, side, role (the card held),
//                    day, samples (pairs of arms), vote_shift, outcome_shift, side_shift,
//                    accuses (0/1), accused_shift, delta (JSON: mean votes gained per
//                    candidate, with − without, the last entry abstentions), claims (JSON:
//                    the speech's claims as it made them)

import type Database from 'better-sqlite3';
import { badStoredValue } from './stored-value.js';

type DB = Database.Database;

const SQL = `
CREATE TABLE IF NOT EXISTS studies (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL,
  created TEXT NOT NULL,
  kind TEXT NOT NULL,
  request TEXT NOT NULL,
  code_hash TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS studies_key ON studies (key);
CREATE TABLE IF NOT EXISTS study_games (
  study INTEGER NOT NULL REFERENCES studies (id),
  run INTEGER NOT NULL,
  game INTEGER NOT NULL,
  speeches INTEGER NOT NULL,
  PRIMARY KEY (study, run, game)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS study_speeches (
  study INTEGER NOT NULL REFERENCES studies (id),
  run INTEGER NOT NULL,
  game INTEGER NOT NULL,
  decision INTEGER NOT NULL,
  seat INTEGER NOT NULL,
  agent TEXT NOT NULL,
  side TEXT NOT NULL,
  role TEXT NOT NULL,
  day INTEGER NOT NULL,
  samples INTEGER NOT NULL,
  vote_shift REAL NOT NULL,
  outcome_shift REAL NOT NULL,
  side_shift REAL NOT NULL,
  accuses INTEGER NOT NULL,
  accused_shift REAL NOT NULL,
  delta TEXT NOT NULL,
  claims TEXT NOT NULL,
  PRIMARY KEY (study, run, game, decision)
) WITHOUT ROWID;
`;

export interface StudyRow {
  readonly id: number;
  readonly key: string;
  readonly created: string;
  readonly kind: string;
  readonly request: string;
  readonly codeHash: string;
}

/** A measured speech as stored (its side and role the words stored; its claims as made). */
export interface StudySpeechRow {
  readonly run: number;
  readonly game: number;
  /** The speech's decision, by its place in the game's decisions. */
  readonly decision: number;
  readonly seat: number;
  readonly agent: string;
  /** The team of the card the speaker held, and the card. */
  readonly side: string;
  readonly role: string;
  readonly day: number;
  /** Pairs of arms (with the speech, without it) played. */
  readonly samples: number;
  readonly voteShift: number;
  readonly outcomeShift: number;
  readonly sideShift: number;
  /** Whether the speech accuses anyone; then the votes its accused gained. */
  readonly accuses: boolean;
  readonly accusedShift: number;
  /** Mean votes gained per candidate (with − without), the last entry abstentions. */
  readonly delta: readonly number[];
  /** The speech's claims, as it made them. */
  readonly claims: readonly unknown[];
}

interface SpeechRaw {
  run: number;
  game: number;
  decision: number;
  seat: number;
  agent: string;
  side: string;
  role: string;
  day: number;
  samples: number;
  vote_shift: number;
  outcome_shift: number;
  side_shift: number;
  accuses: number;
  accused_shift: number;
  delta: string;
  claims: string;
}

/** A stored JSON list, or a StoredValueError naming where. */
function listOf(text: string, where: string): unknown[] {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    v = null;
  }
  if (!Array.isArray(v)) badStoredValue(`${where} is not a JSON list`);
  return v as unknown[];
}

const STUDY_COLUMNS = 'id, key, created, kind, request, code_hash AS codeHash';

export class StudyTable {
  constructor(private readonly db: DB) {}

  /** Whether the file holds studies at all (a file opened to read may not). */
  private present(): boolean {
    return (this.db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'studies'").pluck().get() as number) === 1;
  }

  /** The latest study of this key. */
  latest(key: string): StudyRow | undefined {
    if (!this.present()) return undefined;
    return this.db.prepare(`SELECT ${STUDY_COLUMNS} FROM studies WHERE key = ? ORDER BY id DESC LIMIT 1`).get(key) as StudyRow | undefined;
  }

  /** A new study (its tables made if this is the file's first). */
  insert(o: { readonly key: string; readonly kind: string; readonly request: string; readonly codeHash: string }): StudyRow {
    this.db.exec(SQL);
    const res = this.db.prepare('INSERT INTO studies (key, created, kind, request, code_hash) VALUES (?, ?, ?, ?, ?)').run(o.key, new Date().toISOString(), o.kind, o.request, o.codeHash);
    return this.db.prepare(`SELECT ${STUDY_COLUMNS} FROM studies WHERE id = ?`).get(Number(res.lastInsertRowid)) as StudyRow;
  }

  /** The games a study has measured. */
  measured(study: number): { readonly run: number; readonly game: number }[] {
    if (!this.present()) return [];
    return this.db.prepare('SELECT run, game FROM study_games WHERE study = ?').all(study) as { run: number; game: number }[];
  }

  /** Stores a game's speeches and marks the game measured, in one transaction. */
  saveGame(study: number, run: number, game: number, speeches: readonly StudySpeechRow[]): void {
    const insert = this.db.prepare(
      `INSERT INTO study_speeches (study, run, game, decision, seat, agent, side, role, day, samples, vote_shift, outcome_shift, side_shift, accuses, accused_shift, delta, claims)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      for (const s of speeches)
        insert.run(study, s.run, s.game, s.decision, s.seat, s.agent, s.side, s.role, s.day, s.samples, s.voteShift, s.outcomeShift, s.sideShift, s.accuses ? 1 : 0, s.accusedShift, JSON.stringify(s.delta), JSON.stringify(s.claims));
      this.db.prepare('INSERT INTO study_games (study, run, game, speeches) VALUES (?, ?, ?, ?)').run(study, run, game, speeches.length);
    })();
  }

  /** Every speech a study has measured, in (run, game, decision) order. */
  speeches(study: number): StudySpeechRow[] {
    if (!this.present()) return [];
    const rows = this.db.prepare('SELECT * FROM study_speeches WHERE study = ? ORDER BY run, game, decision').all(study) as SpeechRaw[];
    return rows.map((r) => {
      const where = `study ${study}, run ${r.run}, game ${r.game}, decision ${r.decision}`;
      const delta = listOf(r.delta, `${where}: its delta`);
      if (!delta.every((x) => typeof x === 'number')) badStoredValue(`${where}: its delta holds a value that is not a number`);
      return {
        run: r.run,
        game: r.game,
        decision: r.decision,
        seat: r.seat,
        agent: r.agent,
        side: r.side,
        role: r.role,
        day: r.day,
        samples: r.samples,
        voteShift: r.vote_shift,
        outcomeShift: r.outcome_shift,
        sideShift: r.side_shift,
        accuses: r.accuses === 1,
        accusedShift: r.accused_shift,
        delta: delta as number[],
        claims: listOf(r.claims, `${where}: its claims`),
      };
    });
  }
}
