// `sim plan` end to end (the CLI, in-process): a pilot's forecast is the planner's arithmetic
// on the pilot's stored pairs (stats/plan.ts, tested against simulations in
// test/stats/plan.test.ts), a rerun reads the pilot instead of playing it, a played
// tournament's comparisons are settled or say what would settle them, a model's pilot is
// priced without a call or a file, and bad input is refused whole.

import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { forecast } from '../../stats/plan.js';
import { expectRefused, removeDir, sim, tempDir } from '../helpers/sim-cli.js';

const dir = tempDir('plan');
afterAll(() => removeDir(dir));

const PILOT = ['plan', '--agents', 'heuristic:fakeClaim=0.5', '--agents', 'heuristic', '--pilot', '300', '--delta', '0.03', '--seed', 'pl', '--db', 'p.db'];

async function json(args: string[]): Promise<Record<string, any>> {
  const r = await sim([...args, '--json'], dir);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout) as Record<string, any>;
}

describe('sim plan', () => {
  it("forecasts each side from the pilot's pairs; a rerun reads the pilot", async () => {
    const j = await json(PILOT);
    expect(j.sides.map((s: { side: string }) => s.side)).toEqual(['werewolves', 'village']);
    for (const s of j.sides) {
      expect(s.counts.plus + s.counts.zero + s.counts.minus).toBe(300);
      expect(s.forecast).toEqual(forecast(s.counts, { delta: 0.03, alpha: 0.05, power: 0.8 }));
    }
    // The knob acts on a wolf's claims only: as the village the two play the same games.
    expect(j.sides[1].counts).toEqual({ plus: 0, zero: 300, minus: 0 });
    expect(j.sides[0].counts.plus + j.sides[0].counts.minus).toBeGreaterThan(0);
    // B is the opponent too: its run is the same on both sides (three runs, not four).
    expect(j.runs).toHaveLength(3);
    const again = await json(PILOT);
    expect(again.played).toBe(0);
    expect(again.sides).toEqual(j.sides);
  });

  it('prints the forecast table in 80 columns', async () => {
    const r = await sim(PILOT, dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ {2}werewolves +300 /m);
    expect(r.stdout).toMatch(/SPRT: the mean games of each of sim sprt --delta 0\.03 --alpha 0\.05 --beta 0\.2/);
    for (const line of r.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it("says what would settle each comparison of a played tournament", async () => {
    expect((await sim(['tournament', '--agents', 'heuristic', '--agents', 'heuristic:fakeClaim=0.5', '--agents', 'random', '--games', '150', '--seed', 'pl', '--db', 't.db', '--workers', '0'], dir)).code).toBe(0);
    const j = await json(['plan', '--db', 't.db', '--tournament', '1']);
    expect(j.comparisons).toHaveLength(6); // 3 pairs of entrants × 2 sides
    for (const c of j.comparisons) {
      expect(['different', 'tie', 'open']).toContain(c.status);
      expect(c.opponents).toHaveLength(3);
      expect(c.counts.plus + c.counts.zero + c.counts.minus).toBe(3 * 150);
      if (c.status === 'open') expect(c.moreGamesPerPairing).toBeGreaterThan(0);
      else expect(c.moreGamesPerPairing).toBeNull();
    }
    // heuristic:fakeClaim=0.5 against random as the wolves (+10.4 points): 150 games settle it; heuristic's
    // +6.4 is still open (its deals' pairs move together: the interval counts deals, not pairs).
    const find = (x: string, y: string) => j.comparisons.find((c: { side: string; x: string; y: string }) => c.side === 'werewolves' && c.x === x && c.y === y);
    expect(find('heuristic:fakeClaim=0.5', 'random').status).toBe('different');
    expect(find('heuristic', 'random').status).toBe('open');
  });

  it("--dry-run prices a model's pilot: no call, no file", async () => {
    const empty = tempDir('plan-dry');
    try {
      const r = await sim(['plan', '--agents', 'openai:gpt-4o-mini', '--agents', 'heuristic', '--pilot', '20', '--dry-run', '--json'], empty);
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      const j = JSON.parse(r.stdout);
      expect(j.dryRun).toBe(true);
      expect(j.perPair.werewolves).toBeGreaterThan(0);
      expect(j.pilotCost).toBeGreaterThan(0);
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      removeDir(empty);
    }
  });
});

const BAD: [string[], RegExp][] = [
  [[...PILOT, '--power', '1.2'], /--power 1\.2: the power must be between 0\.5 and 1/],
  [['plan', '--agents', 'heuristic'], /sim plan compares two agents: give --agents twice/],
  [['plan', '--agents', 'heuristic', '--agents', 'heuristic:trust=0.8'], /are the same agent \(heuristic\)/],
  [['plan', '--db', 't.db', '--tournament', '1', '--agents', 'random'], /--tournament plans a played tournament: .* drop --agents/],
  [['plan', '--db', 't.db', '--tournament', '7'], /t\.db has no tournament 7/],
  [['plan', '--agents', 'openai:gpt-4o-mini', '--agents', 'heuristic'], /an agent is a model: give --pilot N/],
];

describe('sim plan refuses bad input: one line, exit 2, nothing written', () => {
  it.each(BAD)('sim %j', (args, message) => expectRefused(dir, args, message));
});
