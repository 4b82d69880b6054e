// `sim tournament` end to end: the stored games and the ratings are the same for any
// number of workers and after an interruption (a stop, a kill -9) and a second run; the
// heuristic agent is rated above the random one on both sides; the report draws the
// strengths chart; bad input exits 2 and writes nothing; a file of the previous schema is
// read as it is and brought up to date when written.

import Database from 'better-sqlite3';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHTML } from 'linkedom';
import { afterAll, describe, expect, it } from 'vitest';
import { runTournament, type TournamentArgs } from '../../commands/tournament.js';
import { standingLines } from '../../scripts/cli/tournament.js';
import { Store } from '../../runs/storage.js';
import { SCHEMA_VERSION, TOURNAMENT_SQL } from '../../runs/schema.js';
import { removeDir, sim, snapshotTree as snapshot, tempDir } from '../helpers/sim-cli.js';
import { tournamentData } from '../../tournaments/tournament-data.js';
import { tournaments } from '../../tournaments/tournament-store.js';
import { killOnceStored, simChild } from '../helpers/sim-process.js';

const dir = tempDir('tournament');
afterAll(() => removeDir(dir));

const GAMES = 120;
const args = (db: string, over: Partial<TournamentArgs> = {}): TournamentArgs => ({
  db: join(dir, db),
  mode: 'side',
  agents: ['random', 'heuristic'],
  rules: [],
  seed: 't1',
  games: GAMES,
  // In this thread: a worker is what the tests that name one check (the same games on two
  // workers; a stop with chunks in flight on one; a kill -9).
  workers: 0,
  concurrency: 4,
  chunk: 20,
  json: true,
  ...over,
});

/** Every run's identity and stored games, and the tournaments' pairings (ids and times left out). */
function contents(db: string): string {
  const d = new Database(db, { fileMustExist: true });
  d.pragma('query_only = ON');
  try {
    const runs = d.prepare('SELECT id, key, seating, games FROM runs ORDER BY key').all() as { id: number; key: string }[];
    const pairings = d.prepare('SELECT t.key, p.pairing, r.key AS run, p.kind, p.wolves, p.village, p.entrant, p.seat FROM tournament_runs p JOIN tournaments t ON t.id = p.tournament JOIN runs r ON r.id = p.run ORDER BY t.key, p.pairing').all();
    return JSON.stringify({
      runs: runs.map((r) => ({ ...r, id: undefined, games: d.prepare('SELECT idx, winner, days, invalid, fallbacks, seats FROM games WHERE run = ? ORDER BY idx').raw().all(r.id) })),
      pairings,
    });
  } finally {
    d.close();
  }
}

/** The JSON summary without what depends on time. */
function ratings(stdout: string): unknown {
  const j = JSON.parse(stdout) as Record<string, unknown>;
  return { tables: j['tables'], model: j['model'], stored: j['stored'], total: j['total'] };
}

let reference = '';
let referenceRatings: unknown;

describe("a side tournament's errors, a deal as the unit", () => {
  it("puts each pairing's decisive games in the cluster of their deal, as many as the pairing counts, and says so under the strengths", async () => {
    const r = await runTournament(args('deals.db'));
    if (!r.ok) throw new Error(r.error);
    const store = Store.open(join(dir, 'deals.db'), 'read');
    if (!store.ok) throw new Error(store.error);
    try {
      const data = tournamentData(store.value, tournaments(store.value)[0]!);
      if (data.mode !== 'side') throw new Error('not a side tournament');
      // One cluster per game index, each with at most one game of each pairing.
      expect(data.deals.length).toBeGreaterThan(GAMES * 0.9);
      for (const deal of data.deals) expect(new Set(deal.map((c) => c.row)).size).toBe(deal.length);
      data.results.forEach((res, row) => {
        const cells = data.deals.flatMap((d) => d.filter((c) => c.row === row));
        expect(cells.length).toBe(res.villageWins + res.wolvesWins);
        expect(cells.reduce((n, c) => n + c.successes, 0)).toBe(res.villageWins);
      });
    } finally {
      store.value.close();
    }
    const j = JSON.parse(r.value.stdout);
    const strengths = j.tables.find((t: { id: string }) => t.id.endsWith('-model'));
    expect(strengths.notes.join(' ')).toMatch(/errors take a deal as the unit/);
  });
});

