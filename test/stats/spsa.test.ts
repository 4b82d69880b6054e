// SPSA (stats/spsa.ts) on objectives whose optimum is known: a noisy concave quadratic in
// three coordinates, and Bernoulli "win rates" — the kind of measurement the belief
// agent's tuning makes (scripts/belief-tune.ts). Seeded, so each run is the same.

import { describe, expect, it } from 'vitest';
import { Rng } from '../../engine/index.js';
import { spsaDirection, spsaGainsAt, spsaProbe, spsaStep, type SpsaGains } from '../../stats/spsa.js';

/** Runs `iterations` steps of SPSA from `start` on a measured objective. */
function climb(start: number[], measure: (x: Float64Array, rng: Rng) => number, gains: SpsaGains, iterations: number, seed: string): Float64Array {
  const rng = new Rng(seed);
  let theta: Float64Array = Float64Array.from(start);
  for (let k = 0; k < iterations; k++) {
    const delta = spsaDirection(rng, theta.length);
    const { ck } = spsaGainsAt(gains, k);
    const yPlus = measure(spsaProbe(theta, delta, ck, 1), rng);
    const yMinus = measure(spsaProbe(theta, delta, ck, -1), rng);
    theta = spsaStep(theta, delta, yPlus, yMinus, gains, k);
  }
  return theta;
}

const distance = (x: Float64Array, t: readonly number[]) => Math.hypot(...t.map((v, i) => x[i]! - v));

describe('SPSA', () => {
  it('gains shrink at the practical exponents', () => {
    const g: SpsaGains = { a: 1, c: 1, A: 9, maxStep: 1 };
    expect(spsaGainsAt(g, 0).ak).toBeCloseTo(Math.pow(10, -0.602), 12);
    expect(spsaGainsAt(g, 0).ck).toBe(1);
    expect(spsaGainsAt(g, 99).ck).toBeCloseTo(Math.pow(100, -0.101), 12);
  });

  it('directions are ±1, about half each', () => {
    const d = spsaDirection(new Rng('dir'), 10_000);
    let plus = 0;
    for (const x of d) {
      expect(Math.abs(x)).toBe(1);
      if (x === 1) plus++;
    }
    expect(Math.abs(plus - 5000)).toBeLessThan(200); // 4 standard deviations
  });

  it('climbs a noisy quadratic to its top (a step down the gradient instead ends far off)', () => {
    const top = [1, -0.5, 2];
    const noise = (rng: Rng) => Math.sqrt(-2 * Math.log(1 - rng.float())) * Math.cos(2 * Math.PI * rng.float());
    const f = (x: Float64Array, rng: Rng) => -top.reduce((s, t, i) => s + (x[i]! - t) ** 2, 0) + 0.1 * noise(rng);
    const gains: SpsaGains = { a: 0.5, c: 0.2, A: 20, maxStep: 0.5 };
    const end = climb([0, 0, 0], f, gains, 400, 'quad');
    expect(distance(end, top)).toBeLessThan(0.15);
    expect(distance(Float64Array.from([0, 0, 0]), top)).toBeGreaterThan(2); // where it started
  });

  it('finds the best of Bernoulli win rates measured on 200 games a side', () => {
    // Win rate 0.5 − (x − 0.7)² − (y + 0.3)², each measurement the share of 200 games won.
    const top = [0.7, -0.3];
    const games = 200;
    const f = (x: Float64Array, rng: Rng) => {
      const p = Math.max(0, 0.5 - (x[0]! - top[0]!) ** 2 - (x[1]! - top[1]!) ** 2);
      let won = 0;
      for (let i = 0; i < games; i++) if (rng.float() < p) won++;
      return won / games;
    };
    const end = climb([0, 0], f, { a: 0.5, c: 0.2, A: 20, maxStep: 0.3 }, 600, 'bern');
    expect(distance(end, top)).toBeLessThan(0.2);
  });
});
