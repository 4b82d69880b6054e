// A run stopped at any moment — kill -9, or Ctrl-C — continues with `sim resume` (or
// `sim … --resume`) and ends with exactly the games an uninterrupted run stores: none
// lost, none counted twice, the same behaviour counter sums byte for byte, and the file
// intact.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, sim, storedCount, storedGames, storedSums, tempDir } from '../helpers/sim-cli.js';
import { simChild } from '../helpers/sim-process.js';

const dir = tempDir('resume');
afterAll(() => removeDir(dir));

const GAMES = 10000;
const RUN = ['--games', String(GAMES), '--seed', 'stop', '--batch', '100'];
let whole: { wins: Record<string, number>; meanDays: number; meanDaysLow: number; meanDaysHigh: number };

beforeAll(async () => {
  const r = await sim([...RUN, '--workers', '2', '--db', 'whole.db', '--json'], dir);
  expect(r.code).toBe(0);
  whole = JSON.parse(r.stdout);
});

/** Starts a run, waits until some batches are committed, then sends `signal`; resolves with the exit. */
async function interrupt(db: string, signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string; stored: number }> {
  const child = simChild([...RUN, '--workers', '1', '--db', db, '--json'], dir);
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, sig) => resolve({ code, signal: sig })),
  );
  const deadline = Date.now() + 60_000;
  while (storedCount(join(dir, db)) < 2000) {
    if (Date.now() > deadline) throw new Error('the run stored nothing within 60 s');
    await new Promise((r) => setTimeout(r, 10));
  }
  child.kill(signal);
  const e = await exited;
  return { ...e, stderr, stored: storedCount(join(dir, db)) };
}

function intact(db: string): void {
  const d = new Database(join(dir, db));
  expect(d.pragma('integrity_check', { simple: true })).toBe('ok');
  d.close();
}

describe('resume', () => {
  it('after kill -9 mid-run, `sim resume` plays exactly the missing games: the run equals an uninterrupted one', async () => {
    const k = await interrupt('killed.db', 'SIGKILL');
    expect(k.signal).toBe('SIGKILL');
    expect(k.stored).toBeGreaterThan(0);
    expect(k.stored).toBeLessThan(GAMES);
    intact('killed.db');
    const r = await sim(['resume', '--db', 'killed.db', '--workers', '2', '--json'], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.played).toBe(GAMES - k.stored);
    expect(out.games).toBe(GAMES);
    expect(out.wins).toEqual(whole.wins);
    expect(out.meanDays).toBe(whole.meanDays);
    // Its interval too: the days' squares read back from the games stored before the kill.
    expect([out.meanDaysLow, out.meanDaysHigh]).toEqual([whole.meanDaysLow, whole.meanDaysHigh]);
    expect(storedGames(join(dir, 'killed.db'))).toBe(storedGames(join(dir, 'whole.db')));
    // The sums of the chunks stored before the kill and after, in another order than the
    // whole run's: the same bytes (a game's fractions are on a grid: metrics/counters.ts GRID;
    // without it they differ).
    expect(storedSums(join(dir, 'killed.db'))).toBe(storedSums(join(dir, 'whole.db')));
  });

  it('after Ctrl-C (SIGINT) the run stores what is in flight, exits 130 with the command to resume; `--resume` continues it', async () => {
    const k = await interrupt('stopped.db', 'SIGINT');
    expect(k.code).toBe(130);
    expect(k.stderr).toMatch(/continue with: sim resume --db stopped\.db --run 1/);
    expect(k.stored).toBeLessThan(GAMES);
    intact('stopped.db');
    // The same command with --resume continues run 1 rather than starting a new one.
    const r = await sim([...RUN, '--workers', '2', '--db', 'stopped.db', '--resume', '--json'], dir);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.run).toBe(1);
    expect(out.played).toBe(GAMES - k.stored);
    expect(storedGames(join(dir, 'stopped.db'))).toBe(storedGames(join(dir, 'whole.db')));
    expect(storedSums(join(dir, 'stopped.db'))).toBe(storedSums(join(dir, 'whole.db')));
    // Once complete, resuming again plays nothing and changes nothing.
    const again = await sim(['resume', '--db', 'stopped.db', '--json'], dir);
    expect(JSON.parse(again.stdout)).toMatchObject({ played: 0, games: GAMES, complete: true });
    expect(storedGames(join(dir, 'stopped.db'))).toBe(storedGames(join(dir, 'whole.db')));
  });

  // Planted: the run key computed without the rule options would continue run 1 here and
  // mix two configurations in one run (this test fails).
  it('`--resume` under another --rule does not continue the run: the rules are part of its key', async () => {
    const small = ['--games', '30', '--seed', 'rulekey', '--workers', '0', '--db', 'rulekey.db', '--json'];
    expect((await sim(small, dir)).code).toBe(0);
    const r = await sim([...small, '--rule', 'tie=random', '--resume'], dir);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/note: no earlier run of this configuration in rulekey\.db; starting one/);
    expect(JSON.parse(r.stdout)).toMatchObject({ run: 2, played: 30 });
    const same = await sim([...small, '--rule', 'tie=random', '--resume'], dir);
    expect(JSON.parse(same.stdout)).toMatchObject({ run: 2, played: 0 });
  });
});
