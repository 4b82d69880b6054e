// The answers people gave at the table (issue 27), kept in the results file as they are
// given: one row per answer (or forfeit), written at once in a statement of its own, so a
// server stopped any way — Ctrl-C, kill -9, a lost machine — leaves every answer given
// before it. Started again on the same file, the table plays the game again from them
// (agents/human/agent.ts) and asks the people only what they had not answered.
//
//   human_answers  (game, seat, n, person, given, at): the game's name (its run's key and
//                  its index: `humanGameName`), the seat
//                  (0-based), the seat's n-th ask, the person's name, and what was given
//                  as JSON — {"answer": {…}} or {"forfeit": "why"} — and when (ISO time).
//
// A results file is untrusted input: a row that is not such JSON is read as no answer (the
// person is asked again), and an answer read back is judged by the engine like any other.

import type Database from 'better-sqlite3';
import type { Answer } from '../engine/index.js';
import { HumanAgent, MemoryRecord, type Given, type HumanDesk, type HumanRecord } from '../agents/human/agent.js';
import type { HumanSeatFactory } from '../agents/types.js';
import { seatFileOp } from './db-file.js';

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
  if (typeof a !== 'object' || a === null || Array.isArray(a) || typeof (a as Record<string, unknown>)['kind'] !== 'string') return undefined;
  // Beliefs: an array (each entry checked against the table by the agent that plays them again), or none.
  const b = o['beliefs'];
  if (b === undefined) return { answer: a as Answer };
  return Array.isArray(b) ? { answer: a as Answer, beliefs: b as (number | null)[] } : undefined;
}

/** Game `index` of the run whose key is `key`, as the answers name it. */
export function humanGameName(key: string, index: number): string {
  return `${key}#${index}`;
}

/**
 * One game's answers in an open results file (its connection is the Store's). Opened to
 * write, it makes its table if missing; to read, a file without one holds no answer.
 */
export class StoredHumanRecord implements HumanRecord {
  private readonly read: Database.Statement | null;
  private readonly write: Database.Statement | null;
  private readonly count: Database.Statement | null;
  private readonly all: Database.Statement | null;
  /** What a failed read or write names. */
  private readonly what = () => `the people's answers in ${this.db.name}`;

  constructor(
    private readonly db: Database.Database,
    private readonly game: string,
    private readonly people: ReadonlyMap<number, string>,
    writable: boolean,
  ) {
    if (writable) db.exec(HUMAN_SQL);
    const there = (db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'human_answers'").pluck().get() as number) === 1;
    this.read = there ? db.prepare('SELECT given FROM human_answers WHERE game = ? AND seat = ? AND n = ?').pluck() : null;
    this.write = writable ? db.prepare('INSERT OR REPLACE INTO human_answers (game, seat, n, person, given, at) VALUES (?, ?, ?, ?, ?, ?)') : null;
    this.count = there ? db.prepare('SELECT count(*) FROM human_answers WHERE game = ?').pluck() : null;
    this.all = there ? db.prepare('SELECT seat, n, given FROM human_answers WHERE game = ?') : null;
  }

  // Read and written from inside a person's seat: a failure is the file's, not the person's
  // (db-file.ts seatFileOp), so the seat is not charged and the person not asked again.
  given(seat: number, n: number): Given | undefined {
    const text = seatFileOp(this.what, () => this.read?.get(this.game, seat, n)) as string | undefined;
    return text === undefined ? undefined : givenFromJson(text);
  }

  keep(seat: number, n: number, given: Given): void {
    if (this.write === null) throw new Error('the answers of a results file opened to read are not written');
    const write = this.write;
    seatFileOp(this.what, () => write.run(this.game, seat, n, this.people.get(seat) ?? '', JSON.stringify(given), new Date().toISOString()));
  }

  /** Every answer kept for this game, read as untrusted (rows that are not one left out). */
  entries(): { readonly seat: number; readonly n: number; readonly given: Given }[] {
    if (this.all === null) return [];
    const rows = this.all.all(this.game) as { seat: number; n: number; given: string }[];
    const out: { seat: number; n: number; given: Given }[] = [];
    for (const r of rows) {
      const given = givenFromJson(r.given);
      if (given !== undefined) out.push({ seat: r.seat, n: r.n, given });
    }
    return out;
  }

  /** Answers (and forfeits) kept for this game. */
  get size(): number {
    return (this.count?.get(this.game) as number | undefined) ?? 0;
  }
}

/** Nobody to ask: a replay takes the answers kept, and a decision without one is forfeited. */
const NOBODY: HumanDesk = { ask: () => Promise.reject(new Error('no answer of this person is kept for this decision')) };

/**
 * The people of one stored game, answering from the answers they gave, read at once (a
 * replay: nobody is asked, nothing is written, and the file may be closed). A decision
 * with no answer kept is forfeited: the replay then differs from the stored game, and
 * says so.
 */
export function keptAnswers(record: StoredHumanRecord): HumanSeatFactory {
  const answers = new MemoryRecord();
  for (const e of record.entries()) answers.keep(e.seat, e.n, e.given);
  const readOnly: HumanRecord = { given: (seat, n) => answers.given(seat, n), keep: () => {} };
  return { agent: (person, seat) => new HumanAgent({ seat, person, desk: NOBODY, record: readOnly, clockMs: null }) };
}
