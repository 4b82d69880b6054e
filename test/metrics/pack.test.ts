// Stored sums (metrics/pack.ts) read back as they were added; damaged bytes are refused
// whole; a game's seats land in its deal's unit, the same for every run of that seed.

import { describe, expect, test } from 'vitest';
import { COUNTER_COUNT } from '../../metrics/counters.js';
import { addSums, encodeSums, storedUnit, STORED_UNITS, UnitSums } from '../../metrics/pack.js';
import { playTallied, setupOf } from '../helpers/metrics.js';

describe('stored sums', () => {
  test('encoded and read back exactly, over real games', () => {
    const setup = setupOf({ players: 8 });
    const sums = new UnitSums();
    const direct = new Float64Array(COUNTER_COUNT);
    for (const g of playTallied(setup, ['heuristic'], 60, 'pack'))
      g.tally.seats.forEach((c, s) => {
        sums.add(storedUnit('pack', g.index), 1, s === 0 ? 1 : 2, c);
        for (let j = 0; j < COUNTER_COUNT; j++) direct[j]! += c[j]!;
      });
    const back = new Float64Array(COUNTER_COUNT);
    for (const row of sums.entries()) expect(addSums(encodeSums(row.counters), back)).toBe(true);
    for (let j = 0; j < COUNTER_COUNT; j++) expect(back[j]).toBeCloseTo(direct[j]!, 9);
    expect(direct.some((x) => x > 0)).toBe(true);
  });

  test('damaged bytes add nothing', () => {
    const c = new Float64Array(COUNTER_COUNT);
    c[3] = 2.5;
    c[7] = 1;
    const bytes = encodeSums(c);
    const into = new Float64Array(COUNTER_COUNT);
    expect(addSums(bytes.subarray(0, bytes.length - 1), into)).toBe(false);
    const unknown = Buffer.from(bytes);
    unknown[9] = COUNTER_COUNT;
    expect(addSums(unknown, into)).toBe(false);
    expect(into.every((x) => x === 0)).toBe(true);
  });

  test('a deal has one unit, whatever run plays it; a seed fills the units in turn', () => {
    expect(storedUnit('s', 17)).toBe(storedUnit('s', 17));
    const units = new Set(Array.from({ length: STORED_UNITS }, (_, i) => storedUnit('seed', i)));
    expect(units.size).toBe(STORED_UNITS);
  });
});
