// Choosing the best of a few seats. Ties are broken either by the seat's own stream
// (`argmaxRandom`) or by a hash of public facts every player shares (`argmaxShared`), so
// that players reasoning from the same facts land on the same seat without talking
// (the pack in one round, the village on a lynch) — never by seat order, which would
// bias outcomes by seat.

import type { Rng } from '../../engine/index.js';

/** Scores closer than this are a tie. */
const EPS = 1e-9;

/** A 32-bit hash step (murmur3's finaliser over a ^ b). */
export function mix(a: number, b: number): number {
  let h = Math.imul((a ^ b) >>> 0, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The candidate with the highest score (-1 if none); ties drawn uniformly from `rng`. */
export function argmaxRandom(cands: readonly number[], score: (s: number) => number, rng: Rng): number {
  let best = -1;
  let bestScore = -Infinity;
  let ties = 0;
  for (const s of cands) {
    const v = score(s);
    if (v > bestScore + EPS) {
      best = s;
      bestScore = v;
      ties = 1;
    } else if (v >= bestScore - EPS) {
      // Reservoir sampling: the k-th tied candidate replaces the pick with probability 1/k.
      ties++;
      if (rng.int(ties) === 0) best = s;
    }
  }
  return best;
}

/** `argmaxRandom` over scores already computed, one per seat (`scores[s]`). */
export function argmaxRandomOf(cands: readonly number[], scores: ArrayLike<number>, rng: Rng): number {
  return argmaxRandom(cands, (s) => scores[s]!, rng);
}

/** The candidate with the highest score (-1 if none); ties broken by `mix(salt, seat)`, the same for everyone with that salt. */
export function argmaxShared(cands: readonly number[], score: (s: number) => number, salt: number): number {
  const pick = new SharedPick(salt);
  for (const s of cands) pick.offer(s, score(s));
  return pick.best;
}

/**
 * `argmaxShared` over scores already computed, one per seat (`scores[s]`): for the
 * hottest choice (the village's lynch target, at every speech and vote), where a score
 * closure made per call costs more than the choice itself.
 */
export function argmaxSharedOf(cands: readonly number[], scores: ArrayLike<number>, salt: number): number {
  const pick = new SharedPick(salt);
  for (const s of cands) pick.offer(s, scores[s]!);
  return pick.best;
}

/** The running choice of `argmaxShared` (a small object the optimiser keeps in registers). */
class SharedPick {
  best = -1;
  private bestScore = -Infinity;
  // The best's key, hashed only when a tie needs it (most choices have none).
  private bestKey = 0;
  private keyed = true;

  constructor(private readonly salt: number) {}

  offer(s: number, v: number): void {
    if (v > this.bestScore + EPS) {
      this.best = s;
      this.bestScore = v;
      this.keyed = false;
    } else if (v >= this.bestScore - EPS) {
      if (!this.keyed) {
        this.bestKey = mix(this.salt, this.best);
        this.keyed = true;
      }
      const key = mix(this.salt, s);
      if (key > this.bestKey) {
        this.best = s;
        this.bestKey = key;
      }
    }
  }
}

/** `xs` without the seats for which `drop` is true (`xs` itself when none is). */
export function without(xs: readonly number[], drop: (s: number) => boolean): readonly number[] {
  for (const s of xs) if (drop(s)) return xs.filter((x) => !drop(x));
  return xs;
}
