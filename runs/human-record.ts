// The answers people gave at the table (issue 27), kept in the results file as they are
// given: one row per answer (or forfeit), written at once in a statement of its own, so a
// server stopped any way — Ctrl-C, kill -9, a lost machine — leaves every answer given
// before it. Started again on the same file, the table plays the game again from them
// (agents/human/agent.ts) and asks the people only what they had not answered.
//
//   human_answers  (game, seat, n, person, given, at): the game's name (the table's
//                  identity: commands that serve it say how it is made), the seat
//                  (0-based), the seat's n-th ask, the person's name, and what was given
//                  as JSON — {"answer": {…}} or {"forfeit": "why"} — and when (ISO time).
//
// A results file is untrusted input: a row that is not such JSON is read as no answer (the
// person is asked again), and an answer read back is judged by the engine like any other.

import type Database from 'better-sqlite3';
import type { Answer } from '../engine/index.js';
import type { Given, HumanRecord } from '../agents/human/agent.js';

const HUMAN_SQL = `
CREATE TABLE IF NOT EXISTS human_answers (
  game TEXT NOT NULL,
  seat INTEGER NOT NULL,
  n INTEGER NOT NULL,
  person TEXT NOT NULL,
  given TEXT NOT NULL,
  at TEXT NOT NULL,
  PRIMARY KEY (game, seat, n)
) WITHOUT ROWID;
`;

/** The largest answer read back (a person's speech is capped far below it). */
const MAX_GIVEN = 256 * 1024;

/** A stored answer's JSON, read as untrusted: the entry, or undefined when it is not one. */
export function givenFromJson(text: string): Given | undefined {
  if (text.length > MAX_GIVEN) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o['forfeit'] === 'string') return { forfeit: o['forfeit'] };
  const a = o['answer'];
  if (typeof a === 'object' && a !== null && !Array.isArray(a) && typeof (a as Record<string, unknown>)['kind'] === 'string') return { answer: a as Answer };
  return undefined;
}

/** One game's answers in an open results file (its connection is the Store's). */
export class StoredHumanRecord implements HumanRecord {
  private readonly read: Database.Statement;
  private readonly write: Database.Statement;
  private readonly count: Database.Statement;

  constructor(
    db: Database.Database,
    private readonly game: string,
    private readonly people: ReadonlyMap<number, string>,
  ) {
    db.exec(HUMAN_SQL);
    this.read = db.prepare('SELECT given FROM human_answers WHERE game = ? AND seat = ? AND n = ?').pluck();
    this.write = db.prepare('INSERT OR REPLACE INTO human_answers (game, seat, n, person, given, at) VALUES (?, ?, ?, ?, ?, ?)');
    this.count = db.prepare('SELECT count(*) FROM human_answers WHERE game = ?').pluck();
  }

  given(seat: number, n: number): Given | undefined {
    const text = this.read.get(this.game, seat, n) as string | undefined;
    return text === undefined ? undefined : givenFromJson(text);
  }

  keep(seat: number, n: number, given: Given): void {
    this.write.run(this.game, seat, n, this.people.get(seat) ?? '', JSON.stringify(given), new Date().toISOString());
  }

  /** Answers (and forfeits) kept for this game. */
  get size(): number {
    return this.count.get(this.game) as number;
  }
}
