// A run whose agent fails: its summary gives the games in which a seat fell back and the
// village's rate under each failure policy (tournaments/failure-policy.ts runFailures),
// every count checked against the stored games read independently through the
// `game_results` and `seats` views. A run of bots says nothing of failures.

import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOSTILE } from '../agents/exec/helpers.js';
import { storedFailures } from '../helpers/stored-failures.js';
import { removeDir, sim, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('run-failures');
const db = join(dir, 'f.db');
const FLAKY = `exec:python3 ${HOSTILE} flaky`;
const ARGS = ['--agents', FLAKY, '--agents', 'werewolves=random', '--games', '24', '--seed', 'rf', '--db', db];
afterAll(() => removeDir(dir));

interface Json {
  games: number;
  wins: { village: number; werewolves: number };
  failures?: { failed: number; villageFailed: number; wolvesFailed: number; policies: Record<string, { games: number; villageWins: number; wolvesWins: number }> };
}

/** Per stored game of run 1: its winner, and whether a village-side or a werewolf seat fell back. */
const storedGames = () => storedFailures(db).filter((g) => g.run === 1).map((g) => ({ winner: g.winner, v: g.villageFailed, w: g.wolvesFailed }));

describe('a run whose agent fails', () => {
  let json: Json;
  let text: string;
  beforeAll(async () => {
    const r = await sim([...ARGS, '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    json = JSON.parse(r.stdout) as Json;
    // The same games again, as run 2 of the file, in words: the same seed gives the same figures.
    const again = await sim(ARGS, dir);
    expect(again.code, again.stderr).toBe(0);
    text = again.stdout;
  }, 120_000);

  it('counts the games in which each side fell back, as stored', () => {
    const games = storedGames();
    expect(games).toHaveLength(24);
    const f = json.failures!;
    expect(f.failed).toBe(games.filter((g) => g.v || g.w).length);
    expect(f.failed).toBeGreaterThan(0);
    expect(f.villageFailed).toBe(games.filter((g) => g.v).length);
    // The werewolves are random bots: they never fall back.
    expect(f.wolvesFailed).toBe(0);
  });

  it('gives the village under keep, forfeit and void, each counted from the stored games', () => {
    const games = storedGames();
    const p = json.failures!.policies;
    expect(Object.keys(p)).toEqual(['keep', 'forfeit', 'void']);
    expect(p['keep']).toEqual({ games: json.games, villageWins: json.wins.village, wolvesWins: json.wins.werewolves });
    const clean = games.filter((g) => !g.v && !g.w);
    expect(p['void']).toEqual({ games: clean.length, villageWins: clean.filter((g) => g.winner === 'village').length, wolvesWins: clean.filter((g) => g.winner === 'werewolves').length });
    // Forfeit: the failing side loses; a game in which both failed is left out.
    const counted = games.filter((g) => !(g.v && g.w));
    const forfeitWinner = (g: { winner: string; v: boolean; w: boolean }) => (g.v ? 'werewolves' : g.w ? 'village' : g.winner);
    expect(p['forfeit']).toEqual({
      games: counted.length,
      villageWins: counted.filter((g) => forfeitWinner(g) === 'village').length,
      wolvesWins: counted.filter((g) => forfeitWinner(g) === 'werewolves').length,
    });
    expect(p['forfeit']!.villageWins).toBeLessThanOrEqual(p['keep']!.villageWins);
  });

  it('prints them in words within 80 columns', () => {
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.includes('the village under each failure policy'));
    expect(at).toBeGreaterThan(0);
    expect(lines[at - 1]).toMatch(new RegExp(`^  failed +${json.failures!.failed} games?: a village seat fell back in ${json.failures!.villageFailed}, a werewolf seat in 0$`));
    expect(lines[at + 1]).toMatch(/^ +keep +\d+\.\d% +\d+\.\d% – \d+\.\d% +24 games +counted as played$/);
    expect(lines[at + 3]).toMatch(new RegExp(`^ +void +.* ${json.failures!.policies['void']!.games} games? +failed games left out$`));
    // (The header's agents line holds this test's own long path: only the failures' lines are measured.)
    for (const l of lines.slice(at - 1, at + 4)) expect(l.length, l).toBeLessThanOrEqual(80);
  });
});

describe('a run of bots', () => {
  it('says nothing of failures', async () => {
    const r = await sim(['--agents', 'random', '--games', '20', '--seed', 'rf', '--db', join(dir, 'bots.db'), '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).not.toHaveProperty('failures');
    const t = await sim(['--agents', 'random', '--games', '20', '--seed', 'rf', '--db', join(dir, 'bots.db')], dir);
    expect(t.stdout).not.toMatch(/failure policy/);
  });
});
