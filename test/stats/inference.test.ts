// The interval and the tests against published figures; each expected value names its source.

import { describe, expect, it } from 'vitest';
import {
  compareRates,
  gamesForPrecision,
  gamesToDetect,
  gamesToDetectExact,
  halfWidth,
  normalCdf,
  normalQuantile,
  powerOf,
  twoProportionTest,
  twoSidedP,
} from '../../stats/inference.js';

describe('Wilson score interval (published values: test/stats/wilson.test.ts)', () => {
  it('REFERENCES.md: a rate near 50% needs about 9,600 games for ±1% and 38,400 for ±0.5%', () => {
    expect(gamesForPrecision(0.01)).toBe(9604);
    expect(gamesForPrecision(0.005)).toBe(38415);
    expect(halfWidth(4802, 9604)).toBeLessThan(0.01);
    expect(halfWidth(4700, 9400)).toBeGreaterThan(0.01);
  });
});

describe('the normal distribution', () => {
  // Abramowitz & Stegun, Handbook of Mathematical Functions (1964), Table 26.1 and 26.5.
  it.each([
    [-1, 0.15865525393145705],
    [-1.959963984540054, 0.025],
    [-3, 0.0013498980316301],
    [-5, 2.866515718791939e-7],
    [-8, 6.22096057427178e-16],
  ])('Φ(%d)', (x, p) => {
    expect(Math.abs(normalCdf(x) - p) / p).toBeLessThan(1e-8);
    expect(Math.abs(1 - normalCdf(-x) - p)).toBeLessThan(1e-15 + 1e-8 * p);
  });

  it('Φ⁻¹ of 0.975, 0.8 and 0.9 (A&S Table 26.5)', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(0.8)).toBeCloseTo(0.8416212335729143, 12);
    expect(normalQuantile(0.9)).toBeCloseTo(1.2815515655446004, 12);
    expect(normalQuantile(0.001)).toBeCloseTo(-3.090232306167813, 10);
    for (const p of [1e-12, 0.01, 0.3, 0.5, 0.77, 0.99999]) expect(normalCdf(normalQuantile(p))).toBeCloseTo(p, 12);
  });

  it('two-sided p of z = 1.96 is 0.05 and of 3.2905 is 0.001', () => {
    expect(twoSidedP(1.959963984540054)).toBeCloseTo(0.05, 12);
    expect(twoSidedP(-3.290526731491926)).toBeCloseTo(0.001, 12);
  });
});

describe('two-proportion z-test (pooled, no continuity correction)', () => {
  it('Fulton 281/473 vs Gwinnett 214/443: z = 3.3683 (straightdraw.github.io/probstat/S3b.html, by hand from proportions rounded to 3 decimals)', () => {
    const t = twoProportionTest(281, 473, 214, 443);
    expect(t.z).toBeCloseTo(3.3683, 2);
  });

  it('28/254 vs 36/301: z = −0.344, two-sided p = 0.7307 (homeworksource.com/p/997366)', () => {
    const t = twoProportionTest(28, 254, 36, 301);
    expect(t.z).toBeCloseTo(-0.3441, 4);
    expect(t.pValue).toBeCloseTo(0.7307, 4);
  });

  it('168/300 vs 96/200: z = 1.755, two-sided p = 0.0792 (homeworksource.com/p/1078444)', () => {
    const t = twoProportionTest(168, 300, 96, 200);
    expect(t.z).toBeCloseTo(1.7555, 4);
    expect(t.pValue).toBeCloseTo(0.0792, 4);
  });

  it('140/200 vs 255/340: pooled 0.7314815, se 0.03949401, z = −1.266015 (homeworksource.com/p/1008622)', () => {
    const t = twoProportionTest(140, 200, 255, 340);
    expect(t.pooled).toBeCloseTo(0.7314815, 7);
    expect(t.se).toBeCloseTo(0.03949401, 8);
    expect(t.z).toBeCloseTo(-1.266015, 6);
  });

  it('identical all-win samples have nothing to test', () => {
    const t = twoProportionTest(10, 10, 20, 20);
    expect(t.z).toBe(0);
    expect(t.pValue).toBe(1);
  });
});

describe('games to settle a difference', () => {
  it('R stats::power.prop.test(p1 = .50, p2 = .75, power = .90) documents n = 76.7 per group', () => {
    expect(gamesToDetectExact(0.5, 0.75, 0.05, 0.9)).toBeCloseTo(76.7, 1);
    expect(gamesToDetect(0.5, 0.75, 0.05, 0.9)).toBe(77);
  });

  it('the n found gives the asked power, and one game fewer does not', () => {
    for (const [p1, p2] of [
      [0.5, 0.52],
      [0.3, 0.5],
      [0.05, 0.1],
      [0.48, 0.5],
    ] as const) {
      const n = gamesToDetect(p1, p2);
      expect(powerOf(n, p1, p2)).toBeGreaterThanOrEqual(0.8);
      expect(powerOf(n - 1, p1, p2)).toBeLessThan(0.8);
    }
  });

  it('compareRates: settled when significant, infinite when equal, else the games still missing', () => {
    const settled = compareRates(600, 1000, 500, 1000);
    expect(settled.significant).toBe(true);
    expect(settled.moreGames).toBe(0);
    const equal = compareRates(500, 1000, 500, 1000);
    expect(equal.moreGames).toBe(Infinity);
    const open = compareRates(510, 1000, 500, 1000);
    expect(open.significant).toBe(false);
    expect(open.gamesEach).toBe(gamesToDetect(0.51, 0.5));
    expect(open.moreGames).toBe(2 * (open.gamesEach - 1000));
    // A 1-point difference near 50% takes ~39,000 games per configuration (80% power).
    expect(open.gamesEach).toBeGreaterThan(38_000);
    expect(open.gamesEach).toBeLessThan(40_000);
  });
});
