import { describe, expect, it } from 'vitest';
import { wilson } from '../../stats/wilson.js';

// Newcombe (1998), "Two-sided confidence intervals for the single proportion: comparison
// of seven methods", Statistics in Medicine 17:857–872, Table I, method 3 (score, no
// continuity correction), to 4 decimals.
const NEWCOMBE: [k: number, n: number, low: number, high: number][] = [
  [81, 263, 0.2553, 0.3662],
  [15, 148, 0.0624, 0.1605],
  [0, 20, 0, 0.1611],
  [1, 29, 0.0061, 0.1718],
];

describe('wilson', () => {
  it.each(NEWCOMBE)('%i/%i gives Newcombe’s published interval', (k, n, low, high) => {
    const ci = wilson(k, n);
    expect(ci.low).toBeCloseTo(low, 4);
    expect(ci.high).toBeCloseTo(high, 4);
  });

  it('is symmetric: the interval of n−k failures mirrors that of k successes', () => {
    const a = wilson(7, 40);
    const b = wilson(33, 40);
    expect(a.low).toBeCloseTo(1 - b.high, 12);
    expect(a.high).toBeCloseTo(1 - b.low, 12);
  });

  it('stays inside [0, 1] at the extremes and refuses impossible counts', () => {
    expect(wilson(0, 10000).low).toBe(0);
    expect(wilson(10000, 10000).high).toBe(1);
    expect(() => wilson(1, 0)).toThrow(RangeError);
    expect(() => wilson(11, 10)).toThrow(RangeError);
  });
});

describe('deviance against chi-square', () => {
  it('the 95% point matches tables (df 1: 3.841, 2: 5.991, 5: 11.07, 30: 43.77) within 1%', async () => {
    const { chiSquare95, devianceVerdict } = await import('../../stats/inference.js');
    for (const [df, q] of [[1, 3.841], [2, 5.991], [5, 11.07], [30, 43.77]] as const) expect(Math.abs(chiSquare95(df) / q - 1)).toBeLessThan(0.01);
    expect(devianceVerdict(0.06, 1, 'x')).toMatch(/within chance/);
    expect(devianceVerdict(9.1, 1, 'misses pairings')).toMatch(/above .*: misses pairings/);
  });
});
