// What `sim` shows people and programs: `sim show --html` and `--json`,
// `sim export` (games or seats, JSON lines or CSV), --help's order and types, -h and -V,
// "did you mean", the run's header before the results, and the progress bar's rate over
// a recent window.

import Database from 'better-sqlite3';
import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayDataOf } from '../../reports/replay-page.js';
import { progressBar, RateWindow } from '../../scripts/cli/progress.js';
import { PassThrough } from 'node:stream';
import { liveLlr } from '../../scripts/cli/sprt.js';
import type { CliIo } from '../../scripts/cli/io.js';
import { expectedGames } from '../../tournaments/sweep-schedule.js';
import { gamesForPrecision } from '../../stats/inference.js';
import { removeDir, sim, snapshot, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('views');
beforeAll(async () => {
  const r = await sim(['--games', '30', '--seed', '5', '--agents', 'heuristic', '--workers', '0', '--db', 'v.db'], dir);
  expect(r.code).toBe(0);
});
afterAll(() => removeDir(dir));

describe('sim show', () => {
  it('--html writes one replay page of the stored game, checked against the stored result', async () => {
    const r = await sim(['show', '--db', 'v.db', '--game', '4', '--html', 'g4.html'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^replay page written: g4\.html \(\d+ kB\)/);
    const data = replayDataOf(readFileSync(join(dir, 'g4.html'), 'utf8'))!;
    expect(data.verdict).toMatch(/^replay matches the stored result: (village|werewolves) won after \d+ days$/);
    expect(data.players).toBe(8);
    expect(data.title).toMatch(/game 4 \(game seed 5#4\)/);
  });

  it('--json prints the game as data: setup, seats, every event with who saw it, the result', async () => {
    const r = await sim(['show', '--db', 'v.db', '--game', '4', '--json'], dir);
    expect(r.code).toBe(0);
    const g = JSON.parse(r.stdout) as { gameSeed: string; seats: { seat: number; dealt: string; agent: string }[]; events: { type: string; vis: unknown }[]; result: { winner: string }; matches: boolean };
    expect(g.gameSeed).toBe('5#4');
    expect(g.seats.map((s) => s.seat)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(g.seats.every((s) => s.agent === 'heuristic')).toBe(true);
    expect(g.events[0]).toMatchObject({ type: 'start', vis: 'all' });
    expect(g.events.find((e) => e.type === 'deal')!.vis).toEqual([0]);
    expect(g.events.some((e) => e.vis === 'moderator')).toBe(true);
    expect(g.events.at(-1)).toMatchObject({ type: 'end', winner: g.result.winner });
    expect(g.matches).toBe(true);
  });

  it('refuses an --html path it cannot write, writing nothing', async () => {
    const before = snapshot(dir);
    const r = await sim(['show', '--db', 'v.db', '--game', '1', '--html', 'no/such/dir/g.html'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--html no\/such\/dir\/g\.html: the directory .* does not exist/);
    expect(snapshot(dir)).toEqual(before);
  });
});

describe('sim export', () => {
  it('writes one game a line (JSON lines) or one seat a line (CSV), from the stored games', async () => {
    const games = await sim(['export', '--db', 'v.db', '--format', 'jsonl'], dir);
    expect(games.code).toBe(0);
    const lines = games.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(30);
    expect(lines[7]).toMatchObject({ run: 1, game: 7, game_seed: '5#7', preset: 'standard', players: 8, agents: 'heuristic' });
    expect(['village', 'werewolves']).toContain(lines[7]!['winner']);
    const seats = await sim(['export', '--db', 'v.db', '--run', '1', '--format', 'csv', '--rows', 'seats'], dir);
    expect(seats.code).toBe(0);
    const rows = seats.stdout.split('\r\n').filter((l) => l !== '');
    expect(rows[0]).toBe('run,game,game_seed,preset,players,deck,rules,agents,seat,agent,dealt,role,alive,won,lover,sheriff,death_day,night,cause,invalid,fallbacks,run_key,tournaments,side');
    expect(rows).toHaveLength(1 + 30 * 8);
    // The deck holds commas: quoted.
    expect(rows[1]).toMatch(/^1,0,5#0,standard,8,"werewolf=2,villager=5,seer",,heuristic,0,heuristic,/);
    // Each game's winners in the seats agree with its winner in the games.
    const won = rows.slice(1).filter((r) => r.split(',')[14] === '1').length;
    expect(won).toBeGreaterThan(0);
    // The side each seat played for: its card's team; the seats that won are the winner's side.
    const winnerOf = new Map(lines.map((l) => [l['game'], l['winner']]));
    const seatRows = (await sim(['export', '--db', 'v.db', '--format', 'jsonl', '--rows', 'seats'], dir)).stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(seatRows).toHaveLength(30 * 8);
    for (const r of seatRows) {
      expect(r['side']).toBe(r['role'] === 'werewolf' ? 'werewolves' : 'village');
      expect(r['won'] === 1).toBe(r['side'] === winnerOf.get(r['game']));
    }
  });

  // Lovers across the teams play for "lovers": over 001's 12-player games with Cupid, a
  // seat won exactly when its side is the game's winner. Mutation: side from the card alone.
  it("gives each seat the side it played for, lovers across the teams as 'lovers'", async () => {
    expect((await sim(['--games', '150', '--preset', 'classic', '--players', '12', '--agents', 'heuristic', '--workers', '0', '--db', 'lovers.db'], dir)).code).toBe(0);
    const read = async (rows: string) => (await sim(['export', '--db', 'lovers.db', '--format', 'jsonl', '--rows', rows], dir)).stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const winnerOf = new Map((await read('games')).map((g) => [g['game'], g['winner']]));
    const seats = await read('seats');
    expect(seats.some((r) => r['side'] === 'lovers')).toBe(true);
    expect([...winnerOf.values()]).toContain('lovers');
    for (const r of seats) expect(r['won'] === 1, JSON.stringify(r)).toBe(r['side'] === winnerOf.get(r['game']));
  });

  // The same games stored twice (a run played again, a tournament's pairing that a plain run
  // had played) carry one run_key: an analysis counts each once. A tournament's rows alone
  // with --tournament.
  it('says which rows are the same games (run_key), and exports one tournament alone', async () => {
    const t = await sim(['tournament', '--agents', 'heuristic', '--agents', 'random', '--games', '4', '--seed', 'vx', '--db', 'vt.db', '--workers', '0'], dir);
    expect(t.code, t.stderr).toBe(0);
    // Plain runs after it: one of the tournament's pairings played again, and another run.
    const again = await sim(['--games', '4', '--seed', 'vx', '--agents', 'random', '--agents', 'werewolves=heuristic', '--db', 'vt.db', '--workers', '0'], dir);
    expect(again.code, again.stderr).toBe(0);
    expect((await sim(['--games', '3', '--seed', 'other', '--db', 'vt.db', '--workers', '0'], dir)).code).toBe(0);
    const rowsOf = async (...flags: string[]) => {
      const r = await sim(['export', '--db', 'vt.db', '--format', 'jsonl', ...flags], dir);
      expect(r.code, r.stderr).toBe(0);
      return r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, string | number>);
    };
    const all = await rowsOf();
    const byKey = new Map<string, Set<number>>();
    for (const row of all) byKey.set(String(row['run_key']), (byKey.get(String(row['run_key'])) ?? new Set()).add(Number(row['run'])));
    // The replayed pairing: two runs under one key, game for game the same winners.
    const shared = [...byKey.values()].filter((runs) => runs.size > 1);
    expect(shared).toHaveLength(1);
    const [a, b] = [...shared[0]!];
    const winners = (run: number) => all.filter((r) => r['run'] === run).map((r) => [r['game'], r['winner'], r['days']]);
    expect(winners(b!)).toEqual(winners(a!));
    const mine = await rowsOf('--tournament', '1');
    expect(new Set(mine.map((r) => r['run'])).size).toBe(4);
    // Each row names its run's tournaments: the pairings' runs '1', the plain runs none.
    expect(mine.every((r) => r['tournaments'] === '1')).toBe(true);
    expect(all.filter((r) => !mine.some((x) => x['run'] === r['run'])).every((r) => r['tournaments'] === '')).toBe(true);
    expect(mine).toHaveLength(16);
    expect(mine.every((r) => all.some((x) => x['run'] === r['run'] && x['game'] === r['game']))).toBe(true);
    expect(all.length).toBe(16 + 4 + 3);
  });

  // Events are not stored: each game is replayed, checked against its row, then written.
  // Mutations: the events' vis left a bitmask, or the replay unchecked (the tampered row
  // below exports without a word).
  it('writes one event a line (JSON lines), replayed: each game\'s events as sim show --json gives them, in order', async () => {
    const r = await sim(['export', '--db', 'v.db', '--format', 'jsonl', '--rows', 'events'], dir);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { run: number; game: number; game_seed: string; n: number; event: { type: string }; run_key: string });
    expect(new Set(lines.map((l) => l.game)).size).toBe(30);
    for (const game of [0, 4, 29]) {
      const mine = lines.filter((l) => l.game === game);
      expect(mine.map((l) => l.n)).toEqual(mine.map((_, k) => k));
      expect(mine.every((l) => l.run === 1 && l.game_seed === `5#${game}`)).toBe(true);
      const shown = JSON.parse((await sim(['show', '--db', 'v.db', '--game', String(game), '--json'], dir)).stdout) as { events: unknown[] };
      expect(mine.map((l) => l.event)).toEqual(shown.events);
    }
    expect(new Set(lines.map((l) => l.run_key)).size).toBe(1);
  });

  it('stops at a game that replays otherwise than stored (other code played it): exit 2, the games before written whole', async () => {
    copyFileSync(join(dir, 'v.db'), join(dir, 'tampered.db'));
    const db = new Database(join(dir, 'tampered.db'));
    db.prepare('UPDATE games SET days = days + 1 WHERE run = 1 AND idx = 3').run();
    db.close();
    const r = await sim(['export', '--db', 'tampered.db', '--format', 'jsonl', '--rows', 'events'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^sim: run 1, game 3 replays otherwise than it was stored: the run was played by other code \(code [0-9a-f]+\)/);
    const games = new Set(r.stdout.trimEnd().split('\n').map((l) => (JSON.parse(l) as { game: number }).game));
    expect([...games]).toEqual([0, 1, 2]);
  });

  it.each([
    [['--format', 'csv', '--tournament', '3'], /has no tournament '3'; its tournaments are none/],
    [['--format', 'csv', '--tournament', '1', '--run', '1'], /give --run R or --tournament T, not both/],
    [['--format', 'xml'], /--format 'xml': choose jsonl or csv/],
    [['--format', 'csv', '--rows', 'players'], /--rows 'players': choose games or seats or events/],
    [['--format', 'csv', '--rows', 'events'], /--rows events is written as JSON lines only \(--format jsonl\)/],
    [['--format', 'jsonl', '--run-agents'], /--run-agents applies to --rows events only/],
    [['--format', 'csv', '--run', '9'], /has no run 9; its runs are 1/],
    [[], /sim export needs --format jsonl\|csv/],
  ])('refuses %j with a message', async (flags, message) => {
    const r = await sim(['export', '--db', 'v.db', ...flags], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });
});

describe('the command line itself', () => {
  it('--help lists the game and run flags before the LLM flags, numbers as [number]; -h is --help', async () => {
    const h = await sim(['--help'], dir);
    expect(h.code).toBe(0);
    expect((await sim(['-h'], dir)).stdout).toBe(h.stdout);
    const at = (s: string) => h.stdout.indexOf(s);
    expect(at('Game:')).toBeGreaterThan(0);
    expect(at('Game:')).toBeLessThan(at('Run:'));
    expect(at('Run:')).toBeLessThan(at('LLM agents'));
    expect(at('--games')).toBeLessThan(at('--max-cost'));
    expect(h.stdout).toMatch(/--games +games in the run \(default 1000\) +\[number\]/);
    expect(h.stdout).not.toMatch(/--games[^\n]*\[string\]/);
    const t = await sim(['tournament', '--help'], dir);
    expect(t.stdout.indexOf('Tournament:')).toBeLessThan(t.stdout.indexOf('LLM agents'));
  });

  it('--version and -V print the version and the code hash that runs store', async () => {
    const v = await sim(['--version'], dir);
    expect(v.code).toBe(0);
    expect(v.stdout).toMatch(/^sim \d+\.\d+\.\d+ · code [0-9a-f]{16}/);
    expect((await sim(['-V'], dir)).stdout).toBe(v.stdout);
    const stored = JSON.parse((await sim(['--games', '2', '--db', 'ver.db', '--json'], dir)).stdout) as { versions: { codeHash: string } };
    expect(v.stdout).toContain(`code ${stored.versions.codeHash}`);
  });

  it.each([
    [['--gmaes', '10'], /unknown flag --gmaes: did you mean --games\?/],
    [['shwo', '--db', 'v.db'], /unknown command or argument 'shwo': did you mean show\?/],
    [['report', '--outt', 'x'], /unknown flag --outt: did you mean --out\?/],
    [['-v'], /unknown flag -v: did you mean --version\?/],
    [['--games', 'ten'], /--games must be a whole number from 1 to \d+, not 'ten'/],
  ])('%j is refused with what was meant', async (args, message) => {
    const r = await sim(args, dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });

  it('the run prints its header (preset, deck, rules, agents, seed, games, db) first, then the results', async () => {
    const r = await sim(['--games', '20', '--seed', '3', '--db', 'h.db', '--workers', '0'], dir);
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('werewolf-lab sim · h.db');
    expect(lines.slice(1, 8).map((l) => l.trim().split(/\s+/)[0])).toEqual(['preset', 'players', 'deck', 'rules', 'agents', 'seed', 'games']);
    expect(r.stdout.match(/^ {2}preset /gm)).toHaveLength(1);
    expect(r.stdout.indexOf('mean days')).toBeGreaterThan(r.stdout.indexOf('  games'));
    expect(existsSync(join(dir, 'h.db'))).toBe(true);
  });
});

describe('the progress bar’s rate', () => {
  it('is measured over the last seconds, so a slowdown shows at once (from the start it would not)', () => {
    const w = new RateWindow(10);
    // 100 games/s for 60 s, then 10 games/s for 15 s.
    let done = 0;
    for (let t = 0; t <= 60; t++) w.add(t, (done = 100 * t));
    expect(w.rate()).toBeCloseTo(100, 6);
    for (let t = 61; t <= 75; t++) w.add(t, (done += 10));
    // Since the start it would be 6150/75 = 82 games/s; over the window it is the pace now.
    expect(w.rate()).toBeCloseTo(10, 6);
    expect(w.eta(done + 100)).toBeCloseTo(10, 6);
  });

  it('is drawn with our words: time left as a duration, "—" before it is known (not cli-progress\'s bare "0"), the time since it began, in 80 columns', async () => {
    let drawn = '';
    const tty = Object.assign(new PassThrough(), { isTTY: true, columns: 120, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
    tty.on('data', (b: Buffer) => (drawn += b.toString()));
    const bar = progressBar(true, { stdout: tty, stderr: tty, env: {}, cwd: '.' } as unknown as CliIo);
    bar.update(0, 10_000);
    bar.stop();
    await new Promise((r) => setImmediate(r));
    const line = drawn.split(/[\r\n]/).map((l) => l.replace(/\u001b(\[[0-9;?]*[A-Za-z]|[78])/g, '')).find((l) => l.includes('left'));
    expect(line).toBeDefined();
    expect(line).toMatch(/0% · 0\/10000 · —\/s · — left · 0s$/);
    expect([...line!].length).toBeLessThanOrEqual(80);
  });

  /** What the bar draws on a terminal for these updates: its last line, escapes removed. */
  async function drawnLine(updates: (bar: ReturnType<typeof progressBar>) => void): Promise<string> {
    let drawn = '';
    const tty = Object.assign(new PassThrough(), { isTTY: true, columns: 120, cursorTo: () => true, clearLine: () => true, moveCursor: () => true });
    tty.on('data', (b: Buffer) => (drawn += b.toString()));
    const bar = progressBar(true, { stdout: tty, stderr: tty, env: {}, cwd: '.' } as unknown as CliIo);
    updates(bar);
    bar.stop();
    await new Promise((r) => setImmediate(r));
    return drawn.split(/[\r\n]/).map((l) => l.replace(/\u001b(\[[0-9;?]*[A-Za-z]|[78])/g, '')).filter((l) => l.includes('left')).at(-1) ?? '';
  }

  it('fits 80 columns with a sweep\'s label: a shorter bar, no done/total', async () => {
    const line = await drawnLine((bar) => bar.update(0, 9_999_999, 'round 99 · 999/999 open ·'));
    expect(line).toMatch(/^ {2}round 99 · 999\/999 open · \S{8} 0% · —\/s · — left · 0s$/);
    // Filled in: the widest figures a run here shows (7-digit speed, hours left).
    const widest = line.replace('—/s', '9,999,999/s').replace('— left', '99h 59m left').replace(/ 0s$/, ' 99h 59m').replace(' 0%', ' 100%');
    expect([...widest].length).toBeLessThanOrEqual(80);
  });

  it("fits 80 columns with a sequential test's live LLR before the bar", async () => {
    const scan = { decision: null, pairs: 900, counts: { plus: 40, zero: 800, minus: 60 }, llr: -12.345 };
    const label = liveLlr(scan, { delta: 0.01, alpha: 0.001, beta: 0.001 });
    expect(label).toBe('LLR −12.35 (−6.91, +6.91)');
    const line = await drawnLine((bar) => bar.update(0, 9_999_999, label));
    expect(line.startsWith(`  ${label} `)).toBe(true);
    const widest = line.replace('—/s', '9,999,999/s').replace('— left', '99h 59m left').replace(/ 0s$/, ' 99h 59m').replace(' 0%', ' 100%');
    expect([...widest].length).toBeLessThanOrEqual(80);
  });

  it('knows nothing before two samples a moment apart', () => {
    const w = new RateWindow();
    expect(w.rate()).toBeNull();
    w.add(1, 5);
    expect(w.eta(10)).toBeNull();
  });
});

describe('a sweep’s overall total (its bar and ETA)', () => {
  const a = { precision: 0.01, batch: 1000, maxGames: 10_000 };
  it('counts a settled or capped cell’s games, and an open cell’s games for the precision at its rate so far', () => {
    expect(expectedGames({ kind: 'settled', games: 3000, village: 300 }, 3000, 300, a)).toBe(3000);
    expect(expectedGames({ kind: 'capped', games: 10_000, village: 5000 }, 10_000, 5000, a)).toBe(10_000);
    // At 10% a cell needs about 3,458 games for ±1 point: 4,000 at the checkpoints.
    expect(gamesForPrecision(0.01, 0.1)).toBe(3458);
    expect(expectedGames({ kind: 'open', target: 2000 }, 1000, 100, a)).toBe(4000);
    // Near 50% it would need 9,604: 10,000, the cap; before any game, the worst case.
    expect(expectedGames({ kind: 'open', target: 2000 }, 1000, 500, a)).toBe(10_000);
    expect(expectedGames({ kind: 'open', target: 1000 }, 0, 0, a)).toBe(10_000);
    // Never below the next checkpoint.
    expect(expectedGames({ kind: 'open', target: 5000 }, 4000, 40, a)).toBe(5000);
  });
});
