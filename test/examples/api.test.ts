// docs/api.md's two examples (examples/api/*.ts, type-checked with the sources by `npm
// run typecheck`) run here through the package's public exports (werewolf-lab/engine,
// /agents, /runs: the built dist/), as a user's code would.

import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, test } from 'vitest';
import { oneGame } from '../../examples/api/one-game.js';
import { winRate } from '../../examples/api/win-rate.js';
import { removeDir, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('api');
afterAll(() => removeDir(dir));

test('example 1 plays one game with a custom agent, the same game for the same seed', () => {
  const a = oneGame('api');
  expect(a.seats).toHaveLength(8);
  expect(['village', 'werewolves']).toContain(a.winner);
  expect(oneGame('api')).toEqual(a);
  const others = new Set(Array.from({ length: 20 }, (_, i) => JSON.stringify(oneGame(`api-${i}`))));
  expect(others.size).toBeGreaterThan(1);
});

test("example 2 stores 1,000 games of a custom agent against heuristic bots and reads the werewolves' win rate back", async () => {
  const db = join(dir, 'win-rate.db');
  const r = await winRate(db);
  expect(r.games).toBe(1000);
  expect(r.rate.rate).toBe(r.wolves / 1000);
  expect(r.rate.low).toBeLessThan(r.rate.rate);
  expect(r.rate.high).toBeGreaterThan(r.rate.rate);
  const d = new Database(db, { readonly: true });
  try {
    expect(d.prepare("SELECT count(*) FROM game_results WHERE winner = 'werewolves'").pluck().get()).toBe(r.wolves);
    expect(d.prepare("SELECT DISTINCT agent FROM seats WHERE dealt = 'werewolf'").pluck().all()).toEqual(['lowest']);
    expect(d.prepare('SELECT seating FROM runs').pluck().get()).toBe('heuristic werewolves=lowest');
  } finally {
    d.close();
  }
});
