// A results file is untrusted input: edited by hand, crafted, or flipped where SQLite's
// own checks cannot see. Each crafted file below is opened by every command that reads
// one: the answer is one paragraph and a documented exit code (a damaged file: 2), or the
// command's ordinary output, never a stack trace, and nothing a file holds reaches the
// terminal raw. (Files that name servers or programs: untrusted-file.test.ts.)

import Database from 'better-sqlite3';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasHidden } from '../../narrate/escape.js';
import { removeDir, sim, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('crafted');
afterAll(() => removeDir(dir));

const RAW = '\x1b]0;pwned\x07\x1b[2J\u202eevil\r\nline';

/** Edits a copy of the clean file with SQL (the schema may be written to). */
function edited(name: string, sql: string): void {
  copyFileSync(join(dir, 'clean.db'), join(dir, name));
  const d = new Database(join(dir, name));
  d.unsafeMode(true);
  d.exec(sql);
  d.close();
}

beforeAll(async () => {
  // Enough games for the games table to span many pages (a flip inside one).
  expect((await sim(['--games', '3000', '--workers', '0', '--seed', 'clean', '--db', 'clean.db'], dir)).code).toBe(0);
  edited('winner.db', 'UPDATE games SET winner = 99 WHERE idx = 3');
  edited('seats.db', 'UPDATE games SET seats = substr(seats, 1, 3) WHERE idx = 3');
  edited('version.db', 'PRAGMA user_version = 1');
  // A policy this code never writes, in a column without the CHECK this code's files have
  // (a value that breaks the CHECK is caught by SQLite's own check as damage).
  edited('policy.db', "ALTER TABLE runs DROP COLUMN policy; ALTER TABLE runs ADD COLUMN policy TEXT NOT NULL DEFAULT 'lenient'");
  const raw = RAW.replace(/'/g, "''");
  edited('raw.db', `UPDATE runs SET seed = '${raw}', created = '${raw}', git = '${raw}', rules = '${raw}', deck = '${raw}', code_hash = '${raw}', preset = '${raw}'; UPDATE agents SET spec = 'random${raw}'`);
  // A leaf page of the games table told it holds one cell: SQLite reads the other pages
  // (the run then looks incomplete), and only its check (quick_check) sees the damage.
  const d = new Database(join(dir, 'clean.db'), { readonly: true });
  const leaves = d.prepare("SELECT pageno FROM dbstat WHERE name = 'games' AND pagetype = 'leaf' ORDER BY pageno").pluck().all() as number[];
  const pageSize = d.pragma('page_size', { simple: true }) as number;
  d.close();
  const bytes = readFileSync(join(dir, 'clean.db'));
  const page = leaves[Math.floor(leaves.length / 2)]!;
  bytes[(page - 1) * pageSize + 3] = 0;
  bytes[(page - 1) * pageSize + 4] = 1;
  writeFileSync(join(dir, 'flipped.db'), bytes);
});

const CRAFTED = ['winner.db', 'seats.db', 'version.db', 'raw.db', 'flipped.db', 'policy.db'];
const READERS: [string, (db: string) => string[]][] = [
  ['runs', (db) => ['runs', '--db', db]],
  ['show', (db) => ['show', '--db', db, '--game', '3']],
  ['show --json', (db) => ['show', '--db', db, '--game', '3', '--json']],
  ['report', (db) => ['report', '--db', db]],
  ['export csv', (db) => ['export', '--db', db, '--format', 'csv']],
  ['export jsonl', (db) => ['export', '--db', db, '--format', 'jsonl', '--rows', 'seats']],
  ['metrics', (db) => ['metrics', '--db', db]],
  ['leaderboard', (db) => ['leaderboard', '--db', db]],
  ['merge', (db) => ['merge', db, '--into', `merged-${db}`]],
  ['resume', (db) => ['resume', '--db', db]],
  ['fork', (db) => ['fork', '--db', db, '--game', '3', '--at', '2', '--silence']],
  ['persuasion', (db) => ['persuasion', '--db', db, '--games', '1', '--samples', '1']],
];

describe.each(CRAFTED)('%s', (file) => {
  it.each(READERS)('sim %s: one paragraph or its output, no stack trace, nothing raw', async (_name, args) => {
    const r = await sim(args(file), dir);
    expect([0, 1, 2], r.stderr).toContain(r.code);
    for (const text of [r.stdout, r.stderr]) {
      expect(text).not.toMatch(/\n\s+at |TypeError|SqliteError|RangeError/);
      // (CSV's line ends are CRLF.)
      expect(hasHidden(text.replaceAll('\r\n', '\n')), text.slice(0, 300)).toBe(false);
    }
    if (r.code === 2) expect(r.stderr).toMatch(/^sim: [^\n]+\n$/);
  });
});

describe('what each crafted file is called', () => {
  it.each([
    ['winner.db', ['report', '--db', 'winner.db'], /winner\.db is damaged \(a value this code never writes: run 1 game 3: unknown winner code 99\)/],
    ['seats.db', ['report', '--db', 'seats.db'], /seats\.db is damaged \(a value this code never writes: run 1 game 3: seat 0 has an unknown cause code/],
    ['policy.db', ['runs', '--db', 'policy.db'], /policy\.db is damaged \(a value this code never writes: run 1: failure policy 'lenient'\)/],
    ['version.db', ['resume', '--db', 'version.db'], /version\.db is damaged \(its tables are not those of the schema version it declares \(1\)/],
    // Never "INCOMPLETE" with a resume to try: damaged, for every reader.
    ['flipped.db', ['runs', '--db', 'flipped.db'], /flipped\.db is damaged \(SQLite's check: /],
    ['flipped.db', ['report', '--db', 'flipped.db'], /flipped\.db is damaged \(SQLite's check: /],
    ['winner.db (merge)', ['merge', 'winner.db', '--into', 'm.db'], /winner\.db is damaged .*; m\.db was not made/],
  ])('%s: exit 2, damaged', async (_name, args, message) => {
    const r = await sim(args, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('raw.db: every stored value shown escaped by sim runs', async () => {
    const r = await sim(['runs', '--db', 'raw.db'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('\\x1b]0;pwned\\x07');
    expect(hasHidden(r.stdout)).toBe(false);
  });
});
