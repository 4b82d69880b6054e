// Simulated pairs, to check the sequential test and the planner against what they
// promise (test/stats/, scripts/sprt-errors.ts): pair i of a candidate and a baseline
// whose win rates differ by μ and whose results differ in a fraction q of the deals
// (the discordance: P(only A won) + P(only B won)), so d = +1 with probability (q + μ)/2,
// −1 with (q − μ)/2, 0 otherwise. Seeded: the same Rng gives the same pairs.

import type { Rng } from '../engine/index.js';

export interface PairModel {
  /** The true difference in win rate, |μ| ≤ q. */
  readonly mu: number;
  /** P(the two games of a pair end differently for the side), 0 ≤ q ≤ 1. */
  readonly discord: number;
}

/** The standard deviation of one pair's difference: √(q − μ²). */
export function modelSpread(m: PairModel): number {
  return Math.sqrt(m.discord - m.mu * m.mu);
}

/** The model's trinomial of pair differences (probabilities of +1, 0, −1). */
export function modelTrinomial(m: PairModel): { readonly plus: number; readonly zero: number; readonly minus: number } {
  return { plus: (m.discord + m.mu) / 2, zero: 1 - m.discord, minus: (m.discord - m.mu) / 2 };
}

/** An endless stream of simulated pair differences. */
export function* simulatedPairs(rng: Rng, m: PairModel): Generator<number, never> {
  if (!(Math.abs(m.mu) <= m.discord && m.discord <= 1)) throw new RangeError(`simulatedPairs: need |μ| ≤ q ≤ 1, got μ ${m.mu}, q ${m.discord}`);
  const plus = (m.discord + m.mu) / 2;
  for (;;) {
    const u = rng.float();
    yield u < plus ? 1 : u < m.discord ? -1 : 0;
  }
}
