// The mean of independent observations (a run's games: each its own seed and deal) with
// its 95% interval, from three running sums — their number, their sum and the sum of
// their squares — which add up chunk by chunk and come back from storage in one query.
// The interval is Student's t: the games' spread is estimated from the same games, and a
// normal quantile would make a 20-game run's interval some 6% too narrow (a 5-game run's
// 22%). The sample mean is close to normal from a few dozen games on, whatever the shape
// of what is averaged (game lengths: a handful of days, skewed to the right); below that
// the interval is as good as that shape is near normal.

import { Z95 } from './wilson.js';

/** A mean's running sums. */
export interface Sums {
  readonly n: number;
  readonly sum: number;
  readonly squares: number;
}

export interface MeanInterval {
  readonly mean: number;
  /** The 95% interval; null below two observations (no spread to read). */
  readonly low: number | null;
  readonly high: number | null;
}

/**
 * The 97.5% quantile of Student's t with `df` degrees of freedom (two-sided 95%): exact at
 * 1 and 2, else the Cornish–Fisher expansion in 1/df (Abramowitz & Stegun 26.7.5), within
 * 0.2% of the tables at 3 and closer beyond (test/stats/mean.test.ts).
 */
export function t975(df: number): number {
  if (!(df >= 1)) throw new RangeError(`t975: df must be at least 1, got ${df}`);
  if (df === 1) return Math.tan(Math.PI * (0.975 - 0.5));
  if (df === 2) return (2 * 0.975 - 1) / Math.sqrt(2 * 0.975 * (1 - 0.975));
  const z = Z95;
  const z2 = z * z;
  const g1 = (z * (z2 + 1)) / 4;
  const g2 = (z * ((5 * z2 + 16) * z2 + 3)) / 96;
  const g3 = (z * (((3 * z2 + 19) * z2 + 17) * z2 - 15)) / 384;
  const g4 = (z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945)) / 92160;
  return z + (g1 + (g2 + (g3 + g4 / df) / df) / df) / df;
}

/** The mean of the observations the sums hold, with its 95% t interval. */
export function meanInterval(s: Sums): MeanInterval {
  if (s.n === 0) return { mean: 0, low: null, high: null };
  const mean = s.sum / s.n;
  if (s.n < 2) return { mean, low: null, high: null };
  // Σx² − mean·Σx: exact for whole numbers below 2^53 (a run's days), never below 0 but by rounding.
  const variance = Math.max(0, s.squares - mean * s.sum) / (s.n - 1);
  const half = t975(s.n - 1) * Math.sqrt(variance / s.n);
  return { mean, low: mean - half, high: mean + half };
}
