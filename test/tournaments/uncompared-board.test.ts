// A leaderboard ranks only entrants its games compare with another. Runs of self-play
// alone (an ensemble's, `sim balance --ensemble`) compare no one: `sim leaderboard`
// refuses them, saying how to compare them, and `sim report` makes no board of them (its
// section across agents shows them). Beside games that do compare entrants, one that
// only played itself is left off the board with a note. Before, each such board read
// 50.0% (50.0–50.0%) for every entrant, a "tie" with its neighbour, and ranks by name.

import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeDir, sim, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('uncompared-board');
afterAll(() => removeDir(dir));

/** A database of 40 games of each seating (each its `--agents` words). */
const played = async (name: string, ...seatings: (readonly string[])[]): Promise<string> => {
  const db = join(dir, name);
  for (const agents of seatings) {
    const r = await sim(['--games', '40', '--seed', 'u', '--workers', '0', '--db', db, ...agents.flatMap((a) => ['--agents', a])], dir);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  }
  return db;
};

/** Both bots' self-play, and each side of one against the other's: games that compare them. */
const MET = [['random'], ['heuristic'], ['random', 'werewolves=heuristic'], ['heuristic', 'werewolves=random']] as const;

describe('a leaderboard of entrants the games do not compare', () => {
  it('refuses self-play alone, and the report makes no board of it', async () => {
    const db = await played('self.db', ['random'], ['heuristic']);
    const board = await sim(['leaderboard', '--db', db], dir);
    expect(board.code).not.toBe(0);
    expect(board.stderr).toMatch(/each entrant only played itself.*sim tournament --agents (random,heuristic|heuristic,random)/s);
    const report = await sim(['report', '--db', db], dir);
    expect(report.code).toBe(0);
    expect(report.stdout).not.toMatch(/Leaderboard/);
  });

  it('leaves off an entrant that only played itself, beside entrants that met, and says so', async () => {
    const db = await played('mixed.db', ...MET, ['heuristic:fakeClaim=0']);
    const board = await sim(['leaderboard', '--db', db, '--json'], dir);
    expect(board.stderr).toBe('');
    const json = JSON.parse(board.stdout) as { rows: { entrant: string }[]; uncompared: { entrant: string; why: string }[] };
    expect(json.rows.map((r) => r.entrant).sort()).toEqual(['heuristic', 'random']);
    expect(json.uncompared).toEqual([{ entrant: 'heuristic:fakeClaim=0', why: 'only played itself' }]);
    const text = await sim(['leaderboard', '--db', db], dir);
    expect(text.stdout).toMatch(/Left off: heuristic:fakeClaim=0 \(only played itself\): its games compare it\s+with no other entrant/);
  });

  // An entrant seen on one side only is ranked on that side: its other side is the prior's,
  // at the average and as wide as the prior says (by deal too), and no rank intervals are
  // drawn, since refits on resampled deals would fix that side again each time. Mutations
  // that fail here: the prior left out of the covariance by deal (its interval 1 point
  // wide), rank intervals drawn from a fit on its prior.
  it('ranks an entrant seen on one side only with a wide interval, and no rank intervals', async () => {
    const db = await played('one-side.db', ...MET, ['random', 'werewolves=heuristic:fakeClaim=0']);
    const board = await sim(['leaderboard', '--db', db, '--json'], dir);
    expect(board.stderr).toBe('');
    const json = JSON.parse(board.stdout) as { rows: { entrant: string; low: number; high: number; ranks?: unknown }[]; model: { prior: number | null } };
    expect(json.model.prior).not.toBeNull();
    const one = json.rows.find((r) => r.entrant === 'heuristic:fakeClaim=0')!;
    expect(one.high - one.low).toBeGreaterThan(0.2);
    for (const r of json.rows) expect(r.ranks).toBeUndefined();
    const text = await sim(['leaderboard', '--db', db], dir);
    expect(text.stdout).toMatch(/No rank intervals: refitted on resampled deals/);
  });
});
