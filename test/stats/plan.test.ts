// The planner's arithmetic (stats/plan.ts) against textbook values, and its promises
// against seeded simulations of Bernoulli pairs (stats/simulate.ts): the pairs it says give
// 80% power give 80% power (±2 sampling errors of 400 tests, with a pilot large enough
// to know the spread: 2,000 pairs), and the SPRT's mean pairs
// and power are what the simulated tests show. The same check with real bots is in
// scripts/sprt-errors.ts (figures in docs/sequential.md).

import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/index.js';
import { normalQuantile } from '../../stats/inference.js';
import { fixedPairs, fixedPower, forecast, settleState, sprtExpectedPairs, sprtPower } from '../../stats/plan.js';
import { modelTrinomial, simulatedPairs, type PairModel } from '../../stats/simulate.js';
import { addPair, NO_PAIRS, scanSprt, type PairCounts } from '../../stats/sprt.js';

describe('fixed-size tests', () => {
  it('textbook sizes: (z_{1−α/2} + z_{0.8})² σ²/δ² = 7.85 σ²/δ² two-sided; (2·1.645)² σ²/δ² one-sided at α = β = 0.05', () => {
    expect(fixedPairs({ spread: 0.5, delta: 0.05, alpha: 0.05, power: 0.8, sides: 2 })).toBe(785);
    expect(fixedPairs({ spread: 0.5, delta: 0.05, alpha: 0.05, power: 0.95, sides: 1 })).toBe(1083);
  });

  it.each([
    [0.3, 0.05, 0.8, 2],
    [0.7, 0.02, 0.9, 1],
    [0.12, 0.1, 0.5, 2],
  ] as const)('σ %d, δ %d, power %d: the size is the least that reaches the power', (spread, delta, power, sides) => {
    const n = fixedPairs({ spread, delta, alpha: 0.05, power, sides });
    expect(fixedPower({ pairs: n, spread, delta, alpha: 0.05, sides })).toBeGreaterThanOrEqual(power);
    expect(fixedPower({ pairs: n - 1, spread, delta, alpha: 0.05, sides })).toBeLessThan(power);
  });
});

function pilot(m: PairModel, n: number, seed: string): PairCounts {
  let c = NO_PAIRS;
  const g = simulatedPairs(new Rng(seed), m);
  for (let i = 0; i < n; i++) c = addPair(c, g.next().value);
  return c;
}

/** The share of `runs` two-sided fixed tests of `pairs` pairs that reject "no difference" at 5%. */
function achievedPower(m: PairModel, pairs: number, runs: number, label: string): number {
  const z = normalQuantile(0.975);
  let rejected = 0;
  for (let r = 0; r < runs; r++) {
    const g = simulatedPairs(new Rng(`${label}#${r}`), m);
    let sum = 0;
    let squares = 0;
    for (let i = 0; i < pairs; i++) {
      const d = g.next().value;
      sum += d;
      squares += d * d;
    }
    const mean = sum / pairs;
    const sd = Math.sqrt((squares / pairs - mean * mean) * (pairs / (pairs - 1)));
    if (Math.abs(mean) > (z * sd) / Math.sqrt(pairs)) rejected++;
  }
  return rejected / runs;
}

describe('the planner keeps its promises (400 seeded tests per case)', () => {
  // Mutations that fail here: a one-sided z in the two-sided size (achieved power ≈ 0.70),
  // the unpaired spread √(2·p(1−p)) instead of the pairs' (power ≈ 1).
  it.each([
    [{ mu: 0.05, discord: 0.3 }],
    [{ mu: 0.03, discord: 0.08 }],
    [{ mu: -0.1, discord: 0.6 }],
  ])('pairs predicted for 80% power from a pilot of 2,000 pairs give 80% ± 2·SE: %o', (m) => {
    const f = forecast(pilot(m, 2000, `pilot ${m.mu}`), { delta: Math.abs(m.mu), alpha: 0.05, power: 0.8 });
    const achieved = achievedPower(m, f.fixed, 400, `fixed ${m.mu}`);
    expect(Math.abs(achieved - 0.8)).toBeLessThanOrEqual(2 * Math.sqrt((0.8 * 0.2) / 400));
    // The pilot's own uncertainty about the size brackets it.
    expect(f.fixedRange.low).toBeLessThanOrEqual(f.fixed);
    expect(f.fixedRange.high).toBeGreaterThanOrEqual(f.fixed);
  });

  // Mutation that fails here: the normal approximation's drift δ(μ − δ/2)/σ² in place of
  // the exact jumps (it predicts 46 pairs where tests of rarely differing pairs take 93).
  it.each([
    [0.3, 0.05, [0, 0.025, 0.05]],
    [0.07, 0.03, [0, 0.015, 0.03]],
    [0.04, 0.02, [0, 0.01, 0.02]],
    [0.02, 0.05, [0, 0.01]],
  ] as const)("the SPRT's mean pairs and power match simulated tests (within 10 percent, 2·SE): discordance %d, δ %d", (discord, delta, mus) => {
    const design = { delta, alpha: 0.05, beta: 0.05 };
    for (const mu of mus) {
      const m = { mu, discord };
      let pairs = 0;
      let h1 = 0;
      for (let r = 0; r < 400; r++) {
        const s = scanSprt(simulatedPairs(new Rng(`asn ${discord} ${mu}#${r}`), m), design);
        pairs += s.pairs;
        if (s.decision === 'H1') h1++;
      }
      const predicted = sprtExpectedPairs(design, modelTrinomial(m));
      expect(Math.abs(pairs / 400 / predicted - 1)).toBeLessThan(0.1);
      const p = sprtPower(design, modelTrinomial(m));
      expect(Math.abs(h1 / 400 - p)).toBeLessThanOrEqual(2 * Math.sqrt((p * (1 - p)) / 400) + 0.01);
    }
  });
});

describe('how far a comparison is from settled', () => {
  it.each([
    // mean, spread, pairs → status, more
    [0.1, 0.5, 400, 'different', null],
    [0.0, 0.2, 2000, 'tie', null],
    [0.02, 0.5, 100, 'open', 2081], // ((1.96 + 0.8416)·0.5/0.03)² = 2180.3 → 2181 − 100
    [0.04, 0.5, 100, 'open', 1127], // ((1.96 + 0.8416)·0.5/0.04)² = 1226.4 → 1227 − 100
  ] as const)('mean %d, σ %d over %d pairs: %s, %s more', (mean, spread, pairs, status, more) => {
    const s = settleState({ mean, spread, pairs, delta: 0.05, alpha: 0.05, power: 0.8 });
    expect(s.status).toBe(status);
    expect(s.more).toBe(more);
  });
});
