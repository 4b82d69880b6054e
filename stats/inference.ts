// The normal distribution and the tests built on it: the two-proportion z-test (is the
// difference between two win rates real?), the games it would take to settle a
// difference (power-based sample size), and the games a win rate needs for a given
// precision. Everything here is plain arithmetic on counts, so it is tested against
// published figures (test/stats/inference.test.ts).

import { wilson, Z95 } from './wilson.js';

const SQRT_2PI = 2.5066282746310002;

/**
 * Φ(x), the standard normal distribution function: Hart's (1968) rational approximation
 * as given by G. West, "Better approximations to cumulative normal functions" (Wilmott,
 * 2005); relative error of the tail below 1e-8 out to x = ±8 (the tests check it). The
 * tail is computed directly, so tiny p-values keep their digits (no 1 − Φ cancellation).
 */
export function normalCdf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  const ax = Math.abs(x);
  let tail: number;
  if (ax > 37) tail = 0;
  else {
    const e = Math.exp(-(ax * ax) / 2);
    if (ax < 7.07106781186547) {
      let num = 3.52624965998911e-2 * ax + 0.700383064443688;
      num = num * ax + 6.37396220353165;
      num = num * ax + 33.912866078383;
      num = num * ax + 112.079291497871;
      num = num * ax + 221.213596169931;
      num = num * ax + 220.206867912376;
      let den = 8.83883476483184e-2 * ax + 1.75566716318264;
      den = den * ax + 16.064177579207;
      den = den * ax + 86.7807322029461;
      den = den * ax + 296.564248779674;
      den = den * ax + 637.333633378831;
      den = den * ax + 793.826512519948;
      den = den * ax + 440.413735824752;
      tail = (e * num) / den;
    } else {
      let b = ax + 0.65;
      b = ax + 4 / b;
      b = ax + 3 / b;
      b = ax + 2 / b;
      b = ax + 1 / b;
      tail = e / b / SQRT_2PI;
    }
  }
  return x > 0 ? 1 - tail : tail;
}

/** Two-sided p-value of a standard normal statistic: P(|Z| ≥ |z|). */
export function twoSidedP(z: number): number {
  return Math.min(1, 2 * normalCdf(-Math.abs(z)));
}

const A = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
const B = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
const C = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
const D = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];

/**
 * Φ⁻¹(p): P. J. Acklam's rational approximation (relative error 1.15e-9) with one
 * Halley step on normalCdf, which brings it to double precision.
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    return NaN;
  }
  const low = 0.02425;
  let x: number;
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((C[0]! * q + C[1]!) * q + C[2]!) * q + C[3]!) * q + C[4]!) * q + C[5]!) / ((((D[0]! * q + D[1]!) * q + D[2]!) * q + D[3]!) * q + 1);
  } else if (p <= 1 - low) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((A[0]! * r + A[1]!) * r + A[2]!) * r + A[3]!) * r + A[4]!) * r + A[5]!) * q) / (((((B[0]! * r + B[1]!) * r + B[2]!) * r + B[3]!) * r + B[4]!) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((C[0]! * q + C[1]!) * q + C[2]!) * q + C[3]!) * q + C[4]!) * q + C[5]!) / ((((D[0]! * q + D[1]!) * q + D[2]!) * q + D[3]!) * q + 1);
  }
  const e = normalCdf(x) - p;
  const u = e * SQRT_2PI * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

export interface ProportionTest {
  readonly p1: number;
  readonly p2: number;
  /** p1 − p2 */
  readonly diff: number;
  readonly pooled: number;
  /** Standard error of the difference under the null (pooled). */
  readonly se: number;
  readonly z: number;
  /** Two-sided. */
  readonly pValue: number;
}

/**
 * The pooled two-proportion z-test of H0: p1 = p2 (equivalently Pearson's χ² test of the
 * 2×2 table without continuity correction: z² = χ²). When both samples are all
 * successes or all failures there is no variation to test: z = 0, p = 1.
 */
export function twoProportionTest(k1: number, n1: number, k2: number, n2: number): ProportionTest {
  if (!(n1 > 0 && n2 > 0)) throw new RangeError(`twoProportionTest: both samples need games (n1=${n1}, n2=${n2})`);
  const p1 = k1 / n1;
  const p2 = k2 / n2;
  const pooled = (k1 + k2) / (n1 + n2);
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / n1 + 1 / n2));
  const z = se === 0 ? 0 : (p1 - p2) / se;
  return { p1, p2, diff: p1 - p2, pooled, se, z, pValue: se === 0 ? 1 : twoSidedP(z) };
}

