// Planning paired comparisons before (and while) they are played: how many pairs a
// fixed-size test needs for a given power, the power a number of pairs gives, how many
// pairs an SPRT (sprt.ts) takes on average, and how far a comparison already played is
// from settled. Everything is in pairs of games dealt alike (two games each) and in the
// standard deviation σ of a pair's difference d ∈ {−1, 0, +1}, which a pilot measures
// (sprt.ts `pairSpread`); the fixed-size figures use the normal approximation of the mean
// of d. The SPRT's figures are those of a Brownian motion with the LLR's exact drift and
// variance per pair (sprt.ts `llrJumps`; brownian.ts, the bounds moved out for the
// overshoot), which test/stats/plan.test.ts compares with simulated tests.

import { normalCdf, normalQuantile } from './inference.js';
import { wilson } from './wilson.js';
import { expectedExitTime, upperExitProbability, type Strip } from './brownian.js';
import { llrJumps, OVERSHOOT, pairCount, pairMoments, pairSpread, profileFit, sprtBounds, type PairCounts, type SprtDesign, type Trinomial } from './sprt.js';

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

/** The SPRT's LLR path per pair under the trinomial `p`, as a Brownian motion of unit variance (or a straight line when every pair adds the same). */
function motionUnder(d: SprtDesign, p: Trinomial): { readonly strip: Strip; readonly drift: number } | { readonly step: number } {
  const { lower, upper } = sprtBounds(d);
  const { drift, variance } = llrJumps(p, d);
  if (variance < 1e-12) return { step: drift };
  const sd = Math.sqrt(variance);
  return { strip: { lower: lower / sd - OVERSHOOT, upper: upper / sd + OVERSHOOT }, drift: drift / sd };
}

/** The mean number of pairs an SPRT takes when pairs follow the trinomial `p` (Wald's identity on the LLR's exact drift). */
export function sprtExpectedPairs(d: SprtDesign, p: Trinomial): number {
  const m = motionUnder(d, p);
  if ('step' in m) {
    const { lower, upper } = sprtBounds(d);
    return m.step === 0 ? Infinity : Math.ceil((m.step > 0 ? upper : lower) / m.step);
  }
  return expectedExitTime(m.strip, m.drift);
}

/** P(the SPRT says H1) when pairs follow `p`: its power when p's mean is δ, its false-positive rate when it is 0. */
export function sprtPower(d: SprtDesign, p: Trinomial): number {
  const m = motionUnder(d, p);
  if ('step' in m) return m.step > 0 ? 1 : m.step < 0 ? 0 : 0.5;
  return upperExitProbability(m.strip, m.drift);
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

export interface PlanTarget {
  /** The difference in win rate to separate. */
  readonly delta: number;
  readonly alpha: number;
  /** 1 − β. */
  readonly power: number;
}

/** What a pilot's pairs say about the games a comparison needs. All counts are pairs (games of each entrant). */
export interface Forecast {
  readonly pairs: number;
  /** The pilot's mean difference and its normal 95% interval. */
  readonly mean: number;
  readonly low: number;
  readonly high: number;
  /** σ of a pair's difference (sprt.ts `pairSpread`). */
  readonly spread: number;
  /** A fixed number of pairs that separates a difference of δ either way (two-sided at α) with the power. */
  readonly fixed: number;
  /**
   * `fixed` at the ends of the 95% Wilson interval of the share of pairs that differ: the
   * pilot measures the spread, and a pilot with few differing pairs measures it roughly.
   */
  readonly fixedRange: { readonly low: number; readonly high: number };
  /** The same for the one-sided question an SPRT asks (is A better?), with the SPRT's error rates. */
  readonly fixedOneSided: number;
  /** The SPRT's mean pairs (α, β = 1 − power) when A is no better (μ = 0), better by δ, and halfway (its slowest). */
  readonly sprt: { readonly h0: number; readonly h1: number; readonly halfway: number };
}

export function forecast(c: PairCounts, t: PlanTarget): Forecast {
  const n = pairCount(c);
  const { mean, variance } = pairMoments(c);
  const half = n > 1 ? normalQuantile(0.975) * Math.sqrt(variance / n) : Infinity;
  const spread = pairSpread(c);
  const design = { delta: t.delta, alpha: t.alpha, beta: 1 - t.power };
  const fixedAt = (sd: number) => fixedPairs({ spread: sd, delta: t.delta, alpha: t.alpha, power: t.power, sides: 2 });
  const differ = n > 0 ? wilson(c.plus + c.minus, n) : { low: 0, high: 1 };
  const sdAt = (q: number) => Math.sqrt(Math.max(q - mean * mean, 1 / (n + 1) ** 2));
  return {
    pairs: n,
    mean,
    low: Math.max(-1, mean - half),
    high: Math.min(1, mean + half),
    spread,
    fixed: fixedAt(spread),
    fixedRange: { low: fixedAt(sdAt(differ.low)), high: fixedAt(sdAt(differ.high)) },
    fixedOneSided: fixedPairs({ spread, delta: t.delta, alpha: t.alpha, power: t.power, sides: 1 }),
    // Under each hypothesis, the pilot's trinomial brought to that mean.
    sprt: {
      h0: sprtExpectedPairs(design, profileFit(c, 0)),
      h1: sprtExpectedPairs(design, profileFit(c, t.delta)),
      halfway: sprtExpectedPairs(design, profileFit(c, t.delta / 2)),
    },
  };
}