describe('sim tournament (side mode)', () => {
  it('stores one run per pairing and rates heuristic above random on both sides', async () => {
    const r = await runTournament(args('a.db'));
    if (!r.ok) throw new Error(r.error);
    const j = JSON.parse(r.value.stdout);
    expect(j).toMatchObject({ tournament: 1, mode: 'side', entrants: ['random', 'heuristic'], selfPlay: true, stored: 4 * GAMES, total: 4 * GAMES, stopped: false });
    expect(j.pairings.map((p: { kind: string; wolves: string; village: string; stored: number }) => [p.wolves, p.village, p.stored])).toEqual([
      ['random', 'random', GAMES],
      ['random', 'heuristic', GAMES],
      ['heuristic', 'random', GAMES],
      ['heuristic', 'heuristic', GAMES],
    ]);
    const scores = j.tables.find((t: { id: string }) => t.id === 'tournament-1-scores').rows as { rank: number; entrant: string; wolves: number; wolves_low: number; wolves_high: number; village: number; village_low: number; village_high: number }[];
    // The leaderboard: ranked best first.
    const [heuristic, random] = scores;
    expect([heuristic!.rank, heuristic!.entrant, random!.rank, random!.entrant]).toEqual([1, 'heuristic', 2, 'random']);
    // Deception and detection: heuristic's intervals lie wholly above random's.
    expect(heuristic!.wolves_low).toBeGreaterThan(random!.wolves_high);
    expect(heuristic!.village_low).toBeGreaterThan(random!.village_high);
    // The fitted model agrees, by more than three times the sum of the standard errors on each side (random against random: 0).
    const s = j.model.strengths as { entrant: string; village: number; villageSe: number; wolves: number; wolvesSe: number }[];
    const h = s.find((x) => x.entrant === 'heuristic')!;
    const rnd = s.find((x) => x.entrant === 'random')!;
    expect(h.village - rnd.village).toBeGreaterThan(3 * (h.villageSe + rnd.villageSe));
    expect(h.wolves - rnd.wolves).toBeGreaterThan(3 * (h.wolvesSe + rnd.wolvesSe));
    reference = contents(join(dir, 'a.db'));
    referenceRatings = ratings(r.value.stdout);
  });

  it('gives the same games and ratings in this thread and on two workers', async () => {
    for (const [db, workers] of [['w0.db', 0], ['w2.db', 2]] as const) {
      const r = await runTournament(args(db, { workers, chunk: undefined }));
      if (!r.ok) throw new Error(r.error);
      expect(contents(join(dir, db))).toBe(reference);
      expect(ratings(r.value.stdout)).toEqual(referenceRatings);
    }
  });

  it('a stopped tournament, run again, ends with exactly the games and ratings of an uninterrupted one', async () => {
    let stored = 0;
    const first = await runTournament(args('stop.db', { workers: 1 }), { onProgress: (n) => (stored = n), shouldStop: () => stored >= 100 });
    if (!first.ok) throw new Error(first.error);
    expect(first.value.play.stopped).toBe(true);
    expect(first.value.play.stored).toBeGreaterThan(0);
    expect(first.value.play.stored).toBeLessThan(4 * GAMES);
    // Chunks are interleaved across pairings: every pairing has some games already.
    expect(JSON.parse(first.value.stdout).pairings.every((p: { stored: number }) => p.stored > 0)).toBe(true);
    const again = await runTournament(args('stop.db'));
    if (!again.ok) throw new Error(again.error);
    expect(again.value.open.created).toBe(false);
    expect(again.value.play.played).toBe(4 * GAMES - first.value.play.stored);
    expect(contents(join(dir, 'stop.db'))).toBe(reference);
    expect(ratings(again.value.stdout)).toEqual(referenceRatings);
    const third = await runTournament(args('stop.db'));
    expect(third.ok && third.value.play.played).toBe(0);
  });

  it('survives kill -9 of the sim process: the same command completes the same games', async () => {
    const db = join(dir, 'kill.db');
    const cli = ['tournament', '--agents', 'random', '--agents', 'heuristic', '--games', String(GAMES), '--seed', 't1', '--db', 'kill.db', '--workers', '1'];
    const child = simChild(cli, dir);
    await killOnceStored(child, db);
    const r = await sim(cli, dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^werewolf-lab tournament 1 \(side mode\)/);
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    expect(contents(db)).toBe(reference);
  });

  it('a pairing already played (by a plain run or another tournament) is not played again', async () => {
    // A three-entrant tournament in a.db shares four pairings with tournament 1.
    const r = await runTournament(args('a.db', { agents: ['random', 'heuristic', 'heuristic:fakeClaim=0'] }));
    if (!r.ok) throw new Error(r.error);
    expect(r.value.open.tournament.id).toBe(2);
    expect(r.value.play.played).toBe(5 * GAMES);
    expect(r.value.open.pairings.filter((p) => p.run.id <= 4)).toHaveLength(4);
    const runs = await sim(['runs', '--db', 'a.db'], dir);
    expect(runs.stdout).toMatch(/^ {2}tournament 1 {2}side mode {2}random vs heuristic\n {9}4 runs of 120 games, seed t1: runs 1 2 3 4$/m);
    expect(runs.stdout).toMatch(/^ {2}tournament 2 {2}side mode {2}random vs heuristic vs heuristic:fakeClaim=0$/m);
  });
});

