// Studies in the results database: a study is an entry of its own, found again by the key
// of its request (the games it reads, what it measures, its seed and samples, the code),
// with one row per game it has measured and one per speech. A game's speeches are
// stored in one transaction with the game's row, so a study killed at any moment
// (kill -9) has whole games or none, and running the same command again measures only
// the games it lacks — the forks already played are not played again.
//
// The tables are made when a study first writes (like the LLM record's), so files
// without a study keep their schema as it was:
//
//   studies          id, key (16 hex digits of sha256 of the request and code), created,
//                    kind ('persuasion'), request (JSON), code_hash
//   study_games      (study, run, game, speeches): the games measured
//   study_speeches   (study, run, game, decision): seat, agent, side, role (the card held),
//                    day, samples (pairs of arms), vote_shift, outcome_shift, side_shift,
//                    accuses (0/1), accused_shift, delta (JSON: mean votes gained per
//                    candidate, with − without, the last entry abstentions), claims (JSON:
//                    the speech's claims as it made them)

import type { Claim, Role, Team } from '../engine/index.js';
import type { Store } from '../runs/storage.js';
import type { SpeechResult } from './persuasion.js';

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

/** Whether the file holds studies at all (a file opened to read may not). */
function hasStudies(store: Store): boolean {
  return store.hasTable('studies');
}

/** The latest study of this key (the one the same command continues). */
export function findStudy(store: Store, key: string): StudyRow | undefined {
  if (!hasStudies(store)) return undefined;
  return store.db
    .prepare('SELECT id, key, created, kind, request, code_hash AS codeHash FROM studies WHERE key = ? ORDER BY id DESC LIMIT 1')
    .get(key) as StudyRow | undefined;
}

export function createStudy(store: Store, o: { readonly key: string; readonly kind: string; readonly request: unknown; readonly codeHash: string }): StudyRow {
  store.db.exec(SQL);
  const res = store.db
    .prepare('INSERT INTO studies (key, created, kind, request, code_hash) VALUES (?, ?, ?, ?, ?)')
    .run(o.key, new Date().toISOString(), o.kind, JSON.stringify(o.request), o.codeHash);
  return findStudyById(store, Number(res.lastInsertRowid))!;
}

function findStudyById(store: Store, id: number): StudyRow | undefined {
  return store.db.prepare('SELECT id, key, created, kind, request, code_hash AS codeHash FROM studies WHERE id = ?').get(id) as StudyRow | undefined;
}

/** The games a study has measured, as `run:game`. */
export function measuredGames(store: Store, study: number): Set<string> {
  if (!hasStudies(store)) return new Set();
  const rows = store.db.prepare('SELECT run, game FROM study_games WHERE study = ?').all(study) as { run: number; game: number }[];
  return new Set(rows.map((r) => `${r.run}:${r.game}`));
}

/** Stores a game's speeches and marks the game measured, in one transaction. */
export function saveStudyGame(store: Store, study: number, run: number, game: number, speeches: readonly SpeechResult[]): void {
  const insert = store.db.prepare(
    `INSERT INTO study_speeches (study, run, game, decision, seat, agent, side, role, day, samples, vote_shift, outcome_shift, side_shift, accuses, accused_shift, delta, claims)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  store.db.transaction(() => {
    for (const s of speeches)
      insert.run(study, s.run, s.game, s.decision, s.seat, s.agent, s.side, s.role, s.day, s.samples, s.voteShift, s.outcomeShift, s.sideShift, s.accuses ? 1 : 0, s.accusedShift, JSON.stringify(s.delta), JSON.stringify(s.claims));
    store.db.prepare('INSERT INTO study_games (study, run, game, speeches) VALUES (?, ?, ?, ?)').run(study, run, game, speeches.length);
  })();
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

/** Every speech a study has measured, in (run, game, decision) order. */
export function studySpeeches(store: Store, study: number): SpeechResult[] {
  if (!hasStudies(store)) return [];
  const rows = store.db.prepare('SELECT * FROM study_speeches WHERE study = ? ORDER BY run, game, decision').all(study) as SpeechRaw[];
  return rows.map((r) => ({
    run: r.run,
    game: r.game,
    decision: r.decision,
    seat: r.seat,
    agent: r.agent,
    side: r.side as Team,
    role: r.role as Role,
    day: r.day,
    samples: r.samples,
    voteShift: r.vote_shift,
    outcomeShift: r.outcome_shift,
    sideShift: r.side_shift,
    accuses: r.accuses === 1,
    accusedShift: r.accused_shift,
    delta: JSON.parse(r.delta) as number[],
    claims: JSON.parse(r.claims) as Claim[],
  }));
}
