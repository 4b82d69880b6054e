// `sim tournament --adaptive` and `sim leaderboard` end to end (the CLI, in-process): an
// adaptive tournament of four bots reaches the ranking of a large fixed one with fewer
// games, and the same games on every run; the leaderboard ranks every entrant of a setup
// across tournaments, and an entrant added to a finished tournament plays only its new
// pairings, then appears on it.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefused, removeDir, sim, storedGames, tempDir } from '../helpers/sim-cli.js';
import { killOnceStored, simChild } from '../helpers/sim-process.js';
import { runTournament } from '../../commands/tournament.js';
import { roundLabel } from '../../scripts/cli/tournament.js';

const dir = tempDir('adaptive');
afterAll(() => removeDir(dir));

const FOUR = ['--agents', 'heuristic', '--agents', 'heuristic:seerReveal=never', '--agents', 'heuristic:fakeClaim=0', '--agents', 'random', '--seed', 'ad'];
const ADAPTIVE = ['tournament', ...FOUR, '--adaptive', '--max-games', '1000', '--batch', '50'];

async function json(args: string[]): Promise<Record<string, any>> {
  const r = await sim([...args, '--json'], dir);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Record<string, any>;
}

const order = (rows: { entrant: string }[]) => rows.map((r) => r.entrant);

describe('sim tournament --adaptive', () => {
  let adaptive: Record<string, any>;
  beforeAll(async () => {
    adaptive = await json([...ADAPTIVE, '--workers', '2', '--db', 'a1.db']);
  });

  // The fixed tournament plays 400 games a pairing, four times what the adaptive one
  // reads here (its ranking is the same at 300 and 1,000 games a pairing).
  it('settles with the ranking of a fixed tournament of 400 games per pairing, on fewer games', async () => {
    const fixed = await json(['tournament', ...FOUR, '--games', '400', '--workers', '2', '--db', 'fixed.db']);
    expect(fixed.stored).toBe(16 * 400);
    const board = await json(['leaderboard', '--db', 'fixed.db']);
    expect(adaptive.adaptive.status).toBe('settled');
    expect(order(adaptive.adaptive.ranking)).toEqual(order(board.rows));
    const read = (adaptive.adaptive.games as number[]).reduce((n, x) => n + x, 0);
    expect(read).toBe(adaptive.stored);
    expect(read).toBeLessThan(16 * 400);
    // Every two neighbours told apart or tied, at the level that pays for the looks.
    for (const r of adaptive.adaptive.ranking.slice(0, -1)) expect(['above', 'tie']).toContain(r.next.verdict);
    expect(adaptive.adaptive.level).toBeGreaterThan(0.95);
    // Its ranking's tables: the ranking, then each entrant's halves with their intervals.
    const tables = adaptive.tables as { id: string; rows: Record<string, number | string>[] }[];
    expect(tables.slice(0, 2).map((t) => t.id)).toEqual(['adaptive-ranking', 'adaptive-sides']);
    for (const row of tables[1]!.rows) for (const side of ['village', 'wolves']) expect(row[`${side}_low`]! <= row[side]! && row[side]! <= row[`${side}_high`]!).toBe(true);
  });

  it('a rerun on the same file plays nothing and says the same', async () => {
    const rerun = await json([...ADAPTIVE, '--workers', '2', '--db', 'a1.db']);
    expect(rerun.played).toBe(0);
    expect(rerun.adaptive).toEqual(adaptive.adaptive);
  });

  // The killed run and its resume play in this thread (--workers 0), the run they are
  // compared with on 2 workers: the same games on other workers, across a kill -9.
  it('after kill -9 the same command, on other workers, replays its rounds on the stored games and ends with the games of an uninterrupted one', async () => {
    const child = simChild([...ADAPTIVE, '--workers', '0', '--db', 'killed.db', '--json'], dir);
    await killOnceStored(child, join(dir, 'killed.db'));
    expect(child.signalCode).toBe('SIGKILL');
    const resumed = await json([...ADAPTIVE, '--workers', '0', '--db', 'killed.db']);
    expect(resumed.adaptive).toEqual(adaptive.adaptive);
    for (let run = 1; run <= 16; run++) expect(storedGames(join(dir, 'killed.db'), run)).toBe(storedGames(join(dir, 'a1.db'), run));
  });
});

