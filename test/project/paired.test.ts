// The paired timing of two builds (scripts/time-against.ts, scripts/lib/paired.ts): the
// figure is the median of the rounds' ratios, not the ratio of the builds' medians, so a
// slow stretch of the machine that falls on both runs of a round cancels out. The
// benchmark itself loads two builds and is not run here. Mutations: the ratio of the
// medians, one build always first, or the processes' range taken from their own
// intervals rather than their ratios, fail it.

import { describe, expect, it } from 'vitest';
import { acrossProcesses, mineFirst, pairedRatio, type ProcessRatio } from '../../scripts/lib/paired.js';

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

describe('acrossProcesses', () => {
  const process = (ratio: number, spread = 0.005): ProcessRatio => ({ ratio, low: ratio - spread, high: ratio + spread, mine: 20 * ratio, other: 20 });

  it('is the median of the processes, with their range', () => {
    // Two builds alike, compiled differently in each process (as measured: 0.986 to 1.030).
    const all = acrossProcesses([1.03, 0.986, 1.0, 0.996, 1.001].map((r) => process(r)));
    expect(all).toEqual({ ratio: 1.0, low: 0.986, high: 1.03 });
  });

  it('takes the middle two of an even number', () => {
    expect(acrossProcesses([0.9, 1.1, 0.95, 1.05].map((r) => process(r))).ratio).toBeCloseTo(1.0, 12);
  });

  it('is as wide as the processes disagree, whatever each one\'s own interval', () => {
    const all = acrossProcesses([process(0.95, 0.001), process(1.02, 0.001), process(0.99, 0.001)]);
    expect(all.low).toBe(0.95);
    expect(all.high).toBe(1.02);
  });

  it('refuses no processes', () => {
    expect(() => acrossProcesses([])).toThrow(/no processes/);
  });
});
