// The sequential test (stats/sprt.ts): its likelihood against brute force, its stops in
// closed form, and its error rates, games and estimate by simulation of seeded Bernoulli
// pairs (stats/simulate.ts). The simulations use 400 tests per case: a rate's sampling
// error is then √(p(1−p)/400) ≈ 0.011 at p = 0.05, and each bound below allows twice that.
// The same figures at 2,000 tests per case, and with real bots, are printed by
// scripts/sprt-errors.ts (docs/sequential.md). The estimate at the stop is tested in
// sprt-estimate.test.ts.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/index.js';
import { fixedPairs } from '../../stats/plan.js';
import { modelSpread, simulatedPairs, type PairModel } from '../../stats/simulate.js';
import { addPair, checkDesign, fixedPairInterval, NO_PAIRS, pairLlr, profileLogLikelihood, scanSprt, sprtBounds, type PairCounts, type SprtDesign } from '../../stats/sprt.js';

const DESIGN: SprtDesign = { delta: 0.05, alpha: 0.05, beta: 0.05 };

/** The profile likelihood by brute force: the log-likelihood on a grid of 200,001 trinomials of mean s. */
function bruteProfile(c: PairCounts, s: number): number {
  const lo = Math.max(0, -s);
  const hi = (1 - s) / 2;
  const term = (n: number, p: number) => (n === 0 ? 0 : n * Math.log(p));
  let best = -Infinity;
  for (let i = 0; i <= 200_000; i++) {
    const t = lo + ((hi - lo) * i) / 200_000;
    best = Math.max(best, term(c.plus, s + t) + term(c.minus, t) + term(c.zero, 1 - s - 2 * t));
  }
  return best;
}

describe('the likelihood', () => {
  it.each([
    [{ plus: 3, zero: 5, minus: 1 }],
    [{ plus: 0, zero: 10, minus: 0 }],
    [{ plus: 5, zero: 0, minus: 0 }],
    [{ plus: 0, zero: 0, minus: 4 }],
    [{ plus: 2, zero: 0, minus: 7 }],
    [{ plus: 30, zero: 100, minus: 25 }],
    [{ plus: 0, zero: 3, minus: 9 }],
  ])('the profile log-likelihood of %o is the maximum over trinomials of that mean', (c) => {
    for (const s of [0, 0.05, -0.3, 0.6, 0.95]) expect(profileLogLikelihood(c, s)).toBeCloseTo(bruteProfile(c, s), 6);
  });

  it("Wald's bounds for α = β = 0.05 are ±ln 19", () => {
    const b = sprtBounds(DESIGN);
    expect(b.upper).toBeCloseTo(Math.log(19), 12);
    expect(b.lower).toBeCloseTo(-Math.log(19), 12);
    expect(sprtBounds({ alpha: 0.01, beta: 0.2 })).toEqual({ lower: Math.log(0.2 / 0.99), upper: Math.log(0.8 / 0.01) });
  });

  it('pairs that never differ (identical play) cost ln(1 − δ) each: H0 after 58 pairs at δ = 0.05', () => {
    expect(pairLlr({ plus: 0, zero: 10, minus: 0 }, 0, 0.05)).toBeCloseTo(10 * Math.log(0.95), 12);
    const s = scanSprt(Array<number>(1000).fill(0), DESIGN);
    expect(s).toMatchObject({ decision: 'H0', pairs: Math.ceil(Math.log(0.05 / 0.95) / Math.log(0.95)) });
    expect(s.pairs).toBe(58);
  });

  it('pairs always won by A alone gain ln(1 + δ) each: H1 after 61 pairs (no shortcut for a landslide)', () => {
    expect(pairLlr({ plus: 7, zero: 0, minus: 0 }, 0, 0.05)).toBeCloseTo(7 * Math.log(1.05), 12);
    expect(scanSprt(Array<number>(1000).fill(1), DESIGN)).toMatchObject({ decision: 'H1', pairs: 61 });
  });

  it('the stop depends on the pairs alone: any longer run of the same pairs stops at the same pair; a maximum cuts it', () => {
    const pairs = [...take(simulatedPairs(new Rng('order'), { mu: 0.03, discord: 0.3 }), 5000)];
    const whole = scanSprt(pairs, DESIGN);
    expect(whole.decision).not.toBeNull();
    expect(scanSprt(pairs.slice(0, whole.pairs), DESIGN)).toEqual(whole);
    expect(scanSprt(pairs.slice(0, whole.pairs - 1), DESIGN).decision).toBeNull();
    expect(scanSprt(pairs, DESIGN, 10)).toMatchObject({ decision: null, pairs: 10 });
  });

  it.each([
    [{ delta: 0, alpha: 0.05, beta: 0.05 }, /--delta 0/],
    [{ delta: 1, alpha: 0.05, beta: 0.05 }, /--delta 1/],
    [{ delta: 0.05, alpha: 0.5, beta: 0.05 }, /--alpha 0.5/],
    [{ delta: 0.05, alpha: 0.05, beta: 0 }, /--beta 0/],
    [{ delta: 0.05, alpha: Number.NaN, beta: 0.05 }, /--alpha NaN/],
  ])('refuses the design %o', (d, message) => {
    const r = checkDesign(d);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
  });
});

