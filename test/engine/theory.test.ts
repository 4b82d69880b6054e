// Random play of the plain game against its exact theory: the plain game (werewolves and
// villagers) is what theory and tests compare against.
//
// With random agents, no sheriff and a tied vote settled by a uniform draw (`tie=random`),
// the day eliminates a uniformly random living player: every voter names a uniform other
// player, so the votes are exchangeable between players and so is the one who goes. The
// night's victim is uniform over the living villagers (the random pack, tested in
// random-agent.test.ts). So the village's chance of winning solves a recurrence over
// (villagers, werewolves) alone, which this test computes exactly and compares with
// the engine's games, for both of the documents' werewolf conditions.

import { describe, expect, it } from 'vitest';
import { playMany, table } from '../../scripts/lib/play-many.js';

type WolvesWin = 'all' | 'parity';

const wolvesWon = (v: number, w: number, rule: WolvesWin) => (rule === 'all' ? v === 0 : w >= v);

/** P(the village wins) from the night, v villagers and w werewolves alive, neither side having won. */
function night(v: number, w: number, rule: WolvesWin, memo: Map<string, number>): number {
  // The pack kills a uniform villager; the werewolves' condition is checked after the death.
  return wolvesWon(v - 1, w, rule) ? 0 : day(v - 1, w, rule, memo);
}

function day(v: number, w: number, rule: WolvesWin, memo: Map<string, number>): number {
  const key = `${v},${w}`;
  const known = memo.get(key);
  if (known !== undefined) return known;
  const n = v + w;
  // A werewolf goes with probability w/n, a villager with v/n.
  const wolfOut = w === 1 ? 1 : night(v, w - 1, rule, memo);
  const villagerOut = wolvesWon(v - 1, w, rule) ? 0 : night(v - 1, w, rule, memo);
  const p = (w / n) * wolfOut + (v / n) * villagerOut;
  memo.set(key, p);
  return p;
}

function exactVillageWin(villagers: number, wolves: number, rule: WolvesWin): number {
  return night(villagers, wolves, rule, new Map());
}

describe('random play of the plain game matches its exact theory', () => {
  it('the recurrence itself, worked by hand for 1 werewolf and 2 villagers', () => {
    // Night: a villager dies (1 v, 1 w). Under "all", day: the wolf goes with 1/2 (village
    // wins), else the last villager goes (wolves win): 1/2. Under parity the wolves have
    // already won at 1 against 1.
    expect(exactVillageWin(2, 1, 'all')).toBe(0.5);
    expect(exactVillageWin(2, 1, 'parity')).toBe(0);
    // 1 werewolf, 4 villagers, "all": night → 3v; day: wolf out 1/4, else 2v1w → night → 1v1w → day 1/2.
    expect(exactVillageWin(4, 1, 'all')).toBeCloseTo(1 / 4 + (3 / 4) * (1 / 2), 15);
  });

  const GAMES = 6000;
  for (const [villagers, wolves] of [
    [4, 1],
    [6, 1],
    [5, 2],
    [7, 2],
    [9, 3],
  ] as const)
    for (const rule of ['all', 'parity'] as const) {
      it(`${wolves} werewolves and ${villagers} villagers, wolvesWin=${rule}: within 4 standard errors of the exact chance`, () => {
        const t = table({ preset: 'standard', roles: `werewolf=${wolves},villager=${villagers}`, rules: ['sheriff=false', 'tie=random', `wolvesWin=${rule}`] }, ['random']);
        if (!t.ok) throw new Error(t.error);
        const r = playMany(t.value, `theory-${villagers}-${wolves}-${rule}`, 0, GAMES);
        expect(r.wins.village + r.wins.werewolves).toBe(GAMES);
        const p = exactVillageWin(villagers, wolves, rule);
        const se = Math.sqrt((p * (1 - p)) / GAMES);
        const observed = r.wins.village / GAMES;
        expect(Math.abs(observed - p)).toBeLessThan(4 * se);
        // The comparison has power: the other rule's chance, where it differs, is far off.
        const other = exactVillageWin(villagers, wolves, rule === 'all' ? 'parity' : 'all');
        if (Math.abs(other - p) > 0.05) expect(Math.abs(observed - other)).toBeGreaterThan(4 * se);
      });
    }
});
