// `sim metrics`, `sim fork` and `sim persuasion` tried as one would break them: each test
// states what should hold, and each failed on a5084b0, so each is a regression test for
// its fix.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C } from '../../metrics/counters.js';
import { MetricsPool } from '../../metrics/pool.js';
import { playTallied, setupOf } from '../helpers/metrics.js';
import { removeDir, sim, snapshot, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('refusals');
afterAll(() => removeDir(dir));

const BOT = join(import.meta.dirname, '..', '..', 'examples', 'agents', 'random_bot.py');

beforeAll(async () => {
  expect((await sim(['--games', '6', '--agents', 'heuristic', '--seed', 'a2', '--workers', '0', '--db', 'h.db', '--json'], dir)).code).toBe(0);
  const exec = await sim(['--games', '3', '--agents', 'heuristic', '--agents', `werewolves=exec:python3 ${BOT}`, '--seed', 'a2', '--db', 'x.db', '--json'], dir);
  expect(exec.code).toBe(0);
});

describe('an interval rests on more than one resampled unit', () => {
  // One game (one deal) gives every replicate the same value: the percentile interval is
  // then value–value, a 95% interval of width 0 printed as certainty ("irp 0.222
  // 0.222–0.222, n 9"). It should be undefined (NaN / null in JSON) or flagged.
  it('one game: no row claims a zero-width 95% interval for a ratio that could vary', () => {
    const setup = setupOf({ players: 8 });
    const games = playTallied(setup, ['heuristic'], 1, 'one');
    const pool = new MetricsPool();
    for (const g of games) g.tally.seats.forEach((c, s) => pool.addSeat(g.index, g.specs[s]!, g.tally.roles[s]!, c));
    const irp = pool.rows().find((r) => r.metric === 'irp' && r.side === 'village' && r.role === null)!;
    expect(games[0]!.tally.seats.some((c) => c[C.votes]! > 0)).toBe(true);
    // Fails on a5084b0: low === high === value.
    expect(Number.isNaN(irp.low) || irp.low < irp.high).toBe(true);
    // No row of one deal claims an interval; two deals give one (stats/bootstrap.ts MIN_UNITS).
    expect(pool.rows().filter((r) => !Number.isNaN(r.low))).toEqual([]);
    const two = new MetricsPool();
    for (const g of playTallied(setup, ['heuristic'], 2, 'one')) g.tally.seats.forEach((c, s) => two.addSeat(g.index, g.specs[s]!, g.tally.roles[s]!, c));
    expect(two.rows().some((r) => r.low < r.high)).toBe(true);
  });
});

describe('bad input: one line, exit 2, nothing written', () => {
  it.each([
    ['fork', '--answer', '--answer', 'P3', 'P4'],
    ['fork', '--out', '--out', 'a.html', 'b.html'],
    ['fork', '--db', '--db', 'h.db', 'h.db'],
    ['metrics', '--db', '--db', 'h.db', 'h.db'],
  ])('sim %s with %s given twice', async (cmd, flag, _same, v1, v2) => {
    const edit = flag === '--answer' ? [] : ['--silence'];
    const base = cmd === 'fork' ? ['fork', '--run', '1', '--game', '0', '--at', '3', ...edit] : ['metrics'];
    const args = [...base, ...(flag === '--db' ? [] : ['--db', 'h.db']), flag, v1, flag, v2];
    const before = snapshot(dir);
    const r = await sim(args, dir);
    // Fails on a5084b0: exit 1 and a TypeError's stack trace (`out.trim is not a function`).
    expect(r.stderr).not.toMatch(/TypeError|\n\s+at /);
    expect(r.code).toBe(2);
    expect(snapshot(dir)).toEqual(before);
  });

  it('sim persuasion and sim fork on a run with a process agent refuse (or play) cleanly, writing nothing when refused', async () => {
    for (const args of [
      ['persuasion', '--db', 'x.db', '--run', '1', '--games', '1', '--samples', '1'],
      ['fork', '--db', 'x.db', '--run', '1', '--game', '0', '--at', '3', '--silence'],
    ]) {
      const before = snapshot(dir);
      const r = await sim(args, dir);
      // Fails on a5084b0: exit 1, "Error: agent exec:… needs a process host" and a stack trace;
      // sim persuasion has written a `studies` row by then.
      expect(r.stderr).not.toMatch(/\n\s+at /);
      if (r.code !== 0) {
        expect(r.code).toBe(2);
        expect(snapshot(dir)).toEqual(before);
      }
    }
  });

  it('sim metrics on a process-agent run without stored counts (another METRICS_VERSION) does not crash', async () => {
    const db = new Database(join(dir, 'x.db'));
    db.prepare('DELETE FROM metric_sums').run();
    db.close();
    const r = await sim(['metrics', '--db', 'x.db', '--run-agents'], dir);
    // Fails on a5084b0: the replay seats the exec agent without a process host — a stack trace, exit 1.
    expect(r.stderr).not.toMatch(/\n\s+at /);
    // The replay starts the run's programs, as sim show does, and counts its 3 games.
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/replaying its 3 games/);
    expect(r.stdout).toMatch(/exec:python3/);
  });

  it('sim persuasion refused for a game that does not replay writes no study', async () => {
    const r0 = await sim(['--games', '3', '--agents', 'heuristic', '--seed', 'a2t', '--workers', '0', '--db', 't.db', '--json'], dir);
    expect(r0.code).toBe(0);
    const db = new Database(join(dir, 't.db'));
    db.prepare('UPDATE games SET days = days + 1 WHERE idx = 0').run();
    db.close();
    const before = snapshot(dir);
    const r = await sim(['persuasion', '--db', 't.db', '--games', '1', '--samples', '1'], dir);
    expect(r.code).toBe(2);
    // Fails on a5084b0: the refused study leaves its `studies` row (and the study tables).
    expect(snapshot(dir)).toEqual(before);
  });
});