describe('sim tournament (seat mode)', () => {
  it('plays the baseline and the entrant in every seat, and rates it against the reference on the same deals', async () => {
    const r = await sim(['tournament', '--mode', 'seat', '--agents', 'random', '--games', '40', '--db', 'seat.db', '--workers', '1', '--json'], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ mode: 'seat', reference: 'heuristic', stored: 9 * 40, total: 9 * 40 });
    const scores = j.tables.find((t: { id: string }) => t.id === 'tournament-1-scores').rows as { side: string; rate_games: number; rate_diff: number; rate_diff_high: number }[];
    // 40 deals × 8 seats: the seat holds a werewolf card in 2 of 8.
    expect(scores.map((s) => [s.side, s.rate_games])).toEqual([
      ['wolves', 80],
      ['village', 240],
    ]);
    // A random villager does worse than a heuristic one in the same seat of the same deal.
    expect(scores[1]!.rate_diff_high).toBeLessThan(0);
    const roles = j.tables.find((t: { id: string }) => t.id === 'tournament-1-roles').rows as { role: string; rate_games: number }[];
    expect(roles.map((x) => [x.role, x.rate_games])).toEqual([
      ['werewolf', 80],
      ['villager', 200],
      ['seer', 40],
    ]);
    expect(j.model.strengths.map((s: { entrant: string }) => s.entrant)).toEqual(['random', 'heuristic']);
  });
});

