// The paired timing of two builds (scripts/time-against.ts, scripts/lib/paired.ts): the
// figure is the median of the rounds' ratios, not the ratio of the builds' medians, so a
// slow stretch of the machine that falls on both runs of a round cancels out. The
// benchmark itself loads two builds and is not run here. Mutations: the ratio of the
// medians, or one build always first, fail it.

import { describe, expect, it } from 'vitest';
import { mineFirst, pairedRatio } from '../../scripts/lib/paired.js';

describe('pairedRatio', () => {
  it('is the median of the pairs, not the ratio of the medians', () => {
    // Ratios 0.5, 2, 0.1: median 0.5; the medians' ratio would be 10 / 5 = 2.
    const p = pairedRatio({ mine: [1, 10, 100], other: [2, 5, 1000] });
    expect(p.ratio.value).toBe(0.5);
    expect(p.mine).toBe(10);
    expect(p.other).toBe(5);
  });

  it('keeps a drift of the machine that slows both runs of a round out of the figure', () => {
    // This build 10% faster in every round, the machine twice as slow in half of them.
    const speed = Array.from({ length: 41 }, (_, r) => (r % 2 === 0 ? 1 : 2));
    const p = pairedRatio({ mine: speed.map((s) => 0.9 * s * 30), other: speed.map((s) => s * 30) });
    expect(p.ratio.value).toBeCloseTo(0.9, 12);
    expect(p.ratio.low).toBeCloseTo(0.9, 12);
    expect(p.ratio.high).toBeCloseTo(0.9, 12);
  });

  it('gives an interval that holds the median and widens with the spread', () => {
    const ratios = Array.from({ length: 101 }, (_, i) => 0.9 + i * 0.002);
    const p = pairedRatio({ mine: ratios, other: ratios.map(() => 1) });
    expect(p.ratio.value).toBeCloseTo(1.0, 12);
    expect(p.ratio.low).toBeLessThan(p.ratio.value);
    expect(p.ratio.high).toBeGreaterThan(p.ratio.value);
    expect(p.ratio.n).toBe(101);
  });

  it.each([
    ['rounds not in pairs', { mine: [1, 2], other: [1] }, /pairs/],
    ['no rounds', { mine: [], other: [] }, /no rounds/],
    ['a time of zero', { mine: [1, 0], other: [1, 1] }, /positive/],
    ['a time not a number', { mine: [1, Number.NaN], other: [1, 1] }, /positive/],
  ])('refuses %s', (_, rounds, message) => {
    expect(() => pairedRatio(rounds)).toThrow(message);
  });
});

describe('mineFirst', () => {
  it('puts each build first in turn', () => {
    const order = Array.from({ length: 6 }, (_, r) => mineFirst(r));
    expect(order).toEqual([true, false, true, false, true, false]);
  });
});
