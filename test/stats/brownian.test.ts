// The Brownian strip law (stats/brownian.ts) against an independent derivation: the
// eigenfunction (Fourier sine) series of the same killed density, integrated by Simpson's
// rule, and the one-bound first-passage law in closed form. A wrong image (a sink at
// 2·lower instead of 2·upper), a wrong sign of the drift's tilt, or a wrong exit
// probability h(x) each move these figures by far more than the tolerances.

import { describe, expect, it } from 'vitest';
import { normalCdf } from '../../stats/inference.js';
import { expectedExitTime, passesAbove, stripLaw, upperExitProbability } from '../../stats/brownian.js';

/** The killed density by its Fourier series: (2/w) Σ sin(nπ(x−A)/w) sin(nπ(−A)/w) e^{−n²π²t/(2w²)}, tilted by e^{ηx − η²t/2}. */
function fourierDensity(A: number, B: number, eta: number, t: number) {
  const w = B - A;
  // Terms until e^{−n²π²t/(2w²)} < e^{−40}.
  const terms = Math.ceil(Math.sqrt((80 * w * w) / (Math.PI * Math.PI * t))) + 1;
  return (x: number) => {
    let s = 0;
    for (let n = 1; n <= terms; n++) s += Math.sin((n * Math.PI * (x - A)) / w) * Math.sin((n * Math.PI * -A) / w) * Math.exp((-n * n * Math.PI * Math.PI * t) / (2 * w * w));
    return (2 / w) * s * Math.exp(eta * x - (eta * eta * t) / 2);
  };
}

function simpson(f: (x: number) => number, a: number, b: number, steps = 2000): number {
  const h = (b - a) / steps;
  let s = f(a) + f(b);
  for (let i = 1; i < steps; i++) s += (i % 2 === 1 ? 4 : 2) * f(a + i * h);
  return (s * h) / 3;
}

function reference(A: number, B: number, eta: number, t: number, y: number) {
  const p = fourierDensity(A, B, eta, t);
  const w = B - A;
  const h = (x: number) => (Math.abs(eta) < 1e-12 ? (x - A) / w : (1 - Math.exp(-2 * eta * (x - A))) / (1 - Math.exp(-2 * eta * w)));
  const inside = simpson(p, A, B);
  return { upperBy: h(0) - simpson((x) => p(x) * h(x), A, B), inside, insideAbove: simpson(p, y, B) };
}

describe('the strip law against the Fourier series', () => {
  it.each([
    [-2, 3, 0.3, 4, 0.5],
    [-2, 3, -0.5, 10, -1],
    [-1, 1, 0, 0.5, 0],
    [-3, 3, 1.2, 2, 2],
    [-3, 2.5, -0.05, 30, 0.1],
    [-4, 4, 0.01, 0.2, -3.9],
    [-1.5, 6, 0.7, 20, 5],
  ])('lower %d, upper %d, drift %d, t %d, y %d', (A, B, eta, t, y) => {
    const got = stripLaw({ lower: A, upper: B }, eta, t, y);
    const want = reference(A, B, eta, t, y);
    expect(got.upperBy).toBeCloseTo(want.upperBy, 8);
    expect(got.inside).toBeCloseTo(want.inside, 8);
    expect(got.insideAbove).toBeCloseTo(want.insideAbove, 8);
  });
});

describe('limits', () => {
  it('a far lower bound leaves the one-bound first-passage law: Φ((ηt − b)/√t) + e^{2ηb}·Φ((−ηt − b)/√t)', () => {
    for (const [b, eta, t] of [
      [2, 0.3, 5],
      [3, -0.2, 40],
      [1, 0, 1],
    ] as const) {
      const want = normalCdf((eta * t - b) / Math.sqrt(t)) + Math.exp(2 * eta * b) * normalCdf((-eta * t - b) / Math.sqrt(t));
      expect(stripLaw({ lower: -1e4, upper: b }, eta, t, b).upperBy).toBeCloseTo(want, 10);
    }
  });

  it('after a long time the motion has left: P(upper by t) → P(upper), nothing inside', () => {
    for (const eta of [-0.4, -0.01, 0, 0.02, 0.9]) {
      const strip = { lower: -2.5, upper: 3 };
      const law = stripLaw(strip, eta, 2000, 0);
      expect(law.inside).toBeLessThan(1e-12);
      expect(law.upperBy).toBeCloseTo(upperExitProbability(strip, eta), 10);
    }
  });

  it('without drift the exit probability is −lower/w and the mean exit time −lower·upper', () => {
    expect(upperExitProbability({ lower: -1, upper: 3 }, 0)).toBeCloseTo(0.25, 12);
    expect(expectedExitTime({ lower: -1, upper: 3 }, 0)).toBeCloseTo(3, 9);
    // Continuous in the drift through 0.
    expect(expectedExitTime({ lower: -1, upper: 3 }, 1e-5)).toBeCloseTo(3, 3);
  });

  it('passing above a point rises with the drift (the ordering the estimate inverts)', () => {
    const strip = { lower: -3, upper: 3 };
    for (const [t, y] of [
      [50, 3],
      [50, -3],
      [200, 0.7],
    ] as const) {
      let prev = -1;
      for (let eta = -1; eta <= 1; eta += 0.05) {
        const p = passesAbove(strip, eta, t, y);
        expect(p).toBeGreaterThanOrEqual(prev - 1e-12);
        prev = p;
      }
    }
  });
});
