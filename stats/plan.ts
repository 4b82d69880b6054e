// Planning paired comparisons before (and while) they are played: how many pairs a
// fixed-size test needs for a given power, the power a number of pairs gives, how many
// pairs an SPRT (sprt.ts) takes on average, and how far a comparison already played is
// from settled. Everything is in pairs of games dealt alike (two games each) and in the
// standard deviation σ of a pair's difference d ∈ {−1, 0, +1}, which a pilot measures
// (sprt.ts `pairSpread`); the normal approximation of the mean of d is used throughout,
// and the SPRT's figures are those of the Brownian motion of its LLR (brownian.ts, with
// the bounds moved out for the overshoot), which test/stats/plan.test.ts compares with
// simulated tests.

import { normalCdf, normalQuantile } from './inference.js';
import { expectedExitTime, upperExitProbability } from './brownian.js';
import { llrMotion, type SprtDesign } from './sprt.js';

export interface FixedTest {
  /** σ of one pair's difference. */
  readonly spread: number;
  /** The difference to detect (fixedPairs) or the true one (fixedPower). */
  readonly delta: number;
  readonly alpha: number;
  /** 1: does A beat B (the SPRT's question); 2: do they differ, either way (a tournament's comparison). */
  readonly sides: 1 | 2;
}

/** Pairs a fixed-size test needs to detect δ with the given power: ((z_{1−α/sides} + z_power)·σ/δ)², rounded up. */
export function fixedPairs(t: FixedTest & { readonly power: number }): number {
  const z = normalQuantile(1 - t.alpha / t.sides) + normalQuantile(t.power);
  return Math.ceil(((z * t.spread) / t.delta) ** 2);
}

/** The power of a fixed-size test of `pairs` pairs when the true difference is δ (the far tail of a two-sided test left out). */
export function fixedPower(t: FixedTest & { readonly pairs: number }): number {
  return normalCdf((Math.sqrt(t.pairs) * Math.abs(t.delta)) / t.spread - normalQuantile(1 - t.alpha / t.sides));
}

/** The mean number of pairs an SPRT takes when the true difference is μ. */
export function sprtExpectedPairs(d: SprtDesign, spread: number, mu: number): number {
  const m = llrMotion(d, spread);
  return expectedExitTime(m.strip, m.drift(mu));
}

/** P(the SPRT says H1) when the true difference is μ: its power at μ = δ, its false-positive rate at μ = 0. */
export function sprtPower(d: SprtDesign, spread: number, mu: number): number {
  const m = llrMotion(d, spread);
  return upperExitProbability(m.strip, m.drift(mu));
}

export type Settled = 'different' | 'tie' | 'open';

export interface SettleState {
  /** different: the 95% interval excludes 0; tie: it lies within ±δ; open: neither yet. */
  readonly status: Settled;
  /** Pairs in all that would settle an open comparison with the given power if its mean held; null when settled. */
  readonly pairsNeeded: number | null;
  /** Pairs still to play (pairsNeeded − pairs). */
  readonly more: number | null;
}

/**
 * How far a paired comparison (mean of d over `pairs` pairs, spread σ) is from settled,
 * two-sided at level α: either way it ends, as a difference (needs |mean| > z·σ/√n) or as
 * a tie within ±δ (needs |mean| + z·σ/√n < δ), whichever the observed mean reaches first:
 * n = ((z_{1−α/2} + z_power)·σ / max(|mean|, δ − |mean|))².
 */
export function settleState(o: { readonly mean: number; readonly spread: number; readonly pairs: number; readonly delta: number; readonly alpha: number; readonly power: number }): SettleState {
  const z = normalQuantile(1 - o.alpha / 2);
  const half = o.pairs > 0 ? (z * o.spread) / Math.sqrt(o.pairs) : Infinity;
  const m = Math.abs(o.mean);
  if (o.pairs > 0 && m > half) return { status: 'different', pairsNeeded: null, more: null };
  if (o.pairs > 0 && m + half < o.delta) return { status: 'tie', pairsNeeded: null, more: null };
  const gap = Math.max(m, o.delta - m);
  const needed = Math.ceil((((z + normalQuantile(o.power)) * o.spread) / gap) ** 2);
  return { status: 'open', pairsNeeded: needed, more: Math.max(0, needed - o.pairs) };
}