function* take<T>(it: Iterator<T>, n: number): Generator<T> {
  for (let i = 0; i < n; i++) yield it.next().value as T;
}

interface Simulated {
  readonly h1: number;
  readonly meanPairs: number;
}

/** `runs` seeded tests of pairs from `m`. */
function simulate(m: PairModel, runs: number, label: string, maxPairs = 100_000): Simulated {
  let h1 = 0;
  let pairs = 0;
  for (let r = 0; r < runs; r++) {
    const scan = scanSprt(simulatedPairs(new Rng(`${label}#${r}`), m), DESIGN, maxPairs);
    if (scan.decision === 'H1') h1++;
    pairs += scan.pairs;
  }
  return { h1: h1 / runs, meanPairs: pairs / runs };
}

const RUNS = 400;
const slack = (p: number) => 2 * Math.sqrt((p * (1 - p)) / RUNS);

describe('error rates and games, by simulation (400 seeded tests per case)', () => {
  // Discordance 0.3 is what heuristic bots show on 004's 8-player table (docs/sequential.md).
  const h0 = simulate({ mu: 0, discord: 0.3 }, RUNS, 'h0');
  const h1 = simulate({ mu: 0.05, discord: 0.3 }, RUNS, 'h1');
  const middle = simulate({ mu: 0.025, discord: 0.3 }, RUNS, 'mid');

  // Mutations that fail here: the upper bound at ln((1−β)/α)/2 (false positives ≈ 0.2), the
  // LLR against μ0 = −δ/2 instead of 0 (likewise), H1 at 2δ (power ≈ 0.6).
  it('false positives ≤ α + 2·SE under H0; power ≥ 1 − β − 2·SE under H1', () => {
    expect(h0.h1).toBeLessThanOrEqual(DESIGN.alpha + slack(DESIGN.alpha));
    expect(h1.h1).toBeGreaterThanOrEqual(1 - DESIGN.beta - slack(DESIGN.beta));
    // Between the hypotheses either answer is right, about half each.
    expect(middle.h1).toBeGreaterThan(0.3);
    expect(middle.h1).toBeLessThan(0.7);
  });

  it('mean pairs to a decision are fewer than the fixed-size test with the same error rates needs', () => {
    const fixed = fixedPairs({ spread: modelSpread({ mu: 0, discord: 0.3 }), delta: DESIGN.delta, alpha: DESIGN.alpha, power: 1 - DESIGN.beta, sides: 1 });
    expect(fixed).toBe(1299);
    expect(h0.meanPairs).toBeLessThan(0.6 * fixed);
    expect(h1.meanPairs).toBeLessThan(0.6 * fixed);
    // The worst case, halfway, still below the fixed size.
    expect(middle.meanPairs).toBeLessThan(fixed);
  });
});

describe('the fixed-sample interval of paired differences (a benchmark over common deals)', () => {
  it('is the mean of d ± 1.96 standard errors, with the n − 1 variance', () => {
    // 2,000 pairs: 300 where only A won, 200 where only B did. Mean 0.05; variance
    // (0.25 − 0.0025)·2000/1999; half-width 1.96·√(variance/2000) ≈ 0.02181.
    const i = fixedPairInterval({ plus: 300, zero: 1500, minus: 200 });
    expect(i.estimate).toBe(0.05);
    expect(i.high - i.estimate).toBeCloseTo(0.021809, 5);
    expect(i.estimate - i.low).toBeCloseTo(0.021809, 5);
    expect(fixedPairInterval(NO_PAIRS)).toEqual({ estimate: 0, low: -1, high: 1 });
  });

  it('covers the true difference about 95% of the time (400 seeded runs of 2,000 pairs)', () => {
    // A half-width too small by a factor √2 (forgetting the pairing helps, or dividing by
    // 2n) covers 83%; too large by √2 covers 99.5%: both fall outside 95% ± 2.2 points.
    const m: PairModel = { mu: 0.03, discord: 0.3 };
    let covered = 0;
    for (let r = 0; r < RUNS; r++) {
      const draw = simulatedPairs(new Rng(`fixed#${r}`), m);
      let c = NO_PAIRS;
      for (let k = 0; k < 2000; k++) c = addPair(c, draw.next().value);
      const i = fixedPairInterval(c);
      if (i.low <= m.mu && m.mu <= i.high) covered++;
    }
    expect(Math.abs(covered / RUNS - 0.95)).toBeLessThan(slack(0.95));
  });
});
