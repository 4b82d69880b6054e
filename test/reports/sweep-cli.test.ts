// `sim balance` and `sim report` end to end: a sweep's games depend on its seed and
// settings only (not on workers, nor on a stop and a second run, nor on a kill -9), the
// report writes a page whose charts have the marks they should, and bad input is refused
// with a message and nothing written.

import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import Database from 'better-sqlite3';
import { runBalance, type BalanceArgs } from '../../commands/balance.js';
import { Store } from '../../runs/storage.js';
import { parseSeating } from '../../agents/registry.js';
import { resolveSetup } from '../../engine/index.js';
import { removeDir, sim, snapshotTree as snapshot, tempDir } from '../helpers/sim-cli.js';
import { killOnceStored, simChild } from '../helpers/sim-process.js';

const dir = tempDir('balance');
afterAll(() => removeDir(dir));

// 8 and 9 players, 1–2 wolves + seer, and the documents' rows: 5 cells. ±7 points with
// checkpoints every 40 games: a few hundred games per cell.
const SMALL = ['--players', '8-9', '--wolves', '1-2', '--with', 'seer', '--precision', '0.07', '--batch', '40', '--seed', 's1'];

const args = (db: string, over: Partial<BalanceArgs> = {}): BalanceArgs => ({
  db,
  presets: 'standard',
  players: '8-9',
  wolves: '1-2',
  with: ['seer'],
  subsets: false,
  tables: true,
  rules: [],
  agents: [],
  seed: 's1',
  precision: '0.07',
  batch: '40',
  workers: 0,
  concurrency: 4,
  json: false,
  ...over,
});

/** Every run's configuration and stored games, in a comparable form (ids and times left out). */
function contents(db: string): string {
  const d = new Database(db, { fileMustExist: true });
  d.pragma('query_only = ON');
  try {
    const runs = d.prepare('SELECT id, key, setup, seed, seating, games FROM runs ORDER BY key').all() as { id: number; key: string }[];
    return JSON.stringify(
      runs.map((r) => ({ ...r, id: undefined, games: d.prepare('SELECT idx, winner, days, invalid, fallbacks, seats FROM games WHERE run = ? ORDER BY idx').raw().all(r.id) })),
    );
  } finally {
    d.close();
  }
}

let reference = '';

