// Brownian motion with drift between two absorbing bounds: what a sequential test's path
// looks like to the estimate that corrects for where the test stopped (sprt.ts). The
// motion starts at 0 with unit variance per unit of time and drift η, and is stopped
// when it first touches `lower` (< 0) or `upper` (> 0).
//
// Its law at time t comes from the method of images (Feller, An Introduction to
// Probability Theory, vol. 2, §X.5): the density of a motion without drift still inside
// the strip is a sum of normal densities centred at 2kw (sources) and 2·upper + 2kw
// (sinks), w = upper − lower; the drift multiplies it by exp(ηx − η²t/2) (Girsanov). Each
// term then integrates to a difference of normal distribution functions, so every
// probability below is a finite sum, computed in logarithms (a term's exp(ηc) can exceed
// the floating-point range when its normal factor is tiny). Terms farther than 16√t from
// the strip are below 1e-50 and left out. test/stats/brownian.test.ts checks the sums
// against the eigenfunction (Fourier) series of the same density, an independent
// derivation, and against the one-bound first-passage law.

import { normalCdf } from './inference.js';

export interface Strip {
  /** The lower bound, < 0. */
  readonly lower: number;
  /** The upper bound, > 0. */
  readonly upper: number;
}

export interface StripLaw {
  /** P(the motion has left through the upper bound by time t). */
  readonly upperBy: number;
  /** P(the motion is still inside the strip at time t). */
  readonly inside: number;
  /** P(still inside at t and above y). */
  readonly insideAbove: number;
}

const LOG_SQRT_2PI = 0.9189385332046728;

/** log Φ(x), accurate far into the lower tail (Φ itself underflows below x ≈ −37). */
function logCdf(x: number): number {
  if (x > -30) return Math.log(normalCdf(x));
  // The asymptotic series of Mills' ratio (Abramowitz & Stegun 26.2.12).
  const r = 1 / (x * x);
  return -(x * x) / 2 - LOG_SQRT_2PI - Math.log(-x) + Math.log(1 - r + 3 * r * r - 15 * r * r * r);
}

/** log P(l < Z < u) for a standard normal Z, without cancellation in either tail. */
function logBetween(l: number, u: number): number {
  if (!(u > l)) return -Infinity;
  if (l >= 0) {
    // Both in the upper tail: Φ(−l) − Φ(−u).
    const a = logCdf(-l);
    const b = logCdf(-u);
    return a + Math.log1p(-Math.exp(b - a));
  }
  if (u <= 0) {
    const a = logCdf(u);
    const b = logCdf(l);
    return a + Math.log1p(-Math.exp(b - a));
  }
  return Math.log1p(-(normalCdf(l) + normalCdf(-u)));
}

/** Below this |η|·w the exit probability's two terms cancel: the law is interpolated from η = 0 (exact) and η = SMALL/w. */
const SMALL = 1e-5;

