// The sequential probability ratio test (Wald 1945) of one question about a candidate A
// and a baseline B: on one side of the table, does A win at least `delta` more often
// than B (H1: μ = δ), or no more often (H0: μ = 0)? μ is the difference of their win
// rates. After every pair the test looks at the log-likelihood ratio (LLR) of H1 to H0
// and stops when it leaves [lower, upper] = [ln(β/(1−α)), ln((1−β)/α)]: then it says H1
// with a probability of at most about α when H0 is true, H0 with at most about β when
// H1 is. Between the two, either answer may come; beyond them, the right one is likelier.
//
// Paired outcomes. A and B play game i from the same deal (seed S#i) against the same
// opponents, and the test reads the pair d_i = won_A − won_B ∈ {−1, 0, +1}: a trinomial,
// not fishtest's pentanomial. fishtest pairs two games of chess with colours reversed, each
// scored 0, ½ or 1, so a pair's score takes five values; here each game is one result for
// the side played (won, or not: draws and a third team's wins count as not won), and the
// four joint results of a pair (both won, only A, only B, neither) bear on μ only through
// d: under any bound on μ the likelihood leaves the split between "both won" and
// "neither" free, so the four-cell test is exactly the three-cell one. Pairing is where
// the saving is: a deal that favours the side favours it for both, so Var(d) =
// P(only A) + P(only B) − μ² is often far below the 2p(1 − p) of unpaired games.
//
// The LLR is a generalized one (GSPRT): the trinomial's probabilities are unknown, so
// under each hypothesis the likelihood is maximised over every trinomial of that mean
// (its profile likelihood). That maximum has a closed form here (a quadratic in one
// probability), so the LLR is exact — no normal approximation, no regularisation of empty
// cells: pairs that never differ (two identical agents) give ln(1 − δ) a pair, and H0
// after ln(β/(1−α)) / ln(1−δ) pairs (58 at δ = 0.05, α = β = 0.05). Wald's bounds make
// the error rates approximate (the LLR overshoots a bound, and the GLR is not a simple
// ratio); test/stats/sprt.test.ts measures them by simulation.
//
// The estimate. The mean of d at a stop is biased away from 0 (a test stops early when
// the pairs happen to run far), and its plain interval covers less than it says. The
// estimate here is corrected for the stop: the LLR's path is taken as a Brownian motion
// (brownian.ts) whose drift follows μ, the outcomes are ordered (stopping at H1 early >
// late > cut at the maximum with a high LLR > low > stopping at H0 late > early), and μ̂
// is the μ under which the observed outcome is the median (median-unbiased), the 95%
// interval the μ's under which it is at 2.5% and 97.5% (Siegmund 1978, "Estimation
// following sequential tests"; Whitehead 1997 ch. 5). The motion's bounds are moved out
// by 0.583 standard deviations of one step for the discrete overshoot (Siegmund 1979).
// The approximation is good when the test takes tens of pairs or more; a test decided in
// a handful of pairs (a huge difference) gets a rough interval. The plain mean and its
// fixed-sample interval are returned too, labelled as such.

import { err, ok, type Result } from '../engine/index.js';
import { normalQuantile } from './inference.js';
import { passesAbove, type Strip } from './brownian.js';

/** Pairs by their difference won_A − won_B. */
export interface PairCounts {
  /** A won and B did not. */
  readonly plus: number;
  /** Both won, or neither. */
  readonly zero: number;
  /** B won and A did not. */
  readonly minus: number;
}

export const NO_PAIRS: PairCounts = { plus: 0, zero: 0, minus: 0 };

export function pairCount(c: PairCounts): number {
  return c.plus + c.zero + c.minus;
}

export interface SprtDesign {
  /** The difference in win rate H1 names (0 < δ < 1); H0 is no difference. */
  readonly delta: number;
  /** P(saying H1 | H0), 0 < α < 0.5. */
  readonly alpha: number;
  /** P(saying H0 | H1), 0 < β < 0.5. */
  readonly beta: number;
}

/** Why a design cannot be tested, or null. Messages name the CLI's flags. */
export function checkDesign(d: SprtDesign): Result<SprtDesign, string> {
  if (!(d.delta > 0 && d.delta < 1)) return err(`--delta ${d.delta}: the difference in win rate to detect must be between 0 and 1 (exclusive), e.g. --delta 0.05`);
  if (!(d.alpha > 0 && d.alpha < 0.5)) return err(`--alpha ${d.alpha}: the false-positive rate must be between 0 and 0.5 (exclusive), e.g. --alpha 0.05`);
  if (!(d.beta > 0 && d.beta < 0.5)) return err(`--beta ${d.beta}: the false-negative rate must be between 0 and 0.5 (exclusive), e.g. --beta 0.05`);
  return ok(d);
}

export interface SprtBounds {
  readonly lower: number;
  readonly upper: number;
}

