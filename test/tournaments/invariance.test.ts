// Invariance controls (tournaments/invariance.ts, `sim invariance`): an arm compared with
// itself moves nothing; an arm in which the entrants' games were swapped (a "control"
// that changed the agents) is caught — a changed ranking, shifts whose intervals exclude 0;
// the seat shuffle on bots of known order keeps the ranking, every shift within noise, and
// the same request gives the same figures. The CLI refuses what it cannot play yet.

import { afterAll, describe, expect, it } from 'vitest';
import { resolveSetup } from '../../engine/index.js';
import { compareArms, runInvariance, type Arm } from '../../tournaments/invariance.js';
import { removeDir, sim, tempDir } from '../helpers/sim-cli.js';
import { verdictOf } from '../../scripts/cli/invariance.js';
import { RANDOM_BOT } from '../agents/exec/helpers.js';

const setup = (() => {
  const s = resolveSetup({ players: 8 });
  if (!s.ok) throw new Error(s.error);
  return s.value;
})();
const ENTRANTS = ['random', 'heuristic'];
const dir = tempDir('invariance');
afterAll(() => removeDir(dir));

describe('comparing an arm with the games as dealt', () => {
  const study = runInvariance({ entrants: ENTRANTS, setup, seed: 'inv', games: 300, controls: ['seats'], reps: 200 });
  if (!study.ok) throw new Error(study.error);

  it('the seat shuffle keeps the ranking of bots of known order, every shift within noise', () => {
    expect(study.value.stable['seats']).toBe(true);
    const row = (e: string) => study.value.rows.find((r) => r.entrant === e)!;
    expect(row('heuristic')).toMatchObject({ baseRank: 1, rank: 1 });
    expect(row('random')).toMatchObject({ baseRank: 2, rank: 2 });
    for (const r of study.value.rows) {
      expect(r.low).toBeLessThanOrEqual(r.shift);
      expect(r.high).toBeGreaterThanOrEqual(r.shift);
      expect(r.high - r.low).toBeGreaterThan(0);
    }
    // The same request, the same figures.
    const again = runInvariance({ entrants: ENTRANTS, setup, seed: 'inv', games: 300, controls: ['seats'], reps: 200 });
    expect(again).toEqual(study);
  });

  // Arms built by hand: each pairing's winners of 300 deals, heuristic far stronger.
  const arm = (swap: boolean): Arm => {
    const name = (e: string) => (swap ? (e === 'random' ? 'heuristic' : 'random') : e);
    const pairs = ENTRANTS.flatMap((wolves) => ENTRANTS.map((village) => ({ wolves, village })));
    const p = (wolves: string, village: string) => 0.5 + (village === 'heuristic' ? 0.3 : 0) - (wolves === 'heuristic' ? 0.3 : 0);
    return {
      pairs,
      winners: pairs.map((x) => Int8Array.from({ length: 300 }, (_, i) => ((i * 7919) % 300) / 300 < p(name(x.wolves), name(x.village)) ? 0 : 1)),
    };
  };

  it('moves nothing when the arm is the games as dealt', () => {
    const same = compareArms(ENTRANTS, arm(false), arm(false), { control: 'seats', games: 300, seed: 's', reps: 100 })!;
    expect(same.stable).toBe(true);
    for (const r of same.rows) expect([r.shift, r.low, r.high]).toEqual([0, 0, 0]);
  });

  it('catches an arm that changed the agents: the ranking turns, the shifts leave 0', () => {
    const swapped = compareArms(ENTRANTS, arm(false), arm(true), { control: 'seats', games: 300, seed: 's', reps: 100 })!;
    expect(swapped.stable).toBe(false);
    const h = swapped.rows.find((r) => r.entrant === 'heuristic')!;
    expect(h).toMatchObject({ baseRank: 1, rank: 2 });
    expect(h.high).toBeLessThan(0);
  });
});

describe('the choices control', () => {
  it('changes nothing for bots, which are not told: the arm is the games as dealt, every shift exactly 0', () => {
    const r = runInvariance({ entrants: ['random', 'heuristic'], setup, seed: 'ch', games: 60, controls: ['choices'], reps: 50 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.stable['choices']).toBe(true);
    for (const row of r.value.rows) expect([row.shift, row.low, row.high, row.rank - row.baseRank]).toEqual([0, 0, 0, 0]);
  });
});

describe('sim invariance with a program', () => {
  it('plays a process agent in every arm, started once; the heuristic ranks above the random example bot in both', async () => {
    const bot = `exec:python3 ${RANDOM_BOT}`;
    const r = await sim(['invariance', '--agents', bot, '--agents', 'heuristic', '--games', '30', '--seed', 'px', '--control', 'seats', '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { rows: { entrant: string; rank: number; baseRank: number }[] };
    expect(j.rows.map((x) => x.entrant)).toEqual([bot, 'heuristic']);
    // The example bot plays at random: the heuristic is ranked above it in both arms.
    for (const x of j.rows) expect([x.baseRank, x.rank]).toEqual(x.entrant === 'heuristic' ? [1, 1] : [2, 2]);
  }, 120_000);
});

describe('the verdict', () => {
  const row = (entrant: string, baseRank: number, rank: number, low: number, high: number) => ({ control: 'choices' as const, entrant, baseScore: 0.5, score: 0.5, shift: 0, low, high, baseRank, rank });
  it.each([
    ['held', true, [row('a', 1, 1, -0.02, 0.03), row('b', 2, 2, -0.03, 0.02)], /^choices: the ranking is the same and no score moved beyond noise$/],
    ['reranked within noise', false, [row('a', 1, 2, -0.05, 0.01), row('b', 2, 1, -0.01, 0.05)], /^choices: the ranking changed \(a 1→2, b 2→1\), but no score moved beyond noise/],
    ['moved', false, [row('a', 1, 2, -0.09, -0.01), row('b', 2, 1, -0.01, 0.05)], /^choices: MOVED — a; the ranking changed \(a 1→2, b 2→1\)$/],
    ['moved, same ranking', false, [row('a', 1, 1, 0.01, 0.09), row('b', 2, 2, -0.01, 0.05)], /^choices: MOVED — a$/],
  ])('%s', (_, stable, rows, text) => {
    expect(verdictOf({ rows, stable: { choices: stable } }, 'choices')).toMatch(text);
  });
});

describe('sim invariance', () => {
  it('prints the table and the verdict; --json holds the rows', async () => {
    const r = await sim(['invariance', '--agents', 'random', '--agents', 'heuristic', '--games', '200', '--json'], dir);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout);
    // By default the controls that can move bots: not choices or wording, which only a model is told of.
    expect(j.controls).toEqual(['seats', 'speaking']);
    expect(j.rows).toHaveLength(4);
    const text = await sim(['invariance', '--agents', 'random', '--agents', 'heuristic', '--games', '200'], dir);
    expect(text.stdout).toMatch(/^seats: (the ranking is the same|the ranking changed|MOVED — )/m);
    expect(text.stdout).toMatch(/^speaking: (the ranking is the same|the ranking changed|MOVED — )/m);
    for (const line of text.stdout.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
  });

  it.each([
    [['--agents', 'heuristic'], /two entrants or more/],
    [['--agents', 'heuristic', '--agents', 'random', '--control', 'seat'], /--control 'seat' \(did you mean 'seats'\?\)/],
  ])('refuses %j with what to do', async (args, message) => {
    const r = await sim(['invariance', ...args], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});