describe('sim balance', () => {
  it('plays each cell until its interval is narrow enough, in this thread or on workers alike', async () => {
    const a = join(dir, 'a.db');
    const r = await runBalance(args(a));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const cells = r.value.sweep.cells;
    // 8: 1W, 2W (= 004's row), 001's row; 9: 1W, 2W (= 004's row).
    expect(cells).toHaveLength(5);
    for (const c of cells) {
      expect(c.state.kind).toBe('settled');
      expect(c.games % 40).toBe(0);
    }
    expect(r.value.stdout).toMatch(/Balance by player count/);
    expect(r.value.stdout).toMatch(/5: 5 settled, 0 capped, 0 open/);
    reference = contents(a);
    // Settled cells are finished by design: listed so, not INCOMPLETE (nothing for sim resume).
    const listed = await sim(['runs', '--db', a], dir);
    expect(listed.stdout).not.toMatch(/INCOMPLETE/);
    const ended = listed.stdout.match(/finished by design \(a balance sweep's cell settled after\s+\d+ games\)/g) ?? [];
    expect(ended.length).toBeGreaterThan(0);
    expect(ended.length + (listed.stdout.match(/ complete$/gm) ?? []).length).toBe(5);

    const b = join(dir, 'b.db');
    const w = await runBalance(args(b, { workers: 2 }));
    expect(w.ok).toBe(true);
    expect(contents(b)).toBe(reference);
  });

  it('a stopped sweep, run again, ends with exactly the games of an uninterrupted one', async () => {
    const c = join(dir, 'c.db');
    let calls = 0;
    const first = await runBalance(args(c), { shouldStop: () => ++calls > 3 });
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(first.value.sweep.stopped).toBe(true);
    expect(first.value.stdout).toMatch(/run the same command\s+again\s+to\s+continue/);
    const again = await runBalance(args(c));
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(again.value.sweep.stopped).toBe(false);
    expect(contents(c)).toBe(reference);
    // A third run finds every cell settled and plays nothing.
    const third = await runBalance(args(c));
    expect(third.ok && third.value.sweep.played).toBe(0);
  });

  it('survives kill -9 of the sim process: the next run completes the same games', async () => {
    const d = join(dir, 'd.db');
    const child = simChild(['balance', '--db', 'd.db', '--workers', '1', ...SMALL], dir);
    // Wait until some games are stored, then kill without warning.
    await killOnceStored(child, d);
    const r = await sim(['balance', '--db', 'd.db', '--workers', '1', ...SMALL], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(contents(d)).toBe(reference);
  });

  it('refuses an impossible grid, a foreign file and bad flags, writing nothing', async () => {
    writeFileSync(join(dir, 'notes.db'), 'not a database\n');
    const before = snapshot(dir);
    const impossible = await sim(['balance', '--db', 'new.db', '--players', '8', '--wolves', '1-7', '--with', 'seer,witch,hunter,cupid'], dir);
    expect(impossible.code).toBe(2);
    expect(impossible.stderr).toMatch(/3 impossible cells; nothing was played/);
    const foreign = await sim(['balance', '--db', 'notes.db', ...SMALL], dir);
    expect(foreign.code).toBe(2);
    expect(foreign.stderr).toMatch(/not an SQLite database/);
    for (const [flags, message] of [
      [['--precision', '0'], /--precision must be a number between 0 and 0.5/],
      [['--players', '8-x'], /--players '8-x'/],
      [['--wolves', '3-1'], /runs backwards/],
      [['--with', 'seer,dragon'], /unknown role 'dragon'/],
      [['--agents', 'wizard'], /unknown agent 'wizard'/],
      [['--max-games', '10', '--batch', '40'], /--max-games \(10\) is below --batch/],
    ] as const) {
      const r = await sim(['balance', '--db', 'new.db', ...flags], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    }
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('sim report', () => {
  it('writes a self-contained page whose charts have the marks of the data, with CSV, JSON and replays', async () => {
    const r = await sim(['report', '--db', 'a.db', '--out', 'rep'], dir);
    expect(r.stdout).toMatch(/report written: rep\/index.html/);
    // The page holds the report: the terminal gets its outline, not the whole text again.
    expect(r.stdout.split('\n').length).toBeLessThan(15);
    expect(r.code).toBe(0);
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    const out = join(dir, 'rep');
    const html = readFileSync(join(out, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<script|<link|src="http|@import/);
    const { document } = parseHTML(html);
    const charts = Array.from(document.querySelectorAll('div.chart'));
    // Win rate by player count, the heat-map (seer family), role values, mean length, histogram, deaths.
    expect(charts.length).toBe(6);
    // The heat-map: one cell per (players, wolves) of the seer family: 8 and 9 players × 1–2 wolves.
    const heat = charts[1]!;
    expect(heat.querySelector('g[aria-label="cell"]')!.querySelectorAll('rect').length).toBe(4);
    // The win-rate chart: a dot per series point — table 004 (8, 9), table 001 (8), 1W+seer (8, 9), 2W+seer (8, 9).
    expect(charts[0]!.querySelectorAll('g[aria-label="dot"] circle').length).toBe(7);
    const json = JSON.parse(readFileSync(join(out, 'tables', 'balance.json'), 'utf8')) as { rows: unknown[] };
    expect(json.rows).toHaveLength(2);
    expect(readFileSync(join(out, 'tables', 'balance.csv'), 'utf8').split('\r\n')[0]).toMatch(/^preset,rules,agents,players/);
    const replay = readFileSync(join(out, 'game-1-0.html'), 'utf8');
    expect(replay).toMatch(/replay matches the stored result/);
    expect(replay).toMatch(/Night 1/);
  });

  it('compares the configurations of two runs on request', async () => {
    const r = await sim(['report', '--db', 'a.db', '--compare', '1:2', '--json'], dir);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as { comparisons: { rows: { a_runs: string; b_runs: string; p: number; z: number }[] } };
    expect(json.comparisons.rows).toHaveLength(1);
    expect(json.comparisons.rows[0]!.a_runs).toBe('1');
    expect(json.comparisons.rows[0]!.b_runs).toBe('2');
    expect(json.comparisons.rows[0]!.p).toBeGreaterThanOrEqual(0);
  });

  it('refuses a missing file, a foreign file, an empty database, and a bad --out, writing nothing', async () => {
    // A database with a run but no game in it.
    const empty = Store.open(join(dir, 'empty.db'), 'write');
    if (!empty.ok) throw new Error(empty.error);
    const setup = resolveSetup({ players: 8 });
    const seating = parseSeating([]);
    if (!setup.ok || !seating.ok) throw new Error('setup');
    empty.value.createRun({ setup: setup.value, seed: '1', seating: seating.value, games: 10, shard: { k: 1, n: 1 } }, 'k', { package: '0', node: '20', codeHash: 'x', git: null });
    empty.value.close();
    writeFileSync(join(dir, 'afile'), 'x');
    const before = snapshot(dir);
    for (const [flags, message] of [
      [['--db', 'missing.db', '--out', 'o'], /there is no results database at missing.db/],
      [['--db', 'notes.db', '--out', 'o'], /not an SQLite database/],
      [['--db', 'empty.db', '--out', 'o'], /empty.db holds no games: play some first/],
      [['--db', 'a.db', '--out', 'afile'], /--out afile is a file, not a directory/],
      [['--db', 'a.db', '--out', 'afile/o'], /--out afile\/o: .*afile is a file, not a directory/],
      [['--db', 'a.db', '--out', 'o', '--replay', '99:0'], /has no run 99/],
      [['--db', 'a.db', '--run', '42'], /has no run 42/],
      [['--db', 'a.db', '--compare', '1-2'], /--compare '1-2' is not RUN:RUN/],
      [['--db', 'a.db', '--compare', '1:77'], /run 77 has no games/],
    ] as const) {
      const r = await sim(['report', ...flags], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    }
    expect(snapshot(dir)).toEqual(before);
    expect(existsSync(join(dir, 'o'))).toBe(false);
  });

  it('an --out it cannot write is said plainly: no stack trace, no hang, no temporary file left', async () => {
    // Node 20's recursive mkdir loops forever under /proc; the report makes its directories one by one.
    if (existsSync('/proc/self')) {
      const r = await sim(['report', '--db', 'a.db', '--out', '/proc/no-such-dir/report'], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/^sim: --out \/proc\/no-such-dir\/report: cannot create the directory \/proc\/no-such-dir \(ENOENT\): choose another --out\n$/);
    }
    // A file of the report that cannot be written (here a directory is in its way).
    mkdirSync(join(dir, 'blocked', 'tables', 'roles.csv'), { recursive: true });
    const r = await sim(['report', '--db', 'a.db', '--out', 'blocked'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stderr).toMatch(/^sim: --out blocked: cannot write .*roles\.csv \(EISDIR\); the page \(index\.html\) is written last/);
    expect(existsSync(join(dir, 'blocked', 'index.html'))).toBe(false);
    expect(readdirSync(join(dir, 'blocked', 'tables')).filter((f) => f.includes('.tmp-'))).toEqual([]);
  });
});