/** The law at time t for drift η ≥ 0. */
function lawNonNegative(lower: number, upper: number, eta: number, t: number, y: number): StripLaw {
  const w = upper - lower;
  const st = Math.sqrt(t);
  const k = Math.ceil((Math.abs(lower) + Math.abs(upper) + 16 * st) / (2 * w)) + 1;
  // Σ over the images of f(source) − f(sink).
  const images = (f: (c: number) => number) => {
    let s = 0;
    for (let j = -k; j <= k; j++) s += f(2 * j * w) - f(2 * upper + 2 * j * w);
    return s;
  };
  // ∫_l^u exp(ex − e²t/2) φ_t(x − c) dx = exp(ec) P(l < c + et + √t Z < u).
  const tilted = (e: number, l: number, u: number) => (c: number) => Math.exp(e * c + logBetween((l - c - e * t) / st, (u - c - e * t) / st));
  const inside = images(tilted(eta, lower, upper));
  const above = images(tilted(eta, y, upper));
  // h(x) = P_x(leave through the upper bound) = (1 − e^{−2η(x − lower)}) / (1 − e^{−2ηw}):
  // P(upper by t) = h(0) − E[h(X_t); still inside].
  const upperBy = (e: number) => {
    const denominator = -Math.expm1(-2 * e * w);
    const eventually = -Math.expm1(2 * e * lower) / denominator;
    const later = (images(tilted(e, lower, upper)) - Math.exp(2 * e * lower) * images(tilted(-e, lower, upper))) / denominator;
    return eventually - later;
  };
  let up: number;
  if (eta * w >= SMALL) up = upperBy(eta);
  else {
    // Without drift h(x) = (x − lower)/w, and ∫_l^u (x − lower) φ_t(x − c) dx has a closed form.
    const moment = (c: number) => {
      const l = (lower - c) / st;
      const u = (upper - c) / st;
      const density = (z: number) => Math.exp(-(z * z) / 2 - LOG_SQRT_2PI);
      return (c - lower) * Math.exp(logBetween(l, u)) + st * (density(l) - density(u));
    };
    const zero = -lower / w - images(moment) / w;
    up = zero + ((upperBy(SMALL / w) - zero) * (eta * w)) / SMALL;
  }
  const clamp = (p: number) => Math.min(1, Math.max(0, p));
  return { upperBy: clamp(up), inside: clamp(inside), insideAbove: clamp(above) };
}

/** The motion's law at time t > 0 (y is clamped into the strip). */
export function stripLaw(strip: Strip, drift: number, t: number, y: number): StripLaw {
  const { lower, upper } = strip;
  if (!(lower < 0 && upper > 0)) throw new RangeError(`stripLaw: the strip must contain 0 (lower ${lower}, upper ${upper})`);
  if (!(t > 0)) throw new RangeError(`stripLaw: t must be positive, got ${t}`);
  const at = Math.min(upper, Math.max(lower, y));
  if (drift >= 0) return lawNonNegative(lower, upper, drift, t, at);
  // Mirror x → −x: the strip becomes (−upper, −lower), the drift −η, the upper bound the lower one.
  const m = lawNonNegative(-upper, -lower, -drift, t, -at);
  const below = m.inside - m.insideAbove; // P(inside, −X_t > −y) in the mirror = P(inside, X_t < y)
  return { upperBy: Math.min(1, Math.max(0, 1 - m.upperBy - m.inside)), inside: m.inside, insideAbove: Math.max(0, below) };
}

/**
 * P(the motion passes "above" the point (t, y)): it leaves through the upper bound by time
 * t, or is still inside at t and above y. With y at the upper bound this is P(upper by t);
 * with y at the lower bound it is 1 − P(lower by t). It orders the outcomes of a test
 * stopped at a bound or cut at a maximum (Siegmund's stagewise ordering): leaving through
 * the upper bound early > late > cut at the maximum high > low > leaving through the lower
 * bound late > early. It increases with the drift.
 */
export function passesAbove(strip: Strip, drift: number, t: number, y: number): number {
  const law = stripLaw(strip, drift, t, y);
  return Math.min(1, law.upperBy + law.insideAbove);
}

/** P(leaving through the upper bound at all): (1 − e^{2η·lower}) / (1 − e^{−2η·w}); −lower/w without drift. */
export function upperExitProbability(strip: Strip, drift: number): number {
  const w = strip.upper - strip.lower;
  if (Math.abs(drift * w) < 1e-12) return -strip.lower / w;
  if (drift > 0) return -Math.expm1(2 * drift * strip.lower) / -Math.expm1(-2 * drift * w);
  // Mirror for negative drift (keeps the exponentials below 1).
  return 1 - upperExitProbability({ lower: -strip.upper, upper: -strip.lower }, -drift);
}

/** E[time to leave the strip]: (P_up·upper + (1 − P_up)·lower)/η (Wald's identity); −lower·upper without drift. */
export function expectedExitTime(strip: Strip, drift: number): number {
  const w = strip.upper - strip.lower;
  if (Math.abs(drift * w) < 1e-6) return -strip.lower * strip.upper;
  const p = upperExitProbability(strip, drift);
  return (p * strip.upper + (1 - p) * strip.lower) / drift;
}