describe('sim report --tournament', () => {
  it('adds the tournament: its tables, and the chart of wolf against village strength with error bars', async () => {
    const r = await sim(['report', '--db', 'a.db', '--tournament', '1', '--out', 'rep'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Tournament 1 \(side mode\): random vs heuristic \(with self-play\)/);
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
    const html = readFileSync(join(dir, 'rep', 'index.html'), 'utf8');
    const { document } = parseHTML(html);
    const section = document.querySelector('#tournament-1');
    expect(section?.textContent).toMatch(/Tournament 1/);
    const charts = Array.from(document.querySelectorAll('div.chart')).filter((c) => /wolf strength/.test(c.textContent ?? ''));
    expect(charts).toHaveLength(1);
    const chart = charts[0]!;
    // A dot per entrant (a symbol each: circle, cross…), told apart by the legend, not by labels beside them.
    expect(chart.querySelectorAll('g[aria-label="dot"] > *')).toHaveLength(2);
    expect(chart.querySelectorAll('g[aria-label="text"]')).toHaveLength(0);
    // Two reference lines at 0, then one horizontal and one vertical error bar per entrant.
    expect(chart.querySelectorAll('g[aria-label="rule"] line').length).toBe(2 + 2 * 2);
    expect(existsSync(join(dir, 'rep', 'tables', 'tournament-1-model.csv'))).toBe(true);
    const json = JSON.parse(readFileSync(join(dir, 'rep', 'report.json'), 'utf8'));
    expect(json.tournaments).toHaveLength(1);
    // Without --tournament the report rates every tournament of the file.
    const all = await sim(['report', '--db', 'a.db', '--json'], dir);
    expect(JSON.parse(all.stdout).tournaments.map((t: { label: string }) => t.label.slice(0, 12))).toEqual(['Tournament 1', 'Tournament 2']);
  });
});

describe('bad input', () => {
  it('exits 2 with what to do, and writes nothing', async () => {
    writeFileSync(join(dir, 'notes.db'), 'not a database\n');
    const before = snapshot(dir);
    const two = ['--agents', 'random', '--agents', 'heuristic'];
    for (const [flags, message] of [
      [['--agents', 'heuristic', '--games', '10'], /a side tournament needs at least two entrants/],
      [['--agents', 'random', '--agents', 'wizard', '--games', '10'], /unknown agent 'wizard'/],
      [[...two, '--roles', 'werewolf=2,seer,villager=9', '--players', '8'], /the mix has 12 roles for 8 players/],
      [[...two, '--roles', 'werewolf=2,seer=2,villager=4'], /a mix has at most one seer/],
      [[...two, '--preset', 'standard', '--players', '3'], /has table rows for 8, 9/],
      [[...two, '--mode', 'duel'], /--mode 'duel'/],
      [[...two, '--max-cost', '5'], /--max-cost applies to runs that seat a model/],
      [['--agents', 'random', '--agents', 'openai:gpt-4o-mini'], /an entrant is a model: give --games N/],
      [[...two, '--seed', 'a/b'], /--seed 'a\/b' is not a valid seed/],
      [[...two, '--games', '0'], /--games must be a whole number/],
      [[...two, '--db', 'new.db', '--db', 'other.db'], /--db is given twice/],
      [[...two, '--db', 'notes.db'], /not an SQLite database/],
    ] as const) {
      const r = await sim(['tournament', ...((flags as readonly string[]).includes('--db') ? [] : ['--db', 'new.db']), ...flags], dir);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    }
    const noDb = await sim(['tournament', ...two, '--no-db'], dir);
    expect(noDb.code).toBe(2);
    expect(noDb.stderr).toMatch(/needs a database/);
    const report = await sim(['report', '--db', 'a.db', '--tournament', '9'], dir);
    expect(report.code).toBe(2);
    expect(report.stderr).toMatch(/a\.db has no tournament 9; its tournaments are 1, 2/);
    expect(snapshot(dir)).toEqual(before);
  });
});

/** `run_progress` as schemas 1 to 5 made it (before run_ends was read). */
const OLD_PROGRESS = `CREATE VIEW run_progress AS SELECT r.id AS run, r.stop - r.first AS planned,
  (SELECT count(*) FROM games g WHERE g.run = r.id) AS stored, (SELECT count(*) FROM games g WHERE g.run = r.id) = r.stop - r.first AS complete FROM runs r;`;

describe('schema versions', () => {
  it('reads a file of schema 1 untouched, and brings it to schema 2 when a tournament is written to it', async () => {
    const old = join(dir, 'old.db');
    const r = await sim(['--games', '20', '--db', 'old.db', '--workers', '0'], dir);
    expect(r.code).toBe(0);
    // Make it what schema 1 wrote: no tournament tables, user_version 1.
    const d = new Database(old);
    d.exec(`DROP VIEW run_progress; DROP TABLE tournament_runs; DROP TABLE tournaments; DROP TABLE metric_sums; DROP TABLE run_ends; ALTER TABLE runs DROP COLUMN policy; ALTER TABLE runs DROP COLUMN seat_order; ${OLD_PROGRESS} PRAGMA user_version = 1;`);
    d.close();
    const before = snapshot(dir)['old.db'];
    const runs = await sim(['runs', '--db', 'old.db'], dir);
    expect(runs.code).toBe(0);
    const report = await sim(['report', '--db', 'old.db', '--json'], dir);
    expect(report.code).toBe(0);
    expect(JSON.parse(report.stdout).tournaments).toEqual([]);
    // Read as it is, its runs have no policy column: read as played.
    expect((JSON.parse((await sim(['runs', '--db', 'old.db', '--json'], dir)).stdout) as { policy: string }[]).map((r) => r.policy)).toEqual(['keep']);
    expect(snapshot(dir)['old.db']).toBe(before);
    const t = await sim(['tournament', '--agents', 'random', '--agents', 'heuristic', '--games', '10', '--db', 'old.db', '--workers', '0', '--json'], dir);
    expect(t.code).toBe(0);
    const s = Store.open(old, 'read');
    if (!s.ok) throw new Error(s.error);
    try {
      const raw = new Database(old, { readonly: true });
      expect(raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      raw.close();
      expect(s.value.hasTable('tournaments')).toBe(true);
      // The earlier run is still there, and the tournament's self-play pairing of random is not it (other games).
      expect(s.value.runs()).toHaveLength(5);
    } finally {
      s.value.close();
    }
  });
  it('brings a file of schema 3 to the current schema with its tournaments and pairings, and reads it as it is before', async () => {
    const v3 = join(dir, 'v3.db');
    const args = ['tournament', '--agents', 'random', '--agents', 'heuristic', '--games', '10', '--db', 'v3.db', '--workers', '0', '--json'];
    const first = await sim(args, dir);
    expect(first.code).toBe(0);
    // Make its tournament tables what schema 3 wrote (no policy column, the old CHECKs).
    const d = new Database(v3);
    const rowsOf = () => ({ t: d.prepare('SELECT id, key, mode, entrants, seed, games FROM tournaments').all(), p: d.prepare('SELECT * FROM tournament_runs').all() });
    const kept = rowsOf();
    d.exec(`ALTER TABLE tournament_runs RENAME TO tr4; ALTER TABLE tournaments RENAME TO t4; DROP INDEX tournaments_key;
      ${TOURNAMENT_SQL}
      INSERT INTO tournaments SELECT id, key, created, mode, entrants, reference, self_play, seed, games, setup, code_hash FROM t4;
      INSERT INTO tournament_runs SELECT * FROM tr4; DROP TABLE tr4; DROP TABLE t4; DROP VIEW run_progress; DROP TABLE run_ends; ALTER TABLE runs DROP COLUMN policy; ALTER TABLE runs DROP COLUMN seat_order; ${OLD_PROGRESS} PRAGMA user_version = 3;`);
    expect(d.prepare("SELECT count(*) FROM pragma_table_info('tournaments') WHERE name = 'policy'").pluck().get()).toBe(0);
    d.close();
    const before = snapshot(dir)['v3.db'];
    const board = await sim(['leaderboard', '--db', 'v3.db', '--json'], dir);
    expect(board.code, board.stderr).toBe(0);
    expect(JSON.parse(board.stdout).policy).toBe('keep');
    expect(snapshot(dir)['v3.db']).toBe(before);
    // Opened for writing: migrated, the same tournament found (nothing played again), its rows as they were.
    const again = await sim(args, dir);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({ tournament: 1, played: 0, policy: 'keep' });
    const raw = new Database(v3, { readonly: true });
    expect(raw.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(raw.prepare('SELECT id, key, mode, entrants, seed, games FROM tournaments').all()).toEqual(kept.t);
    expect(raw.prepare('SELECT * FROM tournament_runs').all()).toEqual(kept.p);
    expect(raw.prepare('SELECT policy FROM tournaments').pluck().all()).toEqual(['keep']);
    expect(raw.pragma('foreign_key_check')).toEqual([]);
    // Schema 5 too: the table of runs that ended by design, empty.
    expect(raw.prepare('SELECT count(*) FROM run_ends').pluck().get()).toBe(0);
    // And 6: each run's failure policy, 'keep' for the runs stored before (read as played).
    expect(raw.prepare('SELECT DISTINCT policy FROM runs').pluck().all()).toEqual(['keep']);
    // And the progress view that reads run_ends.
    expect(Object.keys(raw.prepare('SELECT * FROM run_progress').get() as object)).toEqual(['run', 'planned', 'stored', 'complete', 'finished', 'ended']);
    raw.close();
  });
});

describe('a fixed tournament live', () => {
  // The cutechess model: a standing after stored batches, then the answer at the end.
  // Mutations: liveStanding fitted on another model, or on the games of the batch alone
  // (its scores differ from the leaderboard's over the same games); a standing skipped
  // after some batch (the stored counts skip a step).
  it('tells its standing after stored batches, as the leaderboard ranks the games so far', async () => {
    const standings: { order: string[]; scores: number[]; stored: number; total: number }[] = [];
    let stored = 0;
    const r = await runTournament(
      { db: join(dir, 'live-fixed.db'), mode: 'side', agents: ['heuristic', 'random', 'heuristic:fakeClaim=0'], rules: [], seed: 'live', games: 60, workers: 0, concurrency: 1, chunk: 20, json: true },
      {
        onProgress: (n) => (stored = n),
        // Stopped once 360 of the 540 games are stored: the last standing is of exactly the games the file holds.
        shouldStop: () => stored >= 360,
        onStanding: (rows, n, total) => standings.push({ order: rows.map((x) => x.entrant), scores: rows.map((x) => x.score), stored: n, total }),
        standingEvery: 0,
      },
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.value.play.stored).toBe(360);
    // 18 chunks of 20 stored: a standing after each once the model can be fitted.
    expect(standings.length).toBeGreaterThan(9);
    expect(standings.length).toBeLessThanOrEqual(18);
    expect(standings.map((x) => x.stored)).toEqual(standings.map((_, k) => 360 - 20 * (standings.length - 1 - k)));
    for (const x of standings) {
      expect(x.total).toBe(9 * 60);
      expect(x.scores).toEqual([...x.scores].sort((a, b) => b - a));
    }
    const board = await sim(['leaderboard', '--db', 'live-fixed.db', '--json'], dir);
    const rows = (JSON.parse(board.stdout) as { rows: { entrant: string; score: number }[] }).rows;
    expect(standings.at(-1)!.order).toEqual(rows.map((x) => x.entrant));
    standings.at(-1)!.scores.forEach((score, k) => expect(score).toBeCloseTo(rows[k]!.score, 9));
    expect(rows[0]!.entrant).toBe('heuristic');
  });

  it('is drawn in the columns given, long names wrapped, each entrant with its interval', () => {
    const row = (rank: number, entrant: string, score: number) => ({ rank, index: rank - 1, entrant, score, low: score - 0.03, high: score + 0.03, asVillage: score, asWolves: score, village: { low: score - 0.04, high: score + 0.04 }, wolves: { low: score - 0.04, high: score + 0.04 }, next: null });
    const lines = standingLines([row(1, 'heuristic', 0.712), row(2, `exec:python3 ${'/very/long/path'.repeat(6)}/bot.py`, 0.5), row(3, 'random', 0.281)], 4000, 16000, 80);
    expect(lines[0]).toBe('standing at 4,000 of 16,000 games (score, 95% interval):');
    expect(lines[1]).toMatch(/^ {3}1 {2}heuristic +71\.2% \(68\.2%–74\.2%\)$/);
    expect(lines.at(-1)).toMatch(/^ {3}3 {2}random +28\.1% \(25\.1%–31\.1%\)$/);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(80);
    expect(lines.join('\n')).toContain('/bot.py');
  });
});