/** Wald's bounds on the LLR: [ln(β/(1−α)), ln((1−β)/α)]. */
export function sprtBounds(d: Pick<SprtDesign, 'alpha' | 'beta'>): SprtBounds {
  return { lower: Math.log(d.beta / (1 - d.alpha)), upper: Math.log((1 - d.beta) / d.alpha) };
}

const xlogy = (x: number, y: number) => (x === 0 ? 0 : x * Math.log(y));

/** A trinomial of pair differences: probabilities (or counts) of +1, 0 and −1. */
export type Trinomial = PairCounts;

/**
 * The trinomial of mean s (p₊ − p₋ = s) under which the counts are likeliest — the
 * maximiser of ℓ(s) below — as probabilities. With t = p₋ (so p₊ = s + t, p₀ = 1 − s − 2t)
 * the log-likelihood is concave in t on [max(0, −s), (1 − s)/2]; its stationary point
 * solves 2N·t² − B·t − C = 0 with B = n₊(1 − s) + n₋(1 − 3s) − 2n₀s and C = n₋·s(1 − s).
 * The maximum is there or at an end of the interval (an empty cell can put it there).
 * Counts may be fractions (probabilities: the projection of a trinomial onto mean s).
 */
export function profileFit(c: PairCounts, s: number): Trinomial {
  if (!(s > -1 && s < 1)) throw new RangeError(`profileFit: the mean must be in (−1, 1), got ${s}`);
  const n = pairCount(c);
  const lo = Math.max(0, -s);
  const hi = (1 - s) / 2;
  if (n === 0) return { plus: s + (lo + hi) / 2, zero: 1 - s - (lo + hi), minus: (lo + hi) / 2 };
  const f = (t: number) => xlogy(c.plus, s + t) + xlogy(c.minus, t) + xlogy(c.zero, 1 - s - 2 * t);
  const candidates = [lo, hi];
  const b = c.plus * (1 - s) + c.minus * (1 - 3 * s) - 2 * c.zero * s;
  const cc = c.minus * s * (1 - s);
  const disc = b * b + 8 * n * cc;
  if (disc >= 0) {
    // The two roots of 2n·t² − b·t − cc, the larger first, without cancellation.
    const q = b + (b >= 0 ? 1 : -1) * Math.sqrt(disc);
    const r1 = q / (4 * n);
    const r2 = q === 0 ? 0 : -cc / (2 * n * r1);
    for (const r of [r1, r2]) if (r > lo && r < hi) candidates.push(r);
  }
  let best = -Infinity;
  let at = lo;
  for (const t of candidates) {
    const v = f(t);
    if (v > best) {
      best = v;
      at = t;
    }
  }
  return { plus: s + at, zero: Math.max(0, 1 - s - 2 * at), minus: at };
}

/** ℓ(s): the log-likelihood of the counts maximised over every trinomial of mean s (profileFit). */
export function profileLogLikelihood(c: PairCounts, s: number): number {
  if (pairCount(c) === 0) return 0;
  const p = profileFit(c, s);
  return xlogy(c.plus, p.plus) + xlogy(c.zero, p.zero) + xlogy(c.minus, p.minus);
}

/**
 * The LLR's drift and variance per pair when pairs follow the trinomial `p`: a pair of
 * difference k adds about ln(p₁ₖ/p₀ₖ), where p₀ and p₁ are `p` brought to means 0 and δ
 * (profileFit); the GLR of many such pairs grows at that rate. Exact where the normal
 * approximation δ(d − δ/2)/σ² is not: when pairs rarely differ (σ² ≪ δ), a pair that does
 * not differ costs only ln(1 − δ), not δ²/(2σ²).
 */
export function llrJumps(p: Trinomial, d: Pick<SprtDesign, 'delta'>): { readonly drift: number; readonly variance: number } {
  const p0 = profileFit(p, 0);
  const p1 = profileFit(p, d.delta);
  const total = pairCount(p);
  let drift = 0;
  let second = 0;
  for (const k of ['plus', 'zero', 'minus'] as const) {
    const w = p[k] / total;
    if (w === 0) continue;
    const jump = Math.log(p1[k] / p0[k]);
    drift += w * jump;
    second += w * jump * jump;
  }
  return { drift, variance: Math.max(0, second - drift * drift) };
}

/** The generalized LLR of mean μ1 against mean μ0: ℓ(μ1) − ℓ(μ0). */
export function pairLlr(c: PairCounts, mu0: number, mu1: number): number {
  return profileLogLikelihood(c, mu1) - profileLogLikelihood(c, mu0);
}

export type SprtDecision = 'H1' | 'H0';

/** Where a test stands after reading pairs in order. */
export interface SprtScan {
  /** The bound reached, or null: neither in the pairs read. */
  readonly decision: SprtDecision | null;
  /** Pairs read: up to and including the one that reached a bound. */
  readonly pairs: number;
  readonly counts: PairCounts;
  readonly llr: number;
}

