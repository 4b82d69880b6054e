// Stored counters read back as they were counted (fractions to 1/420), over real games of
// several tables; a damaged or foreign text is refused whole.

import { describe, expect, test } from 'vitest';
import { COUNTER_COUNT, COUNTERS, METRICS_VERSION } from '../../metrics/counters.js';
import { FRACTION_SCALE, packCounters, SparseCounters } from '../../metrics/pack.js';
import { playTallied, setupOf } from '../helpers/metrics.js';

describe('packed counters read back as counted', () => {
  test.each([
    { name: "004's 8, random", req: { players: 8 }, seating: ['random'] },
    { name: "004's 8, heuristic (beliefs)", req: { players: 8 }, seating: ['heuristic'] },
    { name: 'Harvest Festival, 12', req: { players: 12, roles: 'werewolf=3,seer,witch,guard,hunter,cupid,scapegoat,villager=3', rules: ['harvestFestival=true'] }, seating: ['heuristic', 'werewolves=random'] },
    { name: 'New Moon', req: { players: 10, roles: 'werewolf=2,seer,witch,guard,elder,villager=4', rules: ['newMoon=all'] }, seating: ['random'] },
  ])('$name', ({ req, seating }) => {
    const setup = setupOf(req);
    for (const g of playTallied(setup, seating, 100, 'pack')) {
      const text = packCounters(g.tally.seats);
      const r = new SparseCounters(setup.players);
      expect(r.read(text)).toBe(true);
      const off: string[] = [];
      g.tally.seats.forEach((c, s) => {
        const back = r.dense(s);
        for (let j = 0; j < COUNTER_COUNT; j++) if (Math.abs(back[j]! - c[j]!) > 0.5 / FRACTION_SCALE + 1e-12) off.push(`seat ${s} ${COUNTERS[j]}: ${back[j]} for ${c[j]}`);
      });
      expect(off, `game ${g.index}`).toEqual([]);
    }
  });

  test('a text of another version, or cut short, or with an unknown counter, is refused', () => {
    const setup = setupOf({ players: 8 });
    const [g] = playTallied(setup, ['random'], 1, 'pack-bad');
    const text = packCounters(g!.tally.seats);
    const r = new SparseCounters(8);
    expect(r.read(text)).toBe(true);
    expect(r.read(String.fromCharCode(48 + METRICS_VERSION + 1) + text.slice(1))).toBe(false);
    expect(r.read(text.slice(0, -1))).toBe(false);
    expect(r.read(text + '0')).toBe(false);
    expect(r.read(text.slice(0, 2) + String.fromCharCode(48 + COUNTER_COUNT) + text.slice(3))).toBe(false);
  });
});