/**
 * Games per configuration that detect a true difference p1 − p2 with the given power
 * in a two-sided test at level alpha, equal allocation (Fleiss, Statistical Methods for
 * Rates and Proportions, 2nd ed. 1981, eq. 3.14, without continuity correction):
 *   n = (z_{α/2}·√(2·p̄·q̄) + z_β·√(p1·q1 + p2·q2))² / (p1 − p2)²
 * Infinity when the two rates are equal (no number of games separates them).
 */
export function gamesToDetect(p1: number, p2: number, alpha = 0.05, power = 0.8): number {
  return Math.ceil(gamesToDetectExact(p1, p2, alpha, power));
}

/** gamesToDetect before rounding up (what R's power.prop.test solves for). */
export function gamesToDetectExact(p1: number, p2: number, alpha = 0.05, power = 0.8): number {
  const d = Math.abs(p1 - p2);
  if (d === 0) return Infinity;
  const za = normalQuantile(1 - alpha / 2);
  const zb = normalQuantile(power);
  const pbar = (p1 + p2) / 2;
  const root = za * Math.sqrt(2 * pbar * (1 - pbar)) + zb * Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2));
  return (root * root) / (d * d);
}

/** Power of the two-sided test with n games per configuration when the true rates are p1, p2 (the far tail ignored, as the formula above). */
export function powerOf(n: number, p1: number, p2: number, alpha = 0.05): number {
  const za = normalQuantile(1 - alpha / 2);
  const pbar = (p1 + p2) / 2;
  return normalCdf((Math.sqrt(n) * Math.abs(p1 - p2) - za * Math.sqrt(2 * pbar * (1 - pbar))) / Math.sqrt(p1 * (1 - p1) + p2 * (1 - p2)));
}

/** A comparison of two configurations' win rates, with how far it is from settled. */
export interface Comparison extends ProportionTest {
  readonly significant: boolean;
  /**
   * Games each configuration needs in all to detect the observed difference (80% power,
   * 5% level); Infinity if the observed rates are equal.
   */
  readonly gamesEach: number;
  /** More games to play in all (both configurations) to reach gamesEach; 0 when significant already. */
  readonly moreGames: number;
}

export function compareRates(k1: number, n1: number, k2: number, n2: number, alpha = 0.05, power = 0.8): Comparison {
  const t = twoProportionTest(k1, n1, k2, n2);
  const significant = t.pValue < alpha;
  const gamesEach = gamesToDetect(t.p1, t.p2, alpha, power);
  const moreGames = significant ? 0 : gamesEach === Infinity ? Infinity : Math.max(0, gamesEach - n1) + Math.max(0, gamesEach - n2);
  return { ...t, significant, gamesEach, moreGames };
}

/** Half the width of the 95% Wilson interval of k wins in n games. */
export function halfWidth(k: number, n: number): number {
  const ci = wilson(k, n);
  return (ci.high - ci.low) / 2;
}

/**
 * Games a win rate near p needs for a 95% interval of ± halfWidth (normal
 * approximation, n = z²·p·(1−p)/h²; p = 0.5 is the worst case). The Wilson interval is
 * a little narrower, so this many games always suffice.
 */
export function gamesForPrecision(h: number, p = 0.5, z = Z95): number {
  return Math.ceil((z * z * p * (1 - p)) / (h * h));
}

/** The upper 95% point of chi-square with `df` degrees of freedom (exact for 1 and 2; Wilson–Hilferty, within 1%, above). */
export function chiSquare95(df: number): number {
  if (df === 1) return 1.959963985 ** 2;
  if (df === 2) return -2 * Math.log(0.05);
  const a = 2 / (9 * df);
  return df * (1 - a + 1.6449 * Math.sqrt(a)) ** 3;
}

/** Whether a fit's residual deviance says the model misses something (above chi-square's 95% point). */
export function devianceVerdict(deviance: number, df: number, misses: string): string {
  if (df <= 0) return `deviance ${deviance.toFixed(2)} on ${df} df (no residual degrees of freedom to judge the fit)`;
  const q = chiSquare95(df);
  return deviance > q
    ? `deviance ${deviance.toFixed(2)} on ${df} df, above the ${q.toFixed(1)} that chance reaches 1 time in 20: ${misses}`
    : `deviance ${deviance.toFixed(2)} on ${df} df, within chance (95% point ${q.toFixed(1)}): the additive model fits`;
}