describe('sim leaderboard', () => {
  it('an entrant added to a finished tournament plays only its new pairings, then appears on the leaderboard', async () => {
    const three = ['--agents', 'heuristic', '--agents', 'random', '--agents', 'heuristic:fakeClaim=0', '--games', '200', '--seed', 'lb', '--db', 'lb.db'];
    expect((await json(['tournament', ...three])).played).toBe(9 * 200);
    const before = await json(['leaderboard', '--db', 'lb.db']);
    expect(order(before.rows).sort()).toEqual(['heuristic', 'heuristic:fakeClaim=0', 'random']);
    const ANCHORS = ['--anchor', 'random', '--anchor', 'heuristic'];
    const anchoredBefore = await json(['leaderboard', '--db', 'lb.db', ...ANCHORS]);
    expect(anchoredBefore.model.anchors).toEqual(['random', 'heuristic']);
    const four = await json(['tournament', ...three, '--agents', 'heuristic:seerReveal=never']);
    expect(four.played).toBe(7 * 200);
    const after = await json(['leaderboard', '--db', 'lb.db']);
    expect(after.rows).toHaveLength(4);
    expect(order(after.rows)).toContain('heuristic:seerReveal=never');
    // Each game once: the two tournaments share nine runs.
    expect((after.pairings as { games: number }[]).map((p) => p.games)).toEqual(new Array(16).fill(200));
    for (const r of after.rows) expect(r.games).toBeGreaterThan(0);
    // Against the average entrant every score moves when an entrant joins (3.0 points here); against fixed anchors
    // only by what the new games tell of the anchors (1.9: noise of 200 games a pairing; exact counts: ratings.test.ts).
    const anchoredAfter = await json(['leaderboard', '--db', 'lb.db', ...ANCHORS]);
    const score = (b: Record<string, any>, e: string) => (b.rows as { entrant: string; score: number }[]).find((r) => r.entrant === e)!.score;
    const moved = (x: Record<string, any>, y: Record<string, any>) => Math.max(...['heuristic', 'random', 'heuristic:fakeClaim=0'].map((e) => Math.abs(score(x, e) - score(y, e))));
    expect(moved(anchoredBefore, anchoredAfter)).toBeLessThan(moved(before, after));
  });

  it('prints a row per entrant with its interval and its verdict against the next, in 80 columns', async () => {
    const r = await sim(['leaderboard', '--db', 'lb.db'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^werewolf-lab leaderboard: 8 players werewolf=2,villager=5,seer \(standard\)/);
    expect(r.stdout).toMatch(/^ {2}1 {2}1(–\d)? +heuristic/m);
    expect(r.stdout).toMatch(/ranks: the 95% interval of its rank, from 400 resamples of the deals/);
    expect(r.stdout).toMatch(/\d+\.\d%–\d+\.\d%|\d+\.\d–\d+\.\d/);
    expect(r.stdout).toMatch(/above|open|tie/);
    // Each side's half of the score, with its interval, below the ranking.
    expect(r.stdout).toMatch(/Each side: the two halves of the score\n +entrant +village +95% CI +wolves +95% CI\n/);
    expect(r.stdout).toMatch(/^ {2}heuristic +\d+\.\d% +\d+\.\d–\d+\.\d +\d+\.\d% +\d+\.\d–\d+\.\d$/m);
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });
});

const BAD: [string[], RegExp][] = [
  [['tournament', ...FOUR, '--adaptive', '--games', '100'], /--adaptive decides the games of each pairing itself: drop --games/],
  [['tournament', ...FOUR, '--adaptive', '--mode', 'seat'], /--adaptive ranks the entrants of a side tournament/],
  [['tournament', ...FOUR, '--precision', '0.02'], /--precision applies to --adaptive tournaments/],
  [['tournament', ...FOUR, '--adaptive', '--precision', '0.7'], /--precision 0\.7: a tie's margin must be between 0 and 0\.5/],
  [['leaderboard', '--db', 'missing.db'], /there is no results database at missing\.db/],
  [['leaderboard', '--db', 'lb.db', '--anchor', 'belief'], /the anchor belief played no game here \(the entrants are /],
];

describe('refused whole: one line, exit 2, nothing written', () => {
  it.each(BAD)('sim %j', (args, message) => expectRefused(dir, args, message));
});

// Live standings: the round and how many neighbours of the ranking are still open, after
// each round; the last is the settled ranking (none open). The bar shows it on a terminal.
describe('an adaptive tournament live', () => {
  it('tells its standing after each round, ending settled', async () => {
    const rounds: [number, number, number][] = [];
    const r = await runTournament(
      { db: join(dir, 'live.db'), mode: 'side', agents: ['heuristic', 'random'], rules: [], seed: 'live', games: 400, adaptive: { batch: 50, precision: 0.02 }, workers: 0, concurrency: 1, json: true },
      { onRound: (round, open, ranked) => rounds.push([round, open, ranked]) },
    );
    if (!r.ok) throw new Error(r.error);
    expect(rounds.length).toBeGreaterThan(0);
    expect(rounds.map(([round]) => round)).toEqual(rounds.map((_, i) => i + 1));
    for (const [, open, ranked] of rounds) expect([open, ranked]).toEqual([open, 2]);
    expect(rounds.at(-1)![1]).toBe(0);
    expect(roundLabel(7, 1, 3)).toBe('round 7 · 1/2 open ·');
  });
});
