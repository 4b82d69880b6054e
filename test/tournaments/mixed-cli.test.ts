// `sim tournament --mode mixed` end to end with bots of known order: every entrant at one
// table, the seats rotated; the stored games are the same for 0 and 2 workers; the fitted
// skills put random last and the rank intervals say so; the report, the run list and the
// commands that read side tournaments only say what a mixed one is.

import Database from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, sim, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('mixed');
afterAll(() => removeDir(dir));

const ENTRANTS = ['random', 'heuristic', 'heuristic:fakeClaim=0'];
const args = (db: string, ...more: string[]) => ['tournament', '--mode', 'mixed', ...ENTRANTS.flatMap((e) => ['--agents', e]), '--games', '150', '--seed', 'mx', '--db', db, ...more];

interface Json {
  tournament: number;
  mode: string;
  played: number;
  stored: number;
  model: { strengths: { entrant: string; village: number; wolves: number; villageSe: number }[]; prior: number | null; byDeal: boolean };
  tables: { id: string; rows: Record<string, unknown>[] }[];
}

/** Every stored game of the file: run seating, index, winner and seats (ids and times left out). */
function games(file: string): string {
  const d = new Database(file, { readonly: true });
  try {
    return JSON.stringify(d.prepare('SELECT r.seating, g.idx, g.winner, g.seats FROM games g JOIN runs r ON r.id = g.run ORDER BY r.seating, g.idx').all());
  } finally {
    d.close();
  }
}

describe('a mixed tournament of bots', () => {
  let json: Json;
  beforeAll(async () => {
    const r = await sim([...args('a.db', '--workers', '0'), '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    json = JSON.parse(r.stdout);
  }, 120_000);

  it('plays one run per rotation, stored as the table of the tournament', () => {
    expect(json).toMatchObject({ tournament: 1, mode: 'mixed', played: 450, stored: 450 });
    const d = new Database(join(dir, 'a.db'), { readonly: true });
    try {
      expect(d.prepare('SELECT kind, seat FROM tournament_runs ORDER BY pairing').all()).toEqual([0, 1, 2].map((seat) => ({ kind: 'table', seat })));
      const seatings = d.prepare('SELECT seating FROM runs ORDER BY id').pluck().all() as string[];
      // Each seating names every entrant, and no two rotations seat the same.
      for (const s of seatings) for (const e of ENTRANTS) expect(s.split(' ').some((w) => w === e || w.endsWith(`=${e}`))).toBe(true);
      expect(new Set(seatings).size).toBe(3);
    } finally {
      d.close();
    }
  });

  it('fits one skill per entrant with errors by deal, and ranks random last with a rank interval that says so', () => {
    expect(json.model.byDeal).toBe(true);
    expect(json.model.prior).toBeNull();
    const skill = (e: string) => json.model.strengths.find((s) => s.entrant === e)!;
    for (const s of json.model.strengths) expect(s.wolves).toBe(s.village);
    for (const e of ['heuristic', 'heuristic:fakeClaim=0']) expect(skill(e).village - 1.96 * skill(e).villageSe).toBeGreaterThan(skill('random').village + 1.96 * skill('random').villageSe);
    const board = json.tables.find((t) => t.id === 'tournament-1-scores')!;
    const last = board.rows.find((r) => r['entrant'] === 'random')!;
    expect(last).toMatchObject({ rank: 3, rank_low: 3, rank_high: 3 });
  });

  it('stores the same games with two workers, and a second run plays nothing', async () => {
    const b = await sim([...args('b.db', '--workers', '2'), '--json'], dir);
    expect(b.code, b.stderr).toBe(0);
    expect(games(join(dir, 'b.db'))).toBe(games(join(dir, 'a.db')));
    const again = await sim([...args('a.db', '--workers', '0'), '--json'], dir);
    expect(JSON.parse(again.stdout)).toMatchObject({ tournament: 1, played: 0 });
  }, 120_000);

  it('is listed, reported and refused by the side-only commands with what it is', async () => {
    const runs = await sim(['runs', '--db', 'a.db'], dir);
    expect(runs.stdout).toMatch(/tournament 1\s+mixed\s+mode\s+random,\s+heuristic,\s+heuristic:fakeClaim=0\s+at\s+one\s+table/);
    const report = await sim(['report', '--db', 'a.db', '--tournament', '1'], dir);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toMatch(/Tournament 1 \(mixed mode\): random, heuristic, heuristic:fakeClaim=0 at one table/);
    // The header counts the tournament's games (its pairing runs are no configurations of the report).
    expect(report.stdout).toMatch(/^werewolf-lab report · a\.db · 1 tournament · 450 games$/m);
    expect(report.stdout.replace(/\s+/g, ' ')).toMatch(/Σs = 0: one skill s per entrant/);
    const plan = await sim(['plan', '--db', 'a.db', '--tournament', '1'], dir);
    expect(plan.code).toBe(2);
    expect(plan.stderr).toMatch(/tournament 1 is a mixed tournament: its entrants are compared through the fitted skills/);
    const board = await sim(['leaderboard', '--db', 'a.db'], dir);
    expect(board.code).toBe(2);
    expect(board.stderr).toMatch(/no games between side pairings/);
  });
});
