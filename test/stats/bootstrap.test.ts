// The block bootstrap (stats/bootstrap.ts) and its use by the metrics' pool: intervals
// that cover a known ratio about as often as they claim, the games of one deal resampled
// together (pairings on the same deals stay paired), the same resamples for every
// interval of an analysis, and the same intervals for the same seed.

import { describe, expect, test } from 'vitest';
import { Rng } from '../../engine/index.js';
import { C, COUNTER_COUNT } from '../../metrics/counters.js';
import { MetricsPool } from '../../metrics/pool.js';
import { BlockBootstrap, percentiles, unitOfBlock } from '../../stats/bootstrap.js';

describe('the block bootstrap', () => {
  test('a 95% interval of a ratio covers the truth about 95% of the time', () => {
    // Units of 1–5 trials each, success probability 0.3: 300 samples of 150 units.
    // Can fail: intervals from unit sums without the resampling (width 0), or from
    // resampling one unit only, cover far less; a one-sided interval, about half.
    const rng = new Rng('coverage');
    let covered = 0;
    const samples = 300;
    for (let k = 0; k < samples; k++) {
      const units = 150;
      const num = new Float64Array(units);
      const den = new Float64Array(units);
      for (let u = 0; u < units; u++) {
        den[u] = 1 + rng.int(5);
        for (let t = 0; t < den[u]!; t++) if (rng.float() < 0.3) num[u]!++;
      }
      const e = new BlockBootstrap(units, { replicates: 400, seed: `s${k}` }).ratio(num, den);
      if (e.low <= 0.3 && 0.3 <= e.high) covered++;
    }
    expect(covered / samples).toBeGreaterThan(0.9);
    expect(covered / samples).toBeLessThan(0.99);
  });

  test('deals are dealt round the table into units; the same seed gives the same intervals', () => {
    expect([0, 1, 99, 100, 101, 250].map((b) => unitOfBlock(b, 100))).toEqual([0, 1, 99, 0, 1, 50]);
    expect(() => unitOfBlock(-1, 100)).toThrow();
    const num = Float64Array.from({ length: 40 }, (_, i) => i % 3);
    const den = Float64Array.from({ length: 40 }, () => 3);
    const a = new BlockBootstrap(40, { seed: 'x' }).ratio(num, den);
    expect(new BlockBootstrap(40, { seed: 'x' }).ratio(num, den)).toEqual(a);
    expect(new BlockBootstrap(40, { seed: 'y' }).ratio(num, den)).not.toEqual(a);
    expect(a.value).toBeCloseTo(13 / 40, 12);
  });

  test('a ratio whose denominator lies in one unit has no interval (resampling it cannot vary it); two units give one', () => {
    const one = new BlockBootstrap(10, { seed: 'x' }).ratio(Float64Array.from({ length: 10 }, (_, i) => (i === 3 ? 2 : 0)), Float64Array.from({ length: 10 }, (_, i) => (i === 3 ? 9 : 0)));
    expect(one.value).toBeCloseTo(2 / 9, 12);
    expect([one.low, one.high].every(Number.isNaN)).toBe(true);
    const two = new BlockBootstrap(10, { seed: 'x' }).ratio(Float64Array.from({ length: 10 }, (_, i) => (i === 3 ? 2 : i === 5 ? 7 : 0)), Float64Array.from({ length: 10 }, (_, i) => (i === 3 || i === 5 ? 9 : 0)));
    expect(two.low).toBeLessThan(two.high);
  });

  test('percentiles interpolate between order statistics', () => {
    expect(percentiles(Float64Array.from([4, 1, 3, 2, 5]), 0.5)).toEqual([2, 4]);
    expect(percentiles(new Float64Array(0), 0.95).every(Number.isNaN)).toBe(true);
  });
});

describe("the metrics' pool resamples deals, not games", () => {
  /** One seat's counters: `wolf` of `votes` village votes on werewolves. */
  const seat = (votes: number, wolf: number) => {
    const c = new Float64Array(COUNTER_COUNT);
    c[C.votes] = votes;
    c[C.votesOnWolf] = wolf;
    c[C.seats] = 1;
    return c;
  };

  test('two agents playing the same deals with the same outcomes get the same interval; on different deals, not', () => {
    // Can fail: were each game given its own unit (or a random one), the two agents'
    // resamples would differ, and so would their intervals.
    const rng = new Rng('paired');
    const outcomes = Array.from({ length: 300 }, () => rng.int(4));
    const paired = new MetricsPool();
    const apart = new MetricsPool();
    outcomes.forEach((wolf, deal) => {
      paired.addSeat(deal, 'a', 'villager', seat(3, Math.min(3, wolf)));
      paired.addSeat(deal, 'b', 'villager', seat(3, Math.min(3, wolf)));
      apart.addSeat(deal, 'a', 'villager', seat(3, Math.min(3, wolf)));
      apart.addSeat(deal + 37, 'b', 'villager', seat(3, Math.min(3, wolf)));
    });
    const irp = (pool: MetricsPool, agent: string) => pool.rows().find((r) => r.agent === agent && r.role === null && r.metric === 'irp')!;
    expect(irp(paired, 'b')).toEqual({ ...irp(paired, 'a'), agent: 'b' });
    expect(irp(apart, 'b').value).toBeCloseTo(irp(apart, 'a').value, 12);
    expect([irp(apart, 'b').low, irp(apart, 'b').high]).not.toEqual([irp(apart, 'a').low, irp(apart, 'a').high]);
  });

  test("a side's row is its roles' added up; an empty pool has no rows", () => {
    const pool = new MetricsPool();
    for (let d = 0; d < 50; d++) {
      pool.addSeat(d, 'a', 'villager', seat(2, d % 2));
      pool.addSeat(d, 'a', 'seer', seat(2, 2));
    }
    const rows = pool.rows().filter((r) => r.metric === 'irp');
    const value = (role: string | null) => rows.find((r) => r.role === role)!;
    expect(value(null).n).toBe(value('villager').n + value('seer').n);
    expect(value(null).value).toBeCloseTo((25 + 100) / 200, 12);
    expect(new MetricsPool().rows()).toEqual([]);
  });
});