export function addPair(c: PairCounts, d: number): PairCounts {
  if (d === 1) return { ...c, plus: c.plus + 1 };
  if (d === -1) return { ...c, minus: c.minus + 1 };
  if (d === 0) return { ...c, zero: c.zero + 1 };
  throw new RangeError(`a pair's difference is −1, 0 or 1, not ${d}`);
}

/**
 * Reads pairs in order and stops at the first that takes the LLR to a bound, or after
 * `maxPairs`. The decision is a function of the pairs' order alone: however the pairs
 * were played (batches, workers, interruptions), the same pairs give the same stop.
 */
export function scanSprt(diffs: Iterable<number>, d: SprtDesign, maxPairs = Infinity): SprtScan {
  const { lower, upper } = sprtBounds(d);
  let counts = NO_PAIRS;
  let llr = 0;
  let pairs = 0;
  for (const x of diffs) {
    if (pairs >= maxPairs) break;
    counts = addPair(counts, x);
    pairs++;
    llr = pairLlr(counts, 0, d.delta);
    if (llr >= upper) return { decision: 'H1', pairs, counts, llr };
    if (llr <= lower) return { decision: 'H0', pairs, counts, llr };
  }
  return { decision: null, pairs, counts, llr };
}

/** The mean of d and its sample variance (n − 1 denominator; 0 below two pairs). */
export function pairMoments(c: PairCounts): { readonly mean: number; readonly variance: number } {
  const n = pairCount(c);
  if (n === 0) return { mean: 0, variance: 0 };
  const mean = (c.plus - c.minus) / n;
  const second = (c.plus + c.minus) / n;
  return { mean, variance: n > 1 ? ((second - mean * mean) * n) / (n - 1) : 0 };
}

/**
 * The standard deviation of d used to plan and to correct: the counts with half a pair
 * added to each of +1 and −1, so that pairs that never differed (identical play so far)
 * still give a positive spread, about 1/√n — what "no difference in n pairs" allows.
 */
export function pairSpread(c: PairCounts): number {
  const n = pairCount(c) + 1;
  const mean = (c.plus - c.minus) / n;
  const second = (c.plus + c.minus + 1) / n;
  return Math.sqrt(Math.max(second - mean * mean, 1e-12));
}

export interface Interval95 {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
}

export interface SprtEstimate extends Interval95 {
  /** The plain mean of d and its normal 95% interval, as if the number of pairs had been fixed in advance (it was not: biased at a stop, see the header). */
  readonly unadjusted: Interval95;
}

/** Siegmund's constant: the mean overshoot of a Gaussian random walk over a far bound, in steps' standard deviations (−ζ(½)/√(2π)). */
export const OVERSHOOT = 0.5826;

/** The test's LLR path as a Brownian motion of unit variance per pair: its strip, and its drift under a true difference μ. */
export function llrMotion(d: SprtDesign, spread: number): { readonly strip: Strip; readonly drift: (mu: number) => number; readonly scale: number } {
  const { lower, upper } = sprtBounds(d);
  // Near the data the LLR of a pair is δ(d − δ/2)/σ²: drift δ(μ − δ/2)/σ², variance δ²/σ².
  const scale = d.delta / spread; // the LLR's standard deviation per pair
  return {
    strip: { lower: lower / scale - OVERSHOOT, upper: upper / scale + OVERSHOOT },
    drift: (mu) => (mu - d.delta / 2) / spread,
    scale,
  };
}

const clamp1 = (x: number) => Math.min(1, Math.max(-1, x));

/** The smallest μ in [−1, 1] with g(μ) ≥ target (g increasing); bisection to 1e-7. */
function solveIncreasing(g: (mu: number) => number, target: number): number {
  let lo = -1;
  let hi = 1;
  if (g(lo) >= target) return lo;
  if (g(hi) <= target) return hi;
  while (hi - lo > 1e-7) {
    const mid = (lo + hi) / 2;
    if (g(mid) < target) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * The difference μ estimated at the test's stop, corrected for it (see the header), with
 * its 95% interval; and the plain mean with its fixed-sample interval. An undecided scan
 * is taken as cut at its last pair (`--max-games`): its LLR orders it among the outcomes.
 * Null before any pair.
 */
export function sprtEstimate(scan: SprtScan, d: SprtDesign): SprtEstimate | null {
  const n = scan.pairs;
  if (n === 0) return null;
  const { mean, variance } = pairMoments(scan.counts);
  const z = normalQuantile(0.975);
  const half = z * Math.sqrt(variance / n);
  const unadjusted = { estimate: mean, low: clamp1(mean - half), high: clamp1(mean + half) };
  const motion = llrMotion(d, pairSpread(scan.counts));
  const y = scan.decision === 'H1' ? motion.strip.upper : scan.decision === 'H0' ? motion.strip.lower : scan.llr / motion.scale;
  const g = (mu: number) => passesAbove(motion.strip, motion.drift(mu), n, y);
  return { estimate: solveIncreasing(g, 0.5), low: solveIncreasing(g, 0.025), high: solveIncreasing(g, 0.975), unadjusted };
}
