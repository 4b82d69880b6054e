// Simultaneous perturbation stochastic approximation (Spall 1992, "Multivariate stochastic
// approximation using a simultaneous perturbation gradient approximation"), the way
// engine testers tune evaluation weights: every step moves all parameters at once along
// a random ±1 direction Δ, measures the objective on both sides (θ + cΔ and θ − cΔ, on the
// same deals so the deal's luck cancels), and steps along the difference. Two
// measurements per step, whatever the number of parameters; noisy measurements are fine,
// as the gains shrink (a_k = a/(k + 1 + A)^0.602, c_k = c/(k + 1)^0.101, Spall's
// practical exponents). This file is the arithmetic; scripts/belief-tune.ts plays the games.

import type { Rng } from '../engine/index.js';

export interface SpsaGains {
  /** Step size's scale. */
  readonly a: number;
  /** Perturbation's scale, in the parameters' (transformed) units. */
  readonly c: number;
  /** Stability offset: a few percent of the planned iterations. */
  readonly A: number;
  /** The largest move of one coordinate in one step (a guard against a lucky measurement). */
  readonly maxStep: number;
}

/** The gains at iteration k (0-based). */
export function spsaGainsAt(g: SpsaGains, k: number): { readonly ak: number; readonly ck: number } {
  return { ak: g.a / Math.pow(k + 1 + g.A, 0.602), ck: g.c / Math.pow(k + 1, 0.101) };
}

/** A random direction: ±1 in each coordinate, each with probability ½. */
export function spsaDirection(rng: Rng, dims: number): Int8Array {
  const d = new Int8Array(dims);
  for (let i = 0; i < dims; i++) d[i] = rng.chance(0.5) ? 1 : -1;
  return d;
}

/** θ + s·c·Δ: the point measured on side s (+1 or −1). */
export function spsaProbe(theta: Float64Array, delta: Int8Array, ck: number, s: 1 | -1): Float64Array {
  const out = new Float64Array(theta.length);
  for (let i = 0; i < theta.length; i++) out[i] = theta[i]! + s * ck * delta[i]!;
  return out;
}

/**
 * One ascent step (the objective is maximised, a win rate): θ_i += a_k · (y⁺ − y⁻) / (2 c_k Δ_i),
 * each move clipped to ±maxStep.
 */
export function spsaStep(theta: Float64Array, delta: Int8Array, yPlus: number, yMinus: number, gains: SpsaGains, k: number): Float64Array {
  const { ak, ck } = spsaGainsAt(gains, k);
  const out = new Float64Array(theta.length);
  for (let i = 0; i < theta.length; i++) {
    const move = (ak * (yPlus - yMinus)) / (2 * ck * delta[i]!);
    out[i] = theta[i]! + Math.max(-gains.maxStep, Math.min(gains.maxStep, move));
  }
  return out;
}
